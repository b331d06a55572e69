#!/usr/bin/env node
// `npm run fuzz`: the long fuzz run. The properties of test/fuzz/harness.ts (the same ones the
// bounded run in `npm test` checks) run round robin for a while, each time with a new seed; at the end it
// prints, per target, the frames fed, the frames per minute and the violations, with each violation's
// seed and shrunk counterexample (keep them in test/fuzz/regressions.test.ts).
//
//   npm run fuzz                     60 seconds
//   npm run fuzz -- --seconds 600    ten minutes
//   npm run fuzz -- --json           the figures as JSON
//
// Exits 1 when a property was violated. The harness is TypeScript: esbuild bundles it (and the core it
// imports) into node_modules/.cache, with the packages it uses left as imports.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name) => args.indexOf(name);
const seconds = flag('--seconds') === -1 ? 60 : Number(args[flag('--seconds') + 1]);
const asJson = flag('--json') !== -1;
if (!Number.isFinite(seconds) || seconds <= 0) {
  console.error('--seconds takes a positive number');
  process.exit(2);
}

const outdir = join(root, 'node_modules', '.cache', 'tool-steps-fuzz');
mkdirSync(outdir, { recursive: true });
const outfile = join(outdir, 'harness.mjs');
await build({
  entryPoints: [join(root, 'test', 'fuzz', 'harness.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  logLevel: 'warning',
});
const fc = (await import('fast-check')).default;
const harness = await import(pathToFileURL(outfile).href);

// The store warns once per kind of anomaly in development; the fuzzer makes every kind, on purpose.
console.warn = () => {};
const targets = harness.targets();
/** Runs per round of one target: small, so every target gets time, and a failure is shrunk soon. */
const RUNS = 200;
const stats = new Map(targets.map((t) => [t.name, { runs: 0, ms: 0, violations: [] }]));
const started = performance.now();
const deadline = started + seconds * 1000;

let round = 0;
while (performance.now() < deadline) {
  for (const target of targets) {
    if (performance.now() >= deadline) break;
    const entry = stats.get(target.name);
    const seed = (Date.now() ^ (round * 7919)) | 0;
    const t0 = performance.now();
    const details = target.async
      ? await fc.check(target.property, { numRuns: RUNS, seed })
      : fc.check(target.property, { numRuns: RUNS, seed });
    entry.ms += performance.now() - t0;
    entry.runs += details.numRuns;
    if (details.failed) {
      entry.violations.push({
        seed: details.seed,
        path: details.counterexamplePath,
        counterexample: fc.stringify(details.counterexample),
        error: String(details.errorInstance?.message ?? details.error ?? 'failed'),
      });
    }
  }
  round++;
}
const elapsed = (performance.now() - started) / 1000;

// Frames per wire (and values per reader) as the harness counted them; violations per target and per wire.
const fed = harness.fed;
const wireOf = (name) => name.split(':')[0].trim().split(' ')[0];
const byWire = new Map();
for (const [name, entry] of stats) {
  const wire = /^readers/.test(name) ? 'readers' : /^stream text/.test(name) ? 'detect' : wireOf(name);
  const w = byWire.get(wire) ?? { runs: 0, violations: 0 };
  w.runs += entry.runs;
  w.violations += entry.violations.length;
  byWire.set(wire, w);
}
const rows = [...byWire].map(([wire, w]) => ({
  target: wire,
  runs: w.runs,
  frames: fed[wire] ?? 0,
  framesPerMinute: Math.round(((fed[wire] ?? 0) / elapsed) * 60),
  violations: w.violations,
}));
const total = rows.reduce((n, r) => n + r.frames, 0);
const violations = [...stats].flatMap(([name, e]) => e.violations.map((v) => ({ target: name, ...v })));

if (asJson) {
  console.log(
    JSON.stringify(
      { seconds: Math.round(elapsed), framesPerMinute: Math.round((total / elapsed) * 60), rows, violations },
      null,
      2,
    ),
  );
} else {
  console.log(
    `tool-steps fuzz: ${elapsed.toFixed(0)} s, ${round} rounds of ${targets.length} properties (${RUNS} runs each)\n`,
  );
  const pad = (s, n) => String(s).padEnd(n);
  const num = (s, n) => String(s).padStart(n);
  console.log(
    `${pad('target', 14)}${num('runs', 10)}${num('frames', 12)}${num('frames/min', 14)}${num('violations', 12)}`,
  );
  for (const r of rows) {
    console.log(
      `${pad(r.target, 14)}${num(r.runs, 10)}${num(r.frames, 12)}${num(r.framesPerMinute, 14)}${num(r.violations, 12)}`,
    );
  }
  console.log(
    `${pad('all', 14)}${num('', 10)}${num(total, 12)}${num(Math.round((total / elapsed) * 60), 14)}${num(violations.length, 12)}`,
  );
  for (const v of violations) {
    console.log(`\nviolation in "${v.target}": ${v.error}\n  seed ${v.seed}, path "${v.path}"\n  ${v.counterexample}`);
  }
}
process.exit(violations.length > 0 ? 1 : 0);
