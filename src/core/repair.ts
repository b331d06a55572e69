/**
 * The boundary between data the kit did not make (hand-made events, stored states, persisted
 * messages) and a render: every field that is drawn as text gets its type here, or goes, with a
 * diagnostic. Wire decoders already check their frames; these run where a value arrives unchecked
 * (`reduceSteps`, a store's `initialState` / `reset`, the readers of stored data), so nothing in a
 * state can break a render (`String({ toString: null })` throws, a number is no icon name).
 */
import { type EventField, fieldKind, FIELD_KIND as KIND, STEP_EVENT_FIELDS, type StepEvent } from './events';
import {
  REASONING_VISIBILITIES,
  type ReasoningSegment,
  type ReasoningSegments,
  STEP_STATUSES,
  type Step,
  type StepsState,
  type ToolPresentation,
} from './step';
import { coercedText, isRecord, kindOf } from './values';

type Json = Record<string, unknown>;

/** A fixed-up copy of a record, made on the first problem; `problems` says what was changed. */
class Fix {
  copy: Json | undefined;
  readonly problems: string[] = [];

  constructor(
    readonly source: Json,
    private readonly where: string,
  ) {}

  get(key: string): unknown {
    return Object.hasOwn(this.source, key) ? this.source[key] : undefined;
  }

  set(key: string, value: unknown, why: string): void {
    this.copy ??= { ...this.source };
    if (value === undefined) delete this.copy[key];
    else this.copy[key] = value;
    this.problems.push(`${this.where}: "${key}" ${why}`);
  }

  /** An optional text field: dropped when it is not a string. */
  optionalText(key: string): void {
    const value = this.get(key);
    if (value !== undefined && typeof value !== 'string')
      this.set(key, undefined, `is ${kindOf(value)}, not text; dropped`);
  }

  /** A required text field: read as text, else `fallback`. */
  requiredText(key: string, fallback: string): void {
    const value = this.get(key);
    if (typeof value === 'string') return;
    this.set(key, coercedText(value) ?? fallback, `is ${kindOf(value)}, not text; read as text`);
  }

  /** A required name: `''` (not yet known) when it is not a string. */
  name(key: string): void {
    const value = this.get(key);
    if (typeof value !== 'string') this.set(key, '', `is ${kindOf(value)}, not text; read as ""`);
  }

  /** An optional time: dropped when it is not a finite number. */
  time(key: string): void {
    const value = this.get(key);
    if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value)))
      this.set(key, undefined, `is ${kindOf(value)}, not a time; dropped`);
  }

  /** A list of texts: a lone text becomes a list of one, other items are dropped. */
  texts(key: string): void {
    const value = this.get(key);
    if (value === undefined) return;
    if (typeof value === 'string') this.set(key, [value], 'is one text, not a list; read as a list of one');
    else if (!Array.isArray(value)) this.set(key, undefined, `is ${kindOf(value)}, not a list; dropped`);
    else if (!value.every((item) => typeof item === 'string'))
      this.set(
        key,
        value.filter((item) => typeof item === 'string'),
        'has items that are not text; they were dropped',
      );
  }

  presentation(key: string): void {
    const value = this.get(key);
    if (value === undefined) return;
    const repaired = repairPresentation(value);
    if (repaired !== value) this.set(key, repaired, 'is not a { label, icon?, detail? } of texts; repaired');
  }

  result<T>(): T {
    return (this.copy ?? this.source) as T;
  }
}

/** A presentation with text fields only; `undefined` without a text label. */
export function repairPresentation(value: unknown): ToolPresentation | undefined {
  if (!isRecord(value) || typeof value.label !== 'string') return undefined;
  const ok =
    (value.icon === undefined || typeof value.icon === 'string') &&
    (value.detail === undefined || typeof value.detail === 'string');
  if (ok) return value as unknown as ToolPresentation;
  const out: ToolPresentation = { label: value.label };
  if (typeof value.icon === 'string') out.icon = value.icon;
  if (typeof value.detail === 'string') out.detail = value.detail;
  return out;
}

