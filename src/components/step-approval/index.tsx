'use client';

import {
  type ComponentPropsWithoutRef,
  createContext,
  forwardRef,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { Step } from 'tool-steps/core';
import { warnOnce } from '../../core/warn';
import { useLabelId, useStepOf, useToolStepsLabels, useToolStepsOptions } from '../../internal/context';
import { decide, type LocalDecision, useDecisionScope, useLocalDecision } from '../../internal/decisions';
import { drawPart, type RenderProp } from '../../internal/render';
import { WireText } from '../../internal/visible-text';
import { inputDigest } from '../../presentation/derived/approval';
import { Preview, Section } from './preview';

/** The types of `ToolStepApproval`. */
export declare namespace ToolStepApproval {
  /** What a `render` function of `ToolStepApproval` receives besides the props. */
  interface State {
    step: Step;
    /** The decision once made (by the wire, or by a press here). */
    decision: 'approved' | 'denied' | undefined;
    /** Whether a person here can decide (there is an `onApprove` or `onDeny`). */
    decidable: boolean;
  }

  /** Props of `ToolStepApproval`. */
  interface Props extends ComponentPropsWithoutRef<'div'> {
    /** The step; defaults to the row's. */
    step?: Step;
    /**
     * Called with the step and `{ reason, inputDigest }` when "Approve" is pressed (the reason only when
     * one was typed; the digest of the arguments shown); defaults to the list's `onApprove`.
     */
    onApprove?: (step: Step, decision: { reason?: string; inputDigest?: string }) => void;
    /** Called with the step and `{ reason, inputDigest }` when "Deny" is pressed; defaults to the list's `onDeny`. */
    onDeny?: (step: Step, decision: { reason?: string; inputDigest?: string }) => void;
    /** What approving will do, in the host's words ("47 records will be deleted"); defaults to the list's. */
    consequences?: (step: Step) => ReactNode;
    /** Swaps the element: `render={<section />}` or `(props, state) => element`. */
    render?: RenderProp<ToolStepApproval.State>;
  }
}

interface ApprovalContextValue {
  step: Step;
  /** Whether the approval was decided: the buttons are gone then, so a call cannot be decided twice. */
  decided: boolean;
  /** Whether the buttons are off: the arguments just changed, or the approval id is another call's. */
  blocked: boolean;
  decide: (approved: boolean, event?: MouseEvent<HTMLElement>) => void;
}

/** How long the buttons stay off after the arguments changed under the card, so the person reads them. */
const REARM_MS = 1000;

const ApprovalContext = createContext<ApprovalContextValue | null>(null);
ApprovalContext.displayName = 'ToolStepApprovalContext';

/**
 * Moves focus to the row of `from` (never to the page), so a control that disappears after a press
 * leaves the keyboard where the person was. The row takes `tabindex="-1"` if it has none.
 */
export function focusRowOf(from: Element | null | undefined): void {
  const row = from?.closest('[data-slot="tool-step"]');
  if (!(row instanceof HTMLElement)) return;
  if (!row.hasAttribute('tabindex')) row.tabIndex = -1;
  row.focus();
}

/** Where the decision stands, for every part that shows it: the wire's, else the one made here. */
export function useDecisionOf(step: Step): LocalDecision | undefined {
  const local = useLocalDecision(step);
  return step.status === 'awaiting-approval' ? local : step.approval?.decision;
}

/**
 * The approval a step waits for, as something a person can decide on: what will run, in full and
 * wrapped (`tool-step-approval-input`), the tool's description, the side effects as chips and what
 * the host says will happen (`consequences`), each under a heading; then a bar that stays in view
 * inside the card however tall it is (`tool-step-approval-actions`, sticky in the theme) with an
 * optional reason and real buttons, "Approve" and "Deny". Without `onApprove` / `onDeny` there are
 * no buttons: the card says the call waits for approval elsewhere.
 *
 * Once decided (by the wire, or by a press here) the header's status and the card agree at once
 * ("Approved, running…" / "Denied"); the buttons are gone, so a call cannot be decided twice, and
 * focus moves to the decision (or, when nothing is left to show, to the row). A denied step says
 * "Denied" once, in the header; the card keeps only the reason. Children replace the default content
 * (place `ToolStepApprove` / `ToolStepDeny` inside). Renders nothing when there is neither a pending
 * approval nor a decision to show.
 *
 * Renders `<div data-slot="tool-step-approval">`, with `data-decision="approved" | "denied"` once
 * decided and `data-decidable` when a person here can decide.
 */
export const ToolStepApproval = forwardRef<HTMLDivElement, ToolStepApproval.Props>(function ToolStepApproval(
  { step: explicit, onApprove, onDeny, consequences, render, ...props },
  ref,
) {
  const step = useStepOf(explicit, 'ToolStepApproval');
  const options = useToolStepsOptions();
  const labels = useToolStepsLabels();
  const words = labels.approval;
  const [reason, setReason] = useState('');
  const reasonId = useId();
  // The pressed button is replaced by the decision: focus moves there, not to the top of the page.
  const focusDecision = useRef(false);
  const approval = step.approval;
  const pending = step.status === 'awaiting-approval';
  const decision = useDecisionOf(step);
  const approve = onApprove ?? options.onApprove;
  const deny = onDeny ?? options.onDeny;
  const decidable = pending && (approve !== undefined || deny !== undefined);
  const scope = useDecisionScope();
  // The arguments the person has been shown: when they change while the call waits, the card says so
  // and its buttons are off for a moment (the notice stays until the decision).
  const { input, inputText } = step;
  const digest = useMemo(() => inputDigest({ input, inputText }), [input, inputText]);
  const [seen, setSeen] = useState(digest);
  // each change re-arms: the buttons are off until a moment after the latest one
  const [rearms, setRearms] = useState(0);
  const [settled, setSettled] = useState(0);
  if (seen !== digest) {
    setSeen(digest);
    if (pending && !decision) setRearms(rearms + 1);
  }
  const changed = rearms > 0;
  const rearming = rearms !== settled;
  useEffect(() => {
    if (rearms === settled) return;
    const timer = setTimeout(() => setSettled(rearms), REARM_MS);
    return () => clearTimeout(timer);
  }, [rearms, settled]);
  // the digest of what is on screen (set once the render is committed), checked again at the press
  const shown = useRef(digest);
  useEffect(() => {
    shown.current = digest;
  }, [digest]);
  // one approval id on two calls: the app could not tell their answers apart, so the second waits
  const holder = pending && !decision ? scope.holderOf(step) : undefined;
  useEffect(() => {
    if (holder !== undefined) {
      warnOnce(
        `the calls "${holder}" and "${step.id}" carry the same approval id "${step.approval?.id}": the second cannot be decided here`,
      );
    }
  }, [holder, step.id, step.approval?.id]);
  const blocked = rearming || holder !== undefined;
  const latest = useRef({ step, reason, approve, deny, scope, blocked });
  latest.current = { step, reason, approve, deny, scope, blocked };
  useEffect(() => {
    if (!pending) scope.forget(step);
  }, [pending, step, scope]);
  const decideHere = useCallback((approved: boolean, event?: MouseEvent<HTMLElement>) => {
    const { step: current, reason: typed, approve: onYes, deny: onNo, scope: decisions, blocked: off } = latest.current;
    if (off && current.status === 'awaiting-approval') return;
    const handler = approved ? onYes : onNo;
    const sent = decide({ scope: decisions, step: current, approved, handler, reason: typed, shown: shown.current });
    if (!sent) return;
    // Focus goes to the row (the pressed button is about to go), then to the decision line once drawn.
    focusRowOf(event?.currentTarget);
    focusDecision.current = true;
  }, []);
  const context = useMemo(
    () => ({ step, decided: decision !== undefined, blocked, decide: decideHere }),
    [step, decision, blocked, decideHere],
  );
  if (!pending && !decision) return null;
  const decided = decision ? (decision.approved ? 'approved' : 'denied') : undefined;
  // A denied step says "Denied" in its header; the card keeps the reason, or goes.
  const deniedHere = step.status === 'denied' || (decision !== undefined && !decision.approved);
  if (deniedHere && !decision?.reason && props.children === undefined) return null;
  const extra = pending && !decision ? (consequences ?? options.consequences)?.(step) : undefined;

  let line: string | undefined;
  if (decision) {
    if (deniedHere) line = decision.reason ? words.because(decision.reason) : undefined;
    else {
      const text = pending ? labels.approvedRunning : words.approved;
      line = decision.reason ? words.withReason(text, decision.reason) : text;
    }
  }

  const content = decision ? (
    line ? (
      <p
        data-slot="tool-step-approval-decision"
        className="tool-step-approval-decision"
        tabIndex={-1}
        ref={(element) => {
          if (element && focusDecision.current) {
            focusDecision.current = false;
            element.focus();
          }
        }}
      >
        <WireText text={line} />
      </p>
    ) : null
  ) : (
    <>
      <p data-slot="tool-step-approval-prompt" className="tool-step-approval-prompt">
        {decidable ? words.waitsForYou : words.waitsElsewhere}
      </p>
      {changed && pending ? (
        <p data-slot="tool-step-approval-changed" className="tool-step-approval-changed" role="status">
          {words.argumentsChanged}
        </p>
      ) : null}
      {holder !== undefined ? (
        <p data-slot="tool-step-approval-reused" className="tool-step-approval-reused">
          {words.approvalIdReused}
        </p>
      ) : null}
      {approval?.description ? (
        <p data-slot="tool-step-approval-description" className="tool-step-approval-description">
          <WireText text={approval.description} />
        </p>
      ) : null}
      {step.presentation?.label && step.toolName ? (
        <p data-slot="tool-step-approval-tool" className="tool-step-approval-tool">
          <WireText text={words.tool(step.toolName)} />
        </p>
      ) : null}
      <Preview step={step} words={words} />
      {approval?.sideEffects && approval.sideEffects.length > 0 ? (
        <Section heading={words.sideEffects} slot="tool-step-approval-effects">
          <ul
            data-slot="tool-step-approval-side-effects"
            className="tool-step-approval-side-effects"
            aria-label={words.sideEffects}
          >
            {approval.sideEffects.map((effect, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: side effects are plain strings, possibly repeated
              <li key={index} data-slot="tool-step-approval-side-effect" className="tool-step-approval-side-effect">
                <WireText text={effect} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {extra !== undefined && extra !== null && extra !== false && extra !== '' ? (
        <Section heading={words.consequences} slot="tool-step-approval-consequences">
          <div data-slot="tool-step-approval-consequences-text" className="tool-step-approval-consequences-text">
            {extra}
          </div>
        </Section>
      ) : null}
      {decidable ? (
        <div data-slot="tool-step-approval-actions" className="tool-step-approval-actions">
          <label data-slot="tool-step-approval-reason" className="tool-step-approval-reason" htmlFor={reasonId}>
            <span data-slot="tool-step-approval-reason-label" className="tool-step-approval-reason-label">
              {words.reason}
            </span>{' '}
            <input
              id={reasonId}
              type="text"
              data-slot="tool-step-approval-reason-input"
              className="tool-step-approval-reason-input"
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              autoComplete="off"
            />
          </label>{' '}
          {/* one unit: on a narrow bar the pair wraps under the reason together, never Deny alone */}
          <span data-slot="tool-step-approval-buttons" className="tool-step-approval-buttons">
            {approve ? <ToolStepApprove /> : null} {deny ? <ToolStepDeny /> : null}
          </span>
        </div>
      ) : null}
    </>
  );
  return (
    <ApprovalContext.Provider value={context}>
      {drawPart(
        'div',
        render,
        {
          'data-slot': 'tool-step-approval',
          'data-decision': decided,
          'data-decidable': decidable ? '' : undefined,
          'data-changed': changed && pending && !decision ? '' : undefined,
          'data-approval-reused': holder !== undefined ? '' : undefined,
          children: content,
        },
        props,
        ref,
        { step, decision: decided, decidable },
      )}
    </ApprovalContext.Provider>
  );
});

/** The types of `ToolStepApprove`. */
export declare namespace ToolStepApprove {
  /** What a `render` function of `ToolStepApprove` / `ToolStepDeny` receives besides the props. */
  interface State {
    step: Step;
  }

  /** Props of `ToolStepApprove` and `ToolStepDeny`. */
  interface Props extends ComponentPropsWithoutRef<'button'> {
    /** The step; defaults to the approval's, else the row's. */
    step?: Step;
    /** Swaps the element: `render={<MyButton />}` or `(props, state) => element`. */
    render?: RenderProp<ToolStepApprove.State>;
  }
}

function useDecisionButton(
  approved: boolean,
  { step: explicit, render, ...props }: ToolStepApprove.Props,
  ref: unknown,
): ReactElement | null {
  const approval = useContext(ApprovalContext);
  const options = useToolStepsOptions();
  const words = useToolStepsLabels().approval;
  const labelId = useLabelId();
  const step = useStepOf(explicit ?? approval?.step, approved ? 'ToolStepApprove' : 'ToolStepDeny');
  const local = useLocalDecision(step);
  const scope = useDecisionScope();
  const press = (event: MouseEvent<HTMLElement>) => {
    if (approval) approval.decide(approved, event);
    else if (decide({ scope, step, approved, handler: approved ? options.onApprove : options.onDeny })) {
      focusRowOf(event.currentTarget);
    }
  };
  if (approval?.decided || local) return null;
  return drawPart(
    'button',
    render,
    {
      type: 'button',
      'data-slot': approved ? 'tool-step-approve' : 'tool-step-deny',
      'aria-describedby': labelId,
      disabled: approval?.blocked || undefined,
      onClick: press,
      children: approved ? words.approve : words.deny,
    },
    props,
    ref,
    { step },
  );
}

/**
 * "Approve": inside `ToolStepApproval`, records the decision (with the reason typed) and calls its
 * `onApprove` (and renders nothing once the approval is decided); alone, calls the list's `onApprove`
 * with the step.
 *
 * Renders `<button type="button" data-slot="tool-step-approve">Approve</button>`.
 */
export const ToolStepApprove = forwardRef<HTMLButtonElement, ToolStepApprove.Props>(
  function ToolStepApprove(props, ref) {
    return useDecisionButton(true, props, ref);
  },
);

/**
 * "Deny": inside `ToolStepApproval`, records the decision (with the reason typed) and calls its
 * `onDeny` (and renders nothing once the approval is decided); alone, calls the list's `onDeny` with
 * the step.
 *
 * Renders `<button type="button" data-slot="tool-step-deny">Deny</button>`.
 */
/** The types of `ToolStepDeny`: the same as `ToolStepApprove`'s. */
export declare namespace ToolStepDeny {
  type Props = ToolStepApprove.Props;
  type State = ToolStepApprove.State;
}

export const ToolStepDeny = forwardRef<HTMLButtonElement, ToolStepDeny.Props>(function ToolStepDeny(props, ref) {
  return useDecisionButton(false, props, ref);
});
