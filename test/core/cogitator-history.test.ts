/**
 * Thread history and WebSocket frames of Cogitator. The fixtures `cogitator-thread-*.json` and
 * `cogitator-ws-*.jsonl` are hand-made from Cogitator's thread and WebSocket shapes for the same run as the
 * recorded-shape `cogitator-workspace-edit.sse` (ids, arguments and results copied from it); they
 * are not recordings of a server.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cogitatorWebSocket } from '../../src/core/decoders/cogitator-ws';
import type { StepEvent } from '../../src/core/events';
import { reduceSteps } from '../../src/core/reduce';
import { segmentOf } from '../../src/core/segments';
import { emptyStepsState, type Step, type StepsState } from '../../src/core/step';
import { presentStep } from '../../src/presentation/derived';
import { eventsFromCogitatorThread } from '../../src/wires/cogitator-history';
import { eventsFromText, stepsFromText } from '../../src/wires/read-text';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
const reduce = (events: StepEvent[]) => reduceSteps(emptyStepsState, events);
const live = (name: string) => stepsFromText(fixture(name), { protocol: 'cogitator' });

function ws(frames: readonly unknown[]): StepsState {
  const decoder = cogitatorWebSocket();
  return reduce([...frames.flatMap((frame) => decoder.push(frame)), ...decoder.end()]);
}
const wsLines = (name: string) =>
  fixture(name)
    .split('\n')
    .filter((line) => line.trim() !== '');

function without<K extends keyof Step>(step: Step | undefined, ...keys: K[]): Omit<Step, K> {
  const copy = { ...step } as Step;
  for (const key of keys) delete copy[key];
  return copy;
}

describe('eventsFromCogitatorThread: history replay equals the live run', () => {
  const liveState = live('cogitator-workspace-edit.sse');

  it('the live run has four finished steps (the baseline)', () => {
    expect(liveState.ids).toEqual([
      'call_l7dXTPyLsxPFkThf4VucSmEH',
      'call_C9qEwjky40UVsWmflzdE1F8R',
      'call_fDNxSIvPZZ63fFKcZjR4I0b3',
      'call_LJOqOAf1lLQSAJaiXnkU8Is2',
    ]);
    expect(liveState.ids.map((id) => liveState.byId[id]?.status)).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
      'succeeded',
    ]);
    expect(liveState.run).toEqual({ status: 'done' });
  });

  it('with entry metadata (details, presentation) the replay is the live final state, exactly', () => {
    const replay = reduce(
      eventsFromCogitatorThread(JSON.parse(fixture('cogitator-thread-workspace-edit-entries.json'))),
    );
    expect(replay).toEqual(liveState);
  });

  it('without metadata the steps lack only the details and the server presentation; rows draw the same label', () => {
    const replay = reduce(eventsFromCogitatorThread(JSON.parse(fixture('cogitator-thread-workspace-edit.json'))));
    expect(replay.ids).toEqual(liveState.ids);
    expect(replay.run).toEqual(liveState.run);
    expect(replay.diagnostics).toEqual(liveState.diagnostics);
    for (const id of liveState.ids) {
      const was = liveState.byId[id];
      const now = replay.byId[id];
      expect(now).toEqual(without(was, 'details', 'presentation'));
      expect(now?.presentation).toBeUndefined();
      // The built-in table of workspace tools gives the label, icon and detail the server sent (in the
      // base form: the kit's own labels take the tense of the status, the server's do not).
      const { source: _liveSource, ...drawnLive } = presentStep(was as Step);
      const { source, ...drawnNow } = presentStep({ ...(now as Step), status: 'failed' });
      expect(drawnNow).toEqual(drawnLive);
      expect(source).toBe('known');
    }
    // What is lost: the edits' diffs.
    expect(liveState.byId.call_fDNxSIvPZZ63fFKcZjR4I0b3?.details).toMatchObject({
      diff: expect.stringContaining('+export function formatCurrency'),
    });
    expect(replay.byId.call_fDNxSIvPZZ63fFKcZjR4I0b3?.details).toBeUndefined();
  });

  it('a failed call: toolResults keep the error code; progress is never saved', () => {
    const callId = 'call_03NBQNSgPwlUQia1ID6vW5dq';
    const error = 'Tool "run_command" timed out after 60000ms';
    const presentation = { label: 'Run command', icon: 'terminal', detail: 'pnpm build' };
    const thread = {
      id: 'thread_f6a6f0fb-23c6-45da-acec-255404e4fb44',
      entries: [
        { id: 'e1', message: { role: 'user', content: 'Build it' } },
        {
          id: 'e2',
          message: {
            role: 'assistant',
            content: 'Building the project.',
            toolCalls: [{ id: callId, name: 'run_command', arguments: { command: 'pnpm build' } }],
          },
        },
        {
          id: 'e3',
          message: { role: 'tool', content: JSON.stringify({ error }), toolCallId: callId, name: 'run_command' },
          toolResults: [{ callId, name: 'run_command', result: null, error, errorCode: 'TOOL_TIMEOUT' }],
          metadata: { presentation },
        },
      ],
    };
    const liveTimeout = live('cogitator-tool-timeout.sse');
    const replay = reduce(eventsFromCogitatorThread(thread));
    expect(liveTimeout.byId[callId]?.progress).toEqual({
      content: 'transforming (1843) node_modules/lodash-es/lodash.js',
      count: 3,
    });
    expect(replay.byId[callId]).toEqual(without(liveTimeout.byId[callId], 'progress'));
    expect(replay.run).toEqual(liveTimeout.run);

    // The plain history: the message `{"error": ...}` still says it failed, without the code.
    const plain = { id: thread.id, messages: thread.entries.map((entry) => entry.message) };
    expect(reduce(eventsFromCogitatorThread(plain)).byId[callId]).toEqual<Step>({
      id: callId,
      toolName: 'run_command',
      status: 'failed',
      inputText: '{"command":"pnpm build"}',
      input: { command: 'pnpm build' },
      error: { message: error },
    });
  });
});

describe('eventsFromCogitatorThread: table of shapes', () => {
  const call = (id: string, name: string, args: unknown) => ({
    role: 'assistant',
    content: '',
    toolCalls: [{ id, name, arguments: args }],
  });
  const tool = (id: string, content: unknown, extra: Record<string, unknown> = {}) => ({
    role: 'tool',
    toolCallId: id,
    name: 'lookup',
    content,
    ...extra,
  });

  it.each([
    { name: 'a JSON string result', content: '"hello"', expected: { status: 'succeeded', result: 'hello' } },
    { name: 'a null result', content: 'null', expected: { status: 'succeeded', result: null } },
    {
      name: 'an object result that has an error field and more',
      content: '{"error":"timeout","url":"https://x"}',
      expected: { status: 'succeeded', result: { error: 'timeout', url: 'https://x' } },
    },
    {
      name: 'exactly { error } is a failure',
      content: '{"error":"Tool not found: lookup"}',
      expected: { status: 'failed', error: { message: 'Tool not found: lookup' } },
    },
    {
      name: 'content that is not JSON is the text',
      content: 'plain words',
      expected: { status: 'succeeded', result: 'plain words' },
    },
    {
      name: 'content parts are kept as they are',
      content: [{ type: 'text', text: 'hi' }],
      expected: { status: 'succeeded', result: [{ type: 'text', text: 'hi' }] },
    },
  ])('a tool message with $name', ({ content, expected }) => {
    const state = reduce(
      eventsFromCogitatorThread({ id: 't', messages: [call('c1', 'lookup', { q: 1 }), tool('c1', content)] }),
    );
    expect(state.byId.c1).toMatchObject({ ...expected, inputText: '{"q":1}', input: { q: 1 } });
  });

  it('reads metadata on the message itself, and drops a malformed presentation with a diagnostic', () => {
    const state = reduce(
      eventsFromCogitatorThread({
        id: 't',
        messages: [
          call('a', 'lookup', {}),
          tool('a', '1', { metadata: { details: { rows: [1] }, presentation: { label: 'Look up', icon: 'search' } } }),
          call('b', 'lookup', {}),
          tool('b', '2', { metadata: { presentation: { icon: 'search' } } }),
        ],
      }),
    );
    expect(state.byId.a).toMatchObject({ details: { rows: [1] }, presentation: { label: 'Look up', icon: 'search' } });
    expect(state.byId.b?.presentation).toBeUndefined();
    expect(state.diagnostics).toEqual({
      count: 1,
      last: { reason: 'tool message "b" has a malformed "metadata.presentation"; ignored', protocol: 'cogitator' },
    });
  });

  it('a call without an answer ends interrupted, or awaiting approval when the app says the thread is paused', () => {
    const thread = { id: 't', messages: [call('c1', 'run_command', { command: 'git push' })] };
    expect(reduce(eventsFromCogitatorThread(thread)).byId.c1?.status).toBe('interrupted');
    const paused = reduce(eventsFromCogitatorThread(thread, { open: 'awaiting-approval' }));
    expect(paused.byId.c1?.status).toBe('awaiting-approval');
    expect(paused.run).toEqual({ status: 'paused' });
  });

  it('an answer without its call (a thread cut at the start) still makes a named step', () => {
    const state = reduce(eventsFromCogitatorThread({ id: 't', messages: [tool('c9', '"ok"')] }));
    expect(state.byId.c9).toEqual<Step>({
      id: 'c9',
      toolName: 'lookup',
      status: 'succeeded',
      inputText: '',
      result: 'ok',
    });
  });

  it('arguments given as text are the streamed text', () => {
    const state = reduce(
      eventsFromCogitatorThread({ id: 't', messages: [call('c1', 'lookup', '{"q":2}'), tool('c1', '0')] }),
    );
    expect(state.byId.c1).toMatchObject({ inputText: '{"q":2}', input: { q: 2 } });
  });

  it('never throws on a malformed thread', () => {
    expect(eventsFromCogitatorThread('nope')).toEqual([
      { type: 'diagnostic', protocol: 'cogitator', reason: 'a thread that is not a JSON object; nothing to show' },
    ]);
    expect(eventsFromCogitatorThread({ id: 't' })).toEqual([
      {
        type: 'diagnostic',
        protocol: 'cogitator',
        reason: 'a thread without "messages" or "entries"; nothing to show',
      },
    ]);
    const events = eventsFromCogitatorThread({
      messages: [{ role: 'assistant', toolCalls: [{ name: 'x' }, 7] }, { role: 'tool', content: '1' }, 'junk'],
    });
    expect(events).toEqual<StepEvent[]>([
      { type: 'run-start' },
      { type: 'diagnostic', protocol: 'cogitator', reason: 'an assistant tool call without an "id"; skipped' },
      { type: 'diagnostic', protocol: 'cogitator', reason: 'an assistant tool call without an "id"; skipped' },
      { type: 'diagnostic', protocol: 'cogitator', reason: 'a tool message without a "toolCallId"; skipped' },
      { type: 'run-finish', status: 'done' },
    ]);
  });
});

describe('cogitatorWebSocket', () => {
  it('says a stream that closed before any run started in the one sentence auto-detection says it in', () => {
    for (const text of ['', '\n\n', ': keep-alive\n\n']) {
      const explicit = eventsFromText(text, { protocol: 'cogitator-ws' });
      expect(explicit.at(-1), JSON.stringify(text)).toEqual({
        type: 'run-abort',
        code: 'closed-before-start',
      });
      expect(eventsFromText(text).at(-1), JSON.stringify(text)).toEqual(explicit.at(-1));
    }
  });

  it('cogitator-ws-workspace-edit.jsonl draws the live SSE run exactly', () => {
    expect(ws(wsLines('cogitator-ws-workspace-edit.jsonl'))).toEqual(live('cogitator-workspace-edit.sse'));
  });

  it('cogitator-ws-approval-paused.jsonl: complete with status paused waits for approval', () => {
    const state = ws(wsLines('cogitator-ws-approval-paused.jsonl'));
    expect(state.ids).toEqual(['call_S3kX9dLq2VbN7mTp4RwYz1Ae', 'call_T4mY0eMr3WcO8nUq5SxZa2Bf']);
    expect(state.byId.call_S3kX9dLq2VbN7mTp4RwYz1Ae).toEqual<Step>({
      id: 'call_S3kX9dLq2VbN7mTp4RwYz1Ae',
      toolName: 'run_command',
      status: 'awaiting-approval',
      inputText: '{"command":"git push origin main"}',
      input: { command: 'git push origin main' },
      approval: { description: 'Runs a shell command in the workspace', sideEffects: ['process'] },
    });
    // All calls of a paused turn wait, with or without their own approval request.
    expect(state.byId.call_T4mY0eMr3WcO8nUq5SxZa2Bf?.status).toBe('awaiting-approval');
    expect(state.run).toEqual({ status: 'paused' });
    expect(state.diagnostics).toEqual({ count: 0 });
  });

  it('reasoning deltas in a row are one segment, ended by the next other event, in order between the calls', () => {
    const event = (payload: unknown) => ({ type: 'event', id: 'r1', payload });
    const state = ws([
      event({ type: 'reasoning', delta: 'Read the helper ' }),
      event({ type: 'reasoning', delta: 'first.' }),
      event({ type: 'tool-call', id: 'c1', name: 'read_file', arguments: { path: 'a.ts' } }),
      event({ type: 'tool-result', callId: 'c1', name: 'read_file', result: 'x' }),
      event({ type: 'reasoning', delta: 'It is fine.' }),
      event({ type: 'token', delta: 'Done.' }),
      event({ type: 'reasoning', delta: 7 }),
      event({ type: 'complete', result: { output: 'Done.' } }),
    ]);
    expect(state.reasoning?.ids).toEqual(['r1:rsn_1', 'r1:rsn_2']);
    expect(segmentOf(state.reasoning, 'r1:rsn_1')).toMatchObject({
      text: 'Read the helper first.',
      status: 'done',
      stepsBefore: 0,
    });
    expect(segmentOf(state.reasoning, 'r1:rsn_2')).toMatchObject({
      text: 'It is fine.',
      status: 'done',
      stepsBefore: 1,
    });
    expect(state.diagnostics).toMatchObject({
      count: 1,
      last: { reason: 'a WebSocket "reasoning" without a "delta"; dropped' },
    });
  });

  const callFrame = {
    type: 'event',
    id: 'r1',
    payload: { type: 'tool-call', id: 'c1', name: 'run_command', arguments: { command: 'sleep 9' } },
  };

  it.each([
    {
      name: 'cancelled: open calls are cancelled, the run interrupted',
      frames: [callFrame, { type: 'event', id: 'r1', payload: { type: 'cancelled' } }],
      step: 'cancelled',
      run: { status: 'interrupted' },
    },
    {
      name: 'an error frame (Tetsu adds a code)',
      frames: [callFrame, { type: 'error', id: 'r1', error: 'Agent crashed', code: 'INTERNAL' }],
      step: 'interrupted',
      run: { status: 'error', error: { message: 'Agent crashed', code: 'INTERNAL' } },
    },
    {
      name: 'an error frame before any event',
      frames: [{ type: 'error', id: 'r1', error: "Agent 'x' not found" }],
      step: undefined,
      run: { status: 'error', error: { message: "Agent 'x' not found" } },
    },
    {
      name: 'a connection that closes mid-run',
      frames: [callFrame],
      step: 'interrupted',
      run: { status: 'interrupted' },
    },
    {
      name: 'a failed tool-result (the whole ToolResult, with error and errorCode)',
      frames: [
        callFrame,
        {
          type: 'event',
          id: 'r1',
          payload: {
            type: 'tool-result',
            callId: 'c1',
            name: 'run_command',
            result: null,
            error: 'Tool "run_command" timed out after 60000ms',
            errorCode: 'TOOL_TIMEOUT',
          },
        },
        {
          type: 'event',
          id: 'r1',
          payload: { type: 'complete', result: { output: 'Timed out.', status: 'completed' } },
        },
      ],
      step: 'failed',
      run: { status: 'done' },
    },
  ])('$name', ({ frames, step, run }) => {
    const state = ws(frames);
    expect(state.byId.c1?.status).toBe(step);
    expect(state.run).toMatchObject(run);
    expect(state.diagnostics).toEqual({ count: 0 });
  });

  it('reads tool-update payloads as the SSE stream does, and ignores tokens, pongs and subscriptions', () => {
    const state = ws([
      { type: 'pong' },
      { type: 'subscribed', channel: 'runs' },
      { type: 'event', channel: 'runs', payload: { anything: true } },
      callFrame,
      { type: 'event', id: 'r1', payload: { type: 'token', delta: 'working' } },
      {
        type: 'event',
        id: 'r1',
        payload: {
          type: 'tool-update',
          toolCallId: 'c1',
          content: 'zzz',
          presentation: { label: 'Run command', detail: 'sleep 9' },
        },
      },
    ]);
    expect(state.byId.c1).toMatchObject({
      status: 'interrupted',
      progress: { content: 'zzz', count: 1 },
      presentation: { label: 'Run command', detail: 'sleep 9' },
    });
    expect(state.diagnostics).toEqual({ count: 0 });
  });

  it('reports bad frames once each and keeps going', () => {
    const decoder = cogitatorWebSocket();
    const out = [
      '{not json',
      '42',
      JSON.stringify({ type: 'hello' }),
      JSON.stringify({ type: 'event', id: 'r1' }),
      JSON.stringify({ type: 'event', id: 'r1', payload: { type: 'telemetry' } }),
      JSON.stringify({ type: 'event', id: 'r1', payload: { type: 'tool-call', name: 'x' } }),
      JSON.stringify({ type: 'event', id: 'r1', payload: { type: 'tool-result', result: 1 } }),
    ].flatMap((frame) => decoder.push(frame));
    expect(out).toEqual<StepEvent[]>([
      { type: 'diagnostic', protocol: 'cogitator', reason: 'a WebSocket message that is not JSON: {not json' },
      { type: 'diagnostic', protocol: 'cogitator', reason: 'a WebSocket message that is not a JSON object' },
      { type: 'diagnostic', protocol: 'cogitator', reason: 'a WebSocket message of unknown type "hello"; ignored' },
      { type: 'diagnostic', protocol: 'cogitator', reason: 'a WebSocket "event" without a payload; dropped' },
      { type: 'run-start', runId: 'r1' },
      { type: 'diagnostic', protocol: 'cogitator', reason: 'a WebSocket event of unknown type "telemetry"; ignored' },
      { type: 'diagnostic', protocol: 'cogitator', reason: 'a WebSocket "tool-call" without an "id"; dropped' },
      { type: 'diagnostic', protocol: 'cogitator', reason: 'a WebSocket "tool-result" without a "callId"; dropped' },
    ]);
  });
});
