#!/usr/bin/env node
// `node bench/append.mjs` (also spawned by `npm run bench`): what a new call costs however many steps
// the store already holds. A store with a synchronous flush and one listener reading the snapshot (what
// `useToolStream` does, minus React) is given 1,000, 10,000 and 100,000 finished steps in one batch;
// then one call a batch (start, two argument deltas, the arguments, a progress update, the result: one
// frame of a stream that brings a call a frame), each apply timed alone. The rungs take turns, round by
// round, so a shared machine's load drifts alike for all of them. Figures: the median per call of each
// rung and the ratio of the largest rung's to the smallest's (1.00: a call costs the same however many
// steps; the goal is at most 20×), and the longest single task of each rung (the build batch, the
// slowest call, the run's end closing every step). Then what a reader of the public `state.ids` and
// `state.byId` pays on its first read of a new state (both are built from the store's table on demand;
// `stepOf` reads one step without them). Not a test.
// `node bench/append.mjs --rungs 1000,100000` runs some rungs only; `--calls 50` calls per round.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createServer } from 'vite';

const args = process.argv.slice(2);
const arg = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const RUNGS = (arg('--rungs') ?? '1000,10000,100000').split(',').map(Number);
const CALLS = Number(arg('--calls') ?? 40);
const ROUNDS = Number(arg('--rounds') ?? 5);
const GOAL = 20;

const server = await createServer({
  configFile: false,
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  optimizeDeps: { noDiscovery: true, include: [] },
});
const { createStepStore } = await server.ssrLoadModule('/src/core/index.ts');

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
  let seen = 0;
  store.subscribe(() => {
    seen = store.getSnapshot().run.status.length;
  });
  const events = [{ type: 'run-start' }];
  for (let i = 0; i < size; i++) {
    const id = `old-${i}`;
    events.push({ type: 'step-start', id, toolName: 'read_file' }, { type: 'step-result', id, result: i });
  }
  const t0 = performance.now();
  store.apply(events);
  const build = performance.now() - t0;
  return { size, store, build, next: 0, samples: [], slowest: 0, seen: () => seen };
}

console.log(
  `tool-steps append bench · node ${process.version} · ${os.cpus()[0]?.model ?? 'unknown cpu'} × ${os.cpus().length} · load ${os
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
console.log(`\none call a batch, ${CALLS} calls × ${ROUNDS} rounds per rung (after a warm-up round)`);
for (const r of rungs) {
  const t0 = performance.now();
  r.store.apply({ type: 'run-finish' });
  const end = performance.now() - t0;
  const perCall = median(r.samples);
  console.log(
    `  ${r.size.toLocaleString('en').padStart(7)} steps: median ${(perCall * 1000).toFixed(1).padStart(9)} µs a call · ${(perCall / median(first.samples)).toFixed(2).padStart(6)}× the ${first.size.toLocaleString('en')} rung · slowest call ${r.slowest.toFixed(2)} ms · build ${r.build.toFixed(0)} ms · run end ${end.toFixed(1)} ms`,
  );
}
const last = rungs[rungs.length - 1];
const ratio = median(last.samples) / median(first.samples);
const longest = Math.max(...rungs.flatMap((r) => [r.build, r.slowest]));
console.log(
  `  ${last.size.toLocaleString('en')} / ${first.size.toLocaleString('en')}: ${ratio.toFixed(2)}× (goal ≤ ${GOAL}×: ${ratio <= GOAL ? 'met' : 'not met'}) · longest task ${longest.toFixed(0)} ms (goal < 1,000 ms: ${longest < 1000 ? 'met' : 'not met'})`,
);
console.log("\nthe first read of a new state's `ids` and `byId` (median of 5 new states each)");
for (const r of rungs) {
  const read = (key) =>
    median(
      Array.from({ length: 5 }, () => {
        r.store.apply(call(`new-${r.next++}`));
        const state = r.store.getSnapshot();
        const t0 = performance.now();
        void state[key];
        return performance.now() - t0;
      }),
    );
  console.log(
    `  ${r.size.toLocaleString('en').padStart(7)} steps: ids ${read('ids').toFixed(2).padStart(7)} ms · byId ${read('byId').toFixed(2).padStart(7)} ms`,
  );
}
await server.close();
