import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { anvia } from '../../../src/core/decoders/anvia';
import type { StepEvent } from '../../../src/core/events';
import { reduceSteps } from '../../../src/core/reduce';
import { emptyStepsState, type Step, type StepsState } from '../../../src/core/step';
import { stepsFromText } from '../../../src/wires/read-text';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');
const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

function decode(frames: readonly unknown[]): StepEvent[] {
  const decoder = anvia();
  return [...frames.flatMap((frame) => decoder.push(frame)), ...decoder.end()];
}

function reduce(frames: readonly unknown[]): StepsState {
  return reduceSteps(emptyStepsState, decode(frames));
}

/** Reduces without `end()`: the state while the stream is still open. */
function reduceOpen(frames: readonly unknown[]): StepsState {
  const decoder = anvia();
  return reduceSteps(
    emptyStepsState,
    frames.flatMap((frame) => decoder.push(frame)),
  );
}

const RUN = 'run_1';
const SID = 'stream_1';

/** Wraps client events in a v3 envelope: `stream_start`, `stream_event` 1..n, `stream_end`. */
function envelope(
  events: readonly Record<string, unknown>[],
  end: 'completed' | 'error' | 'missing' | null = 'completed',
) {
  const frames: unknown[] = [
    { type: 'stream_start', protocol: 'anvia.client.v3', streamId: SID, eventId: 0, resumable: false },
  ];
  for (const [i, event] of events.entries()) {
    frames.push({ type: 'stream_event', streamId: SID, eventId: i + 1, event: { runId: RUN, ...event } });
  }
  if (end) frames.push({ type: 'stream_end', streamId: SID, eventId: events.length, status: end });
  return frames;
}

const start = (id: string, toolName?: string, extra: Record<string, unknown> = {}) => ({
  type: 'tool_call_start',
  messageId: 'msg_1',
  partId: `part_${id}`,
  toolCallId: id,
  ...(toolName ? { toolName } : {}),
  ...extra,
});
const delta = (
  id: string,
  text: string,
  mode: 'append' | 'replace' = 'append',
  extra: Record<string, unknown> = {},
) => ({
  type: 'tool_call_delta',
  messageId: 'msg_1',
  partId: `part_${id}`,
  toolCallId: id,
  delta: text,
  mode,
  ...extra,
});
const end = (id: string, toolName: string, input: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'tool_call_end',
  messageId: 'msg_1',
  partId: `part_${id}`,
  toolCallId: id,
  toolName,
  input,
  ...extra,
});
const success = (
  id: string,
  toolName: string,
  input: unknown,
  output: unknown,
  extra: Record<string, unknown> = {},
) => ({
  type: 'tool_result',
  messageId: 'msg_1',
  partId: `part_${id}`,
  toolCallId: id,
  toolName,
  input,
  result: { status: 'success', output },
  ...extra,
});
const failure = (
  id: string,
  toolName: string,
  error: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) => ({
  type: 'tool_result',
  messageId: 'msg_1',
  partId: `part_${id}`,
  toolCallId: id,
  toolName,
  input: {},
  result: { status: 'error', error },
  ...extra,
});
const runStart = { type: 'run_start', source: 'agent' };
const runEnd = (status: string) => ({ type: 'run_end', status });

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNQTX79HwAElwJzVt2vfAAAAABJRU5ErkJggg==';

