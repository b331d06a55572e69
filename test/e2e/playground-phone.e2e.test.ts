// The playground on a 390 px phone, in Debian's Chromium through playwright-core against `npm start`: the
// header's controls are drawn whole (the theme select read "Autc", its word cut), and the page's first
// line starts below the sticky header, not under it.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { alive, launchChromium, startPlayground } from '../playground/support';

const root = join(import.meta.dirname, '..', '..');
let server: ChildProcess;
let url = '';
let browser: Browser;

beforeAll(async () => {
  ({ server, url } = await startPlayground(root, {}));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  if (server?.pid && alive(server.pid)) {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
});

test.each([
  [390, 'light'],
  [390, 'dark'],
  [360, 'light'],
] as const)(
  'at %i px (%s) the theme select is whole and the intro starts below the header',
  async (width, colorScheme) => {
    const context = await browser.newContext({ viewport: { width, height: 844 }, colorScheme });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('button', { name: 'Fix the failing test' }).waitFor();
    const select = page.getByRole('combobox', { name: 'Theme' });
    // the selected word whole. A select reports no overflow (its scrollWidth is its clientWidth even when
    // "Auto" is cut to "Autc"), so it is measured against its own natural width: a copy of it without the
    // page's width limits, which fits its longest option and its arrow.
    const fit = await select.evaluate((element) => {
      const copy = element.cloneNode(true) as HTMLSelectElement;
      Object.assign(copy.style, {
        position: 'absolute',
        visibility: 'hidden',
        width: 'auto',
        maxWidth: 'none',
        minWidth: '0',
      });
      element.parentElement?.append(copy);
      const natural = copy.getBoundingClientRect().width;
      copy.remove();
      return {
        natural,
        drawn: element.getBoundingClientRect().width,
        scroll: element.scrollWidth,
        client: element.clientWidth,
      };
    });
    expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    expect(fit.drawn).toBeGreaterThanOrEqual(fit.natural - 0.5);
    const header = await page.locator('.pg-header').boundingBox();

    const intro = await page.locator('.pg-wire-gap').boundingBox();
    expect(header).not.toBeNull();
    expect(intro).not.toBeNull();
    expect(intro?.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await context.close();
  },
);
