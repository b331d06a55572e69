'use client';

import { useCallback, useSyncExternalStore } from 'react';
import type { StepStore, StepsState } from 'tool-steps/core';

const identity = (state: StepsState) => state;

/**
 * Subscribes to a store. With a selector, the component re-renders only when the selected value
 * changes (by `Object.is`); a selector must return a value that already exists in the snapshot (a new
 * object on every call re-renders forever). Notifications come at most once per animation frame, so
 * a burst of events costs one render. Works with server rendering (the server snapshot is the store's
 * current one).
 */
export function useSteps(store: StepStore): StepsState;
export function useSteps<T>(store: StepStore, selector: (state: StepsState) => T): T;
export function useSteps<T>(store: StepStore, selector?: (state: StepsState) => T): T | StepsState {
  const select = selector ?? identity;
  const get = useCallback(() => select(store.getSnapshot()), [store, select]);
  return useSyncExternalStore(store.subscribe, get, get);
}
