/**
 * What a row shows a step came to. The wire's status is kept as it is in the state (nine decoders map
 * onto it, checked against the vendors' own reducers); the outcome is derived from it when drawing, so
 * a command the wire calls a success but that exited 1 does not read "Done".
 * Framework-free: no React here.
 */

import type { Step, StepStatus, StepsState } from 'tool-steps/core';
import { isRecord } from '../core/values';

/** What a row draws for a step: its status, or what its result says that the status does not. */
export interface StepOutcome {
  /**
   * `failed` for a `succeeded` call whose result or details report a failure (a non-zero exit code,
   * `isError: true`, `success: false`); `stopped` for an `interrupted` call of a run the person stopped;
   * else the step's own status.
   */
  status: StepStatus | 'stopped';
  /** The non-zero exit code the step's details or result report (also on a `failed` step). */
  exitCode?: number;
  /** `true` when `status` is not the step's own: the DOM says so with `data-outcome`. */
  derived: boolean;
}

type Loose = Record<string, unknown>;

const exitNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) ? value : undefined;

/** A terminal block: `code` is an exit code only there (elsewhere it may be an HTTP status or source text). */
const isTerminalBlock = (record: Loose): boolean =>
  record.kind === 'terminal' || typeof record.stdout === 'string' || typeof record.stderr === 'string';

/** What one value (details or result) says about how the call ended. */
function reported(value: unknown): { failed: boolean; exitCode?: number } | undefined {
  if (!isRecord(value)) return undefined;
  const code =
    exitNumber(value.exitCode) ??
    exitNumber(value.exit_code) ??
    (isTerminalBlock(value) ? exitNumber(value.code) : undefined);
  if (code !== undefined) return code === 0 ? { failed: false } : { failed: true, exitCode: code };
  // MCP's `isError` and VT Code's `success`, when such a result reaches us through another wire
  if (value.isError === true || value.success === false) return { failed: true };
  return undefined;
}

/** The first report of the details (what the application sees), else of the result (what the model read). */
function reportOf(step: Step): { failed: boolean; exitCode?: number } | undefined {
  try {
    return reported(step.details) ?? reported(step.result);
  } catch {
    return undefined; // a hostile value (a throwing getter) reports nothing
  }
}

/**
 * Whether the run ended because the person stopped it (the stream client's `stop()`, or the
 * `signal` given to `readStream` aborted), not because the stream was cut or failed.
 */
export function isStoppedRun(run: StepsState['run'] | undefined): boolean {
  return run?.status === 'interrupted' && run.error === undefined && run.reasonCode === 'stopped';
}

/**
 * What a step's row shows it came to: a `succeeded` call whose details or result report a non-zero
 * exit code (`exitCode`, `exit_code`, a terminal block's `code`), `isError: true` or `success: false`
 * is `failed` (with the code); an `interrupted` call of a run the person stopped (`stopped`, see
 * `isStoppedRun`) is `stopped`; anything else is its own status. Pure and total: never throws.
 */
export function outcomeOf(step: Step, options?: { stopped?: boolean }): StepOutcome {
  const status = step.status;
  if (status === 'interrupted' && options?.stopped) return { status: 'stopped', derived: true };
  if (status !== 'succeeded' && status !== 'failed') return { status, derived: false };
  const report = reportOf(step);
  if (!report?.failed) return { status, derived: false };
  const outcome: StepOutcome = { status: 'failed', derived: status !== 'failed' };
  if (report.exitCode !== undefined) outcome.exitCode = report.exitCode;
  return outcome;
}
