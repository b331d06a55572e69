// Another page the person visits while the playground runs, in Debian's Chromium: it sends the requests
// a browser sends without asking (a text/plain form post, a no-cors fetch, sendBeacon), a CORS fetch
// with JSON, and a read of the playground's files through Vite's /@fs. None may start a session, make a
// scratch copy or read a file; the playground's own page (the fresh-clone test) still works.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
// @ts-expect-error: a plain .mjs module of the playground, no types
import { createPlayground } from '../../playground/server/server.mjs';
import { launchChromium, until } from '../playground/support';

const repo = join(import.meta.dirname, '..', '..');
const temp = mkdtempSync(join(tmpdir(), 'playground-cross-site-'));
const previousTmp = process.env.TMPDIR;
let playground: {
  url: string;
  server: Server;
  sessions: Map<string, unknown>;
  close(): Promise<void>;
};
let attacker: Server;
let attackerPort = 0;
let browser: Browser;
/** Every request the playground answered: method, path and status. */
const answered: string[] = [];

/** The attacker's page: each attack against `target`, its outcome in `window.outcomes`. */
function attackPage(target: string): string {
  const script = `
    const target = ${JSON.stringify(target)};
    const body = (session) => JSON.stringify({ prompt: 'Fix the failing test', session });
    window.outcomes = {};
    // a text/plain form post: its body reads {"prompt":"Fix the failing test","session":"attack-form","x":"="}
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = target + 'api/native';
    form.enctype = 'text/plain';
    form.target = 'sink';
    const field = document.createElement('input');
    field.name = '{"prompt":"Fix the failing test","session":"attack-form","x":"';
    field.value = '"}';
    form.append(field);
    document.body.append(form);
    form.submit();
    fetch(target + 'api/native', { method: 'POST', mode: 'no-cors', body: body('attack-no-cors') }).then(
      () => { window.outcomes.noCors = 'sent'; },
      () => { window.outcomes.noCors = 'blocked'; },
    );
    window.outcomes.beacon = navigator.sendBeacon(target + 'api/native', new Blob([body('attack-beacon')], { type: 'text/plain' }))
      ? 'queued' : 'refused';
    fetch(target + 'api/native', { method: 'POST', headers: { 'content-type': 'application/json' }, body: body('attack-cors') })
      .then((r) => r.text()).then(() => { window.outcomes.cors = 'read'; }, () => { window.outcomes.cors = 'blocked'; });
    fetch(target + '@fs${repo}/playground/server/tools.mjs')
      .then((r) => r.text())
      .then((t) => { window.outcomes.file = t.includes('confine') ? 'read' : 'not read'; }, () => { window.outcomes.file = 'blocked'; });
  `;
  return `<!doctype html><title>elsewhere</title><iframe name="sink"></iframe><script>${script}</script>`;
}

beforeAll(async () => {
  process.env.TMPDIR = temp; // the playground's scratch copies go here: none may appear
  playground = await createPlayground({ port: 0, textDelayMs: 0 });
  playground.server.on('request', (req, res) => {
    res.on('close', () => answered.push(`${req.method} ${(req.url ?? '').split('?')[0]} ${res.statusCode}`));
  });
  attacker = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(attackPage(playground.url));
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  const address = attacker.address();
  attackerPort = typeof address === 'object' && address ? address.port : 0;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => attacker?.close(resolve));
  await playground?.close();
  process.env.TMPDIR = previousTmp;
  rmSync(temp, { recursive: true, force: true });
});

// localhost is another site than 127.0.0.1 (Sec-Fetch-Site: cross-site); 127.0.0.1 on another port is
// the same site but another origin, the one Vite's default CORS answered
test.each(['localhost', '127.0.0.1'])(
  'a page on http://%s:<another port> starts nothing and reads nothing',
  async (name) => {
    answered.length = 0;
    const page = await browser.newPage();
    await page.goto(`http://${name}:${attackerPort}/`);
    type Outcomes = Record<string, string>;
    const outcomes = () => page.evaluate(() => (window as unknown as { outcomes: Outcomes }).outcomes);
    await until(async () => Object.keys(await outcomes()).length === 4, 30_000, 'the attacks to settle');
    // the three simple requests reached the server and were answered
    await until(
      () => answered.filter((line) => line.startsWith('POST /api/native')).length === 3,
      30_000,
      `three POSTs in ${answered.join(', ')}`,
    );
    const copies = readdirSync(temp).filter((entry) => entry.startsWith('tool-steps-play-'));
    expect({ sessions: [...playground.sessions.keys()], copies }).toEqual({ sessions: [], copies: [] });
    expect(answered.filter((line) => line.startsWith('POST /api/native')).every((line) => / 4\d\d$/.test(line))).toBe(
      true,
    );
    expect(await outcomes()).toMatchObject({ cors: 'blocked', file: 'blocked' });
    await page.close();
  },
);
