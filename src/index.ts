/**
 * `tool-steps`: React components and hooks that show what an AI agent's tool calls are doing.
 * The parts and their defaults, the hooks, the store and the stream client, the step model's types and
 * the props of what is here. Everything else has its own entry: reading a particular wire
 * (`tool-steps/wires`), putting a step in words (`tool-steps/presentation`), the details renderers
 * (`tool-steps/renderers`), the framework-free heart (`tool-steps/core`). Every export is named here,
 * never re-exported wholesale; etc/tool-steps.api.md pins the list (`npm run api`).
 */

export type {
  DecoderOptions,
  RunError,
  RunStatus,
  Step,
  StepApproval,
  StepError,
  StepEvent,
  StepProgress,
  StepStatus,
  StepStore,
  StepStoreOptions,
  StepsDiagnostics,
  StepsState,
  ToolPresentation,
  ToolStream,
  ToolStreamOptions,
  ToolStreamRequestOptions,
  ToolStreamSnapshot,
} from 'tool-steps/core';
export { createStepStore, createToolStream } from 'tool-steps/core';
export { ToolStepsAnnouncer } from './components/announcer';
export { ToolStepsApproveAll } from './components/approve-all';
export { ToolStepsLabelsProvider } from './components/labels';
export { ToolStepActions, ToolStepCancel, ToolStepRetry } from './components/step-actions';
export { ToolStepApproval, ToolStepApprove, ToolStepDeny } from './components/step-approval';
export { ToolStepDetails, ToolStepDetailsContent, ToolStepDetailsTrigger } from './components/step-details';
export { ToolStepDuration } from './components/step-duration';
export { ToolStepError } from './components/step-error';
export { ToolStepHeader } from './components/step-header';
export { ToolStepIcon } from './components/step-icon';
export { ToolStepProgress } from './components/step-progress';
export { ToolStepRoot } from './components/step-root';
export { ToolStepStatus } from './components/step-status';
export { ToolStepDetail, ToolStepLabel } from './components/step-text';
export { ToolStep } from './components/tool-step';
export { ToolSteps, ToolStepsList, ToolStepsRoot, ToolStepsRunStatus } from './components/tool-steps';
export { ToolStepsSummary } from './components/turn-summary';
export type {
  ToolConfig,
  ToolIconMap,
  ToolRowProps,
  ToolStepsOptions,
  ToolsConfig,
} from './internal/context';
export { useToolStep, useToolStepsLabels } from './internal/context';
export type { RenderProp } from './internal/render';
export { useStep } from './react/use-step';
export { useSteps } from './react/use-steps';
export { useToolStream } from './react/use-tool-stream';
export { useTurnItems } from './react/use-turn-items';
export { useUIMessageSteps } from './react/use-ui-message-steps';