describe('anvia: shared fixtures', () => {
  it('anvia-client-stream-tools.jsonl: parallel calls, results after message_end, a failure and a content result', () => {
    const state = reduce(lines(fixture('anvia-client-stream-tools.jsonl')));
    expect(state.ids).toEqual([
      'fc_68b1c2d3e4f5a6b7c8d9e0f1',
      'fc_68b1c2d3e4f5a6b7c8d9e0f2',
      'fc_68b1c2d3e4f5a6b7c8d9e0f3',
    ]);
    expect(state.byId.fc_68b1c2d3e4f5a6b7c8d9e0f1).toEqual<Step>({
      id: 'fc_68b1c2d3e4f5a6b7c8d9e0f1',
      toolName: 'search_orders',
      status: 'succeeded',
      inputText: '{"query":"A-10"}',
      input: { query: 'A-10' },
      result: {
        matches: [
          { id: 'A-1042', status: 'shipped' },
          { id: 'A-1057', status: 'processing' },
        ],
      },
    });
    expect(state.byId.fc_68b1c2d3e4f5a6b7c8d9e0f2).toEqual<Step>({
      id: 'fc_68b1c2d3e4f5a6b7c8d9e0f2',
      toolName: 'get_shipping_quote',
      status: 'failed',
      inputText: '{"orderId":"A-1057","speed":"express"}',
      input: { orderId: 'A-1057', speed: 'express' },
      error: { message: 'Error: Carrier API timed out after 10000 ms', code: 'tool_execution_error' },
    });
    expect(state.byId.fc_68b1c2d3e4f5a6b7c8d9e0f3).toEqual<Step>({
      id: 'fc_68b1c2d3e4f5a6b7c8d9e0f3',
      toolName: 'render_chart',
      status: 'succeeded',
      inputText: '{"metricId":"orders_by_day"}',
      input: { metricId: 'orders_by_day' },
      result: 'Rendered chart for orders_by_day.\n[file:image/png]',
      details: {
        kind: 'media',
        parts: [
          { type: 'text', text: 'Rendered chart for orders_by_day.' },
          { type: 'file', data: { type: 'data', data: PNG }, mediaType: 'image/png', filename: 'orders_by_day.png' },
        ],
      },
    });
    expect(state.run).toEqual({ status: 'done' });
    expect(state.diagnostics).toEqual({ count: 0 });
  });

  it('anvia-client-approval-suspend.jsonl: an empty first delta, an interaction, run_end suspended', () => {
    const state = reduce(lines(fixture('anvia-client-approval-suspend.jsonl')));
    expect(state.ids).toEqual(['toolu_01Zp4nW8qR1tY6uI3oP9aS2d']);
    expect(state.byId.toolu_01Zp4nW8qR1tY6uI3oP9aS2d).toEqual<Step>({
      id: 'toolu_01Zp4nW8qR1tY6uI3oP9aS2d',
      toolName: 'refund_order',
      status: 'awaiting-approval',
      inputText: '{"orderId":"A-1057","amountCents":24900}',
      input: { orderId: 'A-1057', amountCents: 24900 },
      approval: {
        id: 'interaction_ee82ec3f-fee5-45b2-8d1f-e1daff666589',
        description: 'Refunds change customer balances.',
      },
    });
    expect(state.run).toEqual({ status: 'paused' });
    expect(state.diagnostics).toEqual({ count: 0 });
  });

  it('emits exactly these events for the approval stream (the empty append delta emits nothing)', () => {
    const events = decode(lines(fixture('anvia-client-approval-suspend.jsonl')));
    const id = 'toolu_01Zp4nW8qR1tY6uI3oP9aS2d';
    expect(events).toEqual<StepEvent[]>([
      { type: 'run-start', runId: 'run_320094ea-d7a9-4ded-9749-1e2370c6a5b8' },
      { type: 'step-start', id, toolName: 'refund_order' },
      { type: 'step-input-delta', id, delta: '{"orderId":"A-1057",' },
      { type: 'step-input-delta', id, delta: '"amountCents":24900}' },
      { type: 'step-input', id, input: { orderId: 'A-1057', amountCents: 24900 }, toolName: 'refund_order' },
      {
        type: 'step-approval',
        id,
        approvalId: 'interaction_ee82ec3f-fee5-45b2-8d1f-e1daff666589',
        toolName: 'refund_order',
        input: { orderId: 'A-1057', amountCents: 24900 },
        description: 'Refunds change customer balances.',
      },
      { type: 'run-finish', status: 'paused' },
    ]);
  });

  it('reads parsed frames and SSE data texts the same as JSONL lines', () => {
    const text = lines(fixture('anvia-client-stream-tools.jsonl'));
    expect(decode(text.map((line) => JSON.parse(line)))).toEqual(decode(text));
    // An SSE `data:` field holds the same JSON text, sometimes with the space after the colon kept.
    expect(decode(text.map((line) => ` ${line}\r`))).toEqual(decode(text));
  });

  it.each(['anvia-client-stream-tools.jsonl', 'anvia-client-approval-suspend.jsonl'])(
    '%s read by stepsFromText with auto detection, as JSONL and as SSE, is the decoded state',
    (name) => {
      const text = fixture(name);
      const expected = reduce(lines(text));
      expect(stepsFromText(text)).toEqual(expected);
      const sse = `retry: 3000\n\n${lines(text)
        .map((line) => `data: ${line}\n\n`)
        .join('')}`;
      expect(stepsFromText(sse)).toEqual(expected);
    },
  );

  it('a suspended stream and its resumption, captured one after the other, finish the same step', () => {
    const suspended = lines(fixture('anvia-client-approval-suspend.jsonl'));
    const id = 'toolu_01Zp4nW8qR1tY6uI3oP9aS2d';
    const resumed = [
      { type: 'stream_start', protocol: 'anvia.client.v3', streamId: 'stream_2', eventId: 0, resumable: false },
      { type: 'stream_event', streamId: 'stream_2', eventId: 1, event: { runId: 'run_2', ...runStart } },
      {
        type: 'stream_event',
        streamId: 'stream_2',
        eventId: 2,
        event: {
          runId: 'run_2',
          turn: 1,
          ...success(id, 'refund_order', { orderId: 'A-1057', amountCents: 24900 }, { refundId: 're_1' }),
        },
      },
      { type: 'stream_event', streamId: 'stream_2', eventId: 3, event: { runId: 'run_2', ...runEnd('completed') } },
      { type: 'stream_end', streamId: 'stream_2', eventId: 3, status: 'completed' },
    ];
    const state = reduce([...suspended, ...resumed]);
    expect(state.byId[id]?.status).toBe('succeeded');
    expect(state.byId[id]?.result).toEqual({ refundId: 're_1' });
    expect(state.byId[id]?.approval?.id).toBe('interaction_ee82ec3f-fee5-45b2-8d1f-e1daff666589');
    expect(state.run).toEqual({ status: 'done' });
    expect(state.diagnostics).toEqual({ count: 0 });
  });
});

