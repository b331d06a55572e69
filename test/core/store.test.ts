// createStepStore: getSnapshot / subscribe / apply / reset, batching, injected clock and scheduler,
// and the development warning for skipped input.

import { createStepStore, emptyStepsState, type StepEvent, type StepsState } from 'tool-steps/core';
import { decoders } from 'tool-steps/wires';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A scheduler that keeps the flushes until the test runs them. */
function manualSchedule() {
  const pending: Array<() => void> = [];
  const schedule = vi.fn((flush: () => void) => {
    pending.push(flush);
  });
  const run = () => {
    for (const flush of pending.splice(0)) flush();
  };
  return { schedule, run, pending };
}

const sync = (flush: () => void) => flush();
const start = (id: string, toolName = 'grep'): StepEvent => ({ type: 'step-start', id, toolName });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('getSnapshot / apply', () => {
  it('starts from emptyStepsState, or from initialState', () => {
    expect(createStepStore().getSnapshot()).toBe(emptyStepsState);
    const initial: StepsState = { ...emptyStepsState, run: { status: 'streaming' } };
    expect(createStepStore({ initialState: initial }).getSnapshot()).toBe(initial);
  });

  it('apply takes one event or a batch and reduces them', () => {
    const store = createStepStore({ schedule: sync, now: () => 0 });
    store.apply(start('a'));
    store.apply([start('b'), { type: 'step-result', id: 'a', result: 1 }]);
    const state = store.getSnapshot();
    expect(state.ids).toEqual(['a', 'b']);
    expect(state.byId.a).toEqual({
      id: 'a',
      toolName: 'grep',
      status: 'succeeded',
      inputText: '',
      result: 1,
      startedAt: 0,
      endedAt: 0,
    });
  });

  it('the snapshot is the same object until something changes', () => {
    const store = createStepStore({ schedule: sync });
    store.apply(start('a'));
    const first = store.getSnapshot();
    expect(store.getSnapshot()).toBe(first);
    store.apply(start('a')); // a no-op
    expect(store.getSnapshot()).toBe(first);
    store.apply({ type: 'step-progress', id: 'a', content: 'x' });
    expect(store.getSnapshot()).not.toBe(first);
  });

  it('stamps with the injected clock, read once per apply', () => {
    let t = 1000;
    const now = vi.fn(() => t);
    const store = createStepStore({ schedule: sync, now });
    store.apply([start('a'), start('b')]);
    expect(now).toHaveBeenCalledTimes(1);
    t = 2500;
    store.apply({ type: 'step-result', id: 'a' });
    expect(store.getSnapshot().byId.a).toMatchObject({ startedAt: 1000, endedAt: 2500 });
    expect(store.getSnapshot().byId.b?.startedAt).toBe(1000);
  });

  it('an event that carries its own time keeps it', () => {
    const store = createStepStore({ schedule: sync, now: () => 99 });
    store.apply({ type: 'step-start', id: 'a', toolName: 'x', at: 5 });
    expect(store.getSnapshot().byId.a?.startedAt).toBe(5);
  });

  it('defaults to Date.now', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1234);
    const store = createStepStore({ schedule: sync });
    store.apply(start('a'));
    expect(store.getSnapshot().byId.a?.startedAt).toBe(1234);
  });

  it('never throws on garbage', () => {
    const store = createStepStore({ schedule: sync });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => store.apply([null, 5, { type: 'x' }] as unknown as StepEvent[])).not.toThrow();
    expect(store.getSnapshot().diagnostics.count).toBe(3);
  });
});

