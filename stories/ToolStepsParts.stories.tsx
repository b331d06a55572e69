import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ComponentType, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  createStepStore,
  type Step,
  type StepEvent,
  type StepsState,
  ToolStepsAnnouncer,
  ToolStepsApproveAll,
  ToolStepsList,
  ToolStepsRoot,
  ToolStepsRunStatus,
  ToolStepsSummary,
} from 'tool-steps';
import { emptyStepsState, reduceSteps } from 'tool-steps/core';
import { stepsFromText } from 'tool-steps/wires';
import { threeApprovals } from './support/approval-scenes';
import { stepRows } from './support/dom';
import { cogitatorFixtures } from './support/fixtures';
import { everyStatusState } from './support/states';

/** The args of these stories: the list's callbacks. */
interface PartsStoryArgs {
  onApprove: (step: Step) => void;
  onDeny: (step: Step) => void;
}

const meta = {
  title: 'Components/Tool steps/Parts',
  // the stories' args are the callbacks; the component is named for the docs' prop table
  component: ToolStepsRoot as unknown as ComponentType<PartsStoryArgs>,
  args: { onApprove: fn(), onDeny: fn() },
} satisfies Meta<PartsStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const at = 1_767_225_600_000;

/** A run that failed after one read: the run's error with its code. */
const failedRun = reduceSteps(emptyStepsState, [
  { type: 'run-start', at },
  { type: 'step-start', id: 'read', toolName: 'read_file', at },
  { type: 'step-input', id: 'read', input: { path: 'src/lib/money.ts' }, at },
  { type: 'step-result', id: 'read', result: 'ok', at: at + 300 },
  {
    type: 'run-error',
    message: 'The model provider returned 529 (overloaded).',
    code: 'PROVIDER_OVERLOADED',
    at: at + 900,
  },
]);

/** A run cut off by the connection while a command ran, with two malformed frames skipped on the way. */
const cutRun: StepsState = {
  ...reduceSteps(emptyStepsState, [
    { type: 'run-start', at },
    { type: 'step-start', id: 'test', toolName: 'run_command', at },
    { type: 'step-input', id: 'test', input: { command: 'npm test' }, at },
    { type: 'run-abort', reason: 'The connection was lost.', at: at + 4000 },
  ]),
  diagnostics: { count: 2, last: { reason: 'malformed JSON in a frame', protocol: 'native' } },
};

/** The workspace-edit recording, finished: four steps, so the summary has a turn to sum up. */
const workspaceEdit = stepsFromText(cogitatorFixtures['workspace-edit']);

/**
 * The list made of its parts, as the README's `ErrorFirst` example draws it: the root (here a
 * `<section>`), the run's status first, then the list and the live regions.
 */
export const Root: Story = {
  render: () => (
    <ToolStepsRoot state={failedRun} render={<section className="my-steps" aria-label="Agent steps" />}>
      <ToolStepsRunStatus />
      <ToolStepsList virtualize={false} />
      <ToolStepsAnnouncer />
    </ToolStepsRoot>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const root = canvas.getByRole('region', { name: 'Agent steps' });
    await expect(root.tagName).toBe('SECTION');
    await expect(root).toHaveAttribute('data-slot', 'tool-steps-root');
    await expect(root).toHaveClass('my-steps');
    // the error before the list, in the order the host chose
    const error = within(root).getByText('The model provider returned 529 (overloaded).');
    const list = within(root).getByRole('list', { name: 'Tool calls' });
    await expect(error.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await expect(stepRows(list).map((row) => row.dataset.stepId)).toEqual(['read']);
  },
};

/** "Approve all" above the list, for three calls that wait; each is decided with the list's handlers. */
export const ApproveAll: Story = {
  render: ({ onApprove, onDeny }) => (
    <ToolStepsRoot state={threeApprovals} onApprove={onApprove} onDeny={onDeny}>
      <ToolStepsApproveAll />
      <ToolStepsList virtualize={false} />
    </ToolStepsRoot>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const bar = canvas.getByRole('group', { name: /wait for your approval/ });
    await expect(bar).toHaveAttribute('data-slot', 'tool-steps-approve-all');
    await expect(bar).toHaveTextContent('3 calls wait for your approval');
    await userEvent.click(within(bar).getByRole('button', { name: /Approve all 3/ }));
    await expect(args.onApprove).toHaveBeenCalledTimes(3);
    await expect(args.onDeny).not.toHaveBeenCalled();
    // every row's header says it at once, and the bar has nothing left to decide
    await waitFor(() => expect(canvas.queryByRole('group', { name: /wait for your approval/ })).toBeNull());
  },
};

/** The list alone inside its root: one row per status, no run status, summary or bar. */
export const List: Story = {
  render: () => (
    <ToolStepsRoot state={everyStatusState}>
      <ToolStepsList virtualize={false} />
    </ToolStepsRoot>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Tool calls' });
    await expect(list).toHaveAttribute('data-slot', 'tool-steps');
    await expect(stepRows(list)).toHaveLength(everyStatusState.ids.length);
    await expect(within(list).getByText('Force-push main to origin')).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="tool-steps-summary"]')).toBeNull();
  },
};

