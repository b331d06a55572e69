import { readFileSync } from 'node:fs';
import { reduceSteps, type StepEvent, type StepsState } from 'tool-steps/core';
import { stepsFromText } from 'tool-steps/wires';
import { describe, expect, it } from 'vitest';
import { aiSdk } from '../../../src/core/decoders/ai-sdk';
import { emptyStepsState } from '../../../src/core/step';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/ai-sdk-${name}.sse`, import.meta.url), 'utf8');
const fromFixture = (name: string) => stepsFromText(fixture(name), { protocol: 'ai-sdk' as never });

/** Decodes chunks (objects or raw frames) with one decoder, ends the stream, and reduces. */
function run(
  frames: readonly unknown[],
  options: { end?: boolean; state?: StepsState } = {},
): { state: StepsState; events: StepEvent[] } {
  const decoder = aiSdk();
  const events = frames.flatMap((f) => decoder.push(typeof f === 'string' ? f : JSON.stringify(f)));
  if (options.end !== false) events.push(...decoder.end());
  return { state: reduceSteps(options.state ?? emptyStepsState, events), events };
}

const start = { type: 'start', messageId: 'm1' };
const finish = { type: 'finish', finishReason: 'stop' };
const inputStart = (id: string, toolName = 'search', extra = {}) => ({
  type: 'tool-input-start',
  toolCallId: id,
  toolName,
  ...extra,
});
const inputAvailable = (id: string, input: unknown, toolName = 'search', extra = {}) => ({
  type: 'tool-input-available',
  toolCallId: id,
  toolName,
  input,
  ...extra,
});
const output = (id: string, value: unknown, extra = {}) => ({
  type: 'tool-output-available',
  toolCallId: id,
  output: value,
  ...extra,
});

describe('aiSdk decoder: the recorded SDK streams (ai 7.0.173) reduce to exact steps', () => {
  it('tool-result: a static tool with a title and metadata succeeds', () => {
    const state = fromFixture('tool-result');
    expect(state.ids).toEqual(['call-1']);
    expect(state.byId['call-1']).toEqual({
      id: 'call-1',
      toolName: 'weather',
      status: 'succeeded',
      inputText: '{"city":"Paris"}',
      input: { city: 'Paris' },
      presentation: { label: 'Weather' },
      result: { city: 'Paris', celsius: 21 },
    });
    expect(state.run).toEqual({ status: 'done' });
    expect(state.diagnostics).toEqual({ count: 0 });
  });

  it('preliminary: yielded outputs are progress, the final unflagged output is the result', () => {
    const text = fixture('preliminary');
    const frames = text
      .split('\n\n')
      .filter((f) => f.startsWith('data: '))
      .map((f) => f.slice(6));
    const decoder = aiSdk();
    let state = emptyStepsState;
    const seen: string[] = [];
    for (const frame of frames) {
      state = reduceSteps(state, decoder.push(frame));
      const step = state.byId['call-1'];
      if (step && frame.includes('tool-output-available'))
        seen.push(`${step.status}:${JSON.stringify(step.progress?.content ?? null)}`);
    }
    expect(seen).toEqual([
      'running:{"left":3}',
      'running:{"left":2}',
      'running:{"left":1}',
      'running:{"left":0}',
      'succeeded:{"left":0}',
    ]);
    expect(fromFixture('preliminary').byId['call-1']).toEqual({
      id: 'call-1',
      toolName: 'countdown',
      status: 'succeeded',
      inputText: '{"from":3}',
      input: { from: 3 },
      progress: { content: { left: 0 }, count: 4 },
      result: { left: 0 },
    });
  });

  it('tool-error: a thrown error fails the step with the error text (7.x does not mask it)', () => {
    const state = fromFixture('tool-error');
    expect(state.byId['call-1']).toMatchObject({
      status: 'failed',
      input: { env: 'prod' },
      error: { message: 'Error: Deploy key expired' },
    });
    expect(state.byId['call-1']?.result).toBeUndefined();
  });

  it('invalid-input: tool-input-error ends the step failed with the input it had', () => {
    const step = fromFixture('invalid-input').byId['call-1'];
    expect(step?.status).toBe('failed');
    expect(step?.input).toEqual({ town: 7 });
    expect(step?.presentation).toEqual({ label: 'Weather' });
    expect(step?.error?.message).toMatch(/^AI_InvalidToolInputError: Invalid input for tool weather: /);
  });

  it('approval: a run that ends with approvals pending is paused, each call awaiting its approval id', () => {
    const state = fromFixture('approval');
    expect(state.run).toEqual({ status: 'paused' });
    expect(state.ids).toEqual(['call-1', 'call-2']);
    expect(state.byId['call-1']).toMatchObject({
      status: 'awaiting-approval',
      input: { path: '/tmp/a' },
      approval: { id: 'approval-2' },
    });
    expect(state.byId['call-2']).toMatchObject({
      status: 'awaiting-approval',
      input: { path: '/etc/b' },
      approval: { id: 'approval-3' },
    });
  });

  it('approval-continued: the next response continues the same message and ends the same steps', () => {
    const paused = fromFixture('approval');
    const continued = reduceSteps(
      paused,
      run(
        [fixture('approval-continued')].flatMap((t) =>
          t
            .split('\n\n')
            .filter(Boolean)
            .map((f) => f.slice(6)),
        ),
      ).events,
    );
    expect(continued.ids).toEqual(['call-1', 'call-2']);
    expect(continued.byId['call-1']).toMatchObject({
      status: 'succeeded',
      result: { deleted: '/tmp/a' },
      approval: { id: 'approval-2' },
    });
    expect(continued.byId['call-2']).toMatchObject({
      status: 'denied',
      approval: { id: 'approval-3', decision: { approved: false } },
    });
    expect(continued.run).toEqual({ status: 'done' });
    expect(continued.diagnostics).toEqual({ count: 0 });
  });

  it('automatic-approval (7.x): approved and denied decisions with their reasons', () => {
    const state = fromFixture('automatic-approval');
    expect(state.byId['call-1']).toMatchObject({
      status: 'succeeded',
      result: '/home/me',
      approval: { id: 'approval-2', decision: { approved: true, reason: 'Read-only' } },
    });
    expect(state.byId['call-2']).toMatchObject({
      status: 'denied',
      approval: { id: 'approval-3', decision: { approved: false, reason: 'Writes are off' } },
    });
    expect(state.diagnostics).toEqual({ count: 0 });
  });

  it('dynamic: a dynamic tool is named by its toolName and labelled by its title', () => {
    expect(fromFixture('dynamic').byId['call-1']).toMatchObject({
      toolName: 'mcp_search',
      status: 'succeeded',
      presentation: { label: 'Search (MCP)' },
      result: { hits: 2, query: 'tool steps' },
    });
  });

  it('client-tool: a call left input-available at finish stays running (it waits for the client), the run is done', () => {
    const state = fromFixture('client-tool');
    expect(state.run).toEqual({ status: 'done' });
    expect(state.byId['call-1']).toMatchObject({ toolName: 'ask_location', status: 'running', input: {} });
    expect(state.byId['call-2']).toMatchObject({ status: 'succeeded', result: { city: 'Oslo', celsius: 21 } });
  });

  it('provider-executed: an invalid provider-executed call still succeeds with the provider result', () => {
    const state = fromFixture('provider-executed');
    expect(state.byId['call-1']).toMatchObject({ toolName: 'web_search', status: 'succeeded', result: { results: 3 } });
    expect(state.byId['call-2']).toMatchObject({
      toolName: 'code_exec',
      status: 'succeeded',
      input: { code: '1+1' },
      result: { stdout: '2' },
    });
    expect(state.byId['call-2']?.error).toBeUndefined();
    expect(state.diagnostics).toEqual({ count: 0 });
  });

  it("keeps each call's toolMetadata on the decoder (the step model has no field for it)", () => {
    const decoder = aiSdk();
    for (const frame of fixture('client-tool').split('\n\n').filter(Boolean)) decoder.push(frame.slice(6));
    expect(decoder.toolMetadata('call-2')).toEqual({ group: 'forecast' });
    expect(decoder.toolMetadata('call-1')).toBeUndefined();
  });
});

interface EdgeCase {
  name: string;
  frames: unknown[];
  end?: boolean;
  steps: Record<string, Record<string, unknown>>;
  run?: StepsState['run'];
  diagnostics: number;
  /** The reducer counts it (a late event for an ended step), not the decoder. */
  byReducer?: boolean;
}

const edgeCases: EdgeCase[] = [
  {
    name: 'a delta before its start is counted once and dropped; the later input-available still makes the step',
    frames: [
      start,
      { type: 'tool-input-delta', toolCallId: 'a', inputTextDelta: '{"q"' },
      { type: 'tool-input-delta', toolCallId: 'a', inputTextDelta: ':1}' },
      inputAvailable('a', { q: 1 }),
      finish,
    ],
    steps: { a: { status: 'running', toolName: 'search', input: { q: 1 }, inputText: '' } },
    diagnostics: 1,
  },
  {
    name: 'an output for a call this stream never announced (a continued message) makes the step, uncounted',
    frames: [start, output('old', { ok: true }), finish],
    steps: { old: { status: 'succeeded', toolName: '', result: { ok: true } } },
    diagnostics: 0,
  },
  {
    name: 'an approval request for an unknown call is still shown, and counted',
    frames: [start, { type: 'tool-approval-request', approvalId: 'ap', toolCallId: 'ghost' }, finish],
    steps: { ghost: { status: 'awaiting-approval', approval: { id: 'ap' } } },
    run: { status: 'paused' },
    diagnostics: 1,
  },
  {
    name: 'an approval response for an approval never requested is dropped and counted',
    frames: [start, { type: 'tool-approval-response', approvalId: 'nope', approved: true }, finish],
    steps: {},
    diagnostics: 1,
  },
  {
    name: 'a preliminary output after the final one is dropped (the SDK would overwrite the result)',
    frames: [
      start,
      inputStart('a'),
      inputAvailable('a', {}),
      output('a', 'final'),
      output('a', 'late', { preliminary: true }),
      finish,
    ],
    steps: { a: { status: 'succeeded', result: 'final', progress: undefined } },
    diagnostics: 1,
    byReducer: true,
  },
  {
    name: 'tool-input-available without a start (a provider that does not stream input) starts and runs the step',
    frames: [start, inputAvailable('a', { path: 'x' }, 'read', { title: 'Read x' }), output('a', 'text')],
    steps: { a: { status: 'succeeded', toolName: 'read', input: { path: 'x' }, presentation: { label: 'Read x' } } },
    run: { status: 'interrupted' },
    diagnostics: 0,
  },
  {
    name: 'tool-input-error without a start fails the step and keeps the raw input text',
    frames: [
      start,
      {
        type: 'tool-input-error',
        toolCallId: 'a',
        toolName: 'edit',
        input: '{"path": ',
        errorText: 'JSON parse failed',
      },
      finish,
    ],
    steps: { a: { status: 'failed', toolName: 'edit', input: '{"path": ', error: { message: 'JSON parse failed' } } },
    diagnostics: 0,
  },
  {
    name: "6.x sends an invalid call's error twice (input error, then output error): one failure, uncounted",
    frames: [
      start,
      inputStart('a'),
      { type: 'tool-input-error', toolCallId: 'a', toolName: 'search', input: {}, errorText: 'An error occurred.' },
      { type: 'tool-output-error', toolCallId: 'a', errorText: 'An error occurred.' },
      finish,
    ],
    steps: { a: { status: 'failed', error: { message: 'An error occurred.' } } },
    diagnostics: 0,
  },
  {
    name: 'a declined approval response then tool-output-denied: denied once, with the reason, uncounted',
    frames: [
      start,
      inputAvailable('a', {}),
      { type: 'tool-approval-request', approvalId: 'ap', toolCallId: 'a', isAutomatic: true },
      { type: 'tool-approval-response', approvalId: 'ap', approved: false, reason: 'policy' },
      { type: 'tool-output-denied', toolCallId: 'a' },
      finish,
    ],
    steps: { a: { status: 'denied', approval: { id: 'ap', decision: { approved: false, reason: 'policy' } } } },
    diagnostics: 0,
  },
  {
    name: 'a call still streaming its input at finish is interrupted (the SDK leaves it streaming)',
    frames: [start, inputStart('a'), { type: 'tool-input-delta', toolCallId: 'a', inputTextDelta: '{"q":"ab' }, finish],
    steps: { a: { status: 'interrupted', input: { q: 'ab' }, inputText: '{"q":"ab' } },
    run: { status: 'done' },
    diagnostics: 0,
  },
  {
    name: 'finish with a client-side call and an approval pending: done, the call running, the approval awaiting',
    frames: [
      start,
      inputAvailable('a', {}),
      inputAvailable('b', {}),
      { type: 'tool-approval-request', approvalId: 'ap', toolCallId: 'b' },
      finish,
    ],
    steps: { a: { status: 'running' }, b: { status: 'awaiting-approval' } },
    run: { status: 'done' },
    diagnostics: 0,
  },
  {
    name: 'an error chunk ends the run in error; a later finish does not turn it done',
    frames: [start, inputAvailable('a', {}), { type: 'error', errorText: 'Rate limited' }, finish],
    steps: { a: { status: 'interrupted' } },
    run: { status: 'error', error: { message: 'Rate limited' } },
    diagnostics: 0,
  },
  {
    name: 'an abort chunk interrupts the run and its open calls',
    frames: [start, inputStart('a'), { type: 'abort', reason: 'user stop' }],
    steps: { a: { status: 'interrupted' } },
    run: { status: 'interrupted' },
    diagnostics: 0,
  },
  {
    name: 'a stream that closes without finish ends interrupted',
    frames: [start, inputAvailable('a', {}), output('a', 1, { preliminary: true })],
    steps: { a: { status: 'interrupted', progress: { content: 1, count: 1 } } },
    run: { status: 'interrupted' },
    diagnostics: 0,
  },
  {
    name: 'reset-step cancels the calls of the reset step only (the SDK removes them)',
    frames: [
      start,
      { type: 'start-step' },
      inputAvailable('a', {}),
      output('a', 'kept'),
      { type: 'finish-step' },
      { type: 'start-step' },
      inputStart('b'),
      { type: 'reset-step' },
      { type: 'start-step' },
      inputAvailable('c', {}),
      output('c', 'retried'),
      finish,
    ],
    steps: { a: { status: 'succeeded' }, b: { status: 'cancelled' }, c: { status: 'succeeded', result: 'retried' } },
    diagnostics: 0,
  },
  {
    name: 'unknown chunk types are counted once per type; text, reasoning, sources, files and data parts are ignored',
    frames: [
      start,
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'hi' },
      { type: 'text-end', id: 't' },
      { type: 'reasoning-start', id: 'r' },
      { type: 'reasoning-delta', id: 'r', delta: '...' },
      { type: 'reasoning-end', id: 'r' },
      { type: 'source-url', sourceId: 's', url: 'https://example.com' },
      { type: 'source-document', sourceId: 'd', mediaType: 'text/plain', title: 'd' },
      { type: 'file', url: 'data:,x', mediaType: 'text/plain' },
      { type: 'data-progress', id: 'p', data: { percent: 50 } },
      { type: 'message-metadata', messageMetadata: {} },
      { type: 'tool-teleport', toolCallId: 'x' },
      { type: 'tool-teleport', toolCallId: 'y' },
      finish,
    ],
    steps: {},
    diagnostics: 1,
  },
  {
    name: 'malformed JSON, a chunk missing its call id and a non-object chunk are each counted',
    frames: [
      '{"type":"tool-input-start",',
      JSON.stringify({ type: 'tool-input-start', toolName: 'x' }),
      '[1,2]',
      '42',
      JSON.stringify({ nope: 1 }),
      '[DONE]',
    ],
    end: false,
    steps: {},
    run: { status: 'idle' },
    diagnostics: 5,
  },
  {
    name: 'inputEncoding "text": the raw text is the input text, the final input comes with input-available',
    frames: [
      start,
      inputStart('a', 'shell', { inputEncoding: 'text' }),
      { type: 'tool-input-delta', toolCallId: 'a', inputTextDelta: 'ls -la' },
      inputAvailable('a', 'ls -la', 'shell'),
      output('a', 'total 0'),
      finish,
    ],
    steps: { a: { status: 'succeeded', inputText: 'ls -la', input: 'ls -la', result: 'total 0' } },
    diagnostics: 0,
  },
  {
    name: 'a title that changes at input-available relabels the step',
    frames: [
      start,
      inputStart('a', 'search', { title: 'Search' }),
      inputAvailable('a', { q: 'x' }, 'search', { title: 'Search for x' }),
      output('a', []),
      finish,
    ],
    steps: { a: { presentation: { label: 'Search for x' }, status: 'succeeded' } },
    diagnostics: 0,
  },
  {
    name: 'a provider-executed invalid call without a provider result fails at finish with the input error',
    frames: [
      start,
      inputStart('a', 'web', { providerExecuted: true }),
      {
        type: 'tool-input-error',
        toolCallId: 'a',
        toolName: 'web',
        input: {},
        providerExecuted: true,
        errorText: 'bad input',
      },
      finish,
    ],
    steps: { a: { status: 'failed', error: { message: 'bad input' } } },
    run: { status: 'done' },
    diagnostics: 0,
  },
  {
    name: 'a provider-executed output error ends the step failed with the provider error text',
    frames: [
      start,
      inputAvailable('a', {}, 'web', { providerExecuted: true }),
      { type: 'tool-output-error', toolCallId: 'a', errorText: '{"code":"unavailable"}', providerExecuted: true },
      finish,
    ],
    steps: { a: { status: 'failed', error: { message: '{"code":"unavailable"}' } } },
    diagnostics: 0,
  },
];

describe('aiSdk decoder: edge cases (the SDK behaviours found by the differential test)', () => {
  it.each(edgeCases)('$name', ({ frames, end, steps, run: runState, diagnostics, byReducer }) => {
    const { state } = run(frames, { end });
    expect(Object.keys(state.byId).sort()).toEqual(Object.keys(steps).sort());
    for (const [id, expected] of Object.entries(steps)) {
      const step = state.byId[id] as unknown as Record<string, unknown>;
      for (const [key, value] of Object.entries(expected))
        expect({ id, key, value: step[key] }).toEqual({ id, key, value });
    }
    expect(state.run).toMatchObject(runState ?? { status: 'done' });
    expect(state.diagnostics.count).toBe(diagnostics);
    if (diagnostics > 0) expect(state.diagnostics.last?.protocol).toBe(byReducer ? undefined : 'ai-sdk');
  });

  it('never throws on any frame, and names the protocol in every diagnostic', () => {
    const decoder = aiSdk();
    const frames: unknown[] = [
      '',
      '   ',
      'null',
      'true',
      '{}',
      '{"type":7}',
      { type: 'tool-output-available' },
      Symbol('x'),
      undefined,
      12,
    ];
    for (const frame of frames) {
      const events = decoder.push(frame);
      for (const event of events) expect(event).toMatchObject({ type: 'diagnostic', protocol: 'ai-sdk' });
    }
    expect(decoder.protocol).toBe('ai-sdk');
  });

  it('emits the events the mapping promises, in order, for a manual approval', () => {
    const { events } = run([
      start,
      inputStart('a', 'rm', { title: 'Remove' }),
      { type: 'tool-input-delta', toolCallId: 'a', inputTextDelta: '{}' },
      inputAvailable('a', {}, 'rm'),
      { type: 'tool-approval-request', approvalId: 'ap', toolCallId: 'a', reason: 'Deletes files' },
      { type: 'finish', finishReason: 'tool-calls' },
    ]);
    expect(events).toEqual([
      { type: 'run-start', runId: 'm1' },
      { type: 'step-start', id: 'a', toolName: 'rm', presentation: { label: 'Remove' } },
      { type: 'step-input-delta', id: 'a', delta: '{}' },
      { type: 'step-input', id: 'a', toolName: 'rm', input: {} },
      { type: 'step-approval', id: 'a', approvalId: 'ap', description: 'Deletes files' },
      { type: 'run-finish', status: 'paused' },
    ]);
  });

  it('keeps a call left input-available at finish open (a client-side tool still to run)', () => {
    const { events } = run([start, inputAvailable('a', {}), finish]);
    expect(events.at(-1)).toEqual({ type: 'run-finish', status: 'done', keepOpen: ['a'] });
    const state = reduceSteps(emptyStepsState, events, { now: 1000 });
    expect(state.byId.a?.status).toBe('running');
    expect(state.byId.a?.endedAt).toBeUndefined();
  });
});
