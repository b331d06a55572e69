import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { type Step, ToolStep } from 'tool-steps';
import { emptyStepsState, reduceSteps } from 'tool-steps/core';
import { part, stepRow } from '../support/dom';

const step = reduceSteps(emptyStepsState, [
  { type: 'step-start', id: 'weather', toolName: 'getWeather' },
  { type: 'step-input', id: 'weather', input: { city: 'Lisbon', unit: 'celsius' } },
  { type: 'step-result', id: 'weather', result: { city: 'Lisbon', temperature: 19, sky: 'clear' } },
]).byId.weather as Step;

const running = reduceSteps(emptyStepsState, [
  { type: 'step-start', id: 'search', toolName: 'search_docs' },
  { type: 'step-input', id: 'search', input: { query: 'refund policy' } },
  { type: 'step-progress', id: 'search', content: 'Searching 3 sources…' },
]).byId.search as Step;

interface Args {
  onCancel: (step: Step) => void;
}

/** A chat message with its text and the tool calls made while writing it: no list around them. */
function Message({ onCancel }: Args) {
  return (
    <article
      aria-label="Assistant message"
      style={{ maxWidth: 520, padding: '0.75rem 1rem', borderRadius: 12, background: 'rgb(127 127 127 / 0.1)' }}
    >
      <p style={{ marginTop: 0 }}>Let me check the weather and the refund policy.</p>
      <div style={{ display: 'grid', gap: '0.5rem' }}>
        <ToolStep step={step} />
        <ToolStep step={running} onCancel={onCancel} />
      </div>
      <p style={{ marginBottom: 0 }}>It is 19 °C and clear in Lisbon.</p>
    </article>
  );
}

const meta = {
  title: 'Recipes/Step in a chat message',
  component: Message,
  args: { onCancel: fn() },
} satisfies Meta<typeof Message>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `<ToolStep>` alone renders a `<div>` root: valid inside a message bubble, no `<ol>` needed. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const message = within(canvasElement).getByRole('article', { name: 'Assistant message' });
    await expect(message.querySelector('li')).toBeNull();
    const weather = stepRow(canvasElement, 'weather');
    await expect(weather.tagName).toBe('DIV');
    await expect(weather).toHaveAttribute('data-status', 'succeeded');
    await expect(part(weather, 'tool-step-label')?.textContent).not.toBe('');
    await userEvent.click(within(weather).getByRole('button', { name: 'Details' }));
    await expect(weather).toHaveAttribute('data-state', 'open');
    // the details body is a lazy chunk: the first opening may show "Loading…" for a moment
    await waitFor(() => expect(part(weather, 'tool-step-details-content')).toHaveTextContent('Lisbon'));

    const search = stepRow(canvasElement, 'search');
    await expect(part(search, 'tool-step-progress')).toHaveTextContent('Searching 3 sources…');
    await userEvent.click(within(search).getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledWith(expect.objectContaining({ id: 'search' }));
  },
};
