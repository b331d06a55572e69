/**
 * The steps of a reduced state, held so that a batch costs the same however many steps there are.
 * `StepsState` keeps its public shape (`ids`, `byId`), but a state the reducer makes holds its steps in
 * a `StepTable` off its enumerable surface: the ids and the steps in persistent vectors of fixed chunks
 * (a batch copies the directory and the chunks it touches, never the whole), and an id → place index
 * shared by the states of one run. `ids` and `byId` are own enumerable getters that build the plain
 * array and map on first read, keep them (per vector, so states that share their steps share the
 * objects too) and become data properties holding them: `JSON.stringify`, `structuredClone`, spread,
 * `Object.keys` and `Object.freeze` see a plain state, and a host may still write either (the state is
 * then read as plain). Readers that must stay O(1) per update use `stepOf` and `stepCount`; a plain state
 * (`{ ids, byId, ... }` made by a host, parsed from JSON) is read as it is and taken in by the reducer.
 */
import type { Step, StepsState } from './step';

const SHIFT = 9;
/** Entries per chunk: a batch copies at most a few chunks of this size and a directory of length / CHUNK. */
const CHUNK = 1 << SHIFT;
const MASK = CHUNK - 1;

/**
 * A persistent vector: chunks of `CHUNK` entries (the last one shorter), never changed once built; `built`
 * keeps the plain array or map made from it (`ids`, `byId`), read on every access of those getters.
 */
export class Vec<T> {
  built: unknown = undefined;
  constructor(
    readonly dir: readonly (readonly T[])[],
    readonly length: number,
  ) {}
}

/** What a reduced state holds: `ids[i]`'s step is `steps[i]` (a hole when a host's state had no step for it). */
export interface StepTable {
  readonly ids: Vec<string>;
  readonly steps: Vec<Step | undefined>;
  readonly index: PlaceIndex;
}

/**
 * Id → place, shared by the states of one run and only ever added to: a place is read as `id`'s only
 * where the table's own `ids` holds `id` there, so a state never sees a later state's steps. `covered`
 * is the number of places of the last state that added to it: a batch adds to the index only from that
 * state (a run), else it builds its own (a branch: another state made from the same base, or a state a
 * host made), so an index holds the places of one line of states, never of two.
 */
export interface PlaceIndex {
  readonly places: Map<string, number>;
  covered: number;
}

/** An index of the places of `ids`, each id at its first place. */
export function indexOf(ids: Vec<string>): PlaceIndex {
  const places = new Map<string, number>();
  let at = 0;
  for (const chunk of ids.dir) {
    for (const id of chunk) {
      if (!places.has(id)) places.set(id, at);
      at++;
    }
  }
  return { places, covered: ids.length };
}

const TABLE: unique symbol = Symbol('tool-steps.table');
type TableState = StepsState & { [TABLE]?: StepTable };

export function vecAt<T>(vec: Vec<T>, at: number): T | undefined {
  return at >= 0 && at < vec.length ? (vec.dir[at >> SHIFT] as readonly T[])[at & MASK] : undefined;
}

/** The place of `id` in `table`, or -1. */
export function placeOf(table: StepTable, id: string): number {
  const at = table.index.places.get(id);
  return at !== undefined && vecAt(table.ids, at) === id ? at : -1;
}

/** The step `id` of `table`, or `undefined`. */
export function tableStep(table: StepTable, id: string): Step | undefined {
  const at = table.index.places.get(id);
  return at !== undefined && vecAt(table.ids, at) === id ? vecAt(table.steps, at) : undefined;
}

/**
 * A vector being changed by one batch: the directory is copied once, each chunk at its first write;
 * the chunks it copied are its own until `done()`, so the batch's later writes change them in place.
 */
export class VecDraft<T> {
  private readonly dir: T[][];
  private readonly owned = new Set<number>();
  length: number;

  constructor(base: Vec<T>) {
    this.dir = base.dir.slice() as T[][];
    this.length = base.length;
  }

