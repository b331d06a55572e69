// Toolchain smoke story (storybook project: play function run by @storybook/addon-vitest). Delete once real stories exist.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';

function SmokeCounter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      Clicked {count} times
    </button>
  );
}

const meta = {
  title: 'Toolchain/Smoke',
  component: SmokeCounter,
} satisfies Meta<typeof SmokeCounter>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Clicks: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Clicked 0 times' });
    await userEvent.click(button);
    await expect(button).toHaveTextContent('Clicked 1 times');
  },
};
