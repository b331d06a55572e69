// Time on screen, flicker, grouping, the turn summary and nested steps of <ToolSteps>.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStepStore, type Step, type StepEvent, ToolSteps } from 'tool-steps';
import { defaultLabels, defaultStepFamily } from 'tool-steps/presentation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStep, reduce, stateOf } from './step-fixtures';

const syncStore = (events: StepEvent[] = []) => {
  const store = createStepStore({ schedule: (flush) => flush() });
  if (events.length) store.apply(events);
  return store;
};
const statusOf = (container: Element, id: string) =>
  container.querySelector(`[data-step-id="${id}"]`)?.getAttribute('data-status');
const topItems = (container: Element) =>
  [...(container.querySelector('ol') as HTMLElement).children].map(
    (li) => li.getAttribute('data-step-id') ?? `group:${li.getAttribute('data-group-key')}`,
  );
const done = (id: string, toolName: string, ms = 1000): Step =>
  makeStep({ id, toolName, status: 'succeeded', startedAt: 10_000, endedAt: 10_000 + ms });

describe('no flicker: a fast step is drawn running for a minimum time', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps drawing a step that finished 100 ms after it appeared as running until 400 ms passed; the store is not delayed', () => {
    vi.useFakeTimers({ now: 50_000 });
    const store = syncStore();
    const { container } = render(<ToolSteps store={store} />);
    act(() => store.apply({ type: 'step-start', id: 'a', toolName: 'read_file' }));
    expect(statusOf(container, 'a')).toBe('input-streaming');
    act(() => vi.advanceTimersByTime(100));
    act(() => store.apply({ type: 'step-result', id: 'a', result: 'x' }));
    expect(store.getSnapshot().byId.a?.status).toBe('succeeded');
    expect(statusOf(container, 'a')).toBe('input-streaming');
    act(() => vi.advanceTimersByTime(250));
    expect(statusOf(container, 'a')).toBe('input-streaming');
    act(() => vi.advanceTimersByTime(50));
    expect(statusOf(container, 'a')).toBe('succeeded');
  });

  it('draws a step whose start and result came in one frame as running first, in a live list', () => {
    vi.useFakeTimers({ now: 50_000 });
    const store = syncStore();
    const { container } = render(<ToolSteps store={store} />);
    act(() =>
      store.apply([
        { type: 'step-start', id: 'a', toolName: 'grep' },
        { type: 'step-error', id: 'a', message: 'no such dir' },
      ]),
    );
    expect(statusOf(container, 'a')).toBe('running');
    act(() => vi.advanceTimersByTime(400));
    expect(statusOf(container, 'a')).toBe('failed');
  });

  it('draws a finished transcript, a step that ran long, a denial and minRunningMs={0} as they are, at once', () => {
    vi.useFakeTimers({ now: 50_000 });
    const history = render(<ToolSteps state={stateOf([done('h', 'bash')])} />);
    expect(statusOf(history.container, 'h')).toBe('succeeded');
    history.unmount();
    const store = syncStore([
      { type: 'step-start', id: 'slow', toolName: 'bash' },
      { type: 'step-start', id: 'ask', toolName: 'bash' },
    ]);
    const { container } = render(<ToolSteps store={store} />);
    act(() => vi.advanceTimersByTime(2000));
    act(() =>
      store.apply([
        { type: 'step-result', id: 'slow', result: 1 },
        { type: 'step-denied', id: 'ask' },
      ]),
    );
    expect(statusOf(container, 'slow')).toBe('succeeded');
    expect(statusOf(container, 'ask')).toBe('denied');
    const off = syncStore();
    const second = render(<ToolSteps store={off} minRunningMs={0} />);
    act(() =>
      off.apply([
        { type: 'step-start', id: 'z', toolName: 'x' },
        { type: 'step-result', id: 'z', result: 1 },
      ]),
    );
    expect(statusOf(second.container, 'z')).toBe('succeeded');
  });
});

