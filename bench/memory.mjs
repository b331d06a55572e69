#!/usr/bin/env node
// The heap a store retains after a long run. 10,000 steps, each streamed its
// arguments, 100 progress updates and a result, through a store with a synchronous flush; then the
// events are gone, the collector runs and what is left is the store's state (only the latest update
// and a count per step). Baselines in the same run: the same steps with one update each, and the
// heap the 1,000,000 update events themselves take (what keeping every update would cost).
// `npm run bench` spawns it with --expose-gc; `node --expose-gc bench/memory.mjs` runs it alone.
import { createServer } from 'vite';

if (typeof globalThis.gc !== 'function') {
  console.error('bench/memory.mjs needs node --expose-gc');
  process.exit(1);
}

const STEPS = 10_000;
const UPDATES = 100;
const LIMIT_MB = 50;

const server = await createServer({
  configFile: false,
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  optimizeDeps: { noDiscovery: true, include: [] },
});
const { createStepStore } = await server.ssrLoadModule('/src/core/index.ts');

/** Heap in use after the collector has run (twice: weak references and finalizers settle). */
function settledHeap() {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}

/** One progress update as a tool sends it: a line of output and where it stands. */
const update = (id, k) => ({
  type: 'step-progress',
  id,
  content: `compiling module ${k} of ${UPDATES} (src/packages/${id}/index.ts)`,
  details: { progress: k, total: UPDATES },
});

/** The events of step `i`, made as they are applied (the run holds no list of them). */
function* stepEvents(i, updates) {
  const id = `call_${i}`;
  yield { type: 'step-start', id, toolName: 'run_command' };
  const args = JSON.stringify({ command: `pnpm build --filter pkg-${i}`, cwd: `/work/pkg-${i}` });
  for (let c = 0; c < args.length; c += 16) yield { type: 'step-input-delta', id, delta: args.slice(c, c + 16) };
  yield { type: 'step-input', id };
  for (let k = 1; k <= updates; k++) yield update(id, k);
  yield { type: 'step-result', id, result: { exitCode: 0, output: `built pkg-${i}` } };
}

/** Streams every step's events into a store in batches of 100 (steps overlap: 8 run at once). */
function run(updates) {
  const store = createStepStore({ schedule: (flush) => flush(), now: () => 0 });
  const open = [];
  let next = 0;
  let batch = [];
  while (next < STEPS || open.length > 0) {
    while (open.length < 8 && next < STEPS) open.push(stepEvents(next++, updates));
    for (let j = open.length - 1; j >= 0; j--) {
      const item = open[j].next();
      if (item.done) open.splice(j, 1);
      else batch.push(item.value);
    }
    if (batch.length >= 100) {
      store.apply(batch);
      batch = [];
    }
  }
  store.apply(batch);
  return store;
}

/** The heap `make()`'s result retains, with everything else it made collected. */
function retained(make) {
  const before = settledHeap();
  const kept = make();
  const after = settledHeap();
  return { kept, bytes: after - before };
}

const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

console.log(`\nmemory: ${STEPS.toLocaleString('en')} steps, retained heap after the run (node --expose-gc)`);
// One run each (about a million reductions for the first): the heap after a full collection does not
// need medians the way a timing does.
const a = retained(() => run(UPDATES));
const state = a.kept.getSnapshot();
const step = state.byId.call_0;
const check = `${state.ids.length.toLocaleString('en')} steps, call_0 ${step.status}, progress.count ${step.progress.count}`;
a.kept.reset();
const b = retained(() => run(1));
b.kept.reset();
// What keeping every update would cost: the update events of 1,000 steps held in an array, times 10.
const events = retained(() => {
  const list = [];
  for (let i = 0; i < STEPS / 10; i++) for (let k = 1; k <= UPDATES; k++) list.push(update(`call_${i}`, k));
  return list;
});
console.log(
  `  ${UPDATES} updates per step: store retains ${mb(a.bytes).padStart(9)} (goal < ${LIMIT_MB} MB: ${a.bytes < LIMIT_MB * 2 ** 20 ? 'met' : 'NOT met'})`,
);
console.log(
  `  1 update per step:    store retains ${mb(b.bytes).padStart(9)} · ratio ${(a.bytes / b.bytes).toFixed(2)}×`,
);
console.log(
  `  every update kept instead (events of 1,000 steps in an array, ×10): ${mb(events.bytes * 10)} · ${check}`,
);
events.kept.length = 0;
await server.close();
