// grep runs the model's regular expression off the server's thread with a time limit: a catastrophic
// pattern (`(.*)*X` on a line without an X backtracks for ever) ends that one call with a clear error,
// and the server answers every other request meanwhile.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
// @ts-expect-error: a plain .mjs module of the playground, no types
import { createPlayground } from '../../playground/server/server.mjs';
// @ts-expect-error: a plain .mjs module of the playground, no types
import { makeScratchCopy, removeScratchCopy, tools } from '../../playground/server/tools.mjs';
import { get } from './support';

let playground: { url: string; secret: string; close(): Promise<void> };
let root: string;

beforeAll(async () => {
  playground = await createPlayground({ port: 0, vite: false, textDelayMs: 0 });
  root = await makeScratchCopy();
  await writeFile(join(root, 'src/long.mjs'), `// ${'a'.repeat(40)}\n`);
});

afterAll(async () => {
  await playground?.close();
  await removeScratchCopy(root);
});

const context = (searchTimeoutMs: number) => ({
  root,
  signal: new AbortController().signal,
  commandTimeoutMs: 1000,
  searchTimeoutMs,
  children: new Set(),
  progress() {},
});

test('a catastrophic pattern ends with TOOL_TIMEOUT, and /api/info answers while it runs', async () => {
  let settled = false;
  const search = tools.grep({ pattern: '(.*)*X', path: 'src' }, context(2000));
  search.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  const info = await get(`${playground.url}api/info`, playground.secret);
  expect(info.ok).toBe(true);
  expect(settled).toBe(false); // the search still runs, elsewhere
  await expect(search).rejects.toMatchObject({
    code: 'TOOL_TIMEOUT',
    message: expect.stringMatching(/"\(\.\*\)\*X" took longer than 2000 ms/),
  });
});

test('an ordinary pattern still finds its lines, in order', async () => {
  const { result } = await tools.grep({ pattern: 'TODO', path: '.' }, context(30_000));
  expect(result.length).toBeGreaterThan(0);
  expect(result[0]).toMatchObject({
    file: expect.any(String),
    line: expect.any(Number),
    text: expect.stringContaining('TODO'),
  });
});

test('a glob that backtracks for ever (*a*a*…*b on a long name) ends with TOOL_TIMEOUT too', async () => {
  await writeFile(join(root, `${'a'.repeat(60)}.txt`), '');
  let settled = false;
  const pattern = `${'*a'.repeat(12)}*b`;
  const search = tools.glob({ pattern }, context(2000));
  search.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  expect((await get(`${playground.url}api/info`, playground.secret)).ok).toBe(true);
  expect(settled).toBe(false);
  await expect(search).rejects.toMatchObject({ code: 'TOOL_TIMEOUT' });
  expect((await tools.glob({ pattern: 'test/**/*.test.mjs' }, context(30_000))).result).toEqual([
    'test/cart.test.mjs',
    'test/discount.test.mjs',
    'test/money.test.mjs',
  ]);
});
