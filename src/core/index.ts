/**
 * `tool-steps/core`: the framework-free half of the kit (no React below here). The step model, the
 * normalized events, the reducer, the store, the decoders and the stream reader.
 */

// approvals and words (issue 8)
export type {
  AiSdkApprovalResponse,
  AnviaInteractionResponse,
  ApprovalDecision,
  ApprovalHandlers,
  AwaitingApprovalStep,
  CogitatorResumeBody,
  CogitatorResumeOptions,
} from './approvals';
export {
  aiSdkApprovalResponse,
  aiSdkApprovals,
  anviaInteractionResponse,
  cogitatorResume,
  cogitatorResumeBody,
  cogitatorResumeMessage,
  isAwaitingApproval,
  pendingApprovals,
} from './approvals';
export type { CogitatorThreadOptions } from './cogitator-history';
export { eventsFromCogitatorThread, stepsFromCogitatorThread } from './cogitator-history';
export type { AgUiOptions, OpenAIAgentsOptions, ProtocolName, StepDecoder, ToolOutputsOptions } from './decoders';
export {
  AGENTS_REJECTION_TEXT,
  AGENTS_TOOL_ERROR_TEXT,
  decoderFor,
  decoders,
  detectProtocol,
  eventsFromToolOutputs,
  openaiAgents,
} from './decoders';
export type { StepEvent, StepEventOf, StepEventType } from './events';
export type {
  AnnouncedStep,
  CopyLabels,
  GroupLabels,
  RedactionLabels,
  ToolLabelInfo,
  ToolLabelWords,
  ToolStepsLabels,
  ToolStepsLabelsInput,
  ViewLabels,
} from './labels';
export { defaultLabels, formatDurationIn, formatElapsedIn, mergeLabels, plural, toolLabelIn } from './labels';
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
} from './mcp';
export {
  createMcpToolCalls,
  createMcpTracker,
  mcpIconSrc,
  mcpNeedsApproval,
  mcpResultEvents,
  mcpSideEffects,
  mcpToolLabel,
  mcpWords,
} from './mcp';
export type {
  HumanizedToolName,
  KnownToolPresentation,
  PresentableStep,
  ResolvedPresentation,
  Tense,
  ToolPresentationField,
  ToolPresentationOverride,
  ToolPresentationOverrides,
  VerbForms,
} from './presentation';
export { humanizeToolName, knownTools, presentStep, tenseOf, verbForms } from './presentation';
export type { Framing, ReadStreamOptions, StreamSource } from './read-stream';
export { eventsFromText, readStream, stepsFromText } from './read-stream';
export type { RedactConfig, Redacted, RedactFunction, RedactOption, Redactor } from './redact';
export { createRedactor, redactText, redactValue, redactWords } from './redact';
export type { ReduceStepsOptions } from './reduce';
export { reduceSteps } from './reduce';
export type { DualChannelResultOptions, MediaDetails, TerminalDetails } from './results';
export { eventsFromAnviaToolResult, eventsFromDualChannelResult } from './results';
export type {
  RunStatus,
  Step,
  StepApproval,
  StepError,
  StepProgress,
  StepStatus,
  StepsDiagnostics,
  StepsState,
  ToolPresentation,
} from './step';
export { emptyStepsState, isActiveStatus, isTerminalStatus, STEP_STATUSES } from './step';
export type { StepStore, StepStoreOptions } from './store';
export { createStepStore } from './store';
export type {
  ToolStream,
  ToolStreamError,
  ToolStreamOptions,
  ToolStreamRequestOptions,
  ToolStreamSnapshot,
} from './tool-stream';
export { createToolStream } from './tool-stream';
export type { ToolUIPartApprovalLike, ToolUIPartLike, UIMessageLike } from './ui-messages';
export {
  isToolUIPart,
  isUIMessageLike,
  stepFromToolUIPart,
  stepsFromUIMessages,
  subAgentStepId,
} from './ui-messages-api';
export type { VisibleTextOptions } from './visible-text';
export { visibleText, visibleTextWords } from './visible-text';
