'use client';

import { useCallback, useState, useSyncExternalStore } from 'react';
import { useClientLayoutEffect } from '../../internal/layout-effect';
import { OpenKeys } from '../../internal/open-keys';

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
