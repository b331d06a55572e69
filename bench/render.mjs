#!/usr/bin/env node
// The browser rendering benchmark: `<ToolSteps store>` with thousands of steps, in Debian's Chromium,
// each scenario against a baseline measured in the same run. `npm run bench` runs it after the core
// scenarios; `node bench/render.mjs` runs it alone. Serves bench/render-page/ with Vite's dev server in
// production mode (React's production bundles, no Fast Refresh), on 127.0.0.1 and a free port; the
// browser and the server are closed on every way out.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { median, withBenchPage } from './support/bench-page.mjs';

const DEADLINE_MS = 5 * 60_000;

const UPDATES = 50;
const INITIAL_RUNS = 5;
const FLOOR_RUNS = 11; // the floor is cheap and, being short, the noisier: more runs
const BURST_RUNS = 5;
const SCROLL_RUNS = 3;
const MANY_RUNS = 3;
/** A frame later than this after the previous one is a dropped frame (16.7 ms and some slack). */
const DROPPED_MS = 16.7 * 1.5;

// `node bench/render.mjs update initial scroll burst many` runs only the scenarios named (all by default);
// `update-state` runs the update scenario against `<ToolSteps state>` instead of the naive list, and
// `scroll-busy` the scroll scenario with one core taken by a busy process
const only = new Set(process.argv.slice(2));
const runs = (name) => only.size === 0 || only.has(name);

const ms = (x) => x.toFixed(2);
const count = (n) => n.toLocaleString('en-US');

/** Prints one scenario the way bench/run.mjs does. */
function report({ name, subject, baseline, runs, baselineRuns = runs, check }) {
  console.log(`\n${name}`);
  console.log(`  ${subject.name.padEnd(48)} median ${ms(subject.median).padStart(9)} ms`);
  console.log(`  ${baseline.name.padEnd(48)} median ${ms(baseline.median).padStart(9)} ms`);
  console.log(
    `  ratio baseline / subject: ${(baseline.median / subject.median).toFixed(2)}× (${runs} / ${baselineRuns} runs)${check ? ` · ${check}` : ''}`,
  );
}

/** A process spinning on one core until stopped (and stopped when this one exits, however it exits). */
function startBusy() {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', stop);
  return {
    stop() {
      stop();
      process.off('exit', stop);
    },
  };
}

/** The lists scrolled (bench/render-page/main.tsx `ScrollList`); `BENCH_SCROLL_LISTS=kit,floor` runs fewer. */
const SCROLL_LISTS = [
  ['floor', '10,000 plain <li> with the label (the floor)'],
  ['kit', '<ToolSteps store> (windowed)'],
  ['flow-cv', '<ToolSteps virtualize={false}>, rows content-visibility: auto'],
  ['flow', '<ToolSteps virtualize={false}>'],
].filter(([list]) => !process.env.BENCH_SCROLL_LISTS || process.env.BENCH_SCROLL_LISTS.split(',').includes(list));

async function scrollScenario(call, busy) {
  const steps = 10000;
  const speed = 40; // px a frame: 2,400 px a second at 60 Hz
  const frames = 240;
  const scrolled = async (list, n) => {
    const began = performance.now();
    const result = await call('scroll', list, steps, speed, n);
    if (process.env.BENCH_VERBOSE)
      console.error(`  ${list}: ${((performance.now() - began) / 1000).toFixed(1)} s, mount ${ms(result.mounted)} ms`);
    return result;
  };
  for (const [list] of SCROLL_LISTS) await scrolled(list, 30); // warm-up
  const results = new Map(SCROLL_LISTS.map(([list]) => [list, []]));
  // the lists take turns, so a change in the machine's load falls on each of them
  for (let run = 0; run < SCROLL_RUNS; run++)
    for (const [list] of SCROLL_LISTS) results.get(list).push(await scrolled(list, frames));
  const dropped = (r) => r.gaps.filter((gap) => gap > DROPPED_MS).length;
  const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
  console.log(
    `\nScrolling ${count(steps)} finished steps at ${speed} px a frame for ${frames} frames${busy ? ', one core taken by a busy process' : ''} (${SCROLL_RUNS} runs each)`,
  );
  console.log(
    `  ${'list'.padEnd(64)} ${'late'.padStart(5)} ${'each run'.padStart(14)} ${'gap'.padStart(7)} ${'p95'.padStart(7)} ${'mount'.padStart(9)} ${'rows'.padStart(6)}`,
  );
  for (const [list, name] of SCROLL_LISTS) {
    const rs = results.get(list);
    for (const r of rs)
      if (r.travelled < speed * frames * 0.9)
        throw new Error(`${list}: the page scrolled ${r.travelled} px, not ${speed * frames}`);
    const gaps = rs.flatMap((r) => r.gaps);
    console.log(
      `  ${name.padEnd(64)} ${String(median(rs.map(dropped))).padStart(5)} ${rs.map(dropped).join(' ').padStart(14)} ${ms(median(gaps)).padStart(7)} ${ms(p95(gaps)).padStart(7)} ${ms(median(rs.map((r) => r.mounted))).padStart(9)} ${count(Math.max(...rs.map((r) => r.rows))).padStart(6)}`,
    );
  }
  console.log(
    `  (late: frames later than ${DROPPED_MS.toFixed(1)} ms after the previous one, of ${frames}, median run; gap: median and p95 frame gap, ms; mount: render → first paint, ms; rows: most in the DOM)`,
  );
}