describe('grouping', () => {
  it('collapses runs of finished reads, searches and listings into one summary row; other steps break the run', () => {
    const steps = [
      done('r1', 'read_file', 1200),
      done('r2', 'read_file', 800),
      done('s1', 'grep', 1100),
      done('r3', 'mcp__fs__read_file', 600),
      done('s2', 'glob', 500),
      makeStep({ id: 'fail', toolName: 'read_file', status: 'failed', error: { message: 'ENOENT' } }),
      done('l1', 'list_files'),
      done('l2', 'ls'),
      makeStep({ id: 'wait', toolName: 'grep', status: 'awaiting-approval' }),
      done('e1', 'edit_file'),
      done('r4', 'read_file'),
      makeStep({ id: 'run', toolName: 'read_file', status: 'running' }),
    ];
    const { container } = render(<ToolSteps state={stateOf(steps)} />);
    expect(topItems(container)).toEqual(['group:r1', 'fail', 'group:l1', 'wait', 'e1', 'r4', 'run']);
    const group = container.querySelector('[data-group-key="r1"]') as HTMLElement;
    expect(group.getAttribute('data-state')).toBe('closed');
    expect(within(group).getByRole('button').textContent).toBe('Read 3 files, searched 2 patterns · 4.2s');
    expect(container.querySelector('[data-group-key="l1"] button')?.textContent).toBe('Listed 2 folders · 2s');
    expect(group.querySelector('[data-slot="tool-step"]')).toBeNull();
  });

  it('opens a group to its rows and closes it again', async () => {
    const { container } = render(<ToolSteps state={stateOf([done('a', 'read_file'), done('b', 'read_file')])} />);
    const button = screen.getByRole('button', { name: 'Read 2 files · 2s' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(button.getAttribute('aria-controls') as string) as HTMLElement;
    expect([...list.children].map((li) => li.getAttribute('data-step-id'))).toEqual(['a', 'b']);
    // rows mounted when a group opens are old steps: drawn as they are, not held as running
    expect(statusOf(container, 'a')).toBe('succeeded');
    await userEvent.click(button);
    expect(container.querySelector('[data-step-id="a"]')).toBeNull();
  });

  it('groups steps as they finish in a store, and keeps a group open as it grows', async () => {
    const store = syncStore([
      { type: 'step-start', id: 'a', toolName: 'read_file', at: 1 },
      { type: 'step-result', id: 'a', result: 1, at: 2 },
      { type: 'step-start', id: 'b', toolName: 'read_file', at: 3 },
    ]);
    const { container } = render(<ToolSteps store={store} minRunningMs={0} />);
    expect(topItems(container)).toEqual(['a', 'b']);
    act(() => store.apply({ type: 'step-result', id: 'b', result: 2, at: 5 }));
    expect(topItems(container)).toEqual(['group:a']);
    await userEvent.click(screen.getByRole('button', { name: /^Read 2 files/ }));
    act(() =>
      store.apply([
        { type: 'step-start', id: 'c', toolName: 'grep', at: 6 },
        { type: 'step-result', id: 'c', result: 3, at: 9 },
      ]),
    );
    const group = container.querySelector('[data-group-key="a"]') as HTMLElement;
    expect(group.getAttribute('data-state')).toBe('open');
    expect(within(group).getAllByRole('button')[0]?.textContent).toBe('Read 2 files, searched 1 pattern');
    expect(group.querySelectorAll('[data-slot="tool-step"]')).toHaveLength(3);
  });

  it('is off with group={false} and follows a family function, which may throw', () => {
    const steps = [done('a', 'read_file'), done('b', 'read_file'), done('c', 'fetch_url'), done('d', 'fetch_url')];
    const off = render(<ToolSteps state={stateOf(steps)} group={false} />);
    expect(topItems(off.container)).toEqual(['a', 'b', 'c', 'd']);
    off.unmount();
    const custom = render(
      <ToolSteps
        state={stateOf(steps)}
        group={(step) => {
          if (step.id === 'b') throw new Error('host bug');
          return step.toolName === 'fetch_url' ? 'fetch' : undefined;
        }}
      />,
    );
    expect(topItems(custom.container)).toEqual(['a', 'b', 'group:c']);
    expect(custom.container.querySelector('[data-group-key="c"] button')?.textContent).toBe('2 × fetch · 2s');
  });

  it('writes plurals through Intl.PluralRules', () => {
    expect(defaultLabels.groups.family('read', 1)).toBe('read 1 file');
    expect(defaultLabels.groups.family('search', 21)).toBe('searched 21 patterns');
    expect(defaultLabels.groups.worked('45s', 1)).toBe('Worked 45s · 1 step');
  });
});

describe('turn summary', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says what runs and for how long, ticking, then how long the turn worked and how many steps it took', () => {
    vi.useFakeTimers({ now: 100_000 });
    const store = syncStore([
      { type: 'step-start', id: 'a', toolName: 'read_file', at: 100_000 },
      { type: 'step-result', id: 'a', result: 1, at: 101_000 },
      { type: 'step-start', id: 'b', toolName: 'grep', at: 101_000 },
      { type: 'step-input', id: 'b', input: { pattern: 'x' } },
    ]);
    const { container } = render(<ToolSteps store={store} />);
    const line = () => container.querySelector('[data-slot="tool-steps-summary"]');
    expect(line()?.textContent).toBe('Searching files…');
    act(() => vi.advanceTimersByTime(12_000));
    expect(line()?.textContent).toBe('Searching files… 12s');
    expect(line()?.getAttribute('data-state')).toBe('running');
    act(() => store.apply({ type: 'step-result', id: 'b', result: 2, at: 145_400 }));
    expect(line()?.textContent).toBe('Worked 45s · 2 steps');
    expect(line()?.getAttribute('data-state')).toBe('done');
  });

  it('says nothing while a step waits for approval and nothing runs (its card says so), then how long it worked', () => {
    const store = syncStore([
      { type: 'step-start', id: 'a', toolName: 'read_file', at: 100_000 },
      { type: 'step-result', id: 'a', result: 1, at: 101_000 },
      { type: 'step-start', id: 'b', toolName: 'bash', at: 101_000 },
      { type: 'step-input', id: 'b', input: { command: 'rm -rf build' } },
      { type: 'step-approval', id: 'b', at: 101_000 },
    ]);
    const { container } = render(<ToolSteps store={store} />);
    const line = () => container.querySelector('[data-slot="tool-steps-summary"]');
    expect(store.getSnapshot().byId.b?.status).toBe('awaiting-approval');
    // not "Worked · 2 steps" (the turn has not ended), and not "Waiting for approval · 2 steps" above a
    // card that says the call waits
    expect(line()).toBeNull();
    expect(container.querySelector('[data-slot="tool-step-approval"]')?.textContent).toContain('waits for');
    act(() => store.apply({ type: 'step-denied', id: 'b', at: 103_000 }));
    expect(line()?.textContent).toBe('Worked 3s · 2 steps');
    expect(line()?.getAttribute('data-state')).toBe('done');
  });

  it('is not drawn for an empty run or with summary={false}', () => {
    const empty = render(<ToolSteps state={stateOf([])} />);
    expect(empty.container.querySelector('[data-slot="tool-steps-summary"]')).toBeNull();
    empty.unmount();
    const off = render(<ToolSteps state={stateOf([done('a', 'bash')])} summary={false} />);
    expect(off.container.querySelector('[data-slot="tool-steps-summary"]')).toBeNull();
  });
});

