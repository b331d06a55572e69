// What a list draws from one snapshot (src/internal/list-view.ts): pure, once per snapshot, and reusing
// the previous arrays where nothing changed.
import { createStepStore, type StepEvent } from 'tool-steps';
import { describe, expect, it } from 'vitest';
import { itemsIn, ListModel, listView, stateSource, TOP } from '../../src/internal/list-view';
import { StepTreeCache } from '../../src/internal/step-tree';
import { defaultStepFamily } from '../../src/presentation/grouping';

const syncStore = () => createStepStore({ schedule: (flush) => flush(), now: () => 1000 });
const read = (id: string, at: number): StepEvent[] => [
  { type: 'step-start', id, toolName: 'read_file', at },
  { type: 'step-input', id, input: { path: `${id}.ts` }, at },
  { type: 'step-result', id, result: 'ok', at: at + 1 },
];
const options = { familyOf: defaultStepFamily, minRunningMs: 400 };

describe('listView', () => {
  it('places reasoning segments among the steps, and a reasoning delta keeps every array', () => {
    const store = syncStore();
    store.apply([
      { type: 'reasoning-start', id: 'r1', at: 0 },
      ...read('a', 1),
      ...read('b', 2),
      { type: 'reasoning-start', id: 'r2', at: 3 },
      ...read('c', 4),
    ]);
    const tree = new StepTreeCache();
    const first = store.getSnapshot();
    const view = listView(undefined, first, tree.get(first), options, undefined);
    // a segment still streaming between two reads ends the run before it: one group, then a row of its own
    expect(itemsIn(view, TOP)).toEqual([
      { kind: 'reasoning', id: 'r1' },
      expect.objectContaining({ key: 'a', ids: ['a', 'b'] }),
      { kind: 'reasoning', id: 'r2' },
      'c',
    ]);
    store.apply({ type: 'reasoning-delta', id: 'r2', delta: 'more' });
    const next = store.getSnapshot();
    const after = listView(view, next, tree.get(next), options, 5000);
    expect(after.lists.get(TOP)).toBe(view.lists.get(TOP));
    expect(after.siblings).toBe(view.siblings);
  });

  it('is pure: the same inputs give the same items, and a progress update keeps every array', () => {
    const store = syncStore();
    store.apply([...read('a', 1), ...read('b', 2), { type: 'step-start', id: 'c', toolName: 'run_command', at: 3 }]);
    store.apply({ type: 'step-progress', id: 'c', content: 'started' });
    const tree = new StepTreeCache();
    const first = store.getSnapshot();
    const view = listView(undefined, first, tree.get(first), options, undefined);
    expect(listView(undefined, first, tree.get(first), options, undefined).lists.get(TOP)).toEqual(view.lists.get(TOP));
    expect(itemsIn(view, TOP)).toEqual([expect.objectContaining({ key: 'a', ids: ['a', 'b'] }), 'c']);
    store.apply({ type: 'step-progress', id: 'c', content: 'half way' });
    const next = store.getSnapshot();
    const after = listView(view, next, tree.get(next), options, 5000);
    expect(after.lists.get(TOP)).toBe(view.lists.get(TOP));
    expect(after.summary).toBe(view.summary);
    expect(after.state).toBe(next);
  });

  it('keeps a step that just ended out of its group until `now` passes its hold, and says when', () => {
    const store = syncStore();
    store.apply([...read('a', 1), ...read('b', 900)]);
    const state = store.getSnapshot();
    const tree = new StepTreeCache();
    const held = listView(undefined, state, tree.get(state), options, 1000);
    expect(itemsIn(held, TOP)).toEqual(['a', 'b']);
    expect(held.holdUntil).toBe(901 + 400);
    const joined = listView(held, state, tree.get(state), options, 1400);
    expect(itemsIn(joined, TOP)).toEqual([expect.objectContaining({ ids: ['a', 'b'] })]);
    expect(joined.holdUntil).toBeUndefined();
    // no clock (a server render, a first render): nothing is held
    expect(listView(undefined, state, tree.get(state), options, undefined).holdUntil).toBeUndefined();
  });
});

