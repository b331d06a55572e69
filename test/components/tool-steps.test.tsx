// biome-ignore-all lint/correctness/noComponentHookFactories: test probes and counting components close over the store and counters of their own test
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, StrictMode, useEffect } from 'react';
import {
  createStepStore,
  type Step,
  type StepEvent,
  ToolStep,
  ToolSteps,
  ToolStepsAnnouncer,
  ToolStepsList,
  ToolStepsRoot,
  ToolStepsRunStatus,
  ToolStepsSummary,
} from 'tool-steps';
import { describe, expect, it, vi } from 'vitest';
import { makeStep, reduce, stateOf } from './step-fixtures';

const syncStore = (events: StepEvent[] = []) => {
  const store = createStepStore({ schedule: (flush) => flush(), now: () => 1000 });
  if (events.length) store.apply(events);
  return store;
};
const rows = (container: Element) => [...container.querySelectorAll('li[data-slot="tool-step"]')];
const slot = (container: Element, name: string) => container.querySelector(`[data-slot="${name}"]`);

describe('ToolSteps', () => {
  it('renders one root holding the empty <ol data-slot="tool-steps"> and its empty live regions for an empty run', () => {
    const ref = createRef<HTMLDivElement>();
    const { container } = render(<ToolSteps ref={ref} state={stateOf([])} className="steps" id="run" />);
    // one element: className, ref and the other props land on the root
    expect(container.children).toHaveLength(1);
    const root = container.firstElementChild as HTMLElement;
    expect(ref.current).toBe(root);
    expect(root.outerHTML.startsWith('<div data-slot="tool-steps-root" class="tool-steps-root steps" id="run">')).toBe(
      true,
    );
    // the live regions must be in the page before anything is said in them
    expect([...root.children].map((child) => child.getAttribute('data-slot'))).toEqual([
      'tool-steps',
      'tool-steps-announcer',
    ]);
    expect(root.firstElementChild?.outerHTML).toBe(
      '<ol data-slot="tool-steps" aria-label="Tool calls" class="tool-steps"></ol>',
    );
    expect(root.lastElementChild?.textContent).toBe('');
  });

  it('draws one row per step in order of first appearance, from a state', () => {
    const state = reduce([
      { type: 'step-start', id: 'b', toolName: 'grep' },
      { type: 'step-start', id: 'a', toolName: 'read_file' },
    ]);
    const { container } = render(<ToolSteps state={state} />);
    expect(rows(container).map((r) => r.getAttribute('data-step-id'))).toEqual(['b', 'a']);
    expect(screen.getByRole('list', { name: 'Tool calls' })).toBe(container.querySelector('ol'));
  });

  it('follows a store: new steps and status changes appear', () => {
    const store = syncStore([{ type: 'step-start', id: 'a', toolName: 'read_file' }]);
    const { container } = render(<ToolSteps store={store} />);
    expect(rows(container)).toHaveLength(1);
    act(() =>
      store.apply([
        { type: 'step-input', id: 'a', input: { path: 'x.ts' } },
        { type: 'step-start', id: 'b', toolName: 'grep' },
      ]),
    );
    expect(rows(container).map((r) => r.getAttribute('data-status'))).toEqual(['running', 'input-streaming']);
    expect(slot(rows(container)[0] as Element, 'tool-step-detail')?.textContent).toBe('x.ts');
  });

  it('draws nested steps inside their parent row, in a nested list', () => {
    const events: StepEvent[] = [
      { type: 'step-start', id: 'agent', toolName: 'sub_agent' },
      { type: 'step-start', id: 'child1', toolName: 'read_file', parentId: 'agent' },
      { type: 'step-start', id: 'top', toolName: 'grep' },
      { type: 'step-start', id: 'child2', toolName: 'grep', parentId: 'agent' },
      { type: 'step-start', id: 'grandchild', toolName: 'glob', parentId: 'child1' },
      { type: 'step-start', id: 'orphan', toolName: 'glob', parentId: 'missing' },
    ];
    for (const props of [{ state: reduce(events) }, { store: syncStore(events) }] as ToolSteps.Props[]) {
      const { container, unmount } = render(<ToolSteps {...props} />);
      const top = container.querySelector('ol[data-slot="tool-steps"]') as HTMLElement;
      const topRows = [...top.children].map((li) => li.getAttribute('data-step-id'));
      expect(topRows).toEqual(['agent', 'top', 'orphan']);
      const agent = top.children[0] as HTMLElement;
      const nested = agent.querySelector(':scope > ol[data-slot="tool-steps"]') as HTMLElement;
      expect([...nested.children].map((li) => li.getAttribute('data-step-id'))).toEqual(['child1', 'child2']);
      const child1 = nested.children[0] as HTMLElement;
      expect(child1.querySelector(':scope > ol > li')?.getAttribute('data-step-id')).toBe('grandchild');
      unmount();
    }
  });

  it('adds a nested step to its parent as it streams in (store)', () => {
    const store = syncStore([{ type: 'step-start', id: 'agent', toolName: 'sub_agent' }]);
    const { container } = render(<ToolSteps store={store} />);
    expect(container.querySelector('li ol')).toBeNull();
    act(() => store.apply({ type: 'step-start', id: 'c', toolName: 'grep', parentId: 'agent' }));
    expect(container.querySelector('[data-step-id="agent"] > ol > li')?.getAttribute('data-step-id')).toBe('c');
  });

  it('draws a step whose parent chain loops at the top level instead of losing it', () => {
    const state = stateOf([makeStep({ id: 'a', parentId: 'b' }), makeStep({ id: 'b', parentId: 'a' })]);
    const { container } = render(<ToolSteps state={state} />);
    expect(
      rows(container)
        .map((r) => r.getAttribute('data-step-id'))
        .sort(),
    ).toEqual(['a', 'b']);
  });

  it('shows the run-level error with its code after the list', () => {
    const state = reduce([
      { type: 'step-start', id: 'a', toolName: 'grep' },
      { type: 'run-error', message: 'Provider overloaded', code: 'OVERLOADED' },
    ]);
    const { container } = render(<ToolSteps state={state} />);
    const error = slot(container, 'tool-steps-error');
    // inside the run status part, which comes after the list
    expect(error?.parentElement?.getAttribute('data-slot')).toBe('tool-steps-run-status');
    expect(error?.parentElement?.previousElementSibling).toBe(container.querySelector('ol'));
    expect(error?.getAttribute('data-error-code')).toBe('OVERLOADED');
    // not an alert of its own: the announcer's assertive region says it when it happens
    expect(error?.hasAttribute('role')).toBe(false);
    expect(slot(container, 'tool-steps-error-code')?.textContent).toBe('OVERLOADED');
    expect(slot(container, 'tool-steps-error-message')?.textContent).toBe('Provider overloaded');
    expect(rows(container)[0]?.getAttribute('data-status')).toBe('interrupted');
  });

  it('keeps the count of skipped events for developers: data-diagnostics and a warning, no line drawn', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // a reason no other test warns about: each kind of problem warns once per process
    const store = syncStore([
      { type: 'diagnostic', reason: 'a frame no other test skips', protocol: 'cogitator' },
      { type: 'diagnostic', reason: 'unknown event type "x"', protocol: 'cogitator' },
    ]);
    const { container } = render(<ToolSteps store={store} />);
    expect(slot(container, 'tool-steps-diagnostics')).toBeNull();
    expect(slot(container, 'tool-steps')?.getAttribute('data-diagnostics')).toBe('2');
    expect(warn.mock.calls.map(([message]) => message)).toContain(
      '[tool-steps] cogitator: a frame no other test skips',
    );
    act(() => store.apply({ type: 'diagnostic', reason: 'again' }));
    expect(slot(container, 'tool-steps')?.getAttribute('data-diagnostics')).toBe('3');
    expect(container.textContent).not.toMatch(/skipped/);
    vi.restoreAllMocks();
  });

  it('says how many events were skipped, with the last reason as a title, when asked (diagnostics)', () => {
    const store = syncStore([
      { type: 'diagnostic', reason: 'a frame that is not JSON', protocol: 'cogitator' },
      { type: 'diagnostic', reason: 'unknown event type "x"', protocol: 'cogitator' },
    ]);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container } = render(<ToolSteps store={store} diagnostics />);
    const line = slot(container, 'tool-steps-diagnostics');
    expect(line?.textContent).toBe('2 malformed or late events skipped');
    expect(line?.getAttribute('title')).toBe('cogitator: unknown event type "x"');
    act(() => store.apply({ type: 'diagnostic', reason: 'again' }));
    expect(line?.textContent).toBe('3 malformed or late events skipped');
    expect(line?.getAttribute('title')).toBe('again');
    vi.restoreAllMocks();
  });

  it("skips nothing when StrictMode runs the host's effect that applies a turn's events twice", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = createStepStore({ schedule: (flush) => flush(), now: () => 0 });
    const events: StepEvent[] = [
      { type: 'run-start' },
      { type: 'step-start', id: 'a', toolName: 'read_file' },
      { type: 'step-result', id: 'a', result: 'x' },
      { type: 'run-finish' },
    ];
    function Host() {
      useEffect(() => {
        store.apply(events);
      }, []);
      return <ToolSteps store={store} diagnostics />;
    }
    const { container } = render(
      <StrictMode>
        <Host />
      </StrictMode>,
    );
    expect(store.getSnapshot().diagnostics.count).toBe(0);
    expect(slot(container, 'tool-steps-diagnostics')).toBeNull();
    expect(slot(container, 'tool-steps')?.hasAttribute('data-diagnostics')).toBe(false);
    expect(warn).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('shows no diagnostics line when nothing was skipped', () => {
    const { container } = render(<ToolSteps state={stateOf([makeStep()])} diagnostics />);
    expect(slot(container, 'tool-steps-diagnostics')).toBeNull();
    expect(slot(container, 'tool-steps')?.hasAttribute('data-diagnostics')).toBe(false);
    expect(slot(container, 'tool-steps-error')).toBeNull();
  });

  it('calls onApprove and onDeny with the step, then shows the decision instead of buttons', async () => {
    const onApprove = vi.fn();
    const onDeny = vi.fn();
    const state = reduce([
      { type: 'step-approval', id: 'x', toolName: 'run_command', input: { command: 'rm -rf dist' } },
      { type: 'step-approval', id: 'y', toolName: 'write_file', input: { path: '.env' } },
    ]);
    const { container } = render(<ToolSteps state={state} onApprove={onApprove} onDeny={onDeny} />);
    const [x, y] = rows(container) as HTMLElement[];
    await userEvent.click(within(x as HTMLElement).getByRole('button', { name: 'Approve' }));
    expect(onApprove).toHaveBeenCalledTimes(1);
    expect(onApprove.mock.calls[0]?.[0]).toBe(state.byId.x);
    expect(within(x as HTMLElement).queryByRole('button', { name: 'Approve' })).toBeNull();
    // the wire has not said it runs yet: header and card agree at once
    expect(slot(x as HTMLElement, 'tool-step-approval-decision')?.textContent).toBe('Approved, running…');
    await userEvent.click(within(y as HTMLElement).getByRole('button', { name: 'Deny' }));
    expect(onDeny).toHaveBeenCalledTimes(1);
    expect(onDeny.mock.calls[0]?.[0]).toBe(state.byId.y);
    // denied without a reason: the header says "Denied" (once), the card goes
    expect(slot(y as HTMLElement, 'tool-step-status')?.getAttribute('data-decision')).toBe('denied');
    expect(slot(y as HTMLElement, 'tool-step-status')?.textContent?.trim()).toBe('Denied');
    expect(slot(y as HTMLElement, 'tool-step-approval')).toBeNull();
    expect(onApprove).toHaveBeenCalledTimes(1);
  });

  it('describes the approval buttons by the row label', () => {
    const state = reduce([{ type: 'step-approval', id: 'x', toolName: 'run_command', input: { command: 'ls' } }]);
    render(<ToolSteps state={state} onApprove={() => {}} />);
    expect(screen.getByRole('button', { name: 'Approve' })).toHaveAccessibleDescription('Run command');
  });

  it('offers Cancel on active steps and Retry on failed ones only when the host handles them', async () => {
    const onCancel = vi.fn();
    const onRetry = vi.fn();
    const state = stateOf([
      makeStep({ id: 'run', status: 'running' }),
      makeStep({ id: 'bad', status: 'failed', error: { message: 'x' } }),
      makeStep({ id: 'ok', status: 'succeeded' }),
    ]);
    const { container, rerender } = render(<ToolSteps state={state} />);
    expect(container.querySelector('[data-slot="tool-step-actions"]')).toBeNull();
    rerender(<ToolSteps state={state} onCancel={onCancel} onRetry={onRetry} />);
    const [run, bad, ok] = rows(container) as HTMLElement[];
    await userEvent.click(within(run as HTMLElement).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(bad as HTMLElement).getByRole('button', { name: 'Retry' }));
    expect(onCancel.mock.calls).toHaveLength(1);
    expect(onCancel.mock.calls[0]?.[0]).toBe(state.byId.run);
    expect(onRetry.mock.calls).toHaveLength(1);
    expect(onRetry.mock.calls[0]?.[0]).toBe(state.byId.bad);
    expect(within(ok as HTMLElement).queryByRole('button', { name: /Cancel|Retry/ })).toBeNull();
  });

  it('applies tools entries and host icons to every row', () => {
    const Rocket = () => <svg data-testid="rocket" />;
    const state = stateOf([makeStep({ id: 'a', toolName: 'launch' })]);
    const { container } = render(
      <ToolSteps
        state={state}
        tools={{ launch: { label: 'Launch rocket', icon: 'rocket' } }}
        icons={{ rocket: Rocket }}
      />,
    );
    expect(slot(container, 'tool-step-label')?.textContent).toBe('Launch rocket');
    expect(slot(container, 'tool-step-icon')?.getAttribute('data-icon')).toBe('rocket');
  });

  it('shows the duration once a step ended', () => {
    const step = makeStep({ status: 'succeeded', startedAt: 1000, endedAt: 9421 });
    const { container, rerender } = render(
      <ol>
        <ToolStep step={step} />
      </ol>,
    );
    const time = slot(container, 'tool-step-duration');
    expect(time?.tagName).toBe('TIME');
    expect(time?.textContent).toBe('8.4s');
    expect(time?.getAttribute('datetime')).toBe('PT8.421S');
    rerender(
      <ol>
        <ToolStep step={{ ...step, status: 'running', endedAt: undefined } as Step} />
      </ol>,
    );
    // running since long ago: the elapsed time, ticking
    expect(slot(container, 'tool-step-duration')).toHaveAttribute('data-running');
  });

  it('shows the latest progress only while the step is active', () => {
    const step = makeStep({ status: 'running', progress: { content: 'halfway', count: 1 } });
    const { container, rerender } = render(
      <ol>
        <ToolStep step={step} />
      </ol>,
    );
    expect(slot(container, 'tool-step-progress')?.textContent).toBe('halfway');
    rerender(
      <ol>
        <ToolStep step={{ ...step, status: 'succeeded' }} />
      </ol>,
    );
    expect(slot(container, 'tool-step-progress')).toBeNull();
  });

  it('re-renders only the row whose step changed (store)', () => {
    const renders: Record<string, number> = { alpha: 0, beta: 0 };
    const counting = (name: string) =>
      function CountingIcon() {
        renders[name] = (renders[name] ?? 0) + 1;
        return <svg />;
      };
    const store = syncStore([
      { type: 'step-start', id: 'a', toolName: 'alpha', presentation: { label: 'Alpha', icon: 'alpha' } },
      { type: 'step-start', id: 'b', toolName: 'beta', presentation: { label: 'Beta', icon: 'beta' } },
    ]);
    const icons = { alpha: counting('alpha'), beta: counting('beta') };
    render(<ToolSteps store={store} icons={icons} onApprove={() => {}} />);
    expect(renders).toEqual({ alpha: 1, beta: 1 });
    act(() => store.apply({ type: 'step-progress', id: 'a', content: 'working' }));
    expect(renders).toEqual({ alpha: 2, beta: 1 });
    act(() => store.apply({ type: 'step-start', id: 'c', toolName: 'gamma' }));
    expect(renders).toEqual({ alpha: 2, beta: 1 });
  });

  it('re-renders only the row whose step changed (state), even with inline callbacks', () => {
    const renders: Record<string, number> = {};
    const counting = (name: string) =>
      function CountingIcon() {
        renders[name] = (renders[name] ?? 0) + 1;
        return <svg />;
      };
    const icons = { alpha: counting('alpha'), beta: counting('beta') };
    const events: StepEvent[] = [
      { type: 'step-start', id: 'a', toolName: 'alpha', presentation: { label: 'Alpha', icon: 'alpha' } },
      { type: 'step-start', id: 'b', toolName: 'beta', presentation: { label: 'Beta', icon: 'beta' } },
    ];
    const first = reduce(events);
    const { rerender } = render(<ToolSteps state={first} icons={icons} onApprove={() => {}} />);
    const second = reduce([...events, { type: 'step-progress', id: 'b', content: 'x' }]);
    // a new state object whose step "a" is the same object as before
    rerender(
      <ToolSteps
        state={{ ...second, byId: { ...second.byId, a: first.byId.a as Step } }}
        icons={icons}
        onApprove={() => {}}
      />,
    );
    expect(renders).toEqual({ alpha: 1, beta: 2 });
  });
});

