#!/usr/bin/env node
// Regenerates schema/step-event.schema.json (the native wire format as JSON Schema) from
// StepEventSchema (src/schema/index.ts, the `tool-steps/schema` entry). The generator lives in
// test/core/schema.test.ts, which also fails CI when the committed file is stale; this runs that test
// in write mode.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const result = spawnSync(process.execPath, [vitest, 'run', '--project', 'core', 'test/core/schema.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, UPDATE_SCHEMA: '1' },
});
process.exit(result.status ?? 1);
