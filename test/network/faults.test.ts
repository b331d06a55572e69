// Issue 10, network faults: Node's own fetch against a local node:http server (test/network/fault-server.ts,
// shared with the Chromium matrix in faults.browser.test.tsx), through createToolStream
// (and readStream for an abort through a signal). Each fault ends in a stated run status with a message a
// person understands, and the server sees its response closed: nothing is left open.
import {
  createStepStore,
  createToolStream,
  emptyStepsState,
  readStream,
  reduceSteps,
  type StepEvent,
  type StepsState,
} from 'tool-steps/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultServer, refusedUrl, startFaultServer } from './fault-server';

let server: FaultServer;
let base: string;

beforeAll(async () => {
  server = await startFaultServer();
  base = server.base;
});

afterAll(() => server.close());

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
  during?: (stream: ReturnType<typeof createToolStream>) => Promise<void> | void;
  status: 'done' | 'error' | 'interrupted';
  message: RegExp | undefined;
  check?: (state: StepsState) => void;
}

const cases: Case[] = [
  {
    fault: 'a whole run (control)',
    path: '/whole',
    status: 'done',
    message: undefined,
    check: (state) => expect(state.byId.c1).toMatchObject({ status: 'succeeded', result: 'Grüße, 世界' }),
  },
  {
    fault: 'cut mid-frame, connection reset',
    path: '/cut-reset',
    status: 'error',
    message: /^The stream broke off: terminated \(other side closed\)$/,
    check: (state) => expect(state.byId.c1?.status).toBe('interrupted'),
  },
  {
    fault: 'cut mid-frame, clean close',
    path: '/cut-close',
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
    status: 'error',
    message: /^The stream broke off: terminated \(other side closed\)$/,
  },
  {
    fault: 'cut mid-UTF-8, clean close',
    path: '/utf8-close',
    status: 'interrupted',
    message: /in the middle of a frame/,
    check: (state) => expect(state.byId.c1?.status).toBe('interrupted'),
  },
  {
    fault: 'stall, then close',
    path: '/stall',
    during: async (stream) => {
      await hasStep(stream, 'c1');
      expect(stream.getSnapshot().status).toBe('streaming');
      server.release('/stall');
    },
    status: 'interrupted',
    message: /^The stream closed before the run finished\.$/,
    check: (state) => expect(state.run.reason).toBe('The stream closed before the run finished.'),
  },
  {
    fault: '401 with a JSON body',
    path: '/401-json',
    status: 'error',
    message: /^Sign in first\.$/,
    check: (state) => expect(state.run.error).toEqual({ message: 'Sign in first.', code: 'UNAUTHENTICATED' }),
  },
  {
    fault: '403 with an HTML page',
    path: '/403-html',
    status: 'error',
    message: /^The server answered 403 Forbidden: Access denied$/,
  },
  {
    fault: '500 with a JSON body',
    path: '/500-json',
    status: 'error',
    message: /^The model is down\.$/,
  },
  {
    fault: '502 with an HTML page',
    path: '/502-html',
    status: 'error',
    message: /^The server answered 502 Bad Gateway: 502 Bad Gateway$/,
  },
  {
    fault: '401 with an HTML page',
    path: '/401-html',
    status: 'error',
    message: /^The server answered 401 Unauthorized: Sign in required$/,
  },
  {
    fault: '403 with a JSON body',
    path: '/403-json',
    status: 'error',
    message: /^This key may not run tools\.$/,
    check: (state) => expect(state.run.error).toEqual({ message: 'This key may not run tools.', code: 'FORBIDDEN' }),
  },
  {
    fault: '500 with an HTML page',
    path: '/500-html',
    status: 'error',
    message: /^The server answered 500 Internal Server Error: Internal Server Error$/,
  },
  {
    fault: '502 with a JSON body',
    path: '/502-json',
    status: 'error',
    message: /^The upstream model did not answer\.$/,
  },
  {
    fault: '200 with an HTML page (a sign-in page)',
    path: '/200-html',
    status: 'error',
    message: /^The server answered with an HTML page, not a stream \("Sign in – Corp SSO"\)\./,
  },
  {
    fault: '200 with a JSON error body',
    path: '/200-json',
    status: 'error',
    message: /^Your API key has expired\.$/,
  },
  {
    fault: '200 application/json carrying JSON lines (read as they come, not buffered)',
    path: '/json-lines',
    during: async (stream) => {
      await hasStep(stream, 'c1');
      server.release('/json-lines');
    },
    status: 'done',
    message: undefined,
    check: (state) => expect(state.byId.c1?.status).toBe('succeeded'),
  },
  {
    fault: '200 application/json, one pretty-printed run-error document',
    path: '/json-doc',
    status: 'error',
    message: /^Quota exceeded\.$/,
  },
  {
    fault: '200 with an empty body',
    path: '/empty',
    status: 'interrupted',
    message: /^The stream closed before any run started\.$/,
  },
  {
    fault: '204 No Content',
    path: '/204',
    status: 'interrupted',
    message: /^The server answered 204 No Content with no body: there was no stream to read\.$/,
  },
  {
    fault: 'a frame over the size limit (33 MiB)',
    path: '/huge',
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
    status: 'done',
    message: undefined,
    check: (state) => expect(state.byId.c1).toMatchObject({ status: 'succeeded', input: { path: 'docs/über.md' } }),
  },
  {
    fault: 'stop() mid-stream',
    path: '/stop',
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
  it.each(cases)('$fault → $status', async ({ path, during, status, message, check }) => {
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
    await server.closed(path);
  });

  it('refused connection → error naming the URL', async () => {
    const url = await refusedUrl();
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
    await server.closed('/abort');
  });
});
