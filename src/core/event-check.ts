/**
 * The check of a native `StepEvent` frame, derived from the field table (`STEP_EVENT_FIELDS`,
 * ./events.ts): a full check that answers as `StepEventSchema.safeParse` does (unknown keys dropped,
 * same first issue path), and a fast test per type for the frames that pass as they are.
 * test/core/check.test.ts holds both to the zod schema of `tool-steps/schema`.
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
import {
  type EventField,
  fieldKind,
  FIELD_KIND as KIND,
  STEP_EVENT_FIELDS,
  type StepEvent,
  type StepEventType,
} from './events';
import type { ToolPresentation } from './step';

const str = optional(string);

/** `ToolPresentationSchema`: `{ label, icon?, detail? }`, unknown keys dropped. */
export const checkPresentation = object<ToolPresentation>({ label: string, icon: str, detail: str });

type Kind = Exclude<EventField, object>;

const CHECKS: Readonly<Record<Kind, Check>> = {
  id: nonEmpty,
  name: string,
  text: string,
  flag: boolean,
  'text?': str,
  'flag?': optional(boolean),
  'time?': optional(number),
  'texts?': optional(array(string)),
  'presentation?': optional(checkPresentation),
  'unknown?': unknown,
};

const isTime = (v: unknown): boolean => v === undefined || (typeof v === 'number' && Number.isFinite(v));
function isTexts(v: unknown): boolean {
  if (v === undefined) return true;
  if (!Array.isArray(v)) return false;
  for (const item of v) if (typeof item !== 'string') return false;
  return true;
}

/**
 * Whether a field of this kind passes its check as it is. A `presentation` goes to the full check,
 * which copies it without its unknown keys.
 */
function fieldPasses(kind: number, field: EventField, v: unknown): boolean {
  switch (kind) {
    case KIND.id:
      return isId(v);
    case KIND.name:
    case KIND.text:
    case KIND.fallback:
      return isText(v);
    case KIND.flag:
      return typeof v === 'boolean';
    case KIND['text?']:
      return isOptionalText(v);
    case KIND['flag?']:
      return isOptionalFlag(v);
    case KIND['time?']:
      return isTime(v);
    case KIND['texts?']:
      return isTexts(v);
    case KIND['presentation?']:
      return v === undefined;
    case KIND.oneOf:
      return v === undefined || (field as { oneOf: readonly string[] }).oneOf.includes(v as string);
    default:
      return true;
  }
}

const checkOf = (field: EventField): Check =>
  typeof field === 'string' ? CHECKS[field] : 'text' in field ? string : optional(oneOf(...field.oneOf));

const TABLE: Readonly<Record<StepEventType, Readonly<Record<string, EventField>>>> = STEP_EVENT_FIELDS;

/** Every `StepEvent` type, in the schema's order. */
export const STEP_EVENT_TYPES: readonly StepEventType[] = Object.keys(TABLE) as StepEventType[];

const type = unknown; // byType has checked it
const fullChecks: Record<string, Check> = {};
const fastChecks: Record<string, (e: Record<string, unknown>) => boolean> = {};
for (const eventType of STEP_EVENT_TYPES) {
  const fields = TABLE[eventType];
  const keys = Object.keys(fields);
  const shape: Record<string, Check> = { type };
  for (const key of keys) shape[key] = checkOf(fields[key] as EventField);
  fullChecks[eventType] = object(shape);
  const list = Object.values(fields);
  const kinds = list.map((f) => fieldKind(f));
  const known = new Set(['type', ...keys]);
  const tested = kinds.flatMap((kind, i) => (kind === KIND['unknown?'] ? [] : [i]));
  fastChecks[eventType] = (e) => {
    for (let j = 0; j < tested.length; j++) {
      const i = tested[j] as number;
      if (!fieldPasses(kinds[i] as number, list[i] as EventField, e[keys[i] as string])) return false;
    }
    // the full check drops any other key, so a frame with one takes it for its copy
    for (const key in e) if (!known.has(key)) return false;
    return true;
  };
}

/** Checks a native frame as `StepEventSchema.safeParse` does (unknown keys dropped). */
export const checkStepEvent = byType(fullChecks) as Check<StepEvent>;

/**
 * Each event type tested without the generic check: `true` only where `checkStepEvent` keeps the frame
 * as it is (no unknown key, no `presentation`). The native decoder's hot path: argument fragments and
 * progress updates come once each.
 */
export const fastStepEventChecks: Readonly<Record<string, (e: Record<string, unknown>) => boolean>> = fastChecks;
