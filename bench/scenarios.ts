// Bench scenarios: each times the kit's way against a baseline doing the same work the plain way.
import {
  createStepStore,
  emptyStepsState,
  readStream,
  reduceSteps,
  type StepEvent,
  type StepsState,
} from '../src/core';
import { type Check, check } from '../src/core/check';
import { checkStepEvent, fastStepEventChecks } from '../src/core/event-check';
import { isWellFormedStepEvent } from '../src/core/repair';
import { StepTreeCache } from '../src/internal/step-tree';
import { eventsFromText, stepsFromText } from '../src/wires';
import {
  checkStepEventBefore,
  fastStepEventChecksBefore,
  isWellFormedStepEventBefore,
} from './support/boundary-before';

interface Scenario {
  name: string;
  runs?: number;
  /** Fewer runs for a slow baseline. */
  baselineRuns?: number;
  subject: { name: string; run: () => void | Promise<void> };
  baseline: { name: string; run: () => void | Promise<void> };
  /** A line after the figures; told the medians (ms) of this scenario. */
  check?: (medians: { subject: number; baseline: number }) => string;
}

/** A long agent run: `steps` calls, each streamed in deltas, with progress and a result. */
function agentRun(steps: number): StepEvent[] {
  const events: StepEvent[] = [{ type: 'run-start' }];
  for (let i = 0; i < steps; i++) {
    const id = `call_${i}`;
    events.push({ type: 'step-start', id, toolName: i % 2 ? 'read_file' : 'run_command' });
    const args = JSON.stringify({ path: `src/module-${i}/index.ts`, command: `pnpm test --filter ${i}` });
    for (let c = 0; c < args.length; c += 8) events.push({ type: 'step-input-delta', id, delta: args.slice(c, c + 8) });
    events.push({ type: 'step-input', id });
    for (let p = 0; p < 5; p++) events.push({ type: 'step-progress', id, content: `line ${p}` });
    events.push({ type: 'step-result', id, result: { ok: true, i } });
  }
  events.push({ type: 'run-finish', status: 'done' });
  return events;
}

/** Cuts events into the batches a store would see: one per animation frame. */
function frames(events: StepEvent[], perFrame: number): StepEvent[][] {
  const out: StepEvent[][] = [];
  for (let i = 0; i < events.length; i += perFrame) out.push(events.slice(i, i + perFrame));
  return out;
}

const run2000 = agentRun(2000);
const batches = frames(run2000, 200);
let last: StepsState = emptyStepsState;

/** A 1 MB argument (a file's content) streamed in 4,000 deltas, all within one frame's batch. */
const bigArgument = JSON.stringify({ path: 'big.txt', content: 'x'.repeat(1_000_000) });
const bigEvents: StepEvent[] = [{ type: 'step-start', id: 'w', toolName: 'write_file' }];
for (let c = 0; c < bigArgument.length; c += 250)
  bigEvents.push({ type: 'step-input-delta', id: 'w', delta: bigArgument.slice(c, c + 250) });
const bigFrames = frames(bigEvents, 100);

/** A 5,000-call Cogitator capture as SSE text. */
function cogitatorCapture(calls: number): string {
  const lines: string[] = [JSON.stringify({ type: 'start', messageId: 'msg_1' })];
  for (let i = 0; i < calls; i++) {
    const id = `call_${i}`;
    lines.push(JSON.stringify({ type: 'tool-call-start', id, toolName: 'grep' }));
    lines.push(
      JSON.stringify({ type: 'tool-call-delta', id, argsTextDelta: JSON.stringify({ pattern: `p${i}`, path: 'src' }) }),
    );
    lines.push(JSON.stringify({ type: 'tool-call-end', id }));
    lines.push(JSON.stringify({ type: 'tool-update', toolCallId: id, content: `searching ${i}` }));
    lines.push(
      JSON.stringify({
        type: 'tool-result',
        id: `res_${i}`,
        toolCallId: id,
        result: `src/a.ts:${i}: match\n`.repeat(5),
      }),
    );
  }
  lines.push(JSON.stringify({ type: 'finish', messageId: 'msg_1', status: 'completed' }));
  return `${lines.map((l) => `data: ${l}\n\n`).join('')}data: [DONE]\n\n`;
}
const capture = cogitatorCapture(5000);

