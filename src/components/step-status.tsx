'use client';

import type { LucideIcon } from 'lucide-react';
import Ban from 'lucide-react/icons/ban';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleSlash from 'lucide-react/icons/circle-slash';
import CircleStop from 'lucide-react/icons/circle-stop';
import CircleX from 'lucide-react/icons/circle-x';
import Hand from 'lucide-react/icons/hand';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import Unplug from 'lucide-react/icons/unplug';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import type { Step, StepStatus } from 'tool-steps/core';
import type { StepOutcome } from 'tool-steps/presentation';
import { useStepOf, useToolStepsLabels } from '../internal/context';
import { drawPart, type RenderProp } from '../internal/render';
import { useRunStopped } from '../internal/run-stopped';
import { outcomeOf } from '../presentation/outcome';
import { useDecisionOf } from './step-approval';

/**
 * The indicator of every status (with the English text; the part writes `labels.status`). A `Record`,
 * so a new status cannot ship without its indicator.
 */
export const statusIndicators: Readonly<Record<StepStatus, ToolStepStatus.Indicator>> = {
  'input-streaming': { icon: LoaderCircle, iconName: 'loader-circle', text: 'Preparing', spinning: true },
  running: { icon: LoaderCircle, iconName: 'loader-circle', text: 'Running', spinning: true },
  'awaiting-approval': { icon: Hand, iconName: 'hand', text: 'Waiting for approval', spinning: false },
  succeeded: { icon: CircleCheck, iconName: 'circle-check', text: 'Done', spinning: false },
  failed: { icon: CircleX, iconName: 'circle-x', text: 'Failed', spinning: false },
  denied: { icon: Ban, iconName: 'ban', text: 'Denied', spinning: false },
  cancelled: { icon: CircleSlash, iconName: 'circle-slash', text: 'Cancelled', spinning: false },
  interrupted: { icon: Unplug, iconName: 'unplug', text: 'Interrupted', spinning: false },
};

/** A call the person stopped (its run's Stop): a stop sign, not the broken plug of a cut stream. */
const stoppedIndicator: ToolStepStatus.Indicator = {
  icon: CircleStop,
  iconName: 'circle-stop',
  text: 'Stopped',
  spinning: false,
};

/** The types of `ToolStepStatus`. */
export declare namespace ToolStepStatus {
  /** How a status is shown: an icon, the text people (and screen readers) read, and whether it spins. */
  interface Indicator {
    icon: LucideIcon;
    /** The Lucide name of `icon`, for `data-icon`. */
    iconName: string;
    text: string;
    /** A spinner: turns while the step is active (not when the user prefers reduced motion). */
    spinning: boolean;
  }

  /** What a `render` function of `ToolStepStatus` receives besides the props. */
  interface State {
    step: Step;
    indicator: ToolStepStatus.Indicator;
    /** What the row shows the step came to (`outcomeOf`): a reported exit code, a stop. */
    outcome: StepOutcome;
  }

  /** Props of `ToolStepStatus`. */
  interface Props extends ComponentPropsWithoutRef<'span'> {
    /** The step; defaults to the row's. */
    step?: Step;
    /** Swaps the element: `render={<div />}` or `(props, state) => element`. */
    render?: RenderProp<ToolStepStatus.State>;
  }
}

/** A decision made here that the wire has not confirmed: the header says it at once. */
const decidedIndicators = {
  approved: { ...statusIndicators.running },
  denied: { ...statusIndicators.denied },
} as const;

function indicatorOf(
  step: Step,
  outcome: StepOutcome,
  decision: { approved: boolean } | undefined,
  labels: ReturnType<typeof useToolStepsLabels>,
): ToolStepStatus.Indicator {
  const status = Object.hasOwn(statusIndicators, step.status) ? step.status : 'running';
  if (step.status === 'awaiting-approval' && decision) {
    return decision.approved
      ? { ...decidedIndicators.approved, text: labels.approvedRunning }
      : { ...decidedIndicators.denied, text: labels.status.denied };
  }
  if (outcome.status === 'stopped') return { ...stoppedIndicator, text: labels.outcome.stopped };
  if (outcome.status === 'failed') {
    const text = outcome.exitCode !== undefined ? labels.outcome.exit(outcome.exitCode) : labels.status.failed;
    return { ...statusIndicators.failed, text };
  }
  return { ...statusIndicators[status], text: labels.status[status] ?? statusIndicators[status].text };
}

/**
 * The status indicator: an icon and its text ("Running", "Waiting for approval", "Failed"), from
 * `labels.status`. Where the step's result says more than its status (`outcomeOf`), it says that: a
 * call the wire calls a success whose result reports a non-zero exit code reads "Exit 1" as a failure
 * (`labels.outcome.exit`; `isError` / `success: false` without a code read "Failed"), and in a list
 * whose run the person stopped, a call it cut short reads "Stopped" with a stop icon
 * (`labels.outcome.stopped`); `data-outcome` then names it. Once a person decided here and the wire has not said so yet, it reads the decision
 * ("Approved, running…" / "Denied"), as the approval card does, with `data-decision`. `cancelled`
 * (stopped on purpose: a slashed circle, muted) reads differently from `failed` (a crossed circle, in
 * the danger colour). Children replace them.
 *
 * Renders `<span data-slot="tool-step-status" data-status="<status>" data-outcome="failed" | "stopped">`
 * (the wire's status; `data-outcome` only where the row shows another) holding an `aria-hidden` icon
 * (`data-slot="tool-step-status-icon"`, `data-spinning` while active) and the text
 * (`data-slot="tool-step-status-text"`), which the default theme may hide visually but never from
 * screen readers.
 */
export const ToolStepStatus = forwardRef<HTMLSpanElement, ToolStepStatus.Props>(function ToolStepStatus(
  { step: explicit, render, ...props },
  ref,
) {
  const step = useStepOf(explicit, 'ToolStepStatus');
  const labels = useToolStepsLabels();
  const decision = useDecisionOf(step);
  const local = step.status === 'awaiting-approval' ? decision : undefined;
  const outcome = outcomeOf(step, { stopped: useRunStopped() });
  const indicator = indicatorOf(step, outcome, local, labels);
  const Icon = indicator.icon;
  return drawPart(
    'span',
    render,
    {
      'data-slot': 'tool-step-status',
      'data-status': step.status,
      'data-decision': local ? (local.approved ? 'approved' : 'denied') : undefined,
      'data-outcome': outcome.derived ? outcome.status : undefined,
      title: indicator.text,
      children: (
        <>
          <Icon
            aria-hidden="true"
            focusable="false"
            size={16}
            data-slot="tool-step-status-icon"
            className="tool-step-status-icon"
            data-icon={indicator.iconName}
            data-spinning={indicator.spinning ? '' : undefined}
          />{' '}
          <span data-slot="tool-step-status-text" className="tool-step-status-text">
            {indicator.text}
          </span>
        </>
      ),
    },
    props,
    ref,
    { step, indicator, outcome },
  );
});
