'use client';

import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import type { Step } from '../core';
import { formatCompact } from '../internal/format';
import { drawPart, type RenderProp } from '../internal/render';
import { WireText } from '../internal/visible-text';
import { useStepOf } from './context';

/** What a `render` function of `ToolStepProgress` receives besides the props. */
export interface ToolStepProgressState {
  step: Step;
}

/** Props of `ToolStepProgress`. */
export interface ToolStepProgressProps extends ComponentPropsWithoutRef<'div'> {
  /** The step; defaults to the row's. */
  step?: Step;
  /** Swaps the element: `render={<p />}` or `(props, state) => element`. */
  render?: RenderProp<ToolStepProgressState>;
}

/**
 * The latest progress update, as text (a string as it is, anything else as compact JSON), in a polite
 * live region so screen readers hear each new update without being interrupted. Children replace the
 * text.
 *
 * Renders `<div data-slot="tool-step-progress" aria-live="polite">`; `data-count` is the number of
 * updates so far. Mount it while the step runs (even empty) so the first update is announced.
 */
export const ToolStepProgress = forwardRef<HTMLDivElement, ToolStepProgressProps>(function ToolStepProgress(
  { step: explicit, render, ...props },
  ref,
) {
  const step = useStepOf(explicit, 'ToolStepProgress');
  const progress = step.progress;
  const content = formatCompact(progress?.content);
  return drawPart(
    'div',
    render,
    {
      'data-slot': 'tool-step-progress',
      'aria-live': 'polite',
      'data-count': progress?.count ?? 0,
      // wire text: masked, its hidden characters shown, isolated (empty stays :empty)
      children: content === '' ? undefined : <WireText text={content} lines />,
    },
    props,
    ref,
    { step },
  );
});
