#!/usr/bin/env node
// `node bench/list-append.mjs` (also spawned by `npm run bench`): what a new call costs with a list
// following the store, however many steps it already holds. `append.mjs` times the store alone; here the
// store has the list's model connected (`ListModel`, what `<ToolSteps store>` runs once per snapshot
// before React: the tree, the items of each list of siblings, the groups, the summary's snapshot), with
// the default grouping, so each apply also computes the list's view. Rungs of 1,000, 10,000 and 100,000
// finished steps, one call a batch (the six events of `append.mjs`), each apply timed alone, the rungs
// taking turns round by round. Figures: the median per call of each rung and the ratio of the largest
// rung's to the smallest's (goal at most 20×). React's render of the rows is not in it (see render.mjs).
// Not a test. `--rungs 1000,100000` runs some rungs only; `--calls 50` calls per round.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createServer } from 'vite';
import { sourceAliases } from '../scripts/source-entries.mjs';

const args = process.argv.slice(2);
const arg = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const RUNGS = (arg('--rungs') ?? '1000,10000,100000').split(',').map(Number);
const CALLS = Number(arg('--calls') ?? 20);
const ROUNDS = Number(arg('--rounds') ?? 5);
const GOAL = 20;

const root = new URL('..', import.meta.url).pathname;
const server = await createServer({
  configFile: false,
  root,
  logLevel: 'error',
  resolve: { alias: sourceAliases(root) },
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  optimizeDeps: { noDiscovery: true, include: [] },
});
const { createStepStore } = await server.ssrLoadModule('/src/core/index.ts');
const { ListModel } = await server.ssrLoadModule('/src/internal/list-view.ts');
const { defaultStepFamily } = await server.ssrLoadModule('/src/presentation/grouping.ts');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** One call as a frame of a stream brings it. */
const call = (id) => [
  { type: 'step-start', id, toolName: 'read_file' },
  { type: 'step-input-delta', id, delta: '{"path":' },
  { type: 'step-input-delta', id, delta: `"src/${id}.ts"}` },
  { type: 'step-input', id },
  { type: 'step-progress', id, content: 'reading' },
  { type: 'step-result', id, result: { lines: 120 } },
];

function rung(size) {
  let clock = 1_700_000_000_000;
  const store = createStepStore({ now: () => clock++, schedule: (flush) => flush() });
  const events = [{ type: 'run-start' }];
  // tools that alternate, so the default grouping makes rows, not one group of everything
  for (let i = 0; i < size; i++) {
    const id = `old-${i}`;
    events.push(
      { type: 'step-start', id, toolName: i % 3 === 0 ? 'bash' : 'read_file' },
      { type: 'step-result', id, result: i },
    );
  }
  store.apply(events);
  const model = new ListModel(store, { familyOf: defaultStepFamily, minRunningMs: 0 });
  let views = 0;
  model.subscribe(() => views++);
  const t0 = performance.now();
  const stop = model.connect();
  const first = performance.now() - t0;
  return { size, store, model, stop, first, next: 0, samples: [], slowest: 0, views: () => views };
}

console.log(
  `tool-steps list append bench · node ${process.version} · ${os.cpus()[0]?.model ?? 'unknown cpu'} × ${os.cpus().length} · load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const rungs = RUNGS.map(rung);
for (let round = 0; round <= ROUNDS; round++) {
  for (const r of rungs) {
    for (let c = 0; c < CALLS; c++) {
      const batch = call(`new-${r.next++}`);
      const t0 = performance.now();
      r.store.apply(batch);
      const ms = performance.now() - t0;
      if (round === 0) continue; // warm-up
      r.samples.push(ms);
      r.slowest = Math.max(r.slowest, ms);
    }
  }
}
const first = rungs[0];
console.log(`\none call a batch with the list's model following the store, ${CALLS} calls × ${ROUNDS} rounds per rung`);
for (const r of rungs) {
  const perCall = median(r.samples);
  if (r.model.getView().state !== r.store.getSnapshot()) throw new Error('the list did not follow the store');
  console.log(
    `  ${r.size.toLocaleString('en').padStart(7)} steps: median ${perCall.toFixed(3).padStart(8)} ms a call · ${(perCall / median(first.samples)).toFixed(2).padStart(7)}× the ${first.size.toLocaleString('en')} rung · slowest call ${r.slowest.toFixed(2)} ms · first view ${r.first.toFixed(0)} ms`,
  );
  r.stop();
}
const last = rungs[rungs.length - 1];
const ratio = median(last.samples) / median(first.samples);
console.log(
  `  ${last.size.toLocaleString('en')} / ${first.size.toLocaleString('en')}: ${ratio.toFixed(2)}× (goal ≤ ${GOAL}×: ${ratio <= GOAL ? 'met' : 'not met'})`,
);
await server.close();
