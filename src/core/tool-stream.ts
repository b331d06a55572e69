/**
 * `createToolStream`: one agent endpoint as a small external store. It POSTs, reads the answer's stream
 * (any protocol) into a step store, and keeps where the request stands, in the run's own words
 * (`RunStatus`). Framework-free: `useToolStream` is a thin React adapter over it, the way TanStack
 * Query's `useBaseQuery` adapts a `QueryObserver`.
 */

import type { DecoderOptions, ProtocolName } from './decoders';
import type { StepEvent } from './events';
import { htmlTitle, looksLikeHtml } from './html';
import type { ReasonCode, RunError, RunStatus, StepsState } from './step';
import { createStepStore, type StepStore } from './store';
import { loadStreamReader, readStream } from './stream';

/** What a request is made of; `setOptions` replaces them between requests. */
export interface ToolStreamRequestOptions {
  /** The URL that answers the stream; `send` POSTs to it. */
  api: string;
  /** The JSON body of each request; `send(body)` overrides it. */
  body?: unknown;
  /** Extra request headers (`content-type: application/json` and an SSE/JSONL `accept` are added when absent). */
  headers?: HeadersInit;
  /** The fetch to use (a test double, an authenticated client). @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
  /** The wire format. @default 'auto' */
  protocol?: 'auto' | ProtocolName;
  /**
   * Options for the decoder, as `readStream` takes them: that protocol's own with a `protocol` named,
   * keyed by protocol name otherwise (`{ 'ag-ui': { custom } }`).
   */
  decoderOptions?: DecoderOptions;
}

/** Options of `createToolStream`. */
export interface ToolStreamOptions extends ToolStreamRequestOptions {
  /** A store to feed (to share it with other components); a new one is made otherwise. */
  store?: StepStore;
}

/** Where a tool stream stands: the same object until something in it changes. */
export interface ToolStreamSnapshot {
  /**
   * `state.run.status`: `idle` before the first `send`; `streaming` from `send` until the answer's
   * stream ends; then what the run says: `done`, `paused` (waiting for an approval), `error` (HTTP
   * error, network failure or the run's own error), or `interrupted` (`stop()`, or a stream that closed
   * before its run finished; why is in `state.run.reasonCode` or `state.run.reason`).
   */
  status: RunStatus;
  /**
   * `state.run.error`: the HTTP error (`{ error: { message, code } }` bodies are read; the status in
   * `status`), the network failure (code `unreachable`) or the run's error. `undefined` unless the
   * run failed.
   */
  error: RunError | undefined;
  /** The store's steps. */
  state: StepsState;
}

/** One agent endpoint, its requests and their steps. Make one with `createToolStream`. */
export interface ToolStream {
  /** The store the requests feed. */
  readonly store: StepStore;
  /** The current snapshot (`status`, `error`, `state`); the same object until one of them changes. */
  getSnapshot(): ToolStreamSnapshot;
  /** Registers a listener, told when the snapshot changes; returns the function that removes it. */
  subscribe(listener: () => void): () => void;
  /**
   * POSTs `body` (else the `body` option) as JSON and streams the answer into the store. A request
   * still running is replaced: its open steps end `interrupted` at once, and nothing it reads later
   * reaches the store. Steps of earlier requests stay. Resolves when this request has settled; never
   * rejects (failures are in `error`).
   */
  send(body?: unknown): Promise<void>;
  /** Aborts the running request: its open steps and the run end `interrupted` at once. No-op when idle. */
  stop(): void;
  /** Aborts the running request, empties the store and goes back to `idle`. */
  reset(): void;
  /** Replaces the request options (`api`, `body`, `headers`, `fetch`, `protocol`) for the next `send`. */
  setOptions(options: ToolStreamRequestOptions): void;
  /**
   * Stops the running request (as `stop()`) and drops every listener, including its own subscription
   * to the store. The stream stays usable: a later `subscribe` or `send` works (React's StrictMode
   * unmounts and mounts again).
   */
  destroy(): void;
}

/** One request: its abort controller; it may write into the store only while it is the current one. */
interface Request {
  readonly abort: AbortController;
}

/**
 * Reads an HTTP error answer: `{ error: { message, code } }`, `{ error: '...' }`, `{ message }`, an
 * error page's title or the text; without a message of the server's own, the code `http-error` and the
 * status line (the list writes the sentence).
 */
