import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildDiffModel, diffLanguage, fileRows } from '../../src/renderers/diff-model';
import { contrastRatio, DiffView, readableColour } from '../../src/renderers/diff-view';
import { beforeAfter, bigDiff, makeStep, twoFileDiff } from '../../stories/renderers/data';

const step = makeStep({ toolName: 'edit_file' });

function files(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLElement>('[data-slot="tool-step-diff-file"]')];
}

function rowTexts(file: HTMLElement) {
  return [...file.querySelectorAll<HTMLElement>('[data-slot="tool-step-diff-row"]')].map((row) =>
    [...row.children].map((cell) => cell.textContent ?? ''),
  );
}

describe('DiffView', () => {
  it('shows each file of a multi-file diff with its path and +/- counts', () => {
    const { container } = render(<DiffView step={step} details={{ diff: twoFileDiff }} kind="diff" />);
    const [money, priceTag] = files(container);
    expect(files(container)).toHaveLength(2);
    expect(within(money as HTMLElement).getByText('src/lib/money.ts')).toBeInTheDocument();
    expect(
      [
        ...(money as HTMLElement).querySelectorAll(
          '[data-slot="tool-step-diff-file-header"] [data-slot="tool-step-diff-count"]',
        ),
      ].map((e) => e.textContent),
    ).toEqual(['+1', '−1']);
    expect(
      [
        ...(priceTag as HTMLElement).querySelectorAll(
          '[data-slot="tool-step-diff-file-header"] [data-slot="tool-step-diff-count"]',
        ),
      ].map((e) => e.textContent),
    ).toEqual(['+3', '−2']);
    expect(
      container.querySelector('[data-slot="tool-step-renderer-toolbar"] [data-slot="tool-step-renderer-summary"]')
        ?.textContent,
    ).toBe('2 files changed, +4 −3');
  });

  it('numbers old and new lines from the hunk header', () => {
    const { container } = render(<DiffView step={step} details={twoFileDiff} kind="diff" />);
    const rows = rowTexts(files(container)[0] as HTMLElement);
    // [old number, new number, sign, code]
    expect(rows[0]).toEqual(['3', '3', ' ', '  currency: string;']);
    expect(rows[3]).toEqual(['6', '', '−', 'export function formatUsd(money: Money): string {']);
    expect(rows[4]).toEqual(['', '6', '+', 'export function formatCurrency(money: Money): string {']);
    expect(rows[5]).toEqual([
      '7',
      '7',
      ' ',
      "  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(",
    ]);
    expect(files(container)[0]?.querySelector('[data-slot="tool-step-diff-hunk"]')?.textContent).toBe(
      '⋯ 2 unchanged lines not in the diff · @@ -3,7 +3,7 @@',
    );
  });

  it('highlights the changed words inside a replaced line', () => {
    const { container } = render(<DiffView step={step} details={twoFileDiff} kind="diff" />);
    const file = files(container)[0] as HTMLElement;
    const del = file.querySelector('[data-slot="tool-step-diff-row"][data-line-type="del"]') as HTMLElement;
    const add = file.querySelector('[data-slot="tool-step-diff-row"][data-line-type="add"]') as HTMLElement;
    expect([...del.querySelectorAll('[data-slot="tool-step-diff-word"]')].map((e) => e.textContent)).toEqual([
      'formatUsd',
    ]);
    expect([...add.querySelectorAll('[data-slot="tool-step-diff-word"]')].map((e) => e.textContent)).toEqual([
      'formatCurrency',
    ]);
    expect(add.querySelector('[data-slot="tool-step-diff-word"]')?.getAttribute('data-change')).toBe('add');
  });

  it('does not highlight words of an added line that replaced nothing', () => {
    const { container } = render(<DiffView step={step} details={twoFileDiff} kind="diff" />);
    const priceTag = files(container)[1] as HTMLElement;
    const compact = [...priceTag.querySelectorAll('[data-slot="tool-step-diff-row"]')].find((r) =>
      r.textContent?.includes('compact?: boolean'),
    );
    expect(compact?.querySelectorAll('[data-slot="tool-step-diff-word"]')).toHaveLength(0);
  });

  it('computes a diff of before/after texts and folds the long unchanged run', () => {
    const { container } = render(<DiffView step={step} details={beforeAfter()} kind="diff" />);
    const file = files(container)[0] as HTMLElement;
    expect(within(file).getByText('src/run.ts')).toBeInTheDocument();
    const fold = within(file).getByRole('button', { name: 'Show 34 unchanged lines' });
    // old numbers: 2 and 43 removed, 3-5 and 40-42 kept around the fold of 6-39
    expect(rowTexts(file).map((r) => r[0])).toEqual(['1', '2', '', '3', '4', '5', '40', '41', '42', '43', '', '44']);
    fireEvent.click(fold);
    expect(within(file).queryByRole('button', { name: /unchanged lines/ })).toBeNull();
    expect(rowTexts(file)).toHaveLength(46);
    expect(rowTexts(file)[10]).toEqual(['10', '10', ' ', '  step8();']);
  });

  it('lays out removed lines beside the lines that replaced them in the side-by-side layout', () => {
    const { container } = render(<DiffView step={step} details={twoFileDiff} kind="diff" />);
    fireEvent.click(screen.getByRole('button', { name: 'Side by side' }));
    expect(screen.getByRole('button', { name: 'Side by side' })).toHaveAttribute('aria-pressed', 'true');
    const file = files(container)[0] as HTMLElement;
    const pair = [...file.querySelectorAll('[data-slot="tool-step-diff-row"][data-layout="split"]')][3] as HTMLElement;
    const [left, right] = [...pair.querySelectorAll('[data-slot="tool-step-diff-cell"]')] as HTMLElement[];
    expect(left?.getAttribute('data-line-type')).toBe('del');
    expect(right?.getAttribute('data-line-type')).toBe('add');
    expect(left?.textContent).toBe('6−export function formatUsd(money: Money): string {');
    expect(right?.textContent).toBe('6+export function formatCurrency(money: Money): string {');
    // an added line with no removed partner has an empty left cell
    const priceTag = files(container)[1] as HTMLElement;
    const lone = [...priceTag.querySelectorAll('[data-slot="tool-step-diff-row"]')].find((r) =>
      r.textContent?.includes('compact?'),
    );
    expect(lone?.querySelector('[data-side="old"]')?.getAttribute('data-line-type')).toBe('empty');
  });

  it('collapses and reopens a file with its header button', () => {
    const { container } = render(<DiffView step={step} details={twoFileDiff} kind="diff" />);
    const toggle = within(files(container)[0] as HTMLElement).getByRole('button', { name: 'src/lib/money.ts' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(files(container)[0]?.querySelectorAll('[data-slot="tool-step-diff-row"]')).toHaveLength(0);
  });

  it('shows a long diff first, then marks its changed words once it has painted', async () => {
    const { container } = render(<DiffView step={step} details={bigDiff(10_000)} kind="diff" />);
    expect(container.querySelectorAll('[data-slot="tool-step-diff-row"]').length).toBeGreaterThan(0);
    expect(container.querySelector('[data-slot="tool-step-diff-word"]')).toBeNull();
    await waitFor(() => expect(container.querySelector('[data-slot="tool-step-diff-word"]')).not.toBeNull());
  });

  it('renders only a window of a 10,000-line diff', () => {
    const { container } = render(<DiffView step={step} details={bigDiff(10_000)} kind="diff" />);
    const rows = container.querySelectorAll('[data-slot="tool-step-diff-row"]');
    // 480px viewport / 20px rows = 24 visible, plus 30 overscan below (none above at the top): 54 rows, the first a hunk header
    expect(rows.length).toBe(53);
    expect(container.querySelectorAll('[data-slot="tool-step-diff-hunk"]')).toHaveLength(1);
    expect(container.querySelector('[data-slot="tool-step-diff-file-header"]')?.textContent).toBe(
      'src/generated/big.ts+909−909',
    );
    const scroller = container.querySelector('[data-slot="tool-step-diff-lines"]') as HTMLElement;
    expect((scroller.firstElementChild as HTMLElement).style.height).toBe(`${10_001 * 20}px`);
    scroller.scrollTop = 5_000 * 20;
    fireEvent.scroll(scroller);
    const after = [...container.querySelectorAll('[data-slot="tool-step-diff-row"]')];
    expect(after.length).toBe(84);
    expect((container.querySelector('[data-slot="tool-step-window-slice"]') as HTMLElement).style.top).toBe(
      `${(5_000 - 30) * 20}px`,
    );
  });

  it('falls back to the text view with a note when the diff does not parse', () => {
    const broken = '--- a/x\n+++ b/x\n@@ -1,5 +1,5 @@\n-only one line\n';
    const { container } = render(<DiffView step={step} details={{ diff: broken }} kind="diff" />);
    expect(container.querySelector('[data-slot="tool-step-diff-view"]')).toBeNull();
    expect(container.querySelector('[data-slot="tool-step-text-view-body"]')?.textContent).toBe(broken);
    expect(container.querySelector('[data-slot="tool-step-renderer-note"]')?.textContent).toMatch(
      /^This diff could not be read \(.+\) Showing it as text\.$/,
    );
  });

  it('falls back to text when a string has no hunk at all', () => {
    const { container } = render(
      <DiffView step={step} details={{ kind: 'diff', value: 'no diff here' }} kind="diff" />,
    );
    expect(container.querySelector('[data-slot="tool-step-text-view-body"]')?.textContent).toBe('no diff here');
    expect(container.querySelector('[data-slot="tool-step-renderer-note"]')?.textContent).toContain(
      'No file or hunk header',
    );
  });

  it('keeps <script> in file names and lines as inert text', () => {
    const hostile =
      '--- a/<script>alert(1)</script>.ts\n+++ b/<script>alert(1)</script>.ts\n@@ -1 +1 @@\n-<img src=x onerror=alert(1)>\n+<script>alert(2)</script>\n';
    const { container } = render(<DiffView step={step} details={hostile} kind="diff" />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-slot="tool-step-diff-file-path"]')?.textContent).toBe(
      '<script>alert(1)</script>.ts',
    );
    expect(rowTexts(files(container)[0] as HTMLElement)[1]?.[3]).toBe('<script>alert(2)</script>');
  });
});

describe('diff model', () => {
  it('marks created, deleted and renamed files', () => {
    const patch = [
      'diff --git a/new.ts b/new.ts',
      'new file mode 100644',
      '--- /dev/null',
      '+++ b/new.ts',
      '@@ -0,0 +1 @@',
      '+hello',
      'diff --git a/old.ts b/old.ts',
      'deleted file mode 100644',
      '--- a/old.ts',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-bye',
      'diff --git a/a.ts b/b.ts',
      'similarity index 100%',
      'rename from a.ts',
      'rename to b.ts',
      '',
    ].join('\n');
    const model = buildDiffModel({ type: 'patch', patch });
    expect(model.ok && model.files.map((f) => [f.status, f.path, f.oldPath])).toEqual([
      ['added', 'new.ts', undefined],
      ['deleted', 'old.ts', undefined],
      ['renamed', 'b.ts', 'a.ts'],
    ]);
  });

  it('folds only runs longer than the kept context', () => {
    const lines = Array.from({ length: 20 }, (_, i) => `l${i}`);
    const model = buildDiffModel({
      type: 'texts',
      oldText: `${lines.join('\n')}\nold\n`,
      newText: `${lines.join('\n')}\nnew\n`,
    });
    if (!model.ok) throw new Error('expected a model');
    const rows = fileRows(model.files[0] as never, new Set());
    expect(rows.map((r) => r.type)).toEqual(['fold', 'line', 'line', 'line', 'line', 'line']);
    expect(rows[0]).toEqual({ type: 'fold', id: 0, from: 0, to: 17 });
  });
});

describe('new details for the same file (found in review)', () => {
  it('draws the new lines, not the word diff cached for the previous ones', () => {
    const before = { path: 'a.ts', oldText: 'const alpha = 1;\n', newText: 'const alpha = 2;\n' };
    const after = { path: 'a.ts', oldText: 'const beta = 1;\n', newText: 'const beta = 2;\n' };
    const { container, rerender } = render(<DiffView step={step} details={before} kind="diff" />);
    expect(container.textContent).toContain('const alpha = 2;');
    rerender(<DiffView step={step} details={after} kind="diff" />);
    expect(container.textContent).toContain('const beta = 2;');
    expect(container.textContent).not.toContain('alpha');
  });
});

describe('syntax highlighting of the diff', () => {
  const patch = [
    '--- a/src/price.ts',
    '+++ b/src/price.ts',
    '@@ -1,4 +1,4 @@',
    ' /* a comment',
    '-   that ends here */',
    '+   that ends there */',
    '-const price = 1;',
    '+const price = 2;',
    ' export { price };',
    '',
  ].join('\n');

  const codeOf = (row: Element) => row.querySelector('[data-slot="tool-step-diff-code"]') as HTMLElement;

  it('colours both sides in order, keeping the changed-word marks around the tokens, in both layouts', async () => {
    const { container } = render(<DiffView step={step} details={patch} kind="diff" />);
    const file = container.querySelector('[data-slot="tool-step-diff-file"]') as HTMLElement;
    expect(file.hasAttribute('data-highlighted')).toBe(false);
    await waitFor(() => expect(file.getAttribute('data-highlighted')).toBe('complete'));
    const rows = [...file.querySelectorAll('[data-slot="tool-step-diff-row"]')];
    expect(rows.map((r) => codeOf(r).textContent)).toEqual([
      '/* a comment',
      '   that ends here */',
      '   that ends there */',
      'const price = 1;',
      'const price = 2;',
      'export { price };',
    ]);
    const tokens = (row: Element) => [...row.querySelectorAll<HTMLElement>('[data-slot="tool-step-diff-token"]')];
    const light = (el: HTMLElement | undefined) => el?.style.getPropertyValue('--shiki-light');
    // the comment's second line is still a comment on both sides: each side is tokenized as one text, in order
    // (the colour is moved to 4.5:1 on each row's background, so compare after the same move)
    const comment = light(tokens(rows[0] as Element)[0]) as string;
    expect(light(tokens(rows[1] as Element)[0])).toBe(readableColour(comment, 'light', 'del'));
    expect(light(tokens(rows[2] as Element)[0])).toBe(readableColour(comment, 'light', 'add'));
    expect(light(tokens(rows[5] as Element)[0])).not.toBe(comment);
    const keyword = tokens(rows[4] as Element).find((t) => t.textContent === 'const');
    expect(light(keyword)).toMatch(/^#/);
    expect(keyword?.style.getPropertyValue('--shiki-dark')).toMatch(/^#/);
    const word = (rows[4] as Element).querySelector('[data-slot="tool-step-diff-word"][data-change="add"]');
    expect(word?.textContent).toBe('2');
    expect(word?.querySelector('[data-slot="tool-step-diff-token"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Side by side' }));
    const old = [
      ...file.querySelectorAll('[data-slot="tool-step-diff-cell"][data-side="old"][data-line-type="del"]'),
    ].at(-1);
    expect(old?.querySelector('[data-slot="tool-step-diff-word"] [data-slot="tool-step-diff-token"]')).not.toBeNull();
    expect(codeOf(old as Element).textContent).toBe('const price = 1;');
  });

  it('finds the language from the extension only; odd paths stay plain', () => {
    expect(
      ['src/a.ts', 'b/c.PY', 'x.tsx', 'Makefile', 'notes.xyz', 'x.ts\u202e', 'dir.ts/file', '.ts.'].map(diffLanguage),
    ).toEqual(['typescript', 'python', 'tsx', undefined, undefined, undefined, undefined, undefined]);
  });

  it('keeps a 6,000-character line whole and coloured up to the tokenizer limit', async () => {
    const long = `const s = "${'x'.repeat(6000)}";`;
    const { container } = render(
      <DiffView
        step={step}
        details={{ oldText: 'let a = 1;\n', newText: `let a = 1;\n${long}\n`, path: 'x.ts' }}
        kind="diff"
      />,
    );
    const file = container.querySelector('[data-slot="tool-step-diff-file"]') as HTMLElement;
    await waitFor(() => expect(file.getAttribute('data-highlighted')).toBe('complete'));
    const added = file.querySelector('[data-slot="tool-step-diff-row"][data-line-type="add"]') as HTMLElement;
    expect(codeOf(added).textContent).toBe(long);
  });

  it('moves token colours to 4.5:1 on the diff backgrounds and the word marks', () => {
    const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    // GitHub light's orange and dark's comment grey fail on the word marks as they are
    expect(contrastRatio(rgb('#e36209'), rgb('#9be9a8'))).toBeLessThan(4.5);
    expect(contrastRatio(rgb(readableColour('#e36209', 'light', 'addWord')), rgb('#9be9a8'))).toBeGreaterThanOrEqual(
      4.5,
    );
    expect(contrastRatio(rgb(readableColour('#6a737d', 'dark', 'delWord')), rgb('#8e1519'))).toBeGreaterThanOrEqual(
      4.5,
    );
    expect(contrastRatio(rgb(readableColour('#e36209', 'light', 'context')), rgb('#ffffff'))).toBeGreaterThanOrEqual(
      4.5,
    );
    expect(readableColour('#24292e', 'light', 'context')).toBe('#24292e');
  });
});
