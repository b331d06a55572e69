'use client';

import { isActiveStatus, type Step, type StepsState } from '../core';
import { useTickingNow } from '../internal/clock';
import { type LocalDecision, useDecisionScope, useDecisionsVersion } from '../internal/decisions';
import { presentStep } from '../presentation';
import { useToolStepsOptions } from './context';
import { useToolStepsLabels } from './labels';

/**
 * What the turn summary line says, from a state: the running step and start, whether a step waits for
 * approval, or the span and count. A decision made here and not yet confirmed by the wire counts as the
 * header shows it: approved, the step runs; denied, it no longer waits.
 */
export function turnOf(
  state: StepsState,
  decided: (step: Step) => LocalDecision | undefined = () => undefined,
): {
  running: Step | undefined;
  waiting: boolean;
  startedAt: number | undefined;
  spanMs: number | undefined;
} {
  let running: Step | undefined;
  let waiting = false;
  let first: number | undefined;
  let last: number | undefined;
  for (const id of state.ids) {
    const step = state.byId[id];
    if (!step) continue;
    if (isActiveStatus(step.status)) running = step;
    else if (step.status === 'awaiting-approval') {
      const decision = decided(step);
      if (decision === undefined) waiting = true;
      else if (decision.approved) running = { ...step, status: 'running' };
    }
    const { startedAt, endedAt } = step;
    if (typeof startedAt === 'number' && Number.isFinite(startedAt) && (first === undefined || startedAt < first)) {
      first = startedAt;
    }
    if (typeof endedAt === 'number' && Number.isFinite(endedAt) && (last === undefined || endedAt > last))
      last = endedAt;
  }
  const spanMs = first !== undefined && last !== undefined && last > first ? last - first : undefined;
  return { running, waiting, startedAt: first, spanMs };
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
 * ("Searching files… 12s", ticking on the shared clock); when nothing runs but a step waits for a
 * decision, that the turn waits ("Waiting for approval · 3 steps": the turn has not ended); once nothing
 * runs or waits, the time from the first start to the last end and the number of steps ("Worked 45s ·
 * 14 steps").
 *
 * Renders `<p data-slot="tool-steps-summary" data-state="running" | "waiting" | "done">`, nothing for an
 * empty run.
 */
export function ToolStepsSummary({ state }: { state: StepsState }) {
  const { tools } = useToolStepsOptions();
  const labels = useToolStepsLabels();
  const scope = useDecisionScope();
  useDecisionsVersion(); // a decision made here changes the line at once, as it changes the row
  if (state.ids.length === 0) return null;
  const { running, waiting, startedAt, spanMs } = turnOf(state, scope.get);
  if (running) return <Working label={presentStep(running, tools, labels.tools).label} startedAt={startedAt} />;
  if (waiting) {
    return (
      <p data-slot="tool-steps-summary" className="tool-steps-summary" data-state="waiting">
        {labels.groups.waiting(state.ids.length)}
      </p>
    );
  }
  return (
    <p data-slot="tool-steps-summary" className="tool-steps-summary" data-state="done">
      {labels.groups.worked(spanMs === undefined ? undefined : labels.duration(spanMs), state.ids.length)}
    </p>
  );
}