async function errorFromResponse(response: Response): Promise<RunError> {
  const status = response.status;
  const line = `${status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const plain = (text: string): RunError => ({ message: text ? `${line}: ${text}` : line, code: 'http-error', status });
  let text = '';
  try {
    text = await response.text();
    const body = JSON.parse(text) as { error?: { message?: unknown; code?: unknown } | string; message?: unknown };
    const error = typeof body.error === 'string' ? { message: body.error } : body.error;
    const message =
      typeof error?.message === 'string' ? error.message : typeof body.message === 'string' ? body.message : undefined;
    const code = typeof error === 'object' && error && typeof error.code === 'string' ? error.code : undefined;
    if (message === undefined) return code ? { message: line, code, status } : plain('');
    return code ? { message, code, status } : { message, status };
  } catch {
    const type = response.headers.get('content-type') ?? '';
    // An error page (a proxy's 502): its title says what happened; its markup says nothing to a person.
    if (type.includes('html') || looksLikeHtml(text)) return plain(htmlTitle(text) ?? '');
    return plain(text.trim().slice(0, 200));
  }
}

function describe(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  // undici's messages ("fetch failed", "terminated") say that something failed; their cause says what.
  const inner = cause.cause;
  return inner instanceof Error && inner.message && inner.message !== cause.message
    ? `${cause.message} (${inner.message})`
    : cause.message;
}

/**
 * Makes a tool stream for an agent endpoint: `send()` POSTs and reads the answer's stream (Cogitator,
 * AI SDK, Anvia or native events, detected unless `protocol` says) into a step store, with HTTP errors
 * read from `{ error: { message, code } }` bodies, abort, and replacement of a running request by a
 * newer one. Nothing happens until `send()`; the stream subscribes to its store only while it has
 * listeners.
 *
 * @example
 * ```ts
 * const stream = createToolStream({ api: '/api/agent' });
 * stream.subscribe(() => render(stream.getSnapshot()));
 * await stream.send({ prompt: 'Rename formatUsd' });
 * ```
 */
export function createToolStream(options: ToolStreamOptions): ToolStream {
  const store = options.store ?? createStepStore();
  let request: ToolStreamRequestOptions = options;
  let current: Request | undefined;
  let snapshot: ToolStreamSnapshot | undefined;
  const listeners = new Set<() => void>();
  let unsubscribeStore: (() => void) | undefined;

  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  // One owner: the status and the error are the run's, read from the store's state.
  const getSnapshot = (): ToolStreamSnapshot => {
    const state = store.getSnapshot();
    if (snapshot?.state !== state) snapshot = { status: state.run.status, error: state.run.error, state };
    return snapshot;
  };

  // The run's own changes (started, stopped, failed, ended) are told at once; the store tells the
  // steps' changes on its schedule.
  let toldRun: StepsState['run'] | undefined;
  const notifyRun = () => {
    const run = store.getSnapshot().run;
    if (run === toldRun) return;
    toldRun = run;
    notify();
  };

  /** Ends the current request, if any; its steps are interrupted unless the store is being emptied. */
  const abortCurrent = (interrupt: ReasonCode | undefined) => {
    const running = current;
    if (!running) return false;
    current = undefined;
    running.abort.abort();
    if (interrupt) store.apply({ type: 'run-abort', code: interrupt });
    notifyRun();
    return true;
  };

  const send = async (body?: unknown): Promise<void> => {
    abortCurrent('replaced');
    const mine: Request = { abort: new AbortController() };
    current = mine;
    const isCurrent = () => current === mine;
    const { api, headers, protocol = 'auto', decoderOptions } = request;
    const doFetch = request.fetch ?? globalThis.fetch;
    const payload = body === undefined ? request.body : body;
    store.apply({ type: 'run-start' });
    notifyRun();
    // The reader's module loads while the request is on the network (a failed load is retried by the read).
    loadStreamReader().catch(() => {});

    const fail = (problem: RunError, before?: StepEvent) => {
      if (!isCurrent()) return;
      current = undefined;
      if (before) store.apply(before);
      store.apply({ type: 'run-error', ...problem });
      notifyRun();
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
        signal: mine.abort.signal,
      });
    } catch (cause) {
      fail({ message: `${api}: ${describe(cause)}`, code: 'unreachable' });
      return;
    }
    if (!isCurrent()) {
      // Stopped or replaced while the answer was on its way: nobody reads this body.
      await response.body?.cancel().catch(() => {});
      return;
    }
    if (!response.ok) {
      fail(await errorFromResponse(response));
      return;
    }
    try {
      for await (const batch of readStream(response, { protocol, decoderOptions, signal: mine.abort.signal })) {
        // A stopped or replaced request writes nothing more: its run already ended `interrupted`.
        if (!isCurrent()) return;
        store.apply(batch);
      }
    } catch (cause) {
      fail({ message: describe(cause), code: 'connection-lost' }, { type: 'run-abort', code: 'connection-lost' });
      return;
    }
    if (!isCurrent()) return;
    current = undefined;
    // The stream ended without its run finishing (readStream closed it `interrupted`): not a success.
    if (store.getSnapshot().run.status === 'streaming') store.apply({ type: 'run-abort', code: 'stream-closed' });
    notifyRun();
  };

  return {
    store,
    getSnapshot,
    subscribe(listener) {
      listeners.add(listener);
      unsubscribeStore ??= store.subscribe(notify);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          unsubscribeStore?.();
          unsubscribeStore = undefined;
        }
      };
    },
    send,
    stop() {
      abortCurrent('stopped');
    },
    reset() {
      abortCurrent(undefined);
      store.reset();
      notifyRun();
    },
    setOptions(next) {
      request = next;
    },
    destroy() {
      abortCurrent('stopped');
      listeners.clear();
      unsubscribeStore?.();
      unsubscribeStore = undefined;
    },
  };
}
