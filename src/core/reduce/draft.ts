/**
 * The copy-on-write draft of one batch: every event of a batch reads and writes it, and `finish()`
 * makes the next state. Nothing is copied whole: the steps live in a `StepTable` (`../step-table`),
 * of which a batch copies the chunks it touches and their directory, so a batch costs the same at
 * 100,000 steps as at 1,000.
 */
import { indexToExtend, segmentIndex, segmentOf } from '../segments';
import type { ReasoningSegment, ReasoningSegments, Step, StepsState } from '../step';
import {
  indexOf,
  type PlaceIndex,
  placeOf,
  type StepTable,
  tableOf,
  tableState,
  tableStep,
  VecDraft,
  vecAt,
} from '../step-table';
import { NO_PARSE, PARSE_EVERY_BATCH_UP_TO, parseArguments, parsedLength, shallowJsonEqual } from './arguments';
import type { SegmentDraft } from './reasoning';

const NO_SEGMENTS: ReasoningSegments = Object.freeze({
  ids: Object.freeze([]) as readonly string[],
  segments: Object.freeze([]) as readonly ReasoningSegment[],
});

/**
 * A copy-on-write view of a state, shared by the events of one batch: the steps' chunks, the id list's
 * and the reasoning arrays are copied at most once per batch, whatever the number of events, and only
 * when something changed.
 */
export class Draft implements SegmentDraft {
  /** The base's steps, read once (a plain state a host made is taken in here). */
  private readonly table: StepTable;
  /** The batch's steps and ids, made on the first change. */
  private steps: VecDraft<Step | undefined> | undefined;
  private ids: VecDraft<string> | undefined;
  /** The id → place index: the base's, shared with the states of its run, or one of the batch's own. */
  private index: PlaceIndex;
  /**
   * The reasoning segments and their ids, copied at most once per batch: arrays of pointers, cheap to
   * copy however many segments (a map of thousands is not). `segmentIds` and its index change only
   * when a segment is added.
   */
  private segments: ReasoningSegment[] | undefined;
  private segmentOrder: string[] | undefined;
  private segmentPlaces: Map<string, number> | undefined;
  private run: StepsState['run'] | undefined;
  private diagnostics: StepsState['diagnostics'] | undefined;
  /** Steps whose argument text changed in this batch; parsed once at the end (made on first use). */
  private unparsed: Set<string> | undefined;
  /** Steps whose argument text was replaced (not only appended to) in this batch. */
  private replacedInput: Set<string> | undefined;

  constructor(
    readonly base: StepsState,
    private readonly onDiagnostic?: (reason: string, protocol?: string) => void,
  ) {
    this.table = tableOf(base);
    this.index = this.table.index;
  }

  /** Where step `id` is in the draft, or -1. */
  private placeOf(id: string): number {
    if (!this.ids) return placeOf(this.table, id);
    const at = this.index.places.get(id);
    return at !== undefined && this.ids.at(at) === id ? at : -1;
  }

  get(id: string): Step | undefined {
    if (!this.steps) return tableStep(this.table, id);
    return this.steps.at(this.placeOf(id));
  }

  set(step: Step): void {
    this.steps ??= new VecDraft(this.table.steps);
    const at = this.placeOf(step.id);
    if (at >= 0) {
      this.steps.set(at, step);
      return;
    }
    if (!this.ids) {
      this.ids = new VecDraft(this.table.ids);
      // Another state already added to the base's index (this is a branch), or the base is a host's
      // state: this line of states goes on with an index of its own.
      if (this.index.covered !== this.table.ids.length) this.index = indexOf(this.table.ids);
    }
    const place = this.ids.length;
    this.index.places.set(step.id, place);
    this.index.covered = place + 1;
    this.ids.push(step.id);
    this.steps.push(step);
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

  /** How many steps there are (the batch's new ones included). */
  stepCount(): number {
    return (this.ids ?? this.table.ids).length;
  }

  /** The id of the `at`-th step, in order of arrival. */
  idAt(at: number): string | undefined {
    return this.ids ? this.ids.at(at) : vecAt(this.table.ids, at);
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
    if (this.replacedInput?.has(id)) return false;
    const before = tableStep(this.table, id);
    return (
      before !== undefined &&
      before.status === 'input-streaming' &&
      parsedLength(before.inputText.length) === parsedLength(step.inputText.length)
    );
  }

  /**
   * Whether `step` was made by this batch (it is in the draft and not in the base): no snapshot holds
   * it yet, so the batch may still change it in place.
   */
  owns(step: Step): boolean {
    if (!this.steps) return false;
    return tableStep(this.table, step.id) !== step;
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
    if (!this.steps && !this.run && !this.diagnostics && !this.segments) return this.base;
    const table: StepTable = this.steps
      ? { ids: this.ids ? this.ids.done() : this.table.ids, steps: this.steps.done(), index: this.index }
      : this.table;
    const next = tableState(table, this.run ?? this.base.run, this.diagnostics ?? this.base.diagnostics);
    if (this.segments) {
      next.reasoning = { ids: this.segmentOrder ?? this.baseSegments.ids, segments: this.segments };
    } else if (this.base.reasoning) {
      next.reasoning = this.base.reasoning;
    }
    return next;
  }
}
