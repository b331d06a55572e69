// `tool-steps/core` (and the other framework-free entries, `tool-steps/wires` and `tool-steps/presentation`,
// whose folders import only their own modules and core's) never loads React: checked in the sources, in this process with React made to
// throw, and in a child `node` whose node_modules has no React at all. Each check has a negative
// control that shows it fails when React does come in.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { specifiersOf } from './source-graph';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const coreDir = join(root, 'src/core');
/** Each framework-free folder and the folders its files may import: their own and core's. */
const frameworkFreeDirs: Record<string, readonly string[]> = {
  'src/core': [coreDir],
  'src/wires': [join(root, 'src/wires'), coreDir],
  'src/presentation': [join(root, 'src/presentation'), coreDir],
};
const REACTISH = /^(react|react-dom|lucide-react|scheduler)(\/|$)/;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

/** What is wrong with the imports of one file of a framework-free folder (core's by default), as readable lines. */
function problemsOf(file: string, source: string, allowed: readonly string[] = [coreDir]): string[] {
  const outside = `outside ${allowed.map((dir) => relative(root, dir)).join(' and ')}`;
  const problems: string[] = [];
  for (const spec of specifiersOf(source)) {
    if (REACTISH.test(spec)) problems.push(`${file} imports ${spec}`);
    if (spec.endsWith('.tsx') || spec.endsWith('.jsx')) problems.push(`${file} imports a component file ${spec}`);
    if (spec === 'tool-steps/core') continue; // core's own entry, named by package for the api reports' sake
    if (spec.startsWith('tool-steps')) problems.push(`${file} imports ${spec}, ${outside}`);
    else if (spec.startsWith('.')) {
      const target = resolve(dirname(file), spec);
      if (allowed.every((dir) => relative(dir, target).startsWith('..')))
        problems.push(`${file} imports ${spec}, ${outside}`);
      if (existsSync(`${target}.tsx`) || existsSync(join(target, 'index.tsx'))) {
        problems.push(`${file} imports ${spec}, a .tsx module`);
      }
    } else if (!spec.startsWith('node:') && !REACTISH.test(spec)) {
      const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string);
      const manifest = join(root, 'node_modules', name, 'package.json');
      if (!existsSync(manifest)) problems.push(`${file} imports ${spec}, which is not installed`);
      else {
        const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, Record<string, string> | undefined>;
        const needs = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies });
        for (const dep of needs.filter((d) => REACTISH.test(d)))
          problems.push(`${file} imports ${spec}, which needs ${dep}`);
      }
    }
  }
  return problems;
}

