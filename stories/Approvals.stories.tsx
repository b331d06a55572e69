import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Step, StepsState } from 'tool-steps';
import {
  Column,
  consequences,
  LONG_COMMAND,
  longCommand,
  mixed,
  threeApprovals,
  writeEditCommand,
} from './support/approval-scenes';
import { arabicLabels } from './support/labels-ar';
import { germanLabels } from './support/labels-de';
import { wordsScene } from './support/labels-scene';

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
      consequences={consequences}
      {...props}
      state={state}
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
 * Approvals people can decide on: what will run in full, the side effects as chips, what
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

/**
 * What each call will do, before it runs: the file a write makes (the code view, its language from the
 * path), the change an edit makes (the diff view), the command once; the arguments wait below, closed.
 */
export const WriteEditAndCommand: Story = {
  args: { initial: writeEditCommand },
  play: async ({ canvasElement }) => {
    const rows = [...canvasElement.querySelectorAll<HTMLElement>('[data-slot="tool-step"]')];
    const heading = (row: HTMLElement) => row.querySelector('[data-slot="tool-step-approval-heading"]')?.textContent;
    await expect(rows.map(heading)).toEqual(['Will write', 'Will edit', 'Will run']);
    await waitFor(() =>
      expect(rows[0]?.querySelector('[data-slot="tool-step-code-view"]')?.getAttribute('data-language')).toBe(
        'markdown',
      ),
    );
    await expect(rows[0]?.querySelector('[data-slot="tool-step-code-path"]')?.textContent).toBe('NOTES.md');
    await waitFor(() => expect(rows[1]?.querySelector('[data-slot="tool-step-diff-view"]')).not.toBeNull());
    await expect(rows[2]?.querySelector('[data-slot="tool-step-approval-input"]')?.textContent).toBe('node --test');
    for (const row of rows) {
      await expect(row.querySelector('[data-slot="tool-step-details-trigger"]')?.getAttribute('aria-expanded')).toBe(
        'false',
      );
    }
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
  args: {
    initial: mixed,
    labels: germanLabels,
    lang: 'de',
    consequences: (step) => (step.toolName === 'delete_records' ? '47 Datensätze werden gelöscht' : undefined),
  },
};

/** Right to left, with Arabic words: the layout mirrors and holds. */
export const RightToLeft: Story = {
  args: {
    initial: mixed,
    labels: arabicLabels,
    dir: 'rtl',
    lang: 'ar',
    consequences: (step) => (step.toolName === 'delete_records' ? 'سيتم حذف 47 سجلًا' : undefined),
  },
};

/** Opens every closed details block and the group (the details views' words, the secrets' note). */
async function openAll(canvasElement: HTMLElement) {
  const closed = () => [
    ...canvasElement.querySelectorAll<HTMLElement>(
      '[data-slot="tool-step-details-trigger"][aria-expanded="false"], [data-slot="tool-steps-group-trigger"][aria-expanded="false"]',
    ),
  ];
  for (const trigger of closed()) await userEvent.click(trigger);
  // the terminal view is loaded lazily
  await waitFor(() => expect(canvasElement.querySelector('[data-slot="tool-step-terminal-view"]')).not.toBeNull());
}

/**
 * Every other word in German: a group of reads and searches, a secret hidden in an output, a terminal
 * block (its duration the header's), nested steps, the running step's time, skipped frames and the turn summary.
 */
export const GermanEverything: Story = {
  args: { initial: wordsScene, labels: germanLabels, lang: 'de', width: 720, diagnostics: true },
  play: async ({ canvasElement }) => {
    await openAll(canvasElement);
    const text = canvasElement.textContent ?? '';
    await expect(text).toContain('Geheimnis verborgen');
    await expect(text).toContain('Dateien gelesen');
    await expect(text).not.toContain('secret');
  },
};

/** The same list right to left, in Arabic: the group, the terminal block and the summary mirror and hold. */
export const RightToLeftEverything: Story = {
  args: { initial: wordsScene, labels: arabicLabels, dir: 'rtl', lang: 'ar', width: 720 },
  play: async ({ canvasElement }) => {
    await openAll(canvasElement);
  },
};
