import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { TextView } from '../../src/renderers/text-view';
import { makeStep } from './data';
import { Frame } from './frame';

const meta = {
  title: 'Renderers/Text view',
  component: TextView,
  decorators: [(Story) => <Frame>{Story()}</Frame>],
  args: {
    step: makeStep({ toolName: 'read_file' }),
    details:
      "export function formatUsd(money: Money): string {\n  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(\n    money.amountCents / 100\n  );\n}\n",
    kind: 'text',
  },
} satisfies Meta<typeof TextView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A file read: whitespace kept, long lines wrapped. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('pre')?.textContent).toContain('  return new Intl');
  },
};

/** A note (as from a diff that fell back), a non-string value, hostile text. */
export const States: Story = {
  render: () => (
    <>
      <Frame title="With a note">
        <TextView
          step={makeStep({ id: 'a' })}
          details={'@@ broken'}
          kind="text"
          note="This diff could not be read. Showing it as text."
        />
      </Frame>
      <Frame title="A value that is not a string">
        <TextView step={makeStep({ id: 'b' })} details={{ path: 'src/a.ts', replacements: 1 }} kind="text" />
      </Frame>
      <Frame title="Hostile text stays text">
        <TextView
          step={makeStep({ id: 'c' })}
          details={'<script>alert(1)</script><img src=x onerror=alert(1)>'}
          kind="text"
        />
      </Frame>
    </>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('script')).toBeNull();
    await expect(
      within(canvasElement).getByText('<script>alert(1)</script><img src=x onerror=alert(1)>'),
    ).toBeVisible();
  },
};

/** 5,000 lines: the first 200, with "Show all". */
export const LongText: Story = {
  name: 'Large: 5,000 lines',
  args: { details: Array.from({ length: 5_000 }, (_, i) => `${i + 1}: a line of a long file`).join('\n') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Show all 5,000 lines' })).toBeVisible();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show all 5,000 lines' }));
  },
};
