import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ToolStepDetailsContent } from 'tool-steps';
import { makeStep, vtGrep } from './data';
import { Frame } from './frame';

const vtStep = makeStep({
  toolName: 'grep_file',
  details: { kind: 'terminal', text: vtGrep.ui_content, metadata: vtGrep.metadata },
  result: vtGrep.llm_content,
});

const meta = {
  title: 'Renderers/What the model read',
  component: ToolStepDetailsContent,
  decorators: [(Story) => <Frame>{Story()}</Frame>],
  args: { step: vtStep },
} satisfies Meta<typeof ToolStepDetailsContent>;

export default meta;
type Story = StoryObj<typeof meta>;

/** VT Code's dual-channel grep result: the terminal text people see, the summary the model read, the saving. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // the details body is a lazy chunk: found once it has loaded
    await expect(await canvas.findByText('227 → 52 tokens, 77% saved')).toBeVisible();
    await expect(await canvas.findByRole('group', { name: 'Terminal output' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'What the model read' }));
    await expect(canvas.getByText(/Found 9 matches in 4 files/)).toBeVisible();
  },
};

/** Only details, only a result, an error result with zero counts, and a diff with its model summary (switched to it). */
export const States: Story = {
  render: () => (
    <>
      <Frame title="Only details">
        <ToolStepDetailsContent step={makeStep({ id: 'a', details: [{ file: 'a.ts', matches: 3 }] })} />
      </Frame>
      <Frame title="Only a result">
        <ToolStepDetailsContent step={makeStep({ id: 'b', result: { path: 'src/a.ts', replacements: 1 } })} />
      </Frame>
      <Frame title="VT Code error result: zero counts are not shown">
        <ToolStepDetailsContent
          step={makeStep({
            id: 'c',
            details: {
              text: 'Error: No such file or directory (os error 2)',
              metadata: {
                files: [],
                token_counts: { llm_tokens: 0, ui_tokens: 0, savings_tokens: 0, savings_percent: 0 },
              },
            },
            result: 'Tool failed: No such file or directory (os error 2)',
          })}
        />
      </Frame>
      <Frame title="A diff, and what the model read of it">
        <ToolStepDetailsContent
          step={makeStep({
            id: 'd',
            toolName: 'edit_file',
            details: { diff: '--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1 +1 @@\n-const a = 1;\n+const a = 2;\n' },
            result: 'Modified 1 file(s): +1 lines, -1 lines. Changed: src/a.ts',
          })}
        />
      </Frame>
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // the switches are in the lazily loaded details body: once they are drawn, no token count is
    const switches = await canvas.findAllByRole('button', { name: 'What the model read' });
    await expect(canvas.queryByText(/tokens/)).toBeNull();
    await userEvent.click(switches[switches.length - 1] as HTMLElement);
    await expect(canvas.getByText('Modified 1 file(s): +1 lines, -1 lines. Changed: src/a.ts')).toBeVisible();
  },
};

/** A large result on both sides. */
export const LargeBothSides: Story = {
  name: 'Large: 50,000-line details',
  args: {
    step: makeStep({
      toolName: 'run_command',
      details: { stdout: Array.from({ length: 50_000 }, (_, i) => `line ${i + 1}`).join('\n'), exitCode: 0 },
      result: 'Command: make\nExit code: 0 (success)\n\nOutput: 50000 lines',
    }),
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('50,000 lines');
    await expect(canvasElement.querySelectorAll('[data-slot="tool-step-terminal-line"]').length).toBeLessThan(200);
  },
};
