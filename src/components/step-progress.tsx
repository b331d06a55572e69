'use client';

import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import type { Step } from 'tool-steps/core';
import type { DeterminateProgress } from 'tool-steps/presentation';
import { useStepOf, useToolStepsLabels } from '../internal/context';
import { progressText } from '../internal/progress-text';
import { drawPart, type RenderProp } from '../internal/render';
import { screenName, useRedactor, WireText } from '../internal/visible-text';
import { determinateProgress } from '../presentation/progress';
import { usePresentation } from './use-presentation';

/** The types of `ToolStepProgress`. */
export declare namespace ToolStepProgress {
  /** What a `render` function of `ToolStepProgress` receives besides the props. */
  interface State {
    step: Step;
    /** The update's value and total when it has both (`determinateProgress`). */
    determinate: DeterminateProgress | undefined;
  }

  /** Props of `ToolStepProgress`. */
  interface Props extends ComponentPropsWithoutRef<'div'> {
    /** The step; defaults to the row's. */
    step?: Step;
    /** Swaps the element: `render={<p />}` or `(props, state) => element`. */
    render?: RenderProp<ToolStepProgress.State>;
  }
}

/**
 * The latest progress update, as text (a string as it is; a command's output as its last line; another
 * object as a short key/value line, never escaped JSON). Not a live region: a screen reader would read
 * every update aloud; the list's announcer says what a step did when its status changes. An update with a
 * value and a total (`determinateProgress`) also draws a bar, a native `<progress>` named by the
 * step's label, and "2 of 4" (`labels.progress`) when it has no text of its own. Children replace the bar and the text.
 *
 * Renders `<div data-slot="tool-step-progress">`; `data-count` is the number of
 * updates so far; `data-determinate` is present with the bar,
 * `<progress data-slot="tool-step-progress-bar" value max aria-label>`.
 */
export const ToolStepProgress = forwardRef<HTMLDivElement, ToolStepProgress.Props>(function ToolStepProgress(
  { step: explicit, render, ...props },
  ref,
) {
  const step = useStepOf(explicit, 'ToolStepProgress');
  const presentation = usePresentation(explicit, undefined);
  const labels = useToolStepsLabels();
  const redactor = useRedactor();
  const progress = step.progress;
  const determinate = determinateProgress(progress);
  let content = progressText(progress?.content, true);
  if (content === '' && determinate) {
    const number = new Intl.NumberFormat(labels.locale, { maximumFractionDigits: 2 });
    content = labels.progress(number.format(determinate.value), number.format(determinate.max));
  }
  // wire text: masked, its hidden characters shown, isolated (empty stays :empty)
  const text = content === '' ? undefined : <WireText text={content} lines />;
  return drawPart(
    'div',
    render,
    {
      'data-slot': 'tool-step-progress',
      'data-count': progress?.count ?? 0,
      'data-determinate': determinate ? '' : undefined,
      children: determinate ? (
        <>
          <progress
            data-slot="tool-step-progress-bar"
            className="tool-step-progress-bar"
            value={determinate.value}
            max={determinate.max}
            aria-label={presentation ? screenName(presentation.label, redactor) : undefined}
          />
          {text}
        </>
      ) : (
        text
      ),
    },
    props,
    ref,
    { step, determinate },
  );
});
