/**
 * `reduceSteps`: events in, an immutable snapshot out. Total (it never throws), and it returns the
 * same objects for everything an event did not touch, so one update re-renders one row.
 */
import { Allow, parse as parsePartialJson } from 'partial-json';
import type { StepEvent, StepEventOf, StepEventType } from './events';
import { closeOpenSegments, reasoningHandlers, type SegmentDraft } from './reduce-reasoning';
import { isWellFormedStepEvent, repairStepEvent } from './repair';
import { indexToExtend, segmentIndex, segmentOf } from './segments';
import {
  isTerminalStatus,
  type ReasoningSegment,
  type ReasoningSegments,
  type RunError,
  type RunStatus,
  type Step,
  type StepApproval,
  type StepStatus,
  type StepsState,
} from './step';
import { isEventTime } from './values';

/**
 * A copy of `state.byId`, key by key in the order of `state.ids` (the same keys, an invariant the
 * reducer and `repairState` keep): with thousands of steps V8 holds the map as a dictionary, and
 * walking `ids` copies it in about half the time of a spread, which must enumerate and sort the
 * dictionary's keys (3,200 steps: 0.6 vs 1.3 ms on the bench machine). Keys of `byId` missing from
 * `ids` are not copied (nothing reaches a step that is not in `ids`).
 */
function copyById<T>(ids: readonly string[], from: Readonly<Record<string, T>>): Record<string, T> {
  const copy: Record<string, T> = {};
  for (const id of ids) {
    if (!Object.hasOwn(from, id)) continue;
    put(copy, id, from[id] as T);
  }
  return copy;
}

/** `map[id] = value`, for any id: a plain assignment of "__proto__" would replace the map's prototype. */
function put<T>(map: Record<string, T>, id: string, value: T): void {
  if (id === '__proto__') {
    Object.defineProperty(map, id, { value, enumerable: true, writable: true, configurable: true });
  } else {
    map[id] = value;
  }
}

const NO_SEGMENTS: ReasoningSegments = Object.freeze({
  ids: Object.freeze([]) as readonly string[],
  segments: Object.freeze([]) as readonly ReasoningSegment[],
});

/**
 * A copy-on-write view of a state, shared by the events of one batch: `byId` and `ids` are copied at
 * most once per batch, whatever the number of events, and only when something changed.
 */
class Draft implements SegmentDraft {
  private byId: Record<string, Step> | undefined;
  /**
   * The reasoning segments and their ids, copied at most once per batch as `byId` and `ids` are: arrays
   * of pointers, cheap to copy however many segments (a map of thousands is not). `segmentIds` and its
   * index change only when a segment is added.
   */
  private segments: ReasoningSegment[] | undefined;
  private segmentOrder: string[] | undefined;
  private segmentPlaces: Map<string, number> | undefined;
  private ids: string[] | undefined;
  private run: StepsState['run'] | undefined;
  private diagnostics: StepsState['diagnostics'] | undefined;
  /** Steps whose argument text changed in this batch; parsed once at the end (made on first use). */
  private unparsed: Set<string> | undefined;
  /** Steps whose argument text was replaced (not only appended to) in this batch. */
  private replacedInput: Set<string> | undefined;

  constructor(
    readonly base: StepsState,
    private readonly onDiagnostic?: (reason: string, protocol?: string) => void,
  ) {}

  get(id: string): Step | undefined {
    const map = this.byId ?? this.base.byId;
    return Object.hasOwn(map, id) ? map[id] : undefined;
  }

  set(step: Step): void {
    if (!this.byId) this.byId = copyById(this.base.ids, this.base.byId);
    if (!Object.hasOwn(this.byId, step.id)) {
      if (!this.ids) this.ids = [...this.base.ids];
      this.ids.push(step.id);
    }
    put(this.byId, step.id, step);
  }

  private get baseSegments(): ReasoningSegments {
    return this.base.reasoning ?? NO_SEGMENTS;
  }

  /** Where segment `id` is in the draft's segments, or -1. */
  private segmentAt(id: string): number {
    const ids = this.segmentOrder ?? this.baseSegments.ids;
    const at = (this.segmentPlaces ?? segmentIndex(ids)).get(id) ?? -1;
    return ids[at] === id ? at : -1;
  }

