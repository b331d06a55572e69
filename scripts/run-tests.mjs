#!/usr/bin/env node
// `npm test`: run every Vitest project once, then print `N passed, N failed` as the very last line.
// Exit code: vitest's own (non-zero on a failed test, a failed run or no report), so CI can trust it.
// Extra arguments go to vitest, e.g. `npm test -- --project core`.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarize } from './test-summary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const report = join(root, 'vitest-report.json');
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');

rmSync(report, { force: true }); // never read a stale report from an earlier run
const run = spawnSync(
  process.execPath,
  [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
if (run.error) console.error(`could not start vitest: ${run.error.message}`);
const vitestCode = run.status ?? 1; // killed by a signal counts as a failure
if (run.signal) console.error(`vitest was killed by ${run.signal}`);

const { passed, failed, ok } = summarize(report);
if (vitestCode !== 0 && failed === 0) {
  // the run failed outside any test (config error, unhandled error, no test files): count it as a failure
  console.log(`vitest exited with code ${vitestCode} although no test failed`);
}
console.log(`${passed} passed, ${vitestCode !== 0 ? Math.max(failed, 1) : failed} failed`);
process.exit(vitestCode !== 0 ? vitestCode : ok ? 0 : 1);
