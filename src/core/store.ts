/**
 * `createStepStore`: a tiny external store around `reduceSteps`. One store per run or message, never
 * a module singleton.
 */
import type { StepEvent } from './events';
import { sharedFrames } from './frames';
import { reduceSteps, reduceTimedBatches } from './reduce';
import { repairState } from './repair';
import { emptyStepsState, type StepsState } from './step';
import { warnOnce } from './warn';

/** Options of `createStepStore`. */
export interface StepStoreOptions {
  /**
   * The clock that stamps `startedAt` / `endedAt` when the wire carries no time.
   * @default Date.now
   */
  now?: () => number;
  /**
   * How listener notifications are batched: called with a `flush` function at most once until that
   * flush has run. Pass `(flush) => flush()` to notify synchronously (tests).
   * @default one `requestAnimationFrame` callback shared by every store on it (so the lists that
   * changed in a frame render in one commit), which runs only as many flushes as fit a frame and
   * keeps the rest, in order, for the next; a shared microtask where there is no
   * `requestAnimationFrame`
   */
  schedule?: (flush: () => void) => void;
  /**
   * The state to start from (a stored one): fields of the wrong type are repaired, with a diagnostic.
   * @default emptyStepsState
   */
  initialState?: StepsState;
}

/** A store of one run's steps. */
export interface StepStore {
  /** The current snapshot; the same object until an event changes something. */
  getSnapshot(): StepsState;
  /** Registers a listener; returns the function that removes it. */
  subscribe(listener: () => void): () => void;
  /**
   * Applies one event or a batch; listeners hear of it once, on the next scheduled flush. Events
   * applied while a flush is pending are reduced together, at that flush or at the next
   * `getSnapshot`, so a stream read one event at a time costs one reduction per flush. A batch of the
   * very event objects of one of the last few batches is already applied and is ignored (React
   * StrictMode runs an effect that applies events twice; that is not a stream's late events).
   */
  apply(events: StepEvent | readonly StepEvent[]): void;
  /** Back to the initial state (or to `state`), listeners told. */
  reset(state?: StepsState): void;
}

/**
 * How many of the latest batches a store recognises when they are applied again: enough for an effect
 * that applies a turn's events one at a time, as StrictMode runs it twice.
 */
const RECENT_BATCHES = 64;

/** Makes a store: `getSnapshot / subscribe / apply / reset`, with an injected clock and scheduler. */
export function createStepStore(options: StepStoreOptions = {}): StepStore {
  const now = options.now ?? Date.now;
  const schedule = options.schedule ?? sharedFrames;
  // A stored state is data the kit did not make: its display fields are typed before anything draws them.
  const initial = options.initialState ? repairState(options.initialState) : emptyStepsState;
  const listeners = new Set<() => void>();
  let state = initial;
  let notified = state;
  let scheduled = false;
  /** The applies made while a flush was pending, each with the clock reading of its own apply. */
  let pending: { events: readonly StepEvent[]; now: number }[] = [];
  /** The last batches applied (copies: a caller may reuse its array), by their first event object. */
  const recent = new Map<StepEvent, readonly StepEvent[]>();
  const again = (list: readonly StepEvent[]) => {
    const batch = recent.get(list[0] as StepEvent);
    return batch !== undefined && batch.length === list.length && batch.every((event, i) => event === list[i]);
  };
  const remember = (batch: readonly StepEvent[]) => {
    recent.delete(batch[0] as StepEvent);
    recent.set(batch[0] as StepEvent, batch);
    if (recent.size > RECENT_BATCHES) recent.delete(recent.keys().next().value as StepEvent);
  };

  const settle = () => {
    if (pending.length === 0) return;
    const list = pending;
    pending = [];
    state = reduceTimedBatches(state, list, warn);
  };

  const flush = () => {
    scheduled = false;
    settle();
    if (notified === state) return;
    notified = state;
    for (const listener of [...listeners]) listener();
  };

  const warn = (reason: string, protocol?: string) => warnOnce(reason, protocol);
  const changed = () => {
    if (!scheduled) {
      scheduled = true;
      schedule(flush);
    }
  };

  return {
    getSnapshot: () => {
      settle();
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    apply(events) {
      const list = Array.isArray(events) ? events : [events as StepEvent];
      if (list.length === 0 || again(list)) return;
      const copy = list === events ? list.slice() : list;
      remember(copy);
      const at = now();
      if (scheduled) {
        // A flush is on its way and will tell the listeners anyway: reduce these with the others then.
        pending.push({ events: copy, now: at });
        return;
      }
      const previous = state;
      state = reduceSteps(state, list, { now: at, onDiagnostic: warn });
      if (state !== previous) changed();
    },
    reset(given) {
      pending = [];
      recent.clear();
      const next = given === undefined ? initial : repairState(given);
      if (state === next) return;
      state = next;
      changed();
    },
  };
}
