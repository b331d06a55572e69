'use client';

import { type ComponentType, createElement, type LazyExoticComponent, lazy, useState } from 'react';
import type { CodeView } from './code-view';
import type { DiffView } from './diff-view';
import { JsonTree } from './json-tree';
import { MediaView } from './media-view';
import type { SourcesView } from './sources-view';
import { TableView } from './table-view';
import type { TerminalView } from './terminal-view';
import { TextView } from './text-view';
import type { DetailsKind, DetailsRenderer, DetailsRendererProps } from './types';

/** A renderer in a chunk of its own: fetched once by `load`, drawn by `React.lazy` (`Lazy`) until then. */
interface Chunk<C extends ComponentType<DetailsRendererProps>> {
  load: () => Promise<{ default: C }>;
  Lazy: LazyExoticComponent<C>;
  /** The component, once its chunk has loaded. */
  loaded: () => C | undefined;
}

/** `fetch` once (a failed fetch may be tried again), with the `React.lazy` component over it. */
function chunked<C extends ComponentType<DetailsRendererProps>>(fetch: () => Promise<{ default: C }>): Chunk<C> {
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
 * What a chunked renderer draws: the loaded component itself when its chunk is there as the element
 * mounts, its `React.lazy` component otherwise. `Lazy` suspends on its first render even when the chunk
 * was fetched in advance, and React then holds the revealed content until 300 ms after the fallback
 * showed (its Suspense throttle): a first opening took 250-330 ms with no long task; fetched in advance
 * (`preloadRendererOf`) and drawn directly, 44-56 ms. The choice is kept for the element's life:
 * switching from one to the other would remount the view and lose its state.
 */
function useChunk<C extends ComponentType<DetailsRendererProps>>(chunk: Chunk<C>): ComponentType<DetailsRendererProps> {
  const [component] = useState(() => (chunk.loaded() ?? chunk.Lazy) as ComponentType<DetailsRendererProps>);
  return component;
}

const diff = chunked(() => import('./diff-view'));
const terminal = chunked(() => import('./terminal-view'));
const sources = chunked(() => import('./sources-view'));
const code = chunked(() => import('./code-view'));

const DiffRenderer = (props: DetailsRendererProps) => createElement(useChunk(diff), props);
const TerminalRenderer = (props: DetailsRendererProps) => createElement(useChunk(terminal), props);
const SourcesRenderer = (props: DetailsRendererProps) => createElement(useChunk(sources), props);
const CodeRenderer = (props: DetailsRendererProps) => createElement(useChunk(code), props);

/** The diff view, loaded on first use so that jsdiff stays out of the base bundle. */
export const LazyDiffView: LazyExoticComponent<typeof DiffView> = diff.Lazy;

/** The terminal view, loaded on first use so that the ANSI parser (anser) stays out of the base bundle. */
export const LazyTerminalView: LazyExoticComponent<typeof TerminalView> = terminal.Lazy;

/** The sources view (links from web search and fetch results), loaded on first use. */
export const LazySourcesView: LazyExoticComponent<typeof SourcesView> = sources.Lazy;

/** The code view (a file or snippet with line numbers), loaded on first use. */
export const LazyCodeView: LazyExoticComponent<typeof CodeView> = code.Lazy;

const CHUNKED: Partial<Record<DetailsKind, () => Promise<unknown>>> = {
  diff: diff.load,
  terminal: terminal.load,
  sources: sources.load,
  code: code.load,
};

/** Whether the built-in renderer of `kind` can be drawn without suspending (not public; for tests). */
export function rendererLoaded(kind: DetailsKind): boolean {
  const chunk = { diff, terminal, sources, code }[kind as 'diff' | 'terminal' | 'sources' | 'code'];
  return chunk === undefined || chunk.loaded() !== undefined;
}

/**
 * Starts fetching the built-in renderer of `kind` when it is in a chunk of its own (a no-op otherwise,
 * and once fetched). Never rejects: a failed fetch is tried again when the block opens.
 */
export function preloadRendererOf(kind: DetailsKind): void {
  CHUNKED[kind]?.().catch(() => undefined);
}

/**
 * The built-in renderer of each kind. `diff`, `terminal`, `sources` and `code` load their chunk on first
 * use and suspend until it is there: render them inside `<Suspense>`.
 */
export const builtinRenderers: Readonly<Record<DetailsKind, DetailsRenderer>> = {
  diff: DiffRenderer,
  terminal: TerminalRenderer,
  json: JsonTree,
  table: TableView,
  media: MediaView,
  text: TextView,
  sources: SourcesRenderer,
  code: CodeRenderer,
};
