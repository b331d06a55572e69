/**
 * `turnItems`: the turn as it happened, steps and reasoning segments in the order they arrived, for a
 * host that draws its own messages (and for the list). A segment's place is `stepsBefore`, a step's is
 * its index in `ids`, so the order is a merge of the two lists, never stored twice.
 */
import type { StepsState } from './step';
import { idsKey, stepOf, stepsKey } from './step-table';

/** One item of a turn: a step (`stepOf(state, id)`) or a reasoning segment (`segmentOf(state.reasoning, id)`). */
export interface TurnItem {
  readonly kind: 'step' | 'reasoning';
  readonly id: string;
}

/** The `parentId` a step names, when it names another step of the state (else `undefined`). */
export function namedParent(state: StepsState, id: string): string | undefined {
  const parentId = stepOf(state, id)?.parentId;
  if (typeof parentId !== 'string' || parentId === id || stepOf(state, parentId) === undefined) return undefined;
  return parentId;
}

/**
 * The parent each step is drawn under, in one pass over the steps: a step is drawn at the top level
 * when it names no parent, names itself, names a step that never arrived, or sits on a cycle of
 * `parentId`s (each member of a cycle is drawn at the top level, and what hangs off a cycle nests
 * under its member as usual). Each step is visited a bounded number of times (every parent pointer
 * is followed once, by the colouring below), so a 4,000-deep chain costs 4,000 steps of work, not
 * 4,000 × 4,000 / 2.
 */
export function drawnParents(state: StepsState): Map<string, string | undefined> {
  const parents = new Map<string, string | undefined>();
  for (const id of state.ids) parents.set(id, namedParent(state, id));
  // 0 = not visited, 1 = on the current walk, 2 = settled
  const colour = new Map<string, 1 | 2>();
  const walk: string[] = [];
  for (const start of state.ids) {
    if (colour.has(start)) continue;
    let cursor: string | undefined = start;
    while (cursor !== undefined && !colour.has(cursor)) {
      colour.set(cursor, 1);
      walk.push(cursor);
      cursor = parents.get(cursor);
    }
    if (cursor !== undefined && colour.get(cursor) === 1) {
      // the walk came back to itself: from `cursor` on, every step of the walk is on the cycle
      for (let i = walk.lastIndexOf(cursor); i < walk.length; i++) parents.set(walk[i] as string, undefined);
    }
    for (const id of walk) colour.set(id, 2);
    walk.length = 0;
  }
  return parents;
}

const NO_ITEMS: readonly TurnItem[] = Object.freeze([]);
const TOP = '';

/** What one computation of the items read, and the lists it made (one per parent; `TOP` for the top level). */
interface Entry {
  /** `stepsKey(state)`: the same while no step changed. */
  steps: object;
  segmentIds: readonly string[] | undefined;
  lists: Map<string, readonly TurnItem[]>;
}

/**
 * Cached by the step list a state holds (`idsKey(state)`, the same until a step arrives). A segment's
 * parent and place never change after its start, so a reasoning delta, which changes neither `ids`,
 * `byId` nor the segments' order, returns the very same arrays.
 */
const cache = new WeakMap<object, Entry>();

function sameItems(a: readonly TurnItem[] | undefined, b: readonly TurnItem[]): boolean {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]?.kind !== b[i]?.kind || a[i]?.id !== b[i]?.id) return false;
  return true;
}

function compute(state: StepsState, previous: Entry | undefined): Entry {
  const parents = drawnParents(state);
  const segments = state.reasoning;
  const built = new Map<string, TurnItem[]>();
  const push = (parent: string | undefined, item: TurnItem) => {
    const key = parent ?? TOP;
    const list = built.get(key);
    if (list) list.push(item);
    else built.set(key, [item]);
  };
  const segmentIds: readonly string[] = segments?.ids ?? [];
  let next = 0;
  const ids = state.ids;
  for (let i = 0; i <= ids.length; i++) {
    // the segments that began before step i, in the order they began
    while (next < segmentIds.length) {
      const id = segmentIds[next] as string;
      const segment = segments?.segments[next];
      if (segment && segment.stepsBefore > i && i < ids.length) break;
      next++;
      if (!segment) continue;
      const parent = segment.parentId !== undefined && parents.has(segment.parentId) ? segment.parentId : undefined;
      push(parent, { kind: 'reasoning', id });
    }
    if (i < ids.length) push(parents.get(ids[i] as string), { kind: 'step', id: ids[i] as string });
  }
  const lists = new Map<string, readonly TurnItem[]>();
  for (const [key, list] of built) {
    const before = previous?.lists.get(key);
    lists.set(key, sameItems(before, list) ? (before as readonly TurnItem[]) : Object.freeze(list));
  }
  return { steps: stepsKey(state), segmentIds: segments?.ids, lists };
}

/**
 * The items of a turn, steps and reasoning segments, in the order they arrived: the top level, or the
 * children of step `parentId` (a sub-agent's steps and reasoning). A step sits where the list's tree
 * draws it (under the step its `parentId` names; at the top when that step never arrived, or on a
 * cycle); a segment under the step its `parentId` names, else at the top.
 *
 * Memo-friendly: the same array while the items of that list are the same (a reasoning delta or a
 * step's progress changes none), so `useSyncExternalStore(subscribe, () => turnItems(getSnapshot()))`
 * re-renders only when an item arrives. Look each item up with `stepOf(state, id)` or `segmentOf(state.reasoning, id)`.
 *
 * @example
 * ```ts
 * for (const item of turnItems(state)) {
 *   if (item.kind === 'step') drawStep(stepOf(state, item.id));
 *   else drawThought(segmentOf(state.reasoning, item.id));
 * }
 * ```
 */
export function turnItems(state: StepsState, parentId?: string): readonly TurnItem[] {
  const key = idsKey(state);
  let entry = cache.get(key);
  if (!entry || entry.steps !== stepsKey(state) || entry.segmentIds !== state.reasoning?.ids) {
    entry = compute(state, entry);
    cache.set(key, entry);
  }
  return entry.lists.get(parentId ?? TOP) ?? NO_ITEMS;
}
