// A reduced state holds its steps in a persistent table (src/core/step-table.ts) behind the public
// `ids` / `byId` shape: hosts that clone, serialize, spread, freeze or hand-make states see a plain state.
import {
  createStepStore,
  emptyStepsState,
  reduceSteps,
  type Step,
  type StepEvent,
  type StepsState,
  stepCount,
  stepOf,
  turnItems,
} from 'tool-steps/core';
import { describe, expect, it } from 'vitest';

const call = (id: string, result: unknown = id): StepEvent[] => [
  { type: 'step-start', id, toolName: 'read_file' },
  { type: 'step-result', id, result },
];

/** A run of `n` finished calls and one still running, reduced from nothing. */
function run(n: number): StepsState {
  const events: StepEvent[] = [{ type: 'run-start' }];
  for (let i = 0; i < n; i++) events.push(...call(`c${i}`));
  events.push({ type: 'step-start', id: 'open', toolName: 'grep' });
  return reduceSteps(emptyStepsState, events, { now: 5 });
}

/** The state as plain data: what a host that stores it keeps. */
const plain = (state: StepsState) => ({
  ids: [...state.ids],
  byId: { ...state.byId },
  run: state.run,
  diagnostics: state.diagnostics,
  ...(state.reasoning ? { reasoning: state.reasoning } : {}),
});

describe('a reduced state as hosts handle it', () => {
  it('survives structuredClone as the same plain state, and the clone reduces on', () => {
    const state = reduceSteps(run(3), { type: 'reasoning-start', id: 'r1' });
    const clone = structuredClone(state);
    expect(clone).toEqual(plain(state));
    expect(Object.keys(clone.byId)).toEqual(['c0', 'c1', 'c2', 'open']);
    const next = reduceSteps(clone, [{ type: 'step-result', id: 'open', result: 1 }, ...call('c3')]);
    expect(next.ids).toEqual(['c0', 'c1', 'c2', 'open', 'c3']);
    expect(stepOf(next, 'open')?.status).toBe('succeeded');
    expect(clone.byId.open?.status).toBe('input-streaming');
  });

  it('survives a JSON round trip, and the parsed state reduces on without a second step per id', () => {
    const state = run(3);
    const text = JSON.stringify(state);
    expect(JSON.parse(text)).toEqual(plain(state));
    expect(text.startsWith('{"ids":["c0","c1","c2","open"],"byId":{"c0":')).toBe(true);
    const next = reduceSteps(JSON.parse(text) as StepsState, [
      { type: 'step-progress', id: 'open', content: 'half' },
      ...call('c0', 'again'),
    ]);
    expect(next.ids).toEqual(['c0', 'c1', 'c2', 'open']);
    expect(next.byId.c0?.result).toBe('c0');
    expect(next.diagnostics.count).toBe(2);
    expect(next.byId.open?.progress?.content).toBe('half');
  });

  it('spreads into plain data, and a host edit of the spread copy is what the reducer reads', () => {
    const state = run(2);
    const copy = { ...state };
    expect(Object.getOwnPropertyDescriptor(copy, 'byId')?.value).toBe(state.byId);
    expect(Object.keys(state)).toEqual(['ids', 'byId', 'run', 'diagnostics']);
    expect(Object.hasOwn(state, 'ids') && Object.hasOwn(state, 'byId')).toBe(true);
    const edited: StepsState = {
      ...state,
      byId: { ...state.byId, open: { ...(state.byId.open as Step), toolName: 'renamed' } },
    };
    const next = reduceSteps(edited, { type: 'step-progress', id: 'open', content: 'x' });
    expect(stepOf(next, 'open')?.toolName).toBe('renamed');
    expect(next.byId.open?.progress?.count).toBe(1);
  });

  it('reads the same when frozen, and a frozen state reduces on', () => {
    const state = Object.freeze(run(2));
    expect(state.ids).toEqual(['c0', 'c1', 'open']);
    expect(state.byId.c1?.status).toBe('succeeded');
    const next = reduceSteps(state, call('c2'));
    expect(next.ids).toEqual(['c0', 'c1', 'open', 'c2']);
    expect(state.ids).toEqual(['c0', 'c1', 'open']);
  });

  it('takes in an old plain state a host made, as `initialState` and in `reduceSteps`', () => {
    const step: Step = { id: 'a', toolName: 'grep', status: 'running', inputText: '' };
    const old: StepsState = { ids: ['a'], byId: { a: step }, run: { status: 'streaming' }, diagnostics: { count: 0 } };
    const runOnly = reduceSteps(old, { type: 'run-finish' });
    expect(runOnly.byId.a?.status).toBe('interrupted');
    const same = reduceSteps(old, { type: 'run-start' });
    expect(same.byId).toBe(old.byId);
    expect(same.ids).toBe(old.ids);
    const next = reduceSteps(old, [...call('b'), { type: 'step-result', id: 'a', result: 1 }]);
    expect(next.ids).toEqual(['a', 'b']);
    expect(stepOf(next, 'a')?.status).toBe('succeeded');
    expect(old.byId.a).toBe(step);
    expect(stepOf(old, 'a')).toBe(step);
    expect(stepCount(old)).toBe(1);
    const store = createStepStore({ initialState: old, schedule: (flush) => flush() });
    store.apply(call('b'));
    expect(store.getSnapshot().ids).toEqual(['a', 'b']);
  });

  it('makes a state plain when a host writes its `ids` or `byId`', () => {
    const state = run(1) as { -readonly [K in keyof StepsState]: StepsState[K] };
    const step = { ...(state.byId.c0 as Step), toolName: 'written' };
    state.byId = { ...state.byId, c0: step };
    expect(stepOf(state, 'c0')).toBe(step);
    expect(state.ids).toEqual(['c0', 'open']);
    expect(reduceSteps(state, { type: 'step-progress', id: 'open' }).byId.c0).toBe(step);
    const read = run(1) as { -readonly [K in keyof StepsState]: StepsState[K] };
    expect(read.ids).toEqual(['c0', 'open']);
    expect(stepOf(read, 'c0')?.toolName).toBe('read_file');
    read.ids = ['open'];
    expect(stepCount(read)).toBe(1);
    expect(reduceSteps(read, call('c1')).ids).toEqual(['open', 'c1']);
  });
});

