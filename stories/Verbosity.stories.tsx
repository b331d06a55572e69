import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { type Step, type StepsState, ToolSteps } from 'tool-steps';

const meta = {
  title: 'Components/Tool steps/Verbosity',
  component: ToolSteps,
  argTypes: {
    verbosity: { control: 'inline-radio', options: ['collapsed', 'steps', 'expanded'] },
  },
} satisfies Meta<typeof ToolSteps>;

export default meta;
type Story = StoryObj<typeof meta>;

const base = Date.UTC(2026, 0, 1, 12);

function step(id: string, toolName: string, input: Record<string, unknown>, fields: Partial<Step> = {}): Step {
  return { id, toolName, status: 'succeeded', inputText: JSON.stringify(input), input, ...fields };
}

/** A finished turn of five calls: three reads (one group), a passing build, a failing test run. */
const turn: StepsState = (() => {
  const steps = [
    step('r1', 'read_file', { path: 'src/cart.ts' }, { result: 'export …', startedAt: base, endedAt: base + 200 }),
    step(
      'r2',
      'read_file',
      { path: 'src/price.ts' },
      { result: 'export …', startedAt: base + 300, endedAt: base + 500 },
    ),
    step('r3', 'read_file', { path: 'src/tax.ts' }, { result: 'export …', startedAt: base + 600, endedAt: base + 800 }),
    step(
      'build',
      'run_command',
      { command: 'npm run build' },
      { result: 'built in 3.1s', startedAt: base + 1000, endedAt: base + 4100 },
    ),
    step(
      'test',
      'run_command',
      { command: 'npm test' },
      {
        status: 'failed',
        error: { message: '1 test failed: formats a negative price' },
        startedAt: base + 4200,
        endedAt: base + 9800,
      },
    ),
  ];
  return {
    ids: steps.map((s) => s.id),
    byId: Object.fromEntries(steps.map((s) => [s.id, s])),
    run: { status: 'done' },
    diagnostics: { count: 0 },
  };
})();

const rows = (canvas: HTMLElement) =>
  canvas.querySelectorAll('[data-slot="tool-step"], [data-slot="tool-steps-group"]');

/** Only the turn summary and the failure; the summary's "Show steps" draws the rest. */
export const Collapsed: Story = {
  args: { state: turn, defaultVerbosity: 'collapsed', minRunningMs: 0 },
  play: async ({ canvasElement }) => {
    expect(rows(canvasElement)).toHaveLength(1);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show steps' }));
    expect(rows(canvasElement)).toHaveLength(3);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Hide steps' }));
  },
};

/** One line per step (the default): the reads grouped, the failure open. */
export const Steps: Story = {
  args: { state: turn, defaultVerbosity: 'steps', minRunningMs: 0 },
  play: async ({ canvasElement }) => {
    expect(rows(canvasElement)).toHaveLength(3);
  },
};

/** Every row's details and the group open. */
export const Expanded: Story = {
  args: { state: turn, defaultVerbosity: 'expanded', minRunningMs: 0 },
  play: async ({ canvasElement }) => {
    for (const row of rows(canvasElement)) expect(row.getAttribute('data-state')).toBe('open');
  },
};

/** The list collapsed, but the commands kept as lines (`tools.run_command.verbosity`). */
export const ToolOverride: Story = {
  args: {
    state: turn,
    defaultVerbosity: 'collapsed',
    tools: { run_command: { verbosity: 'steps' } },
    minRunningMs: 0,
  },
  play: async ({ canvasElement }) => {
    expect(rows(canvasElement)).toHaveLength(2);
  },
};

/** The person's choice kept in `localStorage` under a key: switch, then reload the story. */
export const Persisted: Story = {
  args: { state: turn, persist: { key: 'tool-steps-story-verbosity' }, minRunningMs: 0 },
};
