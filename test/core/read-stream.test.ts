// readStream / eventsFromText / stepsFromText: sources, framing, awkward chunks, cuts and aborts.

import {
  emptyStepsState,
  readStream,
  reduceSteps,
  type StepEvent,
  type StepsState,
  type StreamSource,
} from 'tool-steps/core';
import { eventsFromText, stepsFromText } from 'tool-steps/wires';
import { afterEach, describe, expect, it, vi } from 'vitest';

const encoder = new TextEncoder();

/** Server-style SSE text: one compact `data:` line per event and a blank line. */
const sse = (...events: unknown[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
const jsonl = (...events: unknown[]) => events.map((e) => `${JSON.stringify(e)}\n`).join('');

/** A byte stream of `bytes` cut at the given offsets. */
function byteStream(bytes: Uint8Array, cuts: readonly number[]): ReadableStream<Uint8Array> {
  const points = [0, ...cuts.filter((c) => c > 0 && c < bytes.length), bytes.length];
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 1; i < points.length; i++) controller.enqueue(bytes.slice(points[i - 1], points[i]));
      controller.close();
    },
  });
}

async function* strings(chunks: readonly string[]): AsyncGenerator<string> {
  for (const chunk of chunks) yield chunk;
}

async function collect(source: StreamSource, options?: Parameters<typeof readStream>[1]): Promise<StepEvent[][]> {
  const batches: StepEvent[][] = [];
  for await (const batch of readStream(source, options)) batches.push(batch);
  return batches;
}

const reduceAll = (batches: StepEvent[][]): StepsState =>
  batches.reduce<StepsState>((state, batch) => reduceSteps(state, batch), emptyStepsState);

// A small Cogitator run with non-ASCII text: é (2 bytes), ✓ (3 bytes), 😀 (4 bytes).
const RESULT = 'café ✓ 😀 done';
const RUN = [
  { type: 'start', messageId: 'msg_1' },
  { type: 'text-start', id: 'txt_1' },
  { type: 'text-delta', id: 'txt_1', delta: 'Ça va ✓' },
  { type: 'text-end', id: 'txt_1' },
  { type: 'tool-call-start', id: 'call_1', toolName: 'read_file' },
  { type: 'tool-call-delta', id: 'call_1', argsTextDelta: '{"path":"docs/über.md"}' },
  { type: 'tool-call-end', id: 'call_1' },
  { type: 'tool-update', toolCallId: 'call_1', content: 'lecture…' },
  { type: 'tool-result', id: 'res_1', toolCallId: 'call_1', result: RESULT },
  { type: 'finish', messageId: 'msg_1', status: 'completed' },
];
const RUN_EVENTS: StepEvent[] = [
  { type: 'run-start', runId: 'msg_1' },
  { type: 'step-start', id: 'call_1', toolName: 'read_file' },
  { type: 'step-input-delta', id: 'call_1', delta: '{"path":"docs/über.md"}' },
  { type: 'step-input', id: 'call_1' },
  { type: 'step-progress', id: 'call_1', content: 'lecture…' },
  { type: 'step-result', id: 'call_1', result: RESULT },
  { type: 'run-finish', status: 'done' },
];
const RUN_SSE = `${sse(...RUN)}data: [DONE]\n\n`;
const RUN_STATE: StepsState = {
  ids: ['call_1'],
  byId: {
    call_1: {
      id: 'call_1',
      toolName: 'read_file',
      status: 'succeeded',
      inputText: '{"path":"docs/über.md"}',
      input: { path: 'docs/über.md' },
      progress: { content: 'lecture…', count: 1 },
      result: RESULT,
    },
  },
  run: { status: 'done' },
  diagnostics: { count: 0 },
};

afterEach(() => {
  vi.useRealTimers();
});

