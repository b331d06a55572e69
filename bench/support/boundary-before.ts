// The boundary of native frames as it was written by hand before the event field table
// (src/core/events.ts): the check and fast tests of src/core/event-check.ts and the reducer's
// `isWellFormedStepEvent`, kept only as the bench's baseline for the checks derived from the table.
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
} from '../../src/core/check';
import type { StepEvent } from '../../src/core/events';
import type { ToolPresentation } from '../../src/core/step';

const str = optional(string);

/** `ToolPresentationSchema`: `{ label, icon?, detail? }`, unknown keys dropped. */
const checkPresentation = object<ToolPresentation>({ label: string, icon: str, detail: str });

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

/** Checks a native frame as `StepEventSchema.safeParse` does (unknown keys dropped). */
export const checkStepEventBefore = byType(events) as Check<StepEvent>;

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
export const fastStepEventChecksBefore: Readonly<Record<string, (e: Record<string, unknown>) => boolean>> = {
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

import { repairPresentation } from '../../src/core/repair';

type Json = Record<string, unknown>;

/** A list of texts, as `Fix.texts` keeps it unchanged. */
function isTexts(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (typeof item !== 'string') return false;
  return true;
}

/**
 * Whether `repairStepEvent` would return the event itself with no problem: every field it types is
 * already of its type. One pass over the event's own keys, no allocation, so the well-formed events a
 * decoder makes (all of them) cost a few comparisons each. A key this does not know is not looked at,
 * as `repairStepEvent` does not look at it; a key it is unsure of sends the event to the full repair.
 */
export function isWellFormedStepEventBefore(event: StepEvent): boolean {
  const source = event as unknown as Json;
  for (const key in source) {
    const value = source[key];
    if (value === undefined) continue;
    switch (key) {
      case 'toolName':
      case 'parentId':
      case 'approvalId':
      case 'description':
      case 'code':
      case 'reason':
      case 'runId':
      case 'protocol':
        if (typeof value !== 'string') return false;
        break;
      case 'presentation':
        if (repairPresentation(value) !== value) return false;
        break;
      case 'sideEffects':
      case 'keepOpen':
        if (!isTexts(value)) return false;
        break;
      case 'at':
        if (typeof value !== 'number' || !Number.isFinite(value)) return false;
        break;
      case 'replace':
        if (typeof value !== 'boolean') return false;
        break;
    }
  }
  // The fields one type requires (read as the full repair reads them: own fields only).
  switch (source.type) {
    case 'step-start':
      return Object.hasOwn(source, 'toolName') && typeof source.toolName === 'string';
    case 'diagnostic':
      return Object.hasOwn(source, 'reason') && typeof source.reason === 'string';
    case 'step-error':
    case 'run-error':
      return Object.hasOwn(source, 'message') && typeof source.message === 'string';
    case 'run-finish': {
      const status = Object.hasOwn(source, 'status') ? source.status : undefined;
      return status === undefined || status === 'done' || status === 'paused';
    }
    case 'step-input-delta':
      return typeof source.delta === 'string';
    case 'step-decision':
      return typeof source.approved === 'boolean';
    default:
      return true;
  }
}
