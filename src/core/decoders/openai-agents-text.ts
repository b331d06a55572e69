/**
 * The OpenAI Agents SDK's fixed texts the decoder recognizes, in a module of their own: the wires entry
 * declares its public copies from them without loading the decoder, a lazy chunk
 * (test/core/lazy-exports.test.ts).
 */

/** The SDK's `defaultToolErrorFunction` text: what the model reads when a tool threw. */
export const AGENTS_TOOL_ERROR_TEXT = 'An error occurred while running the tool. Please try again.';
/** The SDK's `TOOL_APPROVAL_REJECTION_MESSAGE`: what the model reads when a person rejected the call. */
export const AGENTS_REJECTION_TEXT = 'Tool execution was not approved.';
