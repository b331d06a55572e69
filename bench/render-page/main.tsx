// The render benchmark's page. bench/render.mjs drives it through `window.__bench`: every run mounts
// a fresh React root, times itself with performance.now(), and unmounts. A commit is seen through
// the DevTools hook that index.html installs; "painted" is a task posted from the first animation
// frame after the work, which runs once that frame's style, layout and paint are done.
import { type ReactNode, version as reactVersion } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { createStepStore, type StepStore, type StepsState, ToolStep, ToolSteps, useSteps } from 'tool-steps';
import { emptyStepsState, reduceSteps, type StepEvent } from 'tool-steps/core';
import { presentStep } from 'tool-steps/presentation';
import '../../src/styles.css';

/** What the page offers the driver. */
export interface BenchApi {
  /** `production` when React DOM reported a production bundle to the DevTools hook. */
  reactBuild: string;
  /** React's version string. */
  reactVersion: string;
  /** Scenario 1: `updates` progress batches to one step of a `steps`-long list; per update, in ms. */
  updateOne(
    list: 'kit' | 'state' | 'naive',
    steps: number,
    updates: number,
  ): Promise<{ painted: number[]; react: number[]; frame: number[]; commits: number; shared: number }>;
  /**
   * Scenario 2: the first render of `steps` finished steps; ms from render to commit and to paint, the
   * rows in the DOM then, and the list's height (the whole list's, even when windowed).
   */
  initial(
    list: 'kit' | 'floor',
    steps: number,
    /** The first run on the page: waits for the lazy chunks its rows fetch (the open details body). */
    warmUp?: boolean,
  ): Promise<{ committed: number; painted: number; rows: number; elements: number; height: number }>;
  /**
   * Scenario 4: `steps` finished steps scrolled by the page at `speed` px a frame for `frames` frames;
   * the gaps between animation frames, in ms, the most rows in the DOM at once, and ms from render to
   * the first paint of the list.
   */
  scroll(
    list: ScrollList,
    steps: number,
    speed: number,
    frames: number,
  ): Promise<{ gaps: number[]; rows: number; travelled: number; mounted: number }>;
  /**
   * Scenario 3: `calls` × 5 events in `chunks` chunks landing `interval` ms apart; ms from the first
   * chunk until the last state is painted, and the list's commits.
   */
  burst(
    store: 'frame' | 'sync',
    calls: number,
    chunks: number,
    interval: number,
  ): Promise<{ painted: number; commits: number; rows: number }>;
  /**
   * Scenario 5: `lists` lists in one root, each streaming `calls` × 5 events from its own store in
   * `chunks` chunks `interval` ms apart (one chunk to every store each time); ms from the first chunk
   * until the last state is painted, the longest task meanwhile (long-task entries, 50 ms and more;
   * 0 when none), and the root's commits. `own` gives each store an animation frame callback of its
   * own (the default schedule before the stores shared one). `count` draws each store as its number of
   * steps instead of a `<ToolSteps>` list: the schedule's own part, without the lists' rendering.
   */
  many(
    schedule: 'shared' | 'own',
    lists: number,
    calls: number,
    chunks: number,
    interval: number,
    list?: 'kit' | 'count',
  ): Promise<{ painted: number; longestTask: number; tasks: number; commits: number }>;
}

/**
 * The lists scenario 4 scrolls: the kit windowed (`kit`), the kit drawing every row in flow (`flow`) and
 * the same with `content-visibility: auto` on each top-level row (`flow-cv`), and the floor.
 */
export type ScrollList = 'kit' | 'flow' | 'flow-cv' | 'floor';

declare global {
  interface Window {
    __bench?: BenchApi;
    __benchReactBuild?: string;
    __benchOnCommit?: (root: { containerInfo?: unknown }) => void;
    /** The Prioritized Task Scheduling API (Chromium). */
    scheduler?: { postTask(task: () => void, options: { priority: 'user-blocking' }): Promise<void> };
    /** Present when Chromium runs with --js-flags=--expose-gc. */
    gc?: () => void;
  }
}

const stage = document.getElementById('stage');
if (!stage) throw new Error('bench/render-page/index.html has no #stage element');

// ---- timing helpers ----

/**
 * Resolves in the first animation frame from now, once that frame is painted: the frame's style,
 * layout and paint run in the same task as its rAF callbacks, so the next task starts after them. A
 * user-blocking task goes before the tasks React queued at commit (passive effects), which come
 * after the paint and are not part of it.
 */
