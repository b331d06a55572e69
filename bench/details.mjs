#!/usr/bin/env node
// The huge-details benchmark: a 50,000-line log, a 10,000-line diff and 5 MB of
// one-line JSON opened in a row's details, in Debian's Chromium, each against a plain `<pre>` of the
// same text opened the same way in the same page, runs alternated (kit, pre, kit, pre, ...) so that the
// load of a shared machine drifts alike for both; medians. `npm run bench` runs it after the render
// bench; `node bench/details.mjs` runs it alone (`--runs N`, `--only log,diff`, `--built`). Serves
// bench/details-page/ with Vite's dev server in production mode on 127.0.0.1 and a free port, or with
// `--built` a production build of the page (lazy chunks bundled and fetched as an app fetches them,
// which is what a cold opening's visible time depends on); the browser and the server are closed on
// every way out.
//
// "visible": ms from the click on the details trigger to the first frame painted with the first lines
// (checked in each animation frame callback; the frame's paint follows that callback). "longest task":
// PerformanceObserver `longtask` entries (tasks of 50 ms and more) from the click to a second after that
// paint, 0 when there is none; "longest frame": PerformanceObserver `long-animation-frame` entries (frames of
// 50 ms and more: the tasks run before a frame and its rendering, which several short tasks in a row can
// make) over the same time; "probe": the longest gap between two turns of a MessageChannel probe over
// the same time (any task, or rendering step, that held the main thread). The first opening of each
// kind is reported apart (cold): it loads the renderer's chunk (and the highlighter), so its long tasks
// are counted until four seconds after the paint, to take in the colouring that starts after those load.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { median, withBenchPage } from './support/bench-page.mjs';

const DEADLINE_MS = 4 * 60_000;

const argv = process.argv.slice(2);
const flag = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const RUNS = Number(flag('--runs') ?? 7);
const ONLY = (flag('--only') ?? 'log,diff,json').split(',');
const BUILT = argv.includes('--built');
/** How long after its first paint a cold opening's long tasks are counted (warm openings: 1 s). */
const COLD_WATCH_MS = 4000;
const VISIBLE_GOAL = 100;
const TASK_GOAL = 50;

const ms = (x) => x.toFixed(1);
const count = (n) => n.toLocaleString('en-US');

async function main({ browser, page, call }) {
  const began = performance.now();
  const cpus = os.cpus();
  const reactVersion = await page.evaluate(() => window.__bench.reactVersion);
  console.log(
    `\ntool-steps details bench · Chromium ${browser.version()} · ${cpus[0]?.model ?? 'unknown cpu'} × ${cpus.length} · React ${reactVersion} · ${RUNS} runs each, alternated · ${BUILT ? 'production build (vite build + preview)' : "Vite's dev server"}`,
  );

  const names = {
    log: 'a 50,000-line log with ANSI colours (terminal)',
    diff: 'a 10,000-line unified diff (.ts, highlighted)',
    json: '5 MB of one-line minified JSON (text)',
  };
  if (process.env.DETAILS_PROFILE) {
    // a CPU profile of one warm opening per fixture, click to first paint (development aid): self time by function
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    // the click to the first paint only (the work after it, such as colouring, is left out)
    for (const fixture of ONLY) {
      await call('open', fixture, 'kit');
      await call('arm', fixture);
      await cdp.send('Profiler.start');
      const visible = await call('fire');
      const { profile } = await cdp.send('Profiler.stop');
      await call('disarm');
      console.log(`\n${fixture}: first lines painted after ${Number(visible).toFixed(1)} ms`);
      const self = new Map();
      const dt = new Map();
      for (const [i, id] of profile.samples.entries()) dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
      for (const node of profile.nodes) {
        const f = node.callFrame;
        const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
        self.set(key, (self.get(key) ?? 0) + (dt.get(node.id) ?? 0) / 1000);
      }
      console.log(`\nprofile ${fixture}:`);
      for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
        console.log(`  ${v.toFixed(1).padStart(8)} ms  ${k}`);
    }
    return;
  }
  for (const fixture of ONLY) {
    const size = await call('size', fixture);
    const coldKit = await call('open', fixture, 'kit', COLD_WATCH_MS);
    const coldPre = await call('open', fixture, 'pre', COLD_WATCH_MS);
    const kit = [];
    const pre = [];
    for (let run = 0; run < RUNS; run++) {
      kit.push(await call('open', fixture, 'kit'));
      pre.push(await call('open', fixture, 'pre'));
    }
    const visible = median(kit.map((r) => r.visible));
    const longTask = Math.max(...kit.map((r) => r.longTask));
    const met = visible < VISIBLE_GOAL && longTask <= TASK_GOAL && coldKit.longTask <= TASK_GOAL;
    console.log(
      `\nOpening ${names[fixture]}: ${count(size.lines)} lines, ${(size.chars / 2 ** 20).toFixed(1)} Mi chars (click → first lines painted)`,
    );
    console.log(`  ${'the kit (<ToolStep>, details opened)'.padEnd(48)} median ${ms(visible).padStart(9)} ms`);
    console.log(
      `  ${'a plain <pre> of the same text'.padEnd(48)} median ${ms(median(pre.map((r) => r.visible))).padStart(9)} ms`,
    );
    console.log(
      `  ratio baseline / subject: ${(median(pre.map((r) => r.visible)) / visible).toFixed(2)}× (${RUNS} / ${RUNS} runs)` +
        ` · longest task ${ms(longTask)} vs ${ms(Math.max(...pre.map((r) => r.longTask)))} ms (max over runs; 0 = none ≥ 50 ms)` +
        ` · longest frame ${ms(Math.max(...kit.map((r) => r.longFrame)))} vs ${ms(Math.max(...pre.map((r) => r.longFrame)))} ms (max over runs; 0 = none ≥ 50 ms)` +
        ` · probe gap ${ms(median(kit.map((r) => r.probeGap)))} vs ${ms(median(pre.map((r) => r.probeGap)))} ms (median)` +
        ` · cold first opening ${ms(coldKit.visible)} ms, longest task ${ms(coldKit.longTask)} ms, longest frame ${ms(coldKit.longFrame)} ms in ${COLD_WATCH_MS / 1000} s (pre ${ms(coldPre.visible)} / ${ms(coldPre.longTask)} / ${ms(coldPre.longFrame)})` +
        ` · ${count(kit[0].elements)} vs ${count(pre[0].elements)} elements` +
        ` · goal < ${VISIBLE_GOAL} ms, no task > ${TASK_GOAL} ms: ${met ? 'met' : 'NOT met'}`,
    );
  }
  console.log(`\n(details bench: ${((performance.now() - began) / 1000).toFixed(0)} s in all)`);
}

await withBenchPage(
  {
    label: 'details bench',
    dir: 'details-page',
    deps: [
      '@shikijs/engine-javascript/raw',
      '@shikijs/primitive',
      '@shikijs/langs-precompiled/typescript',
      '@shikijs/themes/github-light',
      '@shikijs/themes/github-dark',
    ],
    deadlineMs: DEADLINE_MS,
    built: BUILT,
    onConsole: (message) => process.env.DETAILS_LOG && console.log('page:', message.text()),
  },
  main,
);
