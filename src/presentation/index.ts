/**
 * `tool-steps/presentation`: how a step is put in words, framework-free. The derived presentation of any
 * tool (`presentStep`, `humanizeToolName`, the known tools), the English words and their merging
 * (`defaultLabels`, `mergeLabels`), redaction of secrets, the visible text of a step (what copy and
 * find-in-page see), a step's and a reasoning segment's duration, the families steps are grouped by,
 * and how far a progress update is.
 */

export type {
  ApprovalAction,
  ApprovalPreview,
  HumanizedToolName,
  KnownToolPresentation,
  PresentableStep,
  ResolvedPresentation,
  Tense,
  ToolPresentationField,
  ToolPresentationOverride,
  ToolPresentationOverrides,
  VerbForms,
} from './derived';
export {
  approvalPreview,
  humanizeToolName,
  inputDigest,
  knownTools,
  presentStep,
  tenseOf,
  verbForms,
} from './derived';
export { approvalWaitMs, segmentDurationMs, stepDurationMs } from './duration';
export type { StepFamilyOf } from './grouping';
export { defaultStepFamily } from './grouping';
export type {
  AnnouncedStep,
  CopyLabels,
  GroupLabels,
  OutcomeLabels,
  ReasoningLabels,
  RedactionLabels,
  ToolLabelInfo,
  ToolLabelWords,
  ToolStepsLabels,
  ToolStepsLabelsInput,
  ViewLabels,
} from './labels';
export { defaultLabels, formatDurationIn, formatElapsedIn, mergeLabels, plural, toolLabelIn } from './labels';
export type { StepOutcome } from './outcome';
export { isStoppedRun, outcomeOf } from './outcome';
export type { DeterminateProgress } from './progress';
export { determinateProgress } from './progress';
export type { RedactConfig, Redacted, RedactFunction, RedactOption, Redactor } from './redact';
export { createRedactor, redactMask, redactText, redactValue } from './redact';
export type { VisibleTextOptions } from './visible-text';
export { visibleText, visibleTextWords } from './visible-text';
