// End to end: `npm start` started as a person starts it (PORT=0, the printed URL), driven in Debian's
// Chromium through playwright-core. "Fix the failing test" on every wire, a denied command, bad input in
// the page, the replay tab; then Ctrl-C stops everything and leaves no process behind.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { alive, launchChromium, startPlayground, until } from '../playground/support';

const root = join(import.meta.dirname, '..', '..');
const SHOTS = process.env.PLAYGROUND_SHOTS; // a folder: save a screenshot of each scenario there

let server: ChildProcess;
let url = '';
let browser: Browser;
/** The server's own temporary folder, where its scratch copies go (checked empty after Ctrl-C). */
const temp = mkdtempSync(join(tmpdir(), 'playground-e2e-'));

beforeAll(async () => {
  ({ server, url } = await startPlayground(root, { PLAYGROUND_COMMAND_TIMEOUT_MS: '20000', TMPDIR: temp }));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  rmSync(temp, { recursive: true, force: true });
  if (server?.pid && alive(server.pid)) {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
});

/** A fresh tab (its own session, so its own scratch copy) on one wire. */
async function open(wire: string, width = 900): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${url}?wire=${wire}`);
  await page.getByRole('button', { name: 'Fix the failing test' }).waitFor();
  return page;
}

const row = (page: Page, tool: string, nth = 0) =>
  page.locator(`[data-slot="tool-step"][data-tool="${tool}"]`).nth(nth);

/**
 * A row's status, or undefined while it is not drawn. Finished reads and searches fold into group rows,
 * so every closed group is opened first (a group's open state is kept as it grows). Never waits, so it
 * can be polled.
 */
async function statusOf(page: Page, tool: string, nth = 0): Promise<string | null | undefined> {
  for (const trigger of await page.locator('[data-slot="tool-steps-group-trigger"][aria-expanded="false"]').all()) {
    await trigger.click();
  }
  const r = row(page, tool, nth);
  return (await r.count()) > 0 ? r.getAttribute('data-status') : undefined;
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `play-${name}.png`), fullPage: true });
}

describe.each(['cogitator', 'ai-sdk', 'anvia', 'native'])('"Fix the failing test" on the %s wire', (wire) => {
  test('reads, searches, edits with its diff, asks before the tests, streams them and passes', async () => {
    const page = await open(wire);
    await page.getByRole('button', { name: 'Fix the failing test' }).click();
    await expect.poll(() => page.getByTestId('user-turn').textContent()).toContain('Fix the failing test');

    // the approval of the test command: the run pauses there
    const command = row(page, 'run_command');
    await command.locator('[data-slot="tool-step-approve"]').waitFor({ timeout: 30_000 });
    expect(await command.getAttribute('data-status')).toBe('awaiting-approval');
    expect(await page.getByTestId('assistant-turn').getAttribute('data-status')).toBe('paused');
    // a step that just ended is drawn running a moment longer (the list's minRunningMs), then joins a
    // group of finished reads and searches: poll, opening groups
    for (const tool of ['glob', 'grep', 'edit_file']) await expect.poll(() => statusOf(page, tool)).toBe('succeeded');
    await expect.poll(() => statusOf(page, 'read_file', 1)).toBe('succeeded');
    expect(await row(page, 'read_file').locator('[data-slot="tool-step-detail"]').textContent()).toBe(
      'src/discount.mjs',
    );

    // the edit's diff, drawn by the kit's diff renderer
    const edit = row(page, 'edit_file');
    await edit.locator('[data-slot="tool-step-details-trigger"]').click();
    const diff = edit.locator('[data-slot="tool-step-details"][data-kind="diff"]');
    await expect.poll(() => diff.textContent(), { timeout: 15_000 }).toContain('total * (1 - percent / 100)');
    expect(await diff.textContent()).toContain('total - percent');
    await shot(page, `${wire}-approval`);

    // an approval's reason goes out with it, and the row keeps it once the wire says the call ran
    await command.getByLabel('Reason (optional)').fill('tests only');
    await command.locator('[data-slot="tool-step-approve"]').click();
    await expect
      .poll(() => command.locator('[data-slot="tool-step-approval"]').getAttribute('data-decision'))
      .toBe('approved');
    await expect.poll(() => command.getAttribute('data-status'), { timeout: 30_000 }).toBe('succeeded');
    expect(await command.locator('[data-slot="tool-step-approval-decision"]').textContent()).toBe(
      'Approved: tests only',
    );
    await expect.poll(() => page.getByTestId('assistant-turn').getAttribute('data-status')).toBe('done');

    // the command's own output: streamed as progress where the wire carries progress
    await command.locator('[data-slot="tool-step-details-trigger"]').click();
    const details = command.locator('[data-slot="tool-step-details"]');
    await expect.poll(() => details.getAttribute('data-kind')).toBe('terminal');
    await expect.poll(() => details.textContent()).toContain('pass 7');
    if (wire !== 'anvia') {
      // the last progress update the command streamed (Anvia has no progress channel)
      await expect.poll(() => details.locator('[data-slot="tool-step-last-update"]').count()).toBe(1);
    }
    if (wire !== 'native') {
      // the native events carry no text
      await expect.poll(() => page.getByTestId('assistant-turn').textContent()).toContain('All tests pass.');
    }
    await shot(page, `${wire}-done`);
    await page.context().close();
  });
});

describe('in the page', () => {
  test.each(['cogitator', 'ai-sdk', 'anvia', 'native'])(
    'a denied command on the %s wire ends denied with the reason typed, which the agent reads, and never runs',
    async (wire) => {
      const page = await open(wire);
      const composer = page.getByRole('textbox', { name: 'Ask the agent' });
      await composer.fill('run touch ran.txt');
      await composer.press('Enter');
      const command = row(page, 'run_command');
      await command.getByLabel('Reason (optional)').fill('not on my machine');
      await command.locator('[data-slot="tool-step-deny"]').click();
      await expect.poll(() => command.getAttribute('data-status')).toBe('denied');
      await expect.poll(() => page.getByTestId('assistant-turn').getAttribute('data-status')).toBe('done');
      // the row shows the reason after the wire's answer, and the agent got it (the native wire has no text)
      expect(await command.locator('[data-slot="tool-step-approval-decision"]').textContent()).toBe(
        'Reason: not on my machine',
      );
      if (wire !== 'native') {
        expect(await page.getByTestId('assistant-turn').textContent()).toContain('you denied it ("not on my machine")');
      }
      // the file the command would have made is not there
      await composer.fill('read ran.txt');
      await composer.press('Enter');
      const read = row(page, 'read_file');
      await expect.poll(() => read.getAttribute('data-status')).toBe('failed');
      if (wire !== 'ai-sdk') {
        // the AI SDK wire carries no error codes
        expect(await read.locator('[data-slot="tool-step-error"]').getAttribute('data-error-code')).toBe(
          'FILE_NOT_FOUND',
        );
      }
      await shot(page, `denied-${wire}`);
      await page.context().close();
    },
  );

  test('"Write a NOTES.md" asks with the file to be written, in the code view, not an escaped string', async () => {
    const page = await open('native');
    await page.getByRole('button', { name: 'Write a NOTES.md' }).click();
    const card = row(page, 'write_file').locator('[data-slot="tool-step-approval"]');
    await card.locator('[data-slot="tool-step-approve"]').waitFor({ timeout: 30_000 });
    expect(await card.locator('[data-slot="tool-step-approval-heading"]').first().textContent()).toBe('Will write');
    const view = card.locator('[data-slot="tool-step-code-view"]');
    await expect.poll(() => view.getAttribute('data-language'), { timeout: 15_000 }).toBe('markdown');
    expect(await view.locator('[data-slot="tool-step-code-text"]').first().textContent()).toBe('# Notes');
    expect(await card.textContent()).not.toContain('\\n');
    await shot(page, 'write-approval');
    await page.context().close();
  });

  test("the sub-agent's calls nest under task on the ai-sdk wire (whole UIMessages as preliminary outputs)", async () => {
    const page = await open('ai-sdk');
    await page.getByRole('button', { name: 'Review the project with a sub-agent' }).click();
    const task = row(page, 'task');
    await expect.poll(() => task.getAttribute('data-status'), { timeout: 30_000 }).toBe('succeeded');
    await expect.poll(() => page.getByTestId('assistant-turn').getAttribute('data-status')).toBe('done');
    // a finished sub-agent's calls fold behind the trigger in its row (flat calls would have none); open them
    const trigger = task.locator('[data-slot="tool-step-nested-trigger"]');
    await expect.poll(() => trigger.count()).toBe(1);
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('false');
    expect(await trigger.textContent()).toMatch(/5/);
    await trigger.click();
    const nested = task.locator('[data-slot="tool-steps"][data-nested]');
    // the steps under task: rows, and the ids a group row (finished reads and listings) folds
    const children = () =>
      nested.evaluate((list) => {
        const rows = [...list.querySelectorAll('[data-slot="tool-step"]')];
        const groups = [...list.querySelectorAll('[data-slot="tool-steps-group"]')];
        const ids = new Set([
          ...rows.map((el) => el.getAttribute('data-step-id') ?? ''),
          ...groups.flatMap((group) => (group.getAttribute('data-group-steps') ?? '').split(' ').filter(Boolean)),
        ]);
        return {
          ids: [...ids],
          rows: rows.map((el) => `${el.getAttribute('data-tool')}:${el.getAttribute('data-status')}`),
        };
      });
    await expect.poll(async () => (await children()).ids.length).toBe(5);
    await expect.poll(async () => (await children()).rows).toContain('count_lines:succeeded');
    const taskId = await task.getAttribute('data-step-id');
    const { ids, rows } = await children();
    expect(ids.every((id) => id.startsWith(`${taskId}/`))).toBe(true); // `<task>/<the sub-agent's call id>`
    expect(rows.every((r) => r.endsWith(':succeeded'))).toBe(true);
    await expect.poll(() => page.getByTestId('assistant-turn').textContent()).toContain("The reviewer's verdict");
    await shot(page, 'review-ai-sdk');
    await page.context().close();
  });

  test('two tabs at once: each works on its own copy and both finish', async () => {
    const tabs = await Promise.all([open('ai-sdk'), open('anvia')]);
    await Promise.all(tabs.map((page) => page.getByRole('button', { name: 'Fix the failing test' }).click()));
    for (const page of tabs) {
      await row(page, 'run_command').locator('[data-slot="tool-step-approve"]').click({ timeout: 30_000 });
    }
    for (const page of tabs) {
      await expect
        .poll(() => row(page, 'run_command').getAttribute('data-status'), { timeout: 30_000 })
        .toBe('succeeded');
      // each tab's own copy still had the bug, so each edit applied
      await expect.poll(() => row(page, 'edit_file').getAttribute('data-status')).toBe('succeeded');
      await page.context().close();
    }
  });

  test('a path outside the project ends failed with a clear message, at 360 px (a common phone: the wire and theme controls ran off its edge)', async () => {
    const page = await open('native', 360);
    const composer = page.getByRole('textbox', { name: 'Ask the agent' });
    await composer.fill('read ../../../etc/passwd');
    await composer.press('Enter');
    const read = row(page, 'read_file');
    await expect.poll(() => read.getAttribute('data-status')).toBe('failed');
    const error = read.locator('[data-slot="tool-step-error"]');
    expect(await error.getAttribute('data-error-code')).toBe('PATH_OUTSIDE_PROJECT');
    expect(await error.textContent()).toContain('outside the project');
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, 'outside-360');
    await page.context().close();
  });

  test('the replay tab replays a fixture and refuses a dropped file that is not a capture', async () => {
    const page = await open('cogitator');
    await page.getByRole('link', { name: 'Replay' }).click();
    await page.getByRole('combobox', { name: 'Recording' }).selectOption('fixture:cogitator-workspace-edit.sse');
    await page.getByLabel('Instant').check();
    // finished reads collapse into a group row, which lists its steps
    const succeeded = () =>
      page.evaluate(
        () =>
          document.querySelectorAll('[data-slot="tool-step"][data-status="succeeded"]').length +
          [...document.querySelectorAll('[data-slot="tool-steps-group"]')].reduce(
            (n, group) => n + (group.getAttribute('data-group-steps') ?? '').split(' ').filter(Boolean).length,
            0,
          ),
      );
    await expect.poll(succeeded, { timeout: 15_000 }).toBe(4);
    const file = join(tmpdir(), `not-a-capture-${process.pid}.png`);
    writeFileSync(file, 'PNG');
    await page.getByLabel(/choose a file/).setInputFiles(file);
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'not-a-capture' }).textContent())
      .toContain('expected a .sse or .jsonl capture');
    await shot(page, 'replay');
    await page.context().close();
  });
});

test('Ctrl-C stops the server, leaves no process of its group running and removes the scratch copies', async () => {
  const pid = server.pid as number;
  // a run of its own, so there is a scratch copy to remove
  const page = await open('native');
  await page.getByRole('button', { name: 'Find the TODOs' }).click();
  await expect.poll(() => page.getByTestId('assistant-turn').getAttribute('data-status')).toBe('done');
  await page.context().close();
  expect(readdirSync(temp).filter((name) => name.startsWith('tool-steps-play-')).length).toBeGreaterThan(0);
  process.kill(-pid, 'SIGINT');
  await until(() => server.exitCode !== null || server.signalCode !== null, 15_000, 'npm start to exit');
  await until(
    () => {
      try {
        process.kill(-pid, 0); // anything left in the process group?
        return false;
      } catch {
        return true;
      }
    },
    10_000,
    'the process group to be empty',
  );
  expect(readdirSync(temp).filter((name) => name.startsWith('tool-steps-play-'))).toEqual([]);
});
