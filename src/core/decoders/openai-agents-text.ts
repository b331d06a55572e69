/**
 * The OpenAI Agents SDK's fixed texts, apart from the decoder: the decoder is a lazy chunk (`loadDecoder`),
 * and esbuild pulls a split module back into the entry chunk when a constant of it is re-exported there.
 */

/** The SDK's `defaultToolErrorFunction` text: what the model reads when a tool threw. */
export const AGENTS_TOOL_ERROR_TEXT = 'An error occurred while running the tool. Please try again.';
/** The SDK's `TOOL_APPROVAL_REJECTION_MESSAGE`: what the model reads when a person rejected the call. */
export const AGENTS_REJECTION_TEXT = 'Tool execution was not approved.';
