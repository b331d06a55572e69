'use client';

import CircleStop from 'lucide-react/icons/circle-stop';
import {
  type ComponentPropsWithoutRef,
  type ForwardedRef,
  forwardRef,
  memo,
  type ReactNode,
  useContext,
  useSyncExternalStore,
} from 'react';
import type { Step, StepsState } from 'tool-steps/core';
import { isActiveStatus } from '../core';
import { useTickingNow } from '../internal/clock';
import { useToolStepsLabels, useToolStepsOptions } from '../internal/context';
import { type LocalDecision, useDecisionScope, useDecisionsVersion } from '../internal/decisions';
import { drawPart, type RenderProp } from '../internal/render';
import { screenName, useRedactor } from '../internal/visible-text';
import { presentStep } from '../presentation';
import { approvalWaitMs, segmentDurationMs, stepDurationMs } from '../presentation/duration';
import { isStoppedRun, outcomeOf } from '../presentation/outcome';
import { ListSharedContext } from './tool-steps/shared';
import { useVerbosity } from './tool-steps/verbosity';

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * What the turn summary line says, from a state: the running step and start, whether a step waits for
 * approval, the span, the count and how many failed. A decision made here and not yet confirmed by the
 * wire counts as the header shows it: approved, the step runs; denied, it no longer waits.
 *
 * The span is measured with each step's own duration (`stepDurationMs`, the one its row shows): from
 * the first start to the latest start plus duration, and never shorter than the longest step. So a
 * replayed row whose wire says 8.4s is not summed up as "Worked 2.7s" from the times its events arrived.
 */
export function turnOf(
  state: StepsState,
  decided: (step: Step) => LocalDecision | undefined = () => undefined,
): {
  running: Step | undefined;
  waiting: boolean;
  startedAt: number | undefined;
  spanMs: number | undefined;
  failed: number;
} {
  let running: Step | undefined;
  let waiting = false;
  let first: number | undefined;
  let last: number | undefined;
  let longest: number | undefined;
  let failed = 0;
  for (const id of state.ids) {
    const step = state.byId[id];
    if (!step) continue;
    if (isActiveStatus(step.status)) running = step;
    else if (step.status === 'awaiting-approval') {
      const decision = decided(step);
      if (decision === undefined) waiting = true;
      else if (decision.approved) running = { ...step, status: 'running' };
    } else if (outcomeOf(step).status === 'failed') failed++;
    const { startedAt } = step;
    const ms = isActiveStatus(step.status) ? undefined : stepDurationMs(step);
    if (ms !== undefined && (longest === undefined || ms > longest)) longest = ms;
    // the run time leaves out a wait for approval; the turn's span does not
    const endedAt = finite(startedAt) && ms !== undefined ? startedAt + ms + (approvalWaitMs(step) ?? 0) : step.endedAt;
    if (finite(startedAt) && (first === undefined || startedAt < first)) first = startedAt;
    if (finite(endedAt) && (last === undefined || endedAt > last)) last = endedAt;
  }
  // the turn's thinking counts as its time too: "Thought for 12s" above must not read as "Worked 9s" below
  for (const segment of state.reasoning?.segments ?? []) {
    const ms = segment && typeof segment === 'object' ? segmentDurationMs(segment) : undefined;
    if (ms === undefined) continue;
    const start = segment.startedAt as number;
    if (first === undefined || start < first) first = start;
    if (last === undefined || start + ms > last) last = start + ms;
  }
  const span = first !== undefined && last !== undefined && last > first ? last - first : undefined;
  const spanMs = span === undefined ? longest : longest === undefined ? span : Math.max(span, longest);
  return { running, waiting, startedAt: first, spanMs, failed };
}

/** The types of `ToolStepsSummary`. */
export declare namespace ToolStepsSummary {
  /** What a `render` function of `ToolStepsSummary` receives besides the props. */
  interface State {
    /** What the line says: a step runs, the turn is done, or the person stopped it. */
    status: 'running' | 'done' | 'stopped';
  }

  /** Props of `ToolStepsSummary`. */
  interface Props extends ComponentPropsWithoutRef<'p'> {
    /** The run to sum up; inside a `ToolStepsRoot`, the root's run (as its rows draw it) by default. */
    state?: StepsState;
    /** Swaps the element: `render={<div />}` or `(props, state) => element`. */
    render?: RenderProp<ToolStepsSummary.State>;
  }
}

interface LineProps {
  /** The verbosity switch, when the list has one. */
  toggle: ReactNode;
  props: ComponentPropsWithoutRef<'p'>;
  render: RenderProp<ToolStepsSummary.State> | undefined;
  forwarded: ForwardedRef<HTMLParagraphElement>;
}

