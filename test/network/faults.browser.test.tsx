// Network faults in real Chromium: the same faults as test/network/faults.test.ts (Node's fetch),
// served by the same node:http server (test/network/fault-server.ts, started in Node by
// fault-server.global.ts; it answers CORS, the page is on Vite's port), read by Chromium's own fetch
// through createToolStream, readStream and useToolStream + <ToolSteps>. Each fault ends in a stated run
// status with a message a person understands, no step is left running, and the server sees its response
// closed: nothing is left open.
//
// Where Chromium differs from Node, the difference is Chromium's fetch, not the kit's: a connection reset
// mid-body rejects the read with `TypeError: network error` (undici: "terminated (other side closed)"), and a
// refused connection rejects fetch with `TypeError: Failed to fetch` (undici: "fetch failed (connect
// ECONNREFUSED …)"). Those cases assert the kit's sentence around Chromium's words. A reset right behind the
// bytes may also cost them in Chromium (Linux drops a socket's unread data when the reset arrives), so the
// `?hold` cases reset only once the step is in the store. Chromium hands a 204 an empty body stream where
// the standard (and undici) give `null`; the kit reads the status, so the message is the same.

import { ToolSteps, useToolStream } from 'tool-steps';
import {
  createStepStore,
  createToolStream,
  emptyStepsState,
  readStream,
  reduceSteps,
  type StepEvent,
} from 'tool-steps/core';
import { describe, expect, inject, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { partText, stepRow } from '../../stories/support/dom';
import { type FaultCase, hasStep, sharedFaults } from './fault-cases';
import type {} from './fault-server.global';

const base = inject('faultServer');
/** Tags every URL of this run, so a rerun against the same server never sees an earlier response. */
const tag = Math.random().toString(36).slice(2);
/** The server's key of a fault request: its path and query. */
const keyOf = (path: string) => `${path}${path.includes('?') ? '&' : '?'}t=${tag}`;
const urlOf = (path: string) => `${base}${keyOf(path)}`;

/** Resolves once the server saw its response to this request closed (finished, or the client went away). */
async function serverClosed(path: string): Promise<void> {
  const answer = await fetch(`${base}/_control/closed?url=${encodeURIComponent(keyOf(path))}`);
  expect(await answer.text()).toBe('closed');
}

/** Lets a stalled route go on. */
async function release(path: string): Promise<void> {
  await fetch(`${base}/_control/release?url=${encodeURIComponent(keyOf(path))}`);
}

/** What Chromium's fetch says when the connection is reset mid-body. */
const CHROMIUM_RESET = /^network error$/;

const cases: FaultCase[] = [
  ...sharedFaults,
  {
    // Differs from Node: Chromium's read rejects with "network error" (undici: "terminated (other side
    // closed)"). And a reset right behind the bytes may discard them (Linux drops a socket's unread data when
    // the reset arrives), so what the run holds is Chromium's luck: the held case below checks the steps.
    fault: 'cut mid-frame, connection reset',
    path: '/cut-reset',
    status: 'error',
    message: CHROMIUM_RESET,
  },
  {
    fault: 'cut mid-frame, connection reset once the step is on screen',
    path: '/cut-reset?hold',
    during: async (stream, path) => {
      await hasStep(stream, 'c1');
      await release(path);
    },
    status: 'error',
    message: CHROMIUM_RESET,
    check: (state) => {
      expect(state.byId.c1?.status).toBe('interrupted');
      expect(state.run.error).toEqual({ message: 'network error', code: 'connection-lost' });
    },
  },
  {
    // differs from Node, as the reset above
    fault: 'cut mid-UTF-8, connection reset',
    path: '/utf8-reset',
    status: 'error',
    message: CHROMIUM_RESET,
  },
  {
    fault: 'cut mid-UTF-8, connection reset once the step is on screen',
    path: '/utf8-reset?hold',
    during: async (stream, path) => {
      await hasStep(stream, 'c1');
      await release(path);
    },
    status: 'error',
    message: CHROMIUM_RESET,
    check: (state) => expect(state.byId.c1?.status).toBe('interrupted'),
  },
];

describe('network faults through createToolStream (Chromium fetch, local Node server)', () => {
  it.each(cases)('$fault → $status', async ({ path, during, status, message, check }) => {
    const store = createStepStore({ schedule: (flush) => flush() });
    const stream = createToolStream({ api: urlOf(path), store });
    const sent = stream.send({ prompt: 'read docs/über.md' });
    if (during) await during(stream, path, { release });
    await sent;
    const snapshot = stream.getSnapshot();
    const state = store.getSnapshot();
    expect(snapshot.status).toBe(status);
    expect(state.run.status).toBe(status);
    if (message) expect(snapshot.error?.message).toMatch(message);
    else expect(snapshot.error).toBeUndefined();
    // No step is left open whatever the fault: the run's end closed them.
    for (const id of state.ids) expect(['input-streaming', 'running']).not.toContain(state.byId[id]?.status);
    check?.(state);
    // Nothing left open: the server's response is closed (finished, or Chromium cancelled it).
    await serverClosed(path);
  });

  it('refused connection → error naming the URL', async () => {
    // differs from Node: Chromium says only "Failed to fetch" (undici: "fetch failed (connect ECONNREFUSED …)")
    const url = inject('refusedUrl');
    const stream = createToolStream({ api: url });
    await stream.send();
    expect(stream.getSnapshot().status).toBe('error');
    expect(stream.getSnapshot().error).toEqual({ message: `${url}: Failed to fetch`, code: 'unreachable' });
    expect(stream.getSnapshot().state.run.status).toBe('error');
  });
});

describe('readStream with Chromium fetch: an abort through the signal ends with run-abort', () => {
  it('aborted mid-stream: the read settles with run-abort, the run is interrupted, the response closed', async () => {
    const controller = new AbortController();
    const response = await fetch(urlOf('/abort'), { signal: controller.signal });
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
    await serverClosed('/abort');
  });
});

/** An app as a host writes it: useToolStream into <ToolSteps>, with the hook's status beside it. */
function Agent({ path }: { path: string }) {
  const { state, status, send, stop } = useToolStream({ api: urlOf(path) });
  return (
    <div>
      <button type="button" onClick={() => void send({ prompt: 'read docs/über.md' })}>
        Send
      </button>
      <button type="button" onClick={stop}>
        Stop
      </button>
      <output data-testid="status">{status}</output>
      <ToolSteps state={state} group={false} minRunningMs={0} />
    </div>
  );
}

describe('useToolStream into <ToolSteps> in Chromium: what the person sees', () => {
  it('stop() mid-stream: the step shows Stopped with a stop sign, no error, the response closed', async () => {
    const screen = await render(<Agent path="/stop?view=1" />);
    const root = screen.container;
    await screen.getByRole('button', { name: 'Send' }).click();
    // the step has started and has no input yet
    await expect
      .poll(() => root.querySelector('[data-step-id="c1"]')?.getAttribute('data-status'))
      .toBe('input-streaming');
    expect(partText(stepRow(root, 'c1'), 'tool-step-status-text')).toBe('Preparing');
    expect(screen.getByTestId('status').element().textContent).toBe('streaming');
    await screen.getByRole('button', { name: 'Stop' }).click();
    await expect.element(screen.getByTestId('status')).toHaveTextContent('interrupted');
    // the state says what the wire did (interrupted); the row says what the person did
    expect(stepRow(root, 'c1').dataset.status).toBe('interrupted');
    expect(stepRow(root, 'c1').dataset.outcome).toBe('stopped');
    expect(partText(stepRow(root, 'c1'), 'tool-step-status-text')).toBe('Stopped');
    expect(root.querySelector('[data-slot="tool-steps-summary"]')?.getAttribute('data-state')).toBe('stopped');
    expect(root.querySelector('[data-slot="tool-steps-error"]')).toBeNull();
    await serverClosed('/stop?view=1');
  });

  it('200 HTML: the list says the server answered with an HTML page, naming its title', async () => {
    const screen = await render(<Agent path="/200-html?view=1" />);
    await screen.getByRole('button', { name: 'Send' }).click();
    await expect.element(screen.getByTestId('status')).toHaveTextContent('error');
    const alert = screen.container.querySelector('[data-slot="tool-steps-error"]');
    expect(alert?.getAttribute('data-error-code')).toBe('HTML_RESPONSE');
    // said by the list's assertive region, which was there before it
    await expect
      .poll(() => screen.container.querySelector('[data-slot="tool-steps-announcer-assertive"]')?.textContent)
      .toMatch(/^HTML_RESPONSE The server answered with an HTML page/);
    expect(alert?.querySelector('[data-slot="tool-steps-error-message"]')?.textContent).toMatch(
      /^The server answered with an HTML page, not a stream \("Sign in – Corp SSO"\)\./,
    );
    expect(screen.container.querySelectorAll('[data-slot="tool-step"]')).toHaveLength(0);
    await serverClosed('/200-html?view=1');
  });

  it('unmount mid-stream: the request is aborted and the server sees its response closed', async () => {
    const screen = await render(<Agent path="/unmount" />);
    await screen.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => screen.container.querySelector('[data-step-id="c1"]')?.getAttribute('data-status'))
      .toBe('input-streaming');
    await screen.unmount();
    await serverClosed('/unmount');
  });
});
