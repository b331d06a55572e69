import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createStepStore, type Step, type StepEvent, type StepsState, ToolSteps } from 'tool-steps';
import { stepsFromUIMessages } from 'tool-steps/wires';
import { stepRow } from './support/dom';

const meta = {
  title: 'Components/Tool steps/Time, groups, sub-agents, keyboard',
  component: ToolSteps,
} satisfies Meta<typeof ToolSteps>;

export default meta;
type Story = StoryObj<typeof meta>;

const base = Date.UTC(2026, 0, 1, 12);

function step(id: string, toolName: string, input: Record<string, unknown>, fields: Partial<Step> = {}): Step {
  return {
    id,
    toolName,
    status: 'succeeded',
    inputText: JSON.stringify(input),
    input,
    result: 'ok',
    ...fields,
  };
}

function stateOf(steps: Step[]): StepsState {
  return {
    ids: steps.map((s) => s.id),
    byId: Object.fromEntries(steps.map((s) => [s.id, s])),
    run: { status: 'paused' },
    diagnostics: { count: 0 },
  };
}

/** Twenty reads and searches of an agent exploring a codebase; one read fails, one search waits for approval. */
const exploring = stateOf(
  Array.from({ length: 20 }, (_, i) => {
    const at = base + i * 900;
    const times = { startedAt: at, endedAt: at + 350 + ((i * 137) % 800) };
    if (i === 7) {
      return step(
        `r${i}`,
        'read_file',
        { path: 'src/secret/.env' },
        {
          ...times,
          status: 'failed',
          result: undefined,
          error: { message: 'EACCES: permission denied', code: 'EACCES' },
        },
      );
    }
    if (i === 14) {
      return step(
        `r${i}`,
        'grep',
        { pattern: 'TODO', path: '/' },
        {
          startedAt: at,
          status: 'awaiting-approval',
          result: undefined,
          approval: { id: 'ap-1', description: 'Search the whole disk' },
        },
      );
    }
    return i % 4 === 3
      ? step(`r${i}`, 'grep', { pattern: `format${i}` }, times)
      : step(`r${i}`, 'read_file', { path: `src/lib/module-${i}.ts` }, times);
  }),
);

/**
 * Twenty reads and searches collapse into summary rows ("Read 5 files, searched 2 patterns · 4.2s");
 * the failed read and the search waiting for approval stay rows of their own, between the groups.
 */
export const TwentyReadsGrouped: Story = {
  args: { state: exploring, onApprove: () => {}, onDeny: () => {} },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const groups = canvasElement.querySelectorAll('[data-slot="tool-steps-group"]');
    await expect(groups).toHaveLength(3);
    await expect(stepRow(canvasElement, 'r7').dataset.status).toBe('failed');
    await expect(stepRow(canvasElement, 'r14').dataset.status).toBe('awaiting-approval');
    const first = canvas.getAllByRole('button', { name: /^Read \d+ files, searched \d+ pattern/ })[0] as HTMLElement;
    await userEvent.click(first);
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(stepRow(canvasElement, 'r0').dataset.status).toBe('succeeded');
  },
};

/** A sub-agent streamed the AI SDK way: its whole `UIMessage` is the research tool's output. */
const subAgentMessage = {
  id: 'msg-1',
  role: 'assistant',
  parts: [
    {
      type: 'tool-research',
      toolCallId: 'agent',
      state: 'output-available',
      preliminary: true,
      input: { task: 'Find where prices are formatted' },
      output: {
        id: 'sub-1',
        role: 'assistant',
        parts: [
          {
            type: 'tool-read_file',
            toolCallId: 'c1',
            state: 'output-available',
            input: { path: 'src/lib/money.ts' },
            output: '…',
          },
          {
            type: 'tool-read_file',
            toolCallId: 'c2',
            state: 'output-available',
            input: { path: 'src/lib/price.ts' },
            output: '…',
          },
          {
            type: 'tool-grep',
            toolCallId: 'c3',
            state: 'output-error',
            input: { pattern: 'formatUsd(' },
            errorText: 'regex parse error: unclosed group',
          },
          {
            type: 'tool-explore',
            toolCallId: 'c4',
            state: 'output-available',
            preliminary: true,
            input: { area: 'components' },
            output: {
              role: 'assistant',
              parts: [
                {
                  type: 'tool-list_files',
                  toolCallId: 'd1',
                  state: 'output-available',
                  input: { path: 'src/components' },
                  output: [],
                },
                {
                  type: 'tool-run_command',
                  toolCallId: 'd2',
                  state: 'input-available',
                  input: { command: 'pnpm test price' },
                },
              ],
            },
          },
          { type: 'text', text: 'Looking at the components next.' },
        ],
      },
    },
  ],
};
const subAgentState = stepsFromUIMessages([subAgentMessage]);

