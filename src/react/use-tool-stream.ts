'use client';

import { useEffect, useInsertionEffect, useState, useSyncExternalStore } from 'react';
import type { RunError, RunStatus, StepStore, StepsState, ToolStreamOptions } from 'tool-steps/core';
import { createToolStream } from '../core';

/** The types of `useToolStream`. */
export declare namespace useToolStream {
  /** Options of `useToolStream`: those of `createToolStream`. */
  interface Options extends ToolStreamOptions {}

  /** What `useToolStream` returns. */
  interface Result {
    /** The store's steps. */
    state: StepsState;
    /**
     * `state.run.status`: `idle`, `streaming`, then `done`, `paused`, `error` or `interrupted` (see
     * `ToolStreamSnapshot.status`).
     */
    status: RunStatus;
    /** `state.run.error`: why the run failed (HTTP, network, the run's own error). */
    error: RunError | undefined;
    /** POSTs and streams; a request still running is replaced (its steps end `interrupted`). Steps of earlier requests stay. */
    send: (body?: unknown) => Promise<void>;
    /** Aborts the request; open steps and the run end `interrupted`. */
    stop: () => void;
    /** Aborts the request and empties the store. */
    reset: () => void;
    /** The store the requests feed. */
    store: StepStore;
  }
}

/**
 * POSTs to an agent endpoint, reads its stream (any supported protocol) and reduces it into steps: a
 * thin adapter over `createToolStream` (made once per hook, or again when `store` changes), read with
 * `useSyncExternalStore`. The options of a render apply to every `send` after its commit, from any
 * effect or handler. Unmounting aborts the request, whose open steps end `interrupted`.
 */
export function useToolStream(options: useToolStream.Options): useToolStream.Result {
  const [held, hold] = useState(() => ({ store: options.store, stream: createToolStream(options) }));
  let stream = held.stream;
  if (held.store !== options.store) {
    // Another store: another stream (React's "adjusting state while rendering"; making one has no effect).
    stream = createToolStream(options);
    hold({ store: options.store, stream });
  }
  // Insertion effects run before every layout and passive effect of the commit, so those already see these options.
  useInsertionEffect(() => stream.setOptions(options));
  useEffect(() => () => stream.destroy(), [stream]);
  const { state, status, error } = useSyncExternalStore(stream.subscribe, stream.getSnapshot, stream.getSnapshot);
  return { state, status, error, send: stream.send, stop: stream.stop, reset: stream.reset, store: stream.store };
}
