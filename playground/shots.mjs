#!/usr/bin/env node
// Screenshots of every playground scenario (light, dark, 390 px), for looking at them critically:
// `node playground/shots.mjs [folder]` (default /work/plan/shots). Starts its own server on a free port,
// drives Debian's Chromium (CHROMIUM_PATH) with playwright-core, and stops everything at the end.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { createPlayground } from './server/server.mjs';

const folder = process.argv[2] ?? '/work/plan/shots';
mkdirSync(folder, { recursive: true });
const playground = await createPlayground({ port: 0, commandTimeoutMs: 8000 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

async function open(wire, { width = 900, theme } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme ?? 'light' });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await page.goto(`${playground.url}?wire=${wire}`);
  await page.getByRole('button', { name: 'Fix the failing test' }).waitFor();
  return page;
}

/** The whole page at once: a viewport as tall as the page, so rows off screen are painted too. */
async function shot(page, name) {
  const width = page.viewportSize()?.width ?? 900;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height: Math.min(Math.max(height, 600), 5000) });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(folder, `play-${name}.png`) });
  await page.setViewportSize({ width, height: 900 });
  console.log(`play-${name}.png`);
}

async function ask(page, text) {
  const composer = page.getByRole('textbox', { name: 'Ask the agent' });
  await composer.fill(text);
  await composer.press('Enter');
}

const settle = (page) =>
  page.waitForFunction(
    () => {
      const turns = document.querySelectorAll('[data-testid="assistant-turn"]');
      const last = turns[turns.length - 1];
      return last && last.getAttribute('data-status') !== 'streaming';
    },
    undefined,
    { timeout: 30_000 },
  );

async function approveAll(page) {
  for (;;) {
    await settle(page);
    const button = page.locator('[data-slot="tool-step-approve"]:not([disabled])').first();
    if ((await button.count()) === 0) return;
    if ((await page.locator('[data-slot="tool-step"][data-status="awaiting-approval"]').count()) === 0) return;
    await button.click();
    await page.waitForTimeout(200);
  }
}

try {
  let page = await open('cogitator');
  await shot(page, 'empty-light');
  await page.getByRole('button', { name: 'Fix the failing test' }).click();
  await settle(page);
  await shot(page, 'fix-cogitator-approval');
  await approveAll(page);
  await page.locator('[data-slot="tool-step"][data-tool="edit_file"] [data-slot="tool-step-details-trigger"]').click();
  await page
    .locator('[data-slot="tool-step"][data-tool="run_command"] [data-slot="tool-step-details-trigger"]')
    .click();
  await shot(page, 'fix-cogitator-done');
  await page.context().close();

  page = await open('ai-sdk', { theme: 'dark', width: 390 });
  await shot(page, 'empty-dark-390');
  await page.getByRole('button', { name: 'Fix the failing test' }).click();
  await approveAll(page);
  await shot(page, 'fix-ai-sdk-dark-390');
  await page.context().close();

  page = await open('ai-sdk');
  await page.getByRole('button', { name: 'Find the TODOs' }).click();
  await settle(page);
  await shot(page, 'todos-ai-sdk');
  await page.context().close();

  page = await open('anvia');
  await page.getByRole('button', { name: 'Rename formatPrice to formatMoney' }).click();
  await settle(page);
  await shot(page, 'rename-anvia-approval');
  await approveAll(page);
  await shot(page, 'rename-anvia-done');
  await page.context().close();

  page = await open('native', { theme: 'dark' });
  await page.getByRole('button', { name: 'Run the tests' }).click();
  await approveAll(page);
  await page
    .locator('[data-slot="tool-step"][data-tool="run_command"] [data-slot="tool-step-details-trigger"]')
    .click();
  await shot(page, 'run-tests-native-dark');
  await page.context().close();

  for (const wire of ['ai-sdk', 'anvia', 'cogitator']) {
    page = await open(wire);
    await page.getByRole('button', { name: 'Review the project with a sub-agent' }).click();
    await settle(page);
    // a finished sub-agent's calls are folded in the task row: open them (Cogitator has none)
    const nested = page.locator('[data-slot="tool-step-nested-trigger"][aria-expanded="false"]');
    if ((await nested.count()) > 0) await nested.first().click();
    await shot(page, `review-subagent-${wire}`);
    await page.context().close();
  }

  page = await open('cogitator');
  await page.getByRole('button', { name: 'Write a NOTES.md' }).click();
  await settle(page);
  await shot(page, 'write-notes-approval');
  await page.locator('[data-slot="tool-step-deny"]').click();
  await settle(page);
  await ask(page, 'run sleep 100');
  await approveAll(page);
  await ask(page, 'run node -e "for (let i = 1; i <= 50000; i++) console.log(i)"');
  await approveAll(page);
  await ask(page, 'read ../../etc/passwd');
  await settle(page);
  await shot(page, 'bad-input-cogitator');
  await page.context().close();

  page = await open('cogitator');
  await page.getByRole('link', { name: 'Replay' }).click();
  await page.waitForTimeout(1500);
  await shot(page, 'replay-tab');
  await page.context().close();
} finally {
  await browser.close();
  await playground.close();
}
