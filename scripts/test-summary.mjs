#!/usr/bin/env node
// Reads Vitest's JSON report and gives the plain CI line `N passed, N failed`.
// `node scripts/test-summary.mjs [report.json]` prints it and exits 1 when anything failed.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** @returns {{ passed: number, failed: number, line: string, ok: boolean }} */
export function summarize(reportPath) {
  if (!existsSync(reportPath)) {
    console.error(`no vitest report at ${reportPath}`);
    return { passed: 0, failed: 1, line: '0 passed, 1 failed', ok: false };
  }
  let r;
  try {
    r = JSON.parse(readFileSync(reportPath, 'utf8'));
  } catch (error) {
    console.error(`unreadable vitest report ${reportPath}: ${error.message}`);
    return { passed: 0, failed: 1, line: '0 passed, 1 failed', ok: false };
  }
  const passed = r.numPassedTests ?? 0;
  // A test file that failed to load (syntax error, missing import) has no failed test in it,
  // so count each failed suite with no failed test as one failure.
  const brokenFiles = (r.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  const failed = (r.numFailedTests ?? 0) + brokenFiles;
  const ok = failed === 0 && r.success !== false && passed > 0;
  return { passed, failed, line: `${passed} passed, ${failed} failed`, ok };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { line, ok } = summarize(resolve(process.argv[2] ?? 'vitest-report.json'));
  console.log(line);
  process.exit(ok ? 0 : 1);
}
