// `reduceSteps(state, events, { now })` stamps events that carry no `at` with `now`; it skips the copy
// for the events whose handler reads no time (no per-event allocation the steady state
// does not need). Skipping must change nothing: the state is the one every event stamped gives.
import fc from 'fast-check';
import { emptyStepsState, reduceSteps, type StepEvent, type StepsState } from 'tool-steps/core';
import { describe, expect, it } from 'vitest';

const id = fc.constantFrom('a', 'b');
const at = fc.option(fc.constantFrom(1, 2), { nil: undefined });
const defined = (e: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined)) as unknown as StepEvent;

const event: fc.Arbitrary<StepEvent> = fc.oneof(
  fc.record({ id, at, toolName: fc.constant('grep') }).map((e) => defined({ type: 'step-start', ...e })),
  fc.record({ id, at, delta: fc.constantFrom('{"q":', '1}') }).map((e) => defined({ type: 'step-input-delta', ...e })),
  fc.record({ id, at }).map((e) => defined({ type: 'step-input', ...e })),
  fc.record({ id, at, content: fc.constantFrom('half', 'most') }).map((e) => defined({ type: 'step-progress', ...e })),
  fc.record({ id, at }).map((e) => defined({ type: 'step-approval', ...e })),
  fc.record({ id, at, approved: fc.boolean() }).map((e) => defined({ type: 'step-decision', ...e })),
  fc.record({ id, at }).map((e) => defined({ type: 'step-result', result: 'ok', ...e })),
  fc.record({ id, at }).map((e) => defined({ type: 'step-error', message: 'boom', ...e })),
  fc.record({ id, at }).map((e) => defined({ type: 'step-denied', ...e })),
  fc.record({ id, at }).map((e) => defined({ type: 'step-cancelled', ...e })),
  fc.record({ at, status: fc.constantFrom('done', 'paused') }).map((e) => defined({ type: 'run-finish', ...e })),
  fc.record({ at }).map((e) => defined({ type: 'run-abort', ...e })),
  fc.record({ at }).map((e) => defined({ type: 'run-start', ...e })),
);

describe('stamping events with `now`', () => {
  it('gives the state that stamping every event gives, in any batches', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(event, { maxLength: 8 }), { maxLength: 6 }),
        fc.constantFrom(10, 20),
        (batches, now) => {
          let lazy: StepsState = emptyStepsState;
          let eager: StepsState = emptyStepsState;
          for (const batch of batches) {
            lazy = reduceSteps(lazy, batch, { now });
            eager = reduceSteps(
              eager,
              batch.map((e) => (e.at === undefined ? { ...e, at: now } : e)),
            );
          }
          expect(lazy).toEqual(eager);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('stamps the step an argument fragment or a progress update creates', () => {
    const state = reduceSteps(
      emptyStepsState,
      [
        { type: 'step-input-delta', id: 'a', delta: '{' },
        { type: 'step-progress', id: 'b', content: 'half' },
      ],
      { now: 42 },
    );
    expect(state.byId.a?.startedAt).toBe(42);
    expect(state.byId.b?.startedAt).toBe(42);
  });
});
