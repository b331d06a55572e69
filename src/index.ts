/**
 * `tool-steps`: React components and hooks that show what an AI agent's tool calls are doing.
 * Re-exports the framework-free core (`tool-steps/core`) by name, plus the hooks, the components and
 * their parts, and the details registry's types (the renderers: `tool-steps/renderers`). Every export is named here, never
 * re-exported wholesale, and test/exports.test.ts pins the list.
 */

export type { ToolStepsAnnouncerProps, ToolStepsAnnouncerState } from './components/announcer';
export { announcementOf, ToolStepsAnnouncer } from './components/announcer';
export type { ToolStepsApproveAllProps, ToolStepsApproveAllState } from './components/approve-all';
export { ToolStepsApproveAll } from './components/approve-all';
export type { ToolIconComponent, ToolIconMap, ToolIconName, ToolIconProps } from './components/icons';
export { FALLBACK_ICON, resolveToolIcon, toolIcons } from './components/icons';
export type { ToolStepsLabelsProviderProps } from './components/labels';
export { ToolStepsLabelsProvider } from './components/labels';
export type {
  ToolStepActionButtonProps,
  ToolStepActionState,
  ToolStepActionsProps,
} from './components/step-actions';
export { ToolStepActions, ToolStepCancel, ToolStepRetry } from './components/step-actions';
export type {
  ToolStepApprovalProps,
  ToolStepApprovalState,
  ToolStepDecisionButtonProps,
  ToolStepDecisionState,
} from './components/step-approval';
export { ToolStepApproval, ToolStepApprove, ToolStepDeny } from './components/step-approval';
export type {
  DetailsBlock,
  ToolStepDetailsContentProps,
  ToolStepDetailsProps,
  ToolStepDetailsState,
  ToolStepDetailsTriggerProps,
} from './components/step-details';
export { ToolStepDetails, ToolStepDetailsContent, ToolStepDetailsTrigger } from './components/step-details';
export type { ToolStepDurationProps, ToolStepDurationState } from './components/step-duration';
export { ToolStepDuration } from './components/step-duration';
export type { ToolStepErrorProps, ToolStepErrorState } from './components/step-error';
export { ToolStepError } from './components/step-error';
export type { ToolStepHeaderProps, ToolStepHeaderState } from './components/step-header';
export { ToolStepHeader } from './components/step-header';
export type { ToolStepIconProps, ToolStepIconState } from './components/step-icon';
export { ToolStepIcon } from './components/step-icon';
export type {
  DeterminateProgress,
  ToolStepProgressProps,
  ToolStepProgressState,
} from './components/step-progress';
export { determinateProgress, ToolStepProgress } from './components/step-progress';
export type { ToolStepRootProps, ToolStepRootState } from './components/step-root';
export { ToolStepRoot } from './components/step-root';
export type { StatusIndicator, ToolStepStatusProps, ToolStepStatusState } from './components/step-status';
export { statusIndicators, ToolStepStatus } from './components/step-status';
export type { ToolStepDetailProps, ToolStepLabelProps, ToolStepTextState } from './components/step-text';
export { ToolStepDetail, ToolStepLabel } from './components/step-text';
export type { ToolStepProps } from './components/tool-step';
export { ToolStep } from './components/tool-step';
export type {
  ToolStepsExpandedOptions,
  ToolStepsListOptions,
  ToolStepsListProps,
  ToolStepsListState,
  ToolStepsProps,
  ToolStepsRootProps,
  ToolStepsRootState,
  ToolStepsRootStateProps,
  ToolStepsRootStoreProps,
  ToolStepsRunStatusProps,
  ToolStepsRunStatusState,
  ToolStepsViewOptions,
} from './components/tool-steps';
export { ToolSteps, ToolStepsList, ToolStepsRoot, ToolStepsRunStatus } from './components/tool-steps';
export type { ToolStepsSummaryProps, ToolStepsSummaryState } from './components/turn-summary';
export { ToolStepsSummary } from './components/turn-summary';
export type {
  AiSdkApprovalResponse,
  AnviaInteractionResponse,
  ApprovalDecision,
  ApprovalHandlers,
  AwaitingApprovalStep,
  CogitatorResumeBody,
  CogitatorResumeOptions,
  DecoderOptions,
  Framing,
  ProtocolName,
  ReadStreamOptions,
  ReasonCode,
  ReduceStepsOptions,
  RunError,
  RunStatus,
  Step,
  StepApproval,
  StepDecoder,
  StepError,
  StepEvent,
  StepEventOf,
  StepEventType,
  StepProgress,
  StepStatus,
  StepStore,
  StepStoreOptions,
  StepsDiagnostics,
  StepsState,
  StreamSource,
  ToolPresentation,
  ToolStream,
  ToolStreamOptions,
  ToolStreamRequestOptions,
  ToolStreamSnapshot,
} from './core';
export {
  aiSdkApprovalResponse,
  aiSdkApprovals,
  anviaInteractionResponse,
  cogitatorResume,
  cogitatorResumeBody,
  cogitatorResumeMessage,
  createStepStore,
  createToolStream,
  emptyStepsState,
  isActiveStatus,
  isAwaitingApproval,
  isTerminalStatus,
  pendingApprovals,
  readStream,
  reduceSteps,
  STEP_STATUSES,
} from './core';
export type {
  ToolConfig,
  ToolRowParts,
  ToolRowProps,
  ToolStepContextValue,
  ToolStepsOptions,
  ToolsConfig,
} from './internal/context';
export { ToolStepContext, ToolStepsLabelsContext, useToolStep, useToolStepsLabels } from './internal/context';
// time, grouping and the turn summary: their words, for the list's words object
export { stepDurationMs } from './internal/duration';
export type { StepFamilyOf } from './internal/grouping';
export { defaultStepFamily } from './internal/grouping';
export type { RenderProp } from './internal/render';
export type {
  AnnouncedStep,
  ApprovalAction,
  ApprovalPreview,
  CopyLabels,
  GroupLabels,
  HumanizedToolName,
  KnownToolPresentation,
  OutcomeLabels,
  PresentableStep,
  RedactConfig,
  Redacted,
  RedactFunction,
  RedactionLabels,
  RedactOption,
  Redactor,
  ResolvedPresentation,
  StepOutcome,
  Tense,
  ToolLabelInfo,
  ToolLabelWords,
  ToolPresentationField,
  ToolPresentationOverride,
  ToolPresentationOverrides,
  ToolStepsLabels,
  ToolStepsLabelsInput,
  VerbForms,
  ViewLabels,
  VisibleTextOptions,
} from './presentation';
export {
  approvalPreview,
  createRedactor,
  defaultLabels,
  formatDurationIn,
  formatElapsedIn,
  humanizeToolName,
  inputDigest,
  isStoppedRun,
  knownTools,
  mergeLabels,
  outcomeOf,
  plural,
  presentStep,
  redactMask,
  redactText,
  redactValue,
  tenseOf,
  toolLabelIn,
  verbForms,
  visibleText,
  visibleTextWords,
} from './presentation';
export { useStep } from './react/use-step';
export { useSteps } from './react/use-steps';
export type { UseToolStreamOptions, UseToolStreamResult } from './react/use-tool-stream';
export { useToolStream } from './react/use-tool-stream';
export { useUIMessageSteps } from './react/use-ui-message-steps';
// the details registry's types (`renderers` on `ToolSteps`); the renderers themselves: `tool-steps/renderers`
export type {
  DetailsKind,
  DetailsRenderer,
  DetailsRendererProps,
  DetailsRenderers,
  DetailsView,
} from './renderers/types';
export type {
  AgUiOptions,
  CogitatorThreadOptions,
  DualChannelResultOptions,
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
  MediaDetails,
  OpenAIAgentsOptions,
  TerminalDetails,
  ToolOutputsOptions,
  ToolUIPartApprovalLike,
  ToolUIPartLike,
  UIMessageLike,
} from './wires';
export {
  AGENTS_REJECTION_TEXT,
  AGENTS_TOOL_ERROR_TEXT,
  createMcpToolCalls,
  createMcpTracker,
  decoderFor,
  decoders,
  detectProtocol,
  englishMcpWords,
  eventsFromAnviaToolResult,
  eventsFromCogitatorThread,
  eventsFromDualChannelResult,
  eventsFromText,
  eventsFromToolOutputs,
  isToolUIPart,
  isUIMessageLike,
  mcpIconSrc,
  mcpNeedsApproval,
  mcpResultEvents,
  mcpSideEffects,
  mcpToolLabel,
  openaiAgents,
  stepFromToolUIPart,
  stepsFromCogitatorThread,
  stepsFromText,
  stepsFromUIMessages,
  subAgentStepId,
} from './wires';
