#!/usr/bin/env node
// `node bench/decode.mjs` (also spawned by `npm run bench`): decode + reduce against the floor, on
// every wire the kit reads, on a ladder of run sizes. The goal: within 2× the floor.
//
// The run is the same on every wire: N calls, each with 30 argument deltas, 20 progress updates
// (where the wire has progress) and a 2 KB result, as that wire writes it. Per wire and rung:
// - floor: cut the frames (eventsource-parser for SSE, lines for JSONL) and JSON.parse each one,
//   fed the same 16 KiB chunks a page reads;
// - page: `readStream` over those chunks into a `createStepStore` with a synchronous flush and one
//   listener reading the snapshot (what `useToolStream` does, minus React): one reduction per read,
//   the worst case, each copying the maps of steps and reasoning segments it changes;
// - frame: the same with the default store's bound, one flush a frame (every 16.7 ms of reading: a page
//   whose network outruns its CPU), the reads between two frames reduced together;
// - text: `stepsFromText` of the whole capture.
// - decode: `eventsFromText` alone (no reduce), to show which half costs what.
// The four are timed alternately (the machine's load drifts alike for all of them); figures are
// medians, the ratios medians of kit / floor over the same rounds; after each wire, how the time per
// call grew from its first rung to its last (1.00 is linear). The largest rungs of a wire are
// skipped, and named, when they would not fit the script's time budget (about 3 minutes). Not a test.
// `node bench/decode.mjs cogitator ai-sdk` runs some wires only; `--rungs 100,200` some rungs. The
// `+reasoning` runs are left out unless named: `npm run bench` runs them on their own rungs.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createParser } from 'eventsource-parser';
import { createServer } from 'vite';
import { wires } from './decode-wires.mjs';

const server = await createServer({
  configFile: false,
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  optimizeDeps: { noDiscovery: true, include: [] },
});
const core = {
  ...(await server.ssrLoadModule('/src/core/index.ts')),
  ...(await server.ssrLoadModule('/src/wires/index.ts')),
};

const args = process.argv.slice(2);
const rungsArg = args.indexOf('--rungs');
const RUNGS = rungsArg >= 0 ? args[rungsArg + 1].split(',').map(Number) : [100, 200, 400, 800, 1600, 3200];
const only = args.filter((a, i) => !a.startsWith('--') && (rungsArg < 0 || i !== rungsArg + 1));
const CHUNK = 16 * 1024;

// ---------------------------------------------------------------------------------------------
// Floor and kit.

function chunksOf(text) {
  const out = [];
  for (let i = 0; i < text.length; i += CHUNK) out.push(text.slice(i, i + CHUNK));
  return out;
}

function floorSse(chunks) {
  let n = 0;
  const parser = createParser({
    onEvent(event) {
      if (event.data !== '[DONE]') JSON.parse(event.data);
      n++;
    },
  });
  for (const chunk of chunks) parser.feed(chunk);
  return n;
}
function floorJsonl(chunks) {
  let n = 0;
  let rest = '';
  for (const chunk of chunks) {
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', start)) {
      const line = rest + chunk.slice(start, nl);
      rest = '';
      start = nl + 1;
      if (line !== '') {
        JSON.parse(line);
        n++;
      }
    }
    rest += chunk.slice(start);
  }
  return n;
}

/** What a page does: readStream into a store, flushed synchronously to one listener. */
async function page(chunks, protocol) {
  const store = core.createStepStore({ schedule: (flush) => flush() });
  let seen = store.getSnapshot();
  store.subscribe(() => {
    seen = store.getSnapshot();
  });
  for await (const batch of core.readStream(chunks, { protocol })) store.apply(batch);
  return seen;
}

const FRAME_MS = 1000 / 60;

/** A page with the default store's schedule: one flush a frame, a frame every `FRAME_MS` of reading. */
async function frame(chunks, protocol) {
  let due;
  const store = core.createStepStore({
    schedule: (flush) => {
      due = flush;
    },
  });
  let seen = store.getSnapshot();
  store.subscribe(() => {
    seen = store.getSnapshot();
  });
  let frameAt = performance.now();
  for await (const batch of core.readStream(chunks, { protocol })) {
    store.apply(batch);
    const now = performance.now();
    if (due && now - frameAt >= FRAME_MS) {
      frameAt = now;
      const flush = due;
      due = undefined;
      flush();
    }
  }
  due?.();
  return seen;
}

