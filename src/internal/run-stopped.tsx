'use client';

/**
 * Whether the list's run ended because the person stopped it, for the rows: a call it cut short reads
 * "Stopped" with a stop icon, not "Interrupted" with a broken plug. One value per list, from its store; a row drawn alone has no run and reads its own status.
 */
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { StepStore } from 'tool-steps/core';
import { isStoppedRun } from '../presentation/outcome';

const RunStoppedContext = createContext(false);

/** Gives the rows below whether the run of `store` was stopped by the person. */
export function RunStoppedProvider({ store, children }: { store: StepStore; children: ReactNode }) {
  const read = () => isStoppedRun(store.getSnapshot().run);
  const stopped = useSyncExternalStore(store.subscribe, read, read);
  return <RunStoppedContext.Provider value={stopped}>{children}</RunStoppedContext.Provider>;
}

/** Whether the run of the list around this part was stopped by the person (`false` outside a list). */
export function useRunStopped(): boolean {
  return useContext(RunStoppedContext);
}
