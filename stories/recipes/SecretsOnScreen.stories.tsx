import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ToolSteps } from 'tool-steps';
import { redactMask } from 'tool-steps/presentation';
import { part, stepRow } from '../support/dom';
import { SECRETS, secretsState } from '../support/secrets';

const key = SECRETS[2]?.[1] as string;

const meta = {
  title: 'Recipes/Secrets on screen',
  component: ToolSteps,
  args: { state: secretsState() },
} satisfies Meta<typeof ToolSteps>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Tool output that echoes credentials (`cat .env`, a request with a bearer token, an error that quotes
 * the key): every field shows them masked (`sk-ant-••••••••`), the step itself is untouched, and each
 * block has its own "Reveal". Commit hashes, UUIDs and token counts are left alone.
 */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const curl = stepRow(canvasElement, 'curl');
    await expect(part(curl, 'tool-step-error-message')?.textContent).toContain(`sk-ant-${redactMask}`);
    await expect(canvasElement.textContent).not.toContain(key);
    const env = stepRow(canvasElement, 'env');
    await userEvent.click(within(env).getByRole('button', { name: 'Details' }));
    // the details body is a lazy chunk: the first opening may show "Loading…" for a moment
    const output = await waitFor(() => {
      const section = env.querySelector<HTMLElement>('[data-section="details"]');
      if (!section) throw new Error('the details section is not drawn yet');
      return section;
    });
    await expect(await within(output).findByText('3 secrets hidden')).toBeInTheDocument();
    await userEvent.click(within(output).getByRole('button', { name: 'Reveal 3 hidden secrets' }));
    await expect(within(output).getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-pressed', 'true');
    const commit = stepRow(canvasElement, 'commit');
    await userEvent.click(within(commit).getByRole('button', { name: 'Details' }));
    await waitFor(() => expect(commit.textContent).toContain('9fceb02d0ae598e95dc970b74767f19372d61af8'));
  },
};

/** `redact={false}`: the host shows everything (a local, trusted agent). */
export const Off: Story = {
  args: { redact: false },
  play: async ({ canvasElement }) => {
    await expect(part(stepRow(canvasElement, 'curl'), 'tool-step-error-message')?.textContent).toContain(key);
  },
};

/** Extra patterns, added to the built-in ones: here every connection string is masked whole (`redact={[/postgres:\/\/\S+/g]}`). */
export const ExtraPatterns: Story = {
  args: { redact: [/postgres:\/\/\S+/g] },
};
