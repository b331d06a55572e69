// createToolStream: the request, its HTTP errors, abort, replacement and the status machine, without React.
// First against a fake fetch (every way a read can settle), then against Node's real fetch and a local server.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStepStore, createToolStream, type StepEvent, type ToolStreamOptions } from 'tool-steps/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const encoder = new TextEncoder();
const frame = (event: object) => `data: ${JSON.stringify(event)}\n\n`;
const native = (...events: StepEvent[]) => events.map(frame).join('');
const sse = (body: BodyInit | null, init: ResponseInit = {}) =>
  new Response(body, { ...init, headers: { 'content-type': 'text/event-stream', ...init.headers } });

/** A whole native run: one read_file call that succeeds. */
const RUN: StepEvent[] = [
  { type: 'run-start' },
  { type: 'step-start', id: 'c1', toolName: 'read_file' },
  { type: 'step-input', id: 'c1', input: { path: 'a.ts' } },
  { type: 'step-result', id: 'c1', result: 'export {}' },
  { type: 'run-finish', status: 'done' },
];

/** A byte stream the test pushes into; `abortWith` says how it settles when the request's signal aborts. */
function pushStream(signal?: AbortSignal, abortWith: 'error' | 'close' | 'nothing' = 'nothing') {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      open = false;
    },
  });
  signal?.addEventListener('abort', () => {
    if (!open) return;
    open = false;
    if (abortWith === 'error') controller.error(new DOMException('This operation was aborted', 'AbortError'));
    if (abortWith === 'close') controller.close();
  });
  return {
    stream,
    push: (text: string) => {
      if (open) controller.enqueue(encoder.encode(text));
    },
    close: () => {
      if (open) controller.close();
      open = false;
    },
    fail: (error: Error) => {
      if (open) controller.error(error);
      open = false;
    },
  };
}

/** A fetch whose answers the test gives, one per call, with the request's signal. */
function fakeFetch() {
  const calls: { url: string; init: RequestInit; answer: (response: Response) => void; fail: (e: Error) => void }[] =
    [];
  const fetch = vi.fn(
    (url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        calls.push({ url: String(url), init: init ?? {}, answer: resolve, fail: reject });
      }),
  );
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

/** A tool stream over a synchronous store, with a listener counting notifications. */
function make(options: Partial<ToolStreamOptions> & Pick<ToolStreamOptions, 'fetch'>) {
  const store = createStepStore({ schedule: (flush) => flush(), now: () => 1000 });
  const stream = createToolStream({ api: '/api/agent', store, ...options });
  const statuses: string[] = [stream.getSnapshot().status];
  const listener = vi.fn(() => {
    const { status } = stream.getSnapshot();
    if (statuses.at(-1) !== status) statuses.push(status);
  });
  stream.subscribe(listener);
  return { stream, store, statuses, listener };
}

/** Waits until `check` passes, a microtask turn at a time (no timers). */
async function until(check: () => void): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      check();
      return;
    } catch (error) {
      if (i > 2000) throw error;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
}

