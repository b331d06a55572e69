'use client';

import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import type { Step } from 'tool-steps/core';
import { useStepOf, useToolStepsLabels } from '../internal/context';
import { drawPart, type RenderProp } from '../internal/render';
import { screenLine, screenName, useRedactor } from '../internal/visible-text';
import { errorText } from '../presentation/labels';
import { CopyButton } from '../renderers/copy';

/** The types of `ToolStepError`. */
export declare namespace ToolStepError {
  /** What a `render` function of `ToolStepError` receives besides the props. */
  interface State {
    step: Step;
  }

  /** Props of `ToolStepError`. */
  interface Props extends ComponentPropsWithoutRef<'div'> {
    /** The step; defaults to the row's. */
    step?: Step;
    /** Swaps the element: `render={<p />}` or `(props, state) => element`. */
    render?: RenderProp<ToolStepError.State>;
  }
}

/**
 * Why the call failed: the code as a badge, the message and a copy button. Children replace them.
 * Renders nothing when the step has no error. Code and message are isolated (`dir="auto"`), their secrets
 * masked and their invisible characters shown; the copy button copies what is shown.
 *
 * Renders `<div data-slot="tool-step-error" data-error-code="<code>">` (the code attribute only when
 * there is one, screened as the badge shows it), holding `<code data-slot="tool-step-error-code">` and
 * `<span data-slot="tool-step-error-message">`.
 */
export const ToolStepError = forwardRef<HTMLDivElement, ToolStepError.Props>(function ToolStepError(
  { step: explicit, render, ...props },
  ref,
) {
  const step = useStepOf(explicit, 'ToolStepError');
  const error = step.error;
  const redactor = useRedactor();
  const labels = useToolStepsLabels();
  const copyWords = labels.copy;
  if (!error) return null;
  // a stored state may hold anything: show text only, masked and with its invisible characters shown;
  // a kit code is written as its sentence (`labels.reasons`)
  const written = errorText(labels, error);
  const code = written.code !== undefined ? screenName(written.code, redactor) : undefined;
  const message = screenLine(written.message, redactor);
  return drawPart(
    'div',
    render,
    {
      'data-slot': 'tool-step-error',
      'data-error-code':
        typeof error.code === 'string' && error.code !== '' ? screenName(error.code, redactor) : undefined,
      children: (
        <>
          {code ? (
            <code data-slot="tool-step-error-code" className="tool-step-error-code" dir="auto">
              {code}
            </code>
          ) : null}{' '}
          <span data-slot="tool-step-error-message" className="tool-step-error-message" dir="auto">
            {message}
          </span>{' '}
          <CopyButton
            text={code && message ? `${code}: ${message}` : code || message}
            label={copyWords.error}
            compact
          />
        </>
      ),
    },
    props,
    ref,
    { step },
  );
});
