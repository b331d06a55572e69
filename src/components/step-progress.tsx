import type { ComponentPropsWithRef } from 'react';
import type { Step } from '../core';
import { formatCompact } from '../internal/format';
import { useStepOf } from './context';

/** Props of `ToolStepProgress`. */
export interface ToolStepProgressProps extends ComponentPropsWithRef<'div'> {
  /** The step; defaults to the row's. */
  step?: Step;
}

/**
 * The latest progress update, as text (a string as it is, anything else as compact JSON), in a polite
 * live region so screen readers hear each new update without being interrupted. Children replace the
 * text.
 *
 * Renders `<div data-slot="tool-step-progress" aria-live="polite">`; `data-count` is the number of
 * updates so far. Mount it while the step runs (even empty) so the first update is announced.
 */
export function ToolStepProgress({ step: explicit, children, ...props }: ToolStepProgressProps) {
  const step = useStepOf(explicit, 'ToolStepProgress');
  const progress = step.progress;
  return (
    <div data-slot="tool-step-progress" aria-live="polite" data-count={progress?.count ?? 0} {...props}>
      {children ?? formatCompact(progress?.content)}
    </div>
  );
}
