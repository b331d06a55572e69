'use client';

import { createContext, startTransition, useContext, useEffect, useRef, useState } from 'react';
import { useClientLayoutEffect } from '../../internal/layout-effect';
import { isVerbosity } from '../../internal/shown-items';
import type { ToolStepsRoot } from './root';

type Verbosity = ToolStepsRoot.Verbosity;
type Persist = ToolStepsRoot.Persist | undefined;

/** The list's verbosity, its setter (the person's choice), and whether the host asked for a switch. */
export interface VerbosityState {
  verbosity: Verbosity;
  set: (next: Verbosity) => void;
  switchable: boolean;
}

export const VerbosityContext = createContext<VerbosityState>({ verbosity: 'steps', set() {}, switchable: false });
VerbosityContext.displayName = 'ToolStepsVerbosityContext';

export const useVerbosity = () => useContext(VerbosityContext);

/** The storage to use: the given one, else the browser's `localStorage` (none on the server, or when it is blocked). */
function storageOf(persist: Persist): ToolStepsRoot.Persist['storage'] {
  if (!persist) return undefined;
  if (persist.storage) return persist.storage;
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // a SecurityError on access: nothing is kept
  }
}

/** The stored choice, or `undefined`: a storage that throws, or a value that is no verbosity, is ignored. */
function readStored(persist: Persist): Verbosity | undefined {
  try {
    const value = storageOf(persist)?.getItem(persist?.key as string);
    return isVerbosity(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The list's verbosity: the host's `verbosity` when controlled, else the person's choice, else the
 * stored one (read after mount, so a server render reads no storage and a hydrated list first draws
 * what the server drew), else `defaultVerbosity`, else `steps`. A choice is
 * kept in memory first, so a storage that throws on write leaves it working.
 */
export function useVerbosityState(
  value: Verbosity | undefined,
  defaultValue: Verbosity | undefined,
  onChange: ((next: Verbosity) => void) | undefined,
  persist: Persist,
): VerbosityState {
  const [chosen, setChosen] = useState<Verbosity>();
  const [stored, setStored] = useState<Verbosity>();
  const latest = useRef({ onChange, persist });
  useClientLayoutEffect(() => {
    latest.current = { onChange, persist };
  }, [onChange, persist]);
  const key = persist?.key;
  const storage = persist?.storage;
  useEffect(() => {
    const value = readStored(key === undefined ? undefined : { key, storage });
    // a transition: a hydrating root may still hold dehydrated Suspense boundaries (React 18 would
    // render them on the client again for an urgent update)
    startTransition(() => setStored(value));
  }, [key, storage]);
  const [set] = useState(() => (next: Verbosity) => {
    setChosen(next);
    const { onChange, persist } = latest.current;
    try {
      storageOf(persist)?.setItem(persist?.key as string, next);
    } catch {
      // full or blocked: the choice stays in memory
    }
    onChange?.(next);
  });
  const verbosity = value ?? chosen ?? stored ?? defaultValue ?? 'steps';
  const switchable = value !== undefined || defaultValue !== undefined || persist !== undefined;
  return { verbosity: isVerbosity(verbosity) ? verbosity : 'steps', set, switchable };
}
