#!/usr/bin/env node
// The heap a store retains after a long run. 10,000 steps, each streamed its
// arguments, 100 progress updates and a result, through a store with a synchronous flush; then the
// events are gone, the collector runs and what is left is the store's state (only the latest update
// and a count per step). Baselines in the same run: the same steps with one update each, and the
// heap the 1,000,000 update events themselves take (what keeping every update would cost). Then the
// same run with a reasoning segment before each step, streamed token by token (REASONING_DELTAS deltas
// of about 30 characters: about 3 KB of text a step, 1,000,000 more events), against the heap its
// text alone takes as flat strings.
// `npm run bench` spawns it with --expose-gc; `node --expose-gc bench/memory.mjs` runs it alone.
import { createServer } from 'vite';

if (typeof globalThis.gc !== 'function') {
  console.error('bench/memory.mjs needs node --expose-gc');
  process.exit(1);
}

const STEPS = 10_000;
const UPDATES = 100;
const LIMIT_MB = 50;
const REASONING_DELTAS = 100;

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

/** One token-sized piece of step `i`'s reasoning (about 30 characters), a string of its own as a decoder's `JSON.parse` makes it. */
const thought = (i, t) => JSON.parse(`" the build of pkg-${i} needs ${t % 10}."`);

/** The events of step `i`, made as they are applied (the run holds no list of them). */
function* stepEvents(i, updates, reasoning) {
  const id = `call_${i}`;
  if (reasoning) {
    const segment = `reasoning_${i}`;
    yield { type: 'reasoning-start', id: segment };
    for (let t = 0; t < REASONING_DELTAS; t++) yield { type: 'reasoning-delta', id: segment, delta: thought(i, t) };
    yield { type: 'reasoning-end', id: segment };
  }
  yield { type: 'step-start', id, toolName: 'run_command' };
  const args = JSON.stringify({ command: `pnpm build --filter pkg-${i}`, cwd: `/work/pkg-${i}` });
  for (let c = 0; c < args.length; c += 16) yield { type: 'step-input-delta', id, delta: args.slice(c, c + 16) };
  yield { type: 'step-input', id };
  for (let k = 1; k <= updates; k++) yield update(id, k);
  yield { type: 'step-result', id, result: { exitCode: 0, output: `built pkg-${i}` } };
}

/** Streams every step's events into a store in batches of 100 (steps overlap: 8 run at once). */
function run(updates, reasoning = false) {
  const store = createStepStore({ schedule: (flush) => flush(), now: () => 0 });
  const open = [];
  let next = 0;
  let batch = [];
  while (next < STEPS || open.length > 0) {
    while (open.length < 8 && next < STEPS) open.push(stepEvents(next++, updates, reasoning));
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

const r = retained(() => run(UPDATES, true));
const withReasoning = r.kept.getSnapshot();
const segment = withReasoning.reasoning?.segments[0];
const segments = withReasoning.reasoning?.ids.length ?? 0;
r.kept.reset();
// The same text as flat strings in an array: what the segments' text cannot take less than.
const flat = retained(() => {
  const list = [];
  for (let i = 0; i < STEPS; i++) {
    let text = '';
    for (let t = 0; t < REASONING_DELTAS; t++) text += thought(i, t);
    list.push(text.split('').join(''));
  }
  return list;
});
const textBytes = flat.kept.reduce((sum, text) => sum + text.length, 0);
flat.kept.length = 0;
console.log(
  `  ${UPDATES} updates and a reasoning segment per step (${(textBytes / STEPS / 1024).toFixed(1)} KB of text in ${REASONING_DELTAS} deltas): store retains ${mb(r.bytes).padStart(9)} (goal < ${LIMIT_MB} MB: ${r.bytes < LIMIT_MB * 2 ** 20 ? 'met' : 'NOT met'})`,
);
console.log(
  `  the reasoning text alone, flat strings: ${mb(flat.bytes)} · ${segments.toLocaleString('en')} segments, reasoning_0 ${segment?.status}, ${segment?.text.length} characters`,
);
await server.close();
