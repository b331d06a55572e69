import type { ComponentType } from 'react';
import type { Step } from 'tool-steps/core';

/** The kinds of details block the kit knows how to draw. */
export type DetailsKind = 'diff' | 'terminal' | 'json' | 'table' | 'media' | 'text' | 'sources' | 'code';

/** Every details kind, in a fixed order. */
export const DETAILS_KINDS = [
  'diff',
  'terminal',
  'json',
  'table',
  'media',
  'text',
  'sources',
  'code',
] as const satisfies readonly DetailsKind[];

/** What a details renderer receives: the whole step, the value to draw and its detected kind. */
export interface DetailsRendererProps {
  step: Step;
  /** The value to draw: `step.details`, or `step.result` when showing what the model read. */
  details: unknown;
  kind: DetailsKind;
}

/** A details renderer: any component (it may be `React.lazy`). */
export type DetailsRenderer = ComponentType<DetailsRendererProps>;

/** Renderers a host app passes, most specific first: by tool name, then by kind. */
export interface DetailsRenderers {
  byTool?: Readonly<Record<string, DetailsRenderer>>;
  byKind?: Readonly<Partial<Record<DetailsKind, DetailsRenderer>>>;
}

/** Which value a details block shows: what the application sees, or what the model read. */
export type DetailsView = 'details' | 'result';