  at(at: number): T | undefined {
    return at >= 0 && at < this.length ? (this.dir[at >> SHIFT] as T[])[at & MASK] : undefined;
  }

  set(at: number, value: T): void {
    const k = at >> SHIFT;
    let chunk = this.dir[k];
    if (!chunk) {
      chunk = [];
      this.dir[k] = chunk;
      this.owned.add(k);
    } else if (!this.owned.has(k)) {
      chunk = chunk.slice();
      this.dir[k] = chunk;
      this.owned.add(k);
    }
    chunk[at & MASK] = value;
  }

  push(value: T): void {
    this.set(this.length, value);
    this.length++;
  }

  done(): Vec<T> {
    return new Vec(this.dir, this.length);
  }
}

function vecOf<T>(items: readonly T[]): Vec<T> {
  const dir: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) dir.push(items.slice(i, i + CHUNK));
  return new Vec(dir, items.length);
}

function flatten<T>(vec: Vec<T>): T[] {
  const out: T[] = [];
  for (const chunk of vec.dir) for (const item of chunk) out.push(item);
  return out;
}

/** `map[id] = value`, for any id: a plain assignment of "__proto__" would replace the map's prototype. */
export function put<T>(map: Record<string, T>, id: string, value: T): void {
  if (id === '__proto__') {
    Object.defineProperty(map, id, { value, enumerable: true, writable: true, configurable: true });
  } else {
    map[id] = value;
  }
}

function idsOfTable(table: StepTable): readonly string[] {
  let ids = table.ids.built as readonly string[] | undefined;
  if (!ids) {
    ids = flatten(table.ids);
    table.ids.built = ids;
  }
  return ids;
}

function byIdOfTable(table: StepTable): Readonly<Record<string, Step>> {
  let byId = table.steps.built as Record<string, Step> | undefined;
  if (!byId) {
    byId = {};
    const { dir } = table.ids;
    for (let k = 0; k < dir.length; k++) {
      const ids = dir[k] as readonly string[];
      const steps = table.steps.dir[k] as readonly (Step | undefined)[];
      for (let j = 0; j < ids.length; j++) {
        const step = steps[j];
        if (step !== undefined) put(byId, ids[j] as string, step);
      }
    }
    table.steps.built = byId;
  }
  return byId;
}

/**
 * The table a state holds, if the reducer made it and a host did not replace its `ids` or `byId` since:
 * once built they are data properties (see `settle`), which a host may write.
 */
function heldTable(state: StepsState): StepTable | undefined {
  const table = (state as TableState)[TABLE];
  if (!table) return undefined;
  const { built: ids } = table.ids;
  const { built: byId } = table.steps;
  if ((ids !== undefined && state.ids !== ids) || (byId !== undefined && state.byId !== byId)) return undefined;
  return table;
}

/** Plain states already taken in, by their `byId` (with the `ids` they were read with). */
const takenIn = new WeakMap<object, { ids: readonly string[]; table: StepTable }>();

/**
 * The table of any state: the one it holds, or one read once from a plain state's `ids` and `byId`
 * (kept, so the same plain state is read once), whose plain array and map are the state's own.
 */
export function tableOf(state: StepsState): StepTable {
  const held = heldTable(state);
  if (held) return held;
  const ids: readonly string[] = Array.isArray(state.ids) ? state.ids : [];
  const byId: Readonly<Record<string, Step>> =
    typeof state.byId === 'object' && state.byId !== null ? state.byId : ({} as Record<string, Step>);
  const known = takenIn.get(byId);
  if (known && known.ids === ids) return known.table;
  const idsVec = vecOf(ids);
  // Covering no place: the first batch from a plain state builds its own index, so the one kept here
  // (for as long as the host keeps the state) never takes in a run's later ids.
  const index = indexOf(idsVec);
  index.covered = -1;
  const steps: (Step | undefined)[] = [];
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as string;
    // A repeated id (a hand-made state) keeps its first place, as the reducer's one step per id.
    steps.push(index.places.get(id) === i && Object.hasOwn(byId, id) ? byId[id] : undefined);
  }
  const table: StepTable = { ids: idsVec, steps: vecOf(steps), index };
  table.ids.built = ids;
  table.steps.built = byId;
  takenIn.set(byId, { ids, table });
  return table;
}

