import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { type ToolRowProps, ToolStepDetails, ToolStepStatus, ToolSteps, type ToolsConfig } from 'tool-steps';
import { emptyStepsState, reduceSteps } from 'tool-steps/core';
import { part, stepRow } from '../support/dom';

interface Order {
  id: string;
  customer: string;
  total: number;
}

/**
 * A whole row for one tool (`tools.search_orders.Row`), the way assistant-ui's `makeAssistantToolUI`
 * or CopilotKit's `useRenderToolCall` key a component by tool name. It returns the row's content: the
 * row draws the kit's root around it (the list's `<li>`, `data-*`, the open state), and it reuses the
 * default details part.
 */
function OrdersRow({ step, presentation, open, setOpen, children }: ToolRowProps) {
  const orders = Array.isArray(step.result) ? (step.result as Order[]) : [];
  const query = (step.input as { query?: string } | undefined)?.query ?? '';
  return (
    <div style={{ border: '1px solid #c7d2fe', borderRadius: 8, padding: '0.5rem 0.75rem' }}>
      <div style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
        <strong data-testid="orders-title">
          {presentation.label} “{query}”
        </strong>
        <ToolStepStatus />
        <button type="button" onClick={() => setOpen(!open)} style={{ marginInlineStart: 'auto' }}>
          {open ? 'Hide raw data' : 'Show raw data'}
        </button>
      </div>
      {orders.length > 0 ? (
        <ul aria-label="Orders found" style={{ margin: '0.5rem 0 0', paddingInlineStart: '1.25rem' }}>
          {orders.map((order) => (
            <li key={order.id}>
              {order.customer}: ${order.total.toFixed(2)}
            </li>
          ))}
        </ul>
      ) : null}
      {open ? <ToolStepDetails /> : null}
      {children}
    </div>
  );
}

const tools: ToolsConfig = {
  search_orders: {
    label: (step) => (step.status === 'succeeded' ? 'Searched orders for' : 'Searching orders for'),
    Row: OrdersRow,
  },
  // a tool whose host component is broken: the kit draws its default row instead
  refund_order: {
    label: 'Refund order',
    detail: (step) => `#${(step.input as { id?: string } | undefined)?.id ?? '?'}`,
    Row: () => {
      throw new Error('this component has a bug');
    },
  },
};

const state = reduceSteps(emptyStepsState, [
  { type: 'step-start', id: 'search', toolName: 'search_orders' },
  { type: 'step-input', id: 'search', input: { query: 'late deliveries' } },
  {
    type: 'step-result',
    id: 'search',
    result: [
      { id: 'o1', customer: 'Ada', total: 42.5 },
      { id: 'o2', customer: 'Grace', total: 17 },
    ],
  },
  { type: 'step-start', id: 'refund', toolName: 'refund_order' },
  { type: 'step-input', id: 'refund', input: { id: 'o1' } },
  { type: 'step-start', id: 'read', toolName: 'read_file' },
  { type: 'step-input', id: 'read', input: { path: 'docs/refunds.md' } },
]);

const meta = {
  title: 'Recipes/Custom row',
  component: ToolSteps,
  args: { state, tools },
} satisfies Meta<typeof ToolSteps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `search_orders` draws its own row; `refund_order`'s Row throws, so it falls back to the default row. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const search = stepRow(canvasElement, 'search');
    await expect(search.tagName).toBe('LI');
    await expect(within(search).getByTestId('orders-title')).toHaveTextContent('Searched orders for “late deliveries”');
    await expect(within(search).getByRole('list', { name: 'Orders found' }).children).toHaveLength(2);
    await expect(search).toHaveAttribute('data-state', 'closed');
    await userEvent.click(within(search).getByRole('button', { name: 'Show raw data' }));
    await expect(search).toHaveAttribute('data-state', 'open');
    await expect(part(search, 'tool-step-details')).toHaveAttribute('data-state', 'open');

    const refund = stepRow(canvasElement, 'refund');
    await expect(part(refund, 'tool-step-label')).toHaveTextContent('Refund order');
    await expect(part(refund, 'tool-step-detail')).toHaveTextContent('#o1');
    await expect(part(stepRow(canvasElement, 'read'), 'tool-step-header')).not.toBeNull();
  },
};
