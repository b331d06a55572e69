// The huge-details benchmark's page. bench/details.mjs drives it through `window.__bench`: every run
// mounts a closed row (or a closed plain `<pre>` block), lets it settle, clicks the details trigger and
// times (1) the click to the first frame painted with the first lines of the text in it and (2) the
// longest task from the click until a second after that paint. "Painted": the DOM is checked in each
// animation frame callback from the click on; once the first lines are there, that frame's style, layout
// and paint run right after the callback, and a user-blocking task posted from it runs once they are done.
import { version as reactVersion, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { type Step, ToolStep } from 'tool-steps';
import '../../src/styles.css';

/** Which text a scenario opens. */
export type Fixture = 'log' | 'diff' | 'json';

/** One timed opening. */
export interface Opened {
  /** ms from the click to the frame painted with the first lines. */
  visible: number;
  /** The longest task (PerformanceObserver `longtask`, which reports tasks of 50 ms and more), 0 when none. */
  longTask: number;
  /** How many tasks of 50 ms or more. */
  longTasks: number;
  /** The longest gap between two turns of a MessageChannel probe (any task or rendering step between them). */
  probeGap: number;
  /** Elements in the opened block (how much was drawn). */
  elements: number;
}

/** What the page offers the driver. */
export interface BenchApi {
  reactVersion: string;
  /** Size of a fixture: characters and lines. */
  size(fixture: Fixture): { chars: number; lines: number };
  /** Opens a fixture in a kit row (`kit`) or a plain `<pre>` (`pre`) and times it. */
  open(fixture: Fixture, subject: 'kit' | 'pre'): Promise<Opened>;
  /** Development aid: mounts and settles a closed row. */
  arm(fixture: Fixture): Promise<void>;
  /** Development aid: opens the armed row; ms to the first lines painted. */
  fire(): Promise<number>;
  /** Development aid: removes the armed row. */
  disarm(): void;
}

declare global {
  interface Window {
    __bench?: BenchApi;
    scheduler?: { postTask(task: () => void, options: { priority: 'user-blocking' }): Promise<void> };
    gc?: () => void;
  }
}

const stage = document.getElementById('stage');
if (!stage) throw new Error('bench/details-page/index.html has no #stage element');

// ---- fixtures ----

const ESC = '\u001b';
const WORDS = ['compiling', 'linking', 'resolving', 'bundling', 'checking', 'emitting', 'optimizing', 'hashing'];

/** 50,000 lines of build and test output, about 115 characters each, every seventh with ANSI colours. */
function logText(): string {
  const lines: string[] = [];
  for (let i = 0; i < 50_000; i++) {
    const word = WORDS[i % WORDS.length];
    const path = `packages/pkg-${i % 97}/src/module-${i % 1013}/index.ts`;
    if (i % 7 === 0)
      lines.push(
        `${ESC}[32m✓${ESC}[0m ${ESC}[2m[${String(i).padStart(5, '0')}]${ESC}[0m ${word} ${path} ${ESC}[1;33m${(i * 37) % 997} ms${ESC}[0m`,
      );
    else if (i % 101 === 0)
      lines.push(
        `${ESC}[31m✗ warning${ESC}[0m line ${i}: ${path}:${i % 300}:${i % 80} unused variable 'value${i}' (no-unused-vars)`,
      );
    else
      lines.push(
        `line ${i + 1} [${String(i).padStart(5, '0')}] ${word} ${path} (${(i * 7919) % 100_000} bytes, cache ${i % 3 ? 'hit' : 'miss'})`,
      );
  }
  // one secret deep in the log: the kit masks it and counts it, wherever it is
  lines[40_000] = 'export OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD';
  return lines.join('\n');
}

/** A unified diff of one TypeScript file, about 10,000 lines: hunks of context, removed and added lines. */
function diffText(): string {
  const out = ['diff --git a/src/big.ts b/src/big.ts', '--- a/src/big.ts', '+++ b/src/big.ts'];
  let oldLine = 1;
  let newLine = 1;
  let n = 0;
  // whole hunks only (a hunk cut short would not parse): 624 hunks of 16 lines, 9,987 lines in all
  while (out.length + 16 <= 10_000) {
    const hunk: string[] = [];
    let o = 0;
    let a = 0;
    for (let k = 0; k < 3; k++, o++, a++)
      hunk.push(` export const value${n++} = compute(${n}, 'context'); // unchanged`);
    for (let k = 0; k < 4; k++, o++)
      hunk.push(`-export function handler${n}(input: string): number { return input.length + ${k}; }`);
    for (let k = 0; k < 5; k++, a++)
      hunk.push(`+export function handler${n}(input: string, scale = ${k}): number { return input.length * scale; }`);
    for (let k = 0; k < 3; k++, o++, a++)
      hunk.push(` /* block ${n++} */ const table${n} = [${n}, ${n + 1}, ${n + 2}];`);
    out.push(`@@ -${oldLine},${o} +${newLine},${a} @@ export namespace part${n} {`, ...hunk);
    oldLine += o + 40;
    newLine += a + 40;
  }
  return out.join('\n');
}

/** About 5 MB of minified JSON on one line. */
function jsonText(): string {
  const items = [];
  for (let i = 0; i < 40_000; i++)
    items.push({
      id: i,
      name: `item-${i}`,
      tags: ['a', 'b', `t${i % 13}`],
      score: (i * 7919) % 1000,
      ok: i % 3 === 0,
      path: `/srv/data/${i}.bin`,
    });
  return JSON.stringify({ items, total: items.length });
}

const texts = new Map<Fixture, string>();
function text(fixture: Fixture): string {
  let t = texts.get(fixture);
  if (t === undefined) {
    t = fixture === 'log' ? logText() : fixture === 'diff' ? diffText() : jsonText();
    texts.set(fixture, t);
  }
  return t;
}

let runs = 0;
/** A finished step whose details are the fixture; a new object every run, so nothing is cached between runs. */
function stepOf(fixture: Fixture): Step {
  const id = `call_${++runs}`;
  const t = text(fixture);
  const details =
    fixture === 'log'
      ? { kind: 'terminal', text: t, command: 'pnpm -r build', exitCode: 0 }
      : fixture === 'diff'
        ? { kind: 'diff', diff: t }
        : { kind: 'text', value: t };
  const toolName = fixture === 'log' ? 'run_command' : fixture === 'diff' ? 'edit_file' : 'fetch_url';
  return {
    id,
    toolName,
    status: 'succeeded',
    input: { command: 'pnpm -r build' },
    startedAt: 1_767_225_600_000,
    endedAt: 1_767_225_660_000,
    details,
  } as unknown as Step;
}

/** What the first drawn line of each fixture contains. */
const FIRST_LINE: Record<Fixture, string> = {
  log: 'compiling packages/pkg-0',
  diff: 'export const value0',
  json: '{"items":[{"id":0',
};

/** The baseline: a button that shows the same text in a plain `<pre>`. */
function PlainDetails({ text: t }: { text: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" data-slot="tool-step-details-trigger" onClick={() => setOpen((o) => !o)}>
        Details
      </button>
      {open ? <pre data-plain>{t}</pre> : null}
    </div>
  );
}

// ---- timing helpers ----

function afterPaint(): Promise<number> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const done = () => resolve(performance.now());
      if (window.scheduler) void window.scheduler.postTask(done, { priority: 'user-blocking' });
      else setTimeout(done, 0);
    });
  });
}

