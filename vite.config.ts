/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, type Plugin } from 'vite';
import dts from 'vite-plugin-dts';
import { configDefaults } from 'vitest/config';
import { entries, sourceAliases } from './scripts/source-entries.mjs';

const root = import.meta.dirname;
const fromRoot = (path: string) => resolve(root, path);

/**
 * `src/styles.css` is the kit's theme. No module imports it: it is shipped, with its `@import`s inlined, as
 * `dist/styles.css` (`import 'tool-steps/styles.css'`), so this plugin emits it as an asset.
 */
function emitStylesCss(): Plugin {
  const source = fromRoot('src/styles.css');
  return {
    name: 'tool-steps:emit-styles-css',
    apply: 'build',
    enforce: 'post', // after vite:css-post, so CSS imported from JS is already in the bundle
    buildStart() {
      this.addWatchFile(source);
    },
    generateBundle(_options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (file.endsWith('.css')) {
          this.warn(`${file}: CSS imported from JS was bundled; the kit's styles belong in src/styles.css`);
        }
      }
      // `@import './x.css';` lines of the theme are inlined: dist/styles.css is one file with no imports.
      const css = readFileSync(source, 'utf8').replace(
        /^@import\s+['"](\.\/[^'"]+)['"];[^\n]*$/gm,
        (_line, path: string) => {
          const file = resolve(dirname(source), path);
          this.addWatchFile(file);
          return readFileSync(file, 'utf8');
        },
      );
      this.emitFile({ type: 'asset', fileName: 'styles.css', source: css });
    },
  };
}

/** Every bare specifier (react, react/jsx-runtime, lucide-react, zod, diff, ...) stays an import. */
const isExternal = (id: string) =>
  !id.startsWith('.') && !id.startsWith('\0') && !isAbsolute(id) && !/^tool-steps(\/|$)/.test(id);

// Debian's chromium (apt-get install -y chromium); Playwright's own browser download cannot work here.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const chromium = () => ({
  enabled: true,
  headless: true,
  provider: playwright({
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    actionTimeout: 10_000,
  }),
  instances: [{ browser: 'chromium' as const }],
  // failure screenshots land in a git-ignored folder instead of beside each test or story
  screenshotDirectory: 'test/__screenshots__',
  connectTimeout: 120_000,
});

/**
 * The React 18 copies (`react18`, `react-dom18`: npm aliases of react@18.3.1 and react-dom@18.3.1) in place of
 * React 19 for every import of `react`, `react-dom` and their subpaths (`react-dom/client`, `react/jsx-runtime`,
 * ...). Exact matches: `react18` itself and names like `react-is` are left alone.
 */
const react18Alias = [
  { find: /^react(\/.*)?$/, replacement: 'react18$1' },
  { find: /^react-dom(\/.*)?$/, replacement: 'react-dom18$1' },
];
/**
 * What the browser-react18 project pre-bundles (Vite's dependency optimizer, with the alias applied): React
 * itself and the dependencies that import it, so they all share the one React 18 copy. Listed up front, so
 * the optimizer never finds one mid-run and reloads the page.
 */
const react18BrowserDeps = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'lucide-react',
  '@tanstack/react-virtual',
  'vitest-browser-react',
];