  segment(id: string): ReasoningSegment | undefined {
    const at = this.segmentAt(id);
    return at < 0 ? undefined : (this.segments ?? this.baseSegments.segments)[at];
  }

  setSegment(segment: ReasoningSegment): void {
    const base = this.baseSegments;
    if (!this.segments) this.segments = base.segments.slice();
    let at = this.segmentAt(segment.id);
    if (at < 0) {
      if (!this.segmentOrder) {
        this.segmentOrder = base.ids.slice();
        this.segmentPlaces = indexToExtend(base.ids, this.segmentOrder);
      }
      at = this.segmentOrder.length;
      this.segmentOrder.push(segment.id);
      this.segmentPlaces?.set(segment.id, at);
    }
    this.segments[at] = segment;
  }

  ownsSegment(segment: ReasoningSegment): boolean {
    return this.segments !== undefined && segmentOf(this.base.reasoning, segment.id) !== segment;
  }

  segmentIds(): readonly string[] {
    return this.segmentOrder ?? this.baseSegments.ids;
  }

  stepCount(): number {
    return this.allIds().length;
  }

  get runState(): StepsState['run'] {
    return this.run ?? this.base.run;
  }

  setRun(run: StepsState['run']): void {
    this.run = run;
  }

  diagnose(reason: string, protocol?: string): void {
    const prev = this.diagnostics ?? this.base.diagnostics;
    this.diagnostics = { count: prev.count + 1, last: protocol ? { reason, protocol } : { reason } };
    this.onDiagnostic?.(reason, protocol);
  }

  /**
   * Whether a streaming step's parse would read the same head as at the start of the batch: the text
   * was only appended to and its parsed length (`parsedLength`) did not move. Decided from lengths
   * alone, so no text is copied or scanned on a batch that parses nothing.
   */
  private headUnchanged(id: string, step: Step): boolean {
    if (this.replacedInput?.has(id) || !Object.hasOwn(this.base.byId, id)) return false;
    const before = this.base.byId[id] as Step;
    return (
      before.status === 'input-streaming' &&
      parsedLength(before.inputText.length) === parsedLength(step.inputText.length)
    );
  }

  /**
   * Whether `step` was made by this batch (it is in the draft and not in the base): no snapshot holds
   * it yet, so the batch may still change it in place.
   */
  owns(step: Step): boolean {
    if (!this.byId) return false;
    return !Object.hasOwn(this.base.byId, step.id) || this.base.byId[step.id] !== step;
  }

  /** The step's argument text changed (`replaced`: not only appended to): parse it at the end of the batch. */
  parseLater(id: string, replaced = false): void {
    this.unparsed ??= new Set();
    this.unparsed.add(id);
    if (replaced) {
      this.replacedInput ??= new Set();
      this.replacedInput.add(id);
    }
  }

  /** The step's arguments came whole with the event: nothing to parse. */
  parseNotNeeded(id: string): void {
    this.unparsed?.delete(id);
  }

  /** Every step id, in order (including steps added in this batch). */
  allIds(): readonly string[] {
    return this.ids ?? this.base.ids;
  }

  finish(): StepsState {
    for (const id of this.unparsed ?? []) {
      const step = this.get(id);
      if (!step) continue;
      const streaming = step.status === 'input-streaming';
      if (streaming && this.headUnchanged(id, step)) continue;
      const text = streaming ? step.inputText.slice(0, parsedLength(step.inputText.length)) : step.inputText;
      const input = parseArguments(text, !streaming);
      if (input === NO_PARSE) {
        // The text no longer reads as arguments (replaced by something else): drop the stale parse.
        if (step.input !== undefined) {
          const { input: _stale, ...rest } = step;
          this.set(rest);
        }
      } else if (text.length > PARSE_EVERY_BATCH_UP_TO || !shallowJsonEqual(input, step.input)) {
        // A longer text parsed again has (nearly always) new arguments: comparing would cost two serializations.
        this.set({ ...step, input });
      }
    }
    this.unparsed = undefined;
    this.replacedInput = undefined;
    if (!this.byId && !this.ids && !this.run && !this.diagnostics && !this.segments) return this.base;
    const next: StepsState = {
      ids: this.ids ?? this.base.ids,
      byId: this.byId ?? this.base.byId,
      run: this.run ?? this.base.run,
      diagnostics: this.diagnostics ?? this.base.diagnostics,
    };
    if (this.segments) {
      next.reasoning = { ids: this.segmentOrder ?? this.baseSegments.ids, segments: this.segments };
    } else if (this.base.reasoning) {
      next.reasoning = this.base.reasoning;
    }
    return next;
  }
}