describe('the list as parts', () => {
  const failedRun = () =>
    syncStore([
      { type: 'step-start', id: 'a', toolName: 'read_file', at: 1000 },
      { type: 'step-start', id: 'b', toolName: 'grep', at: 1000 },
      { type: 'step-result', id: 'a', result: 'x', at: 3000 },
      { type: 'step-result', id: 'b', result: 'y', at: 4000 },
      { type: 'run-error', message: 'Provider overloaded', code: 'OVERLOADED' },
    ]);

  it('ToolSteps is one element: its parts, in order, inside the root', () => {
    const store = failedRun();
    store.apply({ type: 'diagnostic', reason: 'a frame the parts test skips', protocol: 'cogitator' });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container } = render(<ToolSteps store={store} group={false} diagnostics onApprove={() => {}} approveAll />);
    const root = container.firstElementChild as HTMLElement;
    expect(container.children).toHaveLength(1);
    expect([...root.children].map((child) => child.getAttribute('data-slot'))).toEqual([
      'tool-steps',
      'tool-steps-run-status',
      'tool-steps-summary',
      'tool-steps-announcer',
    ]);
    const status = slot(root, 'tool-steps-run-status') as HTMLElement;
    expect([...status.children].map((child) => child.getAttribute('data-slot'))).toEqual([
      'tool-steps-error',
      'tool-steps-diagnostics',
    ]);
    vi.restoreAllMocks();
  });

  it('a root draws the parts it is given, where they are given, each taking render, className and ref', () => {
    const listRef = createRef<HTMLOListElement>();
    const { container } = render(
      <ToolStepsRoot store={failedRun()} group={false} render={<section />} aria-label="Agent">
        <header>
          <ToolStepsSummary className="mine" />
        </header>
        <ToolStepsList ref={listRef} render={<ul />} />
        <ToolStepsRunStatus render={(props) => <aside {...props} />} />
      </ToolStepsRoot>,
    );
    const root = container.firstElementChild as HTMLElement;
    expect(root.tagName).toBe('SECTION');
    expect(root.getAttribute('aria-label')).toBe('Agent');
    expect(root.querySelector('header > p')?.className).toBe('tool-steps-summary mine');
    expect(root.querySelector('header > p')?.textContent).toBe('Worked 3s · 2 steps');
    expect(listRef.current?.tagName).toBe('UL');
    expect(listRef.current?.getAttribute('data-slot')).toBe('tool-steps');
    expect(listRef.current?.querySelectorAll(':scope > li[data-slot="tool-step"]')).toHaveLength(2);
    expect(root.querySelector('aside[data-slot="tool-steps-run-status"]')?.textContent).toContain(
      'Provider overloaded',
    );
    // no announcer was asked for: no live regions
    expect(slot(root, 'tool-steps-announcer')).toBeNull();
  });

  it('a run that ended well draws no run status element', () => {
    const store = syncStore([
      { type: 'step-start', id: 'a', toolName: 'grep' },
      { type: 'step-result', id: 'a', result: 'x' },
    ]);
    const { container } = render(<ToolSteps store={store} diagnostics />);
    expect(slot(container, 'tool-steps-run-status')).toBeNull();
  });

  it('a list part outside a root says so by name', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<ToolStepsList />)).toThrow(
      'tool-steps: ToolStepsList is drawn outside a <ToolStepsRoot> (or <ToolSteps>)',
    );
    expect(() => render(<ToolStepsRunStatus />)).toThrow('tool-steps: ToolStepsRunStatus is drawn outside');
    vi.restoreAllMocks();
  });

  it('the summary and the announcer work outside a root from a state of their own', () => {
    const state = reduce([
      { type: 'step-start', id: 'a', toolName: 'grep', at: 1000 },
      { type: 'step-start', id: 'b', toolName: 'grep', at: 1000 },
      { type: 'step-result', id: 'a', result: 'x', at: 2000 },
      { type: 'step-result', id: 'b', result: 'x', at: 3000 },
    ]);
    const { container } = render(
      <>
        <ToolStepsSummary state={state} />
        <ToolStepsAnnouncer state={state} />
      </>,
    );
    expect(slot(container, 'tool-steps-summary')?.textContent).toBe('Worked 2s · 2 steps');
    expect(slot(container, 'tool-steps-announcer-polite')).not.toBeNull();
  });
});
