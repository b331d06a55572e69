import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { type Step, ToolSteps } from 'tool-steps';
import { STEP_STATUSES } from 'tool-steps/core';
import { stepsFromText } from 'tool-steps/wires';
import { part, partText, stepRow, stepRows, summarize } from './support/dom';
import { COGITATOR_FIXTURE_NAMES, type CogitatorFixtureName, cogitatorFixtures } from './support/fixtures';
import { REPLAY_SPEEDS, ReplayPlayer, type ReplaySpeed } from './support/replay';
import { ShadowScope } from './support/shadow';
import { everyStatusState, labelByStatus } from './support/states';

/** The args of these stories: the callbacks, and for `Replay` the recording and the speed. */
interface ToolStepsStoryArgs {
  onApprove: (step: Step) => void;
  onDeny: (step: Step) => void;
  /** The shared Cogitator recording to replay. */
  fixture: CogitatorFixtureName;
  /** The replay speed to start at. */
  speed: ReplaySpeed;
}

const workspaceEdit = stepsFromText(cogitatorFixtures['workspace-edit']);

/** What the workspace-edit recording ends as, row by row. */
const workspaceEditRows = [
  {
    id: 'call_l7dXTPyLsxPFkThf4VucSmEH',
    tool: 'read_file',
    status: 'succeeded',
    icon: 'file-text',
    label: 'Read file',
    detail: 'src/lib/money.ts',
  },
  {
    id: 'call_C9qEwjky40UVsWmflzdE1F8R',
    tool: 'grep',
    status: 'succeeded',
    icon: 'text-search',
    label: 'Search files',
    detail: 'formatUsd',
  },
  {
    id: 'call_fDNxSIvPZZ63fFKcZjR4I0b3',
    tool: 'edit_file',
    status: 'succeeded',
    icon: 'file-pen',
    label: 'Edit file',
    detail: 'src/lib/money.ts',
  },
  {
    id: 'call_LJOqOAf1lLQSAJaiXnkU8Is2',
    tool: 'edit_file',
    status: 'succeeded',
    icon: 'file-pen',
    label: 'Edit file',
    detail: 'src/components/PriceTag.tsx',
  },
];

const meta = {
  title: 'Components/Tool steps',
  // the stories' args are the callbacks and the replay's controls; the component is named for the docs' prop table
  component: ToolSteps as unknown as ComponentType<ToolStepsStoryArgs>,
  args: { onApprove: fn(), onDeny: fn(), fixture: 'workspace-edit', speed: 1 },
  argTypes: {
    fixture: { control: 'select', options: COGITATOR_FIXTURE_NAMES },
    speed: { control: 'inline-radio', options: REPLAY_SPEEDS },
  },
  render: ({ onApprove, onDeny }) => (
    <ToolSteps state={workspaceEdit} group={false} onApprove={onApprove} onDeny={onDeny} />
  ),
} satisfies Meta<ToolStepsStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The final state of the workspace-edit recording: read, search, then two edits with diffs. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(summarize(canvasElement)).toEqual(workspaceEditRows);
    const edit = stepRow(canvasElement, 'call_fDNxSIvPZZ63fFKcZjR4I0b3');
    await expect(edit).toHaveAttribute('data-has-details');
    await expect(edit).toHaveAttribute('data-state', 'closed');
    const trigger = within(edit).getByRole('button', { name: 'Details' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(edit).toHaveAttribute('data-state', 'open');
    const details = part(edit, 'tool-step-details');
    await expect(details).toHaveAttribute('data-kind', 'diff');
    // the diff renderer loads lazily; its hunk header is only in the diff. A cold dev server serves its
    // chunk module by module: over a second with the other projects on the same 2 cores (CI failed once at
    // the default 1 s, "Loading…" still drawn)
    await waitFor(() => expect(details).toHaveTextContent('@@ -3,7 +3,7 @@'));
    await expect(canvas.getByRole('list', { name: 'Tool calls' })).toHaveAttribute('data-slot', 'tool-steps');
  },
};

