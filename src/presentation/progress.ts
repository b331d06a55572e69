/**
 * How far a progress update is, when it says: the bar `ToolStepProgress` draws and its "2 of 4" read
 * this one value.
 */
import type { StepProgress } from 'tool-steps/core';

/** How far a determinate update is: `value` out of `max`, with `0 <= value <= max` and `max > 0`. */
export interface DeterminateProgress {
  value: number;
  max: number;
}

/**
 * The determinate part of a progress update, or `undefined` for an indeterminate one: `details` (or,
 * without them, the update's content, as a tool's own `yield { progress, total }`) with a finite
 * `progress` (MCP's `notifications/progress`; `done` as AG-UI activities often say) and a finite positive
 * `total`. A value below 0 or above the total is clamped; anything else (NaN, a string, a total of 0) is
 * indeterminate.
 */
export function determinateProgress(progress: StepProgress | undefined): DeterminateProgress | undefined {
  const details: unknown = progress?.details ?? progress?.content;
  if (typeof details !== 'object' || details === null) return undefined;
  const d = details as Record<string, unknown>;
  const total = d.total;
  const value = typeof d.progress === 'number' ? d.progress : d.done;
  if (typeof total !== 'number' || !Number.isFinite(total) || total <= 0) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  return { value: Math.min(Math.max(value, 0), total), max: total };
}
