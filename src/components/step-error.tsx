'use client';

import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import type { Step } from '../core';
import { drawPart, type RenderProp } from '../internal/render';
import { CopyButton } from '../renderers/copy';
import { useStepOf } from './context';

/** What a `render` function of `ToolStepError` receives besides the props. */
export interface ToolStepErrorState {
  step: Step;
}

/** Props of `ToolStepError`. */
export interface ToolStepErrorProps extends ComponentPropsWithoutRef<'div'> {
  /** The step; defaults to the row's. */
  step?: Step;
  /** Swaps the element: `render={<p />}` or `(props, state) => element`. */
  render?: RenderProp<ToolStepErrorState>;
}

/**
 * Why the call failed: the code as a badge, the message and a copy button. Children replace them.
 * Renders nothing when the step has no error.
 *
 * Renders `<div data-slot="tool-step-error" data-error-code="<code>">` (the code attribute only when
 * there is one), holding `<code data-slot="tool-step-error-code">` and
 * `<span data-slot="tool-step-error-message">`.
 */
export const ToolStepError = forwardRef<HTMLDivElement, ToolStepErrorProps>(function ToolStepError(
  { step: explicit, render, ...props },
  ref,
) {
  const step = useStepOf(explicit, 'ToolStepError');
  const error = step.error;
  if (!error) return null;
  return drawPart(
    'div',
    render,
    {
      'data-slot': 'tool-step-error',
      'data-error-code': error.code || undefined,
      children: (
        <>
          {error.code ? <code data-slot="tool-step-error-code">{error.code}</code> : null}{' '}
          <span data-slot="tool-step-error-message">{error.message}</span>{' '}
          <CopyButton text={error.code ? `${error.code}: ${error.message}` : error.message} label="error" compact />
        </>
      ),
    },
    props,
    ref,
    { step },
  );
});