describe('sources', () => {
  it('a Response with content-type text/event-stream', async () => {
    const response = new Response(RUN_SSE, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
    const batches = await collect(response);
    expect(batches.flat()).toEqual(RUN_EVENTS);
    expect(reduceAll(batches)).toEqual(RUN_STATE);
  });

  it('a Response with no body ends the run as aborted, saying there was no stream', async () => {
    const batches = await collect(new Response(null, { headers: { 'content-type': 'text/event-stream' } }));
    expect(batches.flat()).toEqual([{ type: 'run-abort', code: 'no-body' }]);
  });

  it('a ReadableStream<Uint8Array> cut mid-line and mid-character', async () => {
    const bytes = encoder.encode(RUN_SSE);
    const multibyte = [...RUN_SSE].reduce<number[]>((cuts, ch, i) => {
      const before = encoder.encode(RUN_SSE.slice(0, i)).length;
      if (encoder.encode(ch).length > 1) cuts.push(before + 1);
      return cuts;
    }, []);
    expect(multibyte.length).toBeGreaterThan(5);
    const batches = await collect(byteStream(bytes, [7, 40, 41, 95, ...multibyte]));
    expect(batches.flat()).toEqual(RUN_EVENTS);
    expect(reduceAll(batches)).toEqual(RUN_STATE);
  });

  it('a 4-byte character split in every possible place', async () => {
    const bytes = encoder.encode(RUN_SSE);
    const at = bytes.indexOf(0xf0); // first byte of 😀
    for (const cut of [at + 1, at + 2, at + 3]) {
      const batches = await collect(byteStream(bytes, [30, cut]));
      expect(reduceAll(batches).byId.call_1?.result).toBe(RESULT);
    }
  });

  it('\\r\\n line endings, split between \\r and \\n', async () => {
    const text = RUN_SSE.replace(/\n/g, '\r\n');
    const bytes = encoder.encode(text);
    const cuts: number[] = [];
    for (let i = 0; i < bytes.length; i++) if (bytes[i] === 13) cuts.push(i + 1);
    const batches = await collect(byteStream(bytes, cuts));
    expect(batches.flat()).toEqual(RUN_EVENTS);
  });

  it('a ReadableStream of strings', async () => {
    const chunks = [RUN_SSE.slice(0, 50), RUN_SSE.slice(50, 51), RUN_SSE.slice(51)];
    const stream = new ReadableStream<string>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    expect((await collect(stream)).flat()).toEqual(RUN_EVENTS);
  });

  it('an async iterable of strings', async () => {
    const chunks = RUN_SSE.match(/[\s\S]{1,13}/g) ?? [];
    expect((await collect(strings(chunks))).flat()).toEqual(RUN_EVENTS);
  });

  it('a whole string', async () => {
    const batches = await collect(RUN_SSE);
    expect(batches).toEqual([RUN_EVENTS]);
  });

  it('a byte stream fed one byte at a time, with no content type to go by', async () => {
    const bytes = encoder.encode(RUN_SSE);
    const batches = await collect(byteStream(bytes, Array.from(bytes.keys())));
    expect(batches.flat()).toEqual(RUN_EVENTS);
  });

  it('an async iterable that starts with a very short chunk', async () => {
    expect((await collect(strings(['da', RUN_SSE.slice(2)]))).flat()).toEqual(RUN_EVENTS);
  });
});

describe('framing', () => {
  it('JSONL: a Cogitator run, one event per line, detected from the first character', async () => {
    const text = jsonl(...RUN);
    expect((await collect(text)).flat()).toEqual(RUN_EVENTS);
    expect((await collect(strings(text.match(/[\s\S]{1,7}/g) ?? []))).flat()).toEqual(RUN_EVENTS);
  });

  it('JSONL with \\r\\n and blank lines', () => {
    expect(eventsFromText(`\r\n${jsonl(...RUN).replace(/\n/g, '\r\n\r\n')}`)).toEqual(RUN_EVENTS);
  });

  it('JSONL by content type (application/x-ndjson)', async () => {
    const response = new Response(jsonl(...RUN), { headers: { 'content-type': 'application/x-ndjson' } });
    expect((await collect(response)).flat()).toEqual(RUN_EVENTS);
  });

  it('native events, over SSE and over JSONL, detected by their types', () => {
    const events: StepEvent[] = [
      { type: 'run-start' },
      { type: 'step-start', id: 'a', toolName: 'grep' },
      { type: 'step-result', id: 'a', result: 1 },
      { type: 'run-finish', status: 'done' },
    ];
    expect(eventsFromText(sse(...events))).toEqual(events);
    expect(eventsFromText(jsonl(...events))).toEqual(events);
  });

  it('protocol and framing can be forced', () => {
    const text = jsonl({ type: 'run-start' }, { type: 'run-finish' });
    expect(eventsFromText(text, { protocol: 'native', framing: 'jsonl' })).toEqual([
      { type: 'run-start' },
      { type: 'run-finish' },
    ]);
    const asCogitator = eventsFromText(text, { protocol: 'cogitator' });
    expect(asCogitator.filter((e) => e.type === 'diagnostic')).toHaveLength(2);
  });

  it('an unknown protocol option ends the read with UNKNOWN_PROTOCOL naming it, and cancels the body unread', async () => {
    const message =
      'Unknown protocol "ai_sdk": the kit reads "cogitator", "cogitator-ws", "ai-sdk", "anvia", "native", "openai-responses", "openai-agents", "anthropic", "ag-ui" (or "auto" to detect it from the stream). Check the protocol option\'s spelling.';
    const cancels: unknown[] = [];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(sse(...RUN)));
      },
      cancel(reason) {
        cancels.push(reason);
      },
    });
    const response = new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    const protocol = 'ai_sdk' as 'ai-sdk'; // a typo from a caller without types
    expect(await collect(response, { protocol })).toEqual([[{ type: 'run-error', code: 'UNKNOWN_PROTOCOL', message }]]);
    expect(cancels).toHaveLength(1);
    // never decoded as another protocol: no step of the Cogitator run appears
    expect(eventsFromText(sse(...RUN), { protocol })).toEqual([
      { type: 'run-error', code: 'UNKNOWN_PROTOCOL', message },
    ]);
    const state = stepsFromText(sse(...RUN), { protocol });
    expect(state.ids).toEqual([]);
    expect(state.run).toEqual({ status: 'error', error: { message, code: 'UNKNOWN_PROTOCOL' } });
  });

  it('the x-tool-steps-protocol header picks the decoder', async () => {
    // no frame says which protocol this is: only the header can
    const response = new Response('data: not json\n\n', {
      headers: { 'content-type': 'text/event-stream', 'x-tool-steps-protocol': 'native' },
    });
    expect((await collect(response)).flat()).toEqual([
      { type: 'diagnostic', protocol: 'native', reason: 'a frame that is not JSON: not json' },
      { type: 'run-abort', code: 'closed-before-start' },
    ]);
  });

  it('keep-alive comments, [DONE], stray event:/id:/retry: lines and several data: lines are tolerated', () => {
    const text = [
      ': keep-alive',
      '',
      'event: start',
      'id: 1',
      'retry: 3000',
      `data: ${JSON.stringify(RUN[0])}`,
      '',
      ':keep-alive',
      '',
      ...RUN.slice(1, -1).flatMap((e) => [`data: ${JSON.stringify(e)}`, '', ': keep-alive', '']),
      'event: done',
      'data: {"type":"finish",',
      'data: "messageId":"msg_1","status":"completed"}',
      '',
      'data: [DONE]',
      '',
      ': keep-alive',
      '',
    ].join('\n');
    const state = stepsFromText(text);
    expect(state).toEqual(RUN_STATE);
    expect(eventsFromText(text)).toEqual(RUN_EVENTS);
  });

  it('a BOM at the start is ignored', () => {
    expect(eventsFromText(`\uFEFF${RUN_SSE}`)).toEqual(RUN_EVENTS);
  });

  it('a line that is not an SSE field is a diagnostic, and the rest still reads', () => {
    const text = `${sse(RUN[0], RUN[4])}garbage line\n\n${sse(...RUN.slice(1, 4), ...RUN.slice(5))}`;
    const events = eventsFromText(text);
    expect(events.filter((e) => e.type === 'diagnostic')).toEqual([
      { type: 'diagnostic', protocol: 'cogitator', reason: 'a line that is not an SSE field: garbage line' },
    ]);
    expect(events.filter((e) => e.type !== 'diagnostic')).toEqual(RUN_EVENTS);
  });

  it('an empty text: a run that never started', () => {
    expect(eventsFromText('')).toEqual([{ type: 'run-abort', code: 'closed-before-start' }]);
    expect(stepsFromText('').run).toEqual({
      status: 'interrupted',
      reasonCode: 'closed-before-start',
    });
  });
});

