/**
 * `tool-steps/schema`: the zod (`zod/mini`) schemas of the native wire format, for apps that validate
 * `StepEvent` frames themselves (`StepEventSchema.safeParse(frame)`, `z.toJSONSchema(StepEventSchema)`).
 * They live in their own entry so `tool-steps` and `tool-steps/core` carry no zod: the decoders check
 * frames with hand-compiled checks that accept exactly what these schemas accept (test/core/check.test.ts).
 */

export type { StepEvent, StepEventOf, StepEventType } from '../core/events';
export {
  DiagnosticEventSchema,
  RunAbortEventSchema,
  RunErrorEventSchema,
  RunFinishEventSchema,
  RunStartEventSchema,
  StepApprovalEventSchema,
  StepCancelledEventSchema,
  StepDecisionEventSchema,
  StepDeniedEventSchema,
  StepErrorEventSchema,
  StepEventSchema,
  StepInputDeltaEventSchema,
  StepInputEventSchema,
  StepProgressEventSchema,
  StepResultEventSchema,
  StepStartEventSchema,
  ToolPresentationSchema,
} from '../core/events';
