/**
 * Large texts screened in slices (see `useScreened` in `visible-text.tsx`): loaded the first time a
 * details value holds a text over `LARGE_TEXT`, so the base bundle carries only the first-lines step.
 */
import type { Redacted, Redactor, screeningSteps } from '../presentation/redact';
import { type VisibleTextOptions, visibleText } from '../presentation/visible-text';
import { afterNextPaint } from './after-paint';

/** How long one slice of screening may run before it yields, ms. */
const SLICE_MS = 8;
/** The most one piece of screening takes, UTF-16 units. */
const MAX_PIECE = 256 * 1024;

/** A large string screened so far: pieces cut after a newline, with where each ends in the source and in the output. */
export interface Job {
  source: string;
  options: VisibleTextOptions;
  redactor: Redactor | undefined;
  /** Screened pieces, in order. */
  parts: string[];
  /** Source offset after each piece. */
  ends: number[];
  /** Secrets masked up to and including each piece. */
  counts: number[];
  /** The whole screened text once every piece is done. */
  done?: Redacted;
  /** Screened whole (no pieces): the redactor's steps in turn, nothing of the text drawn until done. */
  whole?: boolean;
  /** A whole job's steps (`screeningSteps`); none for a redactor `createRedactor` did not make. */
  steps?: ReturnType<typeof screeningSteps>;
}

function screenPiece(job: Job, end: number): void {
  const from = job.ends.length > 0 ? (job.ends[job.ends.length - 1] as number) : 0;
  const piece = job.source.slice(from, end);
  const masked = job.redactor ? job.redactor(piece) : { text: piece, count: 0 };
  job.parts.push(visibleText(masked.text, job.options));
  job.ends.push(end);
  job.counts.push((job.counts.length > 0 ? (job.counts[job.counts.length - 1] as number) : 0) + masked.count);
}

/**
 * A job for `text`, with its first piece screened: what an earlier job of a text it extends had done (a
 * growing log), else its first lines, up to `head` (the caller checked that the text can be screened in
 * pieces: no private key block, a newline near the start).
 */
export function startJob(
  text: string,
  redactor: Redactor | undefined,
  options: VisibleTextOptions,
  previous: readonly Job[],
  head: number,
): Job {
  const before = previous.find(
    (p) => p.redactor === redactor && p.options.keepEscape === options.keepEscape && text.startsWith(p.source),
  );
  if (before?.done && before.source === text) return { ...before };
  const job: Job = { source: text, options, redactor, parts: [], ends: [], counts: [] };
  if (before) {
    // every piece that ended after a newline is the same in the longer text
    let keep = before.ends.length;
    if (before.source.length < text.length && !before.source.endsWith('\n')) keep--;
    if (keep > 0) {
      job.parts = before.parts.slice(0, keep);
      job.ends = before.ends.slice(0, keep);
      job.counts = before.counts.slice(0, keep);
    }
  }
  if (job.parts.length === 0) screenPiece(job, head);
  return job;
}

/**
 * A job for a large text that cannot be cut into pieces (a private key block spans lines; no newline near
 * its start, as in minified JSON on one line): screened whole, the redactor's stages run in turn with
 * yields between them, so that it gives what the redactor gives at once. Nothing of it is drawn until then.
 */
export function startWholeJob(
  text: string,
  redactor: Redactor | undefined,
  options: VisibleTextOptions,
  steps: ReturnType<typeof screeningSteps>,
): Job {
  return { source: text, options, redactor, parts: [], ends: [], counts: [], whole: true, steps };
}

/** The screened text so far (a prefix of whole lines; nothing of a whole job), or the whole text once done. */
export function sofar(job: Job): Redacted {
  if (job.done) return job.done;
  return { text: job.parts.join(''), count: job.counts[job.counts.length - 1] ?? 0 };
}

const yieldToEventLoop = (): Promise<void> =>
  typeof MessageChannel === 'undefined'
    ? new Promise((resolve) => setTimeout(resolve, 0))
    : new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          channel.port1.close();
          resolve();
        };
        channel.port2.postMessage(null);
      });

/** Screens the rest of `job` in slices of about `SLICE_MS`, yielding between them. `false` when aborted. */
export async function finishJob(job: Job, signal: AbortSignal): Promise<boolean> {
  if (job.done) return true;
  await afterNextPaint();
  if (job.whole) return finishWhole(job, signal);
  const { source } = job;
  let size = 64 * 1024;
  let sliceStart = performance.now();
  for (;;) {
    const from = job.ends.length > 0 ? (job.ends[job.ends.length - 1] as number) : 0;
    if (from >= source.length) break;
    if (signal.aborted) return false;
    const newline = from + size >= source.length ? -1 : source.indexOf('\n', from + size);
    const t0 = performance.now();
    screenPiece(job, newline < 0 ? source.length : newline + 1);
    // aim each piece at half the slice, from how long this one took, growing at most twofold and to
    // 256 Ki chars (a busy machine can stall any piece: a smaller one stalls less)
    const took = Math.max(0.1, performance.now() - t0);
    size = Math.max(4096, Math.min(2 * size, MAX_PIECE, Math.round((size * SLICE_MS) / 2 / took)));
    if (performance.now() - sliceStart >= SLICE_MS) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
  }
  job.done = { text: job.parts.join(''), count: job.counts[job.counts.length - 1] ?? 0 };
  return true;
}

/** A whole job: the redactor's steps (each hint looked for, each rule), a yield when a slice is over. */
async function finishWhole(job: Job, signal: AbortSignal): Promise<boolean> {
  const { redactor, source, steps } = job;
  let masked: Redacted;
  if (steps === undefined) {
    // not a redactor `createRedactor` made: no steps to run apart
    masked = redactor ? redactor(source) : { text: source, count: 0 };
  } else {
    let sliceStart = performance.now();
    for (const step of steps.steps) {
      if (signal.aborted) return false;
      step();
      if (performance.now() - sliceStart >= SLICE_MS) {
        await yieldToEventLoop();
        sliceStart = performance.now();
      }
    }
    masked = steps.result();
  }
  if (signal.aborted) return false;
  await yieldToEventLoop();
  if (signal.aborted) return false;
  job.done = { text: visibleText(masked.text, job.options), count: masked.count };
  return true;
}