describe('anvia: envelope checks (each bad frame counted once, the rest still renders)', () => {
  const clean = reduce(lines(fixture('anvia-client-stream-tools.jsonl')));
  const withoutDiagnostics = (state: StepsState) => ({ ...state, diagnostics: { count: 0 } });

  const cases: { name: string; edit: (frames: string[]) => string[]; reason: string }[] = [
    {
      name: 'a repeated eventId',
      edit: (f) => [...f.slice(0, 10), f[9] as string, ...f.slice(10)],
      reason: 'eventId 9 repeats 9; the event was dropped',
    },
    {
      name: 'an eventId that goes backwards',
      edit: (f) => [...f.slice(0, 10), f[4] as string, ...f.slice(10)],
      reason: 'eventId 4 goes backwards from 9; the event was dropped',
    },
    {
      name: 'a broken JSON line',
      edit: (f) => [...f.slice(0, 10), '{"type":"stream_event","streamId":', ...f.slice(10)],
      reason: 'a frame that is not JSON: {"type":"stream_event","streamId":',
    },
    {
      name: 'an event of another stream',
      edit: (f) => [
        ...f.slice(0, 10),
        (f[9] as string).replace('stream_db5b', 'stream_zzzz').replace('"eventId":9', '"eventId":10'),
        ...f.slice(10),
      ],
      reason:
        'a "stream_event" of stream "stream_zzzz5fab-8f4d-4e27-9da1-494c73cf256d" inside stream "stream_db5b5fab-8f4d-4e27-9da1-494c73cf256d"; dropped',
    },
    {
      name: 'a frame of the wrong protocol (an AI SDK chunk)',
      edit: (f) => [...f.slice(0, 10), '{"type":"tool-input-start","toolCallId":"x","toolName":"y"}', ...f.slice(10)],
      reason: 'an event of unknown type "tool-input-start"; ignored',
    },
  ];

  it.each(cases)('$name', ({ edit, reason }) => {
    const state = reduce(edit(lines(fixture('anvia-client-stream-tools.jsonl'))));
    expect(state.diagnostics).toEqual({ count: 1, last: { reason, protocol: 'anvia' } });
    expect(withoutDiagnostics(state)).toEqual(clean);
  });

  it('reports missing event ids once and still reads the event after the gap', () => {
    const all = lines(fixture('anvia-client-stream-tools.jsonl'));
    // Drop eventIds 10 to 12 (the second half of one call's arguments and another call's start and delta).
    const state = reduce([...all.slice(0, 10), ...all.slice(13)]);
    expect(state.diagnostics).toEqual({
      count: 1,
      last: { reason: 'eventId 13 follows 9: 3 events are missing', protocol: 'anvia' },
    });
    expect(state.byId.fc_68b1c2d3e4f5a6b7c8d9e0f1?.status).toBe('succeeded');
    expect(state.byId.fc_68b1c2d3e4f5a6b7c8d9e0f1?.input).toEqual({ query: 'A-10' });
    // The missed call is still made by its end and its result.
    expect(state.byId.fc_68b1c2d3e4f5a6b7c8d9e0f2?.status).toBe('failed');
    expect(state.byId.fc_68b1c2d3e4f5a6b7c8d9e0f2?.input).toEqual({ orderId: 'A-1057', speed: 'express' });
  });

  it('an eventId one ahead (4 written as 5) costs nothing: the true event 5 after it is read, not taken for a replay', () => {
    const all = lines(fixture('anvia-client-stream-tools.jsonl'));
    // eventId 9 is frame 9; write it as 10, the id of the frame after it.
    const state = reduce(all.map((f, i) => (i === 9 ? f.replace('"eventId":9', '"eventId":10') : f)));
    expect(state.diagnostics).toEqual({
      count: 1,
      last: { reason: 'eventId 10 follows 8: 1 event is missing', protocol: 'anvia' },
    });
    expect(withoutDiagnostics(state)).toEqual(clean);
  });

  it('still drops a replay of the event that jumped ahead (the same id with the same event)', () => {
    const all = lines(fixture('anvia-client-stream-tools.jsonl'));
    // eventId 9 lost, 10 sent twice: the second 10 is a replay.
    const state = reduce([...all.slice(0, 9), all[10] as string, ...all.slice(10)]);
    expect(state.diagnostics.count).toBe(2);
    expect(state.diagnostics.last?.reason).toBe('eventId 10 repeats 10; the event was dropped');
    expect(withoutDiagnostics(state)).toEqual(withoutDiagnostics(reduce([...all.slice(0, 9), ...all.slice(10)])));
  });

  it('a resumable stream may start after ids sent earlier; later ids must still follow', () => {
    const frames = [
      { type: 'stream_start', protocol: 'anvia.client.v3', streamId: SID, eventId: 0, resumable: true },
      { type: 'stream_event', streamId: SID, eventId: 41, event: { runId: RUN, ...success('c1', 'echo', {}, 'ok') } },
      { type: 'stream_event', streamId: SID, eventId: 42, event: { runId: RUN, ...runEnd('completed') } },
      { type: 'stream_end', streamId: SID, eventId: 42, status: 'completed' },
    ];
    const state = reduce(frames);
    expect(state.diagnostics).toEqual({ count: 0 });
    expect(state.byId.c1?.status).toBe('succeeded');
  });

  it('flags a non-resumable stream whose first id is not 1, a stream_end with the wrong id and frames after it', () => {
    const events = decode([
      { type: 'stream_start', protocol: 'anvia.client.v3', streamId: SID, eventId: 0, resumable: false },
      { type: 'stream_event', streamId: SID, eventId: 2, event: { runId: RUN, ...runStart } },
      { type: 'stream_end', streamId: SID, eventId: 5, status: 'completed' },
      { type: 'stream_event', streamId: SID, eventId: 3, event: { runId: RUN, ...runEnd('completed') } },
    ]);
    expect(events).toEqual<StepEvent[]>([
      { type: 'diagnostic', protocol: 'anvia', reason: 'eventId 2 follows 0: 1 event is missing' },
      { type: 'run-start', runId: RUN },
      { type: 'diagnostic', protocol: 'anvia', reason: '"stream_end" says the last eventId is 5, but it was 2' },
      {
        type: 'diagnostic',
        protocol: 'anvia',
        reason: 'a "stream_event" after "stream_end" of stream "stream_1"; dropped',
      },
      { type: 'run-abort', code: 'stream-closed' },
    ]);
  });

  it('reads an older protocol version with a diagnostic, and frames that are not objects', () => {
    const events = decode([
      { type: 'stream_start', protocol: 'anvia.client.v2', streamId: SID, eventId: 0, resumable: false },
      '[1,2]',
      { type: 'stream_event', streamId: SID, eventId: 1, event: 'run_start' },
      { type: 'stream_event', streamId: SID, eventId: 0, event: { runId: RUN, ...runStart } },
    ]);
    expect(events).toEqual<StepEvent[]>([
      {
        type: 'diagnostic',
        protocol: 'anvia',
        reason: 'a stream of protocol "anvia.client.v2", not "anvia.client.v3"; read as anvia.client.v3',
      },
      { type: 'diagnostic', protocol: 'anvia', reason: 'a frame that is not a JSON object' },
      { type: 'diagnostic', protocol: 'anvia', reason: 'a "stream_event" 1 without an "event" object; dropped' },
      {
        type: 'diagnostic',
        protocol: 'anvia',
        reason: 'a "stream_event" with eventId 0, not a positive integer; dropped',
      },
      { type: 'run-abort', code: 'closed-before-start' },
    ]);
  });
});