describe('batches', () => {
  it('one batch per chunk that produced events', async () => {
    const chunks = [
      sse(RUN[0], RUN[4]), // run-start, step-start
      ': keep-alive\n\n', // nothing
      sse(RUN[1], RUN[2], RUN[3]), // text parts: nothing
      sse(RUN[5], RUN[6]).slice(0, 30), // half a frame: nothing yet
      sse(RUN[5], RUN[6]).slice(30), // delta, input
      sse(RUN[7], RUN[8], RUN[9]), // progress, result, finish
    ];
    const batches = await collect(strings(chunks));
    expect(batches.map((b) => b.map((e) => e.type))).toEqual([
      ['run-start', 'step-start'],
      ['step-input-delta', 'step-input'],
      ['step-progress', 'step-result', 'run-finish'],
    ]);
  });

  it('frames before the protocol is known are kept and decoded once it is', async () => {
    // `start` without a threadId could be Cogitator or the AI SDK: it waits for a frame that decides
    const batches = await collect(strings([': hi\n\ndata: [DONE]\n\n', sse(RUN[0]), sse(RUN[4]), sse(RUN[9])]));
    expect(batches.flat()).toEqual([
      { type: 'run-start', runId: 'msg_1' },
      { type: 'step-start', id: 'call_1', toolName: 'read_file' },
      { type: 'run-finish', status: 'done' },
    ]);
    expect(batches.at(-1)).toEqual([{ type: 'run-finish', status: 'done' }]);
  });
});

