'use client';

import { useCallback, useState, useSyncExternalStore } from 'react';
import { useClientLayoutEffect } from '../../internal/layout-effect';
import { OpenKeys } from '../../internal/open-keys';

/**
 * Which rows and groups of the list are open, by id (Radix Accordion's `value` pattern), controlled
 * or not. Ids that name no row or group are ignored.
 */
export interface ToolStepsExpandedOptions {
  /**
   * The ids of the steps whose details are open (controlled): exactly these rows are open, a failed
   * step's too only when listed. A person's toggle calls `onExpandedChange`, and the row follows the
   * array you pass back.
   */
  expanded?: readonly string[];
  /**
   * The ids of the steps whose details start open (uncontrolled). Other rows follow their step
   * (failed ones open) until the person toggles them.
   */
  defaultExpanded?: readonly string[];
  /** Called with the ids of every open row after the person opens or closes one. */
  onExpandedChange?: (expanded: string[]) => void;
  /** The ids of the open groups (controlled); a group's id is its first step's id (`data-group-key`). */
  groupsExpanded?: readonly string[];
  /** The ids of the groups that start open (uncontrolled); the others start closed. */
  defaultGroupsExpanded?: readonly string[];
  /** Called with the ids of the open groups after the person opens or closes one. */
  onGroupsExpandedChange?: (expanded: string[]) => void;
}

/** The list's `OpenKeys` for one prop triple: one per list, told the latest value and callback before the paint. */
export function useOpenKeys(
  value: readonly string[] | undefined,
  defaultValue: readonly string[] | undefined,
  onChange: ((keys: string[]) => void) | undefined,
  name: string,
): OpenKeys {
  const [keys] = useState(() => new OpenKeys(value, defaultValue, name));
  useClientLayoutEffect(() => {
    keys.setValue(value);
    keys.onChange = onChange;
  }, [keys, value, onChange]);
  return keys;
}

/** Whether `key` is open by the list (`undefined`: the item's own default), re-rendering on its changes only. */
export function useOpenKey(keys: OpenKeys, key: string): boolean | undefined {
  const subscribe = useCallback((listener: () => void) => keys.subscribe(key, listener), [keys, key]);
  const read = () => keys.get(key);
  return useSyncExternalStore(subscribe, read, read);
}
