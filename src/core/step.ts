/**
 * The step model: one record per tool call, and the state of a whole run.
 * Framework-free; nothing below `src/core/` imports React.
 */

/**
 * Where a tool call stands.
 * - `input-streaming`: the model is still writing the arguments
 * - `running`: arguments complete, the tool runs (or is queued)
 * - `awaiting-approval`: paused until a person approves or denies
 * - `succeeded` / `failed` / `denied` / `cancelled`: terminal, never left again
 * - `interrupted`: the stream ended (cut, error, abort) before the call finished; a later
 *   stream (a resumed run) may still finish it
 */
export type StepStatus =
  | 'input-streaming'
  | 'running'
  | 'awaiting-approval'
  | 'succeeded'
  | 'failed'
  | 'denied'
  | 'cancelled'
  | 'interrupted';

/** Every status, in display order. Typed so that a new status cannot be forgotten here. */
export const STEP_STATUSES = [
  'input-streaming',
  'running',
  'awaiting-approval',
  'succeeded',
  'failed',
  'denied',
  'cancelled',
  'interrupted',
] as const satisfies readonly StepStatus[];

const TERMINAL: Readonly<Record<StepStatus, boolean>> = {
  'input-streaming': false,
  running: false,
  'awaiting-approval': false,
  succeeded: true,
  failed: true,
  denied: true,
  cancelled: true,
  interrupted: false,
};

/** `true` for `succeeded`, `failed`, `denied` and `cancelled`: a step in one of these never changes status again. */
export function isTerminalStatus(status: StepStatus): boolean {
  return TERMINAL[status];
}

/** `true` while a step may still change by itself: arguments streaming or the tool running. */
export function isActiveStatus(status: StepStatus): boolean {
  return status === 'input-streaming' || status === 'running';
}

/** How a client shows a call: a label for people, a Lucide icon name and a detail line. */
export interface ToolPresentation {
  label: string;
  icon?: string;
  detail?: string;
}

/** The latest progress update of a running step. */
export interface StepProgress {
  content?: unknown;
  details?: unknown;
  /** How many updates arrived so far. */
  count: number;
}

/** Why a step failed. */
export interface StepError {
  message: string;
  code?: string;
  details?: unknown;
}

/** The approval a step waits for, and the decision once there is one. */
export interface StepApproval {
  id?: string;
  description?: string;
  sideEffects?: string[];
  decision?: { approved: boolean; reason?: string };
}

/** One tool call. */
export interface Step {
  /** The tool call id; one step per id, ever. */
  id: string;
  /** The tool's name as the wire gives it; `''` while the wire has not said it. */
  toolName: string;
  /** Sub-agent steps nest under the step that ran them. */
  parentId?: string;
  status: StepStatus;
  /** Raw argument text as streamed. */
  inputText: string;
  /** Parsed arguments: partial while streaming; replaced when the server says the call ran with other ones. */
  input?: unknown;
  /** The server's presentation, the latest one wins. The fallback table is applied when drawing, not here. */
  presentation?: ToolPresentation;
  /** The latest progress update only. */
  progress?: StepProgress;
  /** What the model read (content / llm_content / output). */
  result?: unknown;
  /** What only the application sees (diff, rows, ui_content, media). */
  details?: unknown;
  error?: StepError;
  approval?: StepApproval;
  /** Milliseconds since the epoch, from the wire or from the store's clock. */
  startedAt?: number;
  endedAt?: number;
}

/** How a whole run stands. */
export type RunStatus = 'idle' | 'streaming' | 'paused' | 'done' | 'error' | 'interrupted';

/**
 * The reason of a run the person stopped (`ToolStream.stop()`, an aborted `readStream` signal), kept in
 * `run.reason`: the interface reads a stop from it (`isStoppedRun`) and says "Stopped" in its own words.
 */
export const STOPPED_REASON = 'Stopped before the run finished.';

/** What the pipeline skipped or repaired: malformed frames, unknown events, events that came too late. */
export interface StepsDiagnostics {
  /** Frames or events that were dropped or repaired. */
  count: number;
  /** The most recent reason, for a status line. */
  last?: { reason: string; protocol?: string };
}

/** The state of a run: steps in order of first appearance, by id. */
export interface StepsState {
  ids: readonly string[];
  byId: Readonly<Record<string, Step>>;
  /**
   * How the run stands; `error` when it failed, `reason` when it ended `interrupted` (why: stopped, a
   * stream cut mid-frame, an empty answer), so a list fed by the state alone can say so.
   */
  run: { status: RunStatus; error?: { message: string; code?: string }; reason?: string };
  diagnostics: StepsDiagnostics;
}

/** The state before any event: no steps, run idle. */
export const emptyStepsState: StepsState = Object.freeze({
  ids: Object.freeze([]) as readonly string[],
  byId: Object.freeze({}),
  run: Object.freeze({ status: 'idle' as RunStatus }),
  diagnostics: Object.freeze({ count: 0 }),
});
