'use client';

import CircleStop from 'lucide-react/icons/circle-stop';
import { isActiveStatus, type Step, type StepsState } from '../core';
import { isStoppedRun, outcomeOf } from '../core/outcome';
import { useTickingNow } from '../internal/clock';
import { useToolStepsLabels, useToolStepsOptions } from '../internal/context';
import { type LocalDecision, useDecisionScope, useDecisionsVersion } from '../internal/decisions';
import { stepDurationMs } from '../internal/duration';
import { screenName, useRedactor } from '../internal/visible-text';
import { presentStep } from '../presentation';

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
    const endedAt = finite(startedAt) && ms !== undefined ? startedAt + ms : step.endedAt;
    if (finite(startedAt) && (first === undefined || startedAt < first)) first = startedAt;
    if (finite(endedAt) && (last === undefined || endedAt > last)) last = endedAt;
  }
  const span = first !== undefined && last !== undefined && last > first ? last - first : undefined;
  const spanMs = span === undefined ? longest : longest === undefined ? span : Math.max(span, longest);
  return { running, waiting, startedAt: first, spanMs, failed };
}

function Working({ label, startedAt }: { label: string; startedAt: number | undefined }) {
  const now = useTickingNow();
  const labels = useToolStepsLabels();
  const elapsed =
    now !== undefined && startedAt !== undefined && now - startedAt >= 1000
      ? labels.elapsed(now - startedAt)
      : undefined;
  return (
    <p data-slot="tool-steps-summary" className="tool-steps-summary" data-state="running">
      {labels.groups.working(label, elapsed)}
    </p>
  );
}

/**
 * The turn in one line: while a step runs, its label and the time since the turn's first step began
 * ("Searching files… 12s", ticking on the shared clock); once nothing runs or waits, the time from the
 * first start to the last end, the number of steps and how many failed ("Worked 45s · 14 steps, 1
 * failed"; the count alone, "3 steps", when the times are unknown or under a second: "Worked 1ms" says
 * nothing to a person). A run the person stopped is one line, "Stopped after 8.8s · 1 step", with a
 * stop icon, in place of the interruption's reason. While a step waits for a decision it says nothing:
 * the step's own card says it waits, and "Approve all" above the list counts them; after a turn of one
 * step neither (its row says it all).
 *
 * Renders `<p data-slot="tool-steps-summary" data-state="running" | "done" | "stopped">` (the stopped
 * line with an `aria-hidden` icon, `data-slot="tool-steps-summary-icon"`), nothing for an empty run, one
 * that waits, or a finished turn of one step.
 */
export function ToolStepsSummary({ state }: { state: StepsState }) {
  const { tools } = useToolStepsOptions();
  const labels = useToolStepsLabels();
  const scope = useDecisionScope();
  const redactor = useRedactor();
  useDecisionsVersion(); // a decision made here changes the line at once, as it changes the row
  if (state.ids.length === 0) return null;
  const { running, waiting, startedAt, spanMs, failed } = turnOf(state, scope.get);
  const duration = spanMs !== undefined && spanMs >= 1000 ? labels.duration(spanMs) : undefined;
  if (isStoppedRun(state.run)) {
    return (
      <p data-slot="tool-steps-summary" className="tool-steps-summary" data-state="stopped">
        <CircleStop
          aria-hidden="true"
          focusable="false"
          size={16}
          data-slot="tool-steps-summary-icon"
          className="tool-steps-summary-icon"
          data-icon="circle-stop"
        />{' '}
        {labels.groups.stopped(duration, state.ids.length)}
      </p>
    );
  }
  if (running)
    return (
      <Working label={screenName(presentStep(running, tools, labels.tools).label, redactor)} startedAt={startedAt} />
    );
  // a lone step's row already says all of it (its status, its time): "Worked 1.6s · 1 step" under it repeats it
  if (waiting || state.ids.length === 1) return null;
  return (
    <p data-slot="tool-steps-summary" className="tool-steps-summary" data-state="done">
      {labels.groups.worked(duration, state.ids.length, failed)}
    </p>
  );
}
