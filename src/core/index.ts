/**
 * `tool-steps/core`: the framework-free half of the kit (no React below here). The step model, the
 * normalized events and their schemas, the reducer, the store, the decoders and the stream reader.
 */
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
} from './events';
export type { StepEvent, StepEventOf, StepEventType } from './events';
export { reduceSteps, reduceStepsBatch, stepsFromEvents } from './reduce';
export { createStepStore } from './store';
export type { StepStore, StepStoreOptions } from './store';
export { emptyStepsState, isActiveStatus, isTerminalStatus, STEP_STATUSES } from './step';
export type {
  RunStatus,
  Step,
  StepApproval,
  StepError,
  StepProgress,
  StepsDiagnostics,
  StepsState,
  StepStatus,
  ToolPresentation,
} from './step';
export { knownTools, presentStep } from './presentation';
export type { KnownToolPresentation, PresentationOverrides, ResolvedPresentation } from './presentation';
export {
  AiSdkChunkSchemas,
  ANVIA_CLIENT_PROTOCOL,
  CogitatorEventSchemas,
  candidateProtocols,
  decoderFor,
  decoders,
  detectProtocol,
  unrecognizedStreamEvent,
} from './decoders';
export type { ProtocolName, StepDecoder } from './decoders';
export { eventsFromText, readStream, stepsFromText } from './read-stream';
export type { Framing, ReadStreamOptions, StreamSource } from './read-stream';
export { isToolUIPart, statusOfToolPart, stepFromToolUIPart, stepsFromUIMessages, toolNameOfPart } from './ui-messages';
export type { ToolUIPartApprovalLike, ToolUIPartLike, UIMessageLike } from './ui-messages';
export { stepFromAnviaToolResult, stepFromDualChannelResult } from './results';
export type { DualChannelResultOptions, MediaDetails, TerminalDetails } from './results';
export { cogitatorWebSocket, stepsFromCogitatorThread } from './cogitator-history';
export type { CogitatorThreadOptions } from './cogitator-history';
