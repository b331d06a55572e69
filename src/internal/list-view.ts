/**
 * What a list draws from one snapshot: the tree, the items (rows and groups) of each list of
 * siblings, the flicker hold, and the snapshot the summary line shows. `listView` computes it once per
 * snapshot, from the previous view (whose arrays it keeps where nothing changed, so rows that select
 * them by identity do not re-render), without reading a clock or writing anything; `ListModel` runs it
 * when its source notifies and hands the view to React.
 */

import type { Step, StepStore, StepsState } from 'tool-steps/core';
import type { StepFamilyOf } from 'tool-steps/presentation';
import { isActiveStatus, segmentOf } from '../core';
import { turnItems } from '../core/turn-items';
import { groupSiblings, type ListItem, type Sibling, sameItems, type ThoughtItem } from '../presentation/grouping';
import { outcomeOf } from '../presentation/outcome';
import type { ToolsConfig } from './context';
import { filtersItems, shownItems, type Verbosity } from './shown-items';
import { NO_CHILDREN, type StepTree, StepTreeCache } from './step-tree';

/** The key of the top-level list in `ListView.lists` (a nested list's key is its parent's id). */
export const TOP = '';

/** How a list groups and holds its steps, and which of its top-level items it shows. */
export interface ListViewOptions {
  /** The family function; `undefined` groups nothing. */
  familyOf: StepFamilyOf | undefined;
  /** How long a step that just ended stays out of its group (it is still drawn running). */
  minRunningMs: number;
  /** The list's verbosity (`steps` when absent) and the tools' own (`ToolConfig.verbosity`). */
  verbosity?: Verbosity;
  tools?: ToolsConfig | undefined;
}

/** What one list draws from one snapshot. */
export interface ListView {
  readonly state: StepsState;
  readonly tree: StepTree;
  readonly options: ListViewOptions;
  /** The items of each list of siblings: `TOP`, then each parent's id. */
  readonly lists: ReadonlyMap<string, readonly ListItem[]>;
  /** Where the reasoning segments sit among the steps. */
  readonly siblings: Siblings;
  /** The segments not `done` yet: only their end can take one into a group. */
  readonly unsettled: readonly string[];
  /** The lists whose items kept a step out of its group for now: computed again at `holdUntil`. */
  readonly held: ReadonlySet<string>;
  /** When the earliest held step may join its group (ms since the epoch); `undefined` when none is held. */
  readonly holdUntil: number | undefined;
  /** The snapshot the summary line draws: the previous one while no step changed in a way it shows. */
  readonly summary: StepsState;
  /**
   * The top-level items the list draws: all of `TOP`'s, or those its verbosity keeps (`shownItems`);
   * the previous array while they are the same items.
   */
  readonly shown: readonly ListItem[];
}

/**
 * The lists that hold reasoning segments, as steps and segments in arrival order (`turnItems`), by
 * parent key; a list without segments is its step ids in the tree. Computed again only when a segment
 * arrives or the tree changes (a segment's place and parent are fixed at its start).
 */
interface Siblings {
  readonly segmentIds: readonly string[] | undefined;
  readonly tree: StepTree | undefined;
  readonly lists: ReadonlyMap<string, readonly Sibling[]>;
}

const NO_SIBLINGS: Siblings = { segmentIds: undefined, tree: undefined, lists: new Map() };

function sameSiblings(a: readonly Sibling[] | undefined, b: readonly Sibling[]): boolean {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as Sibling;
    const y = b[i] as Sibling;
    if (typeof x === 'string' || typeof y === 'string' ? x !== y : x.id !== y.id) return false;
  }
  return true;
}

