#!/usr/bin/env node
// The anchors: the kit beside the floor and the AI SDK's own client on the same bytes, in
// the same run, on two ladders of sizes: A, 100 to 3,200 tool calls (each 30 argument deltas, 20 progress
// updates, a 2 KB output); B, one call whose argument is 32 KB to 1 MB, in deltas of 100 characters.
// `npm run bench` spawns it after bench/render.mjs (with --expose-gc); `node --expose-gc bench/anchors.mjs`
// runs it alone, `--quick` on the first two rungs of each ladder only.
//
// Every path reads the same bytes (bench/anchors/wire.mjs) and what each includes is printed with the
// tables (bench/anchors/paths.mjs). At each rung the paths are timed in rounds, one run of each per round
// (so a shared machine's load drifts alike for all), medians; garbage is collected before every run when
// the process has `gc`. Every run's final state is checked (the `check` column). The AI SDK's paths grow
// faster than linearly: a rung whose predicted time (from the growth seen between the two rungs before)
// exceeds the cap is skipped and said so, as are all of them once the time budget is spent.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { paths, READ_BYTES } from './anchors/paths.mjs';
import {
  BIG_DELTA_CHARS,
  bigArgumentWire,
  callsWire,
  DELTAS_PER_CALL,
  OUTPUT_CHARS,
  PROGRESS_PER_CALL,
} from './anchors/wire.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const QUICK = process.argv.includes('--quick');
const LADDER_CALLS = QUICK ? [100, 200] : [100, 200, 400, 800, 1600, 3200];
const LADDER_KIB = QUICK ? [32, 128] : [32, 128, 256, 512, 1024];
/** An AI SDK path is skipped at a rung where one run is predicted to take longer than this. */
const CAP_MS = 10_000;
/** An AI SDK run still going after this long is stopped (`chat.stop()`, the snapshot stream cancelled). */
const STOP_MS = 20_000;
/** After this long in a ladder, the AI SDK's paths are skipped at its rungs left (the kit's paths still run). */
const BUDGET_MS = { calls: 90_000, argument: 50_000 };
/**
 * Runs per path at a rung, from its first run there: more for the short (noisier) ones; at least 3 for the
 * kit and the floor, down to 1 for an AI SDK path over 3 s.
 */
const runsFor = (ms, anchor) => (ms < 100 ? 9 : ms < 1_000 ? 5 : ms < 3_000 || !anchor ? 3 : 1);

const collect = typeof globalThis.gc === 'function' ? globalThis.gc : undefined;
const started = performance.now();

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const count = (n) => n.toLocaleString('en-US');
const ms = (x) => (x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : count(Math.round(x)));
const times = (x) => `${x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : count(Math.round(x))}×`;
const megabytes = (n) => `${(n / 1e6).toFixed(n < 1e6 ? 2 : 1)} MB`;
const version = (name) => JSON.parse(readFileSync(resolve(repo, 'node_modules', name, 'package.json'), 'utf8')).version;

const server = await createServer({
  root: repo,
  configFile: false,
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  optimizeDeps: { noDiscovery: true, include: [] },
});

/** One timed run of `path` on `wire`, garbage from the runs before collected first. */
async function once(path, wire) {
  collect?.();
  const t0 = performance.now();
  const result = await path.run(wire, t0 + STOP_MS);
  const elapsed = performance.now() - t0;
  if (result?.stopped) return { elapsed, stopped: true };
  return { elapsed, problem: path.check(result, wire.expected), note: path.notes?.(result) };
}

/** Times `active` paths at one rung in rounds; returns per path its median, runs, problem and note. */
async function measure(wire, active) {
  const out = new Map(active.map((p) => [p.key, { samples: [], runs: 1, problem: '', note: undefined }]));
  const step = async (path) => {
    const entry = out.get(path.key);
    try {
      const { elapsed, problem, note, stopped } = await once(path, wire);
      if (stopped) {
        entry.stopped = elapsed;
        entry.runs = 0;
        return;
      }
      entry.samples.push(elapsed);
      if (problem && !entry.problem) entry.problem = problem;
      entry.note = note;
    } catch (error) {
      entry.problem = `threw ${error instanceof Error ? error.message : String(error)}`;
      entry.runs = 0;
    }
  };
  for (const path of active) {
    await step(path);
    const entry = out.get(path.key);
    if (entry.runs) entry.runs = runsFor(entry.samples[0], path.anchor);
  }
  for (let more = true; more; ) {
    more = false;
    for (const path of active) {
      const entry = out.get(path.key);
      if (entry.samples.length < entry.runs) {
        await step(path);
        more = true;
      }
    }
  }
  for (const entry of out.values()) entry.median = entry.samples.length ? median(entry.samples) : undefined;
  return out;
}

