/**
 * `tool-steps/wires`: everything that reads a particular wire, framework-free. The protocol decoders and
 * their detection, whole captures decoded at once (`eventsFromText`, `stepsFromText`: every decoder
 * at hand, so this entry is the large one), one-shot tool results (VT Code, Anvia, OpenAI outputs),
 * Cogitator threads, the AI SDK's `UIMessage` parts, and MCP tool calls. The stream client that loads
 * decoders as streams name them is in `tool-steps/core`.
 */
import type { ProtocolName, Step, StepsState } from 'tool-steps/core';
import { detectProtocol as detect } from '../core/decoders/detect';
import {
  AGENTS_REJECTION_TEXT as REJECTION_TEXT,
  AGENTS_TOOL_ERROR_TEXT as TOOL_ERROR_TEXT,
} from '../core/decoders/openai-agents-text';
import {
  isUIMessageLike as isMessageLike,
  isToolUIPart as isToolPart,
  stepFromToolUIPart as stepFromToolPart,
  stepsFromUIMessages as stepsFromMessages,
  subAgentStepId as subAgentId,
  type ToolUIPartLike,
  type UIMessageLike,
} from '../core/ui-messages';

export type { AgUiOptions, OpenAIAgentsOptions, ProtocolName, StepDecoder } from 'tool-steps/core';
export type { ToolOutputsOptions } from '../core/decoders';
export { decoderFor, decoders, eventsFromToolOutputs, openaiAgents } from '../core/decoders';
export type { DualChannelResultOptions, MediaDetails, TerminalDetails } from '../core/results';
export { eventsFromAnviaToolResult, eventsFromDualChannelResult } from '../core/results';
export type { ToolUIPartApprovalLike, ToolUIPartLike, UIMessageLike } from '../core/ui-messages';
export type { CogitatorThreadOptions } from './cogitator-history';
export { eventsFromCogitatorThread, stepsFromCogitatorThread } from './cogitator-history';
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
} from './mcp';
export {
  createMcpToolCalls,
  createMcpTracker,
  englishMcpWords,
  mcpIconSrc,
  mcpNeedsApproval,
  mcpResultEvents,
  mcpSideEffects,
  mcpToolLabel,
} from './mcp';
export { eventsFromText, stepsFromText } from './read-text';

// The names below are declared here rather than re-exported: lazily loaded decoders use the modules
// that define them, and an entry exports nothing from such a module (the rule and its check are in
// test/core/lazy-exports.test.ts).

/** The OpenAI Agents SDK's `defaultToolErrorFunction` text: what the model reads when a tool threw. */
export const AGENTS_TOOL_ERROR_TEXT = TOOL_ERROR_TEXT;
/** The OpenAI Agents SDK's `TOOL_APPROVAL_REJECTION_MESSAGE`: what the model reads when a person rejected the call. */
export const AGENTS_REJECTION_TEXT = REJECTION_TEXT;

/**
 * Names the wire format of a stream, from its response `Headers` (`x-tool-steps-protocol: <name>`,
 * `x-anvia-stream-protocol`, `x-vercel-ai-ui-message-stream: v1`) or from one frame (the text of an
 * SSE `data:` field or a JSONL line, or a parsed value). `undefined` when nothing says yet or the
 * frame is ambiguous: ask again with the next frame.
 */
export function detectProtocol(frameOrHeaders: unknown): ProtocolName | undefined {
  return detect(frameOrHeaders);
}

/** `true` for a `tool-<name>` or `dynamic-tool` part with a call id and a state. */
export function isToolUIPart(part: unknown): part is ToolUIPartLike {
  return isToolPart(part);
}

/**
 * The step a tool part stands for. `previous` (the step the same call made before) gives the progress
 * count: each new preliminary output counts one more update.
 */
export function stepFromToolUIPart(part: ToolUIPartLike, previous?: Step): Step | undefined {
  return stepFromToolPart(part, previous);
}

/**
 * `true` for a whole `UIMessage` (an object with a `role` and a `parts` array): the output of an AI SDK
 * sub-agent, a tool whose `execute` yields the `readUIMessageStream` snapshots of another agent
 * (https://ai-sdk.dev/docs/agents/subagents). Its tool parts are the sub-agent's calls.
 */
export function isUIMessageLike(value: unknown): value is UIMessageLike {
  return isMessageLike(value);
}

/** The step id of a sub-agent's call: its call id under the parent's (ids of two sub-agents may repeat). */
export function subAgentStepId(parentId: string, toolCallId: string): string {
  return subAgentId(parentId, toolCallId);
}

/**
 * Turns AI SDK `UIMessage`s into steps: one per tool part (`tool-<name>` and `dynamic-tool`), in the
 * order the calls first appear. Pass the previous result to keep identity: a step whose part did not
 * change (the same object, or the same fields) is the same object as before, and so are `ids` and
 * `byId` when nothing in them changed, so one streamed update re-renders one row. `run` stays `idle`:
 * `useChat`'s own `status` is the run's status.
 *
 * A sub-agent's calls (tool parts of a `UIMessage` output) follow their parent as child steps.
 * Parts with a state this kit does not know are skipped and counted in `diagnostics`.
 */
export function stepsFromUIMessages(messages: readonly UIMessageLike[], previous?: StepsState): StepsState {
  return stepsFromMessages(messages, previous);
}