describe('the table behind a state', () => {
  it('keeps `ids` and `byId` the same objects while nothing they hold changed', () => {
    const state = run(3);
    expect(state.byId).toBe(state.byId);
    const runOnly = reduceSteps(state, { type: 'run-finish', keepOpen: ['open'] });
    expect(runOnly.byId).toBe(state.byId);
    expect(runOnly.ids).toBe(state.ids);
    const progressed = reduceSteps(state, { type: 'step-progress', id: 'open' });
    expect(progressed.ids).toBe(state.ids);
    expect(progressed.byId).not.toBe(state.byId);
    expect(progressed.byId.c0).toBe(state.byId.c0);
  });

  it('leaves every earlier state as it was across chunks, and finds every step', () => {
    const before = run(1300);
    const after = reduceSteps(before, [
      { type: 'step-result', id: 'open', result: 'done' },
      { type: 'step-progress', id: 'c3' },
      ...call('c1300'),
    ]);
    expect(stepCount(before)).toBe(1301);
    expect(stepCount(after)).toBe(1302);
    expect(before.ids.at(-1)).toBe('open');
    expect(after.ids.slice(-2)).toEqual(['open', 'c1300']);
    expect(stepOf(before, 'c1300')).toBeUndefined();
    expect(stepOf(before, 'open')?.status).toBe('input-streaming');
    expect(stepOf(after, 'open')?.result).toBe('done');
    expect(stepOf(after, 'c3')).toBe(before.byId.c3);
    for (const id of after.ids) expect(stepOf(after, id)).toBe(after.byId[id]);
    expect(Object.keys(after.byId)).toEqual(after.ids);
  });

  it('keeps states branched off one base apart, a later one giving an id another place', () => {
    const base = run(2);
    const withX = reduceSteps(base, call('x', 'first'));
    const withY = reduceSteps(base, call('y'));
    const yThenX = reduceSteps(withY, call('x', 'second'));
    expect(withX.ids).toEqual(['c0', 'c1', 'open', 'x']);
    expect(yThenX.ids).toEqual(['c0', 'c1', 'open', 'y', 'x']);
    expect(stepOf(withX, 'x')?.result).toBe('first');
    expect(stepOf(withX, 'y')).toBeUndefined();
    expect(stepOf(withY, 'x')).toBeUndefined();
    expect(stepOf(yThenX, 'x')?.result).toBe('second');
    expect(reduceSteps(withX, call('z')).byId.x?.result).toBe('first');
    expect(stepOf(base, 'x')).toBeUndefined();
    const one = createStepStore({ schedule: (flush) => flush() });
    const two = createStepStore({ schedule: (flush) => flush() });
    one.apply([...call('a'), ...call('b')]);
    two.apply([...call('b'), ...call('a')]);
    one.apply(call('c'));
    expect(one.getSnapshot().ids).toEqual(['a', 'b', 'c']);
    expect(two.getSnapshot().ids).toEqual(['b', 'a']);
    expect(stepOf(two.getSnapshot(), 'c')).toBeUndefined();
    expect(stepOf(two.getSnapshot(), 'a')).toBe(two.getSnapshot().byId.a);
  });

  it('holds a "__proto__" id as an own key of `byId`', () => {
    const state = reduceSteps(emptyStepsState, call('__proto__'));
    expect(Object.hasOwn(state.byId, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(state.byId)).toBe(Object.prototype);
    expect(stepOf(state, '__proto__')?.status).toBe('succeeded');
    expect(JSON.parse(JSON.stringify(state)).ids).toEqual(['__proto__']);
  });

  it('gives `turnItems` the same list while no step arrives', () => {
    const state = run(2);
    const items = turnItems(state);
    expect(turnItems(reduceSteps(state, { type: 'step-progress', id: 'open' }))).toBe(items);
    expect(turnItems(reduceSteps(state, call('c9'))).map((item) => item.id)).toEqual(['c0', 'c1', 'open', 'c9']);
  });
});
