// Announcements: one polite live region per list says transitions in words, debounced,
// never per token or progress update; failures go to a second, assertive region. Fake timers: no waiting.
import { act, render } from '@testing-library/react';
import { createStepStore, type StepEvent, ToolSteps } from 'tool-steps';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { germanLabels } from '../../stories/support/labels-de';

const syncStore = () => createStepStore({ schedule: (flush) => flush(), now: () => 1000 });
const polite = (container: Element) =>
  container.querySelector('[data-slot="tool-steps-announcer-polite"]')?.textContent?.replace(/\u00a0$/, '');
const assertive = (container: Element) =>
  container.querySelector('[data-slot="tool-steps-announcer-assertive"]')?.textContent?.replace(/\u00a0$/, '');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const start = (id: string, toolName: string, input: unknown): StepEvent[] => [
  { type: 'step-start', id, toolName },
  { type: 'step-input', id, input },
];

describe('ToolStepsAnnouncer', () => {
  it('says transitions in words after a quiet moment, all together, and never each token or progress update', () => {
    const store = syncStore();
    store.apply([{ type: 'run-start' }, ...start('a', 'edit_file', { path: 'src/a.ts' })]);
    const { container } = render(<ToolSteps store={store} />);
    const region = container.querySelector('[data-slot="tool-steps-announcer-polite"]');
    expect(region?.getAttribute('role')).toBe('status');
    expect(region?.getAttribute('aria-live')).toBe('polite');
    act(() => {
      store.apply(start('b', 'run_command', { command: 'pnpm test' }));
      for (let i = 0; i < 50; i++) store.apply({ type: 'step-progress', id: 'b', content: `line ${i}` });
      store.apply({ type: 'step-input-delta', id: 'c', delta: '{"pa' });
    });
    act(() => vi.advanceTimersByTime(5000));
    // nothing finished: starts, tokens and progress are not announced
    expect(polite(container)).toBe('');
    act(() => {
      store.apply({ type: 'step-result', id: 'a', result: 'ok' });
      vi.advanceTimersByTime(200);
      store.apply({ type: 'step-approval', id: 'b', approvalId: 'ap' });
    });
    act(() => vi.advanceTimersByTime(499));
    expect(polite(container)).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(polite(container)).toBe('Edit file src/a.ts finished. Run command pnpm test is waiting for your approval');
    expect(assertive(container)).toBe('');
  });

  it('announces a failure assertively, with its code', () => {
    const store = syncStore();
    const { container } = render(<ToolSteps store={store} />);
    act(() => {
      store.apply(start('r', 'run_command', { command: 'pnpm build' }));
      store.apply({ type: 'step-error', id: 'r', message: 'timed out', code: 'TOOL_TIMEOUT' });
      vi.advanceTimersByTime(500);
    });
    expect(assertive(container)).toBe('Run command pnpm build failed: TOOL_TIMEOUT');
    expect(container.querySelector('[data-slot="tool-steps-announcer-assertive"]')?.getAttribute('aria-live')).toBe(
      'assertive',
    );
    expect(polite(container)).toBe('');
  });

  it("does not announce what was there at mount (a replay), and speaks the list's language", () => {
    const store = syncStore();
    store.apply([...start('a', 'read_file', { path: 'x.ts' }), { type: 'step-result', id: 'a', result: 'x' }]);
    const { container } = render(<ToolSteps store={store} labels={germanLabels} />);
    act(() => vi.advanceTimersByTime(1000));
    expect(polite(container)).toBe('');
    act(() => {
      store.apply([...start('b', 'read_file', { path: 'y.ts' }), { type: 'step-result', id: 'b', result: 'y' }]);
      vi.advanceTimersByTime(500);
    });
    expect(polite(container)).toBe('Datei lesen y.ts abgeschlossen');
  });

  it('follows a `state` prop too, and says the same words again when they happen again', () => {
    const run = (status: 'running' | 'cancelled', id = 'a') => ({
      ids: [id],
      byId: { [id]: { id, toolName: 'run_command', status, inputText: '', input: { command: 'ls' } } },
      run: { status: 'streaming' as const },
      diagnostics: { count: 0 },
    });
    const { container, rerender } = render(<ToolSteps state={run('running')} />);
    rerender(<ToolSteps state={run('cancelled')} />);
    act(() => vi.advanceTimersByTime(500));
    const first = container.querySelector('[data-slot="tool-steps-announcer-polite"]')?.textContent;
    expect(polite(container)).toBe('Run command ls was cancelled');
    rerender(<ToolSteps state={run('running', 'b')} />);
    rerender(<ToolSteps state={run('cancelled', 'b')} />);
    act(() => vi.advanceTimersByTime(500));
    expect(polite(container)).toBe('Run command ls was cancelled');
    // the region's text changed, so a screen reader reads it again
    expect(container.querySelector('[data-slot="tool-steps-announcer-polite"]')?.textContent).not.toBe(first);
  });
});
