// The network faults whose outcome is the same through Node's fetch (faults.test.ts) and Chromium's
// (faults.browser.test.tsx), served by test/network/fault-server.ts: every fault but a connection reset,
// which each runtime words its own way (those cases stay in each file). One table, so that a fault added
// or an expectation changed holds for both.
import type { StepsState, ToolStream } from 'tool-steps/core';
import { expect } from 'vitest';

/** What a case may do while its run streams: let a stalled route go on (each runtime reaches the server its own way). */
export interface FaultDriver {
  release(path: string): Promise<void> | void;
}

/** One fault: the route that serves it, what the test does meanwhile, and the run's end. */
export interface FaultCase {
  fault: string;
  path: string;
  during?: (stream: ToolStream, path: string, driver: FaultDriver) => Promise<void> | void;
  status: 'done' | 'error' | 'interrupted';
  message: RegExp | undefined;
  check?: (state: StepsState) => void;
}

/** Resolves once the store has the step (the stream is mid-way). */
export async function hasStep(stream: ToolStream, id: string): Promise<void> {
  while (!Object.hasOwn(stream.store.getSnapshot().byId, id)) {
    await new Promise<void>((resolve) => {
      const off = stream.store.subscribe(() => {
        off();
        resolve();
      });
    });
  }
}

/** The faults both runtimes end the same way. */
export const sharedFaults: FaultCase[] = [
  {
    fault: 'a whole run (control)',
    path: '/whole',
    status: 'done',
    message: undefined,
    check: (state) => expect(state.byId.c1).toMatchObject({ status: 'succeeded', result: 'Grüße, 世界' }),
  },
  {
    fault: 'cut mid-frame, clean close',
    path: '/cut-close',
    status: 'interrupted',
    message: undefined,
    check: (state) => {
      expect(state.byId.c1?.status).toBe('interrupted');
      expect(state.run).toEqual({ status: 'interrupted', reasonCode: 'cut-mid-frame' });
    },
  },
  {
    fault: 'cut mid-UTF-8, clean close',
    path: '/utf8-close',
    status: 'interrupted',
    message: undefined,
    check: (state) => {
      expect(state.byId.c1?.status).toBe('interrupted');
      expect(state.run.reasonCode).toBe('cut-mid-frame');
    },
  },
  {
    fault: 'stall, then close',
    path: '/stall',
    during: async (stream, path, { release }) => {
      await hasStep(stream, 'c1');
      expect(stream.getSnapshot().status).toBe('streaming');
      await release(path);
    },
    status: 'interrupted',
    message: undefined,
    check: (state) => expect(state.run).toEqual({ status: 'interrupted', reasonCode: 'stream-closed' }),
  },
  {
    fault: '401 with a JSON body',
    path: '/401-json',
    status: 'error',
    message: /^Sign in first\.$/,
    check: (state) =>
      expect(state.run.error).toEqual({ message: 'Sign in first.', code: 'UNAUTHENTICATED', status: 401 }),
  },
  {
    fault: '401 with an HTML page',
    path: '/401-html',
    status: 'error',
    message: /^401 Unauthorized: Sign in required$/,
    check: (state) => expect(state.run.error).toMatchObject({ code: 'http-error', status: 401 }),
  },
  {
    fault: '403 with a JSON body',
    path: '/403-json',
    status: 'error',
    message: /^This key may not run tools\.$/,
    check: (state) =>
      expect(state.run.error).toEqual({ message: 'This key may not run tools.', code: 'FORBIDDEN', status: 403 }),
  },
  {
    fault: '403 with an HTML page',
    path: '/403-html',
    status: 'error',
    message: /^403 Forbidden: Access denied$/,
  },
  {
    fault: '500 with a JSON body',
    path: '/500-json',
    status: 'error',
    message: /^The model is down\.$/,
  },
  {
    fault: '500 with an HTML page',
    path: '/500-html',
    status: 'error',
    message: /^500 Internal Server Error: Internal Server Error$/,
  },
  {
    fault: '502 with a JSON body',
    path: '/502-json',
    status: 'error',
    message: /^The upstream model did not answer\.$/,
  },
  {
    fault: '502 with an HTML page',
    path: '/502-html',
    status: 'error',
    message: /^502 Bad Gateway: 502 Bad Gateway$/,
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
    during: async (stream, path, { release }) => {
      await hasStep(stream, 'c1');
      await release(path);
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
    message: undefined,
    check: (state) => expect(state.run).toEqual({ status: 'interrupted', reasonCode: 'closed-before-start' }),
  },
  {
    fault: '204 No Content',
    path: '/204',
    status: 'interrupted',
    message: undefined,
    check: (state) => expect(state.run).toEqual({ status: 'interrupted', reasonCode: 'no-body' }),
  },
  {
    fault: 'a frame over the size limit (33 MiB)',
    path: '/huge?mib=33',
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
      expect(state.run).toEqual({ status: 'interrupted', reasonCode: 'stopped' });
    },
  },
];
