/**
 * The AI SDK UI-message-stream chunks the decoder reads, as zod schemas: the test oracle of the decoder's
 * checks (src/core/decoders/ai-sdk.ts), which test/core/check.test.ts holds to the same answers. Unknown
 * keys pass through.
 */
import * as z from 'zod/mini';

const callId = z.string().check(z.minLength(1));
const jsonObject = z.record(z.string(), z.unknown());
/** Fields every tool call chunk may carry about the call itself. */
const callFields = {
  toolCallId: callId,
  toolName: z.string(),
  providerExecuted: z.optional(z.boolean()),
  toolMetadata: z.optional(jsonObject),
  dynamic: z.optional(z.boolean()),
  title: z.optional(z.string()),
};

/** The chunks that make events, checked at the boundary. Unknown keys pass through. */
export const AiSdkChunkSchemas = {
  start: z.looseObject({ messageId: z.optional(z.string()) }),
  finish: z.looseObject({ finishReason: z.optional(z.string()) }),
  abort: z.looseObject({ reason: z.optional(z.string()) }),
  error: z.looseObject({ errorText: z.string() }),
  'start-step': z.looseObject({}),
  'finish-step': z.looseObject({}),
  'reset-step': z.looseObject({}),
  'tool-input-start': z.looseObject({ ...callFields, inputEncoding: z.optional(z.enum(['json', 'text'])) }),
  'tool-input-delta': z.looseObject({ toolCallId: callId, inputTextDelta: z.string() }),
  'tool-input-available': z.looseObject({ ...callFields, input: z.unknown() }),
  'tool-input-error': z.looseObject({ ...callFields, input: z.unknown(), errorText: z.string() }),
  'tool-approval-request': z.looseObject({
    approvalId: z.string().check(z.minLength(1)),
    toolCallId: callId,
    reason: z.optional(z.string()),
    isAutomatic: z.optional(z.boolean()),
  }),
  'tool-approval-response': z.looseObject({
    approvalId: z.string().check(z.minLength(1)),
    approved: z.boolean(),
    reason: z.optional(z.string()),
  }),
  'tool-output-available': z.looseObject({
    toolCallId: callId,
    output: z.unknown(),
    preliminary: z.optional(z.boolean()),
    providerExecuted: z.optional(z.boolean()),
    toolMetadata: z.optional(jsonObject),
  }),
  'tool-output-error': z.looseObject({
    toolCallId: callId,
    errorText: z.string(),
    providerExecuted: z.optional(z.boolean()),
    toolMetadata: z.optional(jsonObject),
  }),
  'tool-output-denied': z.looseObject({ toolCallId: callId }),
  'reasoning-start': z.looseObject({ id: callId, providerMetadata: z.optional(jsonObject) }),
  'reasoning-delta': z.looseObject({
    id: callId,
    delta: z.string(),
    providerMetadata: z.optional(jsonObject),
  }),
  'reasoning-end': z.looseObject({ id: callId, providerMetadata: z.optional(jsonObject) }),
} as const;
