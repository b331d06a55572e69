// The reducer skips the full repair of an event that `isWellFormedStepEvent` passes (the
// boundary check as cheap as correctness allows). That is only right if the two agree: an event
// passes exactly when the full repair would keep it as it is, without a problem.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STEP_EVENT_TYPES } from '../../src/core/event-check';
import type { StepEvent } from '../../src/core/events';
import { isWellFormedStepEvent, repairStepEvent } from '../../src/core/repair';

const value = fc.oneof(
  fc.constantFrom(
    'x',
    '',
    'done',
    'paused',
    0,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    true,
    false,
    null,
    undefined,
    ['a', 'b'],
    ['a', 1],
    [],
    { label: 'Read' },
    { label: 'Read', icon: 'file', detail: 'a.ts' },
    { label: 'Read', icon: 3 },
    { label: 2 },
    { toString: null },
  ),
  fc.jsonValue({ maxDepth: 1 }),
);

/** Every field either repair or the fast check reads, with a value of its type, plus one neither knows. */
const GOOD: Record<string, fc.Arbitrary<unknown>> = {
  toolName: fc.constantFrom('grep', ''),
  parentId: fc.constant('p'),
  approvalId: fc.constant('ap'),
  description: fc.constant('d'),
  code: fc.constant('E'),
  reason: fc.constant('r'),
  runId: fc.constant('run'),
  protocol: fc.constant('cogitator'),
  message: fc.constant('m'),
  presentation: fc.constantFrom({ label: 'Read' }, { label: 'Read', icon: 'file', detail: 'a.ts' }),
  sideEffects: fc.constantFrom(['writes'], []),
  keepOpen: fc.constantFrom(['a'], []),
  at: fc.constantFrom(0, 1.5),
  replace: fc.boolean(),
  status: fc.constantFrom('done', 'paused'),
  delta: fc.constant('{"q"'),
  approved: fc.boolean(),
  input: value,
  extra: value,
};

/** Some fields with good values, and now and then one or two with any value at all. */
const events = fc
  .tuple(
    fc.constantFrom(...STEP_EVENT_TYPES),
    fc.record(GOOD, { requiredKeys: [] }),
    fc.array(fc.tuple(fc.constantFrom(...Object.keys(GOOD)), value), { maxLength: 2 }),
  )
  .map(([type, fields, wrong]) => ({ ...fields, ...Object.fromEntries(wrong), type, id: 'a' }) as unknown as StepEvent);

function repairKeeps(event: StepEvent): boolean {
  const repaired = repairStepEvent(event);
  return repaired.event === event && repaired.problems.length === 0;
}

describe('isWellFormedStepEvent', () => {
  it('passes an event exactly when the full repair keeps it unchanged', () => {
    fc.assert(
      fc.property(events, (event) => {
        expect(isWellFormedStepEvent(event), JSON.stringify(event)).toBe(repairKeeps(event));
      }),
      { numRuns: 3000 },
    );
  });

  it('passes the events decoders make, and stops each kind of wrong field', () => {
    const good: StepEvent[] = [
      { type: 'step-start', id: 'a', toolName: 'grep', presentation: { label: 'Search' }, at: 1 },
      { type: 'step-input-delta', id: 'a', delta: '{"q"', replace: true },
      { type: 'step-approval', id: 'a', sideEffects: ['writes'] },
      { type: 'run-finish', status: 'paused', keepOpen: ['a'] },
      { type: 'diagnostic', reason: 'r', protocol: 'cogitator' },
      { type: 'step-error', id: 'a', message: 'm', code: 'E' },
      { type: 'step-decision', id: 'a', approved: false },
    ];
    for (const event of good) expect(isWellFormedStepEvent(event), event.type).toBe(true);
    const wrong: unknown[] = [
      { type: 'step-start', id: 'a' },
      { type: 'step-start', id: 'a', toolName: 1 },
      { type: 'step-result', id: 'a', presentation: { label: 'x', icon: 1 } },
      { type: 'step-approval', id: 'a', sideEffects: 'writes' },
      { type: 'step-progress', id: 'a', at: Number.NaN },
      { type: 'step-input-delta', id: 'a', delta: 1 },
      { type: 'step-input-delta', id: 'a', delta: 'x', replace: 'yes' },
      { type: 'run-finish', status: 'stopped' },
      { type: 'run-error', message: { toString: null } },
      { type: 'diagnostic' },
      { type: 'step-decision', id: 'a', approved: 'yes' },
    ];
    for (const event of wrong) expect(isWellFormedStepEvent(event as StepEvent), JSON.stringify(event)).toBe(false);
  });
});