function detach(state: TableState, key: 'ids' | 'byId', value: unknown): void {
  // A host that writes `ids` or `byId` makes the state plain: the table no longer says what it holds.
  const table = state[TABLE];
  if (table) {
    const ids = idsOfTable(table);
    const byId = byIdOfTable(table);
    delete state[TABLE];
    Object.defineProperty(state, 'ids', { value: ids, enumerable: true, writable: true, configurable: true });
    Object.defineProperty(state, 'byId', { value: byId, enumerable: true, writable: true, configurable: true });
  }
  Object.defineProperty(state, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Turns a getter the state has read into a data property holding what it built: a loop that reads
 * `state.byId[id]` for every step then reads a property, not a getter (a third of the time). A frozen or
 * sealed state keeps its getters.
 */
function settle(state: TableState, key: 'ids' | 'byId', value: unknown): void {
  if (!Object.isExtensible(state)) return;
  try {
    Object.defineProperty(state, key, { value, enumerable: true, writable: true, configurable: true });
  } catch {
    // a property a host made non-configurable stays a getter
  }
}

/** A state holding `table`, with `ids` and `byId` read from it on demand. */
export function tableState(
  table: StepTable,
  run: StepsState['run'],
  diagnostics: StepsState['diagnostics'],
): StepsState {
  const state: TableState = {
    get ids(): readonly string[] {
      const held = (this as TableState)[TABLE];
      const ids = held ? idsOfTable(held) : [];
      settle(this as TableState, 'ids', ids);
      return ids;
    },
    set ids(value: readonly string[]) {
      detach(this as TableState, 'ids', value);
    },
    get byId(): Readonly<Record<string, Step>> {
      const held = (this as TableState)[TABLE];
      const byId = held ? byIdOfTable(held) : {};
      settle(this as TableState, 'byId', byId);
      return byId;
    },
    set byId(value: Readonly<Record<string, Step>>) {
      detach(this as TableState, 'byId', value);
    },
    run,
    diagnostics,
  };
  Object.defineProperty(state, TABLE, { value: table, configurable: true });
  return state;
}

/**
 * The step `id` of a state, or `undefined`: O(1) however many steps, without building `state.byId`
 * (which a reduced state builds on first read, a copy of every step). For a plain state, `byId[id]`.
 *
 * @example
 * ```ts
 * const step = stepOf(store.getSnapshot(), 'call_1');
 * ```
 */
export function stepOf(state: StepsState, id: string): Step | undefined {
  const table = heldTable(state);
  if (table) return tableStep(table, id);
  const byId = state.byId;
  return Object.hasOwn(byId, id) ? byId[id] : undefined;
}

/** How many steps a state holds (`state.ids.length`, without building `state.ids`). */
export function stepCount(state: StepsState): number {
  const table = heldTable(state);
  return table ? table.ids.length : state.ids.length;
}

/** The id of the `at`-th step (in order of arrival), or `undefined`; O(1), without building `state.ids`. */
export function stepIdAt(state: StepsState, at: number): string | undefined {
  const table = heldTable(state);
  return table ? vecAt(table.ids, at) : state.ids[at];
}

/**
 * Identity tokens for caches: the same object while the state's step order (`idsKey`) or its steps
 * (`stepsKey`) are the same, as `state.ids` and `state.byId` are, without building either.
 */
export function idsKey(state: StepsState): object {
  return heldTable(state)?.ids ?? state.ids;
}

export function stepsKey(state: StepsState): object {
  return heldTable(state)?.steps ?? state.byId;
}
