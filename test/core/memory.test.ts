// A step keeps its latest progress update and a count, never the updates before it
// (bench/memory.mjs measures the heap; this checks the shape that keeps it small).
import { createStepStore, type StepEvent, type StepsState } from 'tool-steps/core';
import { describe, expect, it } from 'vitest';

const STEPS = 50;
const UPDATES = 100;

/** Each update's content and details are objects of their own, so the state's graph shows which it keeps. */
function updates(id: string): StepEvent[] {
  return Array.from({ length: UPDATES }, (_, k) => ({
    type: 'step-progress',
    id,
    content: { line: `line ${k + 1}`, of: id },
    details: { progress: k + 1, total: UPDATES },
  }));
}

/** Every object reachable from `root`. */
function reachable(root: unknown): Set<object> {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    for (const key of Reflect.ownKeys(value)) stack.push((value as Record<PropertyKey, unknown>)[key]);
  }
  return seen;
}

describe('progress updates retained', () => {
  it('after 100 updates to each of 50 steps, the state holds one progress object per step: the latest, counted', () => {
    const store = createStepStore({ schedule: (flush) => flush(), now: () => 0 });
    const all: StepEvent[] = [];
    for (let i = 0; i < STEPS; i++) {
      const id = `s${i}`;
      all.push({ type: 'step-start', id, toolName: 'run_command' }, ...updates(id));
    }
    // applied in batches that cut across steps, as frames would
    for (let at = 0; at < all.length; at += 37) store.apply(all.slice(at, at + 37));
    const state: StepsState = store.getSnapshot();
    const contents = new Set(all.flatMap((e) => (e.type === 'step-progress' ? [e.content as object] : [])));
    const details = new Set(all.flatMap((e) => (e.type === 'step-progress' ? [e.details as object] : [])));
    const kept = [...reachable(state)];
    expect(kept.filter((o) => contents.has(o))).toHaveLength(STEPS);
    expect(kept.filter((o) => details.has(o))).toHaveLength(STEPS);
    for (const id of state.ids) {
      const step = state.byId[id];
      expect(step?.progress).toEqual({
        content: { line: `line ${UPDATES}`, of: id },
        details: { progress: UPDATES, total: UPDATES },
        count: UPDATES,
      });
    }
  });
});
