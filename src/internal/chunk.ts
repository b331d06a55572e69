'use client';

import { type ComponentType, type LazyExoticComponent, lazy, useState } from 'react';

/** A component in a chunk of its own: fetched once by `load`, drawn by `React.lazy` (`Lazy`) until then. */
// biome-ignore lint/suspicious/noExplicitAny: any component, as React.lazy takes
export interface Chunk<C extends ComponentType<any>> {
  /** Fetches the chunk once; a failed fetch is forgotten, so the next call tries again. */
  load: () => Promise<{ default: C }>;
  Lazy: LazyExoticComponent<C>;
  /** The component, once its chunk has loaded. */
  loaded: () => C | undefined;
}

/** A chunk over `fetch` (an `import()` mapped to `{ default }`), with the `React.lazy` component over it. */
// biome-ignore lint/suspicious/noExplicitAny: any component, as React.lazy takes
export function chunked<C extends ComponentType<any>>(fetch: () => Promise<{ default: C }>): Chunk<C> {
  let loaded: C | undefined;
  let loading: Promise<{ default: C }> | undefined;
  const load = () => {
    loading ??= fetch().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return { load, Lazy: lazy(load), loaded: () => loaded };
}

/**
 * What to draw for a chunk: the loaded component itself when the chunk is there as the element mounts,
 * its `React.lazy` component otherwise. `Lazy` suspends on its first render even when the chunk was
 * fetched in advance, and React then holds the revealed content until 300 ms after the fallback showed
 * (its Suspense throttle): a details block's first opening took 244-332 ms with no long task; fetched in
 * advance and drawn directly, 44-56 ms. The choice is kept for the element's life: React reconciles a
 * resolved lazy element with its component only from the component to the lazy one, so a switch the other
 * way would remount the view. (A defence only: with the Suspense boundary above the caller, a render that
 * suspended is thrown away and the caller mounts again once the chunk is there; no test here could make
 * the lazy one commit first, see test/components/chunk.test.tsx.)
 */
export function useChunk<P extends object>(
  chunk: Chunk<ComponentType<P>>,
): ComponentType<P> | LazyExoticComponent<ComponentType<P>> {
  const [component] = useState<ComponentType<P> | LazyExoticComponent<ComponentType<P>>>(
    () => chunk.loaded() ?? chunk.Lazy,
  );
  return component;
}
