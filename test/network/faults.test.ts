// Issue 10, network faults: Node's own fetch against a local node:http server, through createToolStream
// (and readStream for an abort through a signal). Each fault ends in a stated run status with a message a
// person understands, and the server sees its response closed: nothing is left open.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createStepStore,
  createToolStream,
  emptyStepsState,
  readStream,
  reduceSteps,
  type StepEvent,
  type StepsState,
} from 'tool-steps/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const frame = (event: object) => `data: ${JSON.stringify(event)}\n\n`;
const native = (...events: StepEvent[]) => events.map(frame).join('');
const START: StepEvent = { type: 'run-start' };
const C1: StepEvent = { type: 'step-start', id: 'c1', toolName: 'read_file' };
const C1_INPUT: StepEvent = { type: 'step-input', id: 'c1', input: { path: 'docs/über.md' } };
const C1_DONE: StepEvent = { type: 'step-result', id: 'c1', result: 'Grüße, 世界' };
const FINISH: StepEvent = { type: 'run-finish', status: 'done' };
const WHOLE = native(START, C1, C1_INPUT, C1_DONE, FINISH);
const SSE = { 'content-type': 'text/event-stream' };

type Route = (req: IncomingMessage, res: ServerResponse) => void;

let server: Server;
let base: string;
const routes = new Map<string, Route>();
/** Resolves when the server's response for a path closed (finished, or the client went away). */
const closed = new Map<string, Promise<void>>();
/** Lets a stalled route go on: the test calls it once the client has shown what came so far. */
const release = new Map<string, () => void>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    closed.set(
      path,
      once(res, 'close').then(() => {}),
    );
    const route = routes.get(path);
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

beforeEach(() => {
  routes.clear();
  closed.clear();
  release.clear();
});

/** Waits for a route to be released by the test. */
function stall(path: string): Promise<void> {
  return new Promise((resolve) => release.set(path, resolve));
}

/** Writes a text one byte at a time, each write after the previous one was flushed. */
async function drip(res: ServerResponse, text: string): Promise<void> {
  for (const byte of Buffer.from(text)) {
    await new Promise<void>((resolve, reject) => res.write(Buffer.of(byte), (e) => (e ? reject(e) : resolve())));
  }
}

const bytes = Buffer.from(WHOLE);
/** The byte offset inside the 'ü' of "über" (a two-byte character): cutting there splits it. */
const MID_UTF8 = bytes.indexOf(Buffer.from('ü')) + 1;
/** The byte offset in the middle of the result frame. */
const MID_FRAME = bytes.indexOf(Buffer.from('"step-result"')) + 5;

async function run(path: string, during?: (stream: ReturnType<typeof createToolStream>) => Promise<void> | void) {
  const store = createStepStore({ schedule: (flush) => flush() });
  const stream = createToolStream({ api: `${base}${path}`, store, fetch: globalThis.fetch });
  const sent = stream.send({ prompt: 'read docs/über.md' });
  if (during) await during(stream);
  await sent;
  return { stream, state: store.getSnapshot() };
}

/** Resolves once the store has the step (the stream is mid-way). */
async function hasStep(stream: ReturnType<typeof createToolStream>, id: string): Promise<void> {
  while (!Object.hasOwn(stream.store.getSnapshot().byId, id)) {
    await new Promise<void>((resolve) => {
      const off = stream.store.subscribe(() => {
        off();
        resolve();
      });
    });
  }
}

interface Case {
  fault: string;
  path: string;
  route: Route;
  during?: (stream: ReturnType<typeof createToolStream>) => Promise<void> | void;
  status: 'done' | 'error' | 'interrupted';
  message: RegExp | undefined;
  check?: (state: StepsState) => void;
}

