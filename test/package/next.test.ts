// The packed package in real production builds.
//
// A Next App Router app made with create-next-app's defaults (`cacheComponents: true`): a SERVER component
// imports `ToolSteps` and `stepsFromText` from 'tool-steps', calls `stepsFromText` on the server and renders
// the rows outside any <Suspense>; `next build` must succeed and prerender them (a clock read while
// prerendering a client component fails the build under cacheComponents). The README's server-component
// example is built as written, and `next start` serves it. When the whole entry was 'use client',
// the build failed ("Attempted to call stepsFromText() from the server but stepsFromText is on the
// client").
//
// The theme in Chromium against `next start` and against a Vite production build: both run Lightning CSS,
// which rewrites the kit's light-dark() colours; every way a host says its colour scheme must still switch
// them (schemes.ts).
//
// Also checks the built files: a module carries 'use client' in dist/ exactly when its source does.
//
// The apps live in a temporary folder inside the repository, so `next`, `vite`, `react`, `react-dom` and
// the kit's dependencies resolve from the repository's node_modules (no network); only `tool-steps` comes
// from the tarball, unpacked into the folder's own node_modules.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
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
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { presentStep } from 'tool-steps/presentation';
import { stepsFromText } from 'tool-steps/wires';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_CSS, type SchemeResult, schemesAt } from './schemes';

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
const children: ChildProcess[] = [];

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
  // the tarball unpacks to package/; that folder is node_modules/tool-steps, beside both apps
  const modules = join(work, 'node_modules');
  mkdirSync(modules, { recursive: true });
  const untar = run('tar', ['-xzf', tarball, '-C', modules], work);
  expect(untar.status, untar.output).toBe(0);
  run('mv', [join(modules, 'package'), join(modules, 'tool-steps')], work);
  expect(existsSync(join(modules, 'tool-steps/dist/index.js'))).toBe(true);
}, 240_000);

afterAll(() => {
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL'); // its own process group: next start and its workers
    } catch {
      // gone
    }
  }
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

/** A free port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

/** Polls `check` until it holds; fails after `ms` (a generous ceiling, never a wait of its own). */
async function until(check: () => Promise<boolean>, ms: number, what: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every file under a folder whose name ends with `ending`. */
function filesUnder(dir: string, ending: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, ending);
    return entry.name.endsWith(ending) ? [path] : [];
  });
}

/** Prints the matrix (one line per declaration) and returns the cases drawn in the wrong scheme. */
function mismatches(build: string, results: SchemeResult[]): SchemeResult[] {
  console.log(
    results
      .map((r) => `${build}: ${r.name}: ${r.expected} -> ${r.drawn === r.expected ? 'pass' : `FAIL (${r.drawn})`}`)
      .join('\n'),
  );
  return results.filter((r) => r.drawn !== r.expected);
}

const nextBin = join(root, 'node_modules/next/dist/bin/next');

