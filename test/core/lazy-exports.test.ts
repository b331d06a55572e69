// The rule: an entry exports a value only from a module that no lazily loaded code uses. A module
// loaded with `import()`, or imported by one, keeps its public names in a module of their own (a
// forwarding function, a constant file) that the entry exports instead.
//
// Why: the build keeps one file per module and points each entry's export straight at the module that
// defines the name (dist/index.js imports ./core/ui-messages/parts.js, not the barrels in between). An app's
// esbuild build with code splitting then puts every module an entry file imports, and that some chunk
// uses, into a chunk the app's entry loads, even when the app never uses the name: re-exporting the AI
// SDK decoder's `UIMessage` readers from their own module put them into every page that draws a list.
//
// Checked twice: by reading the sources (no entry's value comes from a module some code loads with
// `import()`), and by bundling with esbuild as `npm run size` does (an app importing through an entry
// loads the same modules up front as one importing the same names from the modules that define them).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries } from '../../scripts/source-entries.mjs';
import { resolveSource, specifiersOf } from './source-graph';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cache = join(root, 'node_modules/.cache/lazy-exports');

type Names = [local: string, exported: string][];

/** `a, b as c, type T` → the value names, as [local, exported] pairs. */
function namesOf(list: string): Names {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => {
      const [local, exported] = part.split(/\s+as\s+/) as [string, string | undefined];
      return [local, exported ?? local];
    });
}

/** Each `export { a, b as c } from './x'` of a source (value names only). */
function reexportsOf(source: string): { names: Names; spec: string }[] {
  if (/\bexport\s+\*/.test(source)) throw new Error('name each export: `export *` hides where a name comes from');
  return [...source.matchAll(/\bexport\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)]
    .filter((m) => !m[1])
    .map((m) => ({ names: namesOf(m[2] as string), spec: m[3] as string }));
}

/** The source a specifier of `from` names: a relative path, or an entry by package name (`tool-steps/core`). */
function sourceOf(from: string, spec: string): string | undefined {
  if (spec.startsWith('.')) return resolveSource(from, spec);
  const entry = /^tool-steps(?:\/([\w-]+))?$/.exec(spec);
  const file = entry ? entries[entry[1] ?? 'index'] : undefined;
  return file === undefined ? undefined : join(root, file);
}

/**
 * The module that defines `name` as `from` exports it, following `export … from` and an imported name
 * exported again (`import { a } from './x'; export { a };`), as the build does.
 */
function originOf(from: string, name: string): string {
  const source = readFileSync(from, 'utf8');
  for (const { names, spec } of reexportsOf(source)) {
    const hit = names.find(([, exported]) => exported === name);
    const target = hit ? sourceOf(from, spec) : undefined;
    if (hit && target) return originOf(target, hit[0]);
  }
  for (const m of source.matchAll(/\bexport\s+\{([^}]*)\}\s*;/g)) {
    const hit = namesOf(m[1] as string).find(([, exported]) => exported === name);
    if (!hit) continue;
    for (const i of source.matchAll(/\bimport\s+\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
      const imported = namesOf(i[1] as string).find(([, local]) => local === hit[0]);
      const target = imported ? sourceOf(from, i[2] as string) : undefined;
      if (imported && target) return originOf(target, imported[0]);
    }
  }
  return from;
}

/** Every value name a module exports through `export … from`, with the module that defines it. */
function exportedValues(entry: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const { names } of reexportsOf(readFileSync(entry, 'utf8'))) {
    for (const [, exported] of names) out.set(exported, originOf(entry, exported));
  }
  return out;
}

/** Every source module some code loads with `import()`. */
function lazilyLoaded(): Set<string> {
  const lazy = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const dynamic = new Set([...source.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] as string));
    for (const spec of specifiersOf(source)) {
      if (!spec.startsWith('.')) continue;
      const target = resolveSource(file, spec);
      if (!target) continue;
      if (dynamic.has(spec)) lazy.add(target);
      visit(target);
    }
  };
  for (const entry of Object.values(entries)) visit(join(root, entry));
  return lazy;
}

const jsEntries = Object.entries(entries).map(([name, file]) => [name, join(root, file)] as const);

describe('reading the sources: no entry exports a value of a lazily loaded module', () => {
  it('sees the modules loaded with import() and follows re-exports to the defining module (control)', () => {
    const lazy = [...lazilyLoaded()].map((file) => relative(root, file));
    expect(lazy).toEqual(
      expect.arrayContaining([
        'src/core/read-stream.ts',
        'src/core/decoders/ai-sdk.ts',
        'src/core/decoders/openai-agents.ts',
      ]),
    );
    const origin = (entry: string, name: string) => {
      const file = exportedValues(join(root, entries[entry] as string)).get(name);
      if (file === undefined) throw new Error(`${entry} ${name}`);
      return relative(root, file);
    };
    expect(origin('index', 'createStepStore')).toBe('src/core/store.ts');
    expect(origin('wires', 'stepsFromText')).toBe('src/wires/read-text.ts');
    // a name imported, then exported again
    expect(origin('presentation', 'plural')).toBe('src/presentation/plural.ts');
  });

  it('every value of every entry comes from a module no code loads with import()', () => {
    const lazy = lazilyLoaded();
    const found = jsEntries.flatMap(([entry, file]) =>
      [...exportedValues(file)]
        .filter(([, origin]) => lazy.has(origin))
        .map(([name, origin]) => `${entry}: ${name} from ${relative(root, origin)}`),
    );
    expect(found).toEqual([]);
  });
});

