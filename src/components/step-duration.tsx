'use client';

import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import type { Step } from '../core';
import { formatDuration, isoDuration } from '../internal/format';
import { drawPart, type RenderProp } from '../internal/render';
import { useStepOf } from './context';

/** What a `render` function of `ToolStepDuration` receives besides the props. */
export interface ToolStepDurationState {
  step: Step;
  /** The duration in milliseconds. */
  ms: number;
}

/** Props of `ToolStepDuration`. */
export interface ToolStepDurationProps extends Omit<ComponentPropsWithoutRef<'time'>, 'dateTime'> {
  /** The step; defaults to the row's. */
  step?: Step;
  /** Swaps the element: `render={<span />}` or `(props, state) => element`. */
  render?: RenderProp<ToolStepDurationState>;
}

/**
 * How long the call took, once it ended ("8.4 s"). Renders nothing while the step runs or when the
 * times are unknown.
 *
 * Renders `<time data-slot="tool-step-duration" dateTime="PT8.421S">`.
 */
export const ToolStepDuration = forwardRef<HTMLTimeElement, ToolStepDurationProps>(function ToolStepDuration(
  { step: explicit, render, ...props },
  ref,
) {
  const step = useStepOf(explicit, 'ToolStepDuration');
  if (step.startedAt === undefined || step.endedAt === undefined || step.endedAt < step.startedAt) return null;
  const ms = step.endedAt - step.startedAt;
  return drawPart(
    'time',
    render,
    { 'data-slot': 'tool-step-duration', dateTime: isoDuration(ms), children: formatDuration(ms) },
    props,
    ref,
    { step, ms },
  );
});
