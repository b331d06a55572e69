/**
 * `reduceSteps`: events in, an immutable snapshot out. Total (it never throws), and it returns the
 * same objects for everything an event did not touch, so one update re-renders one row.
 */
import type { StepEvent, StepEventType } from '../events';
import { isWellFormedStepEvent, repairStepEvent } from '../repair';
import type { StepsState } from '../step';
import { isEventTime } from '../values';
import { Draft } from './draft';
import { type Handler, handlers } from './handlers';

export { closeOpenString, PARTIAL_PARSE_LIMIT, parsedLength } from './arguments';

const STEP_EVENT_NEEDS_ID = (type: string) => type.startsWith('step-') || type.startsWith('reasoning-');

/**
 * Whether an event's handler reads no time: argument text and progress for a step that already exists
 * (only a step they create gets `startedAt`). These are nearly all the events of a stream, and stamping
 * one is a copy of it. test/core/reduce-stamp.test.ts holds this to stamping every event.
 */
function timeless(draft: Draft, type: string, id: unknown): boolean {
  if (typeof id !== 'string') return false;
  if (type === 'reasoning-delta') return draft.segment(id) !== undefined;
  return (type === 'step-input-delta' || type === 'step-progress') && draft.get(id) !== undefined;
}

function applyEvent(draft: Draft, event: StepEvent, now: number | undefined): void {
  const e = event as unknown;
  if (typeof e !== 'object' || e === null || typeof (e as { type?: unknown }).type !== 'string') {
    draft.diagnose('an event that is not an object with a string "type"; dropped');
    return;
  }
  const type = (e as { type: string }).type;
  const handler = Object.hasOwn(handlers, type)
    ? (handlers as Record<string, Handler<StepEventType>>)[type]
    : undefined;
  if (!handler) {
    draft.diagnose(`unknown event type "${type}"; dropped`);
    return;
  }
  const stepId = (e as { id?: unknown }).id;
  if (STEP_EVENT_NEEDS_ID(type) && (typeof stepId !== 'string' || stepId === '')) {
    draft.diagnose(`"${type}" without a step id; dropped`);
    return;
  }
  if (!isWellFormedStepEvent(event)) {
    const repaired = repairStepEvent(event);
    for (const problem of repaired.problems) draft.diagnose(problem);
    if (!repaired.event) return;
    event = repaired.event;
  }
  let at = event.at;
  if (at !== undefined && !isEventTime(at)) {
    draft.diagnose(`"${type}": "at" ${at} is no time (0 to 2100); ignored`);
    at = undefined;
  }
  if (at === undefined && now !== undefined && !timeless(draft, type, stepId)) at = now;
  const stamped = at === event.at ? event : { ...event, at };
  try {
    handler(draft, stamped as never, now);
  } catch (error) {
    // Unreachable with schema-valid events; kept so that a hand-made event can never break a UI.
    draft.diagnose(`"${type}" could not be applied: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Options of `reduceSteps`. */
export interface ReduceStepsOptions {
  /** The clock reading that stamps `startedAt` / `endedAt` on events that carry no `at`. */
  now?: number;
  /**
   * Told of each anomaly as it is counted in `state.diagnostics` (an unknown event, a late event
   * for an ended step, ...): the protocol is named when the event came from a decoder.
   */
  onDiagnostic?: (reason: string, protocol?: string) => void;
}

/**
 * Applies one event, or a batch of events, to a state: the one way to fold `StepEvent`s. Pure and
 * total: unknown events, events for unknown ids, out-of-order and duplicate events never throw; they
 * are dropped or repaired and counted in `state.diagnostics`. A batch gives the same result as
 * applying its events one by one. Its cost does not grow with the number of steps: the returned state
 * holds its steps in a persistent table and builds `ids` and `byId` on their first read (`stepOf` and
 * `stepCount` read it without them). Any state is accepted, a plain one a host made included. Returns
 * `state` itself when nothing changed.
 *
 * @example
 * ```ts
 * const state = reduceSteps(emptyStepsState, events); // a whole capture
 * next = reduceSteps(next, event, { now: Date.now() }); // one live event
 * ```
 */
export function reduceSteps(
  state: StepsState,
  events: StepEvent | readonly StepEvent[],
  options: ReduceStepsOptions = {},
): StepsState {
  const draft = new Draft(state, options.onDiagnostic);
  if (Array.isArray(events)) {
    for (const event of events as readonly StepEvent[]) applyEvent(draft, event, options.now);
  } else {
    applyEvent(draft, events as StepEvent, options.now);
  }
  return draft.finish();
}

/**
 * Applies several batches in one pass, each with its own clock reading (the store's applies made while
 * a flush was pending): the same state as `reduceSteps` batch after batch, in one draft and with no
 * copy of an event to stamp its time. Internal; not exported from the package.
 */
export function reduceTimedBatches(
  state: StepsState,
  batches: readonly { events: readonly StepEvent[]; now: number }[],
  onDiagnostic?: (reason: string, protocol?: string) => void,
): StepsState {
  const draft = new Draft(state, onDiagnostic);
  for (const batch of batches) for (const event of batch.events) applyEvent(draft, event, batch.now);
  return draft.finish();
}
