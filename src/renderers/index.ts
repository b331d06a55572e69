/**
 * Details renderers: the registry types, kind detection, the built-in renderers and the "what the model
 * read" switch. The heavy renderers (diff, terminal) are reached through `builtinRenderers` /
 * `LazyDiffView` / `LazyTerminalView`, which load them on first use.
 */
export { builtinRenderers, LazyCodeView, LazyDiffView, LazySourcesView, LazyTerminalView } from './builtin';
export type { CopyButtonProps } from './copy';
export { CopyButton, copyText } from './copy';
export { detailsValue, detectDetailsKind } from './detect';
export type { JsonTreeProps } from './json-tree';
export { JsonTree } from './json-tree';
export { MediaView } from './media-view';
export type { ModelReadInfo, ModelViewSwitchProps, TokenCounts } from './model-view';
export { formatTokenSavings, hasBothViews, ModelViewSwitch, modelReadInfo } from './model-view';
export type { DiffInput, MediaItem, TableInput, TerminalInput, TerminalStream } from './normalize';
export { safeMediaUrl, toDiffInput, toMediaItems, toTableInput, toTerminalInput } from './normalize';
export { TableView } from './table-view';
export type { TextViewProps } from './text-view';
export { TextView } from './text-view';
export type { DetailsKind, DetailsRenderer, DetailsRendererProps, DetailsRenderers, DetailsView } from './types';
export { DETAILS_KINDS } from './types';
