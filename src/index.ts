/**
 * `tool-steps`: React components and hooks that show what an AI agent's tool calls are doing.
 * Re-exports the framework-free core (`tool-steps/core`) by name, plus the hooks, the components and
 * their parts, and the details renderer registry. Every export is named here, never
 * re-exported wholesale, and test/exports.test.ts pins the list.
 */

export type { ToolStepsOptions } from './components/context';
export type { ToolIconComponent, ToolIconMap, ToolIconName, ToolIconProps } from './components/icons';
export { FALLBACK_ICON, resolveToolIcon, toolIcons } from './components/icons';
export type { ToolStepApprovalProps } from './components/step-approval';
export { ToolStepApproval } from './components/step-approval';
export type { ToolStepDetailsProps } from './components/step-details';
export { ToolStepDetails } from './components/step-details';
export type { ToolStepDurationProps } from './components/step-duration';
export { ToolStepDuration } from './components/step-duration';
export type { ToolStepErrorProps } from './components/step-error';
export { ToolStepError } from './components/step-error';
export type { ToolStepIconProps } from './components/step-icon';
export { ToolStepIcon } from './components/step-icon';
export type { ToolStepProgressProps } from './components/step-progress';
export { ToolStepProgress } from './components/step-progress';
export type { ToolStepRootProps } from './components/step-root';
export { ToolStepRoot } from './components/step-root';
export type { StatusIndicator, ToolStepStatusProps } from './components/step-status';
export { statusIndicators, ToolStepStatus } from './components/step-status';
export type { ToolStepDetailProps, ToolStepLabelProps } from './components/step-text';
export { ToolStepDetail, ToolStepLabel } from './components/step-text';
export type { ToolStepProps } from './components/tool-step';
export { ToolStep } from './components/tool-step';
export type { ToolStepsProps, ToolStepsStateProps, ToolStepsStoreProps } from './components/tool-steps';
export { ToolSteps } from './components/tool-steps';
export type {
  CogitatorThreadOptions,
  DualChannelResultOptions,
  Framing,
  KnownToolPresentation,
  MediaDetails,
  PresentationOverrides,
  ProtocolName,
  ReadStreamOptions,
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
  TerminalDetails,
  ToolPresentation,
  ToolUIPartApprovalLike,
  ToolUIPartLike,
  UIMessageLike,
} from './core';
export {
  AiSdkChunkSchemas,
  ANVIA_CLIENT_PROTOCOL,
  CogitatorEventSchemas,
  candidateProtocols,
  cogitatorWebSocket,
  createStepStore,
  DiagnosticEventSchema,
  decoderFor,
  decoders,
  detectProtocol,
  emptyStepsState,
  eventsFromText,
  isActiveStatus,
  isTerminalStatus,
  isToolUIPart,
  knownTools,
  presentStep,
  RunAbortEventSchema,
  RunErrorEventSchema,
  RunFinishEventSchema,
  RunStartEventSchema,
  readStream,
  reduceSteps,
  reduceStepsBatch,
  STEP_STATUSES,
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
  statusOfToolPart,
  stepFromAnviaToolResult,
  stepFromDualChannelResult,
  stepFromToolUIPart,
  stepsFromCogitatorThread,
  stepsFromEvents,
  stepsFromText,
  stepsFromUIMessages,
  ToolPresentationSchema,
  toolNameOfPart,
  unrecognizedStreamEvent,
} from './core';
export { useStep } from './react/use-step';
export { useSteps } from './react/use-steps';
export type {
  ToolStreamError,
  ToolStreamStatus,
  UseToolStreamOptions,
  UseToolStreamResult,
} from './react/use-tool-stream';
export { useToolStream } from './react/use-tool-stream';
export { useUIMessageSteps } from './react/use-ui-message-steps';
export type {
  CopyButtonProps,
  DetailsContentProps,
  DetailsKind,
  DetailsRenderer,
  DetailsRendererProps,
  DetailsRenderers,
  DetailsSwitchProps,
  DetailsView,
  DiffInput,
  JsonTreeProps,
  MediaItem,
  ModelReadInfo,
  ModelViewSwitchProps,
  RendererBoundaryProps,
  TableInput,
  TerminalInput,
  TerminalStream,
  TextViewProps,
  TokenCounts,
} from './renderers';
export {
  builtinRenderers,
  CopyButton,
  copyText,
  DETAILS_KINDS,
  DetailsContent,
  DetailsSwitch,
  detailsValue,
  detectDetailsKind,
  formatTokenSavings,
  hasBothViews,
  JsonTree,
  LazyDiffView,
  LazyTerminalView,
  MediaView,
  ModelViewSwitch,
  modelReadInfo,
  RendererBoundary,
  resolveDetailsRenderer,
  safeMediaUrl,
  TableView,
  TextView,
  toDiffInput,
  toMediaItems,
  toTableInput,
  toTerminalInput,
} from './renderers';
