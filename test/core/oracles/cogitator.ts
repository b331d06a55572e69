/**
 * The Cogitator events the decoder reads, as zod schemas: the test oracle of the decoder's checks
 * (src/core/decoders/cogitator.ts), which test/core/check.test.ts holds to the same answers. Unknown keys
 * pass through.
 */
import { ToolPresentationSchema } from 'tool-steps/schema';
import * as z from 'zod/mini';

const callId = z.string().check(z.minLength(1));
const presentation = z.optional(ToolPresentationSchema);
const pendingApproval = z.looseObject({
  toolCallId: callId,
  toolName: z.optional(z.string()),
  arguments: z.optional(z.unknown()),
  description: z.optional(z.string()),
  sideEffects: z.optional(z.array(z.string())),
});

/** The Cogitator events the kit reads, checked at the boundary. Unknown keys pass through. */
export const CogitatorEventSchemas = {
  'tool-call-start': z.looseObject({ id: callId, toolName: z.string() }),
  'tool-call-delta': z.looseObject({ id: callId, argsTextDelta: z.string() }),
  'tool-call-end': z.looseObject({ id: callId }),
  'tool-update': z.looseObject({
    toolCallId: callId,
    content: z.optional(z.unknown()),
    details: z.optional(z.unknown()),
    presentation,
    arguments: z.optional(z.unknown()),
  }),
  'tool-result': z.looseObject({
    toolCallId: callId,
    result: z.optional(z.unknown()),
    details: z.optional(z.unknown()),
    presentation,
    error: z.nullish(z.string()),
    errorCode: z.nullish(z.string()),
  }),
  'approval-required': z.looseObject({ approvals: z.array(pendingApproval) }),
  error: z.looseObject({ message: z.optional(z.string()), code: z.nullish(z.string()) }),
  finish: z.looseObject({
    status: z.optional(z.string()),
    pendingApprovals: z.optional(z.array(pendingApproval)),
  }),
  start: z.looseObject({ messageId: z.optional(z.string()) }),
  'reasoning-start': z.looseObject({ id: callId }),
  'reasoning-delta': z.looseObject({ id: callId, delta: z.string() }),
  'reasoning-end': z.looseObject({ id: callId }),
} as const;
