/**
 * `tool-steps/schema`: the zod (`zod/mini`) schemas of the native wire format, for apps that validate
 * `StepEvent` frames themselves (`StepEventSchema.safeParse(frame)`, `z.toJSONSchema(StepEventSchema)`);
 * schema/step-event.schema.json is generated from them (scripts/build-schema.mjs). They live in their own
 * entry so no other entry loads zod: the kit checks frames with the check derived from its field table
 * (src/core/event-check.ts). A type test holds `z.infer<typeof StepEventSchema>` to the `StepEvent` union,
 * and a property test holds the check to these schemas (test/core/check.test.ts).
 *
 * Built with `zod/mini` (zod 4's tree-shakable functional API: `z.optional(x)` for `x.optional()`):
 * ordinary zod schemas, so `safeParse`, `z.toJSONSchema` and `z.infer` work on them, and
 * `StepEventSchema.options` and each branch's `shape.type.value` are there as in classic zod.
 */
import * as z from 'zod/mini';

/** A step's presentation on the wire: `{ label, icon?, detail? }` (Cogitator's `ToolPresentation`). */
export const ToolPresentationSchema = z.object({
  label: z.string(),
  icon: z.optional(z.string()),
  detail: z.optional(z.string()),
});

/** A literal event type that also answers `.value`, as classic zod's literals do. */
function type<const T extends string>(value: T): z.ZodMiniLiteral<T> & { readonly value: T } {
  return Object.assign(z.literal(value), { value });
}

const id = z.string().check(z.minLength(1));
/** Milliseconds since the epoch; the store's clock fills it in when absent. */
const at = z.optional(z.number());

/** A tool call was announced. Creates the step (`input-streaming`), or names an existing one. */
export const StepStartEventSchema = z.object({
  type: type('step-start'),
  id,
  toolName: z.string(),
  parentId: z.optional(z.string()),
  presentation: z.optional(ToolPresentationSchema),
  at,
});

/** A fragment of the argument text; `replace: true` makes it the whole text so far. */
export const StepInputDeltaEventSchema = z.object({
  type: type('step-input-delta'),
  id,
  delta: z.string(),
  replace: z.optional(z.boolean()),
  at,
});

/**
 * The arguments are complete (`input-streaming` → `running`). Without `input` the reducer parses the
 * streamed text. Sent again later, it replaces the arguments: the call ran with other ones.
 */
export const StepInputEventSchema = z.object({
  type: type('step-input'),
  id,
  input: z.optional(z.unknown()),
  toolName: z.optional(z.string()),
  at,
});

/** A progress update while the tool runs; the latest replaces the previous one. */
export const StepProgressEventSchema = z.object({
  type: type('step-progress'),
  id,
  content: z.optional(z.unknown()),
  details: z.optional(z.unknown()),
  presentation: z.optional(ToolPresentationSchema),
  toolName: z.optional(z.string()),
  at,
});

/** The call waits for a person's decision. */
export const StepApprovalEventSchema = z.object({
  type: type('step-approval'),
  id,
  approvalId: z.optional(z.string()),
  toolName: z.optional(z.string()),
  input: z.optional(z.unknown()),
  description: z.optional(z.string()),
  sideEffects: z.optional(z.array(z.string())),
  at,
});

/** A person decided: approved → `running`, declined → `denied`. */
export const StepDecisionEventSchema = z.object({
  type: type('step-decision'),
  id,
  approved: z.boolean(),
  reason: z.optional(z.string()),
  at,
});

/** The tool returned: `result` is what the model read, `details` what only the application sees. */
export const StepResultEventSchema = z.object({
  type: type('step-result'),
  id,
  toolName: z.optional(z.string()),
  result: z.optional(z.unknown()),
  details: z.optional(z.unknown()),
  presentation: z.optional(ToolPresentationSchema),
  at,
});

/** The call failed, with a message and, when one says why, a code (`TOOL_TIMEOUT`). */
export const StepErrorEventSchema = z.object({
  type: type('step-error'),
  id,
  toolName: z.optional(z.string()),
  message: z.string(),
  code: z.optional(z.string()),
  result: z.optional(z.unknown()),
  details: z.optional(z.unknown()),
  presentation: z.optional(ToolPresentationSchema),
  at,
});

