/**
 * The boundary between data the kit did not make (hand-made events, stored states, persisted
 * messages) and a render: every field that is drawn as text gets its type here, or goes, with a
 * diagnostic. Wire decoders already check their frames; these run where a value arrives unchecked
 * (`reduceSteps`, a store's `initialState` / `reset`, the readers of stored data), so nothing in a
 * state can break a render (`String({ toString: null })` throws, a number is no icon name).
 */
import type { StepEvent } from './events';
import { STEP_STATUSES, type Step, type StepsState, type ToolPresentation } from './step';

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * Text for a value that should have been text: numbers and booleans as written, an error-like object
 * by its `message`, anything else as JSON. `undefined` when none of these works (a throwing getter, a
 * cycle). Never throws.
 */
export function textOf(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'object':
      if (value === null) return undefined;
      try {
        const message = (value as { message?: unknown }).message;
        if (typeof message === 'string') return message;
        return JSON.stringify(value) ?? undefined;
      } catch {
        return undefined;
      }
    default:
      return undefined;
  }
}

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
    this.set(key, textOf(value) ?? fallback, `is ${kindOf(value)}, not text; read as text`);
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

const TEXT_FIELDS = ['toolName', 'parentId', 'approvalId', 'description', 'code', 'reason', 'runId', 'protocol'];

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
export function isWellFormedStepEvent(event: StepEvent): boolean {
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

/**
 * A hand-made event with its display fields typed: text fields that are not text are dropped (or read
 * as text where the event needs them: `message`, a start's `toolName`), `sideEffects` and `keepOpen`
 * become lists of texts, a `presentation` keeps its text fields. An event that cannot mean anything
 * (a delta that is not text, a decision that is not a boolean) is `undefined`. Returns the event
 * itself when nothing was wrong. Never throws.
 */
export function repairStepEvent(event: StepEvent): { event: StepEvent | undefined; problems: readonly string[] } {
  const source = event as unknown as Json;
  const type = source.type as string;
  const id = source.id;
  const fix = new Fix(source, typeof id === 'string' ? `"${type}" for step "${id}"` : `"${type}"`);
  for (const key of TEXT_FIELDS) {
    if (key === 'toolName' && type === 'step-start') fix.name(key);
    else if (key === 'reason' && type === 'diagnostic') fix.requiredText(key, 'unknown');
    else fix.optionalText(key);
  }
  if (type === 'step-error' || type === 'run-error') {
    fix.requiredText('message', type === 'step-error' ? 'The tool failed.' : 'The run failed.');
  }
  fix.presentation('presentation');
  fix.texts('sideEffects');
  fix.texts('keepOpen');
  fix.time('at');
  const replace = fix.get('replace');
  if (replace !== undefined && typeof replace !== 'boolean') fix.set('replace', undefined, 'is not a boolean; dropped');
  if (type === 'run-finish') {
    const status = fix.get('status');
    if (status !== undefined && status !== 'done' && status !== 'paused')
      fix.set('status', undefined, 'is neither "done" nor "paused"; read as "done"');
  }
  if (type === 'step-input-delta' && typeof source.delta !== 'string') {
    return {
      event: undefined,
      problems: [`"${type}" for step "${id}": "delta" is ${kindOf(source.delta)}, not text; dropped`],
    };
  }
  if (type === 'step-decision' && typeof source.approved !== 'boolean') {
    return {
      event: undefined,
      problems: [`"${type}" for step "${id}": "approved" is ${kindOf(source.approved)}, not a boolean; dropped`],
    };
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
      `is ${JSON.stringify(textOf(status) ?? kindOf(status))}, not a step status; read as "interrupted"`,
    );
  const error = fix.get('error');
  if (error !== undefined) {
    const inner = new Fix(isRecord(error) ? error : {}, `stored step "${value.id}" error`);
    inner.requiredText('message', isRecord(error) ? 'The tool failed.' : (textOf(error) ?? 'The tool failed.'));
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
  for (const id of idsIn) {
    if (typeof id !== 'string' || !Object.hasOwn(byIdIn, id) || Object.hasOwn(byId, id)) {
      problems.push(`stored id ${JSON.stringify(textOf(id) ?? kindOf(id))} names no step, or names one twice; dropped`);
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
      inner.requiredText('message', isRecord(error) ? 'The run failed.' : (textOf(error) ?? 'The run failed.'));
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
