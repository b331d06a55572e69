import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { Step, StepsState } from 'tool-steps';
import { Column, consequences, LONG_COMMAND, longCommand, mixed, threeApprovals } from './support/approval-scenes';
import { arabicLabels } from './support/labels-ar';
import { germanLabels } from './support/labels-de';

/** A list whose decisions and cancels are applied to its own state, as a host would after the wire answers. */
function Live({
  initial,
  onApprove,
  onDeny,
  ...props
}: Omit<Parameters<typeof Column>[0], 'state' | 'store'> & { initial: StepsState }) {
  const [state, setState] = useState(initial);
  const update = (id: string, change: (step: Step) => Step) =>
    setState((old) => ({ ...old, byId: { ...old.byId, [id]: change(old.byId[id] as Step) } }));
  return (
    <Column
      {...props}
      state={state}
      consequences={consequences}
      onApprove={(step, decision) => {
        onApprove?.(step, decision);
        // the wire answers a moment later: the call runs
        setTimeout(
          () =>
            update(step.id, (s) => ({
              ...s,
              status: 'running',
              approval: { ...s.approval, decision: { approved: true, ...decision } },
            })),
          600,
        );
      }}
      onDeny={(step, decision) => {
        onDeny?.(step, decision);
        setTimeout(
          () =>
            update(step.id, (s) => ({
              ...s,
              status: 'denied',
              approval: { ...s.approval, decision: { approved: false, ...decision } },
            })),
          600,
        );
      }}
      onCancel={(step) => update(step.id, (s) => ({ ...s, status: 'cancelled' }))}
      onRetry={(step) => update(step.id, (s) => ({ ...s, status: 'running', error: undefined }))}
    />
  );
}

/**
 * Approvals people can decide on (issue 8): what will run in full, the side effects as chips, what
 * the host says will happen, a reason, Approve and Deny that stay in view, "Approve all", and the
 * words in another language or right to left.
 */
const meta = {
  title: 'Approvals',
  component: Live,
  args: { initial: threeApprovals, onApprove: fn(), onDeny: fn() },
} satisfies Meta<typeof Live>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A very long command on a 390 px phone: wrapped in full, never cut to "gi…". */
export const LongCommandOnPhone: Story = {
  args: { initial: longCommand, width: 390 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvasElement.querySelector('[data-slot="tool-step-approval-input"]');
    await expect(input?.textContent).toBe(LONG_COMMAND);
    await expect(canvas.getByRole('button', { name: 'Approve' })).toBeVisible();
  },
};

/** Three calls wait at once: decide them one by one, or all at once. */
export const ThreeApprovals: Story = {
  args: { initial: threeApprovals },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Approve all 3' }));
    await expect(args.onApprove).toHaveBeenCalledTimes(3);
  },
};

/** Three calls waiting, nobody here to decide (server rendering, a finished capture): no dead buttons. */
export const WaitingElsewhere: Story = {
  render: () => <Column state={threeApprovals} />,
};

/** The whole kit in German: statuses, buttons, the card, plurals, the tools' labels and their tenses. */
export const German: Story = {
  args: { initial: mixed, labels: germanLabels, lang: 'de' },
};

/** Right to left, with Arabic words: the layout mirrors and holds. */
export const RightToLeft: Story = {
  args: { initial: mixed, labels: arabicLabels, dir: 'rtl', lang: 'ar' },
};
