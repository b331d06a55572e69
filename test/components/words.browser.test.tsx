// Words in real Chromium: the list drawn in German and in Arabic right to left, with
// every details view open, stays inside its column (no part pushes it wider), mirrors right to left
// while code and terminal output keep reading left to right, and the terminal block writes the header's
// duration. Screenshots go to test/__screenshots__/words/ (git-ignored).
import { afterEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import '../../src/styles.css';
import { Column } from '../../stories/support/approval-scenes';
import { arabicLabels } from '../../stories/support/labels-ar';
import { germanLabels } from '../../stories/support/labels-de';
import { wordsScene } from '../../stories/support/labels-scene';

const shot = (name: string) => page.screenshot({ path: `../__screenshots__/words/words-${name}.png` });

afterEach(() => {
  document.documentElement.removeAttribute('dir');
});

async function openAll(root: HTMLElement) {
  const closed = root.querySelectorAll<HTMLElement>(
    '[data-slot="tool-step-details-trigger"][aria-expanded="false"], [data-slot="tool-steps-group-trigger"][aria-expanded="false"]',
  );
  for (const trigger of closed) trigger.click();
  await expect.poll(() => root.querySelector('[data-slot="tool-step-terminal-view"]')).not.toBeNull();
}

/** Elements whose box reaches outside the column (a word or a part that does not wrap or mirror). */
function outside(root: HTMLElement): string[] {
  const column = root.getBoundingClientRect();
  return [...root.querySelectorAll<HTMLElement>('[data-slot]')]
    .filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && (box.left < column.left - 1 || box.right > column.right + 1);
    })
    .map((el) => el.dataset.slot as string);
}

describe('the list in another language', () => {
  for (const [name, labels, dir, lang] of [
    ['de', germanLabels, 'ltr', 'de'],
    ['rtl', arabicLabels, 'rtl', 'ar'],
  ] as const) {
    test(`${name}: every part stays inside a 600 px column, the terminal block on the header's clock`, async () => {
      await page.viewport(700, 1400);
      const screen = await render(
        <Column state={wordsScene} labels={labels} dir={dir} lang={lang} width={600} summary />,
      );
      const root = screen.container.firstElementChild as HTMLElement;
      await openAll(root);
      expect(outside(root)).toEqual([]);
      const header = root.querySelector('[data-step-id="test"] [data-slot="tool-step-duration"]')?.textContent;
      expect(root.querySelector('[data-slot="tool-step-terminal-duration"]')?.textContent).toBe(header);
      expect(header).toBe(labels.duration(8420));
      if (dir === 'rtl') {
        // mirrored: the row's status sits left of its label
        const row = root.querySelector('[data-step-id="test"]') as HTMLElement;
        const label = row.querySelector('[data-slot="tool-step-label"]')?.getBoundingClientRect();
        const status = row.querySelector('[data-slot="tool-step-status"]')?.getBoundingClientRect();
        expect(status && label && status.right <= label.left).toBe(true);
        // and terminal output still reads left to right: line numbers on the left
        const line = root.querySelector('[data-slot="tool-step-terminal-line"]') as HTMLElement;
        const number = line.querySelector('[data-slot="tool-step-terminal-line-number"]')?.getBoundingClientRect();
        const text = line.querySelector('[data-slot="tool-step-terminal-text"]')?.getBoundingClientRect();
        expect(number && text && number.right <= text.left).toBe(true);
      }
      await shot(name);
    });
  }
});
