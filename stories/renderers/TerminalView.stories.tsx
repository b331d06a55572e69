import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { TerminalView } from '../../src/renderers/terminal-view';
import { bigLog, failingCommand, makeStep, vtGrep } from './data';
import { Frame } from './frame';

const meta = {
  title: 'Renderers/Terminal view',
  component: TerminalView,
  decorators: [(Story) => <Frame>{Story()}</Frame>],
  args: {
    step: makeStep({ toolName: 'grep_file' }),
    details: { kind: 'terminal', text: vtGrep.ui_content },
    kind: 'terminal',
  },
} satisfies Meta<typeof TerminalView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** VT Code's grep `ui_content`: ANSI colours and bold as styled spans. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).not.toContain('\u001b');
    await expect(canvasElement.querySelector('[data-ansi="bold"]')?.textContent).toBe('execute_grep');
  },
};

/** Failing command with stdout and stderr, progress redraws, binary garbage, a running step. */
export const States: Story = {
  render: () => (
    <>
      <Frame title="stdout and stderr, exit code 1">
        <TerminalView step={makeStep({ id: 'a', toolName: 'run_command' })} details={failingCommand} kind="terminal" />
      </Frame>
      <Frame title="Carriage-return progress collapsed, exit code 0">
        <TerminalView
          step={makeStep({ id: 'b', toolName: 'run_command' })}
          details={{
            command: 'npm install',
            stdout: 'fetching 10%\rfetching 60%\rfetching 100%\nadded 383 packages\n',
            exitCode: 0,
            durationMs: 23600,
          }}
          kind="terminal"
        />
      </Frame>
      <Frame title="Binary garbage shown as replacement characters">
        <TerminalView
          step={makeStep({ id: 'c', toolName: 'cat' })}
          details={{ command: 'cat image.png', stdout: '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR' }}
          kind="terminal"
        />
      </Frame>
      <Frame title="Running: follows the tail">
        <TerminalView
          step={makeStep({ id: 'd', toolName: 'run_command', status: 'running' })}
          details={{
            command: 'pnpm test --watch',
            stdout: Array.from({ length: 60 }, (_, i) => `\u001b[32m✓\u001b[0m test ${i + 1}`).join('\n'),
          }}
          kind="terminal"
        />
      </Frame>
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const failing = canvas.getByRole('region', { name: 'stdout and stderr, exit code 1' });
    await userEvent.click(within(failing).getByRole('button', { name: 'stderr' }));
    await expect(failing.querySelector('[data-slot="tool-step-terminal-line"][data-stream="stdout"]')).toBeNull();
    await expect(failing.querySelectorAll('[data-slot="tool-step-terminal-line"][data-stream="stderr"]')).toHaveLength(
      2,
    );
    await expect(canvas.getByText('exit 1')).toBeVisible();
    await expect(canvas.getByText('fetching 100%')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Follow output' })).toHaveAttribute('aria-pressed', 'true');
  },
};

/** A 50,000-line log: only the visible lines are in the DOM. */
export const LargeLog: Story = {
  name: 'Large: 50,000-line log',
  args: {
    step: makeStep({ toolName: 'run_command' }),
    details: { command: 'make all', stdout: bigLog(50_000), exitCode: 0 },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('50,000 lines')).toBeVisible();
    await expect(canvasElement.querySelectorAll('[data-slot="tool-step-terminal-line"]').length).toBeLessThan(200);
  },
};