/** A sub-agent chain: each step the child of the one before (a stream sets `parentId` freely). */
const chainEvents: StepEvent[] = Array.from({ length: 4000 }, (_, i) =>
  i === 0
    ? { type: 'step-start', id: 's0', toolName: 'agent' }
    : { type: 'step-start', id: `s${i}`, toolName: 'agent', parentId: `s${i - 1}` },
);
const deepChain = reduceSteps(emptyStepsState, chainEvents);
/** The same chain's first 500 steps, one snapshot per step (streamed one per batch). */
const chainSnapshots: StepsState[] = [];
{
  let s = emptyStepsState;
  for (const e of chainEvents.slice(0, 500)) {
    s = reduceSteps(s, e);
    chainSnapshots.push(s);
  }
}

/** The tree as it was built before it was cached: each step's ancestor chain walked with a fresh set. */
function ancestorWalkTree(state: StepsState): number {
  let nested = 0;
  for (const id of state.ids) {
    const parentId = state.byId[id]?.parentId;
    if (parentId === undefined || parentId === id || !Object.hasOwn(state.byId, parentId)) continue;
    const seen = new Set([id]);
    let cursor: string | undefined = parentId;
    let cycle = false;
    while (cursor !== undefined) {
      if (seen.has(cursor)) {
        cycle = true;
        break;
      }
      seen.add(cursor);
      const next: string | undefined = state.byId[cursor]?.parentId;
      cursor = next !== undefined && Object.hasOwn(state.byId, next) ? next : undefined;
    }
    if (!cycle) nested++;
  }
  return nested;
}

/**
 * The boundary of one native frame, as the native decoder and the reducer cross it: the type's fast
 * test, else the full check; then the reducer's well-formedness test. Returns how many passed.
 */
function crossBoundary(
  parsed: readonly Record<string, unknown>[],
  fast: Readonly<Record<string, (e: Record<string, unknown>) => boolean>>,
  full: Check,
  wellFormed: (e: StepEvent) => boolean,
): number {
  let passed = 0;
  for (const frame of parsed) {
    const type = frame.type as string;
    const test = Object.hasOwn(fast, type) ? fast[type] : undefined;
    let event = frame as unknown as StepEvent;
    if (test?.(frame) !== true) {
      const checked = check(full, frame);
      if (!checked.success) continue;
      event = checked.data as StepEvent;
    }
    if (wellFormed(event)) passed++;
  }
  return passed;
}
/** The 2,000-call run as parsed native frames, every tenth step with a presentation and an extra key. */
const nativeFrames = run2000.map((e, i) => {
  const frame = JSON.parse(JSON.stringify(e)) as Record<string, unknown>;
  if (i % 10 === 0 && frame.type === 'step-progress') frame.presentation = { label: 'Reading', icon: 'file' };
  if (i % 10 === 5) frame.serverTime = i;
  return frame;
});
let boundaryPassed = [0, 0];

