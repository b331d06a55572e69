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

function time(fn, runs) {
  fn(); // warm-up
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return samples;
}

console.log(
  `tool-steps bench · node ${process.version} · ${os.cpus()[0]?.model ?? 'unknown cpu'} × ${os.cpus().length} · ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`,
);
for (const scenario of scenarios) {
  const runs = scenario.runs ?? 15;
  const subject = median(time(scenario.subject.run, runs));
  const baselineRuns = scenario.baselineRuns ?? runs;
  const baseline = median(time(scenario.baseline.run, baselineRuns));
  const check = scenario.check?.();
  console.log(`\n${scenario.name}`);
  console.log(`  ${scenario.subject.name.padEnd(48)} median ${subject.toFixed(2).padStart(9)} ms`);
  console.log(`  ${scenario.baseline.name.padEnd(48)} median ${baseline.toFixed(2).padStart(9)} ms`);
  console.log(
    `  ratio baseline / subject: ${(baseline / subject).toFixed(2)}× (${runs} / ${baselineRuns} runs)${check ? ` · ${check}` : ''}`,
  );
}
await server.close();

// The browser rendering benchmark (bench/render.mjs), in a process of its own: it runs Vite and React
// in production mode, which this process's Vite server has already decided against.
const { spawnSync } = await import('node:child_process');
const { fileURLToPath } = await import('node:url');
const render = spawnSync(process.execPath, [fileURLToPath(new URL('./render.mjs', import.meta.url))], {
  stdio: 'inherit',
});
if (render.status !== 0) process.exitCode = render.status ?? 1;
if (
  spawnSync(process.execPath, [fileURLToPath(new URL('./details.mjs', import.meta.url))], { stdio: 'inherit' })
    .status !== 0
)
  process.exitCode = 1;
