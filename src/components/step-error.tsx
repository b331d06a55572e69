import type { ComponentPropsWithRef } from 'react';
import type { Step } from '../core';
import { CopyButton } from '../renderers/copy';
import { useStepOf } from './context';

/** Props of `ToolStepError`. */
export interface ToolStepErrorProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** The step; defaults to the row's. */
  step?: Step;
}

/**
 * Why the call failed: the code as a badge and the message. Renders nothing when the step has no error.
 *
 * Renders `<div data-slot="tool-step-error" data-error-code="<code>">` (the code attribute only when
 * there is one), holding `<code data-slot="tool-step-error-code">` and
 * `<span data-slot="tool-step-error-message">`.
 */
export function ToolStepError({ step: explicit, ...props }: ToolStepErrorProps) {
  const step = useStepOf(explicit, 'ToolStepError');
  const error = step.error;
  if (!error) return null;
  return (
    <div data-slot="tool-step-error" data-error-code={error.code || undefined} {...props}>
      {error.code ? <code data-slot="tool-step-error-code">{error.code}</code> : null}{' '}
      <span data-slot="tool-step-error-message">{error.message}</span>{' '}
      <CopyButton text={error.code ? `${error.code}: ${error.message}` : error.message} label="error" compact />
    </div>
  );
}
