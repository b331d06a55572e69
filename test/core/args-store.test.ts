// A stream read one event at a time (a server that flushes every
// event) is reduced once per flush, not once per read, so neither the argument's partial parse nor
// the copy of a long run's step map happens on every read.
import type { StepEvent } from 'tool-steps/core';
import { describe, expect, it, vi } from 'vitest';
import * as reduce from '../../src/core/reduce';
import { createStepStore } from '../../src/core/store';

vi.mock('../../src/core/reduce', async (original) => {
  const actual = await original<typeof import('../../src/core/reduce')>();
  return {
    ...actual,
    reduceSteps: vi.fn(actual.reduceSteps),
    reduceTimedBatches: vi.fn(actual.reduceTimedBatches),
  };
});

/** A scheduler that keeps the flush until the test runs it, as requestAnimationFrame would. */
function frames() {
  const pending: Array<() => void> = [];
  return {
    schedule: (flush: () => void) => {
      pending.push(flush);
    },
    frame: () => {
      for (const flush of pending.splice(0)) flush();
    },
  };
}

const delta = (text: string): StepEvent => ({ type: 'step-input-delta', id: 'w', delta: text });

describe('a store fed one event per read', () => {
  it('reduces the reads made while a flush is pending in one batch, and tells its listener once', () => {
    const reduceSteps = vi.mocked(reduce.reduceSteps);
    const reduceTimedBatches = vi.mocked(reduce.reduceTimedBatches);
    const { schedule, frame } = frames();
    const store = createStepStore({ schedule, now: () => 0 });
    const listener = vi.fn();
    store.subscribe(listener);
    store.apply({ type: 'step-start', id: 'w', toolName: 'write_file' });
    reduceSteps.mockClear();
    reduceTimedBatches.mockClear();
    const text = JSON.stringify({ path: 'a.ts', content: 'x'.repeat(5000) });
    for (let at = 0; at < text.length; at += 50) store.apply(delta(text.slice(at, at + 50)));
    frame();
    // one reduction for every read made before the frame, whichever function folds them
    expect(reduceSteps.mock.calls.length + reduceTimedBatches.mock.calls.length).toBe(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().byId.w?.inputText).toBe(text);
    expect(store.getSnapshot().byId.w?.input).toMatchObject({ path: 'a.ts' });
  });

  it('an array the caller reuses after apply does not change what was queued', () => {
    const { schedule, frame } = frames();
    const store = createStepStore({ schedule, now: () => 0 });
    store.apply({ type: 'step-start', id: 'w', toolName: 'write_file' });
    const buffer: StepEvent[] = [delta('{"path":"a.ts"}')];
    store.apply(buffer);
    buffer.length = 0;
    buffer.push(delta('garbage'));
    frame();
    expect(store.getSnapshot().byId.w?.inputText).toBe('{"path":"a.ts"}');
  });

  it('a read before the flush sees every event applied so far', () => {
    const { schedule } = frames();
    const store = createStepStore({ schedule, now: () => 0 });
    store.apply({ type: 'step-start', id: 'w', toolName: 'write_file' });
    store.apply(delta('{"path":"a'));
    store.apply(delta('.ts"}'));
    expect(store.getSnapshot().byId.w).toMatchObject({ inputText: '{"path":"a.ts"}', input: { path: 'a.ts' } });
    expect(store.getSnapshot()).toBe(store.getSnapshot());
  });

  it('an event applied while a flush is pending keeps the time of its own apply', () => {
    const { schedule, frame } = frames();
    let t = 1000;
    const store = createStepStore({ schedule, now: () => t });
    store.apply({ type: 'step-start', id: 'a', toolName: 'grep' });
    t = 2000;
    store.apply({ type: 'step-start', id: 'b', toolName: 'grep' });
    t = 3000;
    store.apply({ type: 'step-result', id: 'a', result: 'ok' });
    t = 9000;
    frame();
    expect(store.getSnapshot().byId.a).toMatchObject({ startedAt: 1000, endedAt: 3000 });
    expect(store.getSnapshot().byId.b?.startedAt).toBe(2000);
  });

  it('reset drops the events still waiting for the flush', () => {
    const { schedule, frame } = frames();
    const store = createStepStore({ schedule, now: () => 0 });
    store.apply({ type: 'step-start', id: 'a', toolName: 'grep' });
    store.apply({ type: 'step-start', id: 'b', toolName: 'grep' });
    store.reset();
    frame();
    expect(store.getSnapshot().ids).toEqual([]);
  });
});