function line(
  status: ToolStepsSummary.State['status'],
  text: ReactNode,
  { toggle, props, render, forwarded }: LineProps,
) {
  const children = toggle ? (
    <>
      {text} {toggle}
    </>
  ) : (
    text
  );
  return drawPart(
    'p',
    render,
    { 'data-slot': 'tool-steps-summary', 'data-state': status, children },
    props,
    forwarded,
    { status },
  );
}

function Working({ label, startedAt, part }: { label: string; startedAt: number | undefined; part: LineProps }) {
  const now = useTickingNow();
  const labels = useToolStepsLabels();
  const elapsed =
    now !== undefined && startedAt !== undefined && now - startedAt >= 1000
      ? labels.elapsed(now - startedAt)
      : undefined;
  return line('running', labels.groups.working(label, elapsed), part);
}

const idle = () => () => {};
const none = () => undefined;

/** The root's run as its rows draw it (the flicker hold's snapshot), or `undefined` outside a root. */
function useListSummary(): StepsState | undefined {
  const shared = useContext(ListSharedContext);
  const model = shared?.model;
  const read = model ? () => model.getView().summary : none;
  return useSyncExternalStore(model ? model.subscribe : idle, read, read);
}

/**
 * The turn in one line: while a step runs, its label and the time since the turn's first step began
 * ("Searching files… 12s", ticking on the shared clock); once nothing runs or waits, the time from the
 * first start to the last end (of a step or a finished thought), the number of steps and how many failed ("Worked 45s · 14 steps, 1
 * failed"; the count alone, "3 steps", when the times are unknown or under a second: "Worked 1ms" says
 * nothing to a person). A run the person stopped is one line, "Stopped after 8.8s · 1 step", with a
 * stop icon, in place of the interruption's reason. While a step waits for a decision it says nothing:
 * the step's own card says it waits, and "Approve all" above the list counts them; after a turn of one
 * step neither (its row says it all).
 *
 * Inside a root given a verbosity (`verbosity`, `defaultVerbosity` or `persist`), the line ends with a
 * button that switches between the collapsed turn and one line per step
 * (`<button data-slot="tool-steps-verbosity">`, `labels.verbosity`); collapsed, a turn of one step has
 * its line too.
 *
 * Renders `<p data-slot="tool-steps-summary" data-state="running" | "done" | "stopped">` (the stopped
 * line with an `aria-hidden` icon, `data-slot="tool-steps-summary-icon"`), nothing for an empty run, one
 * that waits, or a finished turn of one step.
 */
export const ToolStepsSummary = memo(
  forwardRef<HTMLParagraphElement, ToolStepsSummary.Props>(function ToolStepsSummary(
    { state: given, render, ...props },
    forwarded,
  ) {
    const { tools } = useToolStepsOptions();
    const labels = useToolStepsLabels();
    const scope = useDecisionScope();
    const redactor = useRedactor();
    useDecisionsVersion(); // a decision made here changes the line at once, as it changes the row
    const inList = useListSummary();
    const { verbosity, set, switchable } = useVerbosity();
    const state = given ?? inList;
    const collapsed = verbosity === 'collapsed';
    const toggle =
      switchable && !given ? (
        <button
          type="button"
          data-slot="tool-steps-verbosity"
          className="tool-steps-verbosity"
          onClick={() => set(collapsed ? 'steps' : 'collapsed')}
        >
          {collapsed ? labels.verbosity.show : labels.verbosity.hide}
        </button>
      ) : null;
    const part: LineProps = { toggle, props, render, forwarded };
    if (!state || state.ids.length === 0) return null;
    const { running, waiting, startedAt, spanMs, failed } = turnOf(state, scope.get);
    const duration = spanMs !== undefined && spanMs >= 1000 ? labels.duration(spanMs) : undefined;
    if (isStoppedRun(state.run)) {
      return line(
        'stopped',
        <>
          <CircleStop
            aria-hidden="true"
            focusable="false"
            size={16}
            data-slot="tool-steps-summary-icon"
            className="tool-steps-summary-icon"
            data-icon="circle-stop"
          />{' '}
          {labels.groups.stopped(duration, state.ids.length)}
        </>,
        part,
      );
    }
    if (running)
      return (
        <Working
          label={screenName(presentStep(running, tools, labels.tools).label, redactor)}
          startedAt={startedAt}
          part={part}
        />
      );
    // a lone step's row already says all of it (its status, its time): "Worked 1.6s · 1 step" under it
    // repeats it, unless the row is collapsed away
    if (waiting || (state.ids.length === 1 && !collapsed)) return null;
    return line('done', labels.groups.worked(duration, state.ids.length, failed), part);
  }),
);
ToolStepsSummary.displayName = 'ToolStepsSummary';