describe('anvia: edge cases of the wire', () => {
  it('3.4.2 a result without a start makes the step, with the executed input', () => {
    const state = reduce(
      envelope([runStart, success('c1', 'refund_order', { orderId: 'A-1' }, { ok: true }), runEnd('completed')]),
    );
    expect(state.byId.c1).toEqual<Step>({
      id: 'c1',
      toolName: 'refund_order',
      status: 'succeeded',
      inputText: '',
      input: { orderId: 'A-1' },
      result: { ok: true },
    });
  });

  it('3.4.3 a later message_end whose final parts omit the step does not drop it', () => {
    const state = reduce(
      envelope([
        runStart,
        success('c1', 'echo', 'hi', 'hi'),
        { type: 'message_end', messageId: 'msg_1', parts: [{ id: 'text_1', type: 'text', text: 'done' }] },
        runEnd('completed'),
      ]),
    );
    expect(state.ids).toEqual(['c1']);
    expect(state.byId.c1?.status).toBe('succeeded');
  });

  it('3.4.4 a start without a tool name is named by a later delta', () => {
    const decoder = anvia();
    const frames = envelope(
      [runStart, start('c1'), delta('c1', '{"q":', 'append', { toolName: 'search' }), delta('c1', '1}')],
      null,
    );
    let state = emptyStepsState;
    const names: string[] = [];
    for (const frame of frames) {
      state = reduceSteps(state, decoder.push(frame));
      if (state.byId.c1) names.push(state.byId.c1.toolName);
    }
    expect(names).toEqual(['', 'search', 'search']);
    expect(state.byId.c1?.inputText).toBe('{"q":1}');
  });

  it('3.4.4 ... or by tool_call_end', () => {
    const state = reduce(
      envelope([runStart, start('c1'), delta('c1', '{}'), end('c1', 'lookup', {}), runEnd('completed')]),
    );
    expect(state.byId.c1?.toolName).toBe('lookup');
    expect(state.byId.c1?.status).toBe('interrupted');
  });

  it.each([
    { deltas: [delta('c1', '{"a":1'), delta('c1', '{"b":2}', 'replace')], text: '{"b":2}', input: { b: 2 } },
    { deltas: [delta('c1', '{"a":1}'), delta('c1', '', 'replace')], text: '', input: undefined },
    {
      deltas: [delta('c1', ''), delta('c1', '{"a":'), delta('c1', ''), delta('c1', '3}')],
      text: '{"a":3}',
      input: { a: 3 },
    },
    {
      deltas: [delta('c1', '{"x":"ab'), delta('c1', '{"x":"abc"}', 'replace'), delta('c1', '')],
      text: '{"x":"abc"}',
      input: { x: 'abc' },
    },
  ])('3.4.5 append and replace deltas give $text', ({ deltas, text, input }) => {
    const state = reduce(envelope([runStart, start('c1', 't'), ...deltas], null));
    expect(state.byId.c1?.inputText).toBe(text);
    expect(state.byId.c1?.input).toEqual(input);
  });

  it('3.4.5 a replace delta is sent as step-input-delta with replace: true', () => {
    const events = decode(envelope([start('c1', 't'), delta('c1', '{}', 'replace')], null));
    expect(events).toContainEqual({ type: 'step-input-delta', id: 'c1', delta: '{}', replace: true });
  });

  it('3.4.6 the executed input of tool_result replaces the streamed arguments, even as a string', () => {
    const changed = reduce(
      envelope([
        runStart,
        start('c1', 'run'),
        end('c1', 'run', { cmd: 'ls' }),
        success('c1', 'run', { cmd: 'ls -la' }, 'ok'),
        runEnd('completed'),
      ]),
    );
    expect(changed.byId.c1?.input).toEqual({ cmd: 'ls -la' });
    const text = reduce(
      envelope([
        runStart,
        start('c2', 'run'),
        end('c2', 'run', {}),
        success('c2', 'run', 'not json', 'ok'),
        runEnd('completed'),
      ]),
    );
    expect(text.byId.c2?.input).toBe('not json');
    const same = decode(
      envelope([start('c3', 'run'), end('c3', 'run', { a: 1 }), success('c3', 'run', { a: 1 }, 'ok')]),
    );
    expect(same.filter((e) => e.type === 'step-input')).toHaveLength(1);
  });

  it('3.4.7 matches by callId when toolCallId is missing', () => {
    const { toolCallId: _omit, ...withoutId } = success('x', 'echo', {}, 'ok', { callId: 'call_9' });
    const state = reduce(envelope([runStart, withoutId, runEnd('completed')]));
    expect(state.ids).toEqual(['call_9']);
  });

  it.each([
    {
      code: 'tool_execution_denied',
      expected: {
        status: 'denied',
        approval: { decision: { approved: false, reason: 'Refunds over $200 need a manager.' } },
      },
    },
    {
      code: 'tool_execution_error',
      expected: {
        status: 'failed',
        error: { message: 'Refunds over $200 need a manager.', code: 'tool_execution_error' },
      },
    },
    {
      code: 'rate_limited',
      expected: { status: 'failed', error: { message: 'Refunds over $200 need a manager.', code: 'rate_limited' } },
    },
  ])('3.4.8 error code $code', ({ code, expected }) => {
    const state = reduce(
      envelope([
        runStart,
        start('c1', 'refund'),
        failure('c1', 'refund', { message: 'Refunds over $200 need a manager.', code }),
        runEnd('completed'),
      ]),
    );
    expect(state.byId.c1).toMatchObject(expected);
  });

  it('3.4.8 an error without a code fails with the message and keeps the error details', () => {
    const state = reduce(
      envelope([
        runStart,
        failure('c1', 'charge', { message: 'Tool execution failed.', details: { declineCode: 'insufficient_funds' } }),
        runEnd('completed'),
      ]),
    );
    expect(state.byId.c1?.status).toBe('failed');
    expect(state.byId.c1?.error).toEqual({ message: 'Tool execution failed.' });
    expect(state.byId.c1?.details).toEqual({ declineCode: 'insufficient_funds' });
  });

  it('3.4.10 a nested agent scope nests steps under the parent call and does not end the run', () => {
    const scope = {
      agentId: 'researcher',
      parentRunId: RUN,
      parentToolName: 'research',
      parentToolCallId: 'outer',
      parentInternalToolCallId: 'i-1',
    };
    const state = reduce(
      envelope(
        [
          runStart,
          start('outer', 'research'),
          end('outer', 'research', { topic: 'x' }),
          { type: 'run_start', source: 'agent', runId: 'run_nested', scope },
          { ...start('inner', 'web_search'), scope },
          { ...end('inner', 'web_search', { q: 'x' }), scope },
          { ...success('inner', 'web_search', { q: 'x' }, ['a']), scope },
          { ...runEnd('completed'), runId: 'run_nested', scope },
          { type: 'error', error: { message: 'nested agent hiccup' }, scope },
        ],
        null,
      ),
    );
    expect(state.byId.inner?.parentId).toBe('outer');
    expect(state.byId.inner?.status).toBe('succeeded');
    expect(state.byId.outer?.parentId).toBeUndefined();
    expect(state.byId.outer?.status).toBe('interrupted');
    expect(state.run).toMatchObject({ status: 'interrupted' });
  });

  it('3.4.10 a nested result without a start still nests', () => {
    const scope = { parentToolCallId: 'outer' };
    const state = reduce(
      envelope([
        runStart,
        start('outer', 'research'),
        { ...success('inner', 'search', {}, 1), scope },
        runEnd('completed'),
      ]),
    );
    expect(state.byId.inner?.parentId).toBe('outer');
  });

  it.each([
    {
      status: 'error' as const,
      run: {
        status: 'error',
        error: { message: 'The stream ended with an error before the run finished.', code: 'stream_error' },
      },
    },
    {
      status: 'missing' as const,
      run: {
        status: 'error',
        error: { message: 'The server has no stream to resume (stream_end: missing).', code: 'stream_missing' },
      },
    },
    { status: 'completed' as const, run: { status: 'interrupted' } },
  ])('3.4.11 stream_end $status without run_end', ({ status, run }) => {
    const state = reduce(envelope([runStart, start('c1', 'slow'), end('c1', 'slow', {})], status));
    expect(state.run).toMatchObject(run);
    expect(state.byId.c1?.status).toBe('interrupted');
  });

  it('a stream cut without stream_end ends run-abort', () => {
    const events = decode(envelope([runStart, start('c1', 'slow')], null));
    expect(events.at(-1)).toEqual({ type: 'run-abort', code: 'stream-closed' });
  });
});

