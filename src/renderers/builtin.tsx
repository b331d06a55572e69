'use client';

import { lazy } from 'react';
import { JsonTree } from './json-tree';
import { MediaView } from './media-view';
import { TableView } from './table-view';
import { TextView } from './text-view';
import type { DetailsKind, DetailsRenderer } from './types';

/** The diff view, loaded on first use so that jsdiff stays out of the base bundle. */
export const LazyDiffView = lazy(() => import('./diff-view'));

/** The terminal view, loaded on first use so that the ANSI parser (anser) stays out of the base bundle. */
export const LazyTerminalView = lazy(() => import('./terminal-view'));

/** The sources view (links from web search and fetch results), loaded on first use. */
export const LazySourcesView = lazy(() => import('./sources-view'));

/** The code view (a file or snippet with line numbers), loaded on first use. */
export const LazyCodeView = lazy(() => import('./code-view'));

/**
 * The built-in renderer of each kind. `diff`, `terminal`, `sources` and `code` are `React.lazy` components: render them
 * inside `<Suspense>`.
 */
export const builtinRenderers: Readonly<Record<DetailsKind, DetailsRenderer>> = {
  diff: LazyDiffView,
  terminal: LazyTerminalView,
  json: JsonTree,
  table: TableView,
  media: MediaView,
  text: TextView,
  sources: LazySourcesView,
  code: LazyCodeView,
};
