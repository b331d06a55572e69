#!/usr/bin/env node
// `node bench/decode.mjs` (also spawned by `npm run bench`): decode + reduce against the floor, on
// every wire the kit reads, on a ladder of run sizes. Issue 9, item 3: within 2× the floor.
//
// The run is the same on every wire: N calls, each with 30 argument deltas, 20 progress updates
// (where the wire has progress) and a 2 KB result, as that wire writes it. Per wire and rung:
// - floor: cut the frames (eventsource-parser for SSE, lines for JSONL) and JSON.parse each one,
//   fed the same 16 KiB chunks a page reads;
// - page: `readStream` over those chunks into a `createStepStore` with a synchronous flush and one
//   listener reading the snapshot (what `useToolStream` does, minus React);
// - text: `stepsFromText` of the whole capture.
// The three are timed alternately (the machine's load drifts alike for all of them); figures are
// medians, the ratios medians of kit / floor over the same rounds. Not a test.
// `node bench/decode.mjs cogitator ai-sdk` runs some wires only; `--rungs 100,200` some rungs.
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
const core = await server.ssrLoadModule('/src/core/index.ts');

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

function check(state, name, n) {
  const done = state.ids.filter((id) => state.byId[id].status === 'succeeded').length;
  if (state.ids.length !== n || state.diagnostics.count !== 0)
    throw new Error(
      `${name}: ${state.ids.length} steps, ${done} succeeded, diagnostics ${JSON.stringify(state.diagnostics)}`,
    );
  return done;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Rounds per rung: more for small runs (their times are short and noisy). */
const roundsFor = (n) => (n <= 200 ? 15 : n <= 800 ? 9 : 5);

console.log(
  `decode bench · node ${process.version} · ${os.cpus()[0]?.model ?? 'unknown cpu'} × ${os.cpus().length} · load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} · ${CHUNK / 1024} KiB chunks · medians, floor / page / text timed alternately`,
);
console.log(
  `${'wire'.padEnd(17)} ${'calls'.padStart(5)} ${'MB'.padStart(6)} ${'floor ms'.padStart(9)} ${'page ms'.padStart(9)} ${'text ms'.padStart(9)} ${'page×'.padStart(6)} ${'text×'.padStart(6)}`,
);
const started = performance.now();
const summary = [];
for (const [name, make] of Object.entries(wires)) {
  if (only.length > 0 && !only.includes(name)) continue;
  for (const n of RUNGS) {
    const { text, framing } = make(n);
    const chunks = chunksOf(text);
    const floor = framing === 'sse' ? () => floorSse(chunks) : () => floorJsonl(chunks);
    const text_ = () => core.stepsFromText(text, { protocol: name });
    // Correctness first: every call succeeds, nothing was dropped or repaired.
    const expected = name === 'openai-responses' || name === 'openai-agents' || name === 'anthropic' ? n : n;
    check(text_(), `${name} text`, expected);
    check(await page(chunks, name), `${name} page`, expected);
    const rounds = roundsFor(n);
    const f = [];
    const p = [];
    const t = [];
    const pr = [];
    const tr = [];
    for (let r = -1; r < rounds; r++) {
      // Rotate the order, so no one of the three always runs after the same other.
      const order = [0, 1, 2].map((k) => (k + r + 3) % 3);
      const ms = [0, 0, 0];
      for (const k of order) {
        const t0 = performance.now();
        if (k === 0) floor();
        else if (k === 1) await page(chunks, name);
        else text_();
        ms[k] = performance.now() - t0;
      }
      if (r < 0) continue; // warm-up
      f.push(ms[0]);
      p.push(ms[1]);
      t.push(ms[2]);
      pr.push(ms[1] / ms[0]);
      tr.push(ms[2] / ms[0]);
    }
    const row = {
      name,
      n,
      mb: text.length / 1e6,
      floor: median(f),
      page: median(p),
      text: median(t),
      pageX: median(pr),
      textX: median(tr),
    };
    summary.push(row);
    console.log(
      `${name.padEnd(17)} ${String(n).padStart(5)} ${row.mb.toFixed(1).padStart(6)} ${row.floor.toFixed(1).padStart(9)} ${row.page.toFixed(1).padStart(9)} ${row.text.toFixed(1).padStart(9)} ${row.pageX.toFixed(2).padStart(6)} ${row.textX.toFixed(2).padStart(6)}${row.pageX > 2 || row.textX > 2 ? '  > 2×' : ''}`,
    );
  }
}
const worst = summary.reduce((w, r) => (Math.max(r.pageX, r.textX) > Math.max(w.pageX, w.textX) ? r : w), summary[0]);
if (worst)
  console.log(
    `worst: ${worst.name} at ${worst.n} calls, ${Math.max(worst.pageX, worst.textX).toFixed(2)}× the floor · ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
await server.close();
