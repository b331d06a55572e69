// What the Chromium benchmarks (render.mjs, details.mjs) share: a page of bench/<dir>/ served by Vite's
// dev server in production mode (or, with `built`, bundled by `vite build` and served by Vite's preview
// server, as an app ships it) on 127.0.0.1 and a free port, opened in Debian's Chromium through
// playwright-core, both closed on every way out (a signal, a deadline, an error, the end).
import { createServer as createNetServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build, createServer, preview } from 'vite';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

// Read by Vite when the server is created (React's bundles, JSX runtime, Fast Refresh), so set first.
process.env.NODE_ENV = 'production';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--js-flags=--expose-gc', // lets the page collect garbage between runs, so one run's garbage is not timed in the next
];

/** The dependencies every bench page loads, bundled before it loads: no re-optimization (and reload) mid-run. */
const BASE_DEPS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'lucide-react',
  'zod',
  'partial-json',
  'diff',
  'anser',
  'eventsource-parser',
];

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** A port nobody listens on now (the OS picks it); Vite then takes it with strictPort. */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * Runs `body({ page, browser, call })` against bench/<dir>/index.html, whose module sets `window.__bench`.
 * `call(name, ...args)` runs `window.__bench[name](...args)` in the page and fails on any page error.
 * `label` names the bench in its messages; `deps` are extra dependencies to bundle up front; `onConsole`
 * sees the page's console messages other than errors; `built` serves a production build of the page
 * (lazy chunks fetched as an app fetches them) instead of the dev server's module-by-module graph.
 * Sets `process.exitCode` to 1 when anything fails.
 */
export async function withBenchPage({ label, dir, deps = [], deadlineMs, onConsole, built = false }, body) {
  let server;
  let browser;
  let closing;
  const cleanup = () => {
    closing ??= (async () => {
      await browser?.close().catch(() => {});
      await server?.close().catch(() => {});
    })();
    return closing;
  };
  const onSignal = (signal) => {
    console.error(`\n${label}: ${signal}, closing the browser and the server`);
    cleanup().finally(() => process.exit(130));
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, onSignal);
  const deadline = setTimeout(() => {
    console.error(`${label}: still running after ${deadlineMs / 60_000} minutes, giving up`);
    cleanup().finally(() => process.exit(1));
  }, deadlineMs);
  deadline.unref();

  try {
    const port = await freePort();
    const shared = {
      configFile: false, // not the library's vite.config.ts: no dts, no test projects
      root: resolve(repo, 'bench', dir),
      mode: 'production',
      cacheDir: resolve(repo, `node_modules/.vite-bench-${dir}`),
      logLevel: 'error',
      clearScreen: false,
      plugins: [react()],
      define: { 'process.env.NODE_ENV': '"production"' },
      resolve: {
        alias: [
          { find: /^tool-steps\/core$/, replacement: resolve(repo, 'src/core/index.ts') },
          { find: /^tool-steps\/presentation$/, replacement: resolve(repo, 'src/presentation/index.ts') },
          { find: /^tool-steps$/, replacement: resolve(repo, 'src/index.ts') },
        ],
      },
    };
    if (built) {
      const outDir = resolve(repo, `node_modules/.vite-bench-${dir}-dist`);
      await build({ ...shared, build: { outDir, emptyOutDir: true, reportCompressedSize: false } });
      server = await preview({ ...shared, build: { outDir }, preview: { host: '127.0.0.1', port, strictPort: true } });
    } else {
      server = await createServer({
        ...shared,
        optimizeDeps: { noDiscovery: true, include: [...BASE_DEPS, ...deps] },
        server: { host: '127.0.0.1', port, strictPort: true, hmr: false, fs: { allow: [repo] } },
      });
      await server.listen();
    }

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      headless: true,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
      else onConsole?.(message);
    });
    await page.goto(`http://127.0.0.1:${port}/`);
    await page
      .waitForFunction(() => window.__bench !== undefined, null, { timeout: 60_000 })
      .catch((error) => {
        throw new Error(`the bench page did not start: ${pageErrors.join(' | ') || error.message}`);
      });
    const call = (fn, ...args) =>
      page
        .evaluate(([name, rest]) => window.__bench[name](...rest), [fn, args])
        .then((result) => {
          if (pageErrors.length > 0) throw new Error(`the bench page reported: ${pageErrors.join(' | ')}`);
          return result;
        });
    await body({ page, browser, call });
  } catch (error) {
    console.error(`${label} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  } finally {
    await cleanup();
    clearTimeout(deadline);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.off(signal, onSignal);
  }
}
