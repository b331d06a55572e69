// Every way a host says its colour scheme, applied in Debian's Chromium (playwright-core) to a page that
// draws <ToolSteps> with the packed tool-steps/styles.css, and the list's colours read back. Shared by the
// production builds of test/package/next.test.ts (Next with Turbopack, Vite): both run Lightning CSS, which
// rewrites light-dark() into variables that only a color-scheme declared in CSS switches.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

/** Rules the test apps' own CSS holds, so their color-scheme goes through the same build as the kit's. */
export const HOST_CSS = `html.css-dark { color-scheme: dark; }
html.css-light { color-scheme: light; }
html.follow-os { color-scheme: light dark; }
`;

type Scheme = 'light' | 'dark';
interface Declaration {
  /** what the case sets on <html>: its style attribute (as next-themes writes it), class, data-theme */
  html?: { style?: string; class?: string; theme?: string };
  /** the same on the list's parent element, nearer than <html> */
  parent?: { class?: string; theme?: string };
  os: Scheme;
}

export const CASES: Array<{ name: string; expected: Scheme; declaration: Declaration }> = [
  { name: 'nothing declared, OS light', expected: 'light', declaration: { os: 'light' } },
  // a page that declares no color-scheme is drawn light by the browser whatever the OS says
  { name: 'nothing declared, OS dark', expected: 'light', declaration: { os: 'dark' } },
  {
    name: 'inline color-scheme: dark',
    expected: 'dark',
    declaration: { html: { style: 'color-scheme: dark;' }, os: 'light' },
  },
  {
    name: 'inline color-scheme: light over CSS light dark, OS dark',
    expected: 'light',
    declaration: { html: { style: 'color-scheme: light;', class: 'follow-os' }, os: 'dark' },
  },
  { name: 'CSS color-scheme: dark', expected: 'dark', declaration: { html: { class: 'css-dark' }, os: 'light' } },
  {
    name: 'CSS color-scheme: light, OS dark',
    expected: 'light',
    declaration: { html: { class: 'css-light' }, os: 'dark' },
  },
  { name: 'class dark', expected: 'dark', declaration: { html: { class: 'dark' }, os: 'light' } },
  {
    name: 'class light inside class dark',
    expected: 'light',
    declaration: { html: { class: 'dark' }, parent: { class: 'light' }, os: 'light' },
  },
  {
    name: 'next-themes class dark (class and inline color-scheme)',
    expected: 'dark',
    declaration: { html: { class: 'dark', style: 'color-scheme: dark;' }, os: 'light' },
  },
  {
    name: 'next-themes class light, OS dark',
    expected: 'light',
    declaration: { html: { class: 'light follow-os', style: 'color-scheme: light;' }, os: 'dark' },
  },
  { name: 'data-theme dark', expected: 'dark', declaration: { html: { theme: 'dark' }, os: 'light' } },
  {
    name: 'data-theme light inside data-theme dark',
    expected: 'light',
    declaration: { html: { theme: 'dark' }, parent: { theme: 'light' }, os: 'light' },
  },
  { name: 'CSS light dark, OS dark', expected: 'dark', declaration: { html: { class: 'follow-os' }, os: 'dark' } },
  {
    name: 'inline color-scheme: light dark, OS dark',
    expected: 'dark',
    declaration: { html: { style: 'color-scheme: light dark;' }, os: 'dark' },
  },
  { name: 'CSS light dark, OS light', expected: 'light', declaration: { html: { class: 'follow-os' }, os: 'light' } },
];

// the defaults of --ts-bg and --ts-fg (docs/theming.md), as Chromium computes them
const COLOURS: Record<Scheme, { bg: string; fg: string }> = {
  light: { bg: 'rgb(255, 255, 255)', fg: 'rgb(31, 35, 40)' },
  dark: { bg: 'rgb(22, 27, 34)', fg: 'rgb(230, 237, 243)' },
};

export interface SchemeResult {
  name: string;
  expected: Scheme;
  /** the scheme whose colours the list has, or its colours when they are neither */
  drawn: string;
}

/**
 * Opens `url` once, then for each case sets its declaration (clearing the previous one), emulates the OS
 * preference and reads the list's background and text colour. `shots`: a folder for a screenshot of each.
 */
export async function schemesAt(url: string, label: string, shots = process.env.DARK_SHOTS): Promise<SchemeResult[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 640, height: 360 } });
    await page.goto(url);
    await page.locator('[data-slot="tool-steps"]').first().waitFor({ timeout: 60_000 });
    if (shots) mkdirSync(shots, { recursive: true });
    const results: SchemeResult[] = [];
    for (const { name, expected, declaration } of CASES) {
      await page.emulateMedia({ colorScheme: declaration.os });
      const colours = await page.evaluate((d: Declaration) => {
        const list = document.querySelector('[data-slot="tool-steps"]') as HTMLElement;
        const parent = list.parentElement as HTMLElement;
        for (const element of [document.documentElement, parent]) {
          element.removeAttribute('style');
          element.removeAttribute('class');
          element.removeAttribute('data-theme');
        }
        const set = (element: HTMLElement, what: { style?: string; class?: string; theme?: string } = {}) => {
          if (what.style) element.setAttribute('style', what.style);
          if (what.class) element.className = what.class;
          if (what.theme) element.dataset.theme = what.theme;
        };
        set(document.documentElement, d.html);
        set(parent, d.parent);
        const style = getComputedStyle(list);
        return { bg: style.backgroundColor, fg: style.color };
      }, declaration);
      const drawn =
        (Object.keys(COLOURS) as Scheme[]).find((s) => COLOURS[s].bg === colours.bg && COLOURS[s].fg === colours.fg) ??
        `${colours.bg} / ${colours.fg}`;
      results.push({ name, expected, drawn });
      if (shots) await page.screenshot({ path: join(shots, `${label}-${name.replace(/[^a-z0-9]+/gi, '-')}.png`) });
    }
    return results;
  } finally {
    await browser.close();
  }
}
