// biome-ignore-all lint/correctness/noComponentHookFactories: test probes close over the store and counters of their own test
// useTurnItems: the turn's steps and reasoning in arrival order, for a host that draws its own messages.
import { act, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createStepStore, type StepStore, type StepsState, useTurnItems } from 'tool-steps';
import { describe, expect, it } from 'vitest';

const syncStore = () => createStepStore({ schedule: (flush) => flush(), now: () => 0 });
const keys = (items: readonly { kind: string; id: string }[]) => items.map((item) => `${item.kind}:${item.id}`);

describe('useTurnItems', () => {
  it('gives steps and segments in arrival order, and re-renders when an item arrives, not per delta', () => {
    const store = syncStore();
    store.apply([
      { type: 'reasoning-start', id: 'r1' },
      { type: 'step-start', id: 'a', toolName: 'grep' },
    ]);
    const seen: string[][] = [];
    function Probe({ source }: { source: StepStore }) {
      seen.push(keys(useTurnItems(source)));
      return null;
    }
    render(<Probe source={store} />);
    expect(seen).toEqual([['reasoning:r1', 'step:a']]);
    act(() => store.apply({ type: 'reasoning-delta', id: 'r1', delta: 'more' }));
    act(() => store.apply({ type: 'step-progress', id: 'a', content: 'half' }));
    expect(seen).toHaveLength(1);
    act(() => store.apply({ type: 'reasoning-start', id: 'r2' }));
    expect(seen.at(-1)).toEqual(['reasoning:r1', 'step:a', 'reasoning:r2']);
    expect(seen).toHaveLength(2);
  });

  it("gives a sub-agent's items under its parent step", () => {
    const store = syncStore();
    store.apply([
      { type: 'step-start', id: 'agent', toolName: 'task' },
      { type: 'reasoning-start', id: 'sub', parentId: 'agent' },
      { type: 'step-start', id: 'child', toolName: 'grep', parentId: 'agent' },
    ]);
    let top: string[] = [];
    let nested: string[] = [];
    function Probe() {
      top = keys(useTurnItems(store));
      nested = keys(useTurnItems(store, 'agent'));
      return null;
    }
    render(<Probe />);
    expect(top).toEqual(['step:agent']);
    expect(nested).toEqual(['reasoning:sub', 'step:child']);
  });

  it('reads a state (useUIMessageSteps, a server render) as well as a store', () => {
    const store = syncStore();
    store.apply([
      { type: 'step-start', id: 'a', toolName: 'grep' },
      { type: 'reasoning-start', id: 'r' },
    ]);
    const state: StepsState = store.getSnapshot();
    function Probe({ source }: { source: StepsState }) {
      return <output>{keys(useTurnItems(source)).join(',')}</output>;
    }
    expect(renderToString(<Probe source={state} />)).toContain('step:a,reasoning:r');
  });
});