describe("a Next app with create-next-app's defaults (cacheComponents: true)", () => {
  const app = () => join(work, 'next-app');
  let build: ReturnType<typeof run>;
  let base: Promise<string> | undefined;

  beforeAll(() => {
    mkdirSync(join(app(), 'app/run/[id]'), { recursive: true });
    writeFileSync(
      join(app(), 'package.json'),
      JSON.stringify({ name: 'next-app', private: true, type: 'module', dependencies: { 'tool-steps': '*' } }),
    );
    // The repository is the root Turbopack may read (the kit's dependencies and next live there).
    writeFileSync(
      join(app(), 'next.config.mjs'),
      `export default {
  cacheComponents: true,
  turbopack: { root: ${JSON.stringify(root)} },
  outputFileTracingRoot: ${JSON.stringify(root)},
  experimental: { turbopackFileSystemCacheForBuild: false },
};
`,
    );
    writeFileSync(join(app(), 'app/host.css'), HOST_CSS);
    writeFileSync(
      join(app(), 'app/layout.tsx'),
      `import type { ReactNode } from 'react';
import 'tool-steps/styles.css';
import './host.css';

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
    );
    // A server component: no 'use client', no <Suspense>. stepsFromText runs here, on the server.
    writeFileSync(
      join(app(), 'app/page.tsx'),
      `import { ToolSteps } from 'tool-steps';
import { stepsFromText } from 'tool-steps/wires';

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
    // A running step (the flicker guard, the ticking duration), in the list and drawn alone.
    mkdirSync(join(app(), 'app/running'), { recursive: true });
    writeFileSync(
      join(app(), 'app/running/page.tsx'),
      `import { type Step, ToolStep, ToolSteps } from 'tool-steps';

const step: Step = { id: 'call_run', toolName: 'run_command', status: 'running', startedAt: 1, inputText: '{"command":"npm test"}', input: { command: 'npm test' } };

export default function Page() {
  return (
    <main>
      <ToolSteps state={{ ids: [step.id], byId: { [step.id]: step }, run: { status: 'streaming' }, diagnostics: { count: 0 } }} />
      <ToolStep step={{ ...step, id: 'call_alone' }} />
    </main>
  );
}
`,
    );
    // The README's example as written, with a loadCapture of its own in place of the declared one (the README
    // leaves storage to you).
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const example = /```tsx\n(\/\/ app\/run\/\[id\]\/page\.tsx[\s\S]*?)```/
      .exec(readme)?.[1]
      ?.replace(/^declare function loadCapture\(.*\n/m, '');
    expect(example, "README.md's app/run/[id]/page.tsx example").toBeDefined();
    writeFileSync(
      join(app(), 'app/run/[id]/page.tsx'),
      `${example}
async function loadCapture(_id: string): Promise<string> {
  return ${JSON.stringify(capture)};
}
`,
    );
    build = run(process.execPath, [nextBin, 'build'], app(), 170_000);
    console.log(`next build: exit ${build.status} in ${build.seconds.toFixed(1)} s`);
    console.log(build.output.slice(build.output.indexOf('Route (app)')).trim());
  }, 180_000);

  /** `next start` of the build, once, on a free port: its base URL. */
  const started = () => {
    base ??= (async () => {
      expect(build.status, build.output).toBe(0);
      const port = await freePort();
      let log = '';
      const server = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], {
        cwd: app(),
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(server);
      server.stdout?.on('data', (chunk) => {
        log += chunk;
      });
      server.stderr?.on('data', (chunk) => {
        log += chunk;
      });
      const url = `http://127.0.0.1:${port}`;
      await until(
        async () => (await fetch(url)).ok,
        60_000,
        () => `next start to answer: ${log}`,
      );
      return url;
    })();
    return base;
  };

  it('next build prerenders ToolSteps (finished and running steps, a row alone) in server components, outside any Suspense', () => {
    expect(build.status, build.output).toBe(0);
    expect(build.output).not.toMatch(/Attempted to call stepsFromText\(\) from the server/);
    expect(build.output).not.toMatch(/unstable value|outside of <Suspense>/);

    const html = readFileSync(join(app(), '.next/server/app/index.html'), 'utf8');
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

    const running = readFileSync(join(app(), '.next/server/app/running.html'), 'utf8');
    expect(running).toContain('data-step-id="call_run"');
    expect(running).toContain('data-step-id="call_alone"');
    expect(running).toContain('data-status="running"');
  });

  it("builds the README's server-component example, and next start serves its rows", async () => {
    expect(build.status, build.output).toBe(0);
    expect(build.output).toContain('/run/[id]');
    const html = await (await fetch(`${await started()}/run/some-run`)).text();
    const state = stepsFromText(capture);
    const step = state.byId[state.ids[0] as string];
    expect(html).toContain('data-slot="tool-steps"');
    expect(html).toContain(escapeHtml(presentStep(step as NonNullable<typeof step>).label));
  });

  it('draws the list in the scheme the host declares, each way (next start, Chromium)', async () => {
    const css = filesUnder(join(app(), '.next/static'), '.css').map((file) => readFileSync(file, 'utf8'));
    expect(css.join('\n'), 'Lightning CSS rewrote light-dark()').toContain('--lightningcss-dark');
    expect(mismatches('next', await schemesAt(await started(), 'next'))).toEqual([]);
  });
});

describe('a Vite production build', () => {
  const app = () => join(work, 'vite-app');
  let server: Server | undefined;
  let url = '';

  beforeAll(async () => {
    mkdirSync(app(), { recursive: true });
    writeFileSync(join(app(), 'vite.config.mjs'), 'export default { logLevel: "error" };\n');
    writeFileSync(join(app(), 'host.css'), HOST_CSS);
    writeFileSync(
      join(app(), 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>tool-steps</title></head>' +
        '<body><main id="root"></main><script type="module" src="./main.tsx"></script></body></html>\n',
    );
    writeFileSync(
      join(app(), 'main.tsx'),
      `import 'tool-steps/styles.css';
import './host.css';
import { createRoot } from 'react-dom/client';
import { ToolSteps } from 'tool-steps';
import { stepsFromText } from 'tool-steps/wires';

const capture = ${JSON.stringify(capture)};
createRoot(document.getElementById('root') as HTMLElement).render(<ToolSteps state={stepsFromText(capture)} />);
`,
    );
    const build = run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], app());
    console.log(`vite build: exit ${build.status} in ${build.seconds.toFixed(1)} s`);
    expect(build.status, build.output).toBe(0);
    const dist = join(app(), 'dist');
    const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
    server = createServer((request, response) => {
      const path = join(dist, new URL(request.url ?? '/', 'http://x').pathname);
      const file = existsSync(path) && statSync(path).isFile() ? path : join(dist, 'index.html');
      response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      response.end(readFileSync(file));
    });
    await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }, 120_000);

  afterAll(() => {
    server?.close();
  });

  it('draws the list in the scheme the host declares, each way (Chromium)', async () => {
    const css = filesUnder(join(app(), 'dist'), '.css').map((file) => readFileSync(file, 'utf8'));
    expect(css.join('\n'), 'Lightning CSS rewrote light-dark()').toContain('--lightningcss-dark');
    expect(mismatches('vite', await schemesAt(url, 'vite'))).toEqual([]);
  });
});
