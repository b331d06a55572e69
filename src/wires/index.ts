/**
 * `tool-steps/wires`: everything that reads a particular wire, framework-free. The protocol decoders and
 * their detection, whole captures decoded at once (`eventsFromText`, `stepsFromText`: every decoder
 * at hand, so this entry is the large one), one-shot tool results (VT Code, Anvia, OpenAI outputs),
 * Cogitator threads, the AI SDK's `UIMessage` parts, and MCP tool calls. The stream client that loads
 * decoders as streams name them is in `tool-steps/core`.
 */

export type { CogitatorThreadOptions } from '../core/cogitator-history';
export { eventsFromCogitatorThread, stepsFromCogitatorThread } from '../core/cogitator-history';
export type { AgUiOptions, OpenAIAgentsOptions, ProtocolName, StepDecoder, ToolOutputsOptions } from '../core/decoders';
export {
  AGENTS_REJECTION_TEXT,
  AGENTS_TOOL_ERROR_TEXT,
  decoderFor,
  decoders,
  detectProtocol,
  eventsFromToolOutputs,
  openaiAgents,
} from '../core/decoders';
export type {
  McpCallOptions,
  McpCallOutcome,
  McpCallToolResult,
  McpClientLike,
  McpElicitation,
  McpElicitResult,
  McpEmit,
  McpIcon,
  McpProgress,
  McpTool,
  McpToolCalls,
  McpTracker,
  McpTrackerOptions,
  McpWords,
} from '../core/mcp';
export {
  createMcpToolCalls,
  createMcpTracker,
  englishMcpWords,
  mcpIconSrc,
  mcpNeedsApproval,
  mcpResultEvents,
  mcpSideEffects,
  mcpToolLabel,
} from '../core/mcp';
export { eventsFromText, stepsFromText } from '../core/read-text';
export type { DualChannelResultOptions, MediaDetails, TerminalDetails } from '../core/results';
export { eventsFromAnviaToolResult, eventsFromDualChannelResult } from '../core/results';
export type { ToolUIPartApprovalLike, ToolUIPartLike, UIMessageLike } from '../core/ui-messages';
export {
  isToolUIPart,
  isUIMessageLike,
  stepFromToolUIPart,
  stepsFromUIMessages,
  subAgentStepId,
} from '../core/ui-messages-api';
