import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ToolSteps } from 'tool-steps';
import { part, stepRow } from '../support/dom';
import { unknownToolsState } from '../support/unknown-tools';

/** What each of the ten rows derives from the call alone: label, icon and detail line. */
const expected: Record<string, { label: string; icon: string; detail: string }> = {
  u1: { label: 'Deleted file', icon: 'trash-2', detail: 'old/reports/2025/q4/quarterly-revenue-by-region.csv' },
  u2: { label: 'Got weather', icon: 'cloud', detail: 'Lisbon' },
  u3: { label: 'Searching orders', icon: 'search', detail: 'status:refunded customer:4821' },
  u4: { label: 'Create issue', icon: 'circle-dot', detail: 'Checkout fails for EUR carts' },
  u5: { label: 'Fetched URL', icon: 'globe', detail: 'docs.example.com/…/payments/refunds#partial-refunds' },
  u6: { label: 'Executed SQL', icon: 'database', detail: 'SELECT id, total FROM orders WHERE refunded_at IS NOT NULL' },
  u7: { label: 'Send email', icon: 'mail', detail: 'Refund report ready' },
  u8: { label: 'Listed directory', icon: 'folder', detail: 'src/components' },
  u9: { label: 'Git commit', icon: 'git-commit', detail: 'fix: round EUR totals before refund' },
  u10: { label: 'Generate image', icon: 'image', detail: 'a flat icon of a shopping cart, blue' },
};

const meta = {
  title: 'Recipes/Tools the kit has never seen',
  component: ToolSteps,
  args: { state: unknownToolsState },
} satisfies Meta<typeof ToolSteps>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Ten tools with no table entry and no server presentation, named as agents name them
 * (`delete_file`, `getWeather`, `search-orders`, `mcp__github__create_issue`, ...): each row gets a
 * humanized label in the tense of its status, an icon from the verb and noun, and the most telling
 * argument as its detail line, with no configuration.
 */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    for (const [id, want] of Object.entries(expected)) {
      const row = stepRow(canvasElement, id);
      await expect(part(row, 'tool-step-label')?.textContent, id).toBe(want.label);
      await expect(part(row, 'tool-step-icon')?.getAttribute('data-icon'), id).toBe(want.icon);
      await expect(part(row, 'tool-step-detail')?.textContent, id).toBe(want.detail);
    }
  },
};

/** The same rows in the dark scheme (`data-theme="dark"` on the list). */
export const Dark: Story = {
  args: { 'data-theme': 'dark' } as never,
  // a dark kit sits on a dark page: the summary line is drawn on the page, outside the card
  decorators: [
    (Story) => (
      <div style={{ colorScheme: 'dark', background: 'Canvas', padding: 16 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    // the list's props land on its root; the list inside it follows the root's scheme
    const root = canvasElement.querySelector('[data-slot="tool-steps-root"]');
    await expect(root).toHaveAttribute('data-theme', 'dark');
    const list = root?.querySelector('[data-slot="tool-steps"]');
    await expect(getComputedStyle(list as Element).colorScheme).toBe('dark');
  },
};
