'use client';

import { type ComponentPropsWithRef, useRef, useState } from 'react';
import type { Step } from '../core';
import { useLabelId, useStepOf, useToolStepsOptions } from './context';

/** Props of `ToolStepApproval`. */
export interface ToolStepApprovalProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** The step; defaults to the row's. */
  step?: Step;
  /** Called with the step when "Approve" is pressed; defaults to the list's `onApprove`. */
  onApprove?: (step: Step) => void;
  /** Called with the step when "Deny" is pressed; defaults to the list's `onDeny`. */
  onDeny?: (step: Step) => void;
}

interface LocalDecision {
  approvalId: string | undefined;
  approved: boolean;
}

/**
 * The approval a step waits for: what it will do and its side effects, with real buttons named
 * "Approve" and "Deny". Once decided (by the wire, or by a press here) the decision replaces the
 * buttons, so a call cannot be approved twice. Renders nothing when there is neither a pending
 * approval nor a decision.
 *
 * Renders `<div data-slot="tool-step-approval">`, with `data-decision="approved" | "denied"` once decided.
 */
export function ToolStepApproval({ step: explicit, onApprove, onDeny, ...props }: ToolStepApprovalProps) {
  const step = useStepOf(explicit, 'ToolStepApproval');
  const options = useToolStepsOptions();
  const labelId = useLabelId();
  const [local, setLocal] = useState<LocalDecision | undefined>();
  // The pressed button is replaced by the decision: focus moves there, not to the top of the page.
  const focusDecision = useRef(false);
  const approval = step.approval;
  const pending = step.status === 'awaiting-approval';
  const wire = approval?.decision;
  const mine = pending && local && local.approvalId === approval?.id ? local : undefined;
  const decision = pending ? mine : wire;
  if (!pending && !decision) return null;

  const approve = onApprove ?? options.onApprove;
  const deny = onDeny ?? options.onDeny;
  const decide = (approved: boolean) => {
    const handler = approved ? approve : deny;
    if (!handler) return;
    focusDecision.current = true;
    setLocal({ approvalId: approval?.id, approved });
    handler(step);
  };
  const reason = decision && 'reason' in decision ? decision.reason : undefined;

  return (
    <div
      data-slot="tool-step-approval"
      data-decision={decision ? (decision.approved ? 'approved' : 'denied') : undefined}
      {...props}
    >
      {approval?.description ? (
        <p data-slot="tool-step-approval-description">{approval.description}</p>
      ) : pending ? (
        <p data-slot="tool-step-approval-description">This call waits for your approval.</p>
      ) : null}
      {approval?.sideEffects && approval.sideEffects.length > 0 ? (
        <ul data-slot="tool-step-approval-side-effects" aria-label="Side effects">
          {approval.sideEffects.map((effect, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: side effects are plain strings, possibly repeated
            <li key={index}>{effect}</li>
          ))}
        </ul>
      ) : null}
      {decision ? (
        <p
          data-slot="tool-step-approval-decision"
          tabIndex={-1}
          ref={(element) => {
            if (element && focusDecision.current) {
              focusDecision.current = false;
              element.focus();
            }
          }}
        >
          {decision.approved ? 'Approved' : 'Denied'}
          {reason ? `: ${reason}` : null}
        </p>
      ) : (
        <div data-slot="tool-step-approval-actions">
          <button type="button" data-action="approve" aria-describedby={labelId} onClick={() => decide(true)}>
            Approve
          </button>
          <button type="button" data-action="deny" aria-describedby={labelId} onClick={() => decide(false)}>
            Deny
          </button>
        </div>
      )}
    </div>
  );
}
