// Hand-made steps and states for the component tests.
import type { Step, StepEvent, StepsState } from 'tool-steps';
import { emptyStepsState, reduceSteps } from 'tool-steps/core';

/** A step with the fields a test names; the rest as a fresh `running` step. */
export function makeStep(fields: Partial<Step> & { id?: string } = {}): Step {
  return { id: 'call_1', toolName: 'read_file', status: 'running', inputText: '', ...fields };
}

/** A state holding these steps in this order. */
export function stateOf(steps: Step[], extra: Partial<StepsState> = {}): StepsState {
  return {
    ids: steps.map((s) => s.id),
    byId: Object.fromEntries(steps.map((s) => [s.id, s])),
    run: { status: 'streaming' },
    diagnostics: { count: 0 },
    ...extra,
  };
}

/** Reduces events into a state. */
export const reduce = (events: StepEvent[]): StepsState => reduceSteps(emptyStepsState, events);
