/**
 * `tool-steps/renderers`: the details renderers as building blocks, for a host that composes its own
 * details or registers renderers by kind or tool (`renderers` on `ToolSteps`): the built-in registry,
 * the renderers themselves, kind detection and the copy button. Apart from `tool-steps` so that an app
 * rendering the list pays for none of them up front: the list loads the open details body, and with it
 * the renderers, on demand (a bundler keeps a module re-exported by the entry it imports in that entry's
 * chunk, even when only a lazy chunk uses it). The registry types are exported by `tool-steps` too.
 */
export { builtinRenderers, LazyCodeView, LazyDiffView, LazySourcesView, LazyTerminalView } from './builtin';
export type { CopyButtonProps } from './copy';
export { CopyButton } from './copy';
export { detailsValue, detectDetailsKind } from './detect';
export type { DiffLayout, DiffViewProps } from './diff-view';
export type { JsonTreeProps } from './json-tree';
export { JsonTree } from './json-tree';
export { MediaView } from './media-view';
export type { ModelViewSwitchProps } from './model-view';
export { ModelViewSwitch } from './model-view';
export { TableView } from './table-view';
export type { TextViewProps } from './text-view';
export { TextView } from './text-view';
export type { DetailsKind, DetailsRenderer, DetailsRendererProps, DetailsRenderers, DetailsView } from './types';
export { DETAILS_KINDS } from './types';
