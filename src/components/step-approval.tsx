'use client';

import {
  type ComponentPropsWithoutRef,
  createContext,
  forwardRef,
  type ReactElement,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { Step } from '../core';
import { drawPart, type RenderProp } from '../internal/render';
import { WireText } from '../internal/visible-text';
import { useLabelId, useStepOf, useToolStepsOptions } from './context';

/** What a `render` function of `ToolStepApproval` receives besides the props. */
export interface ToolStepApprovalState {
  step: Step;
  /** The decision once made (by the wire, or by a press here). */
  decision: 'approved' | 'denied' | undefined;
}

/** Props of `ToolStepApproval`. */
export interface ToolStepApprovalProps extends ComponentPropsWithoutRef<'div'> {
  /** The step; defaults to the row's. */
  step?: Step;
  /** Called with the step when "Approve" is pressed; defaults to the list's `onApprove`. */
  onApprove?: (step: Step) => void;
  /** Called with the step when "Deny" is pressed; defaults to the list's `onDeny`. */
  onDeny?: (step: Step) => void;
  /** Swaps the element: `render={<section />}` or `(props, state) => element`. */
  render?: RenderProp<ToolStepApprovalState>;
}

interface LocalDecision {
  approvalId: string | undefined;
  approved: boolean;
}

interface ApprovalContextValue {
  step: Step;
  /** Whether the approval was decided: the buttons are gone then, so a call cannot be decided twice. */
  decided: boolean;
  decide: (approved: boolean) => void;
}

const ApprovalContext = createContext<ApprovalContextValue | null>(null);
ApprovalContext.displayName = 'ToolStepApprovalContext';

/**
 * The approval a step waits for: what it will do and its side effects, with real buttons named
 * "Approve" and "Deny" (`ToolStepApprove`, `ToolStepDeny`). Once decided (by the wire, or by a press
 * here) the decision replaces the buttons, so a call cannot be approved twice, and focus moves to it.
 * Children replace the default content (place `ToolStepApprove` / `ToolStepDeny` inside). Renders
 * nothing when there is neither a pending approval nor a decision.
 *
 * Renders `<div data-slot="tool-step-approval">`, with `data-decision="approved" | "denied"` once decided.
 */
export const ToolStepApproval = forwardRef<HTMLDivElement, ToolStepApprovalProps>(function ToolStepApproval(
  { step: explicit, onApprove, onDeny, render, ...props },
  ref,
) {
  const step = useStepOf(explicit, 'ToolStepApproval');
  const options = useToolStepsOptions();
  const [local, setLocal] = useState<LocalDecision | undefined>();
  // The pressed button is replaced by the decision: focus moves there, not to the top of the page.
  const focusDecision = useRef(false);
  const approval = step.approval;
  const pending = step.status === 'awaiting-approval';
  const wire = approval?.decision;
  const mine = pending && local && local.approvalId === approval?.id ? local : undefined;
  const decision = pending ? mine : wire;
  const approve = onApprove ?? options.onApprove;
  const deny = onDeny ?? options.onDeny;
  const decide = useCallback(
    (approved: boolean) => {
      const handler = approved ? approve : deny;
      if (!handler) return;
      focusDecision.current = true;
      setLocal({ approvalId: approval?.id, approved });
      handler(step);
    },
    [approve, deny, approval?.id, step],
  );
  const context = useMemo(() => ({ step, decided: decision !== undefined, decide }), [step, decision, decide]);
  if (!pending && !decision) return null;
  const reason = decision && 'reason' in decision ? decision.reason : undefined;
  const decided = decision ? (decision.approved ? 'approved' : 'denied') : undefined;

  const content = (
    <>
      {approval?.description ? (
        <p data-slot="tool-step-approval-description">
          <WireText text={approval.description} />
        </p>
      ) : pending ? (
        <p data-slot="tool-step-approval-description">This call waits for your approval.</p>
      ) : null}
      {approval?.sideEffects && approval.sideEffects.length > 0 ? (
        <ul data-slot="tool-step-approval-side-effects" aria-label="Side effects">
          {approval.sideEffects.map((effect, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: side effects are plain strings, possibly repeated
            <li key={index}>
              <WireText text={effect} />
            </li>
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
          {reason ? (
            <>
              : <WireText text={reason} />
            </>
          ) : null}
        </p>
      ) : (
        <div data-slot="tool-step-approval-actions">
          <ToolStepApprove /> <ToolStepDeny />
        </div>
      )}
    </>
  );
  return (
    <ApprovalContext.Provider value={context}>
      {drawPart(
        'div',
        render,
        { 'data-slot': 'tool-step-approval', 'data-decision': decided, children: content },
        props,
        ref,
        { step, decision: decided },
      )}
    </ApprovalContext.Provider>
  );
});

/** What a `render` function of `ToolStepApprove` / `ToolStepDeny` receives besides the props. */
export interface ToolStepDecisionState {
  step: Step;
}

/** Props of `ToolStepApprove` and `ToolStepDeny`. */
export interface ToolStepDecisionButtonProps extends ComponentPropsWithoutRef<'button'> {
  /** The step; defaults to the approval's, else the row's. */
  step?: Step;
  /** Swaps the element: `render={<MyButton />}` or `(props, state) => element`. */
  render?: RenderProp<ToolStepDecisionState>;
}

function useDecisionButton(
  approved: boolean,
  { step: explicit, render, ...props }: ToolStepDecisionButtonProps,
  ref: unknown,
): ReactElement | null {
  const approval = useContext(ApprovalContext);
  const options = useToolStepsOptions();
  const labelId = useLabelId();
  const step = useStepOf(explicit ?? approval?.step, approved ? 'ToolStepApprove' : 'ToolStepDeny');
  const press = () => {
    if (approval) approval.decide(approved);
    else (approved ? options.onApprove : options.onDeny)?.(step);
  };
  if (approval?.decided) return null;
  return drawPart(
    'button',
    render,
    {
      type: 'button',
      'data-slot': approved ? 'tool-step-approve' : 'tool-step-deny',
      'aria-describedby': labelId,
      onClick: press,
      children: approved ? 'Approve' : 'Deny',
    },
    props,
    ref,
    { step },
  );
}

/**
 * "Approve": inside `ToolStepApproval`, records the decision and calls its `onApprove` (and renders
 * nothing once the approval is decided); alone, calls the list's `onApprove` with the step.
 *
 * Renders `<button type="button" data-slot="tool-step-approve">Approve</button>`.
 */
export const ToolStepApprove = forwardRef<HTMLButtonElement, ToolStepDecisionButtonProps>(
  function ToolStepApprove(props, ref) {
    return useDecisionButton(true, props, ref);
  },
);

/**
 * "Deny": inside `ToolStepApproval`, records the decision and calls its `onDeny` (and renders nothing
 * once the approval is decided); alone, calls the list's `onDeny` with the step.
 *
 * Renders `<button type="button" data-slot="tool-step-deny">Deny</button>`.
 */
export const ToolStepDeny = forwardRef<HTMLButtonElement, ToolStepDecisionButtonProps>(
  function ToolStepDeny(props, ref) {
    return useDecisionButton(false, props, ref);
  },
);
