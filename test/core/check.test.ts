// The decoders check frames with hand-compiled checks (src/core/check.ts) instead of zod, for bytes; the
// native check is derived from the event field table (src/core/events.ts). The zod schemas (the public ones
// of tool-steps/schema, the decoders' oracles in ./oracles/) stay the reference: on generated frames, every
// check accepts exactly what its schema accepts, keeps the same data, and names the same first issue path.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Check, check } from '../../src/core/check';
import { aiSdkChecks, aiSdkFastChecks } from '../../src/core/decoders/ai-sdk';
import { cogitatorChecks, cogitatorFastChecks } from '../../src/core/decoders/cogitator';
import { checkPresentation, checkStepEvent, fastStepEventChecks, STEP_EVENT_TYPES } from '../../src/core/event-check';
import { StepEventSchema, ToolPresentationSchema } from '../../src/schema';
import { AiSdkChunkSchemas } from './oracles/ai-sdk';
import { CogitatorEventSchemas } from './oracles/cogitator';

interface Schema {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: unknown }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[] }[] } };
}

/** The same answer from both: success, the data, or the first issue's path. */
function agree(schema: Schema, guard: Check, value: unknown) {
  const expected = schema.safeParse(value);
  const actual = check(guard, value);
  const context = JSON.stringify(value);
  expect(actual.success, context).toBe(expected.success);
  // zod copies a record key by key, and a "__proto__" key assigned so is dropped; a check keeps the
  // frame's own data (no prototype is changed either way)
  if (expected.success && actual.success && !context.includes('"__proto__"'))
    expect(actual.data, context).toEqual(expected.data);
  if (!expected.success && !actual.success) {
    expect(actual.error.issues[0]?.path, context).toEqual(expected.error.issues[0]?.path);
  }
}

const leaf = fc.oneof(
  fc.constantFrom('', 'x', 'json', 'text', 'done', 'paused', 'html', 0, 1.5, -3, true, false, null),
  fc.string({ maxLength: 4 }),
);
const value = fc.oneof(
  leaf,
  fc.array(leaf, { maxLength: 3 }),
  fc.constantFrom(
    { label: 'Read' },
    { label: 'Read', icon: 'file', detail: 'a.ts', extra: 1 },
    { label: 2 },
    { icon: 'file' },
    [{ toolCallId: 'c1' }],
    [{ toolCallId: 'c1', toolName: 'rm', sideEffects: ['deletes'] }],
    [{ toolCallId: '' }],
    [{ toolCallId: 'c1', sideEffects: ['a', 1] }],
    [{}],
    { a: 1 },
    [],
    {},
  ),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Objects with some of `keys` (each present or not) and sometimes an extra key. */
const framesWith = (keys: readonly string[], fixed: Record<string, unknown>) =>
  fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] }).chain((fields) =>
    fc.option(value, { nil: undefined }).map((extra) => ({
      ...fields,
      ...(extra === undefined ? {} : { extra }),
      ...fixed,
    })),
  );

const shapeKeys = (schema: unknown) => Object.keys((schema as { shape: Record<string, unknown> }).shape);

describe('native StepEvent frames: checkStepEvent answers as StepEventSchema', () => {
  it('lists the same event types in the same order', () => {
    expect(STEP_EVENT_TYPES).toEqual(StepEventSchema.options.map((o) => o.shape.type.value));
  });

  for (const branch of StepEventSchema.options) {
    const type = branch.shape.type.value;
    it(`"${type}" frames`, () => {
      const keys = shapeKeys(branch).filter((k) => k !== 'type');
      fc.assert(
        fc.property(framesWith(keys, { type }), (frame) => agree(StepEventSchema, checkStepEvent, frame)),
        { numRuns: 300 },
      );
      agree(StepEventSchema, checkStepEvent, { type });
      for (const key of keys) {
        const others = keys.filter((k) => k !== key).map((k) => [k, 'x']);
        agree(StepEventSchema, checkStepEvent, { type, ...Object.fromEntries(others) });
      }
    });
  }

  it('frames that are not events at all', () => {
    fc.assert(
      fc.property(fc.oneof(value, framesWith(['type', 'id'], {})), (frame) =>
        agree(StepEventSchema, checkStepEvent, frame),
      ),
      { numRuns: 300 },
    );
  });

  it('presentations', () => {
    fc.assert(
      fc.property(fc.oneof(value, framesWith(['label', 'icon', 'detail'], {})), (p) =>
        agree(ToolPresentationSchema, checkPresentation, p),
      ),
      { numRuns: 300 },
    );
  });
});

describe.each([
  ['Cogitator', CogitatorEventSchemas, cogitatorChecks],
  ['AI SDK', AiSdkChunkSchemas, aiSdkChecks],
] as const)('%s frames: each check answers as its schema', (_name, schemas, checks) => {
  it('covers the same types', () => {
    expect(Object.keys(checks).sort()).toEqual(Object.keys(schemas).sort());
  });

  for (const [type, schema] of Object.entries(schemas)) {
    it(`"${type}"`, () => {
      const guard = checks[type] as Check;
      fc.assert(
        fc.property(framesWith(shapeKeys(schema), { type }), (frame) => agree(schema as Schema, guard, frame)),
        { numRuns: 300 },
      );
      // every field missing, one field at a time missing from a frame that has the others
      const keys = shapeKeys(schema);
      agree(schema as Schema, guard, { type });
      for (const key of keys) {
        agree(schema as Schema, guard, {
          type,
          ...Object.fromEntries(keys.filter((k) => k !== key).map((k) => [k, 'x'])),
        });
      }
      agree(schema as Schema, guard, null);
      agree(schema as Schema, guard, ['not', 'an', 'object']);
    });
  }
});

