import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CodeView } from '../../src/renderers/code-view';
import { makeStep } from './data';
import { Frame } from './frame';

const snippet = {
  kind: 'code',
  path: 'src/lib/money.ts',
  language: 'typescript',
  startLine: 12,
  code: "export function formatUsd(money: Money): string {\n  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(\n    money.amountCents / 100,\n  );\n}\n",
};

const meta = {
  title: 'Renderers/Code view',
  component: CodeView,
  decorators: [(Story) => <Frame>{Story()}</Frame>],
  args: { step: makeStep({ toolName: 'read_file' }), details: snippet, kind: 'code' },
} satisfies Meta<typeof CodeView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A snippet of a file: line numbers from where it starts, the path and the language. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('src/lib/money.ts')).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="tool-step-code-line-number"]')).toHaveTextContent('12');
  },
};

/** An empty file, a long file (windowed), dark. */
export const States: Story = {
  render: () => (
    <>
      <Frame title="Empty file">
        <CodeView step={makeStep({ id: 'a' })} details={{ kind: 'code', code: '', path: 'empty.txt' }} kind="code" />
      </Frame>
      <Frame title="A long file">
        <CodeView
          step={makeStep({ id: 'b' })}
          details={{
            kind: 'code',
            path: 'generated.ts',
            code: Array.from({ length: 5000 }, (_, i) => `export const value${i + 1} = ${i + 1};`).join('\n'),
          }}
          kind="code"
        />
      </Frame>
      <Frame title="Dark" theme="dark">
        <CodeView step={makeStep({ id: 'c' })} details={snippet} kind="code" />
      </Frame>
    </>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Empty file.')).toBeVisible();
    await expect(within(canvasElement).getByText('5,000 lines')).toBeVisible();
  },
};
