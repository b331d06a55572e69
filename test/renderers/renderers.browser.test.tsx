// Large details in real Chromium: how long each block takes to appear and the longest task meanwhile
// (printed as measurements, never asserted), and that windowing keeps the DOM small.
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import '../../src/styles.css';
import { DiffView } from '../../src/renderers/diff-view';
import { JsonTree } from '../../src/renderers/json-tree';
import { TableView } from '../../src/renderers/table-view';
import { TerminalView } from '../../src/renderers/terminal-view';
import { bigDiff, bigLog, bigTable, deepJson, makeStep } from '../../stories/renderers/data';

interface Measurement {
  name: string;
  /** From just before render to the first frame after the block is in the DOM, ms. */
  appearMs: number;
  /** The synchronous render + commit, ms. */
  renderMs: number;
  /** The longest task Chromium reported (only tasks over 50 ms are reported), ms. */
  longestTaskMs: number;
  rows: number;
}

const results: Measurement[] = [];

const nextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

async function measure(name: string, ui: ReactNode, rowSelector: string) {
  const tasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  const t0 = performance.now();
  const screen = await render(<div style={{ width: 900 }}>{ui}</div>);
  const renderMs = performance.now() - t0;
  await expect.poll(() => screen.container.querySelector(rowSelector)).not.toBeNull();
  await nextFrame();
  const appearMs = performance.now() - t0;
  await new Promise((resolve) => setTimeout(resolve, 0));
  observer.disconnect();
  const rows = screen.container.querySelectorAll(rowSelector).length;
  const m = {
    name,
    appearMs: Math.round(appearMs),
    renderMs: Math.round(renderMs),
    longestTaskMs: Math.round(Math.max(0, ...tasks)),
    rows,
  };
  results.push(m);
  console.log(`[renderer-perf] ${JSON.stringify(m)}`);
  return screen;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('large details in Chromium', () => {
  it('opens a 10,000-line diff with fewer than 500 row elements, rows 20px tall', async () => {
    const details = bigDiff(10_000);
    const screen = await measure(
      'diff 10,000 lines',
      <DiffView step={makeStep({ toolName: 'edit_file' })} details={details} kind="diff" />,
      '[data-slot="tool-step-diff-row"]',
    );
    const rows = screen.container.querySelectorAll<HTMLElement>('[data-slot="tool-step-diff-row"]');
    expect(rows.length).toBeLessThan(500);
    expect(rows[0]?.getBoundingClientRect().height).toBe(20);
    const scroller = screen.container.querySelector('[data-slot="tool-step-diff-lines"]') as HTMLElement;
    expect(scroller.scrollHeight).toBe(10_001 * 20);
    const t0 = performance.now();
    scroller.scrollTop = 100_000;
    await expect
      .poll(() => screen.container.querySelector('[data-slot="tool-step-window-slice"]')?.getAttribute('style'))
      .toContain('top: 99');
    console.log(
      `[renderer-perf] ${JSON.stringify({ name: 'diff scroll to line 5,000', ms: Math.round(performance.now() - t0) })}`,
    );
    expect(screen.container.querySelectorAll('[data-slot="tool-step-diff-row"]').length).toBeLessThan(500);
  });

  it('opens a 50,000-line coloured log with fewer than 500 line elements', async () => {
    const details = { command: 'make all', stdout: bigLog(50_000), exitCode: 0 };
    const screen = await measure(
      'terminal 50,000 lines',
      <TerminalView step={makeStep({ toolName: 'run_command' })} details={details} kind="terminal" />,
      '[data-slot="tool-step-terminal-line"]',
    );
    expect(screen.container.querySelectorAll('[data-slot="tool-step-terminal-line"]').length).toBeLessThan(500);
    const scroller = screen.container.querySelector('[data-slot="tool-step-terminal-lines"]') as HTMLElement;
    expect(scroller.scrollHeight).toBe(50_000 * 20);
    const t0 = performance.now();
    scroller.scrollTop = scroller.scrollHeight;
    await expect
      .poll(() => screen.container.querySelector('[data-slot="tool-step-terminal-line"]:last-child')?.textContent)
      .toBe('50000progress 100%');
    console.log(
      `[renderer-perf] ${JSON.stringify({ name: 'terminal jump to the end (style rebuilt from the last reset)', ms: Math.round(performance.now() - t0) })}`,
    );
    expect(screen.container.querySelectorAll('[data-slot="tool-step-terminal-line"]').length).toBeLessThan(500);
  });

  it('opens a running 50,000-line log at its tail', async () => {
    const details = { stdout: bigLog(50_000) };
    const screen = await measure(
      'terminal 50,000 lines, running (opens at the tail)',
      <TerminalView
        step={makeStep({ toolName: 'run_command', status: 'running' })}
        details={details}
        kind="terminal"
      />,
      '[data-slot="tool-step-terminal-line"]',
    );
    await expect
      .poll(() => screen.container.querySelector('[data-slot="tool-step-terminal-line"]:last-child')?.textContent)
      .toBe('50000progress 100%');
    expect(screen.container.querySelectorAll('[data-slot="tool-step-terminal-line"]').length).toBeLessThan(500);
  });

  it('opens a 5,000-row table and shows all rows windowed', async () => {
    const screen = await measure(
      'table 5,000 rows (first 50)',
      <TableView step={makeStep()} details={bigTable(5_000)} kind="table" />,
      '[data-slot="tool-step-table-row"]',
    );
    const button = screen.getByRole('button', { name: 'Show all 5,000 rows' });
    const t0 = performance.now();
    await button.click();
    await expect
      .poll(() => screen.container.querySelector('[data-slot="tool-step-table-scroll"][data-windowed]'))
      .not.toBeNull();
    console.log(
      `[renderer-perf] ${JSON.stringify({ name: 'table show all 5,000 rows', ms: Math.round(performance.now() - t0) })}`,
    );
    expect(screen.container.querySelectorAll('[data-slot="tool-step-table-row"]').length).toBeLessThan(500);
    expect(
      screen.container.querySelector<HTMLElement>('[data-slot="tool-step-table-row"]')?.getBoundingClientRect().height,
    ).toBe(28);
  });

  it('opens a deep JSON value', async () => {
    const screen = await measure(
      'JSON 40 levels + 1,000-item array',
      <JsonTree step={makeStep()} details={deepJson(40)} kind="json" />,
      '[data-slot="tool-step-json-node"]',
    );
    expect(screen.container.querySelectorAll('[data-slot="tool-step-json-node"]').length).toBeLessThan(500);
  });

  it('prints the figures', () => {
    console.log(`[renderer-perf] summary ${JSON.stringify(results)}`);
    expect(results).toHaveLength(5);
  });
});