/** Resolves once a frame painted with `ready()` true at its animation frame callbacks. */
function paintedWhen(ready: () => boolean): Promise<number> {
  return new Promise((resolve) => {
    const check = () => {
      if (!ready()) {
        requestAnimationFrame(check);
        return;
      }
      const done = () => resolve(performance.now());
      if (window.scheduler) void window.scheduler.postTask(done, { priority: 'user-blocking' });
      else setTimeout(done, 0);
    };
    requestAnimationFrame(check);
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function settle(): Promise<void> {
  window.gc?.();
  await afterPaint();
  await afterPaint();
  await sleep(50);
}

/** Turns of a MessageChannel: the longest gap between two is the longest the page was busy. */
function probe(): { stop(): number } {
  const channel = new MessageChannel();
  let last = performance.now();
  let longest = 0;
  let running = true;
  channel.port1.onmessage = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) channel.port2.postMessage(0);
  };
  channel.port2.postMessage(0);
  return {
    stop() {
      running = false;
      channel.port1.close();
      return Math.max(longest, performance.now() - last);
    },
  };
}

// ---- the scenario ----

async function open(fixture: Fixture, subject: 'kit' | 'pre', watchMs = 1000): Promise<Opened> {
  const container = document.createElement('div');
  stage?.append(container);
  const root: Root = createRoot(container);
  flushSync(() =>
    root.render(subject === 'kit' ? <ToolStep step={stepOf(fixture)} /> : <PlainDetails text={text(fixture)} />),
  );
  try {
    await settle();
    const trigger = container.querySelector<HTMLElement>('[data-slot="tool-step-details-trigger"]');
    if (!trigger) throw new Error(`${subject}: no details trigger`);
    const tasks: PerformanceEntry[] = [];
    const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
    observer.observe({ type: 'longtask' });
    const frames: PerformanceEntry[] = [];
    const frameObserver = new PerformanceObserver((list) => frames.push(...list.getEntries()));
    frameObserver.observe({ type: 'long-animation-frame' });
    const busy = probe();
    const start = performance.now();
    trigger.click();
    const want = FIRST_LINE[fixture];
    const painted = await paintedWhen(() => {
      const block =
        subject === 'kit'
          ? container.querySelector('[data-slot="tool-step-details-content"] [data-renderer]')
          : container.querySelector('pre[data-plain]');
      return (block?.textContent ?? '').slice(0, 20_000).includes(want);
    });
    // long tasks are counted until `watchMs` after the first paint (a cold opening loads its chunks
    // from the dev server first, so its colouring can start more than a second later)
    await sleep(watchMs);
    const probeGap = busy.stop();
    for (const entry of observer.takeRecords()) tasks.push(entry);
    observer.disconnect();
    for (const entry of frameObserver.takeRecords()) frames.push(entry);
    frameObserver.disconnect();
    const ours = tasks.filter((t) => t.startTime + t.duration >= start);
    const ourFrames = frames.filter((f) => f.startTime + f.duration >= start);
    return {
      visible: painted - start,
      longTask: ours.reduce((m, t) => Math.max(m, t.duration), 0),
      longTasks: ours.length,
      longFrame: ourFrames.reduce((m, f) => Math.max(m, f.duration), 0),
      probeGap,
      elements: container.querySelectorAll('*').length,
    };
  } finally {
    root.unmount();
    container.remove();
  }
}

// Development aid (DETAILS_PROFILE=first): a row mounted and settled, then only its opening, so a CPU
// profile can cover the click to the first paint and nothing else.
let armed: { container: HTMLElement; root: Root; fixture: Fixture } | undefined;
async function arm(fixture: Fixture): Promise<void> {
  const container = document.createElement('div');
  stage?.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(<ToolStep step={stepOf(fixture)} />));
  armed = { container, root, fixture };
  await settle();
}
async function fire(): Promise<number> {
  if (!armed) throw new Error('fire() before arm()');
  const { container, fixture } = armed;
  const start = performance.now();
  container.querySelector<HTMLElement>('[data-slot="tool-step-details-trigger"]')?.click();
  const painted = await paintedWhen(() =>
    (container.querySelector('[data-slot="tool-step-details-content"] [data-renderer]')?.textContent ?? '')
      .slice(0, 20_000)
      .includes(FIRST_LINE[fixture]),
  );
  return painted - start;
}
function disarm(): void {
  armed?.root.unmount();
  armed?.container.remove();
  armed = undefined;
}

window.__bench = {
  arm,
  fire,
  disarm,
  reactVersion,
  size: (fixture) => {
    const t = text(fixture);
    return { chars: t.length, lines: t.split('\n').length };
  },
  open,
};
