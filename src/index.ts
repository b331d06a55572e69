/**
 * `tool-steps`: React components and hooks that show what an AI agent's tool calls are doing.
 * Re-exports the framework-free core (`tool-steps/core`) by name, plus the hooks, the components and
 * their parts, and the details renderer registry. Every export is named here, never
 * re-exported wholesale, and test/exports.test.ts pins the list.
 */

export type {
  ToolConfig,
  ToolRowParts,
  ToolRowProps,
  ToolStepContextValue,
  ToolStepsOptions,
  ToolsConfig,
} from './components/context';
export { ToolStepContext, useToolStep } from './components/context';
export type { ToolIconComponent, ToolIconMap, ToolIconName, ToolIconProps } from './components/icons';
export { FALLBACK_ICON, resolveToolIcon, toolIcons } from './components/icons';
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
export type { ToolStepProgressProps, ToolStepProgressState } from './components/step-progress';
export { ToolStepProgress } from './components/step-progress';
export type { ToolStepRootProps, ToolStepRootState } from './components/step-root';
export { ToolStepRoot } from './components/step-root';
export type { StatusIndicator, ToolStepStatusProps, ToolStepStatusState } from './components/step-status';
export { statusIndicators, ToolStepStatus } from './components/step-status';
export type { ToolStepDetailProps, ToolStepLabelProps, ToolStepTextState } from './components/step-text';
export { ToolStepDetail, ToolStepLabel } from './components/step-text';
export type { ToolStepProps } from './components/tool-step';
export { ToolStep } from './components/tool-step';
export type { ToolStepsProps, ToolStepsStateProps, ToolStepsStoreProps } from './components/tool-steps';
export { ToolSteps } from './components/tool-steps';
export type {
  AgUiOptions,
  CogitatorThreadOptions,
  DualChannelResultOptions,
  Framing,
  HumanizedToolName,
  KnownToolPresentation,
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
  MediaDetails,
  PresentableStep,
  ProtocolName,
  ReadStreamOptions,
  ReduceStepsOptions,
  ResolvedPresentation,
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
  Tense,
  TerminalDetails,
  ToolPresentation,
  ToolPresentationField,
  ToolPresentationOverride,
  ToolPresentationOverrides,
  ToolStream,
  ToolStreamError,
  ToolStreamOptions,
  ToolStreamRequestOptions,
  ToolStreamSnapshot,
  ToolUIPartApprovalLike,
  ToolUIPartLike,
  UIMessageLike,
  VerbForms,
} from './core';
export {
  createMcpToolCalls,
  createMcpTracker,
  createStepStore,
  createToolStream,
  decoderFor,
  decoders,
  detectProtocol,
  emptyStepsState,
  eventsFromAnviaToolResult,
  eventsFromCogitatorThread,
  eventsFromDualChannelResult,
  eventsFromText,
  humanizeToolName,
  isActiveStatus,
  isTerminalStatus,
  isToolUIPart,
  knownTools,
  mcpIconSrc,
  mcpNeedsApproval,
  mcpResultEvents,
  mcpSideEffects,
  mcpToolLabel,
  mcpWords,
  presentStep,
  readStream,
  reduceSteps,
  STEP_STATUSES,
  stepFromToolUIPart,
  stepsFromCogitatorThread,
  stepsFromText,
  stepsFromUIMessages,
  tenseOf,
  verbForms,
} from './core';
export type { RenderProp } from './internal/render';
export { useStep } from './react/use-step';
export { useSteps } from './react/use-steps';
export type { UseToolStreamOptions, UseToolStreamResult } from './react/use-tool-stream';
export { useToolStream } from './react/use-tool-stream';
export { useUIMessageSteps } from './react/use-ui-message-steps';
export type {
  CopyButtonProps,
  DetailsKind,
  DetailsRenderer,
  DetailsRendererProps,
  DetailsRenderers,
  DetailsView,
  JsonTreeProps,
  ModelViewSwitchProps,
  TextViewProps,
} from './renderers';
export {
  builtinRenderers,
  CopyButton,
  DETAILS_KINDS,
  detailsValue,
  detectDetailsKind,
  JsonTree,
  LazyCodeView,
  LazyDiffView,
  LazySourcesView,
  LazyTerminalView,
  MediaView,
  ModelViewSwitch,
  TableView,
  TextView,
} from './renderers';
