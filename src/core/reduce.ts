/**
 * `reduceSteps`: events in, an immutable snapshot out. Total (it never throws), and it returns the
 * same objects for everything an event did not touch, so one update re-renders one row.
 */
import { Allow, parse as parsePartialJson } from 'partial-json';
import type { StepEvent, StepEventOf, StepEventType } from './events';
import { isWellFormedStepEvent, repairStepEvent } from './repair';
import { isTerminalStatus, type RunStatus, type Step, type StepStatus, type StepsState } from './step';

/**
 * A copy-on-write view of a state, shared by the events of one batch: `byId` and `ids` are copied at
 * most once per batch, whatever the number of events, and only when something changed.
 */
class Draft {
  private byId: Record<string, Step> | undefined;
  private ids: string[] | undefined;
  private run: StepsState['run'] | undefined;
  private diagnostics: StepsState['diagnostics'] | undefined;
  /** Steps whose argument text changed in this batch; parsed once at the end. */
  readonly unparsed = new Set<string>();

  constructor(
    readonly base: StepsState,
    private readonly onDiagnostic?: (reason: string, protocol?: string) => void,
  ) {}

  get(id: string): Step | undefined {
    const map = this.byId ?? this.base.byId;
    return Object.hasOwn(map, id) ? map[id] : undefined;
  }

  set(step: Step): void {
    if (!this.byId) this.byId = { ...this.base.byId };
    if (!Object.hasOwn(this.byId, step.id)) {
      if (!this.ids) this.ids = [...this.base.ids];
      this.ids.push(step.id);
    }
    // A plain assignment of "__proto__" would replace the map's prototype instead of adding a step.
    if (step.id === '__proto__') {
      Object.defineProperty(this.byId, step.id, { value: step, enumerable: true, writable: true, configurable: true });
    } else {
      this.byId[step.id] = step;
    }
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

  /** Every step id, in order (including steps added in this batch). */
  allIds(): readonly string[] {
    return this.ids ?? this.base.ids;
  }

  finish(): StepsState {
    for (const id of this.unparsed) {
      const step = this.get(id);
      if (!step) continue;
      const streaming = step.status === 'input-streaming';
      if (streaming && step.inputText.length > PARTIAL_PARSE_LIMIT) {
        // Past the limit only the head is read while streaming (enough for a path or a command): a
        // stream of many batches would otherwise re-parse everything so far on each one.
        const before = Object.hasOwn(this.base.byId, id) ? this.base.byId[id] : undefined;
        if (
          before &&
          before.inputText.length >= PARTIAL_PARSE_LIMIT &&
          before.inputText.startsWith(step.inputText.slice(0, PARTIAL_PARSE_LIMIT))
        )
          continue;
      }
      const text = streaming ? step.inputText.slice(0, PARTIAL_PARSE_LIMIT) : step.inputText;
      const input = parseArguments(text, !streaming);
      if (input === NO_PARSE) {
        // The text no longer reads as arguments (replaced by something else): drop the stale parse.
        if (step.input !== undefined) {
          const { input: _stale, ...rest } = step;
          this.set(rest);
        }
      } else if (!shallowJsonEqual(input, step.input)) {
        this.set({ ...step, input });
      }
    }
    this.unparsed.clear();
    if (!this.byId && !this.ids && !this.run && !this.diagnostics) return this.base;
    return {
      ids: this.ids ?? this.base.ids,
      byId: this.byId ?? this.base.byId,
      run: this.run ?? this.base.run,
      diagnostics: this.diagnostics ?? this.base.diagnostics,
    };
  }
}

const NO_PARSE: unique symbol = Symbol('no-parse');

/** How much of a streaming argument text is parsed partially; the whole text is parsed once complete. */
export const PARTIAL_PARSE_LIMIT = 64 * 1024;

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
  try {
    return ownProperties(parsePartialJson(text, Allow.ALL));
  } catch {
    return NO_PARSE;
  }
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
  return next;
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
  if (step.status === 'input-streaming' && step.inputText !== '') draft.unparsed.add(step.id);
  return step;
}

