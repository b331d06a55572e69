'use client';

import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { Step } from 'tool-steps/core';
import { isActiveStatus } from '../core';
import { clientNow } from './clock';

/**
 * The list's flicker guard: how long a step stays drawn running at least, and whether the list has
 * drawn its first rows (a row that mounts after that was streamed in, live).
 */
export interface SteadyOptions {
  minRunningMs: number;
  /** Set once the list committed its first rows. */
  mounted: { current: boolean };
}

export const SteadyContext = createContext<SteadyOptions>({ minRunningMs: 0, mounted: { current: false } });
SteadyContext.displayName = 'ToolStepsSteadyContext';

/** The step as it looked running: the ended step without what its end brought. */
/** Ends that are a tool's result; a person's decision (denied) or a stop (cancelled) shows at once. */
const isResult = (step: Step) => step.status === 'succeeded' || step.status === 'failed';

/**
 * A result that arrived just now: a row mounting later in a live list for an older step (a group or
 * nested list opened, a remount) draws it as it is.
 */
function justEnded(step: Step, minRunningMs: number): boolean {
  return isResult(step) && typeof step.endedAt === 'number' && Math.abs(Date.now() - step.endedAt) < minRunningMs;
}

function asRunning(step: Step): Step {
  const { result: _result, error: _error, endedAt: _endedAt, ...rest } = step;
  return { ...rest, status: 'running' };
}

/**
 * The step a row draws: the step itself, except that a step which succeeds or fails less than `minRunningMs` after
 * the row first drew it running is drawn running (its last running version) until that time has
 * passed, so a fast tool does not flash. A step that arrives already ended in a live list (start and
 * result in one frame, its end stamped just now) is drawn running for that time too. Rows drawn with the list's first render
 * (a finished transcript) are never held. Only the drawing waits: the store's state is never delayed.
 */
export function useSteadyStep(step: Step): Step {
  const { minRunningMs, mounted } = useContext(SteadyContext);
  // when the row first drew the step running (or would have, had the frame not skipped it)
  const [since] = useState<number | null>(() =>
    minRunningMs > 0 && (isActiveStatus(step.status) || (mounted.current && justEnded(step, minRunningMs)))
      ? (clientNow() ?? null)
      : null,
  );
  const lastRunning = useRef<Step | null>(null);
  const [released, setReleased] = useState(false);
  if (isActiveStatus(step.status)) lastRunning.current = step;
  const hold = since !== null && !released && isResult(step) && Date.now() - since < minRunningMs;
  useEffect(() => {
    if (!hold || since === null) return;
    const timer = setTimeout(() => setReleased(true), Math.max(0, since + minRunningMs - Date.now()));
    return () => clearTimeout(timer);
  }, [hold, since, minRunningMs]);
  if (!hold) return step;
  return lastRunning.current ?? asRunning(step);
}
