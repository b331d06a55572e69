/**
 * The check of a native `StepEvent` frame: what `StepEventSchema` (src/core/events.ts) accepts, field for
 * field, without zod's runtime (see ./check.ts). test/core/check.test.ts holds the two to the same answers.
 */
import {
  array,
  boolean,
  byType,
  type Check,
  isId,
  isOptionalFlag,
  isOptionalText,
  isText,
  nonEmpty,
  number,
  object,
  oneOf,
  optional,
  string,
  unknown,
} from './check';
import type { StepEvent } from './events';
import type { ToolPresentation } from './step';

const str = optional(string);

/** `ToolPresentationSchema`: `{ label, icon?, detail? }`, unknown keys dropped. */
export const checkPresentation = object<ToolPresentation>({ label: string, icon: str, detail: str });

const presentation = optional(checkPresentation);
const at = optional(number);
const type = unknown; // byType has checked it

/** One check per event type, fields in the schema's order. */
const events: Readonly<Record<StepEvent['type'], Check>> = {
  'step-start': object({ type, id: nonEmpty, toolName: string, parentId: str, presentation, at }),
  'step-input-delta': object({ type, id: nonEmpty, delta: string, replace: optional(boolean), at }),
  'step-input': object({ type, id: nonEmpty, input: unknown, toolName: str, at }),
  'step-progress': object({ type, id: nonEmpty, content: unknown, details: unknown, presentation, toolName: str, at }),
  'step-approval': object({
    type,
    id: nonEmpty,
    approvalId: str,
    toolName: str,
    input: unknown,
    description: str,
    sideEffects: optional(array(string)),
    at,
  }),
  'step-decision': object({ type, id: nonEmpty, approved: boolean, reason: str, at }),
  'step-result': object({ type, id: nonEmpty, toolName: str, result: unknown, details: unknown, presentation, at }),
  'step-error': object({
    type,
    id: nonEmpty,
    toolName: str,
    message: string,
    code: str,
    result: unknown,
    details: unknown,
    presentation,
    at,
  }),
  'step-denied': object({ type, id: nonEmpty, toolName: str, reason: str, at }),
  'step-cancelled': object({ type, id: nonEmpty, reason: str, at }),
  'run-start': object({ type, runId: str, at }),
  'run-finish': object({ type, status: optional(oneOf('done', 'paused')), keepOpen: optional(array(string)), at }),
  'run-error': object({ type, message: string, code: str, at }),
  'run-abort': object({ type, reason: str, at }),
  diagnostic: object({ type, reason: string, protocol: str, at }),
};

/** Every `StepEvent` type, in the schema's order. */
export const STEP_EVENT_TYPES: readonly StepEvent['type'][] = Object.keys(events) as StepEvent['type'][];

/** Checks a native frame as `StepEventSchema.safeParse` does (unknown keys dropped). */
export const checkStepEvent = byType(events) as Check<StepEvent>;

const isTime = (v: unknown): boolean => v === undefined || (typeof v === 'number' && Number.isFinite(v));
/** Only these keys (the check drops any other, so a frame with one takes the full check for its copy). */
const only =
  (...keys: string[]) =>
  (e: Record<string, unknown>): boolean => {
    for (const key in e) if (!keys.includes(key)) return false;
    return true;
  };
const startKeys = only('type', 'id', 'toolName', 'parentId', 'presentation', 'at');
const deltaKeys = only('type', 'id', 'delta', 'replace', 'at');
const inputKeys = only('type', 'id', 'input', 'toolName', 'at');
const progressKeys = only('type', 'id', 'content', 'details', 'presentation', 'toolName', 'at');
const resultKeys = only('type', 'id', 'toolName', 'result', 'details', 'presentation', 'at');

/**
 * The events of a call, tested without the generic check: `true` only where `checkStepEvent` keeps the
 * frame as it is (no unknown key, no `presentation`, which the full check copies without its unknown
 * keys). These come once per argument fragment or progress update: the native decoder's hot path.
 * test/core/check.test.ts holds each to the full check.
 */
export const fastStepEventChecks: Readonly<Record<string, (e: Record<string, unknown>) => boolean>> = {
  'step-start': (e) =>
    isId(e.id) &&
    isText(e.toolName) &&
    isOptionalText(e.parentId) &&
    e.presentation === undefined &&
    isTime(e.at) &&
    startKeys(e),
  'step-input-delta': (e) => isId(e.id) && isText(e.delta) && isOptionalFlag(e.replace) && isTime(e.at) && deltaKeys(e),
  'step-input': (e) => isId(e.id) && isOptionalText(e.toolName) && isTime(e.at) && inputKeys(e),
  'step-progress': (e) =>
    isId(e.id) && e.presentation === undefined && isOptionalText(e.toolName) && isTime(e.at) && progressKeys(e),
  'step-result': (e) =>
    isId(e.id) && isOptionalText(e.toolName) && e.presentation === undefined && isTime(e.at) && resultKeys(e),
};
