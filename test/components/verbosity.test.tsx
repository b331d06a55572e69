import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { ToolSteps } from 'tool-steps';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStep, reduce, stateOf } from './step-fixtures';

const rowIds = (container: Element) =>
  [...container.querySelectorAll('[data-slot="tool-step"]')].map((li) => li.getAttribute('data-step-id'));
const row = (container: Element, id: string) => container.querySelector(`[data-step-id="${id}"]`) as HTMLElement;
const summary = (container: Element) => container.querySelector('[data-slot="tool-steps-summary"]');
/** The list's markup, without the ids `useId` numbers per render. */
const ol = (container: Element) =>
  container.querySelector('[data-slot="tool-steps"]')?.outerHTML.replace(/_r_[0-9a-z]+_|:r[0-9a-z]+:/g, 'id');

/** A turn of four finished steps: two succeeded, one failed, one waiting for approval. */
const turn = stateOf([
  makeStep({ id: 'ok1', toolName: 'bash', status: 'succeeded', result: 'done', startedAt: 1000, endedAt: 3000 }),
  makeStep({
    id: 'bad',
    toolName: 'bash',
    status: 'failed',
    input: { command: 'make' },
    error: { message: 'boom' },
    startedAt: 3000,
    endedAt: 4000,
  }),
  makeStep({ id: 'ok2', toolName: 'write_file', status: 'succeeded', result: 'ok', startedAt: 4000, endedAt: 6000 }),
  makeStep({ id: 'ask', toolName: 'deploy', status: 'awaiting-approval', input: { env: 'prod' } }),
]);

/** The same turn finished (nothing waits), so the summary line is drawn. */
const finished = stateOf(
  turn.ids.filter((id) => id !== 'ask').map((id) => turn.byId[id] as never),
  {
    run: { status: 'done' },
  },
);