const cases: Case[] = [
  {
    fault: 'a whole run (control)',
    path: '/whole',
    route: (_req, res) => res.writeHead(200, SSE).end(WHOLE),
    status: 'done',
    message: undefined,
    check: (state) => expect(state.byId.c1).toMatchObject({ status: 'succeeded', result: 'Grüße, 世界' }),
  },
  {
    fault: 'cut mid-frame, connection reset',
    path: '/cut-reset',
    route: (_req, res) => {
      res.writeHead(200, SSE);
      res.write(bytes.subarray(0, MID_FRAME), () => setImmediate(() => res.socket?.destroy()));
    },
    status: 'error',
    message: /^The stream broke off: terminated \(other side closed\)$/,
    check: (state) => expect(state.byId.c1?.status).toBe('interrupted'),
  },
  {
    fault: 'cut mid-frame, clean close',
    path: '/cut-close',
    route: (_req, res) => res.writeHead(200, SSE).end(bytes.subarray(0, MID_FRAME)),
    status: 'interrupted',
    message: /^The stream closed in the middle of a frame, before the run finished\.$/,
    check: (state) => {
      expect(state.byId.c1?.status).toBe('interrupted');
      expect(state.run.reason).toMatch(/in the middle of a frame/);
    },
  },
  {
    fault: 'cut mid-UTF-8, connection reset',
    path: '/utf8-reset',
    route: (_req, res) => {
      res.writeHead(200, SSE);
      res.write(bytes.subarray(0, MID_UTF8), () => setImmediate(() => res.socket?.destroy()));
    },
    status: 'error',
    message: /^The stream broke off: terminated \(other side closed\)$/,
  },
  {
    fault: 'cut mid-UTF-8, clean close',
    path: '/utf8-close',
    route: (_req, res) => res.writeHead(200, SSE).end(bytes.subarray(0, MID_UTF8)),
    status: 'interrupted',
    message: /in the middle of a frame/,
    check: (state) => expect(state.byId.c1?.status).toBe('interrupted'),
  },
  {
    fault: 'stall, then close',
    path: '/stall',
    route: (_req, res) => {
      res.writeHead(200, SSE);
      res.write(native(START, C1));
      void stall('/stall').then(() => res.end());
    },
    during: async (stream) => {
      await hasStep(stream, 'c1');
      expect(stream.getSnapshot().status).toBe('streaming');
      release.get('/stall')?.();
    },
    status: 'interrupted',
    message: /^The stream closed before the run finished\.$/,
    check: (state) => expect(state.run.reason).toBe('The stream closed before the run finished.'),
  },
  {
    fault: '401 with a JSON body',
    path: '/401-json',
    route: (_req, res) =>
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'Sign in first.', code: 'UNAUTHENTICATED' } })),
    status: 'error',
    message: /^Sign in first\.$/,
    check: (state) => expect(state.run.error).toEqual({ message: 'Sign in first.', code: 'UNAUTHENTICATED' }),
  },
  {
    fault: '403 with an HTML page',
    path: '/403-html',
    route: (_req, res) =>
      res
        .writeHead(403, { 'content-type': 'text/html' })
        .end('<html><head><title>Access denied</title></head><body><h1>403</h1><p>No.</p></body></html>'),
    status: 'error',
    message: /^The server answered 403 Forbidden: Access denied$/,
  },
  {
    fault: '500 with a JSON body',
    path: '/500-json',
    route: (_req, res) =>
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'The model is down.' })),
    status: 'error',
    message: /^The model is down\.$/,
  },
  {
    fault: '502 with an HTML page',
    path: '/502-html',
    route: (_req, res) =>
      res
        .writeHead(502, { 'content-type': 'text/html' })
        .end(
          `<!DOCTYPE html>\n<html>\n<head><title>502 Bad Gateway</title><style>${'x'.repeat(500)}</style></head>\n<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body>\n</html>`,
        ),
    status: 'error',
    message: /^The server answered 502 Bad Gateway: 502 Bad Gateway$/,
  },
  {
    fault: '200 with an HTML page (a sign-in page)',
    path: '/200-html',
    route: (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html><head><title>Sign in &ndash; Corp SSO</title></head><body>${'<p>x</p>'.repeat(50_000)}</body></html>`,
        ),
    status: 'error',
    message: /^The server answered with an HTML page, not a stream \("Sign in – Corp SSO"\)\./,
  },
  {
    fault: '200 with a JSON error body',
    path: '/200-json',
    route: (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'Your API key has expired.', code: 'invalid_key' } })),
    status: 'error',
    message: /^Your API key has expired\.$/,
  },
  {
    fault: '200 application/json carrying JSON lines (read as they come, not buffered)',
    path: '/json-lines',
    route: (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(`${JSON.stringify(START)}\n${JSON.stringify(C1)}\n`);
      void stall('/json-lines').then(() => res.end(`${[C1_DONE, FINISH].map((e) => JSON.stringify(e)).join('\n')}\n`));
    },
    during: async (stream) => {
      await hasStep(stream, 'c1');
      release.get('/json-lines')?.();
    },
    status: 'done',
    message: undefined,
    check: (state) => expect(state.byId.c1?.status).toBe('succeeded'),
  },
  {
    fault: '200 application/json, one pretty-printed run-error document',
    path: '/json-doc',
    route: (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ type: 'run-error', message: 'Quota exceeded.', code: 'quota' }, null, 2)),
    status: 'error',
    message: /^Quota exceeded\.$/,
  },
  {
    fault: '200 with an empty body',
    path: '/empty',
    route: (_req, res) => res.writeHead(200, SSE).end(),
    status: 'interrupted',
    message: /^The stream closed before any run started\.$/,
  },
  {
    fault: '204 No Content',
    path: '/204',
    route: (_req, res) => res.writeHead(204).end(),
    status: 'interrupted',
    message: /^The server answered 204 No Content with no body: there was no stream to read\.$/,
  },
  {
    fault: 'a frame over the size limit (33 MiB)',
    path: '/huge',
    route: (_req, res) => {
      res.writeHead(200, SSE);
      res.write(native(START, C1, C1_INPUT));
      res.write('data: {"type":"step-result","id":"c1","result":"');
      res.write(Buffer.alloc(33 * 1024 * 1024, 'x'));
      res.end(`"}\n\n${native(FINISH)}`);
    },
    status: 'done',
    message: undefined,
    check: (state) => {
      expect(state.byId.c1).toMatchObject({ status: 'failed', error: { code: 'FRAME_TOO_LARGE' } });
      expect(state.byId.c1?.error?.message).toMatch(/larger than 32 MiB/);
    },
  },
  {
    fault: 'a slow drip (one byte per write)',
    path: '/drip',
    route: (_req, res) => {
      res.writeHead(200, SSE);
      void drip(res, WHOLE).then(() => res.end());
    },
    status: 'done',
    message: undefined,
    check: (state) => expect(state.byId.c1).toMatchObject({ status: 'succeeded', input: { path: 'docs/über.md' } }),
  },
  {
    fault: 'stop() mid-stream',
    path: '/stop',
    route: (_req, res) => {
      res.writeHead(200, SSE);
      res.write(native(START, C1));
    },
    during: async (stream) => {
      await hasStep(stream, 'c1');
      stream.stop();
    },
    status: 'interrupted',
    message: undefined,
    check: (state) => {
      expect(state.byId.c1?.status).toBe('interrupted');
      expect(state.run).toEqual({ status: 'interrupted', reason: 'Stopped before the run finished.' });
    },
  },
];