describe('nested steps (sub-agents)', () => {
  const events: StepEvent[] = [
    { type: 'step-start', id: 'agent', toolName: 'research_agent' },
    { type: 'step-start', id: 'c1', toolName: 'read_file', parentId: 'agent' },
    { type: 'step-result', id: 'c1', result: 1 },
    { type: 'step-start', id: 'c2', toolName: 'read_file', parentId: 'agent' },
    { type: 'step-result', id: 'c2', result: 1 },
    { type: 'step-start', id: 'c3', toolName: 'bash', parentId: 'agent' },
  ];

  it('draws children under their parent behind a button that counts them, shown while the parent runs', async () => {
    const { container } = render(<ToolSteps state={reduce(events)} />);
    const agent = container.querySelector('[data-step-id="agent"]') as HTMLElement;
    const button = within(agent).getByRole('button', { name: '3 steps' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const nested = agent.querySelector(':scope > ol[data-nested]') as HTMLElement;
    // the two finished reads inside the sub-agent are grouped too
    expect(
      [...nested.children].map((li) => li.getAttribute('data-step-id') ?? li.getAttribute('data-group-key')),
    ).toEqual(['c1', 'c3']);
    await userEvent.click(button);
    expect(agent.querySelector('ol[data-nested]')).toBeNull();
  });

  it('hides the children of a finished parent until asked, unless one of them failed', () => {
    const finished = reduce([
      ...events,
      { type: 'step-result', id: 'c3', result: 1 },
      { type: 'step-result', id: 'agent', result: 'ok' },
    ]);
    const one = render(<ToolSteps state={finished} />);
    expect(
      one.container.querySelector('[data-step-id="agent"] button[data-slot="tool-step-nested-trigger"]'),
    ).toHaveAttribute('aria-expanded', 'false');
    one.unmount();
    const failed = reduce([
      ...events,
      { type: 'step-error', id: 'c3', message: 'x' },
      { type: 'step-result', id: 'agent', result: 'ok' },
    ]);
    const two = render(<ToolSteps state={failed} />);
    expect(two.container.querySelector('[data-step-id="c3"]')?.getAttribute('data-status')).toBe('failed');
  });
});

describe('grouping and the flicker guard together', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a read that just finished as its own row while it is drawn running, then groups it', () => {
    vi.useFakeTimers({ now: 50_000 });
    const store = createStepStore({ schedule: (flush) => flush(), now: () => Date.now() });
    store.apply([
      { type: 'step-start', id: 'r1', toolName: 'read_file', at: 40_000 },
      { type: 'step-result', id: 'r1', result: 1, at: 41_000 },
      { type: 'step-start', id: 'r2', toolName: 'read_file', at: 42_000 },
    ]);
    const { container } = render(<ToolSteps store={store} />);
    act(() => vi.advanceTimersByTime(100));
    act(() => store.apply({ type: 'step-result', id: 'r2', result: 2 }));
    // still a row of its own, drawn running: no row vanishing into a group at once
    expect(topItems(container)).toEqual(['r1', 'r2']);
    expect(statusOf(container, 'r2')).toBe('input-streaming');
    act(() => vi.advanceTimersByTime(400));
    expect(topItems(container)).toEqual(['group:r1']);
  });
});

describe('README: time, groups, sub-agents and the keyboard', () => {
  it('takes minRunningMs, a family function built on defaultStepFamily, and summary, as the README writes them', () => {
    const store = syncStore([
      { type: 'step-start', id: 'f1', toolName: 'fetch_url', at: 1 },
      { type: 'step-result', id: 'f1', result: 1, at: 2 },
      { type: 'step-start', id: 'f2', toolName: 'fetch_url', at: 3 },
      { type: 'step-result', id: 'f2', result: 1, at: 4 },
      { type: 'step-start', id: 'r1', toolName: 'read_file', at: 5 },
      { type: 'step-result', id: 'r1', result: 1, at: 6 },
    ]);
    const { container } = render(
      <ToolSteps
        store={store}
        minRunningMs={400}
        group={(step) => (step.toolName === 'fetch_url' ? 'fetch' : defaultStepFamily(step))}
        summary
      />,
    );
    // under a second, the summaries give no time: "Worked 5ms" says nothing to a person
    expect(container.querySelector('[data-group-key="f1"] button')?.textContent).toBe('2 × fetch, read 1 file');
    expect(container.querySelector('[data-slot="tool-steps-summary"]')?.textContent).toBe('3 steps');
  });
});