const isTexts = (value: unknown): boolean => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isTime = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value);

/** One event type's fields as parallel lists: the key, its kind, and the texts of a `oneOf`. */
interface Fields {
  readonly keys: readonly string[];
  readonly kinds: readonly number[];
  readonly fields: readonly EventField[];
  /** The places of the fields there is something to test of (not an id, not any value). */
  readonly tested: readonly number[];
}
const FIELDS: Readonly<Record<string, Fields>> = {};
for (const [type, table] of Object.entries(STEP_EVENT_FIELDS as Record<string, Record<string, EventField>>)) {
  const fields = Object.values(table);
  const kinds = fields.map((f) => fieldKind(f));
  (FIELDS as Record<string, Fields>)[type] = {
    keys: Object.keys(table),
    fields,
    kinds,
    tested: kinds.flatMap((kind, i) => (kind === KIND.id || kind === KIND['unknown?'] ? [] : [i])),
  };
}

/** Whether a field of this kind is as `repairStepEvent` keeps it. */
function fieldIsWellFormed(kind: number, field: EventField, v: unknown): boolean {
  switch (kind) {
    case KIND.name:
    case KIND.text:
    case KIND.fallback:
      return typeof v === 'string';
    case KIND.flag:
      return typeof v === 'boolean';
    case KIND['text?']:
      return v === undefined || typeof v === 'string';
    case KIND['flag?']:
      return v === undefined || typeof v === 'boolean';
    case KIND['time?']:
      return v === undefined || isTime(v);
    case KIND['texts?']:
      return v === undefined || isTexts(v);
    case KIND['presentation?']:
      return v === undefined || repairPresentation(v) === v;
    case KIND.oneOf:
      return v === undefined || (field as { oneOf: readonly string[] }).oneOf.includes(v as string);
    default:
      return true; // an id (the reducer drops an event without one before it asks), or any value
  }
}

/**
 * Whether `repairStepEvent` would return the event itself with no problem: every field of its type
 * (`STEP_EVENT_FIELDS`) is already of its kind. No allocation, so the well-formed events a decoder makes
 * (all of them) cost a few comparisons each. A key the event's type does not have is not looked at, as
 * the reducer does not read it.
 */
export function isWellFormedStepEvent(event: StepEvent): boolean {
  const source = event as unknown as Json;
  const type = source.type as string;
  const table = Object.hasOwn(FIELDS, type) ? FIELDS[type] : undefined;
  if (!table) return true;
  const { tested, kinds, fields } = table;
  for (let j = 0; j < tested.length; j++) {
    const i = tested[j] as number;
    const key = table.keys[i] as string;
    const value = source[key];
    if (!fieldIsWellFormed(kinds[i] as number, fields[i] as EventField, value)) {
      // what the repair reads: own fields only
      if (value === undefined || Object.hasOwn(source, key)) return false;
      if (!fieldIsWellFormed(kinds[i] as number, fields[i] as EventField, undefined)) return false;
    }
  }
  return true;
}

/**
 * A hand-made event with the fields of its type (`STEP_EVENT_FIELDS`) typed: text fields that are not
 * text are dropped (or read as text where the event needs them: `message`, a start's `toolName`),
 * `sideEffects` and `keepOpen` become lists of texts, a `presentation` keeps its text fields. An event
 * that cannot mean anything (a delta that is not text, a decision that is not a boolean) is `undefined`.
 * Returns the event itself when nothing was wrong. Never throws.
 */