describe('the items a verbosity shows', () => {
  const failing = (id: string, at: number): StepEvent[] => [
    { type: 'step-start', id, toolName: 'run_command', at },
    { type: 'step-error', id, message: 'exit 1', at: at + 1 },
  ];
  const running = (id: string, at: number): StepEvent[] => [{ type: 'step-start', id, toolName: 'run_command', at }];

  it('are all of the top list at `steps`, and only what needs a person at `collapsed`, kept while the same', () => {
    const store = syncStore();
    store.apply([...read('a', 1), ...failing('f', 2), ...running('r', 3)]);
    const tree = new StepTreeCache();
    const state = store.getSnapshot();
    const steps = listView(undefined, state, tree.get(state), options, undefined);
    expect(steps.shown).toBe(itemsIn(steps, TOP));
    const collapsed = { ...options, verbosity: 'collapsed' as const };
    const view = listView(undefined, state, tree.get(state), collapsed, undefined);
    expect(view.shown).toEqual(['f']);
    // a progress update to a hidden row changes nothing the list draws: the same array
    store.apply({ type: 'step-progress', id: 'r', content: 'half way' });
    const next = store.getSnapshot();
    const after = listView(view, next, tree.get(next), collapsed, 5000);
    expect(after.shown).toBe(view.shown);
    // a hidden row that fails is drawn
    store.apply({ type: 'step-error', id: 'r', message: 'killed' });
    const failed = store.getSnapshot();
    expect(listView(after, failed, tree.get(failed), collapsed, 6000).shown).toEqual(['f', 'r']);
  });

  it('follow a tool collapsed on its own, whatever the list', () => {
    const store = syncStore();
    store.apply([...running('r', 1), { type: 'step-start', id: 's', toolName: 'search', at: 2 }]);
    const state = store.getSnapshot();
    const tools = { run_command: { verbosity: 'collapsed' as const } };
    const view = listView(undefined, state, new StepTreeCache().get(state), { ...options, tools }, undefined);
    expect(view.shown).toEqual(['s']);
  });
});

describe('ListModel', () => {
  it('draws another verbosity from the same snapshot, telling its listeners once', () => {
    const store = syncStore();
    store.apply([...read('a', 1), { type: 'step-start', id: 'w', toolName: 'run_command', at: 2 }]);
    store.apply({ type: 'step-approval', id: 'w', approvalId: 'ap1' });
    const model = new ListModel(store, options);
    const stop = model.connect();
    let told = 0;
    model.subscribe(() => told++);
    expect(model.getView().shown).toEqual(['a', 'w']);
    model.setShown('collapsed', undefined);
    expect(model.getView().shown).toEqual(['w']);
    expect(told).toBe(1);
    model.setShown('collapsed', undefined);
    expect(told).toBe(1);
    model.setShown('steps', undefined);
    expect(model.getView().shown).toEqual(['a', 'w']);
    stop();
  });

  it('computes the view when its source notifies, not when it is read', () => {
    const source = stateSource(syncStore().getSnapshot());
    const model = new ListModel(source, options);
    const stop = model.connect();
    const seen: number[] = [];
    model.subscribe(() => seen.push(itemsIn(model.getView(), TOP).length));
    const store = syncStore();
    store.apply(read('a', 1));
    const view = model.getView();
    expect(model.getView()).toBe(view);
    source.set(store.getSnapshot());
    expect(seen).toEqual([1]);
    expect(model.getView()).not.toBe(view);
    stop();
  });

  it('a state adapter refuses events with a clear message', () => {
    const source = stateSource(syncStore().getSnapshot());
    expect(() => source.apply([])).toThrow(/takes no events/);
  });
});
