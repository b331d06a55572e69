// The determinate progress bar's geometry in real Chromium, with the theme: where the bar sits in the
// row (lined up with the label, the text beside it), and which side fills, left to right and right to left.
import '../../src/styles.css';
import { type Step, type StepsState, ToolSteps } from 'tool-steps';
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';

const step = (message: string): Step => ({
  id: 'call_1',
  toolName: 'search_docs',
  status: 'running',
  inputText: '',
  input: {},
  presentation: { label: 'Search docs' },
  progress: { content: message, details: { progress: 1, total: 4 }, count: 1 },
});
const stateOf = (s: Step): StepsState => ({
  ids: [s.id],
  byId: { [s.id]: s },
  run: { status: 'streaming' },
  diagnostics: { count: 0 },
});

const box = (root: ParentNode, slot: string) =>
  (root.querySelector(`[data-slot="${slot}"]`) as HTMLElement).getBoundingClientRect();

/** The bar's pixels, from a screenshot of the element: how blue a point at `x` (0 to 1 of the width) is. */
async function blueness(bar: HTMLElement): Promise<(x: number) => number> {
  const base64 = await page.screenshot({ element: bar, save: false });
  const image = new Image();
  image.src = `data:image/png;base64,${base64}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext('2d') as CanvasRenderingContext2D;
  context.drawImage(image, 0, 0);
  return (x) => {
    const [r = 0, , b = 0] = context.getImageData(Math.round(x * (image.width - 1)), image.height >> 1, 1, 1).data;
    return b - r;
  };
}

describe('the determinate progress bar', () => {
  for (const dir of ['ltr', 'rtl'] as const) {
    test(`sits at the label's start with its text beside it, and fills from the inline start (${dir})`, async () => {
      const screen = await render(
        <div dir={dir} style={{ width: 480 }}>
          <ToolSteps state={stateOf(step(`Indexed 1 of 4 sites ${'and a long message '.repeat(12)}`))} />
        </div>,
      );
      const root = screen.container;
      const part = box(root, 'tool-step-progress');
      const bar = box(root, 'tool-step-progress-bar');
      const label = box(root, 'tool-step-label');
      const text = (
        root.querySelector('[data-slot="tool-step-progress"] > bdi') as HTMLElement
      ).getBoundingClientRect();
      const row = box(root, 'tool-step');

      // a bar people can see: the theme's 6px track, at most 8rem wide
      expect(bar.height).toBeCloseTo(6, 0);
      expect(bar.width).toBeGreaterThan(60);
      expect(bar.width).toBeLessThanOrEqual(128.5);
      // lined up with the label, on one line with its text, which stays inside the row
      if (dir === 'ltr') {
        expect(Math.abs(bar.left - label.left)).toBeLessThan(1);
        expect(text.left).toBeGreaterThanOrEqual(bar.right);
        expect(text.right).toBeLessThanOrEqual(part.right + 0.5);
      } else {
        expect(Math.abs(bar.right - label.right)).toBeLessThan(1);
        expect(text.right).toBeLessThanOrEqual(bar.left);
        expect(text.left).toBeGreaterThanOrEqual(part.left - 0.5);
      }
      expect(part.right).toBeLessThanOrEqual(row.right + 0.5);
      expect(part.left).toBeGreaterThanOrEqual(row.left - 0.5);
      expect(bar.top + bar.height / 2).toBeGreaterThan(text.top);
      expect(bar.top + bar.height / 2).toBeLessThan(text.bottom);
      const bdi = root.querySelector('[data-slot="tool-step-progress"] > bdi') as HTMLElement;
      expect(bdi.scrollWidth).toBeGreaterThan(bdi.clientWidth); // the long message ellipsizes

      // 1 of 4: the accent fills the first quarter from the inline start, the track shows the rest
      const blue = await blueness(root.querySelector('[data-slot="tool-step-progress-bar"]') as HTMLElement);
      const [start, end] = dir === 'ltr' ? [blue(0.12), blue(0.88)] : [blue(0.88), blue(0.12)];
      expect(start).toBeGreaterThan(120);
      expect(end).toBeLessThan(40);
    });
  }
});