export const scenarios: Scenario[] = [
  {
    name: `check ${nativeFrames.length.toLocaleString('en')} native frames at the boundary (fast test or full check, then the reducer's)`,
    runs: 31,
    subject: {
      name: 'derived from the event field table',
      run: () => {
        boundaryPassed[0] = crossBoundary(nativeFrames, fastStepEventChecks, checkStepEvent, isWellFormedStepEvent);
      },
    },
    baseline: {
      name: 'hand-written checks (before the table)',
      run: () => {
        boundaryPassed[1] = crossBoundary(
          nativeFrames,
          fastStepEventChecksBefore,
          checkStepEventBefore,
          isWellFormedStepEventBefore,
        );
      },
    },
    check: ({ subject, baseline }) => {
      if (boundaryPassed[0] !== nativeFrames.length || boundaryPassed[1] !== nativeFrames.length)
        throw new Error(`the boundary dropped frames: ${boundaryPassed.join(' / ')} of ${nativeFrames.length}`);
      boundaryPassed = [0, 0];
      return `${(subject / baseline).toFixed(2)}× the hand-written checks`;
    },
  },
  {
    name: `reduce a 2,000-call run (${run2000.length.toLocaleString('en')} events) in frames of 200 events`,
    baselineRuns: 3,
    subject: {
      name: 'reduceSteps per frame (copy-on-write draft)',
      run: () => {
        let s = emptyStepsState;
        for (const batch of batches) s = reduceSteps(s, batch);
        last = s;
      },
    },
    baseline: {
      name: 'reduceSteps per event (a state per event)',
      run: () => {
        let s = emptyStepsState;
        for (const e of run2000) s = reduceSteps(s, e);
      },
    },
    check: () =>
      `${last.ids.length} steps, ${last.ids.filter((id) => last.byId[id]?.status === 'succeeded').length} succeeded`,
  },
  {
    name: `stream a ${(bigArgument.length / 1e6).toFixed(1)} MB argument in ${bigEvents.length - 1} deltas (frames of 100)`,
    runs: 7,
    baselineRuns: 3,
    subject: {
      name: 'reduceSteps (partial parse once per frame)',
      run: () => {
        let s = emptyStepsState;
        for (const batch of bigFrames) s = reduceSteps(s, batch);
      },
    },
    baseline: {
      name: 'reduceSteps per event (partial parse per delta)',
      run: () => {
        let s = emptyStepsState;
        for (const e of bigEvents) s = reduceSteps(s, e);
      },
    },
  },
  {
    name: `decode a ${(capture.length / 1e6).toFixed(1)} MB Cogitator capture (5,000 calls)`,
    runs: 7,
    subject: { name: 'stepsFromText (SSE → events → state)', run: () => void stepsFromText(capture) },
    baseline: {
      name: 'JSON.parse of every data line only (no reduce)',
      run: () => {
        for (const line of capture.split('\n')) if (line.startsWith('data: {')) JSON.parse(line.slice(6));
      },
    },
    check: () => `${eventsFromText(capture).length.toLocaleString('en')} events`,
  },
  {
    name: 'build the step tree of a 4,000-deep parentId chain (one snapshot)',
    runs: 9,
    baselineRuns: 3,
    subject: { name: 'StepTreeCache (one colouring pass)', run: () => void new StepTreeCache().get(deepChain) },
    baseline: { name: 'ancestor walk per step (before)', run: () => void ancestorWalkTree(deepChain) },
    check: () => `${new StepTreeCache().get(deepChain).roots.length} root`,
  },
  {
    name: 'the tree of a 500-deep chain streamed one step per snapshot',
    runs: 5,
    baselineRuns: 1,
    subject: {
      name: 'StepTreeCache (incremental)',
      run: () => {
        const cache = new StepTreeCache();
        for (const s of chainSnapshots) cache.get(s);
      },
    },
    baseline: {
      name: 'ancestor walk per step per snapshot (before)',
      run: () => {
        for (const s of chainSnapshots) ancestorWalkTree(s);
      },
    },
  },
];

// ---------------------------------------------------------------------------------------------
// One large argument, however its bytes arrive. Each rung is timed against the
// floor for the same deltas (concatenate them, then one JSON.parse of the whole), in the same run.

/** A `write_file` argument of about `bytes` characters: source-like text, with quotes and newlines to escape. */
function writeFileArgument(bytes: number): string {
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < bytes - 40; i++) {
    const line = `export const value${i} = "item ${i}"; // \\ ${'x'.repeat(i % 40)}`;
    lines.push(line);
    length += line.length + 4;
  }
  return JSON.stringify({ path: 'src/generated/values.ts', content: lines.join('\n') });
}

/** A deterministic spread of delta sizes between `min` and `max` characters. */
function cut(text: string, min: number, max: number): string[] {
  const pieces: string[] = [];
  let seed = 7;
  for (let at = 0; at < text.length; ) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const n = min + (seed % (max - min + 1));
    pieces.push(text.slice(at, at + n));
    at += n;
  }
  return pieces;
}

type Delivery = 'one event per batch' | 'one byte per batch' | '16 KiB per batch' | 'one piece';

/**
 * The batches a store sees for one argument: deltas of 25-100 characters, each its own batch (a
 * server that flushes every event, read one event per network read); one character per batch; 16 KiB
 * batches of such deltas; or the whole text in one delta.
 */
function deliver(text: string, how: Delivery): { deltas: string[]; batches: StepEvent[][] } {
  const deltas = how === 'one byte per batch' ? [...text] : how === 'one piece' ? [text] : cut(text, 25, 100);
  const events: StepEvent[] = deltas.map((delta) => ({ type: 'step-input-delta', id: 'w', delta }));
  if (how !== '16 KiB per batch') return { deltas, batches: events.map((e) => [e]) };
  const batches: StepEvent[][] = [];
  let batch: StepEvent[] = [];
  let size = 0;
  for (const [i, e] of events.entries()) {
    batch.push(e);
    size += (deltas[i] as string).length;
    if (size >= 16 * 1024) {
      batches.push(batch);
      batch = [];
      size = 0;
    }
  }
  if (batch.length > 0) batches.push(batch);
  return { deltas, batches };
}

const START: StepEvent[] = [{ type: 'step-start', id: 'w', toolName: 'write_file' }];
const END: StepEvent[] = [{ type: 'step-input', id: 'w' }];

