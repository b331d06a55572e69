'use client';

import { type ComponentPropsWithRef, useContext, useMemo } from 'react';
import type { Step } from '../core';
import { presence } from '../internal/data-attrs';
import { hasDetailsContent } from '../internal/step-disclosure';
import { ToolStepContext, type ToolStepContextValue } from './context';

/** Props of `ToolStepRoot`. */
export interface ToolStepRootProps extends ComponentPropsWithRef<'li'> {
  /** The step this row draws; its parts read it from here. Defaults to an enclosing row's. */
  step?: Step;
  /** Whether the row's details are open; sets `data-expanded`. */
  expanded?: boolean;
  /** The id of the row's label, for the buttons that describe themselves by it. */
  labelId?: string;
}

/**
 * One step's row; gives its parts the step.
 *
 * Renders `<li data-slot="tool-step" data-step-id data-tool data-status>` with the presence flags
 * `data-expanded` (details open) and `data-has-details` (there is a details block to open).
 */
export function ToolStepRoot({ step: explicit, expanded, labelId, children, ...props }: ToolStepRootProps) {
  const outer = useContext(ToolStepContext);
  const step = explicit ?? outer?.step;
  if (!step) {
    throw new Error('<ToolStepRoot> has no step to draw: pass it a `step` prop.');
  }
  const id = labelId ?? (explicit ? undefined : outer?.labelId);
  const value = useMemo<ToolStepContextValue>(() => (id ? { step, labelId: id } : { step }), [step, id]);
  return (
    <li
      data-slot="tool-step"
      data-step-id={step.id}
      data-tool={step.toolName}
      data-status={step.status}
      data-expanded={presence(expanded)}
      data-has-details={presence(hasDetailsContent(step))}
      {...props}
    >
      <ToolStepContext value={value}>{children}</ToolStepContext>
    </li>
  );
}