/** The run's error, with its code. */
export const RunStatusError: Story = {
  render: () => (
    <ToolStepsRoot state={failedRun}>
      <ToolStepsList virtualize={false} />
      <ToolStepsRunStatus />
    </ToolStepsRoot>
  ),
  play: async ({ canvasElement }) => {
    const status = canvasElement.querySelector<HTMLElement>('[data-slot="tool-steps-run-status"]');
    await expect(status).not.toBeNull();
    const error = within(status as HTMLElement).getByText('The model provider returned 529 (overloaded).');
    await expect(error).toBeVisible();
    await expect(status).toHaveTextContent('PROVIDER_OVERLOADED');
  },
};

/** A run the connection cut: why it stopped, and (with `diagnostics`) the frames it skipped. */
export const RunStatusInterrupted: Story = {
  render: () => (
    <ToolStepsRoot state={cutRun}>
      <ToolStepsList virtualize={false} />
      <ToolStepsRunStatus diagnostics />
    </ToolStepsRoot>
  ),
  play: async ({ canvasElement }) => {
    const status = canvasElement.querySelector<HTMLElement>('[data-slot="tool-steps-run-status"]') as HTMLElement;
    const interrupted = status.querySelector('[data-slot="tool-steps-interrupted"]');
    await expect(interrupted).toBeVisible();
    await expect(interrupted).toHaveTextContent('The connection was lost.');
    const diagnostics = status.querySelector('[data-slot="tool-steps-diagnostics"]');
    await expect(diagnostics).toBeVisible();
    await expect(diagnostics).toHaveTextContent(/^2 .*skipped/);
    await expect(diagnostics).toHaveAttribute('title', 'native: malformed JSON in a frame');
  },
};

/** The turn in one line under the list, once a run of several steps has finished. */
export const Summary: Story = {
  render: () => (
    <ToolStepsRoot state={workspaceEdit} group={false}>
      <ToolStepsList virtualize={false} />
      <ToolStepsSummary />
    </ToolStepsRoot>
  ),
  play: async ({ canvasElement }) => {
    const summary = canvasElement.querySelector<HTMLElement>('[data-slot="tool-steps-summary"]');
    await expect(summary).toBeVisible();
    await expect(summary).toHaveAttribute('data-state', 'done');
    await expect(summary).toHaveTextContent('4 steps');
  },
};

const editEvents: StepEvent[] = [
  { type: 'step-start', id: 'edit', toolName: 'edit_file', at },
  { type: 'step-input', id: 'edit', input: { path: 'src/a.ts' }, at },
];

/** A list whose edit finishes at the press of a button, with the announcer beside it. */
function AnnouncedEdit() {
  const [store] = useState(() => {
    const created = createStepStore({ schedule: (flush) => flush() });
    created.apply(editEvents);
    return created;
  });
  return (
    <>
      <button
        type="button"
        onClick={() => store.apply([{ type: 'step-result', id: 'edit', result: 'ok', at: at + 800 }])}
      >
        Finish the edit
      </button>
      <ToolStepsRoot store={store} minRunningMs={0}>
        <ToolStepsList virtualize={false} />
        <ToolStepsAnnouncer delay={0} />
      </ToolStepsRoot>
    </>
  );
}

/**
 * The live regions: visually hidden, they say what a step did once it changes ("… finished"), never
 * the steps already there when the list mounts.
 */
export const Announcer: Story = {
  render: () => <AnnouncedEdit />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const polite = canvas.getByRole('status');
    await expect(polite.closest('[data-slot="tool-steps-announcer"]')).not.toBeNull();
    await expect(polite).toHaveTextContent('');
    await userEvent.click(canvas.getByRole('button', { name: 'Finish the edit' }));
    await waitFor(() => expect(polite).toHaveTextContent(/src\/a\.ts.*finished/));
    await expect(canvas.getByRole('alert')).toHaveTextContent('');
  },
};
