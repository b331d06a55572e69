#!/usr/bin/env node
// The browser rendering benchmark: `<ToolSteps store>` with thousands of steps, in Debian's Chromium,
// each scenario against a baseline measured in the same run. `npm run bench` runs it after the core
// scenarios; `node bench/render.mjs` runs it alone. Serves bench/render-page/ with Vite's dev server in
// production mode (React's production bundles, no Fast Refresh), on 127.0.0.1 and a free port; the
// browser and the server are closed on every way out.
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
// `update-state` runs the update scenario against `<ToolSteps state>` instead of the naive list
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
    await call('initial', 'kit', steps); // warm-up
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
  if (runs('scroll')) {
    const steps = 10000;
    const speed = 40; // px a frame: 2,400 px a second at 60 Hz
    const frames = 240;
    await call('scroll', 'kit', steps, speed, 30); // warm-up
    await call('scroll', 'floor', steps, speed, 30);
    const kit = [];
    const floor = [];
    for (let run = 0; run < SCROLL_RUNS; run++) {
      kit.push(await call('scroll', 'kit', steps, speed, frames));
      floor.push(await call('scroll', 'floor', steps, speed, frames));
    }
    const dropped = (r) => r.gaps.filter((gap) => gap > DROPPED_MS).length;
    const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
    const kitGaps = kit.flatMap((r) => r.gaps);
    const floorGaps = floor.flatMap((r) => r.gaps);
    for (const r of [...kit, ...floor])
      if (r.travelled < speed * frames * 0.9)
        throw new Error(`the page scrolled ${r.travelled} px, not ${speed * frames}`);
    report({
      name: `Scrolling ${count(steps)} finished steps at ${speed} px a frame for ${frames} frames (gap between animation frames)`,
      subject: { name: '<ToolSteps store> (windowed)', median: median(kitGaps) },
      baseline: { name: `${count(steps)} plain <li> with the label (the floor)`, median: median(floorGaps) },
      runs: SCROLL_RUNS,
      check: `frames later than ${DROPPED_MS.toFixed(1)} ms: ${median(kit.map(dropped))} vs ${median(floor.map(dropped))} of ${frames} (median run) · p95 gap ${ms(p95(kitGaps))} vs ${ms(p95(floorGaps))} ms · at most ${count(kit[0].rows)} rows in the DOM`,
    });
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
        check: `longest task ${ms(median(shared.map((r) => r.longestTask)))} vs ${ms(median(own.map((r) => r.longestTask)))} ms · tasks of 50 ms or more ${median(shared.map((r) => r.tasks))} vs ${median(own.map((r) => r.tasks))} · React commits ${median(shared.map((r) => r.commits))} vs ${median(own.map((r) => r.commits))}`,
      });
    }
  }
  console.log(`\n(render bench: ${((performance.now() - began) / 1000).toFixed(0)} s in all)`);
}

await withBenchPage(
  { label: 'render bench', dir: 'render-page', deps: ['@tanstack/react-virtual'], deadlineMs: DEADLINE_MS },
  main,
);