describe('network faults through createToolStream (Node fetch, local server)', () => {
  it.each(cases)('$fault → $status', async ({ path, route, during, status, message, check }) => {
    routes.set(path, route);
    const { stream, state } = await run(path, during);
    const snapshot = stream.getSnapshot();
    expect(snapshot.status).toBe(status);
    expect(state.run.status).toBe(status);
    if (message) expect(snapshot.error?.message).toMatch(message);
    else expect(snapshot.error).toBeUndefined();
    // No step is left open whatever the fault: the run's end closed them.
    for (const id of state.ids) expect(['input-streaming', 'running']).not.toContain(state.byId[id]?.status);
    check?.(state);
    // Nothing left open: the server's response is closed (finished, or the client cancelled it).
    await closed.get(path);
  });

  it('refused connection → error naming the URL', async () => {
    const gone = createServer();
    gone.listen(0, '127.0.0.1');
    await once(gone, 'listening');
    const url = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/gone`;
    gone.close();
    await once(gone, 'close');
    const stream = createToolStream({ api: url, fetch: globalThis.fetch });
    await stream.send();
    expect(stream.getSnapshot().status).toBe('error');
    // undici's "fetch failed" says nothing; its cause says what happened
    expect(stream.getSnapshot().error?.message).toMatch(
      new RegExp(`^Could not reach ${url}: fetch failed \\(connect ECONNREFUSED 127\\.0\\.0\\.1:\\d+\\)$`),
    );
    expect(stream.getSnapshot().state.run.status).toBe('error');
  });
});

describe('readStream with Node fetch: an abort through the signal ends with run-abort (defect 2)', () => {
  it('aborted mid-stream: the read settles with run-abort, the run is interrupted, the response closed', async () => {
    routes.set('/abort', (_req, res) => {
      res.writeHead(200, SSE);
      res.write(native(START, C1));
    });
    const controller = new AbortController();
    const response = await fetch(`${base}/abort`, { signal: controller.signal });
    let state = emptyStepsState;
    const batches: StepEvent[][] = [];
    for await (const batch of readStream(response, { signal: controller.signal })) {
      batches.push(batch);
      state = reduceSteps(state, batch);
      if (Object.hasOwn(state.byId, 'c1')) controller.abort();
    }
    expect(batches.at(-1)?.at(-1)).toEqual({ type: 'run-abort', reason: 'Stopped before the run finished.' });
    expect(state.run).toEqual({ status: 'interrupted', reason: 'Stopped before the run finished.' });
    expect(state.byId.c1?.status).toBe('interrupted');
    await closed.get('/abort');
  });
});
