import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { JsonTree } from '../../src/renderers/json-tree';
import { deepJson, makeStep } from './data';
import { Frame } from './frame';

const meta = {
  title: 'Renderers/JSON tree',
  component: JsonTree,
  decorators: [(Story) => <Frame>{Story()}</Frame>],
  args: {
    step: makeStep({ toolName: 'http_get' }),
    details: {
      status: 200,
      ok: true,
      headers: { 'content-type': 'application/json' },
      body: { id: 7, tags: ['a', 'b'], owner: null },
    },
    kind: 'json',
  },
} satisfies Meta<typeof JsonTree>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Objects and arrays open and close with buttons; every value can be copied. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = canvas.getByRole('button', { name: /"body"/ });
    await expect(body).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(body);
    await expect(body).toHaveAttribute('aria-expanded', 'false');
  },
};

/** Primitives, a long array paged by 100, a long string cut, hostile keys. */
export const States: Story = {
  render: () => (
    <>
      <Frame title="A primitive">
        <JsonTree step={makeStep({ id: 'a' })} details={42} kind="json" />
      </Frame>
      <Frame title="250 items, shown 100 at a time">
        <JsonTree
          step={makeStep({ id: 'b' })}
          details={{ ids: Array.from({ length: 250 }, (_, i) => i) }}
          kind="json"
        />
      </Frame>
      <Frame title="A long string, cut">
        <JsonTree step={makeStep({ id: 'c' })} details={{ log: 'lorem ipsum '.repeat(100) }} kind="json" />
      </Frame>
      <Frame title="Hostile keys and values stay text">
        <JsonTree
          step={makeStep({ id: 'd' })}
          details={{ '<script>alert(1)</script>': '<img src=x onerror=alert(1)>' }}
          kind="json"
        />
      </Frame>
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show 100 more (150 not shown)' }));
    await expect(canvas.getByRole('button', { name: 'Show 50 more (50 not shown)' })).toBeVisible();
    await expect(canvasElement.querySelector('script')).toBeNull();
  },
};

/** An object 40 levels deep with a 1,000-item array: only open nodes are rendered. */
export const DeepJson: Story = {
  name: 'Large: deep JSON',
  args: { details: deepJson(40) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-slot="tool-step-json-node"]').length).toBeLessThan(200);
  },
};
