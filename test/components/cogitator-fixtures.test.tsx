// Every shared Cogitator fixture, reduced with stepsFromText and rendered with <ToolSteps>.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToolSteps } from 'tool-steps';
import { stepsFromText } from 'tool-steps/wires';
import { describe, expect, it } from 'vitest';

const fixture = (name: string) =>
  stepsFromText(readFileSync(resolve(import.meta.dirname, `../fixtures/cogitator-${name}.sse`), 'utf8'));

interface Row {
  id: string | null;
  tool: string | null;
  status: string | null;
  label: string | null | undefined;
  detail: string | null | undefined;
  icon: string | null | undefined;
  errorCode: string | null | undefined;
}

/** A section of a row's open details: the details body is a lazy chunk, drawn once it has loaded. */
const section = (row: HTMLElement, name: string) =>
  waitFor(() => {
    const found = row.querySelector(`[data-section="${name}"]`);
    expect(found, `the ${name} section`).not.toBeNull();
    return found as HTMLElement;
  });

function rowsOf(container: Element): Row[] {
  return [...container.querySelectorAll('li[data-slot="tool-step"]')].map((li) => ({
    id: li.getAttribute('data-step-id'),
    tool: li.getAttribute('data-tool'),
    status: li.getAttribute('data-status'),
    label: li.querySelector('[data-slot="tool-step-label"]')?.textContent,
    detail: li.querySelector('[data-slot="tool-step-detail"]')?.textContent,
    icon: li.querySelector('[data-slot="tool-step-icon"]')?.getAttribute('data-icon'),
    errorCode: li.querySelector('[data-slot="tool-step-error"]')?.getAttribute('data-error-code'),
  }));
}

describe('cogitator-workspace-edit.sse', () => {
  it('renders read, search and two edits, all succeeded', () => {
    const { container } = render(<ToolSteps state={fixture('workspace-edit')} group={false} />);
    expect(rowsOf(container)).toEqual([
      {
        id: 'call_l7dXTPyLsxPFkThf4VucSmEH',
        tool: 'read_file',
        status: 'succeeded',
        label: 'Read file',
        detail: 'src/lib/money.ts',
        icon: 'file-text',
        errorCode: undefined,
      },
      {
        id: 'call_C9qEwjky40UVsWmflzdE1F8R',
        tool: 'grep',
        status: 'succeeded',
        label: 'Search files',
        detail: 'formatUsd',
        icon: 'text-search',
        errorCode: undefined,
      },
      {
        id: 'call_fDNxSIvPZZ63fFKcZjR4I0b3',
        tool: 'edit_file',
        status: 'succeeded',
        label: 'Edit file',
        detail: 'src/lib/money.ts',
        icon: 'file-pen',
        errorCode: undefined,
      },
      {
        id: 'call_LJOqOAf1lLQSAJaiXnkU8Is2',
        tool: 'edit_file',
        status: 'succeeded',
        label: 'Edit file',
        detail: 'src/components/PriceTag.tsx',
        icon: 'file-pen',
        errorCode: undefined,
      },
    ]);
    expect(container.querySelectorAll('[data-slot="tool-step-status"][data-status="succeeded"]')).toHaveLength(4);
    expect(container.querySelector('[data-slot="tool-step"][data-state="open"]')).toBeNull();
    expect(container.querySelector('[data-slot="tool-steps-diagnostics"]')).toBeNull();
  });

  it('shows the edit diff and what the model read behind the disclosure', async () => {
    const { container } = render(<ToolSteps state={fixture('workspace-edit')} group={false} />);
    const edit = container.querySelector('[data-step-id="call_fDNxSIvPZZ63fFKcZjR4I0b3"]') as HTMLElement;
    expect(edit.querySelector('[data-slot="tool-step-details"]')?.getAttribute('data-kind')).toBe('diff');
    await userEvent.click(within(edit).getByRole('button', { name: 'Details' }));
    expect(edit.getAttribute('data-state')).toBe('open');
    const details = await section(edit, 'details');
    expect(await within(details).findByText(/formatCurrency/, { ignore: 'none' })).toBeInTheDocument();
    expect(edit.querySelector('[data-section="input"]')?.textContent).toContain(
      '"oldText": "export function formatUsd(money: Money): string {"',
    );
    const read = container.querySelector('[data-step-id="call_l7dXTPyLsxPFkThf4VucSmEH"]') as HTMLElement;
    await userEvent.click(within(read).getByRole('button', { name: 'Details' }));
    const result = await section(read, 'result');
    expect(result.querySelector('[data-slot="tool-step-details-heading"]')?.textContent).toBe('Result');
    expect(
      await within(result).findByText(/export function formatUsd\(money: Money\): string \{/, { ignore: 'none' }),
    ).toBeInTheDocument();
  });
});

describe('cogitator-run-command-progress.sse', () => {
  it('renders the test command, succeeded, with the arguments the server replaced', async () => {
    const { container } = render(<ToolSteps state={fixture('run-command-progress')} />);
    expect(rowsOf(container)).toEqual([
      {
        id: 'call_6KWxOiixgVoOnzyw2MzP0Zvz',
        tool: 'run_command',
        status: 'succeeded',
        label: 'Run command',
        detail: 'pnpm test --reporter=dot',
        icon: 'terminal',
        errorCode: undefined,
      },
    ]);
    expect(container.querySelector('[data-slot="tool-step-progress"]')).toBeNull();
    const details = container.querySelector('[data-slot="tool-step-details"]') as HTMLElement;
    expect(details.getAttribute('data-kind')).toBe('terminal');
    await userEvent.click(screen.getByRole('button', { name: 'Details' }));
    await waitFor(() =>
      expect(
        container.querySelector('[data-section="progress"] [data-slot="tool-step-last-update"]')?.textContent,
      ).toBe('src/api/refunds.test.ts: 1 passed'),
    );
    expect(container.querySelector('[data-slot="tool-step-input"]')?.textContent).toBe(
      '{\n  "command": "pnpm test --reporter=dot",\n  "cwd": "."\n}',
    );
  });
});

describe('cogitator-tool-timeout.sse', () => {
  it('renders the build command failed with data-error-code="TOOL_TIMEOUT", expanded', async () => {
    const { container } = render(<ToolSteps state={fixture('tool-timeout')} />);
    expect(rowsOf(container)).toEqual([
      {
        id: 'call_03NBQNSgPwlUQia1ID6vW5dq',
        tool: 'run_command',
        status: 'failed',
        label: 'Run command',
        detail: 'pnpm build',
        icon: 'terminal',
        errorCode: 'TOOL_TIMEOUT',
      },
    ]);
    expect(container.querySelector('[data-slot="tool-step-error-code"]')?.textContent).toBe('TOOL_TIMEOUT');
    expect(container.querySelector('[data-slot="tool-step-error-message"]')?.textContent).toBe(
      'Tool "run_command" timed out after 60000ms',
    );
    expect(container.querySelector('[data-slot="tool-step-status-text"]')?.textContent).toBe('Failed');
    const li = container.querySelector('li') as HTMLElement;
    expect(li.getAttribute('data-state')).toBe('open');
    expect(screen.getByRole('button', { name: 'Details' }).getAttribute('aria-expanded')).toBe('true');
    await waitFor(() =>
      expect(li.querySelector('[data-section="progress"] [data-slot="tool-step-last-update"]')?.textContent).toBe(
        'transforming (1843) node_modules/lodash-es/lodash.js',
      ),
    );
    expect(li.querySelector('[data-slot="tool-step-input"]')?.textContent).toBe('{\n  "command": "pnpm build"\n}');
  });
});