/** One step in every status: progress while running, details, an error with its code, an approval. */
export const States: Story = {
  render: ({ onApprove, onDeny }) => <ToolSteps state={everyStatusState} onApprove={onApprove} onDeny={onDeny} />,
  play: async ({ canvasElement, args }) => {
    await expect(stepRows(canvasElement).map((row) => row.dataset.status)).toEqual([...STEP_STATUSES]);
    for (const status of STEP_STATUSES) {
      const row = stepRow(canvasElement, `step-${status}`);
      await expect(row).toHaveAttribute('data-status', status);
      await expect(partText(row, 'tool-step-label')).toBe(labelByStatus[status]);
    }

    const running = stepRow(canvasElement, 'step-running');
    const progress = part(running, 'tool-step-progress');
    await expect(progress).toHaveTextContent('src/api/orders.test.ts: 31 passed');
    await expect(partText(running, 'tool-step-detail')).toBe('pnpm test');

    const failed = stepRow(canvasElement, 'step-failed');
    await expect(failed).toHaveAttribute('data-state', 'open');
    await expect(part(failed, 'tool-step-error')).toHaveAttribute('data-error-code', 'TOOL_TIMEOUT');
    await expect(part(failed, 'tool-step-error')).toHaveTextContent('Tool "run_command" timed out after 60000ms');
    await expect(part(stepRow(canvasElement, 'step-succeeded'), 'tool-step-error')).toBeNull();

    const denied = stepRow(canvasElement, 'step-denied');
    await expect(part(denied, 'tool-step-approval')).toHaveAttribute('data-decision', 'denied');
    await expect(part(denied, 'tool-step-approval')).toHaveTextContent('Reason: Secrets stay out of the workspace.');

    const waiting = stepRow(canvasElement, 'step-awaiting-approval');
    // the card says what will happen; the arguments wait in the closed details
    await expect(waiting).toHaveAttribute('data-state', 'closed');
    const approval = part(waiting, 'tool-step-approval');
    if (!approval) throw new Error('the awaiting-approval row has no approval part');
    await expect(approval).toHaveTextContent('Force-push main to origin');
    await expect(approval).toHaveTextContent('Rewrites the remote history of main');
    await userEvent.click(within(approval).getByRole('button', { name: 'Approve' }));
    await expect(args.onApprove).toHaveBeenCalledTimes(1);
    await expect(args.onApprove).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'step-awaiting-approval' }),
      expect.any(Object),
    );
    await expect(args.onDeny).not.toHaveBeenCalled();
    // the decision replaces the buttons, so a call cannot be approved twice
    await expect(approval).toHaveAttribute('data-decision', 'approved');
    await expect(within(approval).queryByRole('button', { name: 'Approve' })).toBeNull();
  },
};

/** Waits for the replay's position line to say every event was applied. */
async function waitForReplayEnd(canvasElement: HTMLElement, total: number) {
  await waitFor(() =>
    expect(canvasElement.querySelector('[data-replay-position]')).toHaveTextContent(`${total} of ${total} events`),
  );
}

/**
 * A shared Cogitator recording replayed event by event through a real store (`createStepStore`), on a
 * timer. Pick the recording with the `fixture` control; change the speed or restart in the story.
 */
