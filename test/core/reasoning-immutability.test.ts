// What React relies on while reasoning streams: a snapshot never changes once handed out, a changed
// segment is a new object, every other segment (and the steps) keeps its identity, and
// `state.reasoning` is new exactly when a segment changed. The reducer appends a batch's later deltas in
// place to the copy its first delta made; these hold that to copies no snapshot has seen.
import {
  createStepStore,
  emptyStepsState,
  reduceSteps,
  type StepEvent,
  type StepsState,
  segmentOf,
} from 'tool-steps/core';
import { describe, expect, it } from 'vitest';

/** Freezes a state and everything in it: a write to it in the reducer throws, and the reducer counts a diagnostic. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

const delta = (id: string, text: string): StepEvent => ({ type: 'reasoning-delta', id, delta: text });

/** Three segments around two steps, the middle one streaming. */
function turn(): StepsState {
  return reduceSteps(emptyStepsState, [
    { type: 'reasoning-start', id: 'r1' },
    delta('r1', 'first'),
    { type: 'reasoning-end', id: 'r1' },
    { type: 'step-start', id: 'c1', toolName: 'read' },
    { type: 'reasoning-start', id: 'r2' },
    delta('r2', 'a'),
    { type: 'step-start', id: 'c2', toolName: 'grep' },
    { type: 'reasoning-start', id: 'r3' },
  ]);
}

describe('reasoning snapshots stay as they were handed out', () => {
  it('a batch of deltas makes one new segment and a new reasoning; the snapshot before is untouched', () => {
    const before = deepFreeze(turn());
    const copy = structuredClone(before);
    const after = reduceSteps(before, [delta('r2', 'b'), delta('r2', 'c')]);
    const next = reduceSteps(after, [delta('r2', 'd'), delta('r2', 'e')]);

    expect(before).toEqual(copy);
    expect(after.diagnostics.count).toBe(0);
    expect(segmentOf(after.reasoning, 'r2')?.text).toBe('abc');
    expect(segmentOf(next.reasoning, 'r2')?.text).toBe('abcde');
    // the batch after: the segment its deltas changed is new again, the snapshot before it keeps its text
    expect(segmentOf(next.reasoning, 'r2')).not.toBe(segmentOf(after.reasoning, 'r2'));
    expect(segmentOf(after.reasoning, 'r2')?.text).toBe('abc');

    for (const [from, to] of [
      [before, after],
      [after, next],
    ] as const) {
      expect(to.reasoning).not.toBe(from.reasoning);
      expect(to.reasoning?.segments).not.toBe(from.reasoning?.segments);
      expect(segmentOf(to.reasoning, 'r2')).not.toBe(segmentOf(from.reasoning, 'r2'));
      expect(segmentOf(to.reasoning, 'r1')).toBe(segmentOf(from.reasoning, 'r1'));
      expect(segmentOf(to.reasoning, 'r3')).toBe(segmentOf(from.reasoning, 'r3'));
      expect(to.reasoning?.ids).toBe(from.reasoning?.ids);
      expect(to.byId).toBe(from.byId);
      expect(to.ids).toBe(from.ids);
    }
  });

  it('deltas to two segments in one batch make two new segments and keep the third', () => {
    const before = deepFreeze(turn());
    const after = reduceSteps(before, [delta('r3', 'x'), delta('r2', 'b'), delta('r3', 'y')]);
    expect(after.diagnostics.count).toBe(0);
    expect(segmentOf(after.reasoning, 'r2')?.text).toBe('ab');
    expect(segmentOf(after.reasoning, 'r3')?.text).toBe('xy');
    expect(segmentOf(before.reasoning, 'r3')?.text).toBe('');
    expect(segmentOf(after.reasoning, 'r1')).toBe(segmentOf(before.reasoning, 'r1'));
  });

  it('a batch that changes no segment keeps reasoning and every segment', () => {
    const before = deepFreeze(turn());
    const after = reduceSteps(before, [{ type: 'step-progress', id: 'c2', content: 'searching' }, delta('r2', '')]);
    expect(after).not.toBe(before);
    expect(after.reasoning).toBe(before.reasoning);
  });

  it('a store reducing several applies at once leaves the snapshot a listener saw as it was', () => {
    let flush: (() => void) | undefined;
    const store = createStepStore({
      now: () => 0,
      schedule: (f) => {
        flush = f;
      },
    });
    const seen: StepsState[] = [];
    store.subscribe(() => seen.push(deepFreeze(store.getSnapshot())));
    store.apply([{ type: 'reasoning-start', id: 'r' }, delta('r', 'a')]);
    flush?.();
    store.apply(delta('r', 'b'));
    // applied while a flush is pending: reduced together on the next flush, appending to one copy
    store.apply(delta('r', 'c'));
    store.apply(delta('r', 'd'));
    flush?.();
    expect(seen.map((state) => segmentOf(state.reasoning, 'r')?.text)).toEqual(['a', 'abcd']);
    expect(segmentOf(seen[1]?.reasoning, 'r')).not.toBe(segmentOf(seen[0]?.reasoning, 'r'));
    expect(seen[1]?.diagnostics.count).toBe(0);
  });
});

describe('finding a segment by id', () => {
  it('answers for every state, when two reductions add different segments to the same base', () => {
    const base = deepFreeze(turn());
    const left = reduceSteps(base, [{ type: 'reasoning-start', id: 'x' }, delta('x', 'left')]);
    const right = reduceSteps(base, [{ type: 'reasoning-start', id: 'y' }, delta('y', 'right')]);
    const later = reduceSteps(left, [{ type: 'reasoning-start', id: 'y' }, delta('y', 'later')]);
    expect(segmentOf(base.reasoning, 'x')).toBeUndefined();
    expect(segmentOf(base.reasoning, 'y')).toBeUndefined();
    expect(segmentOf(left.reasoning, 'x')?.text).toBe('left');
    expect(segmentOf(left.reasoning, 'y')).toBeUndefined();
    expect(segmentOf(right.reasoning, 'x')).toBeUndefined();
    expect(segmentOf(right.reasoning, 'y')?.text).toBe('right');
    expect(segmentOf(later.reasoning, 'x')?.text).toBe('left');
    expect(segmentOf(later.reasoning, 'y')?.text).toBe('later');
    expect(later.reasoning?.ids).toEqual(['r1', 'r2', 'r3', 'x', 'y']);
    expect(segmentOf(base.reasoning, 'r2')).toBe(segmentOf(left.reasoning, 'r2'));
  });
});
