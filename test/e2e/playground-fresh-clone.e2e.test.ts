// The README's first command on a fresh clone: `npm start` in a copy of the repository's files as git
// has them (tracked and untracked, nothing ignored: no dist/, no build output), so a dist/ left by an
// earlier build cannot resolve an entry for it. The page must load with no Vite error overlay and no
// console error, and one scripted request must reach its steps; the replay tab must load too.
//
// The copy sits inside the repository (git-ignored), so Node's resolution finds the repository's
// node_modules from it, as a clone's own `npm ci` would provide.
import { type ChildProcess, execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { alive, launchChromium, startPlayground, until } from '../playground/support';

const root = join(import.meta.dirname, '..', '..');
let clone = '';
let server: ChildProcess | undefined;
let url = '';
let browser: Browser;
const temp = mkdtempSync(join(tmpdir(), 'playground-fresh-'));

/** Copies what a clone of the working tree holds: git's files, tracked or untracked but not ignored. */
function copyAsCloned(to: string) {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file && !file.startsWith('.tmp-') && existsSync(join(root, file)));
  for (const file of files) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(join(root, file), join(to, file));
  }
  return files.length;
}

beforeAll(async () => {
  clone = mkdtempSync(join(root, '.tmp-fresh-'));
  expect(copyAsCloned(clone)).toBeGreaterThan(100);
  expect(existsSync(join(clone, 'dist'))).toBe(false);
  expect(existsSync(join(clone, 'node_modules'))).toBe(false);
  ({ server, url } = await startPlayground(clone, { TMPDIR: temp }));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  if (server?.pid && alive(server.pid)) {
    process.kill(-server.pid, 'SIGINT');
    await until(() => server?.exitCode !== null || server?.signalCode !== null, 15_000, 'npm start to exit').catch(() =>
      process.kill(-(server?.pid as number), 'SIGKILL'),
    );
  }
  if (clone) rmSync(clone, { recursive: true, force: true });
  rmSync(temp, { recursive: true, force: true });
});

/** A tab whose console errors, uncaught errors and failed requests are collected. */
async function watchedPage(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1024, height: 800 } });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => errors.push(`request failed: ${request.url()}`));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return { page, errors };
}

/**
 * Waits for the page's first control, or for Vite's error overlay, whichever comes first; the overlay fails
 * the test at once with Vite's own message ("Failed to resolve import ...").
 */
async function loaded(page: Page, control: ReturnType<Page['getByRole']>) {
  await control.or(page.locator('vite-error-overlay')).first().waitFor({ timeout: 60_000 });
  const overlay = await page.evaluate(
    () => document.querySelector('vite-error-overlay')?.shadowRoot?.querySelector('.message')?.textContent ?? null,
  );
  expect(overlay, 'Vite error overlay').toBeNull();
}

test('npm start on a fresh clone (no dist/) serves the chat, which runs a request to its steps', async () => {
  const { page, errors } = await watchedPage();
  await page.goto(url);
  const ask = page.getByRole('button', { name: 'Find the TODOs' });
  await loaded(page, ask);
  await ask.click();
  await expect
    .poll(() => page.getByTestId('assistant-turn').getAttribute('data-status'), { timeout: 60_000 })
    .toBe('done');
  expect(await page.locator('[data-slot="tool-steps"]').count()).toBeGreaterThan(0);
  expect(await page.locator('vite-error-overlay').count()).toBe(0);
  expect(errors).toEqual([]);
  await page.close();
});

test('npm start on a fresh clone serves the replay tab, which loads every entry of the kit from src/', async () => {
  const { page, errors } = await watchedPage();
  await page.goto(`${url}#replay`);
  const recording = page.getByRole('combobox', { name: 'Recording' });
  await loaded(page, recording);
  await recording.selectOption('fixture:cogitator-workspace-edit.sse');
  await page.getByLabel('Instant').check();
  await expect
    .poll(() => page.locator('[data-slot="tool-step"], [data-slot="tool-steps-group"]').count())
    .toBeGreaterThan(0);
  expect(await page.locator('vite-error-overlay').count()).toBe(0);
  expect(errors).toEqual([]);
  // nothing of the clone's was built while it ran
  expect(readdirSync(clone)).not.toContain('dist');
  await page.close();
});
