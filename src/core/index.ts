/**
 * `tool-steps/core`: the framework-free heart of the kit (no React below here), small enough for any
 * page: the step model, the normalized events, the reducer, the store, approvals, and the stream client
 * (`createToolStream`, `readStream`; the reader's body and the protocol decoders load on the first read).
 * Decoding whole captures, one-shot results, UI messages and MCP are in `tool-steps/wires`; labels,
 * derived presentation, redaction and visible text in `tool-steps/presentation`. `tool-steps`
 * re-exports all three.
 */

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
export type { AgUiOptions } from './decoders/ag-ui';
export type { OpenAIAgentsOptions } from './decoders/openai-agents';
export type { DecoderOptions, DecoderOptionsOf } from './decoders/registry';
export type { ProtocolName, StepDecoder } from './decoders/types';
export type { StepEvent, StepEventOf, StepEventType } from './events';
export type { ReduceStepsOptions } from './reduce';
export { reduceSteps } from './reduce';
export { segmentOf } from './segments';
export type {
  ReasonCode,
  ReasoningSegment,
  ReasoningSegments,
  ReasoningStatus,
  ReasoningVisibility,
  RunError,
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
export {
  emptyStepsState,
  isActiveStatus,
  isTerminalStatus,
  REASONING_VISIBILITIES,
  STEP_STATUSES,
} from './step';
export { stepCount, stepOf } from './step-table';
export type { StepStore, StepStoreOptions } from './store';
export { createStepStore } from './store';
export type { Framing, ReadStreamOptions, StreamSource } from './stream';
export { readStream } from './stream';
export type {
  ToolStream,
  ToolStreamOptions,
  ToolStreamRequestOptions,
  ToolStreamSnapshot,
} from './tool-stream';
export { createToolStream } from './tool-stream';
export type { TurnItem } from './turn-items';
export { turnItems } from './turn-items';
