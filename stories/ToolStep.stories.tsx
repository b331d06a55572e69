import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { type Step, ToolStep } from 'tool-steps';
import { STEP_STATUSES } from 'tool-steps/core';
import { stepsFromText } from 'tool-steps/wires';
import { part, partText, stepRow, stepRows, summarize } from './support/dom';
import { cogitatorFixtures } from './support/fixtures';
import { labelByStatus, stepByStatus } from './support/states';

/** The args of these stories: the approval callbacks. */
interface ToolStepStoryArgs {
  onApprove: (step: Step) => void;
  onDeny: (step: Step) => void;
}

const editId = 'call_fDNxSIvPZZ63fFKcZjR4I0b3';
const editStep = stepsFromText(cogitatorFixtures['workspace-edit']).byId[editId] as Step;

const meta = {
  title: 'Components/Tool step',
  // the stories' args are the callbacks; the component is named for the docs' prop table
  component: ToolStep as unknown as ComponentType<ToolStepStoryArgs>,
  args: { onApprove: fn(), onDeny: fn() },
  // alone, a row is a <div> (an <li> only inside <ToolSteps>)
  render: ({ onApprove, onDeny }) => <ToolStep step={editStep} onApprove={onApprove} onDeny={onDeny} />,
} satisfies Meta<ToolStepStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One finished edit from the workspace-edit recording, with its diff behind the disclosure. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(summarize(canvasElement)).toEqual([
      {
        id: editId,
        tool: 'edit_file',
        status: 'succeeded',
        icon: 'file-pen',
        label: 'Edit file',
        detail: 'src/lib/money.ts',
      },
    ]);
    const row = stepRow(canvasElement, editId);
    const icon = part(row, 'tool-step-icon');
    await expect(icon).toHaveAttribute('aria-hidden', 'true');
    await expect(row.tagName).toBe('DIV');
    const trigger = within(row).getByRole('button', { name: 'Details' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(row).toHaveAttribute('data-state', 'open');
    const details = part(row, 'tool-step-details');
    await expect(details).toHaveAttribute('data-kind', 'diff');
    // the diff renderer loads lazily; its hunk header is only in the diff. A cold dev server serves its
    // chunk module by module: over a second with the other projects on the same 2 cores (CI failed once at
    // the default 1 s, "Loading…" still drawn)
    await waitFor(() => expect(details).toHaveTextContent('@@ -3,7 +3,7 @@'));
    // what the model read, one switch away (the JSON tree's exact spacing is the renderer's business)
    await userEvent.click(within(row).getByRole('button', { name: 'What the model read' }));
    await waitFor(() =>
      expect(details?.querySelector('[data-section="result"]')).toHaveTextContent(/replacements"?:\s*1/),
    );
    await expect(details?.querySelector('[data-section="details"]')).toBeNull();
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(row).toHaveAttribute('data-state', 'closed');
  },
};

/** A row in every status, each drawn on its own with `<ToolStep step>`. */
export const States: Story = {
  render: ({ onApprove, onDeny }) => (
    <div style={{ display: 'grid', gap: '0.5rem' }}>
      {STEP_STATUSES.map((status) => (
        <ToolStep key={status} step={stepByStatus[status]} onApprove={onApprove} onDeny={onDeny} />
      ))}
    </div>
  ),
  play: async ({ canvasElement, args }) => {
    await expect(stepRows(canvasElement).map((row) => row.dataset.status)).toEqual([...STEP_STATUSES]);
    for (const status of STEP_STATUSES) {
      const row = stepRow(canvasElement, `step-${status}`);
      await expect(partText(row, 'tool-step-label')).toBe(labelByStatus[status]);
      // a status indicator with text, in every status
      await expect(part(row, 'tool-step-status')).toHaveAttribute('data-status', status);
      await expect(partText(row, 'tool-step-status')).not.toBe('');
    }
    // progress only while the call is active
    await expect(part(stepRow(canvasElement, 'step-running'), 'tool-step-progress')).toHaveTextContent(
      'src/api/orders.test.ts: 31 passed',
    );
    await expect(part(stepRow(canvasElement, 'step-succeeded'), 'tool-step-progress')).toBeNull();
    await expect(part(stepRow(canvasElement, 'step-failed'), 'tool-step-error')).toHaveAttribute(
      'data-error-code',
      'TOOL_TIMEOUT',
    );

    const waiting = stepRow(canvasElement, 'step-awaiting-approval');
    await userEvent.click(within(waiting).getByRole('button', { name: 'Deny' }));
    await expect(args.onDeny).toHaveBeenCalledTimes(1);
    await expect(args.onDeny).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'step-awaiting-approval' }),
      expect.any(Object),
    );
    await expect(args.onApprove).not.toHaveBeenCalled();
    // denied without a reason: the header says "Denied" once, and the card goes
    await waitFor(() => expect(partText(waiting, 'tool-step-status')?.trim()).toBe('Denied'));
    await expect(part(waiting, 'tool-step-approval')).toBeNull();
  },
};
