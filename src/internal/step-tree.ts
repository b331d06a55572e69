import type { StepsState } from 'tool-steps/core';
import { drawnParents, namedParent } from '../core/turn-items';

/** Steps as a tree: top-level ids in order, and each parent's child ids in order. */
export interface StepTree {
  roots: readonly string[];
  children: ReadonlyMap<string, readonly string[]>;
}

/** The child list of a step without children; one shared array, so it never looks changed. */
export const NO_CHILDREN: readonly string[] = Object.freeze([]);

const EMPTY_TREE: StepTree = { roots: NO_CHILDREN, children: new Map() };

function sameList(a: readonly string[] | undefined, b: readonly string[]): boolean {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Builds trees from snapshots, once per snapshot, reusing the previous tree's arrays where their
 * content did not change: rows that select their child list by `Object.is` then re-render only when
 * that list changed.
 *
 * Incremental where the store allows it: a store only appends ids, and a step's `parentId` is fixed
 * once it started (late starts of ended steps are dropped). So when the previous snapshot's ids are
 * a prefix of the new ones, no known step changed its `parentId` and no new step is a parent some
 * known step was waiting for, the new steps are appended to the lists they belong to (a new step
 * cannot close a cycle then: nothing known points at it). Anything else rebuilds in one linear pass.
 */
export class StepTreeCache {
  private state: StepsState | undefined;
  private tree: StepTree = EMPTY_TREE;
  /** The `parentId` each known step had (what the tree was built from). */
  private named = new Map<string, string | undefined>();
  /** Ids that some known step names as its parent but that did not exist yet. */
  private awaited = new Set<string>();

  get(state: StepsState): StepTree {
    if (state === this.state) return this.tree;
    const previous = this.state;
    this.tree = (previous && this.extend(previous, state)) || this.build(state);
    this.state = state;
    return this.tree;
  }

  /** A step's children in the tree of `state`. */
  childrenOf(state: StepsState, id: string): readonly string[] {
    return this.get(state).children.get(id) ?? NO_CHILDREN;
  }

  /** The tree of `state` from the previous one when only new steps arrived; `undefined` when it cannot. */
  private extend(previous: StepsState, state: StepsState): StepTree | undefined {
    const before = previous.ids;
    const ids = state.ids;
    // no step changed (a reasoning delta, a run event): the same tree, without a look at every step
    if (ids === before && state.byId === previous.byId) return this.tree;
    if (ids.length < before.length) return undefined;
    for (let i = 0; i < before.length; i++) {
      const id = ids[i] as string;
      if (id !== before[i]) return undefined;
      if (state.byId[id] !== previous.byId[id] && state.byId[id]?.parentId !== this.named.get(id)) return undefined;
    }
    if (ids.length === before.length) return this.tree;
    for (let i = before.length; i < ids.length; i++) if (this.awaited.has(ids[i] as string)) return undefined;
    let roots: string[] | undefined;
    const children = new Map(this.tree.children);
    const grown = new Set<string>();
    for (let i = before.length; i < ids.length; i++) {
      const id = ids[i] as string;
      const parentId = state.byId[id]?.parentId;
      const parent = namedParent(state, id);
      // a parent that is new and not placed yet could close a cycle among the new steps
      if (parent !== undefined && !this.named.has(parent)) return undefined;
      this.named.set(id, parentId);
      if (typeof parentId === 'string' && parentId !== id && parent === undefined) this.awaited.add(parentId);
      if (parent === undefined) {
        roots ??= [...this.tree.roots];
        roots.push(id);
        continue;
      }
      let list = children.get(parent) as string[] | undefined;
      if (!grown.has(parent)) {
        list = list ? [...list] : [];
        children.set(parent, list);
        grown.add(parent);
      }
      (list as string[]).push(id);
    }
    for (const parent of grown) Object.freeze(children.get(parent));
    return { roots: roots ? this.stableRoots(state, roots, grown.size > 0) : this.tree.roots, children };
  }

  private build(state: StepsState): StepTree {
    const previous = this.tree;
    const parents = drawnParents(state);
    const roots: string[] = [];
    const children = new Map<string, string[]>();
    this.named = new Map();
    this.awaited = new Set();
    for (const id of state.ids) {
      const parentId = state.byId[id]?.parentId;
      this.named.set(id, parentId);
      if (typeof parentId === 'string' && parentId !== id && !Object.hasOwn(state.byId, parentId)) {
        this.awaited.add(parentId);
      }
      const parent = parents.get(id);
      if (parent === undefined) {
        roots.push(id);
        continue;
      }
      const list = children.get(parent);
      if (list) list.push(id);
      else children.set(parent, [id]);
    }
    const stableChildren = new Map<string, readonly string[]>();
    for (const [parent, list] of children) {
      const before = previous.children.get(parent);
      stableChildren.set(parent, before && sameList(before, list) ? before : Object.freeze(list));
    }
    return { roots: this.stableRoots(state, roots, children.size > 0), children: stableChildren };
  }

  private stableRoots(state: StepsState, roots: string[], nested: boolean): readonly string[] {
    if (sameList(this.tree.roots, roots)) return this.tree.roots;
    if (!nested && this.tree.children.size === 0 && roots.length === state.ids.length) return state.ids;
    return Object.freeze(roots);
  }
}