describe('statically: no file under src/core, src/wires or src/presentation names React', () => {
  it('the scanner sees every import form (negative control)', () => {
    const fake = [
      "import { useState } from 'react';",
      "import type { FC } from 'react';",
      "export { createRoot } from 'react-dom/client';",
      "import 'lucide-react';",
      "const m = await import('react-dom');",
      "import { ToolStep } from '../components/tool-step.tsx';",
      "import { x } from '../react/use-steps';",
      "import type { Step } from 'tool-steps/core';",
      "import type { ToolStepsLabels } from 'tool-steps/presentation';",
      'import {\n  a,\n  b,\n} from "react/jsx-runtime";',
    ].join('\n');
    expect(specifiersOf(fake)).toEqual(
      expect.arrayContaining([
        'react',
        'react-dom/client',
        'lucide-react',
        'react-dom',
        '../components/tool-step.tsx',
        '../react/use-steps',
        'tool-steps/core',
        'tool-steps/presentation',
        'react/jsx-runtime',
      ]),
    );
    const file = join(coreDir, 'fake.ts');
    expect(problemsOf(file, fake).sort()).toEqual(
      [
        `${file} imports react`,
        `${file} imports react`,
        `${file} imports react-dom/client`,
        `${file} imports lucide-react`,
        `${file} imports react-dom`,
        `${file} imports a component file ../components/tool-step.tsx`,
        `${file} imports ../components/tool-step.tsx, outside src/core`,
        `${file} imports ../react/use-steps, outside src/core`,
        `${file} imports tool-steps/presentation, outside src/core`,
        `${file} imports react/jsx-runtime`,
      ].sort(),
    );
  });

  it('a wires or presentation file may import its own folder and core, not the other entry (negative control)', () => {
    const fake = [
      "import { isRecord } from '../core/values';",
      "import { mcpIconSrc } from './mcp';",
      "import { defaultLabels } from '../presentation/labels';",
      "import { useSteps } from '../react/use-steps';",
    ].join('\n');
    const file = join(root, 'src/wires/fake.ts');
    expect(problemsOf(file, fake, frameworkFreeDirs['src/wires'])).toEqual([
      `${file} imports ../presentation/labels, outside src/wires and src/core`,
      `${file} imports ../react/use-steps, outside src/wires and src/core`,
    ]);
  });

  for (const [dir, allowed] of Object.entries(frameworkFreeDirs)) {
    it(`${dir} has only .ts files, and none of them imports React, a component or code outside ${allowed.map((d) => relative(root, d)).join(' and ')}`, () => {
      const files = walk(join(root, dir));
      expect(files.length).toBeGreaterThanOrEqual(5);
      expect(files.filter((f) => !f.endsWith('.ts'))).toEqual([]);
      const problems = files.flatMap((file) => problemsOf(file, readFileSync(file, 'utf8'), allowed));
      expect(problems).toEqual([]);
    });
  }

  it('src/core/index.ts reaches every module through relative imports that stay in core', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of specifiersOf(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const target = resolve(dirname(file), spec);
        const path = [`${target}.ts`, join(target, 'index.ts'), target].find((p) => existsSync(p) && p.endsWith('.ts'));
        expect(path, `${file} → ${spec}`).toBeDefined();
        visit(path as string);
      }
    };
    visit(join(coreDir, 'index.ts'));
    for (const file of seen) expect(relative(coreDir, file).startsWith('..')).toBe(false);
  });
});

describe('dynamically, in this process: importing tool-steps/core with React made to throw', () => {
  const trap = (name: string) => () => {
    throw new Error(`${name} imported`);
  };

  it('loads, and the trap is armed (negative control)', async () => {
    vi.resetModules();
    for (const name of [
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      'lucide-react',
    ]) {
      vi.doMock(name, trap(name));
    }
    try {
      const error = await import('react').then(
        () => undefined,
        (e: unknown) => e as Error & { cause?: unknown },
      );
      expect(`${error?.message} ${String(error?.cause)}`).toMatch(/react imported/);
      const core = await import('tool-steps/core');
      expect(typeof core.reduceSteps).toBe('function');
      expect(typeof core.createStepStore).toBe('function');
      const batches = [];
      for await (const batch of core.readStream('data: {"type":"tool-call-start","id":"c","toolName":"grep"}\n\n')) {
        batches.push(batch);
      }
      expect(batches.flat().map((e) => e.type)).toContain('step-start');
      const wires = await import('tool-steps/wires');
      expect(wires.stepsFromText('data: {"type":"tool-call-start","id":"c","toolName":"grep"}\n\n').ids).toEqual(['c']);
      const presentation = await import('tool-steps/presentation');
      expect(presentation.humanizeToolName('delete_file').label).toBe('Delete file');
    } finally {
      for (const name of [
        'react',
        'react-dom',
        'react-dom/client',
        'react/jsx-runtime',
        'react/jsx-dev-runtime',
        'lucide-react',
      ]) {
        vi.doUnmock(name);
      }
      vi.resetModules();
    }
  });
});

