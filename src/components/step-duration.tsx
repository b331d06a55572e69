'use client';

import { type ComponentPropsWithoutRef, forwardRef, type Ref } from 'react';
import type { Step } from 'tool-steps/core';
import type { ToolStepsLabels } from 'tool-steps/presentation';
import { useTickingNow } from '../internal/clock';
import { useStepOf, useToolStepsLabels } from '../internal/context';
import { isoDuration } from '../internal/format';
import { drawPart, type RenderProp } from '../internal/render';
import { approvalWaitMs, isTicking, stepDurationMs } from '../presentation/duration';

/** The types of `ToolStepDuration`. */
export declare namespace ToolStepDuration {
  /** What a `render` function of `ToolStepDuration` receives besides the props. */
  interface State {
    step: Step;
    /** The duration in milliseconds (the elapsed time so far while the step runs). */
    ms: number;
    /** Whether the step still runs (the time ticks once a second). */
    running: boolean;
  }

  /** Props of `ToolStepDuration`. */
  interface Props extends Omit<ComponentPropsWithoutRef<'time'>, 'dateTime'> {
    /** The step; defaults to the row's. */
    step?: Step;
    /** Swaps the element: `render={<span />}` or `(props, state) => element`. */
    render?: RenderProp<ToolStepDuration.State>;
  }
}

type DrawProps = Omit<ToolStepDuration.Props, 'step'> & { step: Step; forwardedRef: Ref<HTMLTimeElement> };

function draw(
  { step, render, forwardedRef, ...props }: DrawProps,
  ms: number,
  running: boolean,
  labels: ToolStepsLabels,
) {
  const text = running ? labels.elapsed(ms) : labels.duration(ms);
  const wait = approvalWaitMs(step);
  return drawPart(
    'time',
    render,
    {
      'data-slot': 'tool-step-duration',
      'data-running': running ? '' : undefined,
      dateTime: isoDuration(running ? Math.floor(ms / 1000) * 1000 : ms),
      title: wait !== undefined && wait >= 1000 ? labels.approvalWait(labels.duration(wait)) : undefined,
      children: text,
    },
    props,
    forwardedRef,
    { step, ms, running },
  );
}

/**
 * The elapsed time of a running step. The only part that re-renders on the shared one-second tick:
 * the row around it does not.
 */
function Elapsed(props: DrawProps) {
  const now = useTickingNow();
  const labels = useToolStepsLabels();
  if (now === undefined) return null; // nothing on the server (it would not tick)
  // the run time: the wait for a decision is a person's time, not the tool's
  const ms = now - (props.step.startedAt as number) - (approvalWaitMs(props.step) ?? 0);
  if (ms < 1000) return null; // fast calls stay quiet in their first second
  return draw(props, ms, true, labels);
}

/**
 * How long the call took: while it runs, the elapsed time in whole seconds ("12s"), ticking once a
 * second from one timer shared by every running row; once it ended, its duration ("8.4s"), the one
 * the wire measured when it carries one (`details.durationMs`, as the terminal block shows it), else
 * end minus start. Both leave out the time the call waited for approval, which the `title` says
 * apart ("Waited 12s for approval", from a second up). Renders nothing when the kit cannot know the time (a start and an end seen in the
 * same instant of a replay is not "0 ms"), and in a running step's first second.
 *
 * Renders `<time data-slot="tool-step-duration" dateTime="PT8.421S">`, with the presence flag
 * `data-running` while it ticks.
 */
export const ToolStepDuration = forwardRef<HTMLTimeElement, ToolStepDuration.Props>(function ToolStepDuration(
  { step: explicit, ...props },
  ref,
) {
  const step = useStepOf(explicit, 'ToolStepDuration');
  const labels = useToolStepsLabels();
  if (isTicking(step)) return <Elapsed step={step} forwardedRef={ref} {...props} />;
  const ms = stepDurationMs(step);
  if (ms === undefined) return null;
  return draw({ step, forwardedRef: ref, ...props }, ms, false, labels);
});