export function repairStepEvent(event: StepEvent): { event: StepEvent | undefined; problems: readonly string[] } {
  const source = event as unknown as Json;
  const type = source.type as string;
  const id = source.id;
  const where = typeof id === 'string' ? `"${type}" for step "${id}"` : `"${type}"`;
  const fix = new Fix(source, where);
  const table = Object.hasOwn(FIELDS, type) ? FIELDS[type] : undefined;
  if (!table) return { event, problems: [] };
  const { keys, kinds, fields } = table;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const field = fields[i] as EventField;
    const value = fix.get(key);
    if (fieldIsWellFormed(kinds[i] as number, field, value)) continue;
    if (typeof field === 'object') {
      if ('text' in field) fix.requiredText(key, field.text);
      else fix.set(key, undefined, `is not one of ${field.oneOf.map((v) => JSON.stringify(v)).join(', ')}; dropped`);
      continue;
    }
    switch (field) {
      case 'name':
        fix.name(key);
        break;
      case 'text':
        return { event: undefined, problems: [`${where}: "${key}" is ${kindOf(value)}, not text; dropped`] };
      case 'flag':
        return { event: undefined, problems: [`${where}: "${key}" is ${kindOf(value)}, not a boolean; dropped`] };
      case 'text?':
        fix.optionalText(key);
        break;
      case 'flag?':
        fix.set(key, undefined, 'is not a boolean; dropped');
        break;
      case 'time?':
        fix.time(key);
        break;
      case 'texts?':
        fix.texts(key);
        break;
      case 'presentation?':
        fix.presentation(key);
        break;
    }
  }
  return { event: fix.result<StepEvent>(), problems: fix.problems };
}

const STATUSES: ReadonlySet<string> = new Set(STEP_STATUSES);
const RUN_STATUSES: ReadonlySet<string> = new Set(['idle', 'streaming', 'paused', 'done', 'error', 'interrupted']);

/**
 * A step from stored data with every display field typed (see `repairStepEvent`); `undefined` when it
 * is not a step at all (not an object, no text id). Returns the step itself when nothing was wrong.
 */
export function repairStep(value: unknown, problems: string[] = []): Step | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || value.id === '') {
    problems.push('a stored step that is not an object with a text "id"; dropped');
    return undefined;
  }
  const fix = new Fix(value, `stored step "${value.id}"`);
  fix.name('toolName');
  fix.name('inputText');
  fix.optionalText('parentId');
  fix.presentation('presentation');
  fix.time('startedAt');
  fix.time('endedAt');
  const status = fix.get('status');
  if (typeof status !== 'string' || !STATUSES.has(status))
    fix.set(
      'status',
      'interrupted',
      `is ${JSON.stringify(coercedText(status) ?? kindOf(status))}, not a step status; read as "interrupted"`,
    );
  const error = fix.get('error');
  if (error !== undefined) {
    const inner = new Fix(isRecord(error) ? error : {}, `stored step "${value.id}" error`);
    inner.requiredText('message', isRecord(error) ? 'The tool failed.' : (coercedText(error) ?? 'The tool failed.'));
    inner.optionalText('code');
    if (inner.copy || !isRecord(error)) fix.set('error', inner.result(), 'has fields that are not text; repaired');
  }
  const approval = fix.get('approval');
  if (approval !== undefined) {
    if (!isRecord(approval)) fix.set('approval', undefined, `is ${kindOf(approval)}, not an object; dropped`);
    else {
      const inner = new Fix(approval, `stored step "${value.id}" approval`);
      inner.optionalText('id');
      inner.optionalText('description');
      inner.texts('sideEffects');
      inner.time('requestedAt');
      inner.time('answeredAt');
      const decision = inner.get('decision');
      if (decision !== undefined) {
        if (!isRecord(decision) || typeof decision.approved !== 'boolean')
          inner.set('decision', undefined, 'has no boolean "approved"; dropped');
        else if (decision.reason !== undefined && typeof decision.reason !== 'string') {
          const { reason: _reason, ...rest } = decision;
          inner.set('decision', rest, 'has a "reason" that is not text; dropped');
        }
      }
      if (inner.copy) fix.set('approval', inner.result(), 'has fields of the wrong type; repaired');
      problems.push(...inner.problems);
    }
  }
  const progress = fix.get('progress');
  if (progress !== undefined && (!isRecord(progress) || typeof progress.count !== 'number'))
    fix.set('progress', isRecord(progress) ? { ...progress, count: 1 } : undefined, 'has no count; repaired');
  problems.push(...fix.problems);
  return fix.result<Step>();
}

