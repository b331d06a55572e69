'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { createStepStore, type ProtocolName, readStream, type StepStore, type StepsState } from '../core';
import { useSteps } from './use-steps';

/** Where the request of `useToolStream` stands. */
export type ToolStreamStatus = 'idle' | 'connecting' | 'streaming' | 'done' | 'error' | 'stopped';

/** An error of the request or of the run: a message for people and, when the server gives one, a code. */
export interface ToolStreamError {
  message: string;
  code?: string;
  /** The HTTP status, for an error answered before the stream started. */
  status?: number;
}

/** Options of `useToolStream`. */
export interface UseToolStreamOptions {
  /** The URL that answers the stream; `send` POSTs to it. */
  api: string;
  /** The JSON body of each request; `send(body)` overrides it. */
  body?: unknown;
  /** Extra request headers. */
  headers?: HeadersInit;
  /** The fetch to use (a test double, an authenticated client). @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
  /** The wire format. @default 'auto' */
  protocol?: 'auto' | ProtocolName;
  /** A store to feed (to share it with other components); one is made per hook otherwise. */
  store?: StepStore;
}

/** What `useToolStream` returns. */
export interface UseToolStreamResult {
  state: StepsState;
  status: ToolStreamStatus;
  error: ToolStreamError | undefined;
  /** POSTs and streams; a request still running is stopped first. Steps of earlier requests stay. */
  send: (body?: unknown) => Promise<void>;
  /** Aborts the request; open steps end `interrupted`. */
  stop: () => void;
  /** Aborts the request and empties the store. */
  reset: () => void;
  store: StepStore;
}

async function errorFromResponse(response: Response): Promise<ToolStreamError> {
  const fallback = `The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  let text = '';
  try {
    text = await response.text();
    const body = JSON.parse(text) as { error?: { message?: unknown; code?: unknown } | string; message?: unknown };
    const error = typeof body.error === 'string' ? { message: body.error } : body.error;
    const message =
      typeof error?.message === 'string' ? error.message : typeof body.message === 'string' ? body.message : undefined;
    const result: ToolStreamError = { message: message ?? fallback, status: response.status };
    if (typeof error === 'object' && error && typeof error.code === 'string') result.code = error.code;
    return result;
  } catch {
    return { message: text.trim() ? `${fallback}: ${text.trim().slice(0, 200)}` : fallback, status: response.status };
  }
}

/**
 * POSTs to an agent endpoint, reads its stream (any supported protocol) and reduces it into steps.
 * `stop()` and unmounting abort the request.
 */
export function useToolStream(options: UseToolStreamOptions): UseToolStreamResult {
  const [ownStore] = useState(() => createStepStore());
  const store = options.store ?? ownStore;
  const state = useSteps(store);
  const [status, setStatus] = useState<ToolStreamStatus>('idle');
  const [error, setError] = useState<ToolStreamError | undefined>();
  const controller = useRef<AbortController | null>(null);
  const latest = useRef(options);
  latest.current = options;

  const stop = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
  }, []);

  const send = useCallback(
    async (body?: unknown) => {
      if (controller.current) {
        // The request being replaced ends here: its open steps are interrupted now, before the new
        // run's events arrive (its own late batches are ignored below).
        controller.current.abort();
        store.apply({ type: 'run-abort', reason: 'Replaced by a newer request.' });
      }
      const abort = new AbortController();
      controller.current = abort;
      const { api, headers, protocol = 'auto' } = latest.current;
      const doFetch = latest.current.fetch ?? globalThis.fetch;
      const payload = body === undefined ? latest.current.body : body;
      setError(undefined);
      setStatus('connecting');
      const fail = (problem: ToolStreamError) => {
        if (controller.current !== abort) return;
        setError(problem);
        setStatus('error');
        store.apply(
          problem.code
            ? { type: 'run-error', message: problem.message, code: problem.code }
            : { type: 'run-error', message: problem.message },
        );
      };
      let response: Response;
      try {
        const requestHeaders = new Headers(headers);
        if (!requestHeaders.has('content-type')) requestHeaders.set('content-type', 'application/json');
        if (!requestHeaders.has('accept')) requestHeaders.set('accept', 'text/event-stream, application/x-ndjson');
        response = await doFetch(api, {
          method: 'POST',
          headers: requestHeaders,
          body: payload === undefined ? undefined : JSON.stringify(payload),
          signal: abort.signal,
        });
      } catch (cause) {
        if (abort.signal.aborted) {
          if (controller.current === null || controller.current === abort) setStatus('stopped');
          return;
        }
        fail({ message: `Could not reach ${api}: ${cause instanceof Error ? cause.message : String(cause)}` });
        return;
      }
      if (!response.ok) {
        fail(await errorFromResponse(response));
        return;
      }
      if (controller.current === abort) setStatus('streaming');
      try {
        for await (const batch of readStream(response, { protocol, signal: abort.signal })) {
          // A request replaced by a newer send() must not write into the newer run.
          if (controller.current !== null && controller.current !== abort) break;
          store.apply(batch);
        }
      } catch (cause) {
        if (!abort.signal.aborted) {
          if (controller.current === abort) store.apply({ type: 'run-abort', reason: 'The connection was lost.' });
          fail({ message: `The stream broke off: ${cause instanceof Error ? cause.message : String(cause)}` });
          return;
        }
      }
      if (abort.signal.aborted) {
        if (controller.current === null || controller.current === abort) setStatus('stopped');
        return;
      }
      if (controller.current !== abort) return;
      controller.current = null;
      const run = store.getSnapshot().run;
      if (run.status === 'error' && run.error) {
        setError(run.error);
        setStatus('error');
      } else if (run.status === 'interrupted') {
        // The connection closed before the run finished: not a success.
        setError({ message: 'The stream closed before the run finished.' });
        setStatus('error');
      } else {
        setStatus('done');
      }
    },
    [store],
  );

  const reset = useCallback(() => {
    stop();
    store.reset();
    setError(undefined);
    setStatus('idle');
  }, [stop, store]);

  useEffect(() => () => controller.current?.abort(), []);

  return { state, status, error, send, stop, reset, store };
}
