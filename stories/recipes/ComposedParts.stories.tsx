import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  type Step,
  ToolStepApproval,
  ToolStepApprove,
  ToolStepDeny,
  ToolStepDetail,
  ToolStepDetails,
  ToolStepDetailsContent,
  ToolStepDetailsTrigger,
  ToolStepHeader,
  ToolStepIcon,
  ToolStepLabel,
  ToolStepRoot,
  ToolStepStatus,
  type ToolsConfig,
  useToolStep,
} from 'tool-steps';
import { emptyStepsState, reduceSteps } from 'tool-steps/core';
import { part, stepRow } from '../support/dom';

const step = reduceSteps(emptyStepsState, [
  { type: 'step-start', id: 'drop', toolName: 'delete_file' },
  { type: 'step-input', id: 'drop', input: { path: 'old/report.csv' } },
  {
    type: 'step-approval',
    id: 'drop',
    approvalId: 'ap1',
    description: 'Delete old/report.csv',
    sideEffects: ['The file cannot be recovered'],
  },
]).byId.drop as Step;

/** The detail line from the arguments, as a function of the step (a part takes `tools` too). */
const tools: ToolsConfig = {
  delete_file: { detail: (s) => (s.input as { path?: string } | undefined)?.path },
};

/** A custom part: reads the row with `useToolStep()`. */
function OpenHint() {
  const { open } = useToolStep();
  return <small data-testid="hint">{open ? 'showing the arguments' : 'arguments hidden'}</small>;
}

interface Args {
  onApprove: (step: Step) => void;
  onDeny: (step: Step) => void;
}

/** A row composed from parts, with `render` swapping elements: an `<article>` root, a `<header>`, an `<h3>` label. */
function ComposedRow({ onApprove, onDeny }: Args) {
  return (
    <ToolStepRoot
      step={step}
      defaultOpen={false}
      render={
        <article style={{ border: '1px solid #ddd', borderRadius: 8, padding: '0.5rem 0.75rem', maxWidth: 520 }} />
      }
    >
      <ToolStepHeader render={<header style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }} />}>
        <ToolStepIcon />
        <ToolStepLabel render={(props) => <h3 {...props} style={{ margin: 0, fontSize: '1rem' }} />} />
        <ToolStepDetail render={<code />} tools={tools} />
        <ToolStepStatus />
      </ToolStepHeader>
      <ToolStepApproval onApprove={onApprove} onDeny={onDeny}>
        <p>Delete this file for good?</p>
        <ToolStepApprove>Yes, delete it</ToolStepApprove> <ToolStepDeny>Keep it</ToolStepDeny>
      </ToolStepApproval>
      <ToolStepDetails>
        <ToolStepDetailsTrigger>Arguments</ToolStepDetailsTrigger> <OpenHint />
        <ToolStepDetailsContent render={<section aria-label="Call arguments" />} />
      </ToolStepDetails>
    </ToolStepRoot>
  );
}

const meta = {
  title: 'Recipes/Composed parts',
  component: ComposedRow,
  args: { onApprove: fn(), onDeny: fn() },
} satisfies Meta<typeof ComposedRow>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each part keeps its `data-slot` on the element `render` gave it; the approval's buttons are parts too. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const row = stepRow(canvasElement, 'drop');
    await expect(row.tagName).toBe('ARTICLE');
    await expect(part(row, 'tool-step-header')?.tagName).toBe('HEADER');
    await expect(part(row, 'tool-step-label')?.tagName).toBe('H3');
    await expect(part(row, 'tool-step-detail')?.tagName).toBe('CODE');
    await expect(part(row, 'tool-step-detail')).toHaveTextContent('old/report.csv');
    const canvas = within(row);
    await expect(canvas.getByTestId('hint')).toHaveTextContent('arguments hidden');
    await userEvent.click(canvas.getByRole('button', { name: 'Arguments' }));
    await expect(row).toHaveAttribute('data-state', 'open');
    const content = canvas.getByRole('region', { name: 'Call arguments' });
    await expect(content).toHaveAttribute('data-slot', 'tool-step-details-content');
    // the details body is a lazy chunk: the first opening may show "Loading…" for a moment
    await waitFor(() => expect(content).toHaveTextContent('old/report.csv'));
    await expect(canvas.getByTestId('hint')).toHaveTextContent('showing the arguments');
    await userEvent.click(canvas.getByRole('button', { name: 'Keep it' }));
    await expect(args.onDeny).toHaveBeenCalledWith(step, expect.any(Object));
    await expect(args.onApprove).not.toHaveBeenCalled();
    await expect(part(row, 'tool-step-approval')).toHaveAttribute('data-decision', 'denied');
  },
};
