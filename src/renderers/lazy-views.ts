'use client';

/**
 * The built-in views that live in chunks of their own (diff, terminal, sources, code): one chunk each,
 * shared by the details block and the approval card, so a view loaded for one is loaded for the other.
 * Kept apart from `builtin.tsx`, which also holds the views of the base bundle (JSON, table, media, text):
 * the approval card is in the base bundle and imports only this.
 */
import { type ComponentType, createElement, type LazyExoticComponent } from 'react';
import { chunked, useChunk } from '../internal/chunk';
import type { DiffViewProps } from './diff-view';
import type { DetailsKind, DetailsRendererProps } from './types';

// Each view in a chunk of its own, drawn directly once loaded (see `useChunk`).
const diff = chunked(() => import('./diff-view'));
const terminal = chunked(() => import('./terminal-view'));
const sources = chunked(() => import('./sources-view'));
const code = chunked(() => import('./code-view'));

export const DiffRenderer = (props: DetailsRendererProps) => createElement(useChunk(diff), props);
export const TerminalRenderer = (props: DetailsRendererProps) => createElement(useChunk(terminal), props);
export const SourcesRenderer = (props: DetailsRendererProps) => createElement(useChunk(sources), props);
export const CodeRenderer = (props: DetailsRendererProps) => createElement(useChunk(code), props);

/** The diff view, loaded on first use so that jsdiff stays out of the base bundle. */
export const LazyDiffView: LazyExoticComponent<ComponentType<DiffViewProps>> = diff.Lazy;

/** The terminal view, loaded on first use so that the ANSI parser (anser) stays out of the base bundle. */
export const LazyTerminalView: LazyExoticComponent<ComponentType<DetailsRendererProps>> = terminal.Lazy;

/** The sources view (links from web search and fetch results), loaded on first use. */
export const LazySourcesView: LazyExoticComponent<ComponentType<DetailsRendererProps>> = sources.Lazy;

/** The code view (a file or snippet with line numbers), loaded on first use. */
export const LazyCodeView: LazyExoticComponent<ComponentType<DetailsRendererProps>> = code.Lazy;

const CHUNKS: Partial<Record<DetailsKind, { load: () => Promise<unknown>; loaded: () => unknown }>> = {
  diff,
  terminal,
  sources,
  code,
};

/** Whether the built-in renderer of `kind` can be drawn without suspending (not public; for tests). */
export function rendererLoaded(kind: DetailsKind): boolean {
  const chunk = CHUNKS[kind];
  return chunk === undefined || chunk.loaded() !== undefined;
}

/**
 * Starts fetching the built-in renderer of `kind` when it is in a chunk of its own (a no-op otherwise,
 * and once fetched). Never rejects: a failed fetch is tried again when the block opens.
 */
export function preloadRendererOf(kind: DetailsKind): void {
  CHUNKS[kind]?.load().catch(() => undefined);
}
