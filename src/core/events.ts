/**
 * `StepEvent`: the one normalized event union every wire format is decoded into. It is also the
 * kit's own ("native") wire format: JSON objects, one per SSE `data:` line or JSONL line, so a
 * backend in any language can emit it directly. The zod schemas here are the boundary check.
 */
import { z } from 'zod';

/** A step's presentation on the wire: `{ label, icon?, detail? }` (Cogitator's `ToolPresentation`). */
export const ToolPresentationSchema = z.object({
  label: z.string(),
  icon: z.string().optional(),
  detail: z.string().optional(),
});

const id = z.string().min(1);
/** Milliseconds since the epoch; the store's clock fills it in when absent. */
const at = z.number().optional();

/** A tool call was announced. Creates the step (`input-streaming`), or names an existing one. */
export const StepStartEventSchema = z.object({
  type: z.literal('step-start'),
  id,
  toolName: z.string(),
  parentId: z.string().optional(),
  presentation: ToolPresentationSchema.optional(),
  at,
});

/** A fragment of the argument text; `replace: true` makes it the whole text so far. */
export const StepInputDeltaEventSchema = z.object({
  type: z.literal('step-input-delta'),
  id,
  delta: z.string(),
  replace: z.boolean().optional(),
  at,
});

/**
 * The arguments are complete (`input-streaming` → `running`). Without `input` the reducer parses the
 * streamed text. Sent again later, it replaces the arguments: the call ran with other ones.
 */
export const StepInputEventSchema = z.object({
  type: z.literal('step-input'),
  id,
  input: z.unknown().optional(),
  toolName: z.string().optional(),
  at,
});

/** A progress update while the tool runs; the latest replaces the previous one. */
export const StepProgressEventSchema = z.object({
  type: z.literal('step-progress'),
  id,
  content: z.unknown().optional(),
  details: z.unknown().optional(),
  presentation: ToolPresentationSchema.optional(),
  toolName: z.string().optional(),
  at,
});

/** The call waits for a person's decision. */
export const StepApprovalEventSchema = z.object({
  type: z.literal('step-approval'),
  id,
  approvalId: z.string().optional(),
  toolName: z.string().optional(),
  input: z.unknown().optional(),
  description: z.string().optional(),
  sideEffects: z.array(z.string()).optional(),
  at,
});

/** A person decided: approved → `running`, declined → `denied`. */
export const StepDecisionEventSchema = z.object({
  type: z.literal('step-decision'),
  id,
  approved: z.boolean(),
  reason: z.string().optional(),
  at,
});

/** The tool returned: `result` is what the model read, `details` what only the application sees. */
export const StepResultEventSchema = z.object({
  type: z.literal('step-result'),
  id,
  toolName: z.string().optional(),
  result: z.unknown().optional(),
  details: z.unknown().optional(),
  presentation: ToolPresentationSchema.optional(),
  at,
});

/** The call failed, with a message and, when one says why, a code (`TOOL_TIMEOUT`). */
export const StepErrorEventSchema = z.object({
  type: z.literal('step-error'),
  id,
  toolName: z.string().optional(),
  message: z.string(),
  code: z.string().optional(),
  result: z.unknown().optional(),
  details: z.unknown().optional(),
  presentation: ToolPresentationSchema.optional(),
  at,
});

/** The call was not run because a person (or a policy) declined it. */
export const StepDeniedEventSchema = z.object({
  type: z.literal('step-denied'),
  id,
  toolName: z.string().optional(),
  reason: z.string().optional(),
  at,
});

/** The call was stopped before it finished (a user's stop, a cancelled sub-run). */
export const StepCancelledEventSchema = z.object({
  type: z.literal('step-cancelled'),
  id,
  reason: z.string().optional(),
  at,
});

/** A run (or a resumed run) began streaming. */
export const RunStartEventSchema = z.object({
  type: z.literal('run-start'),
  runId: z.string().optional(),
  at,
});

/**
 * The run ended as the server meant it to: `done`, or `paused` for approvals. Open steps end
 * `interrupted` (done) or `awaiting-approval` (paused), except those listed in `keepOpen`: calls the
 * client itself still has to run (AI SDK client-side tools wait for `addToolOutput`).
 */
export const RunFinishEventSchema = z.object({
  type: z.literal('run-finish'),
  status: z.enum(['done', 'paused']).optional(),
  keepOpen: z.array(z.string()).optional(),
  at,
});

/** The run failed as a whole; open steps end `interrupted`. */
export const RunErrorEventSchema = z.object({
  type: z.literal('run-error'),
  message: z.string(),
  code: z.string().optional(),
  at,
});

/** The stream stopped before the run finished (cut, aborted, closed without a finish). */
export const RunAbortEventSchema = z.object({
  type: z.literal('run-abort'),
  reason: z.string().optional(),
  at,
});

/** Something was skipped or repaired on the way (a malformed frame, an unknown event): counted, never thrown. */
export const DiagnosticEventSchema = z.object({
  type: z.literal('diagnostic'),
  reason: z.string(),
  protocol: z.string().optional(),
  at,
});

/** The zod schema of every `StepEvent`, discriminated by `type`. */
export const StepEventSchema = z.discriminatedUnion('type', [
  StepStartEventSchema,
  StepInputDeltaEventSchema,
  StepInputEventSchema,
  StepProgressEventSchema,
  StepApprovalEventSchema,
  StepDecisionEventSchema,
  StepResultEventSchema,
  StepErrorEventSchema,
  StepDeniedEventSchema,
  StepCancelledEventSchema,
  RunStartEventSchema,
  RunFinishEventSchema,
  RunErrorEventSchema,
  RunAbortEventSchema,
  DiagnosticEventSchema,
]);

/** The normalized event union (and the native wire format). */
export type StepEvent = z.infer<typeof StepEventSchema>;
/** The `type` of every `StepEvent`. */
export type StepEventType = StepEvent['type'];
/** The event of one `type`. */
export type StepEventOf<T extends StepEventType> = Extract<StepEvent, { type: T }>;
