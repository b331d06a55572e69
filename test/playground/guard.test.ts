// Who may talk to the playground server, over plain HTTP with exactly the headers a browser (or an
// attacker's page, or a DNS-rebound name) would send: only the page's own host and origin, with the
// secret from its HTML and a JSON body, reach the agent; Vite reflects no origin and serves no file to
// another one. Every refused request leaves the sessions as they were.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
// @ts-expect-error: a plain .mjs module of the playground, no types
import { createPlayground } from '../../playground/server/server.mjs';
import { raw, SECRET_HEADER, secretIn } from './support';

interface Playground {
  url: string;
  secret: string;
  sessions: Map<string, unknown>;
  close(): Promise<void>;
}

const repo = join(import.meta.dirname, '..', '..');
let playground: Playground;
let host = '';

beforeAll(async () => {
  playground = await createPlayground({ port: 0, textDelayMs: 0 });
  host = new URL(playground.url).host;
});

afterAll(() => playground?.close());

/** A start request on the native wire as the page sends it, with `headers` over the page's own. */
function start(session: string, headers: Record<string, string> = {}, body?: string) {
  return raw(`${playground.url}api/native`, {
    method: 'POST',
    headers: {
      host,
      'content-type': 'application/json',
      [SECRET_HEADER]: playground.secret,
      'sec-fetch-site': 'same-origin',
      origin: `http://${host}`,
      ...headers,
    },
    body: body ?? JSON.stringify({ prompt: 'Find the TODOs', session }),
  });
}

describe('the page itself', () => {
  test('the served index.html holds the secret, and a request with it starts a run', async () => {
    const page = await raw(playground.url, { headers: { host, 'sec-fetch-site': 'none' } });
    expect(page.status).toBe(200);
    expect(secretIn(page.body)).toBe(playground.secret);
    expect(playground.secret).toMatch(/^[\w-]{40,}$/);
    const answer = await start('page-own');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('"type":"run-finish"');
    expect(playground.sessions.has('page-own')).toBe(true);
  });

  test('localhost with the port is the page too', async () => {
    const port = new URL(playground.url).port;
    const info = await raw(`${playground.url}api/info`, {
      headers: { host: `localhost:${port}`, [SECRET_HEADER]: playground.secret },
    });
    expect(info.status).toBe(200);
  });
});

describe('refused, and nothing starts', () => {
  const port = () => new URL(playground.url).port;
  const cases: [string, () => Record<string, string>, number][] = [
    ['a foreign Host (attacker.example)', () => ({ host: 'attacker.example', origin: 'http://attacker.example' }), 421],
    ['a foreign Host with the port', () => ({ host: `attacker.example:${port()}` }), 421],
    ['a rebinding name for 127.0.0.1', () => ({ host: `127.0.0.1.nip.io:${port()}` }), 421],
    ['the right name on another port', () => ({ host: '127.0.0.1:9' }), 421],
    ['another origin on the same machine', () => ({ origin: 'http://127.0.0.1:9' }), 403],
    ['another site', () => ({ origin: 'http://attacker.example' }), 403],
    ['an opaque origin', () => ({ origin: 'null' }), 403],
    ['a cross-site fetch without Origin', () => ({ origin: '', 'sec-fetch-site': 'cross-site' }), 403],
    ['a same-site page on another port', () => ({ origin: '', 'sec-fetch-site': 'same-site' }), 403],
    ['no secret', () => ({ [SECRET_HEADER]: '' }), 403],
    ['a wrong secret', () => ({ [SECRET_HEADER]: 'x'.repeat(43) }), 403],
    ['a text/plain body (a form post)', () => ({ 'content-type': 'text/plain' }), 415],
    ['a form-encoded body', () => ({ 'content-type': 'application/x-www-form-urlencoded' }), 415],
  ];
  test.each(cases)('%s', async (name, headers, status) => {
    const session = `refused-${name.replace(/\W+/g, '-')}`;
    const given = Object.fromEntries(Object.entries(headers()).filter(([, v]) => v !== ''));
    const omitted = Object.keys(headers()).filter((k) => headers()[k] === '');
    const all: Record<string, string> = {
      host,
      'content-type': 'application/json',
      [SECRET_HEADER]: playground.secret,
      'sec-fetch-site': 'same-origin',
      origin: `http://${host}`,
      ...given,
    };
    for (const key of omitted) delete all[key];
    const answer = await raw(`${playground.url}api/native`, {
      method: 'POST',
      headers: all,
      body: JSON.stringify({ prompt: 'Fix the failing test', session }),
    });
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body).error.message).toMatch(/\w/);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(playground.sessions.has(session)).toBe(false);
  });

  test.each(['attacker.example', '127.0.0.1.nip.io'])('the page and /api/info under the host %s', async (name) => {
    for (const path of ['', 'api/info']) {
      const answer = await raw(`${playground.url}${path}`, {
        headers: { host: `${name}:${new URL(playground.url).port}`, [SECRET_HEADER]: playground.secret },
      });
      expect([421, 403]).toContain(answer.status);
      expect(answer.body).not.toContain(playground.secret);
    }
  });

  test('a preflight from another origin is granted nothing', async () => {
    const answer = await raw(`${playground.url}api/native`, {
      method: 'OPTIONS',
      headers: {
        host,
        origin: 'http://127.0.0.1:9',
        'access-control-request-method': 'POST',
        'access-control-request-headers': `content-type, ${SECRET_HEADER}`,
      },
    });
    expect(answer.status).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['access-control-allow-headers']).toBeUndefined();
  });
});

describe("Vite's page server", () => {
  const file = () => `${playground.url}@fs${repo}/playground/server/tools.mjs`;

  test('serves the page its own module files', async () => {
    const answer = await raw(file(), { headers: { host, 'sec-fetch-site': 'same-origin' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('confine');
  });

  test.each([
    ['http://127.0.0.1:9', 'same-site'],
    ['http://localhost:9', 'cross-site'],
    ['http://attacker.example', 'cross-site'],
  ])('reflects no origin and serves no file to %s', async (origin, site) => {
    const answer = await raw(file(), { headers: { host, origin, 'sec-fetch-site': site, 'sec-fetch-mode': 'cors' } });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.status).toBe(403);
    expect(answer.body).not.toContain('confine');
  });

  test('a classic <script> of another site (no Origin, no-cors) gets no file either', async () => {
    const answer = await raw(file(), {
      headers: { host, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' },
    });
    expect(answer.status).toBe(403);
    expect(answer.body).not.toContain('confine');
  });

  test('another site may link to the page (a top-level navigation), never frame it', async () => {
    const navigate = { host, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' };
    expect((await raw(playground.url, { headers: { ...navigate, 'sec-fetch-dest': 'document' } })).status).toBe(200);
    expect((await raw(playground.url, { headers: { ...navigate, 'sec-fetch-dest': 'iframe' } })).status).toBe(403);
  });
});
