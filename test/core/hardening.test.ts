// Weaknesses an independent attack found in the core, each held by the test that failed before its
// fix.
import {
  createStepStore,
  emptyStepsState,
  readStream,
  reduceSteps,
  type StepEvent,
  type StepsState,
} from 'tool-steps/core';
import { eventsFromAnviaToolResult, eventsFromText, stepsFromText, stepsFromUIMessages } from 'tool-steps/wires';
import { describe, expect, it } from 'vitest';
import { anvia } from '../../src/core/decoders/anvia';
import { displayFieldProblems } from './display-fields';

const bad = (value: unknown) => value as StepEvent;
const jsonl = (frames: readonly unknown[]) => `${frames.map((f) => JSON.stringify(f)).join('\n')}\n`;

async function readAll(source: Parameters<typeof readStream>[0]): Promise<StepsState> {
  let state = emptyStepsState;
  for await (const batch of readStream(source)) state = reduceSteps(state, batch);
  return state;
}

describe('an Anvia eventId that jumps ahead costs at most its own event', () => {
  const SID = 's1';
  const ev = (eventId: number, event: Record<string, unknown>) => ({
    type: 'stream_event',
    streamId: SID,
    eventId,
    event: { runId: 'r1', ...event },
  });
  const frames = (jump: number) => [
    { type: 'stream_start', protocol: 'anvia.client.v3', streamId: SID, eventId: 0, resumable: false },
    ev(1, { type: 'run_start' }),
    ev(jump, { type: 'tool_call_start', toolCallId: 'c1', toolName: 'read_file' }),
    ev(2, { type: 'tool_call_start', toolCallId: 'c2', toolName: 'grep' }),
    ev(3, { type: 'tool_result', toolCallId: 'c2', toolName: 'grep', result: { status: 'success', output: 'ok' } }),
    ev(4, { type: 'run_end', status: 'completed' }),
    { type: 'stream_end', streamId: SID, eventId: 4, status: 'completed' },
  ];

  it('a 1,000,000,000 eventId in the middle: the events after it are read and the run ends done', () => {
    const decoder = anvia();
    const events = [...frames(1_000_000_000).flatMap((f) => decoder.push(f)), ...decoder.end()];
    const state = reduceSteps(emptyStepsState, events);
    expect(state.run.status).toBe('done');
    expect(state.byId.c2?.status).toBe('succeeded');
    expect(state.diagnostics.count).toBeGreaterThan(0);
  });

  it('a real gap (the sequence goes on after the jump) still reads every event', () => {
    const decoder = anvia();
    const out = [
      { type: 'stream_start', protocol: 'anvia.client.v3', streamId: SID, eventId: 0, resumable: false },
      ev(1, { type: 'run_start' }),
      ev(5, { type: 'tool_call_start', toolCallId: 'c1', toolName: 'read_file' }),
      ev(6, { type: 'tool_result', toolCallId: 'c1', result: { status: 'success', output: 'ok' } }),
      ev(6, { type: 'tool_call_start', toolCallId: 'dup', toolName: 'x' }),
      ev(7, { type: 'run_end', status: 'completed' }),
      { type: 'stream_end', streamId: SID, eventId: 7, status: 'completed' },
    ].flatMap((f) => decoder.push(f));
    const state = reduceSteps(emptyStepsState, [...out, ...decoder.end()]);
    expect(state.run.status).toBe('done');
    expect(state.ids).toEqual(['c1']);
    expect(state.diagnostics.count).toBe(2); // the gap, and the repeated 6
  });
});

describe('a late step-start for a terminal step is dropped and counted', () => {
  it('Cogitator tool-result then tool-call-start with the same id: the succeeded step is not renamed', () => {
    const text = [
      { type: 'start', messageId: 'm1' },
      { type: 'tool-result', toolCallId: 'c1', result: 'ok' },
      { type: 'tool-call-start', id: 'c1', toolName: 'delete_everything' },
      { type: 'finish', messageId: 'm1' },
    ]
      .map((f) => `data: ${JSON.stringify(f)}\n\n`)
      .join('');
    const state = stepsFromText(text, { protocol: 'cogitator' });
    expect(state.byId.c1).toMatchObject({ toolName: '', status: 'succeeded' });
    expect(state.diagnostics.count).toBe(1);
  });

  it('native step-start with a new parentId does not re-parent a succeeded step', () => {
    const before = reduceSteps(emptyStepsState, [
      { type: 'step-start', id: 'c1', toolName: 'read_file' },
      { type: 'step-result', id: 'c1', result: 'ok' },
    ]);
    const after = reduceSteps(before, { type: 'step-start', id: 'c1', toolName: 'read_file', parentId: 'p9' });
    expect(after.byId.c1).toBe(before.byId.c1);
    expect(after.diagnostics.count).toBe(1);
    expect(after.diagnostics.last?.reason).toMatch(/after it ended/);
  });

  it('a step made by its result (no start) is not named later either', () => {
    const before = reduceSteps(emptyStepsState, [{ type: 'step-result', id: 'c1', result: 'ok' }]);
    const after = reduceSteps(before, { type: 'step-start', id: 'c1', toolName: 'x' });
    expect(after.byId.c1).toBe(before.byId.c1);
  });
});