const NO_PARSE: unique symbol = Symbol('no-parse');

/** How much of a streaming argument text is parsed partially; the whole text is parsed once complete. */
export const PARTIAL_PARSE_LIMIT = 64 * 1024;

/** A streaming argument text up to this length is parsed whole on every batch that changes it. */
const PARSE_EVERY_BATCH_UP_TO = 2048;
/** Past that, how many times per doubling of its length it is parsed again (up to the limit). */
const PARSES_PER_DOUBLING = 4;

/**
 * How much of a streaming argument text of `length` characters is parsed: all of it while short;
 * then the length rounded down to a step of 1/`PARSES_PER_DOUBLING` of the power of two below it,
 * so a parse happens only when the text grew by a fraction of its length; at most
 * `PARTIAL_PARSE_LIMIT`, after which appending changes nothing that is parsed. A function of the
 * length alone, so the parse of a text is the same whatever batches it arrived in, and the partial
 * parses of one argument read at most about (2 × `PARSES_PER_DOUBLING` + 1) × the limit in all,
 * however large it grows and however it is cut.
 */
export function parsedLength(length: number): number {
  if (length <= PARSE_EVERY_BATCH_UP_TO) return length;
  if (length >= PARTIAL_PARSE_LIMIT) return PARTIAL_PARSE_LIMIT;
  const step = 2 ** (31 - Math.clz32(length)) / PARSES_PER_DOUBLING;
  return length - (length % step);
}

/**
 * Parses argument text: strictly once the arguments are complete, leniently (partial JSON) while they
 * stream. Returns `NO_PARSE` when the text says nothing yet or is not JSON at all.
 */
function parseArguments(text: string, complete: boolean): unknown | typeof NO_PARSE {
  if (text.trim() === '') return NO_PARSE;
  if (complete) {
    try {
      return JSON.parse(text);
    } catch {
      // fall through: a truncated or broken text still shows what could be read
    }
  }
  const closed = closeOpenString(text);
  if (closed !== undefined) {
    try {
      return JSON.parse(closed);
    } catch {
      // not JSON before the cut (a literal JSON does not know, an escape cut short): partial-json reads it
    }
  }
  try {
    return ownProperties(parsePartialJson(text, Allow.ALL));
  } catch {
    return NO_PARSE;
  }
}

function indexOrEnd(text: string, char: string, from: number): number {
  const at = text.indexOf(char, from);
  return at < 0 ? text.length : at;
}

const QUOTE = 34;
const BACKSLASH = 92;

/**
 * The common shape of a long streaming argument, text cut inside a string value (a file's content),
 * made whole for `JSON.parse`: the string and every open container closed. One pass of char codes
 * plus the native parser, several times faster than partial-json's reader, and the same value (the
 * text trimmed as partial-json trims it, a trailing lone backslash dropped as it drops it). Returns
 * `undefined` for every other cut (inside a key, a number, after a comma), which partial-json reads.
 */
export function closeOpenString(raw: string): string | undefined {
  const text = raw.trim();
  const closers: string[] = [];
  let expectKey = false;
  let inString = false;
  let inKey = false;
  let escaped = false;
  let nextQuote = -1;
  let nextBackslash = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === BACKSLASH) escaped = true;
      else if (c === QUOTE) inString = false;
      else {
        // Jump to the next quote or backslash (long string values are most of a long argument); each
        // position is searched again only once passed, so the whole scan stays one pass.
        if (nextQuote <= i) nextQuote = indexOrEnd(text, '"', i + 1);
        if (nextBackslash <= i) nextBackslash = indexOrEnd(text, '\\', i + 1);
        i = Math.min(nextQuote, nextBackslash) - 1;
      }
      continue;
    }
    switch (c) {
      case QUOTE:
        inString = true;
        inKey = expectKey;
        break;
      case 123: // {
        closers.push('}');
        expectKey = true;
        break;
      case 91: // [
        closers.push(']');
        expectKey = false;
        break;
      case 125: // }
      case 93: // ]
        closers.pop();
        expectKey = false;
        break;
      case 58: // :
        expectKey = false;
        break;
      case 44: // ,
        expectKey = closers[closers.length - 1] === '}';
        break;
    }
  }
  if (!inString || inKey) return undefined;
  return `${escaped ? text.slice(0, -1) : text}"${closers.reverse().join('')}`;
}