/** Streams one argument through the reducer batch by batch; returns the final state. */
function streamArgument(batches: readonly StepEvent[][], quarters?: number[]): StepsState {
  let s = reduceSteps(emptyStepsState, START);
  let t0 = performance.now();
  for (const [i, batch] of batches.entries()) {
    s = reduceSteps(s, batch);
    if (quarters && (i + 1) % Math.ceil(batches.length / 4) === 0) {
      quarters.push(performance.now() - t0);
      t0 = performance.now();
    }
  }
  if (quarters && quarters.length < 4) quarters.push(performance.now() - t0);
  return reduceSteps(s, END);
}

/** The floor: the same deltas concatenated, then one `JSON.parse` of the whole. */
function floor(deltas: readonly string[]): unknown {
  let text = '';
  for (const delta of deltas) text += delta;
  return JSON.parse(text);
}

const KIB = 1024;
const rungs = [256 * KIB, 512 * KIB, 1024 * KIB];
const deliveries: { how: Delivery; sizes: number[]; runs: number }[] = [
  { how: 'one event per batch', sizes: rungs, runs: 9 },
  // ~260,000 reduceSteps calls at 256 KB already; 1 MB would take seconds per run, so two rungs only
  { how: 'one byte per batch', sizes: [128 * KIB, 256 * KIB], runs: 3 },
  { how: '16 KiB per batch', sizes: rungs, runs: 9 },
  { how: 'one piece', sizes: rungs, runs: 9 },
];

/** Per delivery, the kit's time per KB at each rung so far, for the growth line. */
const perKb = new Map<Delivery, { size: number; ms: number; floorMs: number }[]>();

function argumentScenario(how: Delivery, size: number, runs: number): Scenario {
  // Made on the first run and dropped after the figures: a million one-character events held for every
  // rung at once would slow the collector for all the scenarios.
  let data: { text: string; deltas: string[]; batches: StepEvent[][] } | undefined;
  const load = () => {
    if (!data) {
      const text = writeFileArgument(size);
      data = { text, ...deliver(text, how) };
    }
    return data;
  };
  let state: StepsState = emptyStepsState;
  return {
    name: `a ${size / KIB} KB argument, ${how}`,
    runs,
    subject: {
      name: 'reduceSteps batch by batch, then step-input',
      run: () => {
        state = streamArgument(load().batches);
      },
    },
    baseline: { name: 'floor: concatenate the deltas + one JSON.parse', run: () => void floor(load().deltas) },
    check: ({ subject, baseline }) => {
      const { text, batches } = load();
      const input = state.byId.w?.input as { content?: string } | undefined;
      if (input?.content !== (JSON.parse(text) as { content: string }).content)
        throw new Error(`${how}: the final input is not the argument`);
      const rows = perKb.get(how) ?? [];
      const ms = subject / (size / KIB);
      rows.push({ size, ms, floorMs: baseline / (size / KIB) });
      perKb.set(how, rows);
      const first = rows[0] as { size: number; ms: number; floorMs: number };
      let line = `${batches.length.toLocaleString('en')} batches · kit ${(subject / baseline).toFixed(1)}× the floor · ${(ms * 1000).toFixed(1)} µs per KB`;
      if (rows.length > 1) {
        const floorGrowth = baseline / (size / KIB) / first.floorMs;
        line += `, ×${(ms / first.ms).toFixed(2)} the ${first.size / KIB} KB rung's (the floor's ×${floorGrowth.toFixed(2)})`;
      }
      if (how === 'one event per batch' && size === rungs[rungs.length - 1]) {
        const q: number[] = [];
        streamArgument(batches, q);
        line += ` · quarters of one run ${q.map((t) => t.toFixed(0)).join(', ')} ms`;
      }
      data = undefined;
      state = emptyStepsState;
      return line;
    },
  };
}

for (const { how, sizes, runs } of deliveries) {
  for (const size of sizes) scenarios.push(argumentScenario(how, size, runs));
}

