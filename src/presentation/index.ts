/**
 * `tool-steps/presentation`: how a step is put in words, framework-free. The derived presentation of any
 * tool (`presentStep`, `humanizeToolName`, the known tools), the English words and their merging
 * (`defaultLabels`, `mergeLabels`), redaction of secrets, the visible text of a step (what copy and
 * find-in-page see), a step's and a reasoning segment's duration, the families steps are grouped by,
 * and how far a progress update is.
 */

export { approvalWaitMs, segmentDurationMs, stepDurationMs } from '../core/duration';
export type { StepFamilyOf } from '../core/grouping';
export { defaultStepFamily } from '../core/grouping';
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
} from '../core/labels';
export { defaultLabels, formatDurationIn, formatElapsedIn, mergeLabels, plural, toolLabelIn } from '../core/labels';
export type { StepOutcome } from '../core/outcome';
export { isStoppedRun, outcomeOf } from '../core/outcome';
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
} from '../core/presentation';
export {
  approvalPreview,
  humanizeToolName,
  inputDigest,
  knownTools,
  presentStep,
  tenseOf,
  verbForms,
} from '../core/presentation';
export type { DeterminateProgress } from '../core/progress';
export { determinateProgress } from '../core/progress';
export type { RedactConfig, Redacted, RedactFunction, RedactOption, Redactor } from '../core/redact';
export { createRedactor, redactMask, redactText, redactValue } from '../core/redact';
export type { VisibleTextOptions } from '../core/visible-text';
export { visibleText, visibleTextWords } from '../core/visible-text';
