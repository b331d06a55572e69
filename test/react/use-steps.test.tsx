// biome-ignore-all lint/correctness/noComponentHookFactories: test probes and counting components close over the store and counters of their own test
import { act, render, screen } from '@testing-library/react';
import { memo, Profiler, type ProfilerOnRenderCallback } from 'react';
import { renderToString } from 'react-dom/server';
import { createStepStore, type Step, type StepStore, type StepsState, useStep, useSteps } from 'tool-steps';
import { afterEach, describe, expect, it, vi } from 'vitest';

const syncStore = () => createStepStore({ schedule: (flush) => flush(), now: () => 0 });

afterEach(() => {
  vi.useRealTimers();
});

describe('useSteps', () => {
  it('returns the store snapshot and follows it', () => {
    const store = syncStore();
    const seen: StepsState[] = [];
    function Probe() {
      const state = useSteps(store);
      seen.push(state);
      return <output>{state.ids.join(',')}</output>;
    }
    render(<Probe />);
    expect(seen.at(-1)).toBe(store.getSnapshot());
    act(() => store.apply({ type: 'step-start', id: 'a', toolName: 'grep' }));
    expect(screen.getByRole('status').textContent).toBe('a');
    expect(seen.at(-1)).toBe(store.getSnapshot());
  });

  it('with a selector re-renders only when the selected value changes (Object.is)', () => {
    const store = syncStore();
    store.apply({ type: 'step-start', id: 'a', toolName: 'grep' });
    const seen: (readonly string[])[] = [];
    const selectIds = (state: StepsState) => state.ids;
    function Probe() {
      seen.push(useSteps(store, selectIds));
      return null;
    }
    render(<Probe />);
    const ids = store.getSnapshot().ids;
    act(() => store.apply({ type: 'step-progress', id: 'a', content: 'x' }));
    expect(seen).toEqual([ids]);
    expect(seen[0]).toBe(ids);
    act(() => store.apply({ type: 'step-start', id: 'b', toolName: 'grep' }));
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual(['a', 'b']);
  });

  it('renders on the server from the store snapshot', () => {
    const store = syncStore();
    store.apply({ type: 'step-start', id: 'a', toolName: 'grep' });
    function Probe() {
      return <span>{useSteps(store).ids.length} steps</span>;
    }
    expect(renderToString(<Probe />)).toBe('<span>1<!-- --> steps</span>');
  });
});

describe('useStep', () => {
  it('returns undefined until the step exists, then the same object until that step changes', () => {
    const store = syncStore();
    const seen: (Step | undefined)[] = [];
    function Probe() {
      seen.push(useStep(store, 'a'));
      return null;
    }
    render(<Probe />);
    expect(seen).toEqual([undefined]);
    act(() => store.apply({ type: 'step-start', id: 'a', toolName: 'grep' }));
    const a = store.getSnapshot().byId.a;
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(a);
    act(() => store.apply({ type: 'step-start', id: 'b', toolName: 'grep' }));
    expect(seen).toHaveLength(2);
    act(() => store.apply({ type: 'step-input', id: 'a', input: { pattern: 'x' } }));
    expect(seen).toHaveLength(3);
    expect(seen[2]?.status).toBe('running');
  });

  it('does not find steps named like Object.prototype members', () => {
    const store = syncStore();
    let seen: Step | undefined | null = null;
    function Probe() {
      seen = useStep(store, 'constructor');
      return null;
    }
    render(<Probe />);
    expect(seen).toBeUndefined();
  });
});

/** A list built the way the kit's list is: the list on ids, each memoized row on its own step. */
function List({ store, onRender }: { store: StepStore; onRender: ProfilerOnRenderCallback }) {
  const ids = useSteps(store, (state) => state.ids);
  return (
    <ul>
      {ids.map((id) => (
        <Profiler key={id} id={id} onRender={onRender}>
          <Row store={store} id={id} />
        </Profiler>
      ))}
    </ul>
  );
}

const Row = memo(function Row({ store, id }: { store: StepStore; id: string }) {
  const step = useStep(store, id);
  return <li data-id={id}>{step?.status}</li>;
});

describe('a row re-renders only when its own step changed', () => {
  it('counts renders per row with a Profiler around each row', () => {
    const store = syncStore();
    store.apply([
      { type: 'step-start', id: 'a', toolName: 'grep' },
      { type: 'step-start', id: 'b', toolName: 'grep' },
      { type: 'step-start', id: 'c', toolName: 'grep' },
    ]);
    const renders: string[] = [];
    render(<List store={store} onRender={(id) => renders.push(id)} />);
    expect(renders).toEqual(['a', 'b', 'c']);
    renders.length = 0;

    act(() => store.apply({ type: 'step-progress', id: 'b', content: 'working' }));
    expect(renders).toEqual(['b']);
    renders.length = 0;

    act(() =>
      store.apply([
        { type: 'step-result', id: 'c', result: 'ok' },
        { type: 'step-progress', id: 'a', content: 1 },
      ]),
    );
    expect(renders.sort()).toEqual(['a', 'c']);
    renders.length = 0;

    act(() => store.apply({ type: 'diagnostic', reason: 'noise' }));
    expect(renders).toEqual([]);
  });
});

describe('notifications are batched to one per animation frame', () => {
  it('renders a burst of events once, on the next frame', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = createStepStore({ now: () => 0 });
    let renders = 0;
    function Probe() {
      const state = useSteps(store);
      renders++;
      return <output>{state.ids.length}</output>;
    }
    render(<Probe />);
    expect(renders).toBe(1);
    act(() => {
      for (let i = 0; i < 50; i++) store.apply({ type: 'step-start', id: `s${i}`, toolName: 'grep' });
      for (let i = 0; i < 50; i++) store.apply({ type: 'step-progress', id: `s${i}`, content: i });
    });
    expect(renders).toBe(1);
    expect(screen.getByRole('status').textContent).toBe('0');
    act(() => {
      vi.advanceTimersToNextFrame();
    });
    expect(renders).toBe(2);
    expect(screen.getByRole('status').textContent).toBe('50');
    act(() => {
      vi.advanceTimersToNextFrame();
    });
    expect(renders).toBe(2);
    vi.restoreAllMocks();
  });
});
