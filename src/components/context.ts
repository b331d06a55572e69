'use client';

import { createContext, useContext } from 'react';
import type { PresentationOverrides, Step } from '../core';
import type { DetailsRenderers } from '../renderers/types';
import type { ToolIconMap } from './icons';

/** What a row's parts share: the step, and the ids that tie the label to the row's buttons. */
export interface ToolStepContextValue {
  step: Step;
  /** The id of the row's label, so buttons ("Approve", "Details") can be described by it. */
  labelId?: string;
}

/** Options shared by every row of a list: registries, presentation overrides and callbacks. */
export interface ToolStepsOptions {
  /** Details renderers, most specific first: by tool name, then by kind. */
  renderers?: DetailsRenderers;
  /** Extra icons by kebab-case name; they win over the built-in ones. */
  icons?: ToolIconMap;
  /** Label, icon and detail overrides by tool name (see `presentStep`). */
  labels?: PresentationOverrides;
  /** Called with the step when a person presses "Approve". */
  onApprove?: (step: Step) => void;
  /** Called with the step when a person presses "Deny". */
  onDeny?: (step: Step) => void;
  /** When given, active steps show a "Cancel" button that calls it with the step. */
  onCancel?: (step: Step) => void;
  /** When given, failed and interrupted steps show a "Retry" button that calls it with the step. */
  onRetry?: (step: Step) => void;
}

export const ToolStepContext = createContext<ToolStepContextValue | null>(null);
ToolStepContext.displayName = 'ToolStepContext';

export const ToolStepsOptionsContext = createContext<ToolStepsOptions>({});
ToolStepsOptionsContext.displayName = 'ToolStepsOptionsContext';

/**
 * The step a part draws: its explicit `step` prop, else the row's context. A part used outside a
 * row and without a `step` has nothing to draw: that is a programming error, reported at once.
 */
export function useStepOf(explicit: Step | undefined, part: string): Step {
  const context = useContext(ToolStepContext);
  const step = explicit ?? context?.step;
  if (!step) {
    throw new Error(
      `<${part}> has no step to draw: render it inside <ToolStepRoot step={…}> (or <ToolStep>), or pass it a \`step\` prop.`,
    );
  }
  return step;
}

/** The row's label id, when the part is inside a row that has one. */
export function useLabelId(): string | undefined {
  return useContext(ToolStepContext)?.labelId;
}

/** The list's shared options. */
export function useToolStepsOptions(): ToolStepsOptions {
  return useContext(ToolStepsOptionsContext);
}