/**
 * partial-json builds objects by assignment, so a streamed `"__proto__"` key sets the object's
 * prototype (its keys then read as arguments that are not there). `JSON.parse` makes it an own
 * property; this puts the parse in that shape: plain objects, own properties only. (A primitive
 * `"__proto__"` value is ignored by the assignment and so is missing until the text is complete.)
 */
function ownProperties(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = ownProperties(value[i]);
      if (item !== value[i]) {
        copy ??= [...value];
        copy[i] = item;
      }
    }
    return copy ?? value;
  }
  const proto = Object.getPrototypeOf(value);
  let copy: Record<string, unknown> | undefined;
  if (proto !== Object.prototype) {
    copy = {};
    Object.defineProperty(copy, '__proto__', {
      value: ownProperties(proto),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const item = ownProperties(record[key]);
    if (item !== record[key]) copy ??= { ...record };
    if (copy) copy[key] = item;
  }
  return copy ?? value;
}

function shallowJsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

type Handler<K extends StepEventType> = (draft: Draft, event: StepEventOf<K>, now: number | undefined) => void;
/** One handler per event type: adding an event to the union fails to compile until it is handled here. */
type HandlerTable = { [K in StepEventType]: Handler<K> };

function newStep(id: string, toolName: string | undefined, status: StepStatus, at: number | undefined): Step {
  const step: Step = { id, toolName: toolName ?? '', status, inputText: '' };
  if (at !== undefined) step.startedAt = at;
  return step;
}

/** Fills in the tool name when the step does not know it yet. */
function named(step: Step, toolName: string | undefined): Step {
  return toolName && !step.toolName ? { ...step, toolName } : step;
}

function ended(step: Step, status: StepStatus, at: number | undefined): Step {
  const next: Step = { ...step, status };
  if (at !== undefined && (next.endedAt === undefined || step.status === 'interrupted')) next.endedAt = at;
  // A call that ends while it waits (a continued run's result, without the decision) was answered by then.
  if (step.status === 'awaiting-approval' && step.approval && step.approval.answeredAt === undefined) {
    next.approval = answered(step.approval, at);
  }
  return next;
}

/** The approval with the time it was answered, when it was asked for (a decision alone waited for nothing). */
function answered(approval: StepApproval, at: number | undefined): StepApproval {
  return at !== undefined && approval.requestedAt !== undefined ? { ...approval, answeredAt: at } : approval;
}

/** An interrupted (or not yet running) step runs again: it has no end time until it really ends. */
function resumed(step: Step): Step {
  const { endedAt: _interruptedAt, ...rest } = step;
  return { ...rest, status: 'running' };
}

/**
 * The step an event is about; made when the wire never announced it (a result without a start, a
 * resumed run). Returns `undefined`, with a diagnostic, when the step is terminal and so must not move.
 */
function openStep(
  draft: Draft,
  event: { id: string; type: string; toolName?: string; at?: number },
  statusIfNew: StepStatus,
): Step | undefined {
  const existing = draft.get(event.id);
  if (!existing) return newStep(event.id, event.toolName, statusIfNew, event.at);
  if (isTerminalStatus(existing.status)) {
    draft.diagnose(`"${event.type}" for step "${event.id}" arrived after it ended (${existing.status}); dropped`);
    return undefined;
  }
  return named(existing, event.toolName);
}

/** The arguments are final: parse what streamed, if the event did not bring them. */
function withFinalInput(draft: Draft, step: Step): Step {
  if (step.status === 'input-streaming' && step.inputText !== '') draft.parseLater(step.id);
  return step;
}

/** Ends every open step of the run: `interrupted`, or `awaiting-approval` when the run paused. */
function closeOpenSteps(draft: Draft, to: StepStatus, at: number | undefined, keepOpen?: readonly string[]): void {
  const keep = keepOpen && keepOpen.length > 0 ? new Set(keepOpen) : undefined;
  for (const id of draft.allIds()) {
    const step = draft.get(id);
    if (!step || (step.status !== 'input-streaming' && step.status !== 'running') || keep?.has(id)) continue;
    if (step.status === 'input-streaming') draft.parseLater(id);
    draft.set(to === 'interrupted' ? ended(step, to, at) : { ...step, status: to });
  }
}

const handlers: HandlerTable = {
  'step-start'(draft, e) {
    const existing = draft.get(e.id);
    if (!existing) {
      const step = newStep(e.id, e.toolName, 'input-streaming', e.at);
      if (e.parentId) step.parentId = e.parentId;
      if (e.presentation) step.presentation = e.presentation;
      draft.set(step);
      return;
    }
    if (isTerminalStatus(existing.status)) {
      // A start after the end would rename or re-parent a finished step: late, like any other late event.
      draft.diagnose(`"step-start" for step "${e.id}" arrived after it ended (${existing.status}); dropped`);
      return;
    }
    let next = named(existing, e.toolName);
    if (existing.toolName && e.toolName && existing.toolName !== e.toolName) {
      draft.diagnose(`step "${e.id}" was started again as "${e.toolName}"; it stays "${existing.toolName}"`);
    }
    if (e.parentId && !next.parentId) next = { ...next, parentId: e.parentId };
    if (e.presentation) next = { ...next, presentation: e.presentation };
    if (next !== existing) draft.set(next);
  },

  'step-input-delta'(draft, e) {
    const existing = draft.get(e.id);
    const step = existing ?? newStep(e.id, undefined, 'input-streaming', e.at);
    if (step.status !== 'input-streaming') {
      draft.diagnose(`argument text for step "${e.id}" arrived after its arguments were complete; dropped`);
      return;
    }
    const inputText = e.replace ? e.delta : step.inputText + e.delta;
    // The second delta of a batch appends to the copy the first one made, instead of copying again.
    if (existing && draft.owns(existing)) existing.inputText = inputText;
    else draft.set({ ...step, inputText });
    draft.parseLater(e.id, e.replace === true);
  },

  'step-input'(draft, e) {
    const step = openStep(draft, e, 'input-streaming');
    if (!step) return;
    let next = step;
    if ('input' in e && e.input !== undefined) {
      next = { ...next, input: e.input };
      draft.parseNotNeeded(e.id);
    } else {
      withFinalInput(draft, next);
    }
    if (next.status === 'input-streaming' || next.status === 'interrupted') next = resumed(next);
    if (next !== draft.get(e.id)) draft.set(next);
  },

  'step-progress'(draft, e) {
    const step = openStep(draft, e, 'running');
    if (!step) return;
    const prev = step.progress;
    const progress = {
      content: e.content !== undefined ? e.content : prev?.content,
      details: e.details !== undefined ? e.details : prev?.details,
      count: (prev?.count ?? 0) + 1,
    };
    // The second update of a batch to a running step changes the copy the first one made.
    if (step.status === 'running' && !e.presentation && step === draft.get(e.id) && draft.owns(step)) {
      step.progress = progress;
      return;
    }
    const next: Step = { ...withFinalInput(draft, step), progress };
    if (e.presentation) next.presentation = e.presentation;
    draft.set(next.status === 'input-streaming' || next.status === 'interrupted' ? resumed(next) : next);
  },

  'step-approval'(draft, e) {
    const step = openStep(draft, e, 'awaiting-approval');
    if (!step) return;
    const approval = { ...step.approval };
    if (e.at !== undefined && approval.requestedAt === undefined) approval.requestedAt = e.at;
    if (e.approvalId !== undefined) approval.id = e.approvalId;
    if (e.description !== undefined) approval.description = e.description;
    if (e.sideEffects !== undefined) approval.sideEffects = e.sideEffects;
    const base = step.status === 'interrupted' ? resumed(step) : step;
    const next: Step = { ...withFinalInput(draft, base), status: 'awaiting-approval', approval };
    if (e.input !== undefined) {
      next.input = e.input;
      draft.parseNotNeeded(e.id);
    }
    draft.set(next);
  },

  'step-decision'(draft, e) {
    const step = draft.get(e.id);
    if (!step) {
      draft.diagnose(`a decision for unknown step "${e.id}"; dropped`);
      return;
    }
    if (isTerminalStatus(step.status)) {
      draft.diagnose(`a decision for step "${e.id}" arrived after it ended (${step.status}); dropped`);
      return;
    }
    const decision = e.reason !== undefined ? { approved: e.approved, reason: e.reason } : { approved: e.approved };
    const next: Step = { ...step, approval: answered({ ...step.approval, decision }, e.at) };
    if (!e.approved) draft.set(ended(next, 'denied', e.at));
    else draft.set(next.status === 'awaiting-approval' ? { ...next, status: 'running' } : next);
  },

  'step-result'(draft, e) {
    const step = openStep(draft, e, 'running');
    if (!step) return;
    const next = ended(withFinalInput(draft, step), 'succeeded', e.at);
    if (e.result !== undefined) next.result = e.result;
    if (e.details !== undefined) next.details = e.details;
    if (e.presentation) next.presentation = e.presentation;
    draft.set(next);
  },

  'step-error'(draft, e) {
    const step = openStep(draft, e, 'running');
    if (!step) return;
    const next = ended(withFinalInput(draft, step), 'failed', e.at);
    next.error = e.code !== undefined ? { message: e.message, code: e.code } : { message: e.message };
    if (e.result !== undefined) next.result = e.result;
    if (e.details !== undefined) next.details = e.details;
    if (e.presentation) next.presentation = e.presentation;
    draft.set(next);
  },

  'step-denied'(draft, e) {
    // A local Deny followed by the server's own denial is one decision, not an anomaly.
    if (draft.get(e.id)?.status === 'denied') return;
    const step = openStep(draft, e, 'awaiting-approval');
    if (!step) return;
    const next = ended(withFinalInput(draft, step), 'denied', e.at);
    if (!step.approval?.decision) {
      next.approval = answered(
        {
          ...step.approval,
          decision: e.reason !== undefined ? { approved: false, reason: e.reason } : { approved: false },
        },
        e.at,
      );
    }
    draft.set(next);
  },

  'step-cancelled'(draft, e) {
    const step = draft.get(e.id);
    if (!step) {
      draft.diagnose(`a cancel for unknown step "${e.id}"; dropped`);
      return;
    }
    if (isTerminalStatus(step.status)) return; // cancelling what already ended is a no-op, not an anomaly
    draft.set(ended(withFinalInput(draft, step), 'cancelled', e.at));
  },

  ...reasoningHandlers,

  'run-start'(draft) {
    setRun(draft, 'streaming');
  },

  'run-finish'(draft, e) {
    if (e.status === 'paused') {
      closeOpenSteps(draft, 'awaiting-approval', e.at, e.keepOpen);
      setRun(draft, 'paused');
    } else {
      closeOpenSteps(draft, 'interrupted', e.at, e.keepOpen);
      setRun(draft, 'done');
    }
    closeOpenSegments(draft, 'done', e.at);
  },

  'run-error'(draft, e) {
    closeOpenSteps(draft, 'interrupted', e.at);
    closeOpenSegments(draft, 'interrupted', e.at);
    const error: RunError = { message: e.message };
    if (e.code !== undefined) error.code = e.code;
    if (e.status !== undefined) error.status = e.status;
    draft.setRun({ status: 'error', error });
  },

  'run-abort'(draft, e) {
    const status = draft.runState.status;
    // An abort after the run already ended (the connection closing after `finish`) changes nothing.
    if (status === 'done' || status === 'error' || status === 'paused') return;
    closeOpenSteps(draft, 'interrupted', e.at);
    closeOpenSegments(draft, 'interrupted', e.at);
    // The first reason says what happened (a cut frame, an empty body); a later abort of the same run keeps it.
    const run = draft.runState;
    if (status === 'interrupted' && (run.reason !== undefined || run.reasonCode !== undefined)) return;
    if (status !== 'interrupted' || e.reason !== undefined || e.code !== undefined) {
      const next: StepsState['run'] = { status: 'interrupted' };
      if (e.reason !== undefined) next.reason = e.reason;
      if (e.code !== undefined) next.reasonCode = e.code;
      draft.setRun(next);
    }
  },

  diagnostic(draft, e) {
    draft.diagnose(e.reason, e.protocol);
  },
};

function setRun(draft: Draft, status: RunStatus): void {
  const run = draft.runState;
  if (run.status !== status || run.error) draft.setRun({ status });
}

const STEP_EVENT_NEEDS_ID = (type: string) => type.startsWith('step-') || type.startsWith('reasoning-');

/**
 * Whether an event's handler reads no time: argument text and progress for a step that already exists
 * (only a step they create gets `startedAt`). These are nearly all the events of a stream, and stamping
 * one is a copy of it. test/core/reduce-stamp.test.ts holds this to stamping every event.
 */
function timeless(draft: Draft, type: string, id: unknown): boolean {
  if (typeof id !== 'string') return false;
  if (type === 'reasoning-delta') return draft.segment(id) !== undefined;
  return (type === 'step-input-delta' || type === 'step-progress') && draft.get(id) !== undefined;
}

function applyEvent(draft: Draft, event: StepEvent, now: number | undefined): void {
  const e = event as unknown;
  if (typeof e !== 'object' || e === null || typeof (e as { type?: unknown }).type !== 'string') {
    draft.diagnose('an event that is not an object with a string "type"; dropped');
    return;
  }
  const type = (e as { type: string }).type;
  const handler = Object.hasOwn(handlers, type)
    ? (handlers as Record<string, Handler<StepEventType>>)[type]
    : undefined;
  if (!handler) {
    draft.diagnose(`unknown event type "${type}"; dropped`);
    return;
  }
  const stepId = (e as { id?: unknown }).id;
  if (STEP_EVENT_NEEDS_ID(type) && (typeof stepId !== 'string' || stepId === '')) {
    draft.diagnose(`"${type}" without a step id; dropped`);
    return;
  }
  if (!isWellFormedStepEvent(event)) {
    const repaired = repairStepEvent(event);
    for (const problem of repaired.problems) draft.diagnose(problem);
    if (!repaired.event) return;
    event = repaired.event;
  }
  let at = event.at;
  if (at !== undefined && !isEventTime(at)) {
    draft.diagnose(`"${type}": "at" ${at} is no time (0 to 2100); ignored`);
    at = undefined;
  }
  if (at === undefined && now !== undefined && !timeless(draft, type, stepId)) at = now;
  const stamped = at === event.at ? event : { ...event, at };
  try {
    handler(draft, stamped as never, now);
  } catch (error) {
    // Unreachable with schema-valid events; kept so that a hand-made event can never break a UI.
    draft.diagnose(`"${type}" could not be applied: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Options of `reduceSteps`. */
export interface ReduceStepsOptions {
  /** The clock reading that stamps `startedAt` / `endedAt` on events that carry no `at`. */
  now?: number;
  /**
   * Told of each anomaly as it is counted in `state.diagnostics` (an unknown event, a late event
   * for an ended step, ...): the protocol is named when the event came from a decoder.
   */
  onDiagnostic?: (reason: string, protocol?: string) => void;
}

/**
 * Applies one event, or a batch of events, to a state: the one way to fold `StepEvent`s. Pure and
 * total: unknown events, events for unknown ids, out-of-order and duplicate events never throw; they
 * are dropped or repaired and counted in `state.diagnostics`. A batch gives the same result as
 * applying its events one by one, but copies the step map and the id list at most once. Returns
 * `state` itself when nothing changed.
 *
 * @example
 * ```ts
 * const state = reduceSteps(emptyStepsState, events); // a whole capture
 * next = reduceSteps(next, event, { now: Date.now() }); // one live event
 * ```
 */
export function reduceSteps(
  state: StepsState,
  events: StepEvent | readonly StepEvent[],
  options: ReduceStepsOptions = {},
): StepsState {
  const draft = new Draft(state, options.onDiagnostic);
  if (Array.isArray(events)) {
    for (const event of events as readonly StepEvent[]) applyEvent(draft, event, options.now);
  } else {
    applyEvent(draft, events as StepEvent, options.now);
  }
  return draft.finish();
}

/**
 * Applies several batches in one pass, each with its own clock reading (the store's applies made while
 * a flush was pending): the same state as `reduceSteps` batch after batch, with one copy of the step
 * map and no copy of an event to stamp its time. Internal; not exported from the package.
 */
export function reduceTimedBatches(
  state: StepsState,
  batches: readonly { events: readonly StepEvent[]; now: number }[],
  onDiagnostic?: (reason: string, protocol?: string) => void,
): StepsState {
  const draft = new Draft(state, onDiagnostic);
  for (const batch of batches) for (const event of batch.events) applyEvent(draft, event, batch.now);
  return draft.finish();
}
