// Every entry of package.json's exports resolves to its source wherever the kit runs from src/ (the
// playground, Storybook, the tests), so a fresh clone with no dist/ works and a stale dist/ is never read.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { entries, sourceAliases } from '../scripts/source-entries.mjs';

const root = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

test('every export that points into dist/ has an alias to an existing source file', () => {
  const aliases = sourceAliases(root);
  const built = Object.entries(pkg.exports as Record<string, string | { import: string }>).filter(([, target]) =>
    (typeof target === 'string' ? target : target.import).startsWith('./dist/'),
  );
  expect(aliases).toHaveLength(built.length);
  for (const [subpath] of built) {
    const specifier = `tool-steps${subpath.slice(1)}`;
    const alias = aliases.find((a) => a.find.test(specifier));
    expect(alias, specifier).toBeDefined();
    expect(() => readFileSync(alias?.replacement as string), specifier).not.toThrow();
    // exact: a longer specifier is not caught by a shorter entry's alias
    expect(aliases.filter((a) => a.find.test(`${specifier}/x`))).toEqual([]);
  }
});

test("tsconfig's paths name the same sources as the aliases", () => {
  const paths = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')).compilerOptions.paths;
  const scripts = Object.fromEntries(
    sourceAliases(root)
      .filter((a) => !a.replacement.endsWith('.css'))
      .map((a) => [a.find.source.slice(1, -1).replace(/\\/g, ''), [`./${a.replacement.slice(root.length + 1)}`]]),
  );
  expect(paths).toEqual(scripts);
  expect(Object.keys(entries).length).toBe(Object.keys(scripts).length);
});

test('an export with no known source is an error that says where to add it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'entries-'));
  try {
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'tool-steps', exports: { ...pkg.exports, './extra': { import: './dist/extra.js' } } }),
    );
    expect(() => sourceAliases(dir)).toThrow(/"\.\/extra" as \.\/dist\/extra\.js, which no source builds/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