/**
 * What `dist/<entry>.js` looks like after the build: each value imported straight from the module that
 * defines it, then exported (`import { a as t } from "./core/x.js"; export { t as a };`).
 */
function flattened(file: string): string {
  const values = [...exportedValues(file)];
  return [
    ...values.map(([name, origin], n) => `import { ${name} as v${n} } from ${JSON.stringify(origin)};`),
    `export { ${values.map(([name], n) => `v${n} as ${name}`).join(', ')} };`,
  ].join('\n');
}

/** The source modules in the chunks an app loads up front (the entry chunk and what it imports statically). */
async function upFront(name: string, app: string): Promise<{ modules: string[]; lazyChunks: number }> {
  const file = join(cache, `${name}.js`);
  writeFileSync(file, app);
  const result = await build({
    absWorkingDir: root,
    entryPoints: [file],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: join(cache, 'out'),
    write: false,
    metafile: true,
    minify: true,
    treeShaking: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((out) => outputs[out]?.entryPoint === relative(root, file));
  if (!entry) throw new Error(`esbuild wrote no chunk for ${file}`);
  const initial = new Set<string>();
  const visit = (file: string) => {
    if (initial.has(file)) return;
    initial.add(file);
    for (const i of outputs[file]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  visit(entry);
  const modules = [...initial].flatMap((file) => Object.keys(outputs[file]?.inputs ?? {}));
  return {
    modules: [...new Set(modules)].filter((m) => m.startsWith('src/')).sort(),
    lazyChunks: Object.keys(outputs).filter((file) => file.endsWith('.js') && !initial.has(file)).length,
  };
}

describe('bundling: an app loads nothing more up front through an entry than from the modules themselves', () => {
  beforeAll(() => mkdirSync(cache, { recursive: true }));
  afterAll(() => rmSync(cache, { recursive: true, force: true }));

  /** An app using `names` through `entry` in its built shape (plus `extra` lines in that entry). */
  function throughEntry(entry: string, names: readonly string[], extra = '') {
    const file = join(cache, `${entry}-entry.js`);
    writeFileSync(file, `${flattened(join(root, entries[entry] as string))}\n${extra}`);
    const app = `import { ${names.join(', ')} } from ${JSON.stringify(file)};\nconsole.log(${names.join(', ')});`;
    return upFront(`${entry}-through${extra ? '-extra' : ''}`, app);
  }

  /** The same app importing each name from the module that defines it. */
  function direct(entry: string, names: readonly string[]) {
    const origins = exportedValues(join(root, entries[entry] as string));
    const imports = names.map((name) => `import { ${name} } from ${JSON.stringify(origins.get(name))};`);
    return upFront(`${entry}-direct`, `${imports.join('\n')}\nconsole.log(${names.join(', ')});`);
  }

  // apps whose code reaches an import(): the list with the stream hook, the stream client alone, the
  // renderers with their lazy views (the root entry also carries every name of wires and presentation)
  const cases = [
    { entry: 'index', names: ['ToolSteps', 'useToolStream'] },
    { entry: 'core', names: ['createToolStream'] },
    { entry: 'renderers', names: ['builtinRenderers'] },
  ] as const;

  for (const { entry, names } of cases) {
    it(`${names.join(', ')} from the ${entry} entry`, async () => {
      const own = await direct(entry, names);
      const via = await throughEntry(entry, names);
      expect(own.lazyChunks).toBeGreaterThan(0);
      expect(own.modules.length).toBeGreaterThan(3);
      expect(via.modules.filter((m) => !own.modules.includes(m))).toEqual([]);
    });
  }

  it('sees a module a lazy decoder uses pulled up front when the entry exports one of its names (negative control)', async () => {
    const ui = JSON.stringify(join(root, 'src/core/ui-messages/parts.ts'));
    const extra = `import { messageText as pulled } from ${ui};\nexport { pulled };`;
    const own = await direct('core', ['createToolStream']);
    const via = await throughEntry('core', ['createToolStream'], extra);
    expect(own.modules).not.toContain('src/core/ui-messages/parts.ts');
    expect(via.modules.filter((m) => !own.modules.includes(m))).toContain('src/core/ui-messages/parts.ts');
  });
});