describe('dynamically, in a child node: the built core runs where React is not installed', () => {
  let work = '';
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'tool-steps-no-react-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** Bundles `entry` with every package left as an import, into `<work>/<name>/core.js`. */
  async function bundle(name: string, entry: string): Promise<string> {
    const outDir = join(work, name);
    await build({
      configFile: false,
      logLevel: 'silent',
      root,
      build: {
        outDir,
        emptyOutDir: true,
        write: true,
        minify: false,
        lib: { entry, formats: ['es'], fileName: () => 'core.js' },
        rolldownOptions: { external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') },
      },
    });
    return join(outDir, 'core.js');
  }

  /**
   * Runs the bundle in a child `node` whose only node_modules holds the packages the bundle imports
   * (and their own dependencies), React never among them. `--preserve-symlinks` keeps a package from
   * finding React through its real path in the repository's node_modules.
   */
  function runWithoutReact(file: string) {
    const dir = dirname(file);
    const modules = join(dir, 'node_modules');
    mkdirSync(modules, { recursive: true });
    const link = (name: string) => {
      if (REACTISH.test(name) || existsSync(join(modules, name))) return;
      const source = join(root, 'node_modules', name);
      if (!existsSync(source)) return;
      mkdirSync(dirname(join(modules, name)), { recursive: true });
      symlinkSync(source, join(modules, name), 'dir');
      const pkg = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
      };
      for (const dep of Object.keys(pkg.dependencies ?? {})) link(dep);
    };
    // every file of the bundle: the entry and the chunks it loads (the stream reader, the decoders)
    const sources = readdirSync(dir)
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(dir, name), 'utf8'));
    const bare = sources.flatMap(specifiersOf).filter((s) => !s.startsWith('.') && !s.startsWith('node:'));
    for (const spec of bare)
      link(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string));
    const script = `const m = await import(${JSON.stringify(pathToFileURL(file).href)});
const text = 'data: {"type":"tool-call-start","id":"c","toolName":"grep"}\\n\\n';
const s = m.stepsFromText(text);
const store = m.createStepStore({ schedule: (f) => f() });
for await (const batch of m.readStream(text)) store.apply(batch);
console.log(JSON.stringify({ exports: Object.keys(m).length, ids: s.ids, status: s.byId.c.status, read: store.getSnapshot().ids }));`;
    writeFileSync(join(dir, 'check.mjs'), script);
    return {
      bare,
      result: spawnSync(process.execPath, ['--preserve-symlinks', join(dir, 'check.mjs')], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 30_000,
      }),
    };
  }

  /** One module re-exporting the three framework-free entries. */
  function frameworkFree(): string {
    const entry = join(work, 'framework-free.ts');
    writeFileSync(
      entry,
      ['src/core/index.ts', 'src/wires/index.ts', 'src/presentation/index.ts']
        .map((file) => `export * from ${JSON.stringify(join(root, file))};`)
        .join('\n'),
    );
    return entry;
  }

  it('the core bundle (with wires and presentation) imports no React and runs, its lazy stream reader too', async () => {
    const file = await bundle('core', frameworkFree());
    const { bare, result } = runWithoutReact(file);
    expect(bare.filter((s) => REACTISH.test(s))).toEqual([]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const out = JSON.parse(result.stdout) as { exports: number; ids: string[]; status: string; read: string[] };
    expect(out.ids).toEqual(['c']);
    expect(out.read).toEqual(['c']);
    expect(out.status).toBe('interrupted');
    expect(out.exports).toBeGreaterThan(10);
  });

  it('the same check fails for a core that imports React (negative control)', async () => {
    const entry = join(work, 'with-react-entry.ts');
    writeFileSync(
      entry,
      `import { version } from 'react';\nexport const reactVersion = version;\nexport * from ${JSON.stringify(frameworkFree())};\n`,
    );
    const file = await bundle('with-react', entry);
    const { bare, result } = runWithoutReact(file);
    expect(bare).toContain('react');
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/Cannot find (package|module) 'react'/);
  });
});