/**
 * Whether an AI SDK path runs at a rung of `size`: not after a rung where it failed or was stopped, nor
 * when the ladder's time budget is spent, nor when the growth it showed between its last two rungs (linear
 * assumed from one) predicts more than the cap. Returns the reason to skip ('' to run).
 */
function skipReason(history, size, budget) {
  if (history.skipped) return history.skipped;
  if (performance.now() > budget.until) return `the ladder's time budget of ${budget.ms / 1000} s is spent`;
  const seen = history.points;
  if (seen.length === 0) return '';
  const last = seen.at(-1);
  let exponent = 1;
  let growth = ', growth assumed linear from one rung';
  if (seen.length >= 2) {
    const before = seen.at(-2);
    const timeRatio = last.ms / before.ms;
    const sizeRatio = last.size / before.size;
    exponent = Math.max(1, Math.log(timeRatio) / Math.log(sizeRatio));
    growth = `, growth ${times(timeRatio)} for ${times(sizeRatio)} the size`;
  }
  const predicted = last.ms * (size / last.size) ** exponent;
  if (predicted <= CAP_MS) return '';
  history.skipped = `~${(predicted / 1000).toFixed(0)} s predicted, over the ${CAP_MS / 1000} s cap: ${ms(last.ms)} ms at the rung before${growth}`;
  return history.skipped;
}

/** Runs one ladder and prints its table as Markdown, row by row. */
async function ladder({ title, unit, rungs, sizeOf, label, build }) {
  const all = paths(core);
  const budget = { ms: BUDGET_MS[unit], until: performance.now() + BUDGET_MS[unit] };
  const anchors = new Map(all.filter((p) => p.anchor).map((p) => [p.key, { points: [], skipped: '' }]));
  /** Per skipped path: the reason at the first rung it skipped, and the rungs. */
  const skips = new Map();
  const notes = [];
  console.log(`\n### ${title}\n`);
  console.log(
    `| ${unit} | SSE | floor (stream) | floor (text) | kit readStream + store | kit stepsFromText | AI SDK Chat | AI SDK readUIMessageStream | kit ÷ floor | stepsFromText ÷ floor (text) | Chat ÷ kit | readUIMessageStream ÷ kit | kit growth: readStream · stepsFromText (size) | runs | check |`,
  );
  console.log(`|${' --- |'.repeat(15)}`);
  let previous;
  for (const rung of rungs) {
    const wire = build(rung);
    const size = sizeOf(rung);
    const active = [];
    for (const path of all) {
      const history = anchors.get(path.key);
      const reason = history ? skipReason(history, size, budget) : '';
      if (reason) {
        const skip = skips.get(path.name) ?? skips.set(path.name, { reason, rungs: [] }).get(path.name);
        skip.rungs.push(label(rung));
      } else active.push(path);
    }
    const result = await measure(wire, active);
    const at = (key) => result.get(key)?.median;
    for (const [key, history] of anchors) {
      const entry = result.get(key);
      if (entry?.stopped) history.skipped = `stopped after ${STOP_MS / 1000} s at ${label(rung)}`;
      else if (entry?.problem) history.skipped = `it failed at ${label(rung)}`;
      else if (entry?.median !== undefined) history.points.push({ size, ms: entry.median });
    }
    const cell = (key) => {
      const entry = result.get(key);
      if (!entry) return 'skipped';
      if (entry.stopped) return `> ${ms(entry.stopped)} ms (stopped)`;
      return entry.median === undefined ? 'failed' : `${ms(entry.median)} ms`;
    };
    const ratio = (a, b) => {
      if (at(b) === undefined) return '–';
      if (at(a) !== undefined) return times(at(a) / at(b));
      const stopped = result.get(a)?.stopped;
      return stopped ? `> ${times(stopped / at(b))}` : '–';
    };
    const growth = previous
      ? `${times(at('kit') / previous.kit)} · ${times(at('kitText') / previous.kitText)} (${times(size / previous.size)})`
      : '–';
    const runs = all
      .map((p) => {
        const entry = result.get(p.key);
        return entry ? (entry.stopped ? 1 : entry.samples.length) : '–';
      })
      .join('·');
    const problems = all
      .map((p) => [p, result.get(p.key)?.problem])
      .filter(([, problem]) => problem)
      .map(([p, problem]) => `${p.name}: ${problem}`);
    console.log(
      `| ${label(rung)} | ${megabytes(wire.bytes.length)} | ${cell('floor')} | ${cell('floorText')} | ${cell('kit')} | ${cell('kitText')} | ${cell('chat')} | ${cell('rums')} | ${ratio('kit', 'floor')} | ${ratio('kitText', 'floorText')} | ${ratio('chat', 'kit')} | ${ratio('rums', 'kit')} | ${growth} | ${runs} | ${problems.length ? `FAILED ${problems.join('; ')}` : `ok, ${count(wire.expected.calls)} × succeeded`} |`,
    );
    if (problems.length) process.exitCode = 1;
    notes.push(
      `${label(rung)}: ${all
        .filter((p) => p.notes && result.get(p.key)?.note)
        .map((p) => `${p.name}: ${result.get(p.key).note}`)
        .join(', ')}`,
    );
    previous = { kit: at('kit'), kitText: at('kitText'), size };
  }
  console.log('');
  for (const [name, { reason, rungs }] of skips) {
    console.log(`- ${name} skipped at ${rungs.join(', ')} (${unit}): ${reason}`);
  }
  for (const path of all.filter((p) => p.anchor)) {
    const points = anchors.get(path.key).points;
    const steps = points.slice(1).map((point, i) => {
      const before = points[i];
      return `${times(point.ms / before.ms)} for ${times(point.size / before.size)} the size`;
    });
    if (steps.length) console.log(`- ${path.name} growth rung to rung: ${steps.join(', ')}`);
  }
  console.log(`- notifications per run: ${notes.join('; ')}`);
}

