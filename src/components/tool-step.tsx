'use client';

import { type ComponentPropsWithRef, type ReactNode, useId, useMemo } from 'react';
import { isActiveStatus, type Step } from '../core';
import { hasDetailsContent, useStepDisclosure } from '../internal/step-disclosure';
import { type ToolStepsOptions, ToolStepsOptionsContext, useToolStepsOptions } from './context';
import { ToolStepApproval } from './step-approval';
import { ToolStepDetails } from './step-details';
import { ToolStepDuration } from './step-duration';
import { ToolStepError } from './step-error';
import { ToolStepIcon } from './step-icon';
import { ToolStepProgress } from './step-progress';
import { ToolStepRoot } from './step-root';
import { ToolStepStatus } from './step-status';
import { ToolStepDetail, ToolStepLabel } from './step-text';

/** Props of `ToolStep`. */
export interface ToolStepProps extends ToolStepsOptions, Omit<ComponentPropsWithRef<'li'>, 'children'> {
  /** The step to draw. */
  step: Step;
  /** Whether the details are open (controlled). */
  open?: boolean;
  /**
   * Whether the details start open (uncontrolled).
   * @default true for failed and awaiting-approval steps, else false
   */
  defaultOpen?: boolean;
  /** Called with the new state when the person opens or closes the details. */
  onOpenChange?: (open: boolean) => void;
  /** Drawn last inside the row (the default list puts nested steps here). */
  children?: ReactNode;
}

function useMergedOptions(props: ToolStepsOptions): ToolStepsOptions {
  const outer = useToolStepsOptions();
  const { renderers, icons, labels, onApprove, onDeny, onCancel, onRetry } = props;
  return useMemo(
    () => ({
      renderers: renderers ?? outer.renderers,
      icons: icons ?? outer.icons,
      labels: labels ?? outer.labels,
      onApprove: onApprove ?? outer.onApprove,
      onDeny: onDeny ?? outer.onDeny,
      onCancel: onCancel ?? outer.onCancel,
      onRetry: onRetry ?? outer.onRetry,
    }),
    [outer, renderers, icons, labels, onApprove, onDeny, onCancel, onRetry],
  );
}

/**
 * One step, drawn with the default parts: a header (icon, label, detail, status, duration once
 * ended, "Cancel" / "Retry" when the host handles them), the latest progress while it runs, the
 * error, the approval, and the details disclosure (open from the start for failed and
 * awaiting-approval steps).
 *
 * Renders `<li data-slot="tool-step" …>` (see `ToolStepRoot`), with `<div data-slot="tool-step-header">`
 * and, when there are buttons, `<div data-slot="tool-step-actions">`.
 */
export function ToolStep({
  step,
  open,
  defaultOpen,
  onOpenChange,
  renderers,
  icons,
  labels,
  onApprove,
  onDeny,
  onCancel,
  onRetry,
  children,
  ...props
}: ToolStepProps) {
  const options = useMergedOptions({ renderers, icons, labels, onApprove, onDeny, onCancel, onRetry });
  const labelId = useId();
  const [isOpen, setOpen] = useStepDisclosure(step.status, open, defaultOpen, onOpenChange);
  const hasDetails = hasDetailsContent(step);
  const active = isActiveStatus(step.status);
  const cancel = active && options.onCancel ? options.onCancel : undefined;
  const retry =
    (step.status === 'failed' || step.status === 'interrupted') && options.onRetry ? options.onRetry : undefined;
  const showApproval = step.status === 'awaiting-approval' || step.approval?.decision !== undefined;

  return (
    <ToolStepsOptionsContext value={options}>
      <ToolStepRoot step={step} labelId={labelId} expanded={hasDetails && isOpen} {...props}>
        <div data-slot="tool-step-header">
          {/* the spaces keep words apart when no stylesheet lays the header out (flex drops them) */}
          <ToolStepIcon /> <ToolStepLabel /> <ToolStepDetail /> <ToolStepStatus /> <ToolStepDuration />
          {cancel || retry ? (
            <div data-slot="tool-step-actions">
              {cancel ? (
                <button type="button" data-action="cancel" aria-describedby={labelId} onClick={() => cancel(step)}>
                  Cancel
                </button>
              ) : null}
              {retry ? (
                <button type="button" data-action="retry" aria-describedby={labelId} onClick={() => retry(step)}>
                  Retry
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
        {active ? <ToolStepProgress /> : null}
        <ToolStepError />
        {showApproval ? <ToolStepApproval /> : null}
        <ToolStepDetails open={isOpen} onOpenChange={setOpen} />
        {children}
      </ToolStepRoot>
    </ToolStepsOptionsContext>
  );
}