describe('a streamed "__proto__" key stays an own property of the arguments', () => {
  it('partial parse: the command under "__proto__" is an own key, not the prototype', () => {
    const state = reduceSteps(emptyStepsState, [
      { type: 'step-start', id: 'c1', toolName: 'run_command' },
      { type: 'step-input-delta', id: 'c1', delta: '{"__proto__": {"command": "rm -rf ~"}, "cwd": "/' },
    ]);
    const input = state.byId.c1?.input as Record<string, unknown>;
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
    expect((input as { command?: unknown }).command).toBeUndefined();
    expect(Object.hasOwn(input, '__proto__')).toBe(true);
    expect(Object.keys(input)).toEqual(['__proto__', 'cwd']);
    // the same shape JSON.parse gives once the text is whole
    const whole = JSON.parse('{"__proto__": {"command": "rm -rf ~"}, "cwd": "/"}');
    expect(JSON.stringify(input)).toBe(JSON.stringify(whole));
  });

  it('nested and null "__proto__" keys are own properties too', () => {
    const state = reduceSteps(emptyStepsState, [
      { type: 'step-start', id: 'c1', toolName: 'x' },
      { type: 'step-input-delta', id: 'c1', delta: '{"a": {"__proto__": null, "b": [{"__proto__": {"c": 1}' },
    ]);
    const input = state.byId.c1?.input as { a: Record<string, unknown> & { b: Record<string, unknown>[] } };
    expect(Object.getPrototypeOf(input.a)).toBe(Object.prototype);
    expect(Object.hasOwn(input.a, '__proto__')).toBe(true);
    const item = input.a.b[0] as Record<string, unknown>;
    expect(Object.getPrototypeOf(item)).toBe(Object.prototype);
    expect(item.c).toBeUndefined();
  });
});

describe('display fields of the wrong type are coerced or dropped at the boundary', () => {
  const hostile: Array<[string, StepEvent[]]> = [
    [
      'presentation.icon a number',
      [bad({ type: 'step-start', id: 'a', toolName: 'x', presentation: { label: 'L', icon: 7 } })],
    ],
    ['presentation a string', [bad({ type: 'step-start', id: 'a', toolName: 'x', presentation: 'nope' })]],
    ['presentation.label an object', [bad({ type: 'step-result', id: 'a', presentation: { label: {} } })]],
    ['error.message an object', [bad({ type: 'step-error', id: 'a', message: { text: 'boom' } })]],
    ['error.code a number', [bad({ type: 'step-error', id: 'a', message: 'm', code: 500 })]],
    ['sideEffects a string', [bad({ type: 'step-approval', id: 'a', sideEffects: 'deletes files' })]],
    ['toolName an object', [bad({ type: 'step-start', id: 'a', toolName: {} })]],
    ['parentId a number', [bad({ type: 'step-start', id: 'a', toolName: 'x', parentId: 3 })]],
    ['description an array', [bad({ type: 'step-approval', id: 'a', description: ['x'] })]],
    ['denied reason an object', [bad({ type: 'step-denied', id: 'a', reason: { toString: null } })]],
    ['run-error message a number', [bad({ type: 'run-error', message: 42 })]],
    ['at a string', [bad({ type: 'step-start', id: 'a', toolName: 'x', at: 'yesterday' })]],
    ['delta a number', [bad({ type: 'step-input-delta', id: 'a', delta: 5 })]],
  ];

  it.each(hostile)('%s: every display field in the state has its type, with a diagnostic', (_name, events) => {
    const state = reduceSteps(emptyStepsState, events);
    expect(state.diagnostics.count).toBeGreaterThan(0);
    expect(displayFieldProblems(state)).toEqual([]);
  });

  it('error.message an object that has a message: its message is kept', () => {
    const state = reduceSteps(emptyStepsState, bad({ type: 'step-error', id: 'a', message: { message: 'disk full' } }));
    expect(state.byId.a?.error?.message).toBe('disk full');
  });

  it('sideEffects a string becomes a list of one', () => {
    const state = reduceSteps(emptyStepsState, bad({ type: 'step-approval', id: 'a', sideEffects: 'deletes files' }));
    expect(state.byId.a?.approval?.sideEffects).toEqual(['deletes files']);
  });

  it('eventsFromAnviaToolResult with value { toString: null } does not throw', () => {
    const events = eventsFromAnviaToolResult({
      type: 'tool-result',
      toolCallId: 'c1',
      toolName: 'x',
      output: { type: 'error-text', value: { toString: null } },
    });
    const state = reduceSteps(emptyStepsState, events);
    expect(state.byId.c1?.status).toBe('failed');
    expect(typeof state.byId.c1?.error?.message).toBe('string');
  });

  it('stepsFromUIMessages with errorText {} and toolName {}: strings in the state', () => {
    const state = stepsFromUIMessages([
      {
        parts: [
          { type: 'dynamic-tool', toolCallId: 'a', toolName: {}, state: 'output-error', errorText: {} },
          { type: 'tool-x', toolCallId: 'b', state: 'output-error', errorText: { message: 'nope' }, title: 5 },
        ],
      },
    ]);
    expect(displayFieldProblems(state)).toEqual([]);
    expect(state.byId.b?.error?.message).toBe('nope');
    expect(state.diagnostics.count).toBeGreaterThan(0);
  });

  it('a stored state handed to a store is repaired the same way', () => {
    const stored = {
      ...emptyStepsState,
      ids: ['a'],
      byId: {
        a: {
          id: 'a',
          toolName: {},
          status: 'failed',
          inputText: 5,
          error: { message: {}, code: 1 },
          presentation: { label: 'L', icon: 3 },
          approval: { sideEffects: 'x' },
        },
      },
    } as unknown as StepsState;
    const store = createStepStore({ initialState: stored, schedule: (f) => f() });
    expect(displayFieldProblems(store.getSnapshot())).toEqual([]);
    store.reset(stored);
    expect(displayFieldProblems(store.getSnapshot())).toEqual([]);
  });
});

