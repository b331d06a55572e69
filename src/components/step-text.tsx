import type { ComponentPropsWithRef } from 'react';
import { type PresentationOverrides, presentStep, type Step } from '../core';
import { useLabelId, useStepOf, useToolStepsOptions } from './context';

/** Props of `ToolStepLabel`. */
export interface ToolStepLabelProps extends ComponentPropsWithRef<'span'> {
  /** The step; defaults to the row's. */
  step?: Step;
  /** Presentation overrides by tool name; defaults to the list's `labels`. */
  labels?: PresentationOverrides;
}

/**
 * What the step is, for people: the server's label, else the built-in one ("Read file"), else the
 * tool name. Children replace the text.
 *
 * Renders `<span data-slot="tool-step-label">`; inside a row it carries the row's label id.
 */
export function ToolStepLabel({ step: explicit, labels, children, ...props }: ToolStepLabelProps) {
  const step = useStepOf(explicit, 'ToolStepLabel');
  const options = useToolStepsOptions();
  const labelId = useLabelId();
  return (
    <span data-slot="tool-step-label" id={labelId} {...props}>
      {children ?? presentStep(step, labels ?? options.labels).label}
    </span>
  );
}

/** Props of `ToolStepDetail`. */
export interface ToolStepDetailProps extends ComponentPropsWithRef<'span'> {
  /** The step; defaults to the row's. */
  step?: Step;
  /** Presentation overrides by tool name; defaults to the list's `labels`. */
  labels?: PresentationOverrides;
}

/**
 * The detail line: the path, pattern or command the call is about. Renders nothing when there is none.
 *
 * Renders `<span data-slot="tool-step-detail">`.
 */
export function ToolStepDetail({ step: explicit, labels, children, ...props }: ToolStepDetailProps) {
  const step = useStepOf(explicit, 'ToolStepDetail');
  const options = useToolStepsOptions();
  const detail = children ?? presentStep(step, labels ?? options.labels).detail;
  if (detail === undefined || detail === null || detail === '') return null;
  return (
    <span data-slot="tool-step-detail" {...props}>
      {detail}
    </span>
  );
}