/** The call was not run because a person (or a policy) declined it. */
export const StepDeniedEventSchema = z.object({
  type: type('step-denied'),
  id,
  toolName: z.optional(z.string()),
  reason: z.optional(z.string()),
  at,
});

/** The call was stopped before it finished (a user's stop, a cancelled sub-run). */
export const StepCancelledEventSchema = z.object({
  type: type('step-cancelled'),
  id,
  reason: z.optional(z.string()),
  at,
});

/** What a reasoning segment's text is: the model's own words, a summary, or withheld (redacted, encrypted). */
export const ReasoningVisibilitySchema = z.enum(['full', 'summary', 'redacted', 'encrypted']);

/**
 * The model began a stretch of reasoning (creates the segment, `streaming`). `visibility` says what its
 * text will be (`full` when absent); `parentId` puts a sub-agent's reasoning under the step that ran it.
 */
export const ReasoningStartEventSchema = z.object({
  type: type('reasoning-start'),
  id,
  parentId: z.optional(z.string()),
  visibility: z.optional(ReasoningVisibilitySchema),
  at,
});

/** A fragment of a segment's text, appended. Never a signature or an encrypted blob. */
export const ReasoningDeltaEventSchema = z.object({
  type: type('reasoning-delta'),
  id,
  delta: z.string(),
  at,
});

/**
 * The segment ended (`done`). `text`, when the wire has the whole text at the end, replaces what
 * streamed; `visibility` corrects what the start said (a reasoning item that turned out encrypted).
 */
export const ReasoningEndEventSchema = z.object({
  type: type('reasoning-end'),
  id,
  text: z.optional(z.string()),
  visibility: z.optional(ReasoningVisibilitySchema),
  at,
});

/** A run (or a resumed run) began streaming. */
export const RunStartEventSchema = z.object({
  type: type('run-start'),
  runId: z.optional(z.string()),
  at,
});

/**
 * The run ended as the server meant it to: `done`, or `paused` for approvals. Open steps end
 * `interrupted` (done) or `awaiting-approval` (paused), except those listed in `keepOpen`: calls the
 * client itself still has to run (AI SDK client-side tools wait for `addToolOutput`).
 */
export const RunFinishEventSchema = z.object({
  type: type('run-finish'),
  status: z.optional(z.enum(['done', 'paused'])),
  keepOpen: z.optional(z.array(z.string())),
  at,
});

/** The run failed as a whole; open steps end `interrupted`. */
export const RunErrorEventSchema = z.object({
  type: type('run-error'),
  message: z.string(),
  code: z.optional(z.string()),
  /** The HTTP status of an error answered before the stream started. */
  status: z.optional(z.number()),
  at,
});

/** The stream stopped before the run finished (cut, aborted, closed without a finish). */
export const RunAbortEventSchema = z.object({
  type: type('run-abort'),
  /** The wire's own text. */
  reason: z.optional(z.string()),
  /** The kit's code (`ReasonCode`), when the kit saw why. */
  code: z.optional(z.string()),
  at,
});

/** Something was skipped or repaired on the way (a malformed frame, an unknown event): counted, never thrown. */
export const DiagnosticEventSchema = z.object({
  type: type('diagnostic'),
  reason: z.string(),
  protocol: z.optional(z.string()),
  at,
});

const eventSchemas = [
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
  ReasoningStartEventSchema,
  ReasoningDeltaEventSchema,
  ReasoningEndEventSchema,
  RunStartEventSchema,
  RunFinishEventSchema,
  RunErrorEventSchema,
  RunAbortEventSchema,
  DiagnosticEventSchema,
] as const;
/** The zod schema of every `StepEvent`, discriminated by `type`; `.options` lists the branches. */
export const StepEventSchema = Object.assign(z.discriminatedUnion('type', eventSchemas), { options: eventSchemas });

export type { StepEvent, StepEventOf, StepEventType } from 'tool-steps/core';