/** The real path of a host page: a byte stream whose every chunk is one SSE event, read into a store. */
let sse: { argument: string; chunks: Uint8Array[] } | undefined;
function loadSse() {
  if (sse) return sse;
  const argument = writeFileArgument(1024 * KIB);
  const encoder = new TextEncoder();
  const chunks = [
    { type: 'start', messageId: 'm' },
    { type: 'tool-call-start', id: 'w', toolName: 'write_file' },
    ...cut(argument, 25, 100).map((argsTextDelta) => ({ type: 'tool-call-delta', id: 'w', argsTextDelta })),
    { type: 'tool-call-end', id: 'w' },
    { type: 'tool-result', id: 'r', toolCallId: 'w', result: 'written' },
    { type: 'finish', messageId: 'm', status: 'completed' },
  ].map((frame) => encoder.encode(`data: ${JSON.stringify(frame)}\n\n`));
  sse = { argument, chunks };
  return sse;
}
let sseState: StepsState = emptyStepsState;

scenarios.push({
  name: 'a 1024 KB argument over SSE, one event per chunk: readStream → store',
  runs: 7,
  subject: {
    name: 'readStream → store.apply per batch (sync flush)',
    run: async () => {
      const { chunks } = loadSse();
      let next = 0;
      // Pulled one chunk at a time, as a network read would: enqueueing them all up front would time
      // Node's stream queue (its dequeue shifts an array) instead of the kit.
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          const chunk = chunks[next++];
          if (chunk) controller.enqueue(chunk);
          else controller.close();
        },
      });
      const store = createStepStore({ schedule: (flush) => flush() });
      let heard = 0;
      store.subscribe(() => heard++);
      for await (const batch of readStream(stream, { protocol: 'cogitator' })) store.apply(batch);
      sseState = store.getSnapshot();
    },
  },
  baseline: {
    name: 'floor: decode chunks, JSON.parse frames, concat + parse',
    run: () => {
      const decoder = new TextDecoder();
      let args = '';
      for (const chunk of loadSse().chunks) {
        const frame = JSON.parse(decoder.decode(chunk).slice(6)) as { argsTextDelta?: string };
        if (frame.argsTextDelta !== undefined) args += frame.argsTextDelta;
      }
      JSON.parse(args);
    },
  },
  check: ({ subject, baseline }) => {
    const { argument, chunks } = loadSse();
    const step = sseState.byId.w;
    if ((step?.input as { content?: string } | undefined)?.content !== JSON.parse(argument).content)
      throw new Error('the SSE path did not end with the whole argument');
    sse = undefined;
    sseState = emptyStepsState;
    return `${chunks.length.toLocaleString('en')} chunks · kit ${(subject / baseline).toFixed(1)}× the floor · step ${step?.status}`;
  },
});

/**
 * One event per read into a store that already holds a long run: every reduction copies the step map,
 * so the store reduces the reads of one frame together (here a flush every 100 reads stands for a frame).
 */
let crowded: { base: StepsState; events: StepEvent[]; deltas: string[] } | undefined;
function loadCrowded() {
  if (crowded) return crowded;
  const finished: StepEvent[] = [];
  for (let i = 0; i < 2000; i++)
    finished.push(
      { type: 'step-start', id: `s${i}`, toolName: 'grep' },
      { type: 'step-result', id: `s${i}`, result: 'ok' },
    );
  const base = reduceSteps(emptyStepsState, [...finished, ...START]);
  const deltas = cut(writeFileArgument(256 * KIB), 25, 100);
  crowded = { base, deltas, events: deltas.map((delta) => ({ type: 'step-input-delta', id: 'w', delta })) };
  return crowded;
}
let crowdedState: StepsState = emptyStepsState;

scenarios.push({
  name: 'a 256 KB argument, one event per read, into a store beside 2,000 finished steps (a flush every 100 reads)',
  runs: 7,
  subject: {
    name: 'store.apply per read, then step-input',
    run: () => {
      const { base, events } = loadCrowded();
      const frame: Array<() => void> = [];
      const store = createStepStore({ initialState: base, schedule: (flush) => void frame.push(flush) });
      for (const [i, event] of events.entries()) {
        store.apply([event]);
        if ((i + 1) % 100 === 0) for (const flush of frame.splice(0)) flush();
      }
      store.apply(END);
      crowdedState = store.getSnapshot();
    },
  },
  baseline: { name: 'floor: concatenate the deltas + one JSON.parse', run: () => void floor(loadCrowded().deltas) },
  check: ({ subject, baseline }) => {
    const { events } = loadCrowded();
    const ok = crowdedState.ids.length === 2001 && crowdedState.byId.w?.status === 'running';
    if (!ok) throw new Error('the crowded store did not end with the argument parsed');
    crowded = undefined;
    crowdedState = emptyStepsState;
    return `${events.length.toLocaleString('en')} reads · kit ${(subject / baseline).toFixed(1)}× the floor (reduced per read it took 8.3 s on this machine under load)`;
  },
});