export const Replay: Story = {
  render: ({ fixture, speed, onApprove, onDeny }) => (
    <ReplayPlayer key={`${fixture}:${speed}`} text={cogitatorFixtures[fixture]} initialSpeed={speed}>
      {(replay) => <ToolSteps store={replay.store} group={false} onApprove={onApprove} onDeny={onDeny} />}
    </ReplayPlayer>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // at 1× the first rows arrive one by one, not all at once
    await expect(stepRows(canvasElement).length).toBeLessThan(4);
    await waitFor(() => expect(stepRows(canvasElement).length).toBeGreaterThan(0));
    await expect(canvas.getByRole('radio', { name: '1×' })).toBeChecked();

    await userEvent.click(canvas.getByRole('radio', { name: 'Instant' }));
    await waitForReplayEnd(canvasElement, 21);
    await waitFor(() => expect(summarize(canvasElement)).toEqual(workspaceEditRows));

    await userEvent.click(canvas.getByRole('radio', { name: '4×' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Restart' }));
    await waitFor(() => expect(stepRows(canvasElement).length).toBeLessThan(4));
    await waitForReplayEnd(canvasElement, 21);
    await waitFor(() => expect(summarize(canvasElement)).toEqual(workspaceEditRows));
  },
};

/** `Replay` of the run-command recording: the progress line follows the test run, then the result. */
export const ReplayRunCommandProgress: Story = {
  ...Replay,
  args: { fixture: 'run-command-progress', speed: 1 },
  play: async ({ canvasElement }) => {
    const id = 'call_6KWxOiixgVoOnzyw2MzP0Zvz';
    // seen while the command runs: the latest update only
    await waitFor(
      () => {
        const row = stepRow(canvasElement, id);
        expect(row).toHaveAttribute('data-status', 'running');
        expect(part(row, 'tool-step-progress')).toHaveTextContent('src/api/refunds.test.ts: 1 passed');
      },
      { timeout: 6000 },
    );
    await waitForReplayEnd(canvasElement, 12);
    await waitFor(() =>
      expect(summarize(canvasElement)).toEqual([
        {
          id,
          tool: 'run_command',
          status: 'succeeded',
          icon: 'terminal',
          label: 'Run command',
          detail: 'pnpm test --reporter=dot',
        },
      ]),
    );
    await expect(part(stepRow(canvasElement, id), 'tool-step-progress')).toBeNull();
  },
};

/** `Replay` of the timeout recording: the build stalls, then fails with `TOOL_TIMEOUT`, expanded. */
export const ReplayToolTimeout: Story = {
  ...Replay,
  args: { fixture: 'tool-timeout', speed: 4 },
  play: async ({ canvasElement }) => {
    await waitForReplayEnd(canvasElement, 9);
    const row = stepRow(canvasElement, 'call_03NBQNSgPwlUQia1ID6vW5dq');
    await waitFor(() => expect(row).toHaveAttribute('data-status', 'failed'));
    await expect(row).toHaveAttribute('data-state', 'open');
    await expect(part(row, 'tool-step-error')).toHaveAttribute('data-error-code', 'TOOL_TIMEOUT');
    await expect(partText(row, 'tool-step-detail')).toBe('pnpm build');
  },
};

/**
 * The kit without its theme. The preview imports `styles.css` for every story, so this one renders
 * inside a shadow root, which the document's stylesheets do not reach: what a host sees before
 * `import 'tool-steps/styles.css'`.
 */
export const Unstyled: Story = {
  render: ({ onApprove, onDeny }) => (
    <ShadowScope>
      <ToolSteps state={everyStatusState} onApprove={onApprove} onDeny={onDeny} />
    </ShadowScope>
  ),
  play: async ({ canvasElement, args }) => {
    const root = canvasElement.querySelector('[data-shadow-host]')?.shadowRoot;
    if (!root) throw new Error('the story has no shadow root');
    await waitFor(() => expect(stepRows(root)).toHaveLength(STEP_STATUSES.length));
    const list = root.querySelector('ol');
    if (!list) throw new Error('no list in the shadow root');
    // the browser's defaults for an ordered list: nothing of the theme applies
    await expect(getComputedStyle(list).listStyleType).toBe('decimal');
    await expect(getComputedStyle(list).paddingInlineStart).toBe('40px');
    // unstyled but usable: the buttons still work
    const approval = part(stepRow(root, 'step-awaiting-approval'), 'tool-step-approval');
    if (!approval) throw new Error('the awaiting-approval row has no approval part');
    await userEvent.click(within(approval as HTMLElement).getByRole('button', { name: 'Deny' }));
    await expect(args.onDeny).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'step-awaiting-approval' }),
      expect.any(Object),
    );
  },
};

/** The default theme's dark scheme, forced with `data-theme="dark"` on an ancestor. */
export const DarkTheme: Story = {
  // the whole canvas dark: in the padded layout the dark page sat in a white frame
  parameters: { layout: 'fullscreen' },
  render: ({ onApprove, onDeny }) => (
    <div
      data-theme="dark"
      style={{ padding: '1rem', background: '#0d1117', minHeight: '100vh', boxSizing: 'border-box' }}
    >
      <ToolSteps state={everyStatusState} onApprove={onApprove} onDeny={onDeny} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const label = part(stepRow(canvasElement, 'step-succeeded'), 'tool-step-label');
    if (!label) throw new Error('no label');
    // light text on a dark list
    await expect(luminance(getComputedStyle(label).color)).toBeGreaterThan(0.5);
    const list = canvasElement.querySelector<HTMLElement>('[data-slot="tool-steps"]');
    if (!list) throw new Error('no list');
    await expect(luminance(getComputedStyle(list).backgroundColor)).toBeLessThan(0.05);
    await expect(getComputedStyle(list).colorScheme).toBe('dark');
  },
};

/** The relative luminance (0 black … 1 white) of a computed `rgb()` / `rgba()` colour. */
function luminance(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}
