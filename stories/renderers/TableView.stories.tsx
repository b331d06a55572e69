import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { TableView } from '../../src/renderers/table-view';
import { bigTable, makeStep } from './data';
import { Frame } from './frame';

const meta = {
  title: 'Renderers/Table view',
  component: TableView,
  decorators: [(Story) => <Frame>{Story()}</Frame>],
  args: { step: makeStep({ toolName: 'sql_query' }), details: bigTable(8), kind: 'table' },
} satisfies Meta<typeof TableView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Flat records: headers from the keys, numbers right aligned. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const header = within(canvasElement).getByRole('columnheader', { name: 'durationMs' });
    await expect(header).toHaveAttribute('data-align', 'end');
  },
};

/** Missing and null cells, `{ columns, rows }` arrays, and a table past the first 50 rows. */
export const States: Story = {
  render: () => (
    <>
      <Frame title="Missing and null cells">
        <TableView
          step={makeStep({ id: 'a' })}
          details={[
            { file: 'a.ts', lines: 12 },
            { file: 'b.ts', lines: null, note: 'generated' },
          ]}
          kind="table"
        />
      </Frame>
      <Frame title="{ columns, rows } with array rows">
        <TableView
          step={makeStep({ id: 'b' })}
          details={{
            columns: ['city', 'population'],
            rows: [
              ['Oslo', 709_000],
              ['Bergen', 291_000],
            ],
          }}
          kind="table"
        />
      </Frame>
      <Frame title="120 rows: the first 50, then all">
        <TableView step={makeStep({ id: 'c' })} details={bigTable(120)} kind="table" />
      </Frame>
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show all 120 rows' }));
    await expect(canvas.getByRole('button', { name: 'Show the first 50 rows' })).toBeVisible();
  },
};

/** 5,000 rows: the first 50, then "show all" renders a window of the rows. */
export const LargeTable: Story = {
  name: 'Large: 5,000-row table',
  args: { details: bigTable(5_000) },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show all 5,000 rows' }));
    await expect(canvasElement.querySelectorAll('[data-slot="tool-step-table-row"]').length).toBeLessThan(200);
  },
};
