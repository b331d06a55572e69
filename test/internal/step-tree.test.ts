import type { Step, StepEvent, StepsState } from 'tool-steps';
import { emptyStepsState, reduceSteps } from 'tool-steps/core';
import { describe, expect, it } from 'vitest';
import { NO_CHILDREN, StepTreeCache } from '../../src/internal/step-tree';

const start = (id: string, parentId?: string): StepEvent =>
  parentId === undefined
    ? { type: 'step-start', id, toolName: 'agent' }
    : { type: 'step-start', id, toolName: 'agent', parentId };
const reduce = (events: StepEvent[], from: StepsState = emptyStepsState) => reduceSteps(from, events);

/** The tree as plain data: roots, and each parent's children. */
function shape(cache: StepTreeCache, state: StepsState) {
  const tree = cache.get(state);
  return { roots: [...tree.roots], children: Object.fromEntries([...tree.children].map(([k, v]) => [k, [...v]])) };
}

/** The same state with every read of a step's `parentId` counted. */
function counting(state: StepsState): { state: StepsState; reads: () => number } {
  let reads = 0;
  const byId: Record<string, Step> = {};
  for (const id of state.ids) {
    byId[id] = new Proxy(state.byId[id] as Step, {
      get(target, key, receiver) {
        if (key === 'parentId') reads++;
        return Reflect.get(target, key, receiver);
      },
    });
  }
  return { state: { ...state, byId }, reads: () => reads };
}

describe('StepTreeCache', () => {
  it('builds a 4,000-deep parentId chain reading each step a bounded number of times (linear, not quadratic)', () => {
    const events = Array.from({ length: 4000 }, (_, i) => start(`s${i}`, i ? `s${i - 1}` : undefined));
    const { state, reads } = counting(reduce(events));
    const tree = new StepTreeCache().get(state);
    expect(tree.roots).toEqual(['s0']);
    expect(tree.children.get('s3998')).toEqual(['s3999']);
    // the ancestor walk per step read ~8 million parentIds here
    expect(reads()).toBeLessThanOrEqual(4 * 4000);
  });

  it('adds steps streamed one per snapshot without walking the known ones again, equal to a fresh build', () => {
    const cache = new StepTreeCache();
    let state = emptyStepsState;
    for (let i = 0; i < 300; i++) {
      state = reduce([start(`s${i}`, i % 3 ? `s${i - 1}` : undefined)], state);
      expect(shape(cache, state)).toEqual(shape(new StepTreeCache(), state));
    }
    const next = counting(reduce([start('late', 's299')], state));
    cache.get(state);
    // one read per known step (has its parent changed?) and a few for the new one; no ancestor walks
    const before = next.reads();
    expect(shape(cache, next.state).children.s299).toEqual(['late']);
    expect(next.reads() - before).toBeLessThanOrEqual(300 + 5);
  });

  it('keeps the identity of child lists and roots that did not change', () => {
    const cache = new StepTreeCache();
    const a = reduce([start('p'), start('c1', 'p'), start('q'), start('d1', 'q')]);
    const first = cache.get(a);
    const b = reduce([start('c2', 'p')], a);
    const second = cache.get(b);
    expect(second.roots).toBe(first.roots);
    expect(second.children.get('q')).toBe(first.children.get('q'));
    expect(second.children.get('p')).toEqual(['c1', 'c2']);
    expect(cache.childrenOf(b, 'c1')).toBe(NO_CHILDREN);
  });

  it('draws cycle members, self-parents and steps whose parent never arrived at the top level, and nests what hangs off a cycle', () => {
    const state = reduce([
      start('a', 'b'),
      start('b', 'a'),
      start('self', 'self'),
      start('d', 'a'),
      start('orphan', 'gone'),
    ]);
    expect(shape(new StepTreeCache(), state)).toEqual({ roots: ['a', 'b', 'self', 'orphan'], children: { a: ['d'] } });
  });

  it('breaks a cycle formed by steps of the same snapshot, and one closed by a late parent', () => {
    const cache = new StepTreeCache();
    const one = reduce([start('root')]);
    cache.get(one);
    const two = reduce([start('x', 'y'), start('y', 'x')], one);
    expect(shape(cache, two)).toEqual({ roots: ['root', 'x', 'y'], children: {} });
    const three = reduce([start('m', 'n')], two);
    expect(shape(cache, three).roots).toEqual(['root', 'x', 'y', 'm']);
    const four = reduce([start('n', 'm')], three);
    expect(shape(cache, four)).toEqual({ roots: ['root', 'x', 'y', 'm', 'n'], children: {} });
    const five = reduce([start('k', 'late')], four);
    cache.get(five);
    const six = reduce([start('late', 'root')], five);
    expect(shape(cache, six).children).toEqual({ root: ['late'], late: ['k'] });
  });

  it('survives a parentId that is not a string', () => {
    const state: StepsState = {
      ...emptyStepsState,
      ids: ['a', 'b'],
      byId: {
        a: { id: 'a', toolName: 't', status: 'running', inputText: '' },
        b: { id: 'b', toolName: 't', status: 'running', inputText: '', parentId: 42 as unknown as string },
      },
    };
    expect(shape(new StepTreeCache(), state).roots).toEqual(['a', 'b']);
  });
});
