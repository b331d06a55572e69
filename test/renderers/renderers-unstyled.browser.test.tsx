// Without the optional stylesheet (the kit is unstyled by contract) the windowed blocks must still window.
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { DiffView } from '../../src/renderers/diff-view';
import { TableView } from '../../src/renderers/table-view';
import { TerminalView } from '../../src/renderers/terminal-view';
import { bigDiff, bigLog, bigTable, makeStep } from '../../stories/renderers/data';

describe('large details without renderers.css', () => {
  it('windows a 50,000-line log', async () => {
    const screen = await render(<TerminalView step={makeStep()} details={bigLog(50_000)} kind="terminal" />);
    await expect.poll(() => screen.container.querySelector('[data-slot="tool-step-terminal-line"]')).not.toBeNull();
    expect(screen.container.querySelectorAll('[data-slot="tool-step-terminal-line"]').length).toBeLessThan(500);
    expect((screen.container.querySelector('[data-slot="tool-step-terminal-lines"]') as HTMLElement).clientHeight).toBe(
      480,
    );
  });

  it('windows a 10,000-line diff', async () => {
    const screen = await render(<DiffView step={makeStep()} details={bigDiff(10_000)} kind="diff" />);
    await expect.poll(() => screen.container.querySelector('[data-slot="tool-step-diff-row"]')).not.toBeNull();
    expect(screen.container.querySelectorAll('[data-slot="tool-step-diff-row"]').length).toBeLessThan(500);
  });

  it('windows all 5,000 rows of a table', async () => {
    const screen = await render(<TableView step={makeStep()} details={bigTable(5_000)} kind="table" />);
    await screen.getByRole('button', { name: 'Show all 5,000 rows' }).click();
    await expect.poll(() => screen.container.querySelector('[data-windowed]')).not.toBeNull();
    expect(screen.container.querySelectorAll('[data-slot="tool-step-table-row"]').length).toBeLessThan(500);
  });
});
