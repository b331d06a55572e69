// biome-ignore-all lint/correctness/noComponentHookFactories: counting row components close over their test's counters
import { act, render } from '@testing-library/react';
import { createStepStore, type Step, type ToolRowProps, ToolStep, ToolSteps } from 'tool-steps';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { turnOf } from '../../src/components/turn-summary';
import { stepDurationMs } from '../../src/presentation/duration';
import { defaultLabels, formatDurationIn, formatElapsedIn } from '../../src/presentation/labels';
import { makeStep, stateOf } from './step-fixtures';

const durationOf = (container: Element, id: string) =>
  container.querySelector(`[data-step-id="${id}"] [data-slot="tool-step-duration"]`);

describe('step time', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks a running step once a second, from the shared clock, without re-rendering any row', () => {
    const renders: Record<string, number> = { bash: 0, read_file: 0 };
    function Counting({ step, defaultRow }: ToolRowProps) {
      renders[step.toolName] = (renders[step.toolName] ?? 0) + 1;
      return defaultRow;
    }
    const store = createStepStore({ schedule: (flush) => flush() });
    store.apply([
      { type: 'step-start', id: 'run', toolName: 'bash' },
      { type: 'step-start', id: 'done', toolName: 'read_file', at: 990_000 },
      { type: 'step-result', id: 'done', result: 'x', at: 994_200 },
    ]);
    const { container } = render(
      <ToolSteps store={store} tools={{ bash: { Row: Counting }, read_file: { Row: Counting } }} />,
    );
    expect(durationOf(container, 'run')).toBeNull(); // the first second stays quiet
    expect(durationOf(container, 'done')?.textContent).toBe('4.2s');
    const before = { ...renders };
    act(() => vi.advanceTimersByTime(1000));
    expect(durationOf(container, 'run')?.textContent).toBe('1s');
    expect(durationOf(container, 'run')).toHaveAttribute('data-running');
    act(() => vi.advanceTimersByTime(1000));
    expect(durationOf(container, 'run')?.textContent).toBe('2s');
    act(() => vi.advanceTimersByTime(63_000));
    expect(durationOf(container, 'run')?.textContent).toBe('1m 5s');
    expect(renders).toEqual(before);
    act(() => store.apply({ type: 'step-result', id: 'run', result: 'ok' }));
    expect(durationOf(container, 'run')?.textContent).toBe('1m 5s');
    expect(durationOf(container, 'run')).not.toHaveAttribute('data-running');
    act(() => vi.advanceTimersByTime(1000)); // the live region's debounced "finished" goes out
    expect(durationOf(container, 'run')?.textContent).toBe('1m 5s');
    expect(vi.getTimerCount()).toBe(0); // nothing ticks once nothing runs
  });

  it('reads the clock once per render pass, so React never sees two different snapshots', () => {
    // React (18 in development, 19 too) reads a store snapshot twice per render and warns when they
    // differ; a clock that moves a millisecond between the two reads did so under load.
    let t = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => {
      t += 7;
      return t;
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const running = makeStep({ id: 'r', toolName: 'run_command', status: 'running', startedAt: 990_000 });
    render(<ToolSteps state={stateOf([running])} />);
    const warnings = errors.mock.calls.map((call) => String(call[0])).filter((m) => m.includes('getSnapshot'));
    expect(warnings).toEqual([]);
    expect(durationOf(document.body, 'r')).not.toBeNull();
  });

  it('shows the duration the wire measured, the one the terminal block shows, over the store clock', () => {
    const step = makeStep({
      status: 'succeeded',
      toolName: 'run_command',
      startedAt: 1000,
      endedAt: 3700,
      details: { stdout: 'ok', exitCode: 0, durationMs: 8421 },
    });
    const { container } = render(<ToolStep step={step} defaultOpen />);
    const header = container.querySelector('[data-slot="tool-step-duration"]');
    expect(header?.textContent).toBe('8.4s');
    expect(header?.getAttribute('datetime')).toBe('PT8.421S');
    expect(stepDurationMs({ ...step, details: { duration_ms: 12 } })).toBe(12);
  });

  it('shows no duration when the start and the end were seen in the same instant (a replay), not "0 ms"', () => {
    const steps: Step[] = [
      makeStep({ id: 'same', status: 'succeeded', startedAt: 5000, endedAt: 5000 }),
      makeStep({ id: 'none', status: 'succeeded' }),
      makeStep({ id: 'backwards', status: 'failed', startedAt: 5000, endedAt: 4000 }),
      makeStep({ id: 'real', status: 'succeeded', startedAt: 5000, endedAt: 5120 }),
    ];
    const { container } = render(<ToolSteps state={stateOf(steps)} />);
    expect(durationOf(container, 'same')).toBeNull();
    expect(durationOf(container, 'none')).toBeNull();
    expect(durationOf(container, 'backwards')).toBeNull();
    expect(durationOf(container, 'real')?.textContent).toBe('120ms');
  });

  it('shows the run time without the wait for approval, and the wait apart in its title', () => {
    const waited = makeStep({
      id: 'waited',
      status: 'succeeded',
      startedAt: 1000,
      endedAt: 16_400,
      approval: { requestedAt: 2000, answeredAt: 14_000, decision: { approved: true } },
    });
    const { container } = render(<ToolSteps state={stateOf([waited])} />);
    const time = durationOf(container, 'waited');
    expect(time?.textContent).toBe('3.4s');
    expect(time?.getAttribute('datetime')).toBe('PT3.4S');
    expect(time?.getAttribute('title')).toBe('Waited 12s for approval');
  });

  it("keeps the wait in the turn's span, which is the turn's time, not a tool's", () => {
    const waited = makeStep({
      id: 'waited',
      status: 'succeeded',
      startedAt: 1000,
      endedAt: 16_400,
      approval: { requestedAt: 2000, answeredAt: 14_000, decision: { approved: true } },
    });
    expect(turnOf(stateOf([waited])).spanMs).toBe(15_400);
  });

  it('ticks the run time of an approved step that runs, without the wait', () => {
    const running = makeStep({
      id: 'r',
      status: 'running',
      startedAt: 1_000_000 - 20_000,
      approval: { requestedAt: 1_000_000 - 19_000, answeredAt: 1_000_000 - 4000, decision: { approved: true } },
    });
    const { container } = render(<ToolSteps state={stateOf([running])} />);
    expect(durationOf(container, 'r')?.textContent).toBe('5s');
  });

  it('writes durations with the locale’s numbers and units', () => {
    expect(defaultLabels.duration(8421)).toBe('8.4s');
    expect(defaultLabels.duration(45_400)).toBe('45s');
    expect(defaultLabels.duration(3_780_000)).toBe('1h 3m');
    expect(formatDurationIn('de', 8421)).toMatch(/^8,4\s?Sek\.$/);
    expect(formatElapsedIn('fr', 12_999)).toMatch(/^12\s?s$/);
    expect(defaultLabels.duration(Number.NaN)).toBe('');
  });
});
