'use client';

import { createContext, useContext, useSyncExternalStore } from 'react';
import type { StepsDiagnostics, StepsState } from 'tool-steps/core';
import type { ListModel, StepSource } from '../../internal/list-view';
import type { OpenKeys } from '../../internal/open-keys';
import type { VirtualNav } from '../../internal/row-focus';

/** What every row of one list shares: its source, its view, and which rows, groups, nested lists and thoughts are open. */
export interface ListShared {
  source: StepSource;
  model: ListModel;
  /**
   * Which rows' details (by step id), groups (by group id) and parents' nested steps (by parent id) are
   * open: held by the list, so a row that unmounts (windowed away, moved into a group) comes back as it was.
   */
  rows: OpenKeys;
  groups: OpenKeys;
  nested: OpenKeys;
  /** Which reasoning segments' text is shown (by segment id). */
  thoughts: OpenKeys;
  /** The windowing, for the keyboard, while the list is windowed. */
  nav: { current: VirtualNav | null };
  /** The waiting calls whose rows are drawn now, which "Approve all" decides. */
  drawn: DrawnWaiting;
}

/**
 * The ids of the waiting calls whose rows are mounted (each row adds itself while it waits, from a
 * layout effect, and leaves when it unmounts or stops waiting): a row under closed nested steps, or
 * outside a windowed list's window, is not mounted, so it is not here.
 */
export class DrawnWaiting {
  private readonly ids = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private count = 0;

  /** Adds a drawn waiting row; returns the function that removes it. */
  add(id: string): () => void {
    this.ids.add(id);
    this.notify();
    return () => {
      if (this.ids.delete(id)) this.notify();
    };
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes whenever a row is added or removed. */
  readonly version = (): number => this.count;

  private notify(): void {
    this.count++;
    for (const listener of [...this.listeners]) listener();
  }
}

export const ListSharedContext = createContext<ListShared | null>(null);
ListSharedContext.displayName = 'ToolStepsListContext';

/** The list's shared state; `part` names what asks, for the error outside a `ToolStepsRoot`. */
export function useListShared(part = 'a list row'): ListShared {
  const shared = useContext(ListSharedContext);
  if (!shared) throw new Error(`tool-steps: ${part} is drawn outside a <ToolStepsRoot> (or <ToolSteps>)`);
  return shared;
}

/** The source's run, re-rendering when it changes only. */
export function useRun(source: StepSource): StepsState['run'] {
  const read = () => source.getSnapshot().run;
  return useSyncExternalStore(source.subscribe, read, read);
}

/** The source's diagnostics (what the decoders and the reducer skipped), re-rendering when they change only. */
export function useSkipped(source: StepSource): StepsDiagnostics {
  const read = () => source.getSnapshot().diagnostics;
  return useSyncExternalStore(source.subscribe, read, read);
}
