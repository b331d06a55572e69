import type { ComponentPropsWithRef } from 'react';
import type { Step } from '../core';
import { formatDuration, isoDuration } from '../internal/format';
import { useStepOf } from './context';

/** Props of `ToolStepDuration`. */
export interface ToolStepDurationProps extends Omit<ComponentPropsWithRef<'time'>, 'children' | 'dateTime'> {
  /** The step; defaults to the row's. */
  step?: Step;
}

/**
 * How long the call took, once it ended ("8.4 s"). Renders nothing while the step runs or when the
 * times are unknown.
 *
 * Renders `<time data-slot="tool-step-duration" dateTime="PT8.421S">`.
 */
export function ToolStepDuration({ step: explicit, ...props }: ToolStepDurationProps) {
  const step = useStepOf(explicit, 'ToolStepDuration');
  if (step.startedAt === undefined || step.endedAt === undefined || step.endedAt < step.startedAt) return null;
  const ms = step.endedAt - step.startedAt;
  return (
    <time data-slot="tool-step-duration" dateTime={isoDuration(ms)} {...props}>
      {formatDuration(ms)}
    </time>
  );
}
