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
  /**
   * When the call first asked for a decision and when it was answered (milliseconds since the epoch,
   * from the wire or the store's clock): the wait is a person's time, not the tool's, so a step's run
   * time leaves it out (`stepDurationMs`).
   */
  requestedAt?: number;
  /** When a person (or the server) answered; set only once the request's time is known. */
  answeredAt?: number;
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
 * Why a run ended `interrupted`, or failed, as the kit itself saw it: a code on the state
 * (`run.reasonCode`, `run.error.code`, a step's `error.code`), never a sentence; the list writes the
 * sentence of each through `labels.reasons`.
 *
 * - `stopped`: the person stopped it (`ToolStream.stop()`, an aborted `readStream` signal)
 * - `replaced`: a newer request of the same tool stream took its place
 * - `stream-closed`: the stream closed before the run finished; `closed-before-start`: before one began
 * - `cut-mid-frame`: the stream closed in the middle of a frame
 * - `connection-lost`: the connection broke while the stream was read
 * - `no-body`: the server answered without a body (`run.error.status` is not set: nothing failed)
 * - `cancelled`: the server says the run was cancelled; `restarted`: a new message began first
 * - `unreachable`: the request did not reach the server; `http-error`: it answered an HTTP error
 *   without a message of its own (`run.error.status` holds the status)
 * - `stream-error`: the wire reported an error without a message; `tool-error`: a tool did
 */
export type ReasonCode =
  | 'stopped'
  | 'replaced'
  | 'stream-closed'
  | 'closed-before-start'
  | 'cut-mid-frame'
  | 'connection-lost'
  | 'no-body'
  | 'cancelled'
  | 'restarted'
  | 'unreachable'
  | 'http-error'
  | 'stream-error'
  | 'tool-error';

/** Why a run failed: the wire's (or the server's) message and code, and the HTTP status of a refused request. */
export interface RunError {
  /** The wire's own text; empty when it gave none (the code says why, through `labels.reasons`). */
  message: string;
  /** The wire's code, or one of the kit's `ReasonCode`s. */
  code?: string;
  /** The HTTP status of an error answered before the stream started. */
  status?: number;
}

/** What the pipeline skipped or repaired: malformed frames, unknown events, events that came too late. */
export interface StepsDiagnostics {
  /** Frames or events that were dropped or repaired. */
  count: number;
  /** The most recent reason, for a status line. */
  last?: { reason: string; protocol?: string };
}

/**
 * What a reasoning segment's text is: the model's own words (`full`), the provider's summary of them
 * (`summary`), or nothing to read because the provider withheld it (`redacted`) or sent it encrypted
 * (`encrypted`). A `redacted` or `encrypted` segment has no text: it shows that the model thought, never
 * what.
 */
export type ReasoningVisibility = 'full' | 'summary' | 'redacted' | 'encrypted';

/** Every reasoning visibility. */
export const REASONING_VISIBILITIES = [
  'full',
  'summary',
  'redacted',
  'encrypted',
] as const satisfies readonly ReasoningVisibility[];

/**
 * Where a reasoning segment stands: `streaming` while its text arrives, `done` once the wire ended it
 * (or the run finished), `interrupted` when the run failed or was cut first (a resumed run may go on).
 */
export type ReasoningStatus = 'streaming' | 'done' | 'interrupted';

/** One stretch of the model's reasoning, an item of the turn beside the steps. */
export interface ReasoningSegment {
  /** The wire's id of the segment (its own namespace, apart from step ids). */
  id: string;
  /** A sub-agent's reasoning nests under the step that ran it, as its steps do. Fixed at the start. */
  parentId?: string;
  visibility: ReasoningVisibility;
  status: ReasoningStatus;
  /** The text as streamed (never a signature or an encrypted blob); `''` when `redacted` or `encrypted`. */
  text: string;
  /**
   * How many steps of `state.ids` had arrived when the segment began: its place in the turn is before
   * `ids[stepsBefore]` (and after the segments that began before it). See `turnItems`.
   */
  stepsBefore: number;
  /** Milliseconds since the epoch, from the wire or from the store's clock. */
  startedAt?: number;
  endedAt?: number;
}

/**
 * The reasoning segments of a run, in order of first appearance: `segments[i]` is the segment of
 * `ids[i]`. `segmentOf(state.reasoning, id)` finds one by id. `ids` changes only when a segment is added.
 */
export interface ReasoningSegments {
  ids: readonly string[];
  segments: readonly ReasoningSegment[];
}

/**
 * The state of a run: steps in order of first appearance, by id. A state `reduceSteps` returns builds
 * `ids` and `byId` from its own table on their first read (then keeps them); they are own enumerable
 * properties, so JSON, `structuredClone` and spread see plain data. To read one step or the count on
 * every update, `stepOf(state, id)` and `stepCount(state)` cost the same however many steps there are.
 */
export interface StepsState {
  /** The step ids in order of first appearance. */
  ids: readonly string[];
  /** Every step by its id (`stepOf(state, id)` reads one without building the map). */
  byId: Readonly<Record<string, Step>>;
  /**
   * The model's reasoning between the calls; absent until the first segment arrives. `turnItems(state)`
   * gives steps and segments in the order they arrived.
   */
  reasoning?: ReasoningSegments;
  /**
   * How the run stands; `error` when it failed; when it ended `interrupted`, why: the wire's own text
   * in `reason`, or the kit's code in `reasonCode` (`stopped`, `stream-closed`; `ReasonCode`), so a
   * list fed by the state alone can say so in its own words.
   */
  run: { status: RunStatus; error?: RunError; reason?: string; reasonCode?: string };
  diagnostics: StepsDiagnostics;
}

/** The state before any event: no steps, run idle. */
export const emptyStepsState: StepsState = Object.freeze({
  ids: Object.freeze([]) as readonly string[],
  byId: Object.freeze({}),
  run: Object.freeze({ status: 'idle' as RunStatus }),
  diagnostics: Object.freeze({ count: 0 }),
});
