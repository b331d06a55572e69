'use client';

import { useCallback, useSyncExternalStore } from 'react';
import type { StepStore, StepsState, TurnItem } from 'tool-steps/core';
import { turnItems } from '../core/turn-items';

const noSubscription = () => () => {};

/**
 * The turn as it happened, for a host that draws its own messages: steps and reasoning segments in the
 * order they arrived (`turnItems`), at the top level or under step `parentId` (a sub-agent's). From a
 * store it re-renders only when an item arrives (a reasoning delta or a step's progress keeps the same
 * array); from a state (`useUIMessageSteps`, `stepsFromText`) it reads that state. Look each item up in
 * `state.byId` or `segmentOf(state.reasoning, id)`, and subscribe to it there (`useStep`, `useSteps`) so that one
 * update re-renders one item. Works with server rendering.
 *
 * @example
 * ```tsx
 * const items = useTurnItems(store);
 * return items.map((item) =>
 *   item.kind === 'step' ? <MyCall key={item.id} id={item.id} /> : <MyThought key={item.id} id={item.id} />,
 * );
 * ```
 */
export function useTurnItems(source: StepStore | StepsState, parentId?: string): readonly TurnItem[] {
  const store = 'getSnapshot' in source ? source : undefined;
  const state = store ? undefined : (source as StepsState);
  const get = useCallback(
    () => turnItems(store ? store.getSnapshot() : (state as StepsState), parentId),
    [store, state, parentId],
  );
  return useSyncExternalStore(store ? store.subscribe : noSubscription, get, get);
}
