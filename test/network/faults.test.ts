// Node's own fetch against a local node:http server (test/network/fault-server.ts,
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
} from 'tool-steps/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultCase, sharedFaults } from './fault-cases';
import { type FaultServer, refusedUrl, startFaultServer } from './fault-server';

let server: FaultServer;
let base: string;

beforeAll(async () => {
  server = await startFaultServer();
  base = server.base;
});

afterAll(() => server.close());

async function run(path: string, during?: FaultCase['during']) {
  const store = createStepStore({ schedule: (flush) => flush() });
  const stream = createToolStream({ api: `${base}${path}`, store, fetch: globalThis.fetch });
  const sent = stream.send({ prompt: 'read docs/über.md' });
  if (during) await during(stream, path, { release: (key) => server.release(key) });
  await sent;
  return { stream, state: store.getSnapshot() };
}

/** What undici says when the connection is reset mid-body. */
const NODE_RESET = /^terminated \(other side closed\)$/;

const cases: FaultCase[] = [
  ...sharedFaults,
  {
    fault: 'cut mid-frame, connection reset',
    path: '/cut-reset',
    status: 'error',
    message: NODE_RESET,
    check: (state) => expect(state.byId.c1?.status).toBe('interrupted'),
  },
  {
    fault: 'cut mid-UTF-8, connection reset',
    path: '/utf8-reset',
    status: 'error',
    message: NODE_RESET,
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
    expect(stream.getSnapshot().error?.code).toBe('unreachable');
    expect(stream.getSnapshot().error?.message).toMatch(
      new RegExp(`^${url}: fetch failed \\(connect ECONNREFUSED 127\\.0\\.0\\.1:\\d+\\)$`),
    );
    expect(stream.getSnapshot().state.run.status).toBe('error');
  });
});

describe('readStream with Node fetch: an abort through the signal ends with run-abort', () => {
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
    expect(batches.at(-1)?.at(-1)).toEqual({ type: 'run-abort', code: 'stopped' });
    expect(state.run).toEqual({ status: 'interrupted', reasonCode: 'stopped' });
    expect(state.byId.c1?.status).toBe('interrupted');
    await server.closed('/abort');
  });
});