/** A well-formed frame of each type a fast test reads, as streams send them. */
const WELL_FORMED: Readonly<Record<string, Record<string, unknown>>> = {
  'tool-call-start': { type: 'tool-call-start', id: 'c1', toolName: 'grep' },
  'tool-call-delta': { type: 'tool-call-delta', id: 'c1', argsTextDelta: '{"q"' },
  'tool-call-end': { type: 'tool-call-end', id: 'c1' },
  'tool-update': { type: 'tool-update', toolCallId: 'c1', content: 'line 1', details: { n: 1 } },
  'tool-result': { type: 'tool-result', id: 'res_1', toolCallId: 'c1', result: 'ok', error: null },
  'tool-input-start': { type: 'tool-input-start', toolCallId: 'c1', toolName: 'grep', dynamic: true, title: 'Grep' },
  'tool-input-delta': { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"q"' },
  'tool-input-available': { type: 'tool-input-available', toolCallId: 'c1', toolName: 'grep', input: { q: 1 } },
  'step-start': { type: 'step-start', id: 'c1', toolName: 'grep', parentId: 'p', at: 5 },
  'step-input-delta': { type: 'step-input-delta', id: 'c1', delta: '{"q"', replace: false },
  'step-input': { type: 'step-input', id: 'c1', input: { q: 1 }, toolName: 'grep' },
  'step-progress': { type: 'step-progress', id: 'c1', content: 'line 1', details: { n: 1 }, at: 5 },
  'step-result': { type: 'step-result', id: 'c1', result: 'ok', details: { kind: 'json' } },
  'step-approval': { type: 'step-approval', id: 'c1', approvalId: 'a', input: {}, sideEffects: ['writes'] },
  'step-decision': { type: 'step-decision', id: 'c1', approved: false, reason: 'no' },
  'step-error': { type: 'step-error', id: 'c1', message: 'failed', code: 'E', result: 1 },
  'step-denied': { type: 'step-denied', id: 'c1', toolName: 'rm', reason: 'policy' },
  'step-cancelled': { type: 'step-cancelled', id: 'c1', reason: 'stop' },
  'reasoning-start': { type: 'reasoning-start', id: 'r1', parentId: 'c1', visibility: 'summary', at: 5 },
  'reasoning-delta': { type: 'reasoning-delta', id: 'r1', delta: 'Let me' },
  'reasoning-end': { type: 'reasoning-end', id: 'r1', text: 'Let me look.', visibility: 'full' },
  'run-start': { type: 'run-start', runId: 'r1', at: 5 },
  'run-finish': { type: 'run-finish', status: 'paused', keepOpen: ['c1'] },
  'run-error': { type: 'run-error', message: 'failed', code: 'E' },
  'run-abort': { type: 'run-abort', reason: 'cut' },
  diagnostic: { type: 'diagnostic', reason: 'skipped', protocol: 'native' },
  'tool-output-available': {
    type: 'tool-output-available',
    toolCallId: 'c1',
    output: { status: 'half' },
    preliminary: true,
    toolMetadata: { source: 'mcp' },
  },
};

/** A well-formed frame with up to three of `keys` set to any value (or removed). */
const nearWellFormed = (frame: Record<string, unknown>, keys: readonly string[]) =>
  fc
    .array(fc.tuple(fc.constantFrom(...keys, 'extra'), fc.option(value, { nil: undefined })), { maxLength: 3 })
    .map((changes) => {
      const out: Record<string, unknown> = { ...frame };
      for (const [key, v] of changes) {
        if (v === undefined) delete out[key];
        else out[key] = v;
      }
      return out;
    });

/** A fast test may say `false` for any reason, but `true` only where the full check keeps the frame as it is. */
describe.each([
  ['Cogitator', CogitatorEventSchemas, cogitatorChecks, cogitatorFastChecks],
  ['AI SDK', AiSdkChunkSchemas, aiSdkChecks, aiSdkFastChecks],
  [
    'native',
    Object.fromEntries(StepEventSchema.options.map((o) => [o.shape.type.value, o])),
    Object.fromEntries(STEP_EVENT_TYPES.map((t) => [t, checkStepEvent])),
    fastStepEventChecks,
  ],
] as const)('%s frames: each fast test passes only what its check keeps unchanged', (_name, schemas, checks, fast) => {
  for (const [type, test] of Object.entries(fast)) {
    it(`"${type}"`, () => {
      const guard = checks[type] as Check;
      const keys = shapeKeys(schemas[type as keyof typeof schemas]);
      const example = WELL_FORMED[type] as Record<string, unknown>;
      expect(test(example), 'a well-formed frame takes the fast path').toBe(true);
      fc.assert(
        fc.property(fc.oneof(framesWith(keys, { type }), nearWellFormed(example, keys)), (frame) => {
          // The decoder asks the fast test of the frame's own type only.
          if ((frame as { type?: unknown }).type !== type || !test(frame)) return;
          const checked = check(guard, frame);
          expect(checked.success, JSON.stringify(frame)).toBe(true);
          if (checked.success) expect(checked.data, JSON.stringify(frame)).toEqual(frame);
        }),
        { numRuns: 1000 },
      );
    });
  }
});