describe('anvia: run_end statuses, interactions, errors', () => {
  const open = [runStart, start('a', 'slow'), end('a', 'slow', {}), start('b', 'queued')];

  it.each([
    { status: 'completed', run: { status: 'done' }, a: 'interrupted', b: 'interrupted' },
    { status: 'suspended', run: { status: 'paused' }, a: 'awaiting-approval', b: 'awaiting-approval' },
    { status: 'approval_required', run: { status: 'paused' }, a: 'awaiting-approval', b: 'awaiting-approval' },
    { status: 'cancelled', run: { status: 'interrupted' }, a: 'cancelled', b: 'cancelled' },
    {
      status: 'blocked',
      run: { status: 'error', error: { message: 'The run was blocked by a guardrail.', code: 'run_blocked' } },
      a: 'interrupted',
      b: 'interrupted',
    },
    {
      status: 'error',
      run: { status: 'error', error: { message: 'The run ended with an error.', code: 'run_error' } },
      a: 'interrupted',
      b: 'interrupted',
    },
  ])('run_end $status', ({ status, run, a, b }) => {
    const state = reduce(envelope([...open, runEnd(status)]));
    expect(state.run).toMatchObject(run);
    expect(state.byId.a?.status).toBe(a);
    expect(state.byId.b?.status).toBe(b);
    expect(state.diagnostics).toEqual({ count: 0 });
  });

  it('an error event keeps its message when run_end error follows', () => {
    const state = reduce(
      envelope([
        ...open,
        { type: 'error', error: { message: 'An unexpected error occurred.', code: 'internal' } },
        runEnd('error'),
      ]),
    );
    expect(state.run).toEqual({
      status: 'error',
      error: { message: 'An unexpected error occurred.', code: 'internal' },
    });
  });

  it('an unknown run_end status is a diagnostic and ends the run', () => {
    const state = reduce(envelope([...open, runEnd('exploded')]));
    expect(state.run).toEqual({ status: 'done' });
    expect(state.diagnostics.last?.reason).toBe(
      'a "run_end" with an unknown status "exploded"; the run is taken as finished',
    );
  });

  it("a tool question is shown as the step's progress", () => {
    const state = reduce(
      envelope([
        runStart,
        start('q1', 'choose_plan'),
        end('q1', 'choose_plan', {}),
        {
          type: 'interaction',
          interaction: {
            type: 'tool-question',
            id: 'interaction_q',
            toolName: 'choose_plan',
            toolCallId: 'q1',
            internalCallId: 'i-q',
            questions: [{ id: 'plan', text: 'Which plan?', choices: [{ label: 'Pro', value: 'pro' }] }],
          },
        },
        runEnd('suspended'),
      ]),
    );
    expect(state.byId.q1?.status).toBe('awaiting-approval');
    expect(state.byId.q1?.progress).toEqual({
      content: 'Which plan?',
      details: {
        kind: 'json',
        questions: [{ id: 'plan', text: 'Which plan?', choices: [{ label: 'Pro', value: 'pro' }] }],
      },
      count: 1,
    });
  });

  it.each([
    {
      status: 'pending',
      expected: { status: 'awaiting-approval', approval: { id: 'appr_1', description: 'Needs a manager.' } },
    },
    { status: 'approved', expected: { status: 'running', approval: { decision: { approved: true } } } },
    {
      status: 'rejected',
      expected: { status: 'denied', approval: { decision: { approved: false, reason: 'Needs a manager.' } } },
    },
    { status: 'cancelled', expected: { status: 'cancelled' } },
  ])('the older tool_approval event, status $status', ({ status, expected }) => {
    const approval = {
      id: 'appr_1',
      toolName: 'refund',
      callId: 'c1',
      input: { amount: 1 },
      reason: 'Needs a manager.',
    };
    const frames = envelope(
      [
        runStart,
        start('c1', 'refund'),
        end('c1', 'refund', { amount: 1 }),
        ...(status === 'pending' ? [] : [{ type: 'tool_approval', approval: { ...approval, status: 'pending' } }]),
        { type: 'tool_approval', approval: { ...approval, status } },
      ],
      null,
    );
    const state = reduceOpen(frames);
    expect(state.byId.c1).toMatchObject(expected);
  });

  it('ignores text, turns and data; reports unknown event types', () => {
    const events = decode(
      envelope([
        runStart,
        { type: 'turn_start', turn: 1 },
        { type: 'text_delta', messageId: 'm', partId: 'p', delta: 'hi' },
        { type: 'data', name: 'progress', data: { pct: 5 } },
        { type: 'telepathy', payload: 1 },
        runEnd('completed'),
      ]),
    );
    expect(events).toEqual<StepEvent[]>([
      { type: 'run-start', runId: RUN },
      { type: 'diagnostic', protocol: 'anvia', reason: 'an event of unknown type "telepathy"; ignored' },
      { type: 'run-finish', status: 'done' },
    ]);
  });

  it('reads bare client events (no envelope) without sequence checks', () => {
    const state = reduce([
      { runId: RUN, ...runStart },
      { runId: RUN, ...start('c1', 'echo') },
      { runId: RUN, ...success('c1', 'echo', { s: 'x' }, 'x') },
      { runId: RUN, ...runEnd('completed') },
    ]);
    expect(state.byId.c1?.status).toBe('succeeded');
    expect(state.run).toEqual({ status: 'done' });
    expect(state.diagnostics).toEqual({ count: 0 });
  });

  it('never throws on malformed tool events', () => {
    const events = decode(
      envelope([
        { type: 'tool_call_start' },
        { type: 'tool_call_delta', toolCallId: 'c1', delta: 5 },
        { type: 'tool_result', toolCallId: 'c1', toolName: 'x', result: 'ok' },
        { type: 'tool_result', toolCallId: 'c2', toolName: 'x', result: { status: 'maybe' } },
        { type: 'interaction', interaction: { type: 'tool-approval', id: 'i' } },
        { type: 'interaction', interaction: { type: 'mystery' } },
      ]),
    );
    expect(events.filter((e) => e.type === 'diagnostic').map((e) => (e as { reason: string }).reason)).toEqual([
      'a "tool_call_start" without a "toolCallId"; dropped',
      'a "tool_call_delta" for "c1" without a text "delta"; dropped',
      'a "tool_result" for "c1" without a "result" object; its outcome is unknown',
      'a "tool_result" for "c2" with an unknown status "maybe"; its outcome is unknown',
      'a tool approval without a "toolCallId"; dropped',
      'an "interaction" of unknown type "mystery"; ignored',
    ]);
  });
});
