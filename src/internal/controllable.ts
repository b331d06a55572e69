'use client';

import { useCallback, useRef, useState } from 'react';

/**
 * A value that is controlled when `value` is given and otherwise kept here (Radix's
 * `useControllableState`): uncontrolled, it is `fallback` (read on every render, so a default that
 * follows its input follows it) until the person chooses, and from then on their choice. `onChange` is
 * called with every choice, controlled or not.
 */
export function useControllable<T>(
  value: T | undefined,
  fallback: T,
  onChange: ((next: T) => void) | undefined,
): [T, (next: T) => void] {
  const [chosen, setChosen] = useState<{ value: T } | undefined>(undefined);
  const controlled = value !== undefined;
  const latest = useRef(onChange);
  latest.current = onChange;
  const set = useCallback(
    (next: T) => {
      if (!controlled) setChosen({ value: next });
      latest.current?.(next);
    },
    [controlled],
  );
  return [controlled ? value : chosen ? chosen.value : fallback, set];
}