describe('a stream that ends mid-frame', () => {
  const head = sse(RUN[0], RUN[4], RUN[5], RUN[6], RUN[8]);
  const cut = `${head}${sse({ type: 'tool-call-start', id: 'call_2', toolName: 'grep' })}data: {"type":"tool-call-delta","id":"call_2","argsTe`;

  it('SSE: never throws, keeps the finished step, counts a diagnostic, aborts the run', async () => {
    const batches = await collect(strings([cut]));
    const events = batches.flat();
    expect(events.at(-1)).toEqual({
      type: 'run-abort',
      code: 'cut-mid-frame',
    });
    const state = reduceAll(batches);
    expect(state.ids).toEqual(['call_1', 'call_2']);
    expect(state.byId.call_1).toMatchObject({ status: 'succeeded', result: RESULT, input: { path: 'docs/über.md' } });
    expect(state.byId.call_2).toMatchObject({ status: 'interrupted', toolName: 'grep' });
    expect(state.run).toMatchObject({ status: 'interrupted' });
    expect(state.diagnostics.count).toBe(1);
    expect(state.diagnostics.last?.protocol).toBe('cogitator');
  });

  it('JSONL: the same', async () => {
    const text = `${jsonl(RUN[0], RUN[4], RUN[5], RUN[6], RUN[8])}{"type":"tool-call-start","id":"call_2","tool`;
    const state = reduceAll(await collect(text));
    expect(state.ids).toEqual(['call_1']);
    expect(state.byId.call_1?.status).toBe('succeeded');
    expect(state.run).toMatchObject({ status: 'interrupted' });
    expect(state.diagnostics).toEqual({
      count: 1,
      last: {
        reason: 'a frame that is not JSON: {"type":"tool-call-start","id":"call_2","tool',
        protocol: 'cogitator',
      },
    });
  });

  it('stepsFromText of a cut capture: the same final state as reading it', async () => {
    expect(stepsFromText(cut)).toEqual(reduceAll(await collect(cut)));
  });
});

describe('errors while reading', () => {
  it('a network error is rethrown after the events read so far', async () => {
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(encoder.encode(sse(RUN[0], RUN[4])));
        } else controller.error(new TypeError('network down'));
      },
    });
    const batches: StepEvent[][] = [];
    await expect(
      (async () => {
        for await (const batch of readStream(stream)) batches.push(batch);
      })(),
    ).rejects.toThrow('network down');
    expect(batches.flat().map((e) => e.type)).toEqual(['run-start', 'step-start']);
  });
});

