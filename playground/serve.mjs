#!/usr/bin/env node
// `npm start`: the playground. Starts Vite's dev server on playground/ (React plugin, the same
// `tool-steps` aliases as vite.config.ts) and prints the URL. Works offline.
// PORT overrides the port (default 5173; with PORT set, a busy port is an error instead of the next one).
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..');

const requested = process.env.PORT;
const port = requested ? Number.parseInt(requested, 10) : 5173;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number (0-65535), not "${requested}".`);
  process.exit(1);
}

const server = await createServer({
  configFile: false, // not the library's vite.config.ts: no dts or lib build, no test projects
  root: here,
  cacheDir: resolve(repo, 'node_modules/.vite-playground'),
  clearScreen: false,
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^tool-steps\/core$/, replacement: resolve(repo, 'src/core/index.ts') },
      { find: /^tool-steps$/, replacement: resolve(repo, 'src/index.ts') },
    ],
  },
  server: {
    port,
    strictPort: Boolean(requested),
    // the page imports src/, stories/support/ and test/fixtures/ from outside playground/
    fs: { allow: [repo] },
  },
});

try {
  await server.listen();
} catch (error) {
  console.error(`The playground could not start: ${error instanceof Error ? error.message : String(error)}`);
  await server.close();
  process.exit(1);
}

console.log('\n  tool-steps playground\n');
server.printUrls();
console.log('\n  Ctrl+C stops it.\n');

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    server.close().finally(() => process.exit(0));
  });
}
