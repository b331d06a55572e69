/**
 * Time on screen: the one duration each step has (the header, the group and turn summaries and the
 * terminal block read the same value); `labels.duration` and `labels.elapsed` write it.
 */

import type { ReasoningSegment, Step } from 'tool-steps/core';
import { isActiveStatus } from '../core/step';

// ---------------------------------------------------------------------------------------------------
// One duration per step.

/** A duration the wire carries in the step's details (`durationMs`, `duration_ms`), as the terminal block reads it. */
function wireDuration(step: Step): number | undefined {
  const details = step.details;
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return undefined;
  const record = details as Record<string, unknown>;
  for (const value of [record.durationMs, record.duration_ms]) {
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  }
  return undefined;
}

/**
 * How long the step waited for a person's decision, in milliseconds: from the approval's request to
 * its answer. `undefined` without both times, or when they do not lie in order within the step's own
 * start and end (times of the wrong order or of another clock say nothing about the wait).
 */
export function approvalWaitMs(step: Step): number | undefined {
  const requestedAt = step.approval?.requestedAt;
  const answeredAt = step.approval?.answeredAt;
  if (typeof requestedAt !== 'number' || typeof answeredAt !== 'number') return undefined;
  if (!(answeredAt >= requestedAt) || !Number.isFinite(answeredAt - requestedAt)) return undefined;
  if (typeof step.startedAt === 'number' && requestedAt < step.startedAt) return undefined;
  if (typeof step.endedAt === 'number' && answeredAt > step.endedAt) return undefined;
  return answeredAt - requestedAt;
}

/**
 * How long an ended step took, in milliseconds: the duration the wire measured when it carries one
 * (so the header and the details block say the same), else its end minus its start (from the wire's
 * timestamps or the store's clock) less the wait for approval (`approvalWaitMs`: a person's time, not
 * the tool's). `undefined` when the kit cannot know: no times, or a start and an end seen in the same
 * instant (a replay of a finished run), which is not a duration of 0 ms.
 */
export function stepDurationMs(step: Step): number | undefined {
  const wire = wireDuration(step);
  if (wire !== undefined) return wire;
  const { startedAt, endedAt } = step;
  if (typeof startedAt !== 'number' || typeof endedAt !== 'number') return undefined;
  const ms = endedAt - startedAt - (approvalWaitMs(step) ?? 0);
  return ms > 0 && Number.isFinite(ms) ? ms : undefined;
}

/**
 * How long an ended reasoning segment took, in milliseconds: its end minus its start (the wire's
 * timestamps or the store's clock). `undefined` when a time is missing, or both fell in the same
 * instant (a replay), as for steps.
 */
export function segmentDurationMs(segment: Pick<ReasoningSegment, 'startedAt' | 'endedAt'>): number | undefined {
  const { startedAt, endedAt } = segment;
  if (typeof startedAt !== 'number' || typeof endedAt !== 'number') return undefined;
  if (!(endedAt > startedAt) || !Number.isFinite(endedAt - startedAt)) return undefined;
  return endedAt - startedAt;
}

/** `true` while the step's time runs: arguments streaming or the tool running, with a known start. */
export function isTicking(step: Step): boolean {
  return isActiveStatus(step.status) && typeof step.startedAt === 'number' && Number.isFinite(step.startedAt);
}