const VISIBILITIES: ReadonlySet<string> = new Set(REASONING_VISIBILITIES);
const SEGMENT_STATUSES: ReadonlySet<string> = new Set(['streaming', 'done', 'interrupted']);

/**
 * A reasoning segment from stored data with every field typed; `undefined` when it is not one (not an
 * object, no text id). `place` maps a stored `stepsBefore` to the repaired state's steps (some may have
 * been dropped). Returns the segment itself when nothing was wrong.
 */
function repairSegment(value: unknown, place: (stepsBefore: number) => number, problems: string[]) {
  if (!isRecord(value) || typeof value.id !== 'string' || value.id === '') {
    problems.push('a stored reasoning segment that is not an object with a text "id"; dropped');
    return undefined;
  }
  const fix = new Fix(value, `stored reasoning segment "${value.id}"`);
  fix.optionalText('parentId');
  fix.time('startedAt');
  fix.time('endedAt');
  const text = fix.get('text');
  if (typeof text !== 'string') fix.set('text', coercedText(text) ?? '', `is ${kindOf(text)}, not text; read as text`);
  const visibility = fix.get('visibility');
  if (typeof visibility !== 'string' || !VISIBILITIES.has(visibility))
    fix.set('visibility', 'redacted', 'is not a reasoning visibility; read as "redacted" (nothing invented)');
  const shown = fix.result<ReasoningSegment>();
  if ((shown.visibility === 'redacted' || shown.visibility === 'encrypted') && shown.text !== '')
    fix.set('text', '', `is text of a ${shown.visibility} segment; dropped`);
  const status = fix.get('status');
  if (typeof status !== 'string' || !SEGMENT_STATUSES.has(status))
    fix.set('status', 'done', 'is not a reasoning status; read as "done"');
  const before = fix.get('stepsBefore');
  const at = typeof before === 'number' && Number.isFinite(before) ? place(before) : place(Number.POSITIVE_INFINITY);
  if (at !== before) fix.set('stepsBefore', at, 'did not name a place among the steps; repaired');
  problems.push(...fix.problems);
  return fix.result<ReasoningSegment>();
}

/** The stored reasoning of a state, repaired; `undefined` when there is none to keep. */
function repairSegments(
  value: unknown,
  place: (stepsBefore: number) => number,
  problems: string[],
): ReasoningSegments | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value) || !Array.isArray(value.segments) || !Array.isArray(value.ids)) {
    problems.push('stored reasoning without "ids" and "segments"; dropped');
    return undefined;
  }
  const segmentsIn: unknown[] = value.segments;
  const ids: string[] = [];
  const segments: ReasoningSegment[] = [];
  const seen = new Set<string>();
  let changed = false;
  for (const [at, id] of (value.ids as unknown[]).entries()) {
    if (typeof id !== 'string' || at >= segmentsIn.length || seen.has(id)) {
      problems.push(
        `stored reasoning id ${JSON.stringify(coercedText(id) ?? kindOf(id))} names no segment, or names one twice; dropped`,
      );
      changed = true;
      continue;
    }
    const segment = repairSegment(segmentsIn[at], place, problems);
    if (!segment || segment.id !== id) {
      changed = true;
      continue;
    }
    if (segment !== segmentsIn[at]) changed = true;
    seen.add(id);
    ids.push(id);
    segments.push(segment);
  }
  if (segmentsIn.length !== ids.length) changed = true;
  return changed ? { ids, segments } : (value as unknown as ReasoningSegments);
}

/**
 * A state from stored data (a store's `initialState`, `reset(state)`) with every step repaired, ids
 * that are texts naming a step, once each, and a run status the kit knows. Returns the state itself
 * when nothing was wrong.
 */
