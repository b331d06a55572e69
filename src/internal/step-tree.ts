import type { StepsState } from '../core';

/** Steps as a tree: top-level ids in order, and each parent's child ids in order. */
export interface StepTree {
  roots: readonly string[];
  children: ReadonlyMap<string, readonly string[]>;
}

/** The child list of a step without children; one shared array, so it never looks changed. */
export const NO_CHILDREN: readonly string[] = Object.freeze([]);

function sameList(a: readonly string[] | undefined, b: readonly string[]): boolean {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The parent a step is drawn under: its `parentId` when that step exists and no cycle runs through it. */
function drawnParent(state: StepsState, id: string): string | undefined {
  const parentId = state.byId[id]?.parentId;
  if (parentId === undefined || parentId === id || !Object.hasOwn(state.byId, parentId)) return undefined;
  const seen = new Set([id]);
  let cursor: string | undefined = parentId;
  while (cursor !== undefined) {
    if (seen.has(cursor)) return undefined; // a cycle on the wire: draw the step at the top level
    seen.add(cursor);
    const next: string | undefined = state.byId[cursor]?.parentId;
    cursor = next !== undefined && Object.hasOwn(state.byId, next) ? next : undefined;
  }
  return parentId;
}

/**
 * Builds trees from snapshots, once per snapshot, reusing the previous tree's arrays where their
 * content did not change: rows that select their child list by `Object.is` then re-render only when
 * that list changed.
 */
export class StepTreeCache {
  private state: StepsState | undefined;
  private tree: StepTree = { roots: NO_CHILDREN, children: new Map() };

  get(state: StepsState): StepTree {
    if (state === this.state) return this.tree;
    const previous = this.tree;
    const roots: string[] = [];
    const children = new Map<string, string[]>();
    let nested = false;
    for (const id of state.ids) {
      const parent = drawnParent(state, id);
      if (parent === undefined) {
        roots.push(id);
        continue;
      }
      nested = true;
      const list = children.get(parent);
      if (list) list.push(id);
      else children.set(parent, [id]);
    }
    const stableChildren = new Map<string, readonly string[]>();
    if (nested) {
      for (const [parent, list] of children) {
        const before = previous.children.get(parent);
        stableChildren.set(parent, before && sameList(before, list) ? before : Object.freeze(list));
      }
    }
    const stableRoots = sameList(previous.roots, roots)
      ? previous.roots
      : !nested && roots.length === state.ids.length
        ? state.ids
        : Object.freeze(roots);
    this.state = state;
    this.tree = { roots: stableRoots, children: stableChildren };
    return this.tree;
  }

  /** A step's children in the tree of `state`. */
  childrenOf(state: StepsState, id: string): readonly string[] {
    return this.get(state).children.get(id) ?? NO_CHILDREN;
  }
}