/**
 * A sub-agent with nested steps: its calls drawn under the research step, indented, with their own
 * statuses (a sub-sub-agent inside), behind a button that counts them.
 */
export const SubAgent: Story = {
  args: { state: subAgentState },
  play: async ({ canvasElement }) => {
    const agent = stepRow(canvasElement, 'agent');
    await expect(agent.dataset.status).toBe('running');
    const toggle = within(agent).getAllByRole('button', { name: '4 steps' })[0] as HTMLElement;
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(stepRow(canvasElement, 'agent/c3').dataset.status).toBe('failed');
    await expect(stepRow(canvasElement, 'agent/c4/d2').dataset.status).toBe('running');
    await expect(stepRow(canvasElement, 'agent/c4/d2').closest('[data-step-id="agent/c4"]')).not.toBeNull();
  },
};

/** Runs a tool that answers in 80 ms, on each press: the row shows running for `minRunningMs` first. */
function FastToolDemo({ minRunningMs }: { minRunningMs: number }) {
  const [store] = useState(() => createStepStore());
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (count === 0) return;
    const id = `fast-${count}`;
    store.apply({ type: 'step-start', id, toolName: 'read_file' } satisfies StepEvent);
    store.apply({ type: 'step-input', id, input: { path: `src/file-${count}.ts` } });
    const timer = setTimeout(() => store.apply({ type: 'step-result', id, result: 'ok' }), 80);
    return () => clearTimeout(timer);
  }, [count, store]);
  return (
    <div>
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        Run a fast tool
      </button>
      <ToolSteps store={store} minRunningMs={minRunningMs} group={false} />
    </div>
  );
}

/**
 * A fast step that would flicker: it ends 80 ms after it starts, but is drawn running for 400 ms
 * (`minRunningMs`) before its result; the store has the result at once. Set `minRunningMs` to 0 to see
 * the flash.
 */
export const FastStepNoFlicker: Story = {
  args: { state: stateOf([]), minRunningMs: 400 },
  render: ({ minRunningMs }) => <FastToolDemo minRunningMs={minRunningMs ?? 400} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Run a fast tool' }));
    await waitFor(() => expect(stepRow(canvasElement, 'fast-1').dataset.status).toBe('running'));
    await waitFor(() => expect(stepRow(canvasElement, 'fast-1').dataset.status).toBe('succeeded'));
  },
};

/** Steps running now: their elapsed time ticks once a second on one shared timer, and the turn summary follows. */
function RunningDemo() {
  const [state] = useState(() => {
    const now = Date.now();
    return stateOf([
      step('done', 'read_file', { path: 'package.json' }, { startedAt: now - 14_000, endedAt: now - 12_800 }),
      step(
        'tests',
        'run_command',
        { command: 'pnpm test' },
        { status: 'running', startedAt: now - 12_000, result: undefined },
      ),
      step('search', 'grep', { pattern: 'formatUsd' }, { status: 'running', startedAt: now - 3000, result: undefined }),
    ]);
  });
  return <ToolSteps state={state} />;
}

/** Elapsed time while steps run ("12s", ticking) and the turn's line ("Searching files… 14s"). */
export const RunningTime: Story = {
  args: { state: stateOf([]) },
  render: () => <RunningDemo />,
  play: async ({ canvasElement }) => {
    const line = () => canvasElement.querySelector('[data-slot="tool-steps-summary"]')?.textContent ?? '';
    await waitFor(() => expect(line()).toMatch(/^Searching files… \d+s$/));
    const time = () => stepRow(canvasElement, 'tests').querySelector('[data-slot="tool-step-duration"]')?.textContent;
    const before = time();
    await waitFor(() => expect(time()).not.toBe(before));
  },
};

/**
 * Keyboard use: the list is one tab stop. Tab into it, then Up/Down (or j/k) between rows, Home/End,
 * Enter or Space to open a row's details or a group, Tab into the focused row's buttons.
 */
export const Keyboard: Story = {
  args: { state: exploring, onApprove: () => {}, onDeny: () => {} },
  render: (args) => (
    <div>
      <p id="keys-help">Tab into the list, then use the arrow keys, j/k, Home, End, Enter and Space.</p>
      <ToolSteps {...args} aria-describedby="keys-help" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const list = canvasElement.querySelector('ol[data-slot="tool-steps"]') as HTMLElement;
    await userEvent.tab();
    const first = list.firstElementChild as HTMLElement;
    await expect(document.activeElement).toBe(first);
    await userEvent.keyboard('{ArrowDown}');
    await expect((document.activeElement as HTMLElement).dataset.stepId).toBe('r7');
    await userEvent.keyboard('{Enter}');
    await expect(stepRow(canvasElement, 'r7').dataset.state).toBe('closed');
    await userEvent.keyboard('{Home}{Enter}');
    await expect(first.dataset.state).toBe('open');
  },
};
