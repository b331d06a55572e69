// The diff view's syntax highlighting in real Chromium, with the theme: the plain diff paints first and
// gains colour, in both layouts, and each token's colour is the theme's pick for the block's scheme.
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import '../../src/styles.css';
import { DiffView } from '../../src/renderers/diff-view';
import { bigDiff, makeStep } from '../../stories/renderers/data';

afterEach(() => {
  document.body.innerHTML = '';
});

const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.trim().slice(1, 7), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

describe('diff highlighting in Chromium', () => {
  it('paints a 10,000-line TypeScript diff plain, then colours it in both layouts in the scheme of the block', async () => {
    const tasks: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.duration);
    });
    observer.observe({ type: 'longtask', buffered: false });
    const t0 = performance.now();
    const screen = await render(
      <div data-theme="dark" style={{ width: 900 }}>
        <DiffView step={makeStep()} kind="diff" details={bigDiff(10_000)} />
      </div>,
    );
    expect(screen.container.querySelector('[data-slot="tool-step-diff-row"]')).not.toBeNull();
    await nextPaint();
    const paintMs = performance.now() - t0;
    const longestBeforePaint = Math.max(0, ...tasks);
    console.log(
      `[diff-paint] ${JSON.stringify({ firstPaintMs: Math.round(paintMs), longestTaskMs: Math.round(longestBeforePaint) })}`,
    );
    const file = screen.container.querySelector('[data-slot="tool-step-diff-file"]') as HTMLElement;
    await expect.poll(() => file.getAttribute('data-highlighted'), { timeout: 60_000 }).not.toBeNull();
    // the first slices colour the top rows; the rest follow slice by slice (10.3 s for both 10,000-line sides)
    const firstColourMs = performance.now() - t0;
    observer.disconnect();
    console.log(
      `[diff-highlight] ${JSON.stringify({ lines: 10_000, firstPaintMs: Math.round(paintMs), firstColourMs: Math.round(firstColourMs), longestTaskMs: Math.round(Math.max(0, ...tasks)) })}`,
    );
    const checkTokens = () => {
      const tokens = [...file.querySelectorAll<HTMLElement>('[data-slot="tool-step-diff-token"]')];
      expect(tokens.length).toBeGreaterThan(0);
      const keyword = tokens.find((s) => s.textContent === 'const') as HTMLElement;
      expect(keyword.closest('[data-line-type="add"], [data-line-type="del"]')).not.toBeNull();
      expect(getComputedStyle(keyword).color).toBe(hexToRgb(keyword.style.getPropertyValue('--shiki-dark')));
      // the added line keeps its green background and its changed-word mark around coloured tokens
      const word = file.querySelector<HTMLElement>(
        '[data-slot="tool-step-diff-word"][data-change="add"]',
      ) as HTMLElement;
      expect(word.querySelector('[data-slot="tool-step-diff-token"]')).not.toBeNull();
      expect(getComputedStyle(word).backgroundColor).not.toBe('rgba(0, 0, 0, 0)');
    };
    // the first slices may cover only the first lines of one side (a slice is ~12 ms of work, fewer lines
    // on a busy machine): wait until the first changed lines of both sides are coloured, then check them
    const coloured = () => {
      try {
        checkTokens();
        return true;
      } catch {
        return false;
      }
    };
    await expect.poll(coloured, { timeout: 60_000 }).toBe(true);
    checkTokens();
    await userEvent.click(screen.getByRole('button', { name: 'Side by side' }));
    expect(file.querySelector('[data-slot="tool-step-diff-row"][data-layout="split"]')).not.toBeNull();
    checkTokens();
    const oldCell = file.querySelector('[data-slot="tool-step-diff-cell"][data-side="old"][data-line-type="del"]');
    expect(oldCell?.querySelector('[data-slot="tool-step-diff-token"]')).not.toBeNull();
  }, 90_000);
});
