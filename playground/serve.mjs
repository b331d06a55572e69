#!/usr/bin/env node
// `npm start`: the playground. One process serves the page (Vite in middleware mode) and the local
// agent's endpoints on one port of 127.0.0.1, prints the URL, and on Ctrl-C stops every run, kills
// every command the agent started (by process group) and removes the scratch copies. Works offline.
// PORT picks the port (default 5173; 0 = any free port; with PORT set, a busy port is an error).
import { createPlayground } from './server/server.mjs';

const requested = process.env.PORT;
const port = requested ? Number.parseInt(requested, 10) : 5173;
if (!Number.isInteger(port) || port < 0 || port > 65535 || (requested && !/^\d+$/.test(requested))) {
  console.error(`PORT must be a port number (0-65535), not "${requested}".`);
  process.exit(1);
}
const timeout = process.env.PLAYGROUND_COMMAND_TIMEOUT_MS;
const commandTimeoutMs = timeout ? Number.parseInt(timeout, 10) : undefined;
// how fast the scripted agent "types" (ms per word; the end-to-end tests make it quick)
const delay = process.env.PLAYGROUND_TEXT_DELAY_MS;
const textDelayMs = delay ? Number.parseInt(delay, 10) : undefined;

let playground;
try {
  playground = await createPlayground({
    port,
    commandTimeoutMs,
    textDelayMs,
    log: process.env.PLAYGROUND_LOG ? (line) => console.log(`  ${line}`) : undefined,
  });
} catch (error) {
  const busy = error?.code === 'EADDRINUSE';
  console.error(
    busy
      ? `The playground could not start: port ${port} is in use. Set PORT to another port (PORT=0 picks a free one).`
      : `The playground could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}

console.log('\n  tool-steps playground: a live local agent, in a chat\n');
console.log(`  ➜  Local:   ${playground.url}`);
console.log(`  (replay viewer: ${playground.url}#replay)`);
console.log('\n  Ctrl+C stops it.\n');

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => process.exit(0), 3000);
    force.unref();
    playground.close().finally(() => process.exit(0));
  });
}