const core = {
  ...(await server.ssrLoadModule('/src/core/index.ts')),
  ...(await server.ssrLoadModule('/src/wires/index.ts')),
};
try {
  console.log(
    `tool-steps anchors bench · node ${process.version} · ${os.cpus()[0]?.model ?? 'unknown cpu'} × ${os.cpus().length} · load ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} · ai ${version('ai')} · @ai-sdk/react ${version('@ai-sdk/react')}${QUICK ? ' · --quick' : ''}`,
  );
  console.log(
    `Medians, in ms; each path in rounds with the others at every rung (runs, from the first run at the rung: 9 under 100 ms, 5 under 1 s, else 3, and 1 for an AI SDK path over 3 s; the runs column lists them in the order of the columns); ${collect ? 'garbage collected before every run' : 'no --expose-gc: garbage from one run may be collected in the next'}. An AI SDK path is skipped where one run is predicted over ${CAP_MS / 1000} s (from its growth between its last two rungs, linear assumed from one), and a run over ${STOP_MS / 1000} s is stopped (shown as > that). Reads of ${READ_BYTES / 1024} KiB. Each path:`,
  );
  for (const path of paths(core)) console.log(`- ${path.name}: ${path.includes}`);

  // Warm-up (not timed): every path once on a small stream of each kind, checked, so the first rung is warm.
  for (const wire of [callsWire(20), bigArgumentWire(8 * 1024)]) {
    for (const path of paths(core)) {
      const { problem } = await once(path, wire);
      if (problem) throw new Error(`warm-up: ${path.name}: ${problem}`);
    }
  }

  await ladder({
    title: `Ladder A: tool calls, each ${DELTAS_PER_CALL} argument deltas + ${PROGRESS_PER_CALL} progress updates (preliminary outputs) + a ${OUTPUT_CHARS / 1024} KB output`,
    unit: 'calls',
    rungs: LADDER_CALLS,
    sizeOf: (calls) => calls,
    label: (calls) => count(calls),
    build: callsWire,
  });
  await ladder({
    title: `Ladder B: one call whose argument is streamed in deltas of ${BIG_DELTA_CHARS} characters`,
    unit: 'argument',
    rungs: LADDER_KIB,
    sizeOf: (kib) => kib,
    label: (kib) => (kib >= 1024 ? `${kib / 1024} MB` : `${kib} KB`),
    build: (kib) => bigArgumentWire(kib * 1024),
  });
  console.log(`\nanchors bench: ${((performance.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await server.close();
}