describe('createToolStream with a fake fetch', () => {
  it('starts idle, POSTs JSON with the headers, streams, ends done; snapshots keep identity', async () => {
    const { fetch, calls } = fakeFetch();
    const { stream, store, statuses, listener } = make({
      fetch,
      body: { prompt: 'hi' },
      headers: { authorization: 'Bearer t' },
    });
    const first = stream.getSnapshot();
    expect(first).toEqual({ status: 'idle', error: undefined, state: store.getSnapshot() });
    expect(stream.getSnapshot()).toBe(first);
    const sent = stream.send();
    expect(stream.getSnapshot().status).toBe('streaming');
    expect(stream.getSnapshot().state.run.status).toBe('streaming');
    expect(calls).toHaveLength(1);
    const { url, init } = calls[0] as (typeof calls)[number];
    expect(url).toBe('/api/agent');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"prompt":"hi"}');
    const headers = new Headers(init.headers);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('accept')).toBe('text/event-stream, application/x-ndjson');
    expect(headers.get('authorization')).toBe('Bearer t');
    calls[0]?.answer(sse(native(...RUN)));
    await sent;
    const done = stream.getSnapshot();
    expect(done.status).toBe('done');
    expect(done.error).toBeUndefined();
    expect(done.state.byId.c1?.status).toBe('succeeded');
    expect(stream.getSnapshot()).toBe(done);
    expect(statuses).toEqual(['idle', 'streaming', 'done']);
    expect(listener).toHaveBeenCalled();
  });

  it('send(body) overrides the body option, and setOptions changes the next request', async () => {
    const { fetch, calls } = fakeFetch();
    const { stream } = make({ fetch, body: { a: 1 } });
    const one = stream.send({ b: 2 });
    calls[0]?.answer(sse(native(...RUN)));
    await one;
    stream.setOptions({ api: '/other', body: { c: 3 }, fetch });
    const two = stream.send();
    calls[1]?.answer(sse(native(...RUN)));
    await two;
    expect(calls.map((c) => [c.url, c.init.body])).toEqual([
      ['/api/agent', '{"b":2}'],
      ['/other', '{"c":3}'],
    ]);
  });

  it('an HTTP error with { error: { message, code } } is the error, with the HTTP status; the run ends in error', async () => {
    const { fetch, calls } = fakeFetch();
    const { stream, statuses } = make({ fetch });
    const sent = stream.send();
    calls[0]?.answer(
      new Response(JSON.stringify({ error: { message: 'The API key is not valid.', code: 'INVALID_API_KEY' } }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await sent;
    expect(stream.getSnapshot().status).toBe('error');
    expect(stream.getSnapshot().error).toEqual({
      message: 'The API key is not valid.',
      code: 'INVALID_API_KEY',
      status: 401,
    });
    // one owner: the snapshot's error is the run's
    expect(stream.getSnapshot().error).toBe(stream.getSnapshot().state.run.error);
    expect(statuses).toEqual(['idle', 'streaming', 'error']);
  });

  it('an HTTP error with a text body quotes it; { error: "..." } and { message } are read too', async () => {
    const { fetch, calls } = fakeFetch();
    const { stream } = make({ fetch });
    const answers = [
      new Response('upstream timed out', { status: 502, statusText: 'Bad Gateway' }),
      new Response(JSON.stringify({ error: 'Rate limited' }), { status: 429 }),
      new Response(JSON.stringify({ message: 'No such agent' }), { status: 404 }),
      new Response('', { status: 500 }),
    ];
    const errors = [];
    for (const [i, answer] of answers.entries()) {
      const sent = stream.send();
      calls[i]?.answer(answer);
      await sent;
      errors.push(stream.getSnapshot().error);
    }
    expect(errors).toEqual([
      { message: '502 Bad Gateway: upstream timed out', code: 'http-error', status: 502 },
      { message: 'Rate limited', status: 429 },
      { message: 'No such agent', status: 404 },
      { message: '500', code: 'http-error', status: 500 },
    ]);
  });

  it('a network failure is an error coded unreachable that names the URL', async () => {
    const { fetch, calls } = fakeFetch();
    const { stream } = make({ fetch });
    const sent = stream.send();
    calls[0]?.fail(new TypeError('fetch failed'));
    await sent;
    expect(stream.getSnapshot().status).toBe('error');
    expect(stream.getSnapshot().error).toEqual({ message: '/api/agent: fetch failed', code: 'unreachable' });
  });

  it('a stream that breaks off while reading is an error; its open steps end interrupted', async () => {
    const { fetch, calls } = fakeFetch();
    const { stream, store } = make({ fetch });
    const sent = stream.send();
    const wire = pushStream();
    calls[0]?.answer(sse(wire.stream));
    wire.push(native(RUN[0] as StepEvent, RUN[1] as StepEvent));
    await until(() => expect(store.getSnapshot().ids).toEqual(['c1']));
    wire.fail(new TypeError('terminated'));
    await sent;
    expect(stream.getSnapshot().status).toBe('error');
    expect(stream.getSnapshot().error).toEqual({ message: 'terminated', code: 'connection-lost' });
    expect(store.getSnapshot().byId.c1?.status).toBe('interrupted');
  });

  it('a stream that closes before its run finished ends interrupted, coded stream-closed (no error)', async () => {
    const { fetch, calls } = fakeFetch();
    const { stream, store } = make({ fetch });
    const sent = stream.send();
    calls[0]?.answer(sse(native(RUN[0] as StepEvent, RUN[1] as StepEvent)));
    await sent;
    expect(stream.getSnapshot().status).toBe('interrupted');
    expect(stream.getSnapshot().error).toBeUndefined();
    expect(stream.getSnapshot().state.run).toEqual({ status: 'interrupted', reasonCode: 'stream-closed' });
    expect(store.getSnapshot().byId.c1?.status).toBe('interrupted');
  });

  it('a run that pauses for an approval ends paused', async () => {
    const { fetch, calls } = fakeFetch();
    const { stream, store } = make({ fetch });
    const sent = stream.send();
    calls[0]?.answer(
      sse(
        native(
          { type: 'run-start' },
          { type: 'step-start', id: 'c1', toolName: 'delete_file' },
          { type: 'step-approval', id: 'c1', description: 'Delete a.ts?' },
          { type: 'run-finish', status: 'paused' },
        ),
      ),
    );
    await sent;
    expect(stream.getSnapshot().status).toBe('paused');
    expect(stream.getSnapshot().error).toBeUndefined();
    expect(store.getSnapshot().byId.c1?.status).toBe('awaiting-approval');
  });

  it("a run's own error is the error", async () => {
    const { fetch, calls } = fakeFetch();
    const { stream } = make({ fetch });
    const sent = stream.send();
    calls[0]?.answer(
      sse(native({ type: 'run-start' }, { type: 'run-error', message: 'Model overloaded', code: 'E1' })),
    );
    await sent;
    expect(stream.getSnapshot().status).toBe('error');
    expect(stream.getSnapshot().error).toEqual({ message: 'Model overloaded', code: 'E1' });
  });

  it('an unknown protocol option is an error naming it, not a Cogitator read', async () => {
    const { fetch, calls } = fakeFetch();
    const { stream, store } = make({ fetch, protocol: 'vercel' as 'ai-sdk' });
    const sent = stream.send();
    calls[0]?.answer(sse(native(...RUN)));
    await sent;
    expect(stream.getSnapshot().status).toBe('error');
    expect(stream.getSnapshot().error?.code).toBe('UNKNOWN_PROTOCOL');
    expect(stream.getSnapshot().error?.message).toMatch(/^Unknown protocol "vercel": the kit reads "cogitator"/);
    expect(store.getSnapshot().ids).toEqual([]);
  });

  for (const settles of ['error', 'close', 'nothing'] as const) {
    it(`stop() mid-stream ends the run and its open steps interrupted at once (the read ${
      settles === 'error' ? 'rejects with AbortError' : settles === 'close' ? 'ends cleanly' : 'is cancelled'
    })`, async () => {
      const { fetch, calls } = fakeFetch();
      const { stream, store, statuses } = make({ fetch });
      const sent = stream.send();
      const signal = calls[0]?.init.signal as AbortSignal;
      const wire = pushStream(signal, settles);
      calls[0]?.answer(sse(wire.stream));
      wire.push(native(RUN[0] as StepEvent, RUN[1] as StepEvent));
      await until(() => expect(store.getSnapshot().ids).toEqual(['c1']));
      stream.stop();
      expect(signal.aborted).toBe(true);
      expect(stream.getSnapshot().status).toBe('interrupted');
      expect(store.getSnapshot().run.status).toBe('interrupted');
      expect(store.getSnapshot().byId.c1).toMatchObject({ status: 'interrupted', endedAt: 1000 });
      wire.push(native({ type: 'step-start', id: 'late', toolName: 'grep' }));
      await sent;
      expect(stream.getSnapshot()).toMatchObject({ status: 'interrupted', error: undefined });
      expect(store.getSnapshot().ids).toEqual(['c1']);
      expect(store.getSnapshot().run.status).toBe('interrupted');
      expect(statuses).toEqual(['idle', 'streaming', 'interrupted']);
    });
  }

  it('stop() before the answer arrives: interrupted, and the late answer is cancelled unread', async () => {
    const { fetch, calls } = fakeFetch();
    const { stream, store } = make({ fetch });
    const sent = stream.send();
    stream.stop();
    expect(stream.getSnapshot().status).toBe('interrupted');
    const wire = pushStream();
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(encoder.encode(native(...RUN)));
      },
      cancel() {
        cancelled = true;
      },
    });
    calls[0]?.answer(sse(body));
    await sent;
    expect(cancelled).toBe(true);
    expect(store.getSnapshot().ids).toEqual([]);
    expect(stream.getSnapshot().status).toBe('interrupted');
    wire.close();
  });

  it('stop() when nothing runs changes nothing', () => {
    const { fetch } = fakeFetch();
    const { stream, listener } = make({ fetch });
    const before = stream.getSnapshot();
    stream.stop();
    expect(stream.getSnapshot()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
  });

  it('a newer send() replaces the running request: its steps end interrupted at once, and it never writes again', async () => {
    const { fetch, calls } = fakeFetch();
    const { stream, store } = make({ fetch });
    const firstSent = stream.send();
    const first = pushStream(); // ignores the abort: only the tool stream can keep it out
    calls[0]?.answer(sse(first.stream));
    first.push(native({ type: 'run-start' }, { type: 'step-start', id: 'old', toolName: 'grep' }));
    await until(() => expect(store.getSnapshot().ids).toEqual(['old']));
    const secondSent = stream.send();
    expect(calls[0]?.init.signal?.aborted).toBe(true);
    expect(store.getSnapshot().byId.old?.status).toBe('interrupted');
    expect(stream.getSnapshot().status).toBe('streaming');
    // the replaced request settles (its read ends with the reader's own run-abort): the newer run stays streaming
    first.push(native({ type: 'step-start', id: 'ghost', toolName: 'grep' }));
    await firstSent;
    expect(store.getSnapshot().run.status).toBe('streaming');
    expect(store.getSnapshot().ids).toEqual(['old']);
    const second = pushStream();
    calls[1]?.answer(sse(second.stream));
    second.push(native({ type: 'step-start', id: 'new', toolName: 'read_file' }));
    await until(() => expect(store.getSnapshot().ids).toEqual(['old', 'new']));
    first.push(native({ type: 'run-finish', status: 'done' }));
    first.close();
    expect(store.getSnapshot().ids).toEqual(['old', 'new']);
    expect(store.getSnapshot().byId.new?.status).toBe('input-streaming');
    expect(store.getSnapshot().run.status).toBe('streaming');
    expect(stream.getSnapshot().status).toBe('streaming');
    second.push(native({ type: 'step-result', id: 'new' }, { type: 'run-finish', status: 'done' }));
    second.close();
    await secondSent;
    expect(stream.getSnapshot().status).toBe('done');
    expect(store.getSnapshot().byId.new?.status).toBe('succeeded');
  });

  it('a replaced request whose fetch fails later reports nothing', async () => {
    const { fetch, calls } = fakeFetch();
    const { stream } = make({ fetch });
    const firstSent = stream.send();
    const secondSent = stream.send();
    calls[0]?.fail(new DOMException('This operation was aborted', 'AbortError'));
    await firstSent;
    expect(stream.getSnapshot()).toMatchObject({ status: 'streaming', error: undefined });
    calls[1]?.answer(sse(native(...RUN)));
    await secondSent;
    expect(stream.getSnapshot().status).toBe('done');
  });

  it('reset() aborts, empties the store and goes back to idle', async () => {
    const { fetch, calls } = fakeFetch();
    const { stream, store } = make({ fetch });
    const sent = stream.send();
    const wire = pushStream();
    calls[0]?.answer(sse(wire.stream));
    wire.push(native(RUN[0] as StepEvent, RUN[1] as StepEvent));
    await until(() => expect(store.getSnapshot().ids).toEqual(['c1']));
    stream.reset();
    expect(calls[0]?.init.signal?.aborted).toBe(true);
    expect(stream.getSnapshot()).toMatchObject({ status: 'idle', error: undefined });
    expect(store.getSnapshot().ids).toEqual([]);
    wire.push(native({ type: 'step-start', id: 'late', toolName: 'grep' }));
    wire.close();
    await sent;
    expect(store.getSnapshot().ids).toEqual([]);
    expect(stream.getSnapshot().status).toBe('idle');
  });

  it('destroy() interrupts the running request and tells no listener again; the stream stays usable', async () => {
    const { fetch, calls } = fakeFetch();
    const { stream, store, listener } = make({ fetch });
    const storeListener = vi.fn();
    store.subscribe(storeListener);
    const sent = stream.send();
    const wire = pushStream();
    calls[0]?.answer(sse(wire.stream));
    wire.push(native(RUN[0] as StepEvent, RUN[1] as StepEvent));
    await until(() => expect(store.getSnapshot().ids).toEqual(['c1']));
    stream.destroy();
    expect(store.getSnapshot().run.status).toBe('interrupted');
    expect(stream.getSnapshot().status).toBe('interrupted');
    const heard = listener.mock.calls.length;
    wire.push(native({ type: 'step-start', id: 'late', toolName: 'grep' }));
    wire.close();
    await sent;
    store.apply({ type: 'step-start', id: 'other', toolName: 'grep' }); // someone else writes to the shared store
    expect(listener).toHaveBeenCalledTimes(heard);
    expect(storeListener).toHaveBeenCalled();
    // used again (React StrictMode mounts, unmounts and mounts again)
    const again = vi.fn();
    stream.subscribe(again);
    const resent = stream.send();
    calls[1]?.answer(sse(native(...RUN)));
    await resent;
    expect(stream.getSnapshot().status).toBe('done');
    expect(again).toHaveBeenCalled();
    expect(listener).toHaveBeenCalledTimes(heard);
  });

  it('subscribes to its store only while it has listeners', () => {
    const store = createStepStore({ schedule: (flush) => flush() });
    const subscribe = vi.spyOn(store, 'subscribe');
    const stream = createToolStream({ api: '/a', store });
    expect(subscribe).not.toHaveBeenCalled();
    const listener = vi.fn();
    const off = stream.subscribe(listener);
    stream.subscribe(vi.fn())();
    expect(subscribe).toHaveBeenCalledTimes(1);
    store.apply({ type: 'run-start' });
    expect(listener).toHaveBeenCalledTimes(1);
    off();
    store.apply({ type: 'step-start', id: 'a', toolName: 'grep' });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('createToolStream with Node fetch and a local HTTP server', () => {
  let server: Server;
  let base: string;
  /** What the server does for each path. */
  const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
  /** Resolves when the server saw the client close the connection of the held request. */
  let heldClosed: Promise<void>;
  let markHeldClosed: () => void;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const route = routes.get(req.url ?? '');
      if (route) route(req, res);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    heldClosed = new Promise<void>((resolve) => {
      markHeldClosed = resolve;
    });
    routes.set('/run', (req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(native({ type: 'step-start', id: 'echo', toolName: 'echo', presentation: { label: body } }));
        res.end(native(...RUN));
      });
    });
    routes.set('/unauthorized', (_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Sign in first.', code: 'UNAUTHENTICATED' } }));
    });
    routes.set('/held', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(native(RUN[0] as StepEvent, RUN[1] as StepEvent));
      res.on('close', () => markHeldClosed());
    });
    routes.set('/dies', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(native(RUN[0] as StepEvent, RUN[1] as StepEvent), () => {
        setImmediate(() => res.socket?.destroy());
      });
    });
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const real = (path: string, body?: unknown) => make({ fetch: globalThis.fetch, api: `${base}${path}`, body });

  it('streams a whole run from a real server and ends done, with the JSON body the server received', async () => {
    const { stream, store } = real('/run', { prompt: 'read a.ts' });
    await stream.send();
    expect(stream.getSnapshot().status).toBe('done');
    expect(store.getSnapshot().ids).toEqual(['echo', 'c1']);
    expect(store.getSnapshot().byId.echo?.presentation?.label).toBe('{"prompt":"read a.ts"}');
    expect(store.getSnapshot().byId.c1?.status).toBe('succeeded');
  });

  it("reads a real 401's { error: { message, code } }", async () => {
    const { stream } = real('/unauthorized');
    await stream.send();
    expect(stream.getSnapshot().error).toEqual({ message: 'Sign in first.', code: 'UNAUTHENTICATED', status: 401 });
  });

  it('stop() mid-stream aborts the real connection and the run ends interrupted', async () => {
    const { stream, store } = real('/held');
    const sent = stream.send();
    await until(() => expect(store.getSnapshot().ids).toEqual(['c1']));
    stream.stop();
    await sent;
    await heldClosed;
    expect(stream.getSnapshot()).toMatchObject({ status: 'interrupted', error: undefined });
    expect(store.getSnapshot().run.status).toBe('interrupted');
    expect(store.getSnapshot().byId.c1?.status).toBe('interrupted');
  });

  it('a connection the server drops mid-stream is an error, and its open steps end interrupted', async () => {
    const { stream, store } = real('/dies');
    await stream.send();
    expect(store.getSnapshot().byId.c1?.status).toBe('interrupted');
    const { status, error } = stream.getSnapshot();
    // undici reports a dropped connection as a read error ("terminated"); the tool stream as a broken stream
    expect(status).toBe('error');
    expect(error?.code).toBe('connection-lost');
  });

  it('a server that is not there is an error naming the URL', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/gone`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { stream } = make({ fetch: globalThis.fetch, api: url });
    await stream.send();
    expect(stream.getSnapshot().status).toBe('error');
    expect(stream.getSnapshot().error).toMatchObject({ code: 'unreachable' });
    expect(stream.getSnapshot().error?.message).toMatch(new RegExp(`^${url}: fetch failed \\(`));
  });
});