describe('the same events applied again', () => {
  const turn = (): StepEvent[] => [
    { type: 'run-start' },
    start('a'),
    { type: 'step-input-delta', id: 'a', delta: '{"q":1}' },
    { type: 'step-result', id: 'a', result: 'ok' },
    { type: 'run-finish' },
  ];

  it('a batch of the very same event objects is recognised and ignored: no diagnostic, no change', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const schedule of [sync, manualSchedule().schedule]) {
      const store = createStepStore({ schedule, now: () => 0 });
      const events = turn();
      store.apply(events);
      const once = store.getSnapshot();
      // React StrictMode: the effect runs again with the same array; a host may copy it, or apply one by one
      store.apply(events);
      store.apply([...events]);
      const twice = store.getSnapshot();
      expect(twice).toBe(once);
      expect(twice.diagnostics.count).toBe(0);
      expect(twice.byId.a?.inputText).toBe('{"q":1}');
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it('recognises events applied one at a time, applied so again', () => {
    const store = createStepStore({ schedule: sync, now: () => 0 });
    const events = [
      ...turn().slice(0, 3),
      ...Array.from({ length: 40 }, (_, i): StepEvent => ({ type: 'step-progress', id: 'a', content: `${i}` })),
      ...turn().slice(3),
    ];
    for (const event of events) store.apply(event);
    const once = store.getSnapshot();
    for (const event of events) store.apply(event);
    expect(store.getSnapshot()).toBe(once);
    expect(once.diagnostics.count).toBe(0);
  });

  it('recognises a batch among the last few, as StrictMode re-runs every effect of a tree in turn', () => {
    const store = createStepStore({ schedule: sync, now: () => 0 });
    const first = [start('a')];
    const second = [start('b'), { type: 'step-input-delta', id: 'b', delta: 'x' } as StepEvent];
    store.apply(first);
    store.apply(second);
    store.apply(first);
    store.apply(second);
    expect(store.getSnapshot().byId.b?.inputText).toBe('x');
    expect(store.getSnapshot().diagnostics.count).toBe(0);
  });

  it('new event objects with the same content are applied, and so is a reused array holding new events', () => {
    const store = createStepStore({ schedule: sync, now: () => 0 });
    const buffer: StepEvent[] = [start('a'), { type: 'step-input-delta', id: 'a', delta: 'x' }];
    store.apply(buffer);
    store.apply([{ type: 'step-input-delta', id: 'a', delta: 'x' }]);
    buffer.splice(0, buffer.length, { type: 'step-input-delta', id: 'a', delta: 'y' });
    store.apply(buffer);
    expect(store.getSnapshot().byId.a?.inputText).toBe('xxy');
  });

  it('after reset the same events apply again', () => {
    const store = createStepStore({ schedule: sync, now: () => 0 });
    const events = turn();
    store.apply(events);
    store.reset();
    store.apply(events);
    expect(store.getSnapshot().ids).toEqual(['a']);
    expect(store.getSnapshot().run.status).toBe('done');
  });
});

describe('subscribe and notifications', () => {
  // the shared frame queue times its frames by this clock: stopped, no frame here is ever too long, so
  // how many flushes a frame runs does not depend on the machine's load
  beforeEach(() => {
    vi.spyOn(performance, 'now').mockReturnValue(0);
  });

  it('a batch notifies once', () => {
    const store = createStepStore({ schedule: sync });
    const listener = vi.fn();
    store.subscribe(listener);
    store.apply([start('a'), start('b'), start('c'), { type: 'step-result', id: 'a' }]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().ids).toEqual(['a', 'b', 'c']);
  });

  it('several applies before the scheduled flush notify once', () => {
    const { schedule, run } = manualSchedule();
    const store = createStepStore({ schedule });
    const listener = vi.fn();
    store.subscribe(listener);
    store.apply(start('a'));
    store.apply(start('b'));
    store.apply({ type: 'step-progress', id: 'a', content: 1 });
    expect(schedule).toHaveBeenCalledTimes(1);
    expect(listener).not.toHaveBeenCalled();
    // the snapshot is already current; only the notification waits
    expect(store.getSnapshot().ids).toEqual(['a', 'b']);
    run();
    expect(listener).toHaveBeenCalledTimes(1);
    run();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('schedules again after a flush', () => {
    const { schedule, run } = manualSchedule();
    const store = createStepStore({ schedule });
    const listener = vi.fn();
    store.subscribe(listener);
    store.apply(start('a'));
    run();
    store.apply(start('b'));
    expect(schedule).toHaveBeenCalledTimes(2);
    run();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('no notification (and nothing scheduled) when nothing changed', () => {
    const { schedule, run } = manualSchedule();
    const store = createStepStore({ schedule });
    const listener = vi.fn();
    store.subscribe(listener);
    store.apply([]);
    expect(schedule).not.toHaveBeenCalled();
    store.apply(start('a'));
    run();
    store.apply(start('a'));
    store.apply({ type: 'step-cancelled', id: 'a' });
    store.apply({ type: 'step-cancelled', id: 'a' }); // a cancel of a cancelled step changes nothing
    run();
    expect(listener).toHaveBeenCalledTimes(2);
    const calls = schedule.mock.calls.length;
    store.apply({ type: 'step-cancelled', id: 'a' });
    expect(schedule).toHaveBeenCalledTimes(calls);
  });

  it('a change undone before the flush notifies nobody', () => {
    const { schedule, run } = manualSchedule();
    const store = createStepStore({ schedule });
    const listener = vi.fn();
    store.subscribe(listener);
    store.apply(start('a'));
    store.reset();
    run();
    expect(listener).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toBe(emptyStepsState);
  });

  it('unsubscribe stops the notifications of that listener only', () => {
    const store = createStepStore({ schedule: sync });
    const kept = vi.fn();
    const removed = vi.fn();
    store.subscribe(kept);
    const unsubscribe = store.subscribe(removed);
    store.apply(start('a'));
    unsubscribe();
    unsubscribe();
    store.apply(start('b'));
    expect(kept).toHaveBeenCalledTimes(2);
    expect(removed).toHaveBeenCalledTimes(1);
  });

  it('a listener that unsubscribes another during a flush does not skip anyone in that flush', () => {
    const store = createStepStore({ schedule: sync });
    const second = vi.fn();
    let off: () => void = () => {};
    store.subscribe(() => off());
    off = store.subscribe(second);
    store.apply(start('a'));
    expect(second).toHaveBeenCalledTimes(1);
    store.apply(start('b'));
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('listeners read the new snapshot when they are called', () => {
    const store = createStepStore({ schedule: sync });
    const seen: string[][] = [];
    store.subscribe(() => seen.push([...store.getSnapshot().ids]));
    store.apply(start('a'));
    store.apply(start('b'));
    expect(seen).toEqual([['a'], ['a', 'b']]);
  });

  it('by default notifies on a microtask where there is no requestAnimationFrame', async () => {
    expect(typeof requestAnimationFrame).toBe('undefined');
    const store = createStepStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.apply(start('a'));
    store.apply(start('b'));
    expect(listener).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('by default notifies once per animation frame where there is one', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    const store = createStepStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.apply(start('a'));
    store.apply(start('b'));
    expect(frames).toHaveLength(1);
    expect(listener).not.toHaveBeenCalled();
    frames[0]?.(16);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stores on the default schedule share one animation frame callback, which flushes each in turn', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    const heard: number[] = [];
    const stores = Array.from({ length: 100 }, (_, i) => {
      const store = createStepStore({ now: () => 0 });
      store.subscribe(() => heard.push(i));
      return store;
    });
    for (const store of stores) store.apply(start('a'));
    stores[3]?.apply(start('b'));
    expect(frames).toHaveLength(1);
    expect(heard).toEqual([]);
    // a frame runs as many as fit it (test/core/frames.test.ts), the rest on the frames after it
    for (let frame = 0; frame < frames.length; frame++) frames[frame]?.(16 * (frame + 1));
    // in the order they asked for the frame, each once, with all of its applies
    expect(heard).toEqual(stores.map((_, i) => i));
    expect(stores[3]?.getSnapshot().ids).toEqual(['a', 'b']);
    // the next change asks for the next frame
    const before = frames.length;
    stores[7]?.apply(start('c'));
    expect(frames).toHaveLength(before + 1);
    frames[before]?.(16 * (before + 1));
    expect(heard.slice(100)).toEqual([7]);
  });

  it('a store changed by a listener during the shared frame is flushed on the next one', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    const first = createStepStore({ now: () => 0 });
    const second = createStepStore({ now: () => 0 });
    const heard: string[] = [];
    first.subscribe(() => {
      heard.push('first');
      second.apply(start('later'));
    });
    second.subscribe(() => heard.push('second'));
    first.apply(start('a'));
    frames[0]?.(16);
    expect(heard).toEqual(['first']);
    expect(frames).toHaveLength(2);
    frames[1]?.(32);
    expect(heard).toEqual(['first', 'second']);
  });

  it('a listener that throws in the shared frame does not keep the other stores from flushing', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    const thrown: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => thrown.push(error));
    const failing = createStepStore({ now: () => 0 });
    const other = createStepStore({ now: () => 0 });
    failing.subscribe(() => {
      throw new Error('listener failed');
    });
    const listener = vi.fn();
    other.subscribe(listener);
    failing.apply(start('a'));
    other.apply(start('b'));
    frames[0]?.(16);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(thrown).toEqual([new Error('listener failed')]);
  });

  it('stores on the default schedule share one microtask where there is no requestAnimationFrame', async () => {
    const queued = vi.spyOn(globalThis, 'queueMicrotask');
    const listeners = [vi.fn(), vi.fn(), vi.fn()];
    for (const listener of listeners) {
      const store = createStepStore({ now: () => 0 });
      store.subscribe(listener);
      store.apply(start('a'));
    }
    expect(queued).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    for (const listener of listeners) expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('reset', () => {
  it('goes back to the initial state and tells the listeners', () => {
    const initial: StepsState = { ...emptyStepsState, run: { status: 'streaming' } };
    const store = createStepStore({ schedule: sync, initialState: initial });
    const listener = vi.fn();
    store.subscribe(listener);
    store.apply(start('a'));
    store.reset();
    expect(store.getSnapshot()).toBe(initial);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('reset(state) sets that state', () => {
    const store = createStepStore({ schedule: sync });
    const other = createStepStore({ schedule: sync });
    other.apply(start('x'));
    const listener = vi.fn();
    store.subscribe(listener);
    store.reset(other.getSnapshot());
    expect(store.getSnapshot()).toBe(other.getSnapshot());
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('resetting to the current state notifies nobody', () => {
    const { schedule } = manualSchedule();
    const store = createStepStore({ schedule });
    store.reset();
    store.reset(emptyStepsState);
    expect(schedule).not.toHaveBeenCalled();
  });
});

describe('development warnings', () => {
  // The "warned once" memory is module state: each test gets a fresh copy of the core.
  let core: typeof import('tool-steps/core');
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(async () => {
    vi.resetModules();
    core = await import('tool-steps/core');
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('warns once per kind, with the protocol and the reason', () => {
    const store = core.createStepStore({ schedule: sync });
    store.apply({ type: 'diagnostic', protocol: 'cogitator', reason: 'a frame that is not JSON: oops' });
    store.apply({ type: 'diagnostic', protocol: 'cogitator', reason: 'a frame that is not JSON: oops' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('[tool-steps] cogitator: a frame that is not JSON: oops');
    store.apply({ type: 'diagnostic', reason: 'something else entirely' });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenLastCalledWith('[tool-steps] something else entirely');
    expect(store.getSnapshot().diagnostics.count).toBe(3);
  });

  it('ids and names do not make a new kind', () => {
    const store = core.createStepStore({ schedule: sync });
    store.apply([start('a'), { type: 'step-result', id: 'a' }, start('b'), { type: 'step-result', id: 'b' }]);
    store.apply({ type: 'step-result', id: 'a' });
    store.apply({ type: 'step-result', id: 'b' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      '[tool-steps] "step-result" for step "a" arrived after it ended (succeeded); dropped',
    );
  });

  it('the once is per store-independent kind: a second store does not warn again', () => {
    core.createStepStore({ schedule: sync }).apply({ type: 'diagnostic', reason: 'same kind' });
    core.createStepStore({ schedule: sync }).apply({ type: 'diagnostic', reason: 'same kind' });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('two malformed frames with different text are one kind: one warning', () => {
    const decoder = decoders.cogitator();
    const store = core.createStepStore({ schedule: sync });
    store.apply(decoder.push('{"type":"tool-call-st'));
    store.apply(decoder.push('not json at all'));
    expect(store.getSnapshot().diagnostics.count).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/^\[tool-steps\] cogitator: a frame that is not JSON/);
  });

  it('each kind in one batch is warned about, not only the last', () => {
    const store = core.createStepStore({ schedule: sync });
    store.apply([
      { type: 'diagnostic', protocol: 'cogitator', reason: 'first kind' },
      { type: 'diagnostic', protocol: 'cogitator', reason: 'second kind' },
    ]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenNthCalledWith(1, '[tool-steps] cogitator: first kind');
    expect(warn).toHaveBeenNthCalledWith(2, '[tool-steps] cogitator: second kind');
  });

  it('does not warn when nothing was skipped', () => {
    const store = core.createStepStore({ schedule: sync });
    store.apply([start('a'), { type: 'step-result', id: 'a' }, { type: 'run-finish' }]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('is silent in production, while still counting', () => {
    vi.stubEnv('NODE_ENV', 'production');
    const store = core.createStepStore({ schedule: sync });
    store.apply({ type: 'diagnostic', reason: 'quiet please' });
    expect(warn).not.toHaveBeenCalled();
    expect(store.getSnapshot().diagnostics).toEqual({ count: 1, last: { reason: 'quiet please' } });
  });

  it('a real malformed Cogitator frame warns with protocol and reason', () => {
    const store = core.createStepStore({ schedule: sync });
    store.apply(decoders.cogitator().push({ type: 'mystery-event' }));
    expect(warn).toHaveBeenCalledWith('[tool-steps] cogitator: an event of unknown type "mystery-event"; ignored');
  });
});