function check(state, name, n) {
  const done = state.ids.filter((id) => state.byId[id].status === 'succeeded').length;
  if (state.ids.length !== n || state.diagnostics.count !== 0)
    throw new Error(
      `${name}: ${state.ids.length} steps, ${done} succeeded, diagnostics ${JSON.stringify(state.diagnostics)}`,
    );
  if (name.includes('+reasoning') && state.reasoning?.ids.length !== n)
    throw new Error(`${name}: ${state.reasoning?.ids.length ?? 0} reasoning segments of ${n}`);
  return done;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Whether a row is past the goal: the page (either schedule) or the text path over 2× the floor. */
const over2 = (row) => row.x[0] > 2 || row.x[1] > 2 || row.x[2] > 2;

/** Rounds per rung: more for small runs (their times are short and noisy). */
const roundsFor = (n) => (n <= 200 ? 9 : n <= 400 ? 7 : n <= 800 ? 5 : 3);
/** The whole script's time budget; a wire's largest rungs are skipped (and said to be) when they would not fit. */
const BUDGET_MS = 170_000;

console.log(
  `decode bench · node ${process.version} · ${os.cpus()[0]?.model ?? 'unknown cpu'} × ${os.cpus().length} · load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} · ${CHUNK / 1024} KiB chunks · medians; floor, page, text and decode timed alternately`,
);
console.log(
  '  page = readStream of the chunks into a store (synchronous flush); frame = the same, one flush a frame (16.7 ms of reading); text = stepsFromText; decode = eventsFromText (no reduce)',
);
const head = ['floor ms', 'page ms', 'frame ms', 'text ms', 'decode ms', 'page×', 'frame×', 'text×', 'decode×'];
console.log(
  `${'wire'.padEnd(17)} ${'calls'.padStart(5)} ${'MB'.padStart(5)} ${head.map((h) => h.padStart(9)).join(' ')}`,
);
const started = performance.now();
const summary = [];
const skipped = [];
const names = Object.keys(wires).filter((name) =>
  only.length === 0 ? !name.includes('+reasoning') : only.includes(name),
);
for (const [w, name] of names.entries()) {
  const make = wires[name];
  const wireStart = performance.now();
  const wireBudget = (BUDGET_MS - (wireStart - started)) / (names.length - w);
  let lastRound = 0;
  let lastN = 0;
  for (const n of RUNGS) {
    const rounds = roundsFor(n);
    // A round at twice the calls costs about twice the last one (a little more: the page grows faster),
    // plus one more round for the correctness check that warms it up.
    const projected = lastRound * (n / lastN) * 1.3 * (rounds + 1);
    if (lastN > 0 && performance.now() - wireStart + projected > wireBudget) {
      skipped.push(`${name} ${n}`);
      continue;
    }
    const made = make(n);
    const { text, framing } = made;
    const protocol = made.protocol ?? name;
    const chunks = chunksOf(text);
    const floor = framing === 'sse' ? () => floorSse(chunks) : () => floorJsonl(chunks);
    const text_ = () => core.stepsFromText(text, { protocol });
    const decode = () => core.eventsFromText(text, { protocol });
    // Correctness first (and the warm-up): every call succeeds, nothing was dropped or repaired.
    floor();
    check(text_(), `${name} text`, n);
    check(await page(chunks, protocol), `${name} page`, n);
    check(await frame(chunks, protocol), `${name} frame`, n);
    decode();
    const ms = [[], [], [], [], []];
    const ratios = [[], [], [], []];
    for (let r = 0; r < rounds; r++) {
      // Rotate the order, so no one subject always runs after the same other.
      const one = [0, 0, 0, 0, 0];
      for (let i = 0; i < 5; i++) {
        const k = (i + r) % 5;
        const t0 = performance.now();
        if (k === 0) floor();
        else if (k === 1) await page(chunks, protocol);
        else if (k === 2) await frame(chunks, protocol);
        else if (k === 3) text_();
        else decode();
        one[k] = performance.now() - t0;
      }
      for (let k = 0; k < 5; k++) ms[k].push(one[k]);
      for (let k = 1; k < 5; k++) ratios[k - 1].push(one[k] / one[0]);
    }
    const row = { name, n, mb: text.length / 1e6, ms: ms.map(median), x: ratios.map(median) };
    lastRound = row.ms.reduce((a, b) => a + b, 0);
    lastN = n;
    summary.push(row);
    console.log(
      `${name.padEnd(17)} ${String(n).padStart(5)} ${row.mb.toFixed(1).padStart(5)} ${row.ms.map((v) => v.toFixed(1).padStart(9)).join(' ')} ${row.x.map((v) => v.toFixed(2).padStart(9)).join(' ')}${over2(row) ? '  > 2×' : ''}`,
    );
  }
  const rows = summary.filter((row) => row.name === name);
  if (rows.length > 1) {
    const [first, last] = [rows[0], rows[rows.length - 1]];
    const growth = ['floor', 'page', 'frame', 'text', 'decode'].map(
      (subject, k) => `${subject} ${(last.ms[k] / last.n / (first.ms[k] / first.n)).toFixed(2)}`,
    );
    console.log(`  ${name}: time per call at ${last.n} calls / at ${first.n}: ${growth.join(', ')}`);
  }
}
const over = summary.filter(over2);
console.log(
  `${summary.length - over.length} of ${summary.length} rows within 2× the floor (page, frame and text)${skipped.length ? ` · skipped for time: ${skipped.join(', ')}` : ''} · ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
await server.close();