describe('AbortSignal', () => {
  /** A response that sends `first` and then waits forever; records cancels. */
  function hangingResponse(first: string) {
    const cancels: unknown[] = [];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(first));
      },
      cancel(reason) {
        cancels.push(reason);
      },
    });
    return { response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }), cancels };
  }

  it('aborting between batches stops reading, ends with run-abort and cancels the body', async () => {
    const { response, cancels } = hangingResponse(sse(RUN[0], RUN[4]));
    const controller = new AbortController();
    const batches: StepEvent[][] = [];
    for await (const batch of readStream(response, { signal: controller.signal })) {
      batches.push(batch);
      if (batches.length === 1) controller.abort();
    }
    expect(batches).toEqual([
      [
        { type: 'run-start', runId: 'msg_1' },
        { type: 'step-start', id: 'call_1', toolName: 'read_file' },
      ],
      [{ type: 'run-abort', code: 'stopped' }],
    ]);
    expect(cancels).toHaveLength(1);
    expect(reduceAll(batches).byId.call_1?.status).toBe('interrupted');
  });

  it('aborting while waiting for bytes stops at once', async () => {
    const { response, cancels } = hangingResponse(sse(RUN[0], RUN[4]));
    const controller = new AbortController();
    const batches: StepEvent[][] = [];
    for await (const batch of readStream(response, { signal: controller.signal })) {
      batches.push(batch);
      if (batches.length === 1) queueMicrotask(() => controller.abort());
    }
    expect(batches.at(-1)).toEqual([{ type: 'run-abort', code: 'stopped' }]);
    expect(cancels).toHaveLength(1);
  });

  it('an abort after the run finished adds nothing', async () => {
    const { response } = hangingResponse(sse(RUN[0], RUN[9]));
    const controller = new AbortController();
    const batches: StepEvent[][] = [];
    for await (const batch of readStream(response, { signal: controller.signal })) {
      batches.push(batch);
      controller.abort();
    }
    expect(batches).toEqual([
      [
        { type: 'run-start', runId: 'msg_1' },
        { type: 'run-finish', status: 'done' },
      ],
    ]);
  });

  it('a signal aborted before reading starts reads nothing and cancels the body', async () => {
    const { response, cancels } = hangingResponse(sse(RUN[0]));
    const batches = await collect(response, { signal: AbortSignal.abort() });
    expect(batches).toEqual([[{ type: 'run-abort', code: 'stopped' }]]);
    expect(cancels).toHaveLength(1);
  });

  it('an async iterable source stops too, even while it is waiting', async () => {
    vi.useFakeTimers();
    async function* source() {
      yield sse(RUN[4]);
      await new Promise(() => {}); // a quiet server
    }
    const controller = new AbortController();
    const batches: StepEvent[][] = [];
    let firstBatch = () => {};
    const first = new Promise<void>((resolve) => {
      firstBatch = resolve;
    });
    const reading = (async () => {
      for await (const batch of readStream(source(), { signal: controller.signal })) {
        batches.push(batch);
        firstBatch();
      }
      return 'stopped';
    })();
    await first;
    expect(batches).toEqual([[{ type: 'step-start', id: 'call_1', toolName: 'read_file' }]]);
    controller.abort();
    const timeout = new Promise((resolve) => setTimeout(() => resolve('still reading'), 10_000));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await Promise.race([reading, timeout])).toBe('stopped');
    expect(batches.at(-1)).toEqual([{ type: 'run-abort', code: 'stopped' }]);
  });
});

