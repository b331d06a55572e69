// zod loads in one entry only, `tool-steps/schema`: no other entry's code or types reach it. Read from the
// sources (type imports included, so the built declarations carry no zod either), with a negative control
// that shows the walk finds zod where it is.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { entries } from '../../scripts/source-entries.mjs';
import { sourceGraph } from './source-graph';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ZOD = /^zod(\/|$)/;

/** The package a bare specifier names, and whether it, or a package it depends on, is zod. */
function zodVia(spec: string): boolean {
  if (ZOD.test(spec)) return true;
  const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string);
  const manifest = join(root, 'node_modules', name, 'package.json');
  if (!existsSync(manifest)) return false;
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, Record<string, string> | undefined>;
  return Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }).some((dep) => ZOD.test(dep));
}

/** Each module of the entry's graph that names zod (or a package built on it), as readable lines. */
function zodIn(entry: string): string[] {
  const found: string[] = [];
  for (const [file, bare] of sourceGraph(join(root, entry)))
    for (const spec of bare) if (zodVia(spec)) found.push(`${relative(root, file)} imports ${spec}`);
  return found;
}

describe('zod stays in tool-steps/schema', () => {
  it('the walk finds zod in the schema entry (negative control)', () => {
    expect(entries.schema).toBeDefined();
    expect(zodIn(entries.schema as string)).toContain('src/schema/index.ts imports zod/mini');
  });

  it.each(Object.entries(entries).filter(([name]) => name !== 'schema'))(
    'the %s entry (%s) reaches no module that imports zod',
    (_name, entry) => {
      expect(sourceGraph(join(root, entry)).size).toBeGreaterThan(1);
      expect(zodIn(entry)).toEqual([]);
    },
  );
});