async function main({ browser, page, call }) {
  const began = performance.now();
  const { reactBuild, reactVersion } = await page.evaluate(() => ({
    reactBuild: window.__bench.reactBuild,
    reactVersion: window.__bench.reactVersion,
  }));
  const cpus = os.cpus();
  console.log(
    `\ntool-steps render bench · Chromium ${browser.version()} · ${cpus[0]?.model ?? 'unknown cpu'} × ${cpus.length} · React ${reactVersion} ${reactBuild} · viewport 1280×800`,
  );
  if (reactBuild !== 'production')
    console.log('  (React is not in production mode here: the figures include its dev checks)');

  // 1. A stream of progress batches to one step of 2,000, from a store and from a state prop.
  if (runs('update') || runs('update-state')) {
    const steps = 2000;
    const kit = await call('updateOne', 'kit', steps, UPDATES);
    const other = runs('update-state') ? 'state' : 'naive';
    const naive = await call('updateOne', other, steps, UPDATES);
    report({
      name: `Progress streamed to 1 of ${count(steps)} steps, 3 events a frame (store.apply → painted)`,
      subject: { name: '<ToolSteps store> (a subscription per row)', median: median(kit.painted) },
      baseline: {
        name:
          other === 'state'
            ? '<ToolSteps state={useSteps(store)}> (the AI SDK path)'
            : 'naive list: useSteps(store) → ToolStep rows',
        median: median(naive.painted),
      },
      runs: kit.painted.length,
      baselineRuns: naive.painted.length,
      check: `React render + commit ${ms(median(kit.react))} vs ${ms(median(naive.react))} ms · frame start → painted ${ms(median(kit.frame))} vs ${ms(median(naive.frame))} ms · ${kit.commits} / ${naive.commits} commits (${kit.shared} / ${naive.shared} frames with a clock tick left out) · goal < 16.7 ms: ${median(kit.painted) < 16.7 ? 'met' : 'NOT met'}`,
    });
  }

  // 2. First render of a long finished run (past 200 rows the kit draws only the rows near the viewport).
  for (const steps of runs('initial') ? [2000, 5000, 10000] : []) {
    await call('initial', 'kit', steps, true); // warm-up: the lazy chunks its rows need come in
    await call('initial', 'floor', steps);
    const kit = [];
    const floor = [];
    for (let run = 0; run < Math.max(INITIAL_RUNS, FLOOR_RUNS); run++) {
      if (run < INITIAL_RUNS) kit.push(await call('initial', 'kit', steps));
      if (run < FLOOR_RUNS) floor.push(await call('initial', 'floor', steps));
    }
    const rows = kit[0].rows;
    if (floor[0].rows !== steps) throw new Error(`expected ${steps} rows in the floor, saw ${floor[0].rows}`);
    // windowed: a viewport of rows, and a list as tall as all of them (estimated past the drawn ones)
    if (rows < 10 || rows > 200 || kit[0].height < steps * 30)
      throw new Error(`expected a window of rows over the whole list's height, saw ${rows} rows, ${kit[0].height} px`);
    const kitPainted = median(kit.map((r) => r.painted));
    const floorPainted = median(floor.map((r) => r.painted));
    report({
      name: `First render of ${count(steps)} finished steps (render → painted)`,
      subject: { name: '<ToolSteps store>', median: kitPainted },
      baseline: { name: `${count(steps)} plain <li> with the label (the floor)`, median: floorPainted },
      runs: INITIAL_RUNS,
      baselineRuns: FLOOR_RUNS,
      check: `the kit takes ${(kitPainted / floorPainted).toFixed(1)}× the floor${steps === 10000 ? ` · goal < 150 ms: ${kitPainted < 150 ? 'met' : 'NOT met'}` : ''} · to the commit ${ms(median(kit.map((r) => r.committed)))} vs ${ms(median(floor.map((r) => r.committed)))} ms · ${count(rows)} of ${count(steps)} rows drawn, ${count(kit[0].elements)} vs ${count(floor[0].elements)} elements`,
    });
  }

  // 4. Scrolling 10,000 finished steps at a steady speed: frames later than 1.5 frames are dropped.
  // `scroll-busy` runs a busy loop in another process meanwhile: one of the machine's cores taken, as
  // on a laptop building or indexing.
  if (runs('scroll') || runs('scroll-busy')) {
    const busy = only.has('scroll-busy') ? startBusy() : undefined;
    try {
      await scrollScenario(call, busy !== undefined);
    } finally {
      busy?.stop();
    }
  }

  // 3. A burst of 10,000 events in 100 chunks, landing 2 ms apart (50,000 events a second).
  if (runs('burst')) {
    const calls = 2000;
    const chunks = 100;
    const interval = 2;
    await call('burst', 'frame', calls, chunks, interval); // warm-up
    await call('burst', 'sync', calls, chunks, interval);
    const frame = [];
    const sync = [];
    for (let run = 0; run < BURST_RUNS; run++) {
      frame.push(await call('burst', 'frame', calls, chunks, interval));
      sync.push(await call('burst', 'sync', calls, chunks, interval));
    }
    report({
      name: `Burst of ${count(calls * 5)} events (${count(calls)} calls × 5) in ${chunks} chunks ${interval} ms apart (first chunk → final state painted)`,
      subject: { name: '<ToolSteps store>, default store (once a frame)', median: median(frame.map((r) => r.painted)) },
      baseline: { name: 'the same, store schedule (flush) => flush()', median: median(sync.map((r) => r.painted)) },
      runs: BURST_RUNS,
      check: `React commits of the list ${median(frame.map((r) => r.commits))} vs ${median(sync.map((r) => r.commits))} · the last chunk lands at ${(chunks - 1) * interval} ms`,
    });
  }
  // 5. Many lists streaming at once, each from its own store (a chat of many messages).
  if (runs('many')) {
    const calls = 3;
    const chunks = 5;
    const interval = 16;
    for (const [lists, list] of [
      [100, 'kit'],
      [1000, 'kit'],
      [1000, 'count'],
    ]) {
      const many = (schedule) => call('many', schedule, lists, calls, chunks, interval, list);
      await many('shared'); // warm-up
      const shared = [];
      const own = [];
      // each store its own frame callback is a commit per store per frame: at 1,000 lists one run is
      // seconds long, so it runs once
      const ownRuns = lists >= 1000 && list === 'kit' ? 1 : MANY_RUNS;
      for (let run = 0; run < MANY_RUNS; run++) {
        shared.push(await many('shared'));
        if (run < ownRuns) own.push(await many('own'));
      }
      report({
        name: `${count(lists)} ${list === 'kit' ? '<ToolSteps> lists' : 'step counts (useSteps, no list)'} streaming at once, ${calls} calls × 5 events each in ${chunks} chunks ${interval} ms apart (first chunk → final state painted)`,
        subject: {
          name: 'stores on the shared frame callback (default)',
          median: median(shared.map((r) => r.painted)),
        },
        baseline: { name: 'a frame callback per store (before)', median: median(own.map((r) => r.painted)) },
        runs: MANY_RUNS,
        baselineRuns: ownRuns,
        check: `longest task ${ms(median(shared.map((r) => r.longestTask)))} vs ${ms(median(own.map((r) => r.longestTask)))} ms (each run ${shared.map((r) => Math.round(r.longestTask)).join(' ')} vs ${own.map((r) => Math.round(r.longestTask)).join(' ')}) · tasks of 50 ms or more ${median(shared.map((r) => r.tasks))} vs ${median(own.map((r) => r.tasks))} · React commits ${median(shared.map((r) => r.commits))} vs ${median(own.map((r) => r.commits))}`,
      });
    }
  }
  console.log(`\n(render bench: ${((performance.now() - began) / 1000).toFixed(0)} s in all)`);
}

await withBenchPage(
  { label: 'render bench', dir: 'render-page', deps: ['@tanstack/react-virtual'], deadlineMs: DEADLINE_MS },
  main,
);