export default defineConfig({
  plugins: [react(), emitStylesCss(), dts({ tsconfigPath: './tsconfig.build.json', bundleTypes: true })],
  resolve: {
    // every entry of package.json's exports, to its source (derived from the exports map)
    alias: sourceAliases(root),
  },
  build: {
    lib: {
      entry: Object.fromEntries(Object.entries(entries).map(([name, source]) => [name, fromRoot(source)])),
      formats: ['es'],
      fileName: (_format, entryName) => `${entryName}.js`,
    },
    rolldownOptions: {
      external: isExternal,
      // One file per source module (dist/components/tool-steps.js, ...), as Radix and MUI ship: each
      // keeps its own 'use client', so the pure modules (core, stepsFromText) load in a server component.
      output: { preserveModules: true, preserveModulesRoot: 'src' },
    },
    sourcemap: true,
  },
  test: {
    // Ceilings, never delays: every wait in the suite waits on its condition and returns once it holds. They are
    // generous because the suite must hold on a busy 2-core machine (six projects, two Chromiums, a build
    // beside it), where Chromium start-up, the first transform and a lazy chunk are slow.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 20_000,
    // `expect.poll` / `expect.element` wait up to 30 s (1 s by default): with six projects sharing 2 cores, a
    // lazy renderer chunk took longer than 1 s to load ("Loading…" in test/e2e/replay.browser.test.tsx).
    expect: { poll: { timeout: 30_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          environment: 'node',
          include: ['test/core/**/*.test.ts', 'test/fuzz/**/*.test.ts', 'test/network/**/*.test.ts'],
          exclude: [...configDefaults.exclude, '**/*.browser.test.*'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: [
            ...configDefaults.exclude,
            'test/core/**',
            'test/fuzz/**',
            'test/network/**',
            'test/package/**',
            'test/playground/**',
            'test/e2e/playground*',
            '**/*.browser.test.*',
          ],
        },
      },
      {
        // the component tests with no chunk loaded first: the first-use path (each lazy chunk fetched as a
        // row needs it), which test/setup.ts skips for the dom project
        extends: true,
        test: {
          name: 'dom-cold',
          environment: 'jsdom',
          setupFiles: ['./test/setup-cold.ts'],
          include: ['test/components/**/*.test.tsx', 'test/readme-render.test.tsx'],
          exclude: [...configDefaults.exclude, '**/*.browser.test.*'],
        },
      },
      {
        // the playground (`npm start`): its agent server in node, and end to end in Chromium driven by
        // playwright-core against `npm start` itself
        extends: true,
        test: {
          name: 'playground',
          environment: 'node',
          include: ['test/playground/**/*.test.ts', 'test/e2e/playground*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      {
        // the packed package in a Next app (builds dist/, packs it, runs `next build`): about a minute
        extends: true,
        test: {
          name: 'package',
          environment: 'node',
          include: ['test/package/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 240_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: [
            'test/**/*.browser.test.{ts,tsx}',
            // screenshots of every renderer for people to look at (`npm run shots:renderers`), never a test run's
            ...(process.env.VITE_RENDERER_SHOTS ? ['test/renderers/renderers-screens.shots.tsx'] : []),
          ],
          // the network-fault server (Node) for test/network/faults.browser.test.tsx
          globalSetup: ['./test/network/fault-server.global.ts'],
          browser: chromium(),
        },
      },
      // The same jsdom and Chromium tests against React 18.3 (the peer range is ^18.2 || ^19). Group 1: they
      // start once the other projects are done, so no more than two Chromiums compete for the 2 cores.
      {
        extends: true,
        resolve: { alias: react18Alias },
        test: {
          name: 'dom-react18',
          environment: 'jsdom',
          // in this order: the require hook before anything loads react-dom
          setupFiles: ['./test/setup-react18-node.ts', './test/setup-react18.ts', './test/setup.ts'],
          sequence: { setupFiles: 'list', groupOrder: 1 },
          // the tests that render (.tsx); the .ts ones (exports, static checks, pure models) need no second run
          include: ['test/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, 'test/core/**', '**/*.browser.test.*'],
          // ES modules that import react, which the CommonJS require hook of setup-react18-node.ts never
          // sees: Vite transforms them, so the alias gives them React 18 too (the kit imports Lucide icons
          // by path, `lucide-react/icons/<name>`, ESM only; the windowed list imports the virtualizer)
          server: { deps: { inline: [/lucide-react/, '@tanstack/react-virtual'] } },
          provide: { reactMajor: 18 },
        },
      },
      {
        extends: true,
        resolve: { alias: react18Alias },
        optimizeDeps: { include: react18BrowserDeps },
        test: {
          name: 'browser-react18',
          include: ['test/**/*.browser.test.{ts,tsx}'],
          setupFiles: ['./test/setup-react18.ts'],
          globalSetup: ['./test/network/fault-server.global.ts'],
          sequence: { groupOrder: 1 },
          provide: { reactMajor: 18 },
          browser: chromium(),
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: fromRoot('.storybook') })],
        test: {
          name: 'storybook',
          browser: chromium(),
        },
      },
    ],
  },
});