describe('messages that say what happened (readStream)', () => {
  const html = '<!doctype html><html><head><title>Sign in - Corp SSO</title></head><body><form>…</form></body></html>';

  it('a 200 text/html answer: "the server answered with an HTML page, not a stream", with its title', async () => {
    const state = await readAll(new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }));
    expect(state.run.status).toBe('error');
    expect(state.run.error?.code).toBe('HTML_RESPONSE');
    expect(state.run.error?.message).toMatch(/the server answered with an HTML page, not a stream/i);
    expect(state.run.error?.message).toContain('"Sign in - Corp SSO"');
  });

  it('an HTML page without a content type is recognized by its markup', () => {
    const state = stepsFromText(`${html}\n`);
    expect(state.run.error?.code).toBe('HTML_RESPONSE');
    expect(state.run.error?.message).toContain('Sign in - Corp SSO');
  });

  it('a 200 JSON error body: its error.message is the run error', async () => {
    const body = JSON.stringify({ error: { message: 'Your API key has expired.', code: 'invalid_key' } }, null, 2);
    const state = await readAll(new Response(body, { headers: { 'content-type': 'application/json' } }));
    expect(state.run.error).toEqual({ message: 'Your API key has expired.', code: 'invalid_key' });
  });

  it('a stream that closes cleanly mid-frame ends interrupted with a reason in the state', async () => {
    const text = `${JSON.stringify({ type: 'step-start', id: 'c1', toolName: 'x' })}\n{"type":"step-res`;
    const state = await readAll(text);
    expect(state.run.status).toBe('interrupted');
    expect(state.run.reasonCode).toBe('cut-mid-frame');
  });

  it('an empty body ends interrupted with a reason', async () => {
    const state = await readAll(new Response(''));
    expect(state.run.status).toBe('interrupted');
    expect(state.run.reasonCode).toBe('closed-before-start');
  });

  it('a 204 answer ends interrupted, saying there was no stream', async () => {
    const state = await readAll(new Response(null, { status: 204 }));
    expect(state.run.status).toBe('interrupted');
    expect(state.run.reasonCode).toBe('no-body');
  });

  it('a Cogitator WebSocket stream that begins with {"type":"error","error":"…"} keeps its message', () => {
    const state = stepsFromText(`${JSON.stringify({ type: 'error', error: 'Rate limit reached; retry in 20 s' })}\n`);
    expect(state.run.status).toBe('error');
    expect(state.run.error?.message).toBe('Rate limit reached; retry in 20 s');
  });

  it('an SSE frame over the size limit fails its step with the size reason and nothing follows it', () => {
    const huge = 'x'.repeat(33 * 1024 * 1024);
    const text = [
      `data: ${JSON.stringify({ type: 'step-start', id: 'c1', toolName: 'read_file' })}\n\n`,
      `data: {"type":"step-result","id":"c1","result":"${huge}"}\n\n`,
      `data: ${JSON.stringify({ type: 'run-finish' })}\n\n`,
    ].join('');
    const events = eventsFromText(text);
    const state = reduceSteps(emptyStepsState, events);
    expect(state.byId.c1?.status).toBe('failed');
    expect(state.byId.c1?.error?.code).toBe('FRAME_TOO_LARGE');
    expect(state.byId.c1?.error?.message).toMatch(/larger than/);
    expect(events.some((e) => e.type === 'diagnostic' && /not an SSE field/.test(e.reason))).toBe(false);
    expect(state.run.status).toBe('done');
  });

  it('a JSONL line over the size limit fails its step the same way', () => {
    const huge = 'x'.repeat(33 * 1024 * 1024);
    const text = jsonl([
      { type: 'step-start', id: 'c1', toolName: 'read_file' },
      { type: 'step-result', id: 'c1', result: huge },
      { type: 'run-finish' },
    ]);
    const state = stepsFromText(text);
    expect(state.byId.c1?.error?.code).toBe('FRAME_TOO_LARGE');
    expect(state.run.status).toBe('done');
  });
});
