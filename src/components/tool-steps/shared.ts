'use client';

import { createContext, useContext } from 'react';
import type { ListModel, StepSource } from '../../internal/list-view';
import type { VirtualNav } from '../../internal/row-focus';

/** What every row of one list shares: its source, its view, the open groups and what the person chose. */
export interface ListShared {
  source: StepSource;
  model: ListModel;
  openGroups: ReadonlySet<string>;
  setGroupOpen: (key: string, open: boolean) => void;
  /**
   * What the person chose for each row's details (by step id) and each parent's nested steps
   * (`nested:<id>`): a row that unmounts (windowed away, moved into a group) comes back as it was.
   */
  opened: Map<string, boolean>;
  /** The windowing, for the keyboard, while the list is windowed. */
  nav: { current: VirtualNav | null };
}

export const ListSharedContext = createContext<ListShared | null>(null);
ListSharedContext.displayName = 'ToolStepsListContext';

export function useListShared(): ListShared {
  const shared = useContext(ListSharedContext);
  if (!shared) throw new Error('tool-steps: a list row outside its list');
  return shared;
}
