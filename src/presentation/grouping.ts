/**
 * Grouping: runs of consecutive finished steps of a family (reads, searches, listings) drawn as one
 * summary row, and the words of the group and turn summaries.
 */

import type { Step, StepsState } from 'tool-steps/core';
import { segmentOf } from '../core/segments';
import { readName } from './derived/humanize';
import { segmentDurationMs, stepDurationMs } from './duration';
import { outcomeOf } from './outcome';

/** Names a step's family (`'read'`, `'search'`, `'list'` or the host's own), or `undefined` for steps that never group. */
export type StepFamilyOf = (step: Step) => string | undefined;

const FAMILY_BY_WORD: Readonly<Record<string, string>> = {
  read: 'read',
  view: 'read',
  cat: 'read',
  open: 'read',
  grep: 'search',
  search: 'search',
  find: 'search',
  glob: 'search',
  rg: 'search',
  ripgrep: 'search',
  list: 'list',
  ls: 'list',
  tree: 'list',
};

/**
 * The built-in families, read from the tool name's first word in any case style: `read_file`,
 * `view`, `cat` → `read`; `grep`, `glob`, `search_code`, `find` → `search`; `list_files`, `ls`,
 * `tree` → `list`. Other tools have none and never group.
 */
export function defaultStepFamily(step: Step): string | undefined {
  if (typeof step.toolName !== 'string' || step.toolName === '') return undefined;
  const word = readName(step.toolName).words[0];
  return word !== undefined && Object.hasOwn(FAMILY_BY_WORD, word) ? FAMILY_BY_WORD[word] : undefined;
}

/**
 * A run of grouped steps: its key (the first step's id), the steps, the finished reasoning segments
 * between them, and the count per family in order of first appearance.
 */
export interface StepGroup {
  readonly key: string;
  readonly ids: readonly string[];
  /** The steps and the segments between them, in arrival order (what the open group draws). */
  readonly members: readonly Sibling[];
  /** The ids of the reasoning segments taken in. */
  readonly thoughts: readonly string[];
  readonly families: readonly { readonly family: string; readonly count: number }[];
  /** The sum of the known durations of the steps and the segments; `undefined` when none is known. */
  readonly durationMs: number | undefined;
  /** The sum of the segments' known durations; `undefined` when none is known. */
  readonly thoughtMs: number | undefined;
}

/** A reasoning segment's place in a drawn list (`segmentOf(state.reasoning, id)`). */
export interface ThoughtItem {
  readonly kind: 'reasoning';
  readonly id: string;
}

/** What a list of siblings holds before grouping: step ids and reasoning segments, in arrival order. */
export type Sibling = string | ThoughtItem;

/** One item of a drawn list: a step's id, a reasoning segment, or a group of steps. */
export type ListItem = string | ThoughtItem | StepGroup;

/** Whether an item is a reasoning segment. */
export function isThought(item: ListItem): item is ThoughtItem {
  return typeof item !== 'string' && 'kind' in item;
}

/** The fewest consecutive steps that make a group. */
export const GROUP_MIN = 2;

/** Whether two lists of items draw the same (groups compared by what they show). */
export function sameItems(a: readonly ListItem[], b: readonly ListItem[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as ListItem;
    const y = b[i] as ListItem;
    if (typeof x === 'string' || typeof y === 'string') {
      if (x !== y) return false;
      continue;
    }
    if (isThought(x) || isThought(y)) {
      if (!isThought(x) || !isThought(y) || x.id !== y.id) return false;
      continue;
    }
    if (x.key !== y.key || x.ids.length !== y.ids.length || x.durationMs !== y.durationMs) return false;
    if (x.members.length !== y.members.length || x.thoughtMs !== y.thoughtMs) return false;
    for (let m = 0; m < x.members.length; m++) {
      const p = x.members[m] as Sibling;
      const q = y.members[m] as Sibling;
      if (typeof p === 'string' || typeof q === 'string' ? p !== q : p.id !== q.id) return false;
    }
    if (x.families.length !== y.families.length) return false;
    for (let f = 0; f < x.families.length; f++) {
      const p = x.families[f];
      const q = y.families[f];
      if (p?.family !== q?.family || p?.count !== q?.count) return false;
    }
  }
  return true;
}

/**
 * The items of one list of siblings: each run of at least `GROUP_MIN` consecutive `succeeded` steps
 * that have a family and no nested steps becomes a group; every other step stays a row of its own (a
 * failed, denied, awaiting-approval or running step, or a success whose result reports a failure such
 * as a non-zero exit code, is never hidden in a group). A finished reasoning segment between two
 * steps of a run joins it; any other segment (before the run's first step, after its last, still
 * streaming or cut) stays a row of its own in its place and ends the run before it.
 */
export function groupSiblings(
  siblings: readonly Sibling[],
  state: StepsState,
  familyOf: StepFamilyOf,
  hasChildren: (id: string) => boolean,
  /** A step that stays a row for now (it ended a moment ago and is still drawn running). */
  isFresh?: (step: Step) => boolean,
): ListItem[] {
  const items: ListItem[] = [];
  let run: string[] = [];
  let runFamilies: string[] = [];
  /** The run's steps and the segments taken in between them. */
  let members: Sibling[] = [];
  /** Finished segments after the run's last step: they join if another step of the run follows. */
  let pending: ThoughtItem[] = [];
  const flush = () => {
    if (run.length >= GROUP_MIN) {
      const counts = new Map<string, number>();
      for (const family of runFamilies) counts.set(family, (counts.get(family) ?? 0) + 1);
      let total: number | undefined;
      let thinking: number | undefined;
      const thoughts: string[] = [];
      for (const member of members) {
        let ms: number | undefined;
        if (typeof member === 'string') ms = stepDurationMs(state.byId[member] as Step);
        else {
          thoughts.push(member.id);
          const segment = segmentOf(state.reasoning, member.id);
          ms = segment ? segmentDurationMs(segment) : undefined;
          if (ms !== undefined) thinking = (thinking ?? 0) + ms;
        }
        if (ms !== undefined) total = (total ?? 0) + ms;
      }
      items.push({
        key: run[0] as string,
        ids: run,
        members,
        thoughts,
        families: [...counts].map(([family, count]) => ({ family, count })),
        durationMs: total,
        thoughtMs: thinking,
      });
    } else items.push(...members);
    items.push(...pending);
    run = [];
    runFamilies = [];
    members = [];
    pending = [];
  };
  const finished = (item: ThoughtItem) => segmentOf(state.reasoning, item.id)?.status === 'done';
  for (const id of siblings) {
    if (typeof id !== 'string') {
      if (run.length > 0 && finished(id)) pending.push(id);
      else {
        flush();
        items.push(id);
      }
      continue;
    }
    const step = Object.hasOwn(state.byId, id) ? state.byId[id] : undefined;
    let family: string | undefined;
    // a success whose result reports a failure (exit 1) is a failure to people: never hidden in a group
    if (step && step.status === 'succeeded' && outcomeOf(step).status !== 'failed' && !hasChildren(id)) {
      try {
        family = familyOf(step);
      } catch {
        family = undefined; // a host function that throws groups nothing
      }
      if (family !== undefined && isFresh?.(step)) family = undefined;
    }
    if (typeof family === 'string' && family !== '') {
      members.push(...pending, id);
      pending = [];
      run.push(id);
      runFamilies.push(family);
    } else {
      flush();
      items.push(id);
    }
  }
  flush();
  return items;
}
