// The packed package in a real Next App Router app: a SERVER component imports `ToolSteps` and
// `stepsFromText` from 'tool-steps', calls `stepsFromText` on the server and renders the rows; `next build`
// must succeed and prerender them. Before issue 7 the whole entry was 'use client' and the build failed
// ("Attempted to call stepsFromText() from the server but stepsFromText is on the client").
//
// Also checks the built files: a module carries 'use client' in dist/ exactly when its source does.
//
// The app lives in a temporary folder inside the repository, so `next`, `react`, `react-dom` and the
// kit's dependencies resolve from the repository's node_modules (no network); only `tool-steps` comes
// from the tarball, unpacked into the app's own node_modules.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { presentStep } from 'tool-steps/presentation';
import { stepsFromText } from 'tool-steps/wires';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const capture = readFileSync(join(root, 'test/fixtures/cogitator-workspace-edit.sse'), 'utf8');

function run(command: string, args: string[], cwd: string, timeout = 150_000) {
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', CI: '1', NODE_ENV: 'production' },
  });
  const output = `${result.stdout ?? ''}\n${result.stderr ?? ''}`;
  return { status: result.status, output, seconds: (Date.now() - started) / 1000 };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

let work = '';
let tarball = '';

/** The newest modification time under a folder (or of a file). */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

beforeAll(() => {
  // CI runs `npm run build` before `npm test`; build here only when dist/ is missing or older than a source.
  const inputs = ['src', 'vite.config.ts', 'package.json', 'tsconfig.build.json'].map((p) => newest(join(root, p)));
  const built = existsSync(join(root, 'dist/index.js')) ? statSync(join(root, 'dist/index.js')).mtimeMs : 0;
  if (built < Math.max(...inputs)) {
    const build = run(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      root,
    );
    expect(build.status, build.output).toBe(0);
  }
  work = mkdtempSync(join(root, '.tmp-next-'));
  const pack = run('npm', ['pack', '--silent', '--pack-destination', work], root);
  expect(pack.status, pack.output).toBe(0);
  tarball = join(work, pack.output.trim().split('\n')[0] as string);
}, 240_000);

afterAll(() => {
  if (work && !process.env.KEEP_NEXT) rmSync(work, { recursive: true, force: true });
});

describe('dist/: per-module directives', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
    });
  const directive = /^\s*['"]use client['"];?/;

  it("a built module starts with 'use client' exactly when its source does", () => {
    const mismatches: string[] = [];
    let client = 0;
    for (const source of sources(join(root, 'src'))) {
      const rel = relative(join(root, 'src'), source).replace(/\.tsx?$/, '.js');
      const built = join(root, 'dist', rel === 'core/index.js' ? 'core.js' : rel);
      const wants = directive.test(readFileSync(source, 'utf8'));
      if (wants) client++;
      if (!existsSync(built)) {
        if (wants) mismatches.push(`${rel}: source is 'use client' but nothing was built`);
        continue; // a type-only module
      }
      const has = directive.test(readFileSync(built, 'utf8'));
      if (has !== wants)
        mismatches.push(`${rel}: source ${wants ? 'has' : 'lacks'} the directive, dist ${has ? 'has' : 'lacks'} it`);
    }
    expect(mismatches).toEqual([]);
    expect(client).toBeGreaterThan(10);
  });

  it('the entries themselves are not client modules', () => {
    expect(readFileSync(join(root, 'dist/index.js'), 'utf8')).not.toMatch(directive);
    expect(readFileSync(join(root, 'dist/core.js'), 'utf8')).not.toMatch(directive);
  });
});

describe('a Next App Router server component', () => {
  it('imports ToolSteps and stepsFromText from the packed tool-steps, and next build prerenders the rows', () => {
    const app = join(work, 'app-root');
    const modules = join(app, 'node_modules');
    mkdirSync(join(app, 'app'), { recursive: true });
    mkdirSync(modules, { recursive: true });
    // the tarball unpacks to package/; that folder is node_modules/tool-steps
    const untar = run('tar', ['-xzf', tarball, '-C', modules], app);
    expect(untar.status, untar.output).toBe(0);
    run('mv', [join(modules, 'package'), join(modules, 'tool-steps')], app);
    expect(existsSync(join(modules, 'tool-steps/dist/index.js'))).toBe(true);

    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: 'next-app', private: true, type: 'module', dependencies: { 'tool-steps': '*' } }),
    );
    // The repository is the root Turbopack may read (the kit's dependencies and next live there).
    writeFileSync(
      join(app, 'next.config.mjs'),
      `export default {
  turbopack: { root: ${JSON.stringify(root)} },
  outputFileTracingRoot: ${JSON.stringify(root)},
  experimental: { turbopackFileSystemCacheForBuild: false },
};
`,
    );
    writeFileSync(
      join(app, 'app/layout.tsx'),
      `import type { ReactNode } from 'react';
import 'tool-steps/styles.css';

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
    );
    // A server component: no 'use client'. stepsFromText runs here, on the server.
    writeFileSync(
      join(app, 'app/page.tsx'),
      `import { stepsFromText, ToolSteps } from 'tool-steps';

const capture = ${JSON.stringify(capture)};

export default function Page() {
  const state = stepsFromText(capture);
  return (
    <main>
      <p id="count">{state.ids.length} steps</p>
      <ToolSteps state={state} />
    </main>
  );
}
`,
    );

    const next = run(process.execPath, [join(root, 'node_modules/next/dist/bin/next'), 'build'], app, 170_000);
    console.log(`next build: exit ${next.status} in ${next.seconds.toFixed(1)} s`);
    expect(next.status, next.output).toBe(0);
    expect(next.output).not.toMatch(/Attempted to call stepsFromText\(\) from the server/);

    const html = readFileSync(join(app, '.next/server/app/index.html'), 'utf8');
    const state = stepsFromText(capture);
    expect(state.ids.length).toBeGreaterThan(1);
    expect(html).toContain(`<p id="count">${state.ids.length}<!-- --> steps</p>`);
    // every step is drawn: as its own row, or inside a collapsed group of finished reads (its ids listed)
    const rows = [...html.matchAll(/data-step-id="([^"]*)"/g)].map((m) => m[1] as string);
    const grouped = [...html.matchAll(/data-group-steps="([^"]*)"/g)].flatMap((m) => (m[1] as string).split(' '));
    expect([...rows, ...grouped].sort()).toEqual([...state.ids].map(escapeHtml).sort());
    const shown = state.ids.find((id) => rows.includes(escapeHtml(id)));
    expect(shown, 'at least one step has a row of its own').toBeDefined();
    const step = state.byId[shown as string];
    expect(html).toContain(escapeHtml(presentStep(step as NonNullable<typeof step>).label));
  }, 180_000);
});
