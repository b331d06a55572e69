'use client';

import { useCallback } from 'react';
import type { Step, StepStore, StepsState } from 'tool-steps/core';
import { stepOf } from '../core/step-table';
import { useSteps } from './use-steps';

/**
 * One step of a store, by id; the component re-renders only when that step changed.
 * `undefined` while the store has no step with that id. Reads the step through `stepOf`, so a row costs
 * the same however many steps the store holds.
 */
export function useStep(store: StepStore, id: string): Step | undefined {
  const select = useCallback((state: StepsState) => stepOf(state, id), [id]);
  return useSteps(store, select);
}
