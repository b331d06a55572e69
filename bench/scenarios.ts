// Bench scenarios: each times the kit's way against a baseline doing the same work the plain way.
import {
  emptyStepsState,
  eventsFromText,
  reduceSteps,
  type StepEvent,
  type StepsState,
  stepsFromText,
} from '../src/core';
import { StepTreeCache } from '../src/internal/step-tree';

interface Scenario {
  name: string;
  runs?: number;
  /** Fewer runs for a slow baseline. */
  baselineRuns?: number;
  subject: { name: string; run: () => void };
  baseline: { name: string; run: () => void };
  check?: () => string;
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

/** The tree as it was built before issue 10 (defect 4): each step's ancestor chain walked with a fresh set. */
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

export const scenarios: Scenario[] = [
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
      name: 'reduceSteps per event (one copy per event)',
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
