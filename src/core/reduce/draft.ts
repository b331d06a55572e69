/**
 * The copy-on-write draft of one batch: every event of a batch reads and writes it, and `finish()`
 * makes the next state.
 */
import { indexToExtend, segmentIndex, segmentOf } from '../segments';
import type { ReasoningSegment, ReasoningSegments, Step, StepsState } from '../step';
import { NO_PARSE, PARSE_EVERY_BATCH_UP_TO, parseArguments, parsedLength, shallowJsonEqual } from './arguments';
import type { SegmentDraft } from './reasoning';

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
export class Draft implements SegmentDraft {
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
