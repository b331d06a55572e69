import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { type Step, type StepsState, ToolSteps } from 'tool-steps';
import { part, partText, stepRow } from './support/dom';

const meta = {
  title: 'Components/Tool steps/Outcomes',
  component: ToolSteps,
} satisfies Meta<typeof ToolSteps>;

export default meta;
type Story = StoryObj<typeof meta>;

const base = Date.UTC(2026, 0, 1, 12);

const summaryText = (scope: HTMLElement) =>
  scope.querySelector('[data-slot="tool-steps-summary"]')?.textContent?.trim() ?? null;

function step(id: string, toolName: string, input: Record<string, unknown>, fields: Partial<Step> = {}): Step {
  return { id, toolName, status: 'succeeded', inputText: JSON.stringify(input), input, ...fields };
}

function stateOf(steps: Step[], run: StepsState['run']): StepsState {
  return {
    ids: steps.map((s) => s.id),
    byId: Object.fromEntries(steps.map((s) => [s.id, s])),
    run,
    diagnostics: { count: 0 },
  };
}

const testOutput = [
  ' RUN  v3.2.4 /workspace',
  '',
  ' ✓ src/lib/money.test.ts (4 tests) 12ms',
  ' ❯ src/components/PriceTag.test.tsx (2 tests | 1 failed) 31ms',
  '   × formats a negative price',
  "     → expected '-$1.00' to be '−$1.00'",
  '',
  ' Test Files  1 failed | 1 passed (2)',
  '      Tests  1 failed | 5 passed (6)',
  '',
].join('\n');

/** The playground's "Run the tests": the wire says the call succeeded, the command exited 1. */
const failedTests = stateOf(
  [
    step(
      'read',
      'read_file',
      { path: 'src/components/PriceTag.tsx' },
      { result: 'export function PriceTag…', startedAt: base, endedAt: base + 180 },
    ),
    step(
      'tests',
      'run_command',
      { command: 'npm test' },
      {
        result: { exitCode: 1, lines: 10 },
        details: { stdout: testOutput, exitCode: 1, durationMs: 6400 },
        startedAt: base + 400,
        endedAt: base + 6800,
      },
    ),
  ],
  { status: 'done' },
);

/** The row of a command that exited 1 reads "Exit 1" as a failure, opened, and the summary counts it. */
export const CommandExitedNonZero: Story = {
  args: { state: failedTests },
  play: async ({ canvasElement }) => {
    const row = stepRow(canvasElement, 'tests');
    // the wire's status stays; the row shows what the result says
    await expect(row).toHaveAttribute('data-status', 'succeeded');
    await expect(row).toHaveAttribute('data-outcome', 'failed');
    await expect(row).toHaveAttribute('data-state', 'open');
    await expect(partText(row, 'tool-step-status-text')).toBe('Exit 1');
    await expect(part(row, 'tool-step-status-icon')).toHaveAttribute('data-icon', 'circle-x');
    await expect(summaryText(canvasElement)).toBe('Worked 6.8s · 2 steps, 1 failed');
  },
};

/** The same rows in the dark scheme. */
export const CommandExitedNonZeroDark: Story = {
  args: { state: failedTests },
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <div
      data-theme="dark"
      style={{ padding: '1rem', background: '#0d1117', minHeight: '100vh', boxSizing: 'border-box' }}
    >
      <ToolSteps {...args} />
    </div>
  ),
  play: CommandExitedNonZero.play,
};

/** A run the person stopped mid-command: the row and one line after the list say "Stopped". */
export const StoppedByThePerson: Story = {
  args: {
    state: stateOf(
      [
        step(
          'read',
          'read_file',
          { path: 'package.json' },
          { result: '{ "name": "shop" }', startedAt: base, endedAt: base + 200 },
        ),
        step(
          'build',
          'run_command',
          { command: 'npm run build' },
          { status: 'interrupted', startedAt: base + 300, endedAt: base + 8800 },
        ),
      ],
      // what the stream client's stop() writes
      { status: 'interrupted', reasonCode: 'stopped' },
    ),
  },
  play: async ({ canvasElement }) => {
    const row = stepRow(canvasElement, 'build');
    await expect(row).toHaveAttribute('data-status', 'interrupted');
    await expect(row).toHaveAttribute('data-outcome', 'stopped');
    await expect(partText(row, 'tool-step-status-text')).toBe('Stopped');
    await expect(part(row, 'tool-step-status-icon')).toHaveAttribute('data-icon', 'circle-stop');
    await expect(canvasElement.querySelector('[data-slot="tool-steps-interrupted"]')).toBeNull();
    await expect(summaryText(canvasElement)).toBe('Stopped after 8.8s · 2 steps');
  },
};