function siblingsOf(previous: Siblings | undefined, state: StepsState, tree: StepTree): Siblings {
  const segmentIds = state.reasoning?.ids;
  if (!segmentIds || segmentIds.length === 0) return NO_SIBLINGS;
  if (previous && previous.segmentIds === segmentIds && previous.tree === tree) return previous;
  const keys = new Set<string>();
  for (const id of segmentIds) {
    const parentId = segmentOf(state.reasoning, id)?.parentId;
    keys.add(parentId !== undefined && Object.hasOwn(state.byId, parentId) ? parentId : TOP);
  }
  const thoughts = new Map<string, ThoughtItem>();
  for (const list of previous?.lists.values() ?? [])
    for (const item of list) if (typeof item !== 'string') thoughts.set(item.id, item);
  const lists = new Map<string, readonly Sibling[]>();
  for (const key of keys) {
    const items = turnItems(state, key === TOP ? undefined : key);
    const list: Sibling[] = items.map((item) =>
      item.kind === 'step' ? item.id : (thoughts.get(item.id) ?? { kind: 'reasoning', id: item.id }),
    );
    if (!list.some((item) => typeof item !== 'string')) continue;
    const before = previous?.lists.get(key);
    lists.set(key, sameSiblings(before, list) ? (before as readonly Sibling[]) : Object.freeze(list));
  }
  return { segmentIds, tree, lists };
}

/**
 * The segments of `state` not `done` yet, from the previous view's (a reasoning delta costs one look per
 * unsettled segment, not one per segment), and whether one of those ended since.
 */
function unsettledOf(previous: ListView | undefined, state: StepsState): { ids: readonly string[]; ended: boolean } {
  const reasoning = state.reasoning;
  if (!reasoning) return { ids: NO_CHILDREN, ended: false };
  const before = previous?.state.reasoning;
  if (previous && before === reasoning) return { ids: previous.unsettled, ended: false };
  const done = (id: string) => segmentOf(reasoning, id)?.status === 'done';
  const grown = previous !== undefined && before !== undefined && before.ids.length <= reasoning.ids.length;
  const known = grown ? previous.unsettled : NO_CHILDREN;
  let ended = false;
  const ids: string[] = [];
  for (const id of known) {
    if (done(id)) ended = true;
    else ids.push(id);
  }
  for (let i = grown ? before.ids.length : 0; i < reasoning.ids.length; i++) {
    const id = reasoning.ids[i] as string;
    if (!done(id)) ids.push(id);
  }
  return { ids: !ended && ids.length === known.length ? known : ids, ended };
}

/** Whether a step can be in a group at all: only succeeded steps are. */
const groupable = (step: Step | undefined) => step?.status === 'succeeded';

/** Whether the turn summary could read differently: a step's status, times, tool or arguments changed. */
function sameForSummary(was: Step | undefined, is: Step | undefined): boolean {
  return (
    was === is ||
    (was !== undefined &&
      is !== undefined &&
      was.status === is.status &&
      was.startedAt === is.startedAt &&
      was.endedAt === is.endedAt &&
      was.toolName === is.toolName &&
      was.input === is.input &&
      was.presentation === is.presentation)
  );
}

function summaryOf(previous: StepsState | undefined, state: StepsState, segmentEnded: boolean): StepsState {
  if (!previous || previous.ids !== state.ids || segmentEnded) return state;
  // only the reasoning changed (a delta): the line reads the steps, the run and the ended segments' times
  if (previous.byId === state.byId) return previous.run === state.run ? previous : state;
  for (const id of state.ids) if (!sameForSummary(previous.byId[id], state.byId[id])) return state;
  return previous;
}

/**
 * The items of one list, or the previous ones when nothing they depend on changed: the same ids, family
 * function and tree, no hold, no step that changed was or became `succeeded` (a progress update to a
 * running step, the common update, changes no group: a pointer comparison per step), and, in a list
 * with reasoning, no segment ended (`segmentEnded`; a reasoning delta changes no group).
 */