function afterPaint(): Promise<{ frameStart: number; painted: number }> {
  return new Promise((resolve) => {
    requestAnimationFrame((frameStart) => {
      const done = () => resolve({ frameStart, painted: performance.now() });
      if (window.scheduler) void window.scheduler.postTask(done, { priority: 'user-blocking' });
      else setTimeout(done, 0);
    });
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A quiet start for a run: garbage from the previous one collected, two frames painted. */
async function settle(): Promise<void> {
  window.gc?.();
  await afterPaint();
  await afterPaint();
}

let watched: Element | null = null;
let commits: number[] = [];
window.__benchOnCommit = (root) => {
  if (watched && root.containerInfo === watched) commits.push(performance.now());
};

interface Mounted {
  root: Root;
  container: HTMLElement;
}

/** Renders `node` into a fresh root, synchronously (render and commit happen inside this call). */
function mount(node: ReactNode, className?: string): Mounted {
  const container = document.createElement('div');
  if (className) container.className = className;
  stage?.append(container);
  watched = container;
  commits = [];
  const root = createRoot(container);
  flushSync(() => root.render(node));
  return { root, container };
}

function unmount({ root, container }: Mounted): void {
  watched = null;
  root.unmount();
  container.remove();
}

// ---- fixtures ----

const TOOLS = ['read_file', 'run_command', 'grep', 'edit_file', 'list_files', 'fetch_url'] as const;
const T0 = 1_767_225_600_000;

/** One finished call: started, arguments, and an ending that depends on `i` (mostly success). */
function finishedCall(i: number): StepEvent[] {
  const id = `call_${i}`;
  const at = T0 + i * 1000;
  const end = at + 40 + ((i * 37) % 4000);
  const input = { path: `src/module-${i}/index.ts`, command: `pnpm test --filter pkg-${i}`, pattern: `TODO(${i})` };
  const events: StepEvent[] = [
    { type: 'step-start', id, toolName: TOOLS[i % TOOLS.length], at },
    { type: 'step-input', id, input, at },
  ];
  switch (i % 20) {
    case 3: // failed: its details start open
      events.push({
        type: 'step-error',
        id,
        message: `Command failed with exit code 1 (call ${i})`,
        code: 'EXIT_1',
        details: `FAIL src/module-${i}/index.test.ts\n  expected 2, received 3\n`,
        at: end,
      });
      break;
    case 7: // denied by a person
      events.push(
        { type: 'step-approval', id, description: `Write to src/module-${i}`, sideEffects: ['writes files'], at },
        { type: 'step-decision', id, approved: false, reason: 'not now', at: end },
      );
      break;
    case 11:
      events.push({ type: 'step-cancelled', id, at: end });
      break;
    case 5:
    case 15: // succeeded with application-side details (closed)
      events.push({
        type: 'step-result',
        id,
        result: `updated src/module-${i}/index.ts`,
        details: { oldText: `export const n = ${i};\n`, newText: `export const n = ${i + 1};\n` },
        at: end,
      });
      break;
    default:
      events.push({ type: 'step-result', id, result: `src/module-${i}/index.ts:${i}: match`, at: end });
  }
  return events;
}

const finishedStates = new Map<number, StepsState>();
/** `steps` finished calls (5% failed, 5% denied, 5% cancelled, the rest succeeded, 10% with details). */
function finishedState(steps: number): StepsState {
  let state = finishedStates.get(steps);
  if (!state) {
    const events: StepEvent[] = [{ type: 'run-start', at: T0 }];
    for (let i = 0; i < steps; i++) events.push(...finishedCall(i));
    events.push({ type: 'run-finish', status: 'done', at: T0 + steps * 1000 + 5000 });
    state = reduceSteps(emptyStepsState, events);
    finishedStates.set(steps, state);
  }
  return state;
}

/** The five events of one streamed call, as scenario 3 sends them. */
function streamedCall(i: number): StepEvent[] {
  const id = `call_${i}`;
  return [
    { type: 'step-start', id, toolName: TOOLS[i % TOOLS.length] },
    { type: 'step-input-delta', id, delta: JSON.stringify({ path: `src/module-${i}/index.ts` }) },
    { type: 'step-input', id },
    { type: 'step-progress', id, content: `reading src/module-${i}/index.ts` },
    { type: 'step-result', id, result: `src/module-${i}/index.ts: 120 lines` },
  ];
}

// ---- the lists under test ----

/**
 * The naive list: subscribes to the whole state and maps it to `ToolStep` rows, with no per-row
 * subscription and no memo, so every update re-renders every row. Only the subscription strategy
 * differs from `<ToolSteps store>`.
 */
function NaiveList({ store }: { store: StepStore }) {
  const state = useSteps(store);
  return (
    <ol data-slot="tool-steps" aria-label="Tool calls">
      {state.ids.map((id) => (
        <ToolStep key={id} step={state.byId[id]} />
      ))}
    </ol>
  );
}

/**
 * The AI SDK path: the host holds the state (as `useUIMessageSteps(messages)` does) and hands
 * `<ToolSteps state>` a new snapshot on each update.
 */
function StateHost({ store }: { store: StepStore }) {
  return <ToolSteps state={useSteps(store)} />;
}

/** The floor: one plain `<li>` with the label text per step. */
function FloorList({ ids, labels }: { ids: readonly string[]; labels: readonly string[] }) {
  return (
    <ol>
      {ids.map((id, i) => (
        <li key={id}>{labels[i]}</li>
      ))}
    </ol>
  );
}

// ---- scenarios ----

async function updateOne(list: 'kit' | 'state' | 'naive', steps: number, updates: number) {
  // the newest step is the one still running, scrolled into view as a chat would keep it
  const target = `call_${steps - 1}`;
  const base = finishedState(steps);
  const store = createStepStore({ initialState: running(base, target) });
  const mounted = mount(
    list === 'kit' ? (
      <ToolSteps store={store} />
    ) : list === 'state' ? (
      <StateHost store={store} />
    ) : (
      <NaiveList store={store} />
    ),
  );
  // the state path may commit twice for one update (the host's render, then the rows that read the
  // snapshot it handed down), both before the paint
  const own = list === 'state' ? 2 : 1;
  const painted: number[] = [];
  const react: number[] = [];
  const frame: number[] = [];
  let commitCount = 0;
  let shared = 0;
  const warmup = 5;
  let line = 0;
  try {
    await bringIn(mounted.container, target);
    await sleep(400); // past the virtualizer's end of scrolling (150 ms), which re-renders the window once
    await settle();
    for (let u = 0; u < warmup + updates; u++) {
      // the batch lands at a spread of points in the frame, the same spread for every list
      await sleep((u * 7) % 16);
      const batch: StepEvent[] = [];
      for (let e = 0; e < 3; e++) {
        line++;
        batch.push({ type: 'step-progress', id: target, content: `building chunk ${line} of 9000` });
      }
      commits = [];
      const start = performance.now();
      store.apply(batch);
      const done = await afterPaint();
      if (commits.length === 0) throw new Error(`update ${u}: no commit before the paint`);
      // the one-second clock of the running row and the summary commits on its own: a frame it lands
      // in is not this update's alone, so it is left out (and counted)
      if (commits.length > own) {
        shared++;
        if (shared > updates / 4) throw new Error(`${shared} updates took more than one commit before the paint`);
        continue;
      }
      if (u < warmup) continue;
      commitCount += commits.length;
      painted.push(done.painted - start);
      react.push((commits[commits.length - 1] as number) - Math.max(start, done.frameStart));
      frame.push(done.painted - done.frameStart);
    }
    const shown = mounted.container.querySelector(`[data-step-id="${target}"]`)?.textContent ?? '';
    if (!shown.includes(`building chunk ${line} of 9000`))
      throw new Error(`the last update is not on screen: ${shown}`);
    return { painted, react, frame, commits: commitCount, shared };
  } finally {
    unmount(mounted);
  }
}

/**
 * Scrolls the page until the row of `target` is drawn (a windowed list draws it only near the viewport;
 * the window's end moves while rows are measured), then holds it at the viewport's bottom.
 */
async function bringIn(container: HTMLElement, target: string): Promise<void> {
  const selector = `[data-step-id="${target}"]`;
  for (let i = 0; i < 60 && !container.querySelector(selector); i++) {
    window.scrollTo(0, document.documentElement.scrollHeight);
    await afterPaint();
  }
  const row = container.querySelector(selector);
  if (!row) throw new Error(`the row of ${target} never came into the DOM`);
  row.scrollIntoView({ block: 'end' });
  await afterPaint();
}

/** `base` with `target` turned back into a running step (arguments known, no ending yet). */
function running(base: StepsState, target: string): StepsState {
  const step = base.byId[target];
  const { endedAt: _endedAt, result: _result, details: _details, error: _error, approval: _approval, ...rest } = step;
  return { ...base, run: { status: 'streaming' }, byId: { ...base.byId, [target]: { ...rest, status: 'running' } } };
}

async function initial(list: 'kit' | 'floor', steps: number, warmUp = false) {
  const state = finishedState(steps);
  let node: ReactNode;
  if (list === 'kit') {
    node = <ToolSteps store={createStepStore({ initialState: state })} />;
  } else {
    const labels = state.ids.map((id) => presentStep(state.byId[id]).label);
    node = <FloorList ids={state.ids} labels={labels} />;
  }
  await settle();
  const start = performance.now();
  const mounted = mount(node);
  const committed = performance.now() - start;
  const done = await afterPaint();
  // the kit's list sits inside its root part; the floor's is the container's child
  const ol = mounted.container.querySelector('ol') as HTMLElement;
  const rows = ol.querySelectorAll(':scope > li:not([data-slot="tool-steps-sizer"])').length;
  const elements = mounted.container.querySelectorAll('*').length;
  const height = ol.getBoundingClientRect().height;
  const loading = () => mounted.container.querySelectorAll('[data-slot="tool-step-details-loading"]').length;
  // A failed row starts open, and the open details body is a lazy chunk fetched as that row mounts: on
  // the page's first render (the warm-up) it shows "Loading" until the chunk is in, so the warm-up waits
  // for it; a measured run must find it in, or it would time a placeholder.
  const late = loading();
  for (let frame = 0; warmUp && loading() > 0 && frame < 600; frame++) await afterPaint();
  const left = loading();
  unmount(mounted);
  if (warmUp ? left > 0 : late > 0)
    throw new Error(
      `${warmUp ? left : late} details renderers were still loading ${warmUp ? 'after the warm-up' : 'at the first paint'}`,
    );
  return { committed, painted: done.painted - start, rows, elements, height };
}

// the browser skips the rendering of a row off screen, and holds the height it last had (44 px until drawn)
const skipped = document.createElement('style');
skipped.textContent =
  '.bench-cv ol[data-slot="tool-steps"] > li { content-visibility: auto; contain-intrinsic-size: auto 44px; }';
document.head.append(skipped);

async function scroll(list: ScrollList, steps: number, speed: number, frames: number) {
  const state = finishedState(steps);
  let node: ReactNode;
  if (list === 'floor') {
    const labels = state.ids.map((id) => presentStep(state.byId[id]).label);
    node = <FloorList ids={state.ids} labels={labels} />;
  } else {
    const store = createStepStore({ initialState: state });
    node = list === 'kit' ? <ToolSteps store={store} /> : <ToolSteps store={store} virtualize={false} />;
  }
  window.scrollTo(0, 0);
  await settle();
  const start = performance.now();
  const mounted = mount(node, list === 'flow-cv' ? 'bench-cv' : undefined);
  try {
    const { painted } = await afterPaint();
    await settle();
    await settle();
    const from = window.scrollY;
    // the kit's list sits inside its root part; the floor's is the container's child
    const ol = mounted.container.querySelector('ol');
    const gaps: number[] = [];
    let rows = 0;
    await new Promise<void>((resolve) => {
      let last: number | undefined;
      let left = frames;
      const tick = (now: number) => {
        if (last !== undefined) gaps.push(now - last);
        last = now;
        // the list's children (less the windowed list's sizer), counted without a selector query per frame
        rows = Math.max(
          rows,
          ol ? ol.childElementCount - (ol.lastElementChild?.hasAttribute('aria-hidden') ? 1 : 0) : 0,
        );
        if (left-- <= 0) return resolve();
        window.scrollBy(0, speed);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const travelled = window.scrollY - from;
    return { gaps, rows, travelled, mounted: painted - start };
  } finally {
    unmount(mounted);
    window.scrollTo(0, 0);
  }
}

/**
 * The chunks as a response body hands them over: chunk k lands `interval × k` ms after `start`, and
 * the chunks that landed while the page was busy are read in one go, as a network buffer would give them.
 */
function arriving<T>(parts: readonly T[], interval: number, start: number): ReadableStream<T> {
  let next = 0;
  return new ReadableStream<T>({
    start(controller) {
      const land = () => {
        const now = performance.now();
        while (next < parts.length && start + next * interval <= now) controller.enqueue(parts[next++]);
        if (next < parts.length) setTimeout(land, start + next * interval - now);
        else controller.close();
      };
      land();
    },
  });
}

async function burst(kind: 'frame' | 'sync', calls: number, chunks: number, interval: number) {
  const events: StepEvent[] = [];
  for (let i = 0; i < calls; i++) events.push(...streamedCall(i));
  const size = Math.ceil(events.length / chunks);
  const parts: StepEvent[][] = [];
  for (let i = 0; i < events.length; i += size) parts.push(events.slice(i, i + size));
  const store = createStepStore(kind === 'sync' ? { schedule: (flush) => flush() } : {});
  // no flicker guard: a row that ended within 400 ms of showing running is drawn running until then, and
  // the windowed list gets through the burst sooner than that
  const mounted = mount(<ToolSteps store={store} minRunningMs={0} />);
  try {
    await settle();
    commits = [];
    const start = performance.now();
    const reader = arriving(parts, interval, start).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      store.apply(value);
    }
    const done = await afterPaint();
    // the list is windowed (past 200 rows): every drawn row shows the final state, and the store has it all
    const drawn = mounted.container.querySelectorAll(':scope > ol > li[data-slot="tool-step"]').length;
    const shown = mounted.container.querySelectorAll(':scope > ol > li[data-status="succeeded"]').length;
    const { ids, byId } = store.getSnapshot();
    const rows = ids.filter((id) => byId[id]?.status === 'succeeded').length;
    if (drawn === 0 || shown !== drawn || rows !== calls)
      throw new Error(
        `the final state is not on screen: ${shown} of ${drawn} drawn rows, ${rows} of ${calls} steps succeeded`,
      );
    return { painted: done.painted - start, commits: commits.length, rows };
  } finally {
    unmount(mounted);
  }
}

/** The schedule each store had by default before the stores shared one: an animation frame callback per store. */
const ownFrame = (flush: () => void) => void requestAnimationFrame(() => flush());

function StepCount({ store }: { store: StepStore }) {
  const { ids, byId } = useSteps(store);
  return <p>{ids.filter((id) => byId[id]?.status === 'succeeded').length}</p>;
}

async function many(
  schedule: 'shared' | 'own',
  lists: number,
  calls: number,
  chunks: number,
  interval: number,
  list: 'kit' | 'count' = 'kit',
) {
  const events: StepEvent[] = [];
  for (let i = 0; i < calls; i++) events.push(...streamedCall(i));
  const size = Math.ceil(events.length / chunks);
  const parts: StepEvent[][] = [];
  for (let i = 0; i < events.length; i += size) parts.push(events.slice(i, i + size));
  const stores = Array.from({ length: lists }, () => createStepStore(schedule === 'own' ? { schedule: ownFrame } : {}));
  const mounted = mount(
    <div>
      {stores.map((store, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of stores
        list === 'kit' ? <ToolSteps key={i} store={store} minRunningMs={0} /> : <StepCount key={i} store={store} />,
      )}
    </div>,
  );
  const tasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  });
  try {
    await settle();
    commits = [];
    observer.observe({ type: 'longtask' });
    const start = performance.now();
    const reader = arriving(parts, interval, start).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // every stream's chunk lands at once: the batches of one network read each (copies: a store
      // recognises the very same event objects applied again)
      for (const store of stores) store.apply(value.map((event) => ({ ...event })));
    }
    const drawn = () =>
      list === 'kit'
        ? mounted.container.querySelectorAll('li[data-status="succeeded"]').length
        : [...mounted.container.querySelectorAll('p')].reduce((sum, p) => sum + Number(p.textContent), 0);
    // the shared frame queue may spread the last chunk's lists over several frames: the run ends on
    // the frame that paints the final state of every list
    let done = await afterPaint();
    for (let frame = 0; drawn() !== lists * calls && frame < 3000; frame++) done = await afterPaint();
    await sleep(0);
    for (const entry of observer.takeRecords()) tasks.push(entry.duration);
    const shown = drawn();
    if (shown !== lists * calls) throw new Error(`${shown} of ${lists * calls} steps drawn as succeeded`);
    return {
      painted: done.painted - start,
      longestTask: Math.max(0, ...tasks),
      tasks: tasks.length,
      commits: commits.length,
    };
  } finally {
    observer.disconnect();
    unmount(mounted);
  }
}

window.__bench = {
  reactBuild: window.__benchReactBuild ?? 'unknown',
  reactVersion,
  updateOne,
  initial,
  burst,
  scroll,
  many,
};