export function repairState(value: StepsState): StepsState {
  const source = value as unknown;
  if (!isRecord(source)) return emptyState('a stored state that is not an object; started empty');
  const problems: string[] = [];
  const byIdIn = isRecord(source.byId) ? source.byId : {};
  const idsIn: unknown[] = Array.isArray(source.ids) ? source.ids : [];
  if (!isRecord(source.byId) || !Array.isArray(source.ids)) problems.push('a stored state without "ids" and "byId"');
  let changed = problems.length > 0;
  const ids: string[] = [];
  const byId: Record<string, Step> = {};
  /** For each stored step, how many steps were kept before it: where a segment placed before it goes. */
  const keptBefore: number[] = [];
  for (const id of idsIn) {
    keptBefore.push(ids.length);
    if (typeof id !== 'string' || !Object.hasOwn(byIdIn, id) || Object.hasOwn(byId, id)) {
      problems.push(
        `stored id ${JSON.stringify(coercedText(id) ?? kindOf(id))} names no step, or names one twice; dropped`,
      );
      changed = true;
      continue;
    }
    const step = repairStep(byIdIn[id], problems);
    if (!step || step.id !== id) {
      if (step) problems.push(`stored step "${id}" has the id "${step.id}"; dropped`);
      changed = true;
      continue;
    }
    if (step !== byIdIn[id]) changed = true;
    ids.push(id);
    if (id === '__proto__')
      Object.defineProperty(byId, id, { value: step, enumerable: true, writable: true, configurable: true });
    else byId[id] = step;
  }
  if (Object.keys(byIdIn).length !== ids.length) changed = true;
  const place = (stepsBefore: number) => {
    const at = Math.max(0, Math.floor(stepsBefore));
    return at < keptBefore.length ? (keptBefore[at] as number) : ids.length;
  };
  const reasoning = repairSegments(source.reasoning, place, problems);
  if (reasoning !== source.reasoning) changed = true;
  let run = source.run as StepsState['run'];
  if (!isRecord(run) || typeof run.status !== 'string' || !RUN_STATUSES.has(run.status)) {
    problems.push('a stored run without a known status; read as "idle"');
    run = { status: 'idle' };
  } else {
    const fix = new Fix(run, 'stored run');
    fix.optionalText('reason');
    const error = fix.get('error');
    if (error !== undefined) {
      const inner = new Fix(isRecord(error) ? error : {}, 'stored run error');
      inner.requiredText('message', isRecord(error) ? 'The run failed.' : (coercedText(error) ?? 'The run failed.'));
      inner.optionalText('code');
      if (inner.copy || !isRecord(error)) fix.set('error', inner.result(), 'has fields that are not text; repaired');
    }
    problems.push(...fix.problems);
    run = fix.result();
  }
  if (run !== source.run) changed = true;
  const diagnosticsIn = source.diagnostics;
  const lastIn = isRecord(diagnosticsIn) ? diagnosticsIn.last : undefined;
  const validDiagnostics =
    isRecord(diagnosticsIn) &&
    typeof diagnosticsIn.count === 'number' &&
    Number.isFinite(diagnosticsIn.count) &&
    (lastIn === undefined ||
      (isRecord(lastIn) &&
        typeof lastIn.reason === 'string' &&
        (lastIn.protocol === undefined || typeof lastIn.protocol === 'string')));
  if (!changed && problems.length === 0 && validDiagnostics) return value;
  const count = validDiagnostics ? (diagnosticsIn.count as number) : 0;
  const last = problems.at(-1);
  return {
    ids,
    byId,
    ...(reasoning ? { reasoning } : {}),
    run,
    diagnostics:
      last !== undefined
        ? { count: count + problems.length, last: { reason: last } }
        : validDiagnostics
          ? (diagnosticsIn as unknown as StepsState['diagnostics'])
          : { count },
  };
}

function emptyState(reason: string): StepsState {
  return { ids: [], byId: {}, run: { status: 'idle' }, diagnostics: { count: 1, last: { reason } } };
}
