'use client';

import { useCallback } from 'react';
import type { Step, StepStore, StepsState } from 'tool-steps/core';
import { useSteps } from './use-steps';

/**
 * One step of a store, by id; the component re-renders only when that step changed.
 * `undefined` while the store has no step with that id.
 */
export function useStep(store: StepStore, id: string): Step | undefined {
  const select = useCallback((state: StepsState) => (Object.hasOwn(state.byId, id) ? state.byId[id] : undefined), [id]);
  return useSteps(store, select);
}