function reusable(
  previous: ListView,
  key: string,
  ids: readonly Sibling[],
  state: StepsState,
  tree: StepTree,
  segmentEnded: boolean,
) {
  const before = previous.lists.get(key);
  if (!before || previous.held.has(key) || previous.tree.children !== tree.children) return undefined;
  if (segmentEnded && previous.siblings.lists.has(key)) return undefined;
  const beforeIds =
    previous.siblings.lists.get(key) ?? (key === TOP ? previous.tree.roots : previous.tree.children.get(key));
  if (beforeIds !== ids) return undefined;
  if (previous.state.byId !== state.byId) {
    for (const id of ids) {
      if (typeof id !== 'string') continue;
      const was = previous.state.byId[id];
      const is = state.byId[id];
      if (was !== is && (groupable(was) || groupable(is))) return undefined;
    }
  }
  return before;
}

/** Whether two lists hold the same items, item by item. */
function sameRefs(a: readonly ListItem[], b: readonly ListItem[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/** The top-level items drawn: all of `top`, or what the verbosity keeps, the previous array when the same. */
function shownOf(
  previous: ListView | undefined,
  top: readonly ListItem[],
  state: StepsState,
  tree: StepTree,
  options: ListViewOptions,
): readonly ListItem[] {
  const { tools, verbosity = 'steps' } = options;
  if (!filtersItems(tools, verbosity)) return top;
  const items = shownItems(top, state, tree, tools, verbosity);
  return previous && sameRefs(previous.shown, items) ? previous.shown : items;
}

/**
 * The view of `state`, from the `previous` view and its `tree`. `now` is the time the view is for
 * (`undefined`: no step is held, as in a server render and the list's first render, whose rows are
 * never drawn running for the flicker guard either).
 */
export function listView(
  previous: ListView | undefined,
  state: StepsState,
  tree: StepTree,
  options: ListViewOptions,
  now: number | undefined,
): ListView {
  const { familyOf, minRunningMs } = options;
  const same = previous !== undefined && previous.options.familyOf === familyOf;
  const lists = new Map<string, readonly ListItem[]>();
  const held = new Set<string>();
  let holdUntil: number | undefined;
  /** Whether the list being computed kept a step out of its group. */
  let kept = false;
  const isFresh = (step: Step) => {
    if (now === undefined || minRunningMs <= 0 || typeof step.endedAt !== 'number') return false;
    const until = step.endedAt + minRunningMs;
    if (until <= now || until - now > minRunningMs) return false;
    holdUntil = holdUntil === undefined ? until : Math.min(holdUntil, until);
    kept = true;
    return true;
  };
  const siblings = siblingsOf(previous?.siblings, state, tree);
  const unsettled = unsettledOf(previous, state);
  const itemsOf = (key: string, steps: readonly string[]) => {
    const ids = siblings.lists.get(key) ?? steps;
    if (!familyOf || ids.length < 2) {
      lists.set(key, ids);
      return;
    }
    const reused = same ? reusable(previous, key, ids, state, tree, unsettled.ended) : undefined;
    if (reused) {
      lists.set(key, reused);
      return;
    }
    kept = false;
    const items = groupSiblings(ids, state, familyOf, (id) => tree.children.has(id), isFresh);
    if (kept) held.add(key);
    const last = previous?.lists.get(key);
    lists.set(key, last && sameItems(last, items) ? last : items);
  };
  itemsOf(TOP, tree.roots);
  for (const [parent, ids] of tree.children) itemsOf(parent, ids);
  // a step whose nested items are reasoning only
  for (const key of siblings.lists.keys()) if (!lists.has(key)) itemsOf(key, NO_CHILDREN);
  const top = lists.get(TOP) ?? NO_CHILDREN;
  return {
    state,
    tree,
    options,
    lists,
    siblings,
    unsettled: unsettled.ids,
    held,
    holdUntil,
    summary: summaryOf(previous?.summary, state, unsettled.ended),
    shown: shownOf(previous, top, state, tree, options),
  };
}

/** The items of a list in `view` (none for a step without nested steps). */
export function itemsIn(view: ListView, key: string): readonly ListItem[] {
  return view.lists.get(key) ?? NO_CHILDREN;
}

/** Whether a parent's nested steps start shown: while it runs, or while one of them needs a person (or failed). */
export function nestedStartOpen(view: ListView, id: string): boolean {
  const { state } = view;
  const parent = Object.hasOwn(state.byId, id) ? state.byId[id] : undefined;
  if (!parent || isActiveStatus(parent.status) || parent.status === 'awaiting-approval') return true;
  for (const childId of view.tree.children.get(id) ?? NO_CHILDREN) {
    const child = state.byId[childId];
    if (child === undefined) continue;
    const status = child.status;
    if (isActiveStatus(status) || status === 'awaiting-approval' || outcomeOf(child).status === 'failed') return true;
  }
  return false;
}

/** What the list reads its snapshots from: a store, or the adapter of a `state` prop. */
export type StepSource = Pick<StepStore, 'getSnapshot' | 'subscribe'>;

/**
 * One list's view of its source, for React (`useSyncExternalStore(model.subscribe, model.getView)`):
 * computed when the source notifies (outside render), and again when a step held out of its group may
 * join it. `connect` starts following the source (from an effect); until then the view is the
 * snapshot's at construction, computed without a clock.
 */
export class ListModel {
  private readonly tree = new StepTreeCache();
  private readonly listeners = new Set<() => void>();
  private view: ListView;
  private timer: { id: ReturnType<typeof setTimeout>; at: number } | undefined;

  constructor(
    private readonly source: StepSource,
    private options: ListViewOptions,
  ) {
    const state = source.getSnapshot();
    this.view = listView(undefined, state, this.tree.get(state), options, undefined);
  }

  readonly getView = (): ListView => this.view;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Follows the source; returns the function that stops (and clears the regrouping timer). */
  connect(): () => void {
    const stop = this.source.subscribe(() => this.update());
    this.update();
    return () => {
      stop();
      this.clearTimer();
    };
  }

  /**
   * Draws at another verbosity (the host's or the person's choice, or the tools'): the view is computed
   * again from the same snapshot. Called from a layout effect; the constructor's options are the first.
   */
  setShown(verbosity: Verbosity, tools: ToolsConfig | undefined): void {
    if (this.options.verbosity === verbosity && this.options.tools === tools) return;
    this.options = { ...this.options, verbosity, tools };
    this.update(true);
  }

  private update(force = false): void {
    const state = this.source.getSnapshot();
    const previous = this.view;
    if (!force && state === previous.state && previous.holdUntil === undefined) return;
    const next = listView(previous, state, this.tree.get(state), this.options, Date.now());
    this.view = next;
    this.arm(next.holdUntil);
    if (next.state !== previous.state || next.lists !== previous.lists || next.shown !== previous.shown)
      for (const listener of this.listeners) listener();
  }

  /** One timer, for the earliest moment a held step may join its group. */
  private arm(until: number | undefined): void {
    if (until === undefined || (this.timer && this.timer.at <= until)) return;
    this.clearTimer();
    const id = setTimeout(
      () => {
        this.timer = undefined;
        this.update();
      },
      Math.max(0, until - Date.now()),
    );
    this.timer = { id, at: until };
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer.id);
    this.timer = undefined;
  }
}

/**
 * A `state` prop as a store: one object for the list's life, whose snapshot is the latest prop
 * (`set`, from a layout effect: the rows whose step changed re-render before the paint, the others
 * not at all). The list never applies events to it.
 */
export interface StateSource extends StepStore {
  set(state: StepsState): void;
}

export function stateSource(initial: StepsState): StateSource {
  let current = initial;
  const listeners = new Set<() => void>();
  const refuse = () => {
    throw new Error('tool-steps: a list drawn from `state` takes no events; apply them to a store (createStepStore)');
  };
  return {
    getSnapshot: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      if (next === current) return;
      current = next;
      for (const listener of [...listeners]) listener();
    },
    apply: refuse,
    reset: refuse,
  };
}
