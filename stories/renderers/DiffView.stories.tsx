import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { DiffView } from '../../src/renderers/diff-view';
import { beforeAfter, bigDiff, makeStep, twoFileDiff } from './data';
import { Frame } from './frame';

const meta = {
  title: 'Renderers/Diff view',
  component: DiffView,
  decorators: [(Story) => <Frame>{Story()}</Frame>],
  args: { step: makeStep({ toolName: 'edit_file' }), details: { diff: twoFileDiff }, kind: 'diff' },
} satisfies Meta<typeof DiffView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A two-file unified diff: paths, +/- counts, numbered lines, changed words highlighted. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('src/lib/money.ts')).toBeVisible();
    await expect(canvasElement.querySelectorAll('[data-slot="tool-step-diff-word"]').length).toBeGreaterThan(0);
    await userEvent.click(canvas.getByRole('button', { name: 'Side by side' }));
    await expect(canvasElement.querySelector('[data-slot="tool-step-diff-row"][data-layout="split"]')).not.toBeNull();
  },
};

/** Before/after texts (folded middle), side by side, created and renamed files, and a diff that does not parse. */
export const States: Story = {
  render: () => (
    <>
      <Frame title="Before/after texts, long unchanged run folded">
        <DiffView step={makeStep({ id: 'a', toolName: 'write_file' })} details={beforeAfter()} kind="diff" />
      </Frame>
      <Frame title="Side by side">
        <DiffView
          step={makeStep({ id: 'b', toolName: 'edit_file' })}
          details={{
            oldText: 'const a = 1;\nconst b = 2;\n',
            newText: 'const a = 10;\nconst b = 2;\nconst c = 3;\n',
            path: 'src/consts.ts',
          }}
          kind="diff"
          defaultLayout="split"
        />
      </Frame>
      <Frame title="Created, deleted and renamed files">
        <DiffView
          step={makeStep({ id: 'c', toolName: 'apply_patch' })}
          details={[
            'diff --git a/docs/new.md b/docs/new.md',
            'new file mode 100644',
            '--- /dev/null',
            '+++ b/docs/new.md',
            '@@ -0,0 +1,2 @@',
            '+# New page',
            '+Hello.',
            'diff --git a/old.txt b/old.txt',
            'deleted file mode 100644',
            '--- a/old.txt',
            '+++ /dev/null',
            '@@ -1 +0,0 @@',
            '-bye',
            'diff --git a/a.ts b/lib/a.ts',
            'similarity index 100%',
            'rename from a.ts',
            'rename to lib/a.ts',
            '',
          ].join('\n')}
          kind="diff"
        />
      </Frame>
      <Frame title="A diff that does not parse falls back to text">
        <DiffView
          step={makeStep({ id: 'd', toolName: 'edit_file' })}
          details={{ diff: '--- a/x\n+++ b/x\n@@ -1,5 +1,5 @@\n-cut short\n' }}
          kind="diff"
        />
      </Frame>
      <Frame title="Hostile file name and lines stay text">
        <DiffView
          step={makeStep({ id: 'e', toolName: 'edit_file' })}
          details={
            '--- a/<script>alert(1)</script>.ts\n+++ b/<script>alert(1)</script>.ts\n@@ -1 +1 @@\n-<img src=x onerror=alert(1)>\n+<script>alert(2)</script>\n'
          }
          kind="diff"
        />
      </Frame>
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const fold = canvas.getByRole('button', { name: 'Show 34 unchanged lines' });
    await userEvent.click(fold);
    await expect(canvas.queryByRole('button', { name: 'Show 34 unchanged lines' })).toBeNull();
    await expect(canvas.getByText(/This diff could not be read/)).toBeVisible();
    await expect(canvasElement.querySelector('script')).toBeNull();
  },
};

const highlighted = [
  'diff --git a/src/lib/retry.ts b/src/lib/retry.ts',
  '--- a/src/lib/retry.ts',
  '+++ b/src/lib/retry.ts',
  '@@ -1,9 +1,10 @@',
  ' /**',
  '  * Retries `task` with a growing delay.',
  '  */',
  '-export async function retry<T>(task: () => Promise<T>, times = 3): Promise<T> {',
  '+export async function retry<T>(task: () => Promise<T>, times = 5, base = 200): Promise<T> {',
  '   for (let attempt = 1; ; attempt++) {',
  '     try {',
  '       return await task();',
  '     } catch (error) {',
  "-      if (attempt >= times) throw new Error('gave up');",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a line of TypeScript, shown as text
  '+      if (attempt >= times) throw new Error(`gave up after ${times} attempts`, { cause: error });',
  '+      await new Promise((resolve) => setTimeout(resolve, base * 2 ** attempt));',
  '',
].join('\n');

/**
 * Syntax highlighting: a file whose extension names a known language is coloured once the plain diff has
 * painted (Shiki, loaded only then), keeping the green and red rows and the changed-word marks.
 */
export const Highlighted: Story = {
  render: () => (
    <>
      <Frame title="Unified">
        <DiffView step={makeStep({ id: 'h1', toolName: 'edit_file' })} details={highlighted} kind="diff" />
      </Frame>
      <Frame title="Side by side">
        <DiffView
          step={makeStep({ id: 'h2', toolName: 'edit_file' })}
          details={highlighted}
          kind="diff"
          defaultLayout="split"
        />
      </Frame>
      <Frame title="Unified, dark" theme="dark">
        <DiffView step={makeStep({ id: 'h3', toolName: 'edit_file' })} details={highlighted} kind="diff" />
      </Frame>
      <Frame title="Side by side, dark" theme="dark">
        <DiffView
          step={makeStep({ id: 'h4', toolName: 'edit_file' })}
          details={highlighted}
          kind="diff"
          defaultLayout="split"
        />
      </Frame>
    </>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(
      () =>
        expect(
          canvasElement.querySelectorAll('[data-slot="tool-step-diff-file"][data-highlighted="complete"]'),
        ).toHaveLength(4),
      { timeout: 10_000 },
    );
    await expect(canvasElement.querySelectorAll('[data-slot="tool-step-diff-token"]').length).toBeGreaterThan(20);
  },
};

/** A 10,000-line diff: only the visible lines are in the DOM. */
export const LargeDiff: Story = {
  name: 'Large: 10,000-line diff',
  args: { details: bigDiff(10_000) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('src/generated/big.ts')).toBeVisible();
    await expect(canvasElement.querySelectorAll('[data-slot="tool-step-diff-row"]').length).toBeLessThan(200);
  },
};
