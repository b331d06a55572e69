'use client';

/**
 * One shared one-second ticker for every running step (the durations and their words are in
 * `duration.ts`, which server code may import too).
 */
import { useSyncExternalStore } from 'react';

// ---------------------------------------------------------------------------------------------------
// The ticker. One interval for the page, running only while something that shows elapsed time is
// mounted. It holds no run's data (only "now"), so unlike a store it can be shared: every running row
// of every list then advances on the same tick, and a hundred running rows cost one timer.

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let current = 0;

function tick(): void {
  current = Date.now();
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    current = Date.now();
    timer = setInterval(tick, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Set while one synchronous pass (a render) reads the clock without the ticker: every read agrees. */
let holding = false;

function getNow(): number {
  // Before the first subscription (the first render) read the clock itself, once per synchronous pass:
  // React (18 in development) reads a snapshot twice and warns when the two differ, which two
  // `Date.now()` calls a millisecond apart would. The ticker holds it from then on.
  if (timer === undefined && !holding) {
    current = Date.now();
    holding = true;
    queueMicrotask(() => {
      holding = false;
    });
  }
  return current;
}

/**
 * The time now, or `undefined` in a server render: time starts on the client. A prerender must read no
 * clock (with Next's `cacheComponents`, `Date.now()` while prerendering a client component fails the build).
 */
export function clientNow(): number | undefined {
  return typeof window === 'undefined' ? undefined : Date.now();
}

/** `undefined` on the server: a server render shows no elapsed time (it would not tick). */
const getServerNow = (): number | undefined => undefined;

/**
 * The time of the shared one-second tick (milliseconds since the epoch). Only the component that calls
 * it re-renders on each tick, so a row shows a ticking clock without re-rendering itself.
 */
export function useTickingNow(): number | undefined {
  return useSyncExternalStore(subscribe, getNow, getServerNow);
}
