#!/usr/bin/env node
// `npm run bench`: figures for the core pipeline, each against a baseline measured in the same run.
// Never part of `npm test`. Loads the TypeScript sources through Vite's SSR loader (no build needed).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createServer } from 'vite';

const server = await createServer({
  configFile: false,
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  optimizeDeps: { noDiscovery: true, include: [] },
});

const { scenarios } = await server.ssrLoadModule('/bench/scenarios.ts');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Times subject and baseline alternately (so the load of a shared machine drifts alike for both); awaits async runs. */
async function timeBoth(subject, baseline, runs, baselineRuns) {
  await subject(); // warm-up
  await baseline();
  const s = [];
  const b = [];
  for (let i = 0; i < Math.max(runs, baselineRuns); i++) {
    for (const [fn, samples, n] of [
      [subject, s, runs],
      [baseline, b, baselineRuns],
    ]) {
      if (i >= n) continue;
      const t0 = performance.now();
      await fn();
      samples.push(performance.now() - t0);
    }
  }
  return [s, b];
}

console.log(
  `tool-steps bench · node ${process.version} · ${os.cpus()[0]?.model ?? 'unknown cpu'} × ${os.cpus().length} · ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`,
);
for (const scenario of scenarios) {
  if (process.env.BENCH_ONLY && !scenario.name.includes(process.env.BENCH_ONLY)) continue;
  const runs = scenario.runs ?? 15;
  const baselineRuns = scenario.baselineRuns ?? runs;
  const [subjectSamples, baselineSamples] = await timeBoth(
    scenario.subject.run,
    scenario.baseline.run,
    runs,
    baselineRuns,
  );
  const subject = median(subjectSamples);
  const baseline = median(baselineSamples);
  const check = scenario.check?.({ subject, baseline });
  console.log(`\n${scenario.name}`);
  console.log(`  ${scenario.subject.name.padEnd(48)} median ${subject.toFixed(2).padStart(9)} ms`);
  console.log(`  ${scenario.baseline.name.padEnd(48)} median ${baseline.toFixed(2).padStart(9)} ms`);
  console.log(
    `  ratio baseline / subject: ${(baseline / subject).toFixed(2)}× (${runs} / ${baselineRuns} runs)${check ? ` · ${check}` : ''}`,
  );
}
await server.close();

// The other benchmarks run in processes of their own: the browser ones run Vite and React in production
// mode, which this process's Vite server has already decided against.
const { spawnSync } = await import('node:child_process');
const { fileURLToPath } = await import('node:url');
// Each further benchmark in a process of its own, in this order, with node's flags and the script's
// arguments; `--expose-gc` lets a script collect garbage between runs (and measure retained heap).
const scripts = [
  ['render.mjs', [], []], // the list in Chromium
  ['details.mjs', [], []], // a 50,000-line log, a 10,000-line diff and 5 MB of JSON opened in details, in Chromium
  ['decode.mjs', [], []], // decode + reduce against the floor on every wire, 100 to 3,200 calls
  ['append.mjs', [], []], // one call a batch into a store of 1,000, 10,000 and 100,000 steps: the cost per call
  ['list-append.mjs', [], []], // the same calls with the list's model following the store: the list's cost per call
  // the AI SDK run with 100 reasoning deltas before each call beside the same run without (2,000 calls: 200,000 deltas)
  ['decode.mjs', [], ['ai-sdk', 'ai-sdk+reasoning', '--rungs', '500,2000']],
  ['anchors.mjs', ['--expose-gc'], []], // the floor, the kit and the AI SDK's own client on the same bytes, two ladders
  ['memory.mjs', ['--expose-gc'], []], // the heap a store retains after 10,000 steps × 100 updates, and with reasoning
];
for (const [file, flags, args] of scripts) {
  if (process.env.BENCH_ONLY && !file.includes(process.env.BENCH_ONLY)) continue; // BENCH_ONLY=<part of a name>
  const script = fileURLToPath(new URL(`./${file}`, import.meta.url));
  const child = spawnSync(process.execPath, [...flags, script, ...args], { stdio: 'inherit' });
  if (child.status !== 0) process.exitCode = child.status ?? 1;
}
