'use client';

import { useEffect, useMemo, useSyncExternalStore } from 'react';
import {
  createToolStream,
  type RunError,
  type RunStatus,
  type StepStore,
  type StepsState,
  type ToolStreamOptions,
} from '../core';

/** Options of `useToolStream`: those of `createToolStream`. */
export interface UseToolStreamOptions extends ToolStreamOptions {}

/** What `useToolStream` returns. */
export interface UseToolStreamResult {
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

/**
 * POSTs to an agent endpoint, reads its stream (any supported protocol) and reduces it into steps: a
 * thin adapter over `createToolStream` (made once per hook, or again when `store` changes), read with
 * `useSyncExternalStore`. The latest options apply to the next `send`. Unmounting aborts the request,
 * whose open steps end `interrupted`.
 */
export function useToolStream(options: UseToolStreamOptions): UseToolStreamResult {
  // biome-ignore lint/correctness/useExhaustiveDependencies: made once per store; the other options go through setOptions
  const stream = useMemo(() => createToolStream(options), [options.store]);
  // Like a ref assigned in render: a send() from any effect or handler of this commit sees these options.
  stream.setOptions(options);
  useEffect(() => () => stream.destroy(), [stream]);
  const { state, status, error } = useSyncExternalStore(stream.subscribe, stream.getSnapshot, stream.getSnapshot);
  return { state, status, error, send: stream.send, stop: stream.stop, reset: stream.reset, store: stream.store };
}