/** Ends every open step of the run: `interrupted`, or `awaiting-approval` when the run paused. */
function closeOpenSteps(draft: Draft, to: StepStatus, at: number | undefined, keepOpen?: readonly string[]): void {
  const keep = keepOpen && keepOpen.length > 0 ? new Set(keepOpen) : undefined;
  for (const id of draft.allIds()) {
    const step = draft.get(id);
    if (!step || (step.status !== 'input-streaming' && step.status !== 'running') || keep?.has(id)) continue;
    if (step.status === 'input-streaming') draft.unparsed.add(id);
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
    draft.set({ ...step, inputText: e.replace ? e.delta : step.inputText + e.delta });
    draft.unparsed.add(e.id);
  },

  'step-input'(draft, e) {
    const step = openStep(draft, e, 'input-streaming');
    if (!step) return;
    let next = step;
    if ('input' in e && e.input !== undefined) {
      next = { ...next, input: e.input };
      draft.unparsed.delete(e.id);
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
    const next: Step = {
      ...withFinalInput(draft, step),
      progress: {
        content: e.content !== undefined ? e.content : prev?.content,
        details: e.details !== undefined ? e.details : prev?.details,
        count: (prev?.count ?? 0) + 1,
      },
    };
    if (e.presentation) next.presentation = e.presentation;
    draft.set(next.status === 'input-streaming' || next.status === 'interrupted' ? resumed(next) : next);
  },

  'step-approval'(draft, e) {
    const step = openStep(draft, e, 'awaiting-approval');
    if (!step) return;
    const approval = { ...step.approval };
    if (e.approvalId !== undefined) approval.id = e.approvalId;
    if (e.description !== undefined) approval.description = e.description;
    if (e.sideEffects !== undefined) approval.sideEffects = e.sideEffects;
    const base = step.status === 'interrupted' ? resumed(step) : step;
    const next: Step = { ...withFinalInput(draft, base), status: 'awaiting-approval', approval };
    if (e.input !== undefined) {
      next.input = e.input;
      draft.unparsed.delete(e.id);
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
    const next: Step = { ...step, approval: { ...step.approval, decision } };
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
      next.approval = {
        ...step.approval,
        decision: e.reason !== undefined ? { approved: false, reason: e.reason } : { approved: false },
      };
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
  },

  'run-error'(draft, e) {
    closeOpenSteps(draft, 'interrupted', e.at);
    draft.setRun({
      status: 'error',
      error: e.code !== undefined ? { message: e.message, code: e.code } : { message: e.message },
    });
  },

  'run-abort'(draft, e) {
    const status = draft.runState.status;
    // An abort after the run already ended (the connection closing after `finish`) changes nothing.
    if (status === 'done' || status === 'error' || status === 'paused') return;
    closeOpenSteps(draft, 'interrupted', e.at);
    // The first reason says what happened (a cut frame, an empty body); a later abort of the same run keeps it.
    if (status === 'interrupted' && draft.runState.reason !== undefined) return;
    if (status !== 'interrupted' || e.reason !== undefined) {
      draft.setRun(e.reason !== undefined ? { status: 'interrupted', reason: e.reason } : { status: 'interrupted' });
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

const STEP_EVENT_NEEDS_ID = (type: string) => type.startsWith('step-');

/**
 * Whether an event's handler reads no time: argument text and progress for a step that already exists
 * (only a step they create gets `startedAt`). These are nearly all the events of a stream, and stamping
 * one is a copy of it. test/core/reduce-stamp.test.ts holds this to stamping every event.
 */
function timeless(draft: Draft, type: string, id: unknown): boolean {
  return (
    (type === 'step-input-delta' || type === 'step-progress') && typeof id === 'string' && draft.get(id) !== undefined
  );
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
  const stamped =
    event.at === undefined && now !== undefined && !timeless(draft, type, stepId) ? { ...event, at: now } : event;
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
