// The list past its `virtualize` threshold, in jsdom: which rows are in the DOM,
// the live region for rows not drawn, and one row re-rendered per update.
import { act, render, waitFor } from '@testing-library/react';
import {
  createStepStore,
  type StepEvent,
  type StepStore,
  type StepsState,
  type ToolRowProps,
  ToolSteps,
  useSteps,
} from 'tool-steps';
import { describe, expect, it, vi } from 'vitest';
import { loadVirtualRows } from '../../src/components/tool-steps/items';

const syncStore = () => createStepStore({ schedule: (flush) => flush(), now: () => 1000 });

/** `count` finished calls of one tool (no groups), `running` of them (by index) still running. */
function events(count: number, running: readonly number[] = []): StepEvent[] {
  const out: StepEvent[] = [{ type: 'run-start', at: 1 }];
  for (let i = 0; i < count; i++) {
    const id = `s${i}`;
    out.push({ type: 'step-start', id, toolName: 'run_command', at: 10 + i });
    out.push({ type: 'step-input', id, input: { command: `echo ${i}` }, at: 10 + i });
    if (!running.includes(i)) out.push({ type: 'step-result', id, result: `ok ${i}`, at: 20 + i });
  }
  return out;
}
const stateOf = (count: number): StepsState => {
  const store = syncStore();
  store.apply(events(count));
  return store.getSnapshot();
};
const rows = (container: HTMLElement) =>
  container.querySelectorAll(
    ':scope > [data-slot="tool-steps-root"] > [data-slot="tool-steps"] > [data-slot="tool-step"]',
  );
const sizer = (container: HTMLElement) => container.querySelector('[data-slot="tool-steps-sizer"]');
const windowed = (container: HTMLElement) =>
  container.querySelector(':scope > [data-slot="tool-steps-root"] > [data-slot="tool-steps"] > [data-index]');

describe('the virtualize threshold', () => {
  it('draws every row up to 200 top-level items, as before', () => {
    const { container } = render(<ToolSteps state={stateOf(200)} />);
    expect(rows(container)).toHaveLength(200);
    expect(sizer(container)).toBeNull();
    expect(container.querySelector('[data-slot="tool-steps"]')?.getAttribute('style')).toBeNull();
  });

  it('past it, draws the rows near the viewport over a sizer as tall as the rest', async () => {
    const { container } = render(<ToolSteps state={stateOf(201)} />);
    await waitFor(() => expect(windowed(container)).not.toBeNull());
    const drawn = rows(container).length;
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(60);
    expect(rows(container)[0]?.getAttribute('data-step-id')).toBe('s0');
    expect((container.querySelector('[data-slot="tool-steps"]') as HTMLElement).style.position).toBe('relative');
    const spacer = sizer(container) as HTMLElement;
    expect(spacer.getAttribute('aria-hidden')).toBe('true');
    expect(Number.parseFloat(spacer.style.height)).toBeGreaterThanOrEqual(201 * 40);
    // the sizer is the last child, so the theme's sibling rules between rows hold
    expect(container.querySelector('[data-slot="tool-steps"]')?.lastElementChild).toBe(spacer);
  });

  it('once the windowing chunk is in, a list passing the threshold mounts its window in the first commit', async () => {
    await loadVirtualRows();
    const { container } = render(<ToolSteps state={stateOf(201)} />);
    // no waiting: React.lazy would commit the fallback first and reveal the window on a later tick
    expect(windowed(container)).not.toBeNull();
  });

  it('takes another threshold, and false draws every row (find-in-page, screenshots)', async () => {
    const state = stateOf(300);
    const { container, rerender } = render(<ToolSteps state={state} virtualize={false} />);
    expect(rows(container)).toHaveLength(300);
    rerender(<ToolSteps state={state} virtualize={400} />);
    expect(rows(container)).toHaveLength(300);
    rerender(<ToolSteps state={state} virtualize={100} />);
    await waitFor(() => expect(windowed(container)).not.toBeNull());
    expect(rows(container).length).toBeLessThan(60);
  });
});

/** Renders of each row, counted by a whole-row component that draws the default row. */
const renders = new Map<string, number>();
function CountingRow({ step, defaultRow }: ToolRowProps) {
  renders.set(step.id, (renders.get(step.id) ?? 0) + 1);
  return defaultRow;
}

/** The AI SDK path: the host holds the state and hands the list a new snapshot on every update. */
function StateHost({ store, tools }: { store: StepStore; tools: Record<string, { Row: typeof CountingRow }> }) {
  return <ToolSteps state={useSteps(store)} tools={tools} />;
}

describe('a windowed list and its store', () => {
  it('announces a step whose row is not drawn', async () => {
    const store = syncStore();
    store.apply(events(500, [499]));
    const { container } = render(<ToolSteps store={store} />);
    await waitFor(() => expect(windowed(container)).not.toBeNull());
    expect(container.querySelector('[data-step-id="s499"]')).toBeNull();
    act(() => store.apply({ type: 'step-result', id: 's499', result: 'done' }));
    await waitFor(
      () =>
        expect(container.querySelector('[data-slot="tool-steps-announcer-polite"]')?.textContent).toContain(
          'echo 499 finished',
        ),
      { timeout: 3000 },
    );
  });

  it.each([
    ['windowed (2,000 rows)', 2000],
    ['drawn whole (50 rows)', 50],
  ])('a progress update to one step re-renders that row alone: %s', async (_name, count) => {
    const store = syncStore();
    store.apply(events(count, [1, count - 1]));
    renders.clear();
    const tools = { run_command: { Row: CountingRow } };
    const { container } = render(<ToolSteps store={store} tools={tools} />);
    if (count > 200) await waitFor(() => expect(windowed(container)).not.toBeNull());
    expect(container.querySelector('[data-step-id="s1"]')).not.toBeNull();
    renders.clear();
    act(() => store.apply({ type: 'step-progress', id: 's1', content: 'half way' }));
    expect(container.querySelector('[data-step-id="s1"]')?.textContent).toContain('half way');
    expect([...renders]).toEqual([['s1', 1]]);
  });

  it.each([
    ['windowed (2,000 rows)', 2000],
    ['drawn whole (150 rows)', 150],
  ])('from a state prop too, one row re-renders and the list walks no DOM: %s', async (_name, count) => {
    const store = syncStore();
    store.apply(events(count, [1, count - 1]));
    const tools = { run_command: { Row: CountingRow } };
    const { container } = render(<StateHost store={store} tools={tools} />);
    if (count > 200) await waitFor(() => expect(windowed(container)).not.toBeNull());
    renders.clear();
    const queries = vi.spyOn(Element.prototype, 'querySelectorAll');
    const closest = vi.spyOn(Element.prototype, 'closest');
    try {
      act(() => store.apply({ type: 'step-progress', id: 's1', content: 'half way' }));
      expect(container.querySelector('[data-step-id="s1"]')?.textContent).toContain('half way');
      expect([...renders]).toEqual([['s1', 1]]);
      expect(queries).not.toHaveBeenCalled();
      expect(closest).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
      closest.mockRestore();
    }
  });
});