describe('stepsFromText', () => {
  it('decodes and reduces a whole capture at once', () => {
    expect(stepsFromText(RUN_SSE)).toEqual(RUN_STATE);
    expect(stepsFromText(jsonl(...RUN))).toEqual(RUN_STATE);
  });

  it('equals reducing the batches readStream gives', async () => {
    expect(stepsFromText(RUN_SSE)).toEqual(reduceAll(await collect(strings(RUN_SSE.match(/[\s\S]{1,5}/g) ?? []))));
  });

  it('never throws on garbage', () => {
    for (const text of [
      '\u0000\u0001',
      'data:',
      'data: {',
      '{',
      '}\n{',
      ':',
      'event:\n\n',
      '\r\r\r',
      'data: null\n\n',
    ]) {
      expect(() => stepsFromText(text)).not.toThrow();
      expect(stepsFromText(text).ids).toEqual([]);
    }
  });

  it('options pick the protocol', () => {
    const state = stepsFromText(sse({ type: 'step-result', id: 'x', result: 1 }), { protocol: 'native' });
    expect(state.byId.x?.status).toBe('succeeded');
  });
});

describe('protocol detection across a stream', () => {
  it('a stream no decoder recognizes ends with UNRECOGNIZED_STREAM quoting what was seen', () => {
    const state = stepsFromText(jsonl({ kind: 'hello' }, { kind: 'world' }));
    expect(state.run.status).toBe('error');
    expect(state.run.error?.code).toBe('UNRECOGNIZED_STREAM');
    expect(state.run.error?.message).toContain('{\\"kind\\":\\"hello\\"}');
    expect(state.run.error?.message).toContain('protocol');
  });

  it('gives up guessing after 20 frames that name no protocol, and keeps what was known', () => {
    const frames = Array.from({ length: 25 }, (_, i) => ({ n: i }));
    const events = eventsFromText(jsonl(...frames));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'run-error', code: 'UNRECOGNIZED_STREAM' });
    expect((events[0] as { message: string }).message).toContain('and 17 more');
  });

  it('the AI SDK header picks the ai-sdk decoder before any frame', async () => {
    const body = sse(
      { type: 'start' },
      { type: 'tool-input-available', toolCallId: 't1', toolName: 'search', input: { q: 'x' } },
      { type: 'finish' },
    );
    const response = new Response(body, {
      headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' },
    });
    let state: StepsState = emptyStepsState;
    for await (const batch of readStream(response)) state = reduceSteps(state, batch);
    expect(state.byId.t1).toMatchObject({ toolName: 'search', status: 'running', input: { q: 'x' } });
    expect(state.run.status).toBe('done');
  });

  it("Cogitator's WebSocket frames, as JSONL, are detected and read like the SSE run", () => {
    const frames = jsonl(
      {
        type: 'event',
        id: 'r1',
        payload: { type: 'tool-call', id: 'c1', name: 'read_file', arguments: { path: 'a.ts' } },
      },
      { type: 'event', id: 'r1', payload: { type: 'tool-result', callId: 'c1', name: 'read_file', result: 'x' } },
      { type: 'event', id: 'r1', payload: { type: 'complete', result: {} } },
    );
    const state = stepsFromText(frames);
    expect(state.byId.c1).toMatchObject({
      toolName: 'read_file',
      status: 'succeeded',
      input: { path: 'a.ts' },
      result: 'x',
    });
    expect(state.diagnostics.count).toBe(0);
  });
});

describe('large input (found in review)', () => {
  it('a frame that decodes to 150,000 events does not overflow the stack', () => {
    const approvals = Array.from({ length: 150_000 }, (_, i) => ({ toolCallId: `c${i}`, toolName: 'rm' }));
    const text = sse(
      { type: 'start', messageId: 'm', threadId: 't' },
      { type: 'approval-required', threadId: 't', approvals },
    );
    const events = eventsFromText(text);
    expect(events.filter((e) => e.type === 'step-approval')).toHaveLength(150_000);
  });

  it('a long JSONL line fed in many small chunks arrives whole', async () => {
    const result = 'y'.repeat(1_000_000);
    const line = `${JSON.stringify({ type: 'step-result', id: 'r', result })}\n`;
    async function* chunks() {
      for (let at = 0; at < line.length; at += 4096) yield line.slice(at, at + 4096);
    }
    let state: StepsState = emptyStepsState;
    for await (const batch of readStream(chunks(), { protocol: 'native' })) state = reduceSteps(state, batch);
    expect(state.byId.r?.result).toBe(result);
    expect(state.diagnostics.count).toBe(0);
  });
});
