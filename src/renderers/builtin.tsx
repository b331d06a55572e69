'use client';

import { JsonTree } from './json-tree';
import { CodeRenderer, DiffRenderer, SourcesRenderer, TerminalRenderer } from './lazy-views';
import { MediaView } from './media-view';
import { TableView } from './table-view';
import { TextView } from './text-view';
import type { DetailsKind, DetailsRenderer } from './types';

export {
  LazyCodeView,
  LazyDiffView,
  LazySourcesView,
  LazyTerminalView,
  preloadRendererOf,
  rendererLoaded,
} from './lazy-views';

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