/** A storage in memory, with the calls it received. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: vi.fn((key: string) => items.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => void items.set(key, value)),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('verbosity', () => {
  it('steps (the default) draws one line per step, the same list as without the setting', () => {
    const plain = render(<ToolSteps state={turn} minRunningMs={0} />);
    const before = ol(plain.container);
    plain.unmount();
    const { container } = render(<ToolSteps state={turn} minRunningMs={0} verbosity="steps" />);
    expect(ol(container)).toBe(before);
    expect(rowIds(container)).toEqual(['ok1', 'bad', 'ok2', 'ask']);
    // the failed row starts open, the others closed
    expect(row(container, 'bad').getAttribute('data-state')).toBe('open');
    expect(row(container, 'ok1').getAttribute('data-state')).toBe('closed');
  });

  it('without a verbosity prop the summary line has no switch', () => {
    const { container } = render(<ToolSteps state={finished} minRunningMs={0} />);
    expect(summary(container)?.textContent).toBe('Worked 5s · 3 steps, 1 failed');
    expect(container.querySelector('[data-slot="tool-steps-verbosity"]')).toBeNull();
  });

  it('collapsed draws only what needs a person: the failure and the waiting approval', () => {
    const { container } = render(<ToolSteps state={turn} minRunningMs={0} verbosity="collapsed" />);
    expect(rowIds(container)).toEqual(['bad', 'ask']);
    expect(row(container, 'ask').querySelector('[data-slot="tool-step-approval"]')).not.toBeNull();
  });

  it('collapsed keeps the turn summary, with its switch, even for a turn of one step', () => {
    const one = stateOf([makeStep({ id: 'a', status: 'succeeded', startedAt: 0, endedAt: 2000 })], {
      run: { status: 'done' },
    });
    const { container } = render(<ToolSteps state={one} minRunningMs={0} defaultVerbosity="collapsed" />);
    expect(rowIds(container)).toEqual([]);
    expect(summary(container)?.textContent).toBe('Worked 2s · 1 step Show steps');
  });

  it('collapsed hides groups and thoughts, and keeps a parent whose nested call waits', () => {
    const state = reduce([
      { type: 'reasoning-start', id: 'r1', at: 0 },
      { type: 'reasoning-delta', id: 'r1', delta: 'hmm' },
      { type: 'reasoning-end', id: 'r1', at: 2000 },
      { type: 'step-start', id: 'g1', toolName: 'read_file', at: 2000 },
      { type: 'step-result', id: 'g1', result: 'a', at: 2100 },
      { type: 'step-start', id: 'g2', toolName: 'read_file', at: 2200 },
      { type: 'step-result', id: 'g2', result: 'b', at: 2300 },
      { type: 'step-start', id: 'agent', toolName: 'task', at: 2400 },
      { type: 'step-start', id: 'inner', toolName: 'bash', parentId: 'agent', at: 2500 },
      { type: 'step-approval', id: 'inner', input: { command: 'ls' }, at: 2600 },
      { type: 'step-start', id: 'other', toolName: 'task', at: 2700 },
      { type: 'step-result', id: 'other', result: 'x', at: 2800 },
    ]);
    const steps = render(<ToolSteps state={state} minRunningMs={0} />);
    expect(steps.container.querySelector('[data-slot="tool-steps-group"]')).not.toBeNull();
    expect(steps.container.querySelector('[data-slot="tool-steps-thought"]')).not.toBeNull();
    steps.unmount();
    const { container } = render(<ToolSteps state={state} minRunningMs={0} verbosity="collapsed" />);
    expect(container.querySelector('[data-slot="tool-steps-group"]')).toBeNull();
    expect(container.querySelector('[data-slot="tool-steps-thought"]')).toBeNull();
    expect(rowIds(container)).toEqual(['agent', 'inner']);
  });

  it('a step that comes to need a person appears in a collapsed list', () => {
    const running = stateOf([makeStep({ id: 'a', toolName: 'bash' })]);
    const { container, rerender } = render(<ToolSteps state={running} minRunningMs={0} verbosity="collapsed" />);
    expect(rowIds(container)).toEqual([]);
    rerender(
      <ToolSteps
        state={stateOf([makeStep({ id: 'a', toolName: 'bash', status: 'failed', error: { message: 'x' } })])}
        minRunningMs={0}
        verbosity="collapsed"
      />,
    );
    expect(rowIds(container)).toEqual(['a']);
  });

  it('expanded opens every row and group; a row the person closes stays closed', async () => {
    const state = stateOf([
      makeStep({ id: 'r1', status: 'succeeded', result: 'a' }),
      makeStep({ id: 'r2', status: 'succeeded', result: 'b' }),
      makeStep({ id: 'b', toolName: 'bash', status: 'succeeded', result: 'c' }),
    ]);
    const { container } = render(<ToolSteps state={state} minRunningMs={0} defaultVerbosity="expanded" />);
    expect(container.querySelector('[data-slot="tool-steps-group"]')?.getAttribute('data-state')).toBe('open');
    expect(row(container, 'b').getAttribute('data-state')).toBe('open');
    expect(row(container, 'r1').getAttribute('data-state')).toBe('open');
    const trigger = row(container, 'b').querySelector('[data-slot="tool-step-details-trigger"]') as HTMLElement;
    await userEvent.click(trigger);
    expect(row(container, 'b').getAttribute('data-state')).toBe('closed');
  });

  it('a tool of its own verbosity wins over the list: expanded, shown in a collapsed list, hidden in steps', () => {
    const tools = { write_file: { verbosity: 'expanded' as const }, bash: { verbosity: 'collapsed' as const } };
    const steps = render(<ToolSteps state={turn} minRunningMs={0} tools={tools} />);
    // bash is collapsed: its succeeded row hides, its failure stays
    expect(rowIds(steps.container)).toEqual(['bad', 'ok2', 'ask']);
    expect(row(steps.container, 'ok2').getAttribute('data-state')).toBe('open');
    steps.unmount();
    const { container } = render(
      <ToolSteps state={turn} minRunningMs={0} verbosity="collapsed" tools={{ write_file: { verbosity: 'steps' } }} />,
    );
    expect(rowIds(container)).toEqual(['bad', 'ok2', 'ask']);
    expect(row(container, 'ok2').getAttribute('data-state')).toBe('closed');
  });

  it('the switch changes an uncontrolled list and reports it; a controlled one follows its prop', async () => {
    const onVerbosityChange = vi.fn();
    const { container, rerender } = render(
      <ToolSteps state={finished} minRunningMs={0} defaultVerbosity="steps" onVerbosityChange={onVerbosityChange} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Hide steps' }));
    expect(onVerbosityChange).toHaveBeenLastCalledWith('collapsed');
    expect(rowIds(container)).toEqual(['bad']);
    await userEvent.click(screen.getByRole('button', { name: 'Show steps' }));
    expect(rowIds(container)).toEqual(['ok1', 'bad', 'ok2']);
    rerender(<ToolSteps state={finished} minRunningMs={0} verbosity="steps" onVerbosityChange={onVerbosityChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Hide steps' }));
    expect(onVerbosityChange).toHaveBeenLastCalledWith('collapsed');
    expect(rowIds(container)).toEqual(['ok1', 'bad', 'ok2']);
  });

  it('writes the switch in the list’s words', () => {
    render(
      <ToolSteps
        state={finished}
        minRunningMs={0}
        defaultVerbosity="collapsed"
        labels={{ verbosity: { show: 'Schritte zeigen', hide: 'Schritte ausblenden' } }}
      />,
    );
    expect(screen.getByRole('button', { name: 'Schritte zeigen' })).toBeTruthy();
  });
});

describe('persist', () => {
  it('keeps the choice in localStorage across a remount', async () => {
    const first = render(<ToolSteps state={finished} minRunningMs={0} persist={{ key: 'chat' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Hide steps' }));
    expect(localStorage.getItem('chat')).toBe('collapsed');
    first.unmount();
    const { container } = render(<ToolSteps state={finished} minRunningMs={0} persist={{ key: 'chat' }} />);
    expect(rowIds(container)).toEqual(['bad']);
  });

  it('reads and writes a custom storage; the stored choice wins over defaultVerbosity', async () => {
    const storage = memoryStorage({ chat: 'collapsed' });
    const { container } = render(
      <ToolSteps state={finished} minRunningMs={0} defaultVerbosity="expanded" persist={{ key: 'chat', storage }} />,
    );
    expect(rowIds(container)).toEqual(['bad']);
    await userEvent.click(screen.getByRole('button', { name: 'Show steps' }));
    expect(storage.setItem).toHaveBeenLastCalledWith('chat', 'steps');
    expect(rowIds(container)).toEqual(['ok1', 'bad', 'ok2']);
  });

  it('a storage that throws leaves the in-memory choice working', async () => {
    const storage = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    const { container } = render(<ToolSteps state={finished} minRunningMs={0} persist={{ key: 'chat', storage }} />);
    expect(rowIds(container)).toEqual(['ok1', 'bad', 'ok2']);
    await userEvent.click(screen.getByRole('button', { name: 'Hide steps' }));
    expect(rowIds(container)).toEqual(['bad']);
    await userEvent.click(screen.getByRole('button', { name: 'Show steps' }));
    expect(rowIds(container)).toEqual(['ok1', 'bad', 'ok2']);
  });

  it('a localStorage whose access throws leaves the choice working', async () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const { container } = render(<ToolSteps state={finished} minRunningMs={0} persist={{ key: 'chat' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Hide steps' }));
    expect(rowIds(container)).toEqual(['bad']);
  });

  it('ignores garbage stored under the key', () => {
    for (const garbage of ['loud', '{"verbosity":"collapsed"}', '', '__proto__']) {
      const storage = memoryStorage({ chat: garbage });
      const { container, unmount } = render(
        <ToolSteps state={finished} minRunningMs={0} persist={{ key: 'chat', storage }} />,
      );
      expect(rowIds(container)).toEqual(['ok1', 'bad', 'ok2']);
      unmount();
    }
  });

  it('a hydrated list first draws what the server drew, then the stored choice', async () => {
    // React 18 warns about layout effects in a server render under jsdom: only hydration errors count here
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = memoryStorage({ chat: 'collapsed' });
    const element = <ToolSteps state={finished} minRunningMs={0} persist={{ key: 'chat', storage }} />;
    const html = renderToString(element);
    expect(storage.getItem).not.toHaveBeenCalled();
    const host = document.createElement('div');
    host.innerHTML = html;
    document.body.append(host);
    const { hydrateRoot } = await import('react-dom/client');
    const root = await act(async () => hydrateRoot(host, element));
    const messages = errors.mock.calls.map((call) => String(call[0]));
    expect(messages.filter((message) => /hydrating|did not match|hydration failed|Suspense/i.test(message))).toEqual(
      [],
    );
    expect(rowIds(host)).toEqual(['bad']);
    act(() => root.unmount());
    host.remove();
  });
});
