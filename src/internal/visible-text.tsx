'use client';

import { useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { ToolStepsOptionsContext } from '../components/context';
import { createRedactor, type Redacted, type RedactOption, type Redactor, redactValue } from '../core/redact';
import { type VisibleTextOptions, visibleText } from '../core/visible-text';

export { visibleText };

const redactors = new WeakMap<object, Redactor | undefined>();
const builtin = createRedactor(true);

/**
 * Redactors whose every rule matches within one line (the built-in patterns but the private key block,
 * which is checked apart): masking a text line by line, in pieces cut after a newline, gives the same
 * text and count as masking it whole. Host patterns and functions may match across lines: not here.
 */
const lineLocal = new WeakSet<Redactor>(builtin ? [builtin] : []);

function isLineLocal(option: RedactOption): boolean {
  if (typeof option !== 'object' || Array.isArray(option) || option instanceof RegExp) return false;
  const config = option as Exclude<RedactOption, boolean | readonly RegExp[] | ((text: string) => string)>;
  return (config.patterns === undefined || config.patterns.length === 0) && config.redact === undefined;
}

/** The redactor of a `redact` option, one per option value (the built-in one for `true` / none). */
export function redactorOf(option: RedactOption | undefined): Redactor | undefined {
  if (option === undefined || option === true) return builtin;
  if (option === false) return undefined;
  let redactor = redactors.get(option);
  if (!redactors.has(option)) {
    redactor = createRedactor(option);
    redactors.set(option, redactor);
    if (redactor && isLineLocal(option)) lineLocal.add(redactor);
  }
  return redactor;
}

/** The list's redactor (`redact` option); the built-in one outside a list. */
export function useRedactor(): Redactor | undefined {
  return redactorOf(useContext(ToolStepsOptionsContext).redact);
}

/** One line of wire text as drawn: secrets masked, then bidi, zero-width and tag characters shown. */
export function screenLine(text: string, redactor: Redactor | undefined, keepLines = false): string {
  if (typeof text !== 'string') return '';
  return visibleText(redactor ? redactor(text).text : text, { keepLines });
}

/**
 * Wire text as drawn inside a part: masked and made visible, and isolated in `<bdi>` so that it
 * cannot reorder the text around it, also without a stylesheet.
 */
export function WireText({ text, lines = false }: { text: string; lines?: boolean }) {
  const redactor = useRedactor();
  return <bdi>{screenLine(text, redactor, lines)}</bdi>;
}

/**
 * A multi-line value as the renderers draw it: every string (and key) masked and made visible, lines
 * kept; ESC kept only for terminal output, whose renderer reads the escapes and removes the rest.
 */
export function screenValue(
  value: unknown,
  redactor: Redactor | undefined,
  terminal = false,
): { value: unknown; count: number } {
  const options = { keepLines: true, keepEscape: terminal };
  return redactValue(value, redactor, (text) => visibleText(text, options));
}

// ---- large texts: the first lines at once, the rest in slices ----

/** A string longer than this (UTF-16 units) is screened in pieces: its first lines at once, the rest in slices. */
export const LARGE_TEXT = 256 * 1024;
/** About how much of a large text is screened before its first paint. */
const HEAD = 32 * 1024;
/** How long one slice of screening may run before it yields, ms. */
const SLICE_MS = 8;
/** The most one piece of screening takes, UTF-16 units. */
const MAX_PIECE = 256 * 1024;

/** A large string screened so far: pieces cut after a newline, with where each ends in the source and in the output. */
interface Job {
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
}

function screenPiece(job: Job, end: number): void {
  const from = job.ends.length > 0 ? (job.ends[job.ends.length - 1] as number) : 0;
  const piece = job.source.slice(from, end);
  const masked = job.redactor ? job.redactor(piece) : { text: piece, count: 0 };
  job.parts.push(visibleText(masked.text, job.options));
  job.ends.push(end);
  job.counts.push((job.counts.length > 0 ? (job.counts[job.counts.length - 1] as number) : 0) + masked.count);
}

/** Where the first piece of a large text ends: after a newline near `HEAD`, before a hunk or file header when there is one (a diff cut there still parses). */
function headEnd(text: string): number {
  for (const mark of ['\n@@ ', '\ndiff ']) {
    const at = text.lastIndexOf(mark, HEAD);
    if (at >= HEAD / 4) return at + 1;
  }
  const newline = text.lastIndexOf('\n', HEAD);
  return newline > 0 ? newline + 1 : -1;
}

/**
 * A job for `text`, with its first piece screened: what an earlier job of a text it extends had done (a
 * growing log), else the first lines. `undefined` when the text cannot be screened in pieces: a private
 * key block (masked across lines), or no newline near the start.
 */
function startJob(
  text: string,
  redactor: Redactor | undefined,
  options: VisibleTextOptions,
  previous: readonly Job[],
): Job | undefined {
  if (text.includes('PRIVATE KEY')) return undefined;
  const job: Job = { source: text, options, redactor, parts: [], ends: [], counts: [] };
  const before = previous.find(
    (p) => p.redactor === redactor && p.options.keepEscape === options.keepEscape && text.startsWith(p.source),
  );
  if (before?.done && before.source === text) return { ...before };
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
  if (job.parts.length === 0) {
    const end = headEnd(text);
    if (end < 0) return undefined;
    screenPiece(job, end);
  }
  return job;
}

/** The screened text so far (a prefix of whole lines), or the whole text once done. */
function sofar(job: Job): Redacted {
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

/**
 * Resolves in a task after the next frame has painted (a task right away where there are no frames). An
 * effect of a click runs before that frame: work started there without waiting would delay its paint.
 */
export const afterNextPaint = (): Promise<void> =>
  new Promise((resolve) => {
    const next = () => setTimeout(resolve, 0);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(next);
    else next();
  });

/** Screens the rest of `job` in slices of about `SLICE_MS`, yielding between them. `false` when aborted. */
async function finishJob(job: Job, signal: AbortSignal): Promise<boolean> {
  if (job.done) return true;
  await afterNextPaint();
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

/** What `useScreenValue` draws now, and how to get the rest when some large text is screened only in part. */
interface Plan {
  now: { value: unknown; count: number };
  jobs: Job[];
}

// Keys of two texts a diff compares: the first lines of each would compare as a wrong diff.
const COMPARED = ['oldText', 'newText', 'before', 'after', 'oldContent', 'newContent', 'original', 'modified'];

/** Whether `value` (or its `value` / `data` envelope) holds two texts to compare. */
function comparesTexts(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  if (COMPARED.some((key) => typeof record[key] === 'string')) return true;
  return depth === 0 && (comparesTexts(record.value, 1) || comparesTexts(record.data, 1));
}

function plan(
  value: unknown,
  redactor: Redactor | undefined,
  terminal: boolean,
  inPieces: boolean,
  previous: readonly Job[],
): Plan {
  const options = { keepLines: true, keepEscape: terminal };
  const jobs: Job[] = [];
  if (!inPieces || comparesTexts(value)) return { now: screenValue(value, redactor, terminal), jobs };
  const now = redactValue(
    value,
    redactor,
    (text) => visibleText(text, options),
    (text) => {
      if (text.length <= LARGE_TEXT) return undefined;
      const known = jobs.find((j) => j.source === text);
      if (known) return sofar(known);
      const job = startJob(text, redactor, options, previous);
      if (!job) return undefined;
      jobs.push(job);
      return sofar(job);
    },
  );
  return { now, jobs };
}

const noSubscription = () => () => {};
const isClient = () => true;
const isServer = () => false;

/**
 * `screenValue`, with every large string (`LARGE_TEXT`) screened in slices that yield to the browser:
 * its first lines (cut after a newline, before a diff's hunk header when there is one) are screened at
 * once and drawn, the rest follows a few frames later. Nothing is drawn unscreened: until then the value
 * holds only the screened first lines (or, for a text that grew, what was screened of it before). Only
 * where masking line by line is the same as masking the whole text (the built-in patterns or none, no
 * private key block), where the first lines alone mean something (not two texts a diff compares) and in
 * a client render (not on the server, nor while hydrating); anything else is screened whole, at once.
 */
function useScreened(
  value: unknown,
  redactor: Redactor | undefined,
  terminal: boolean,
): { value: unknown; count: number } {
  const previous = useRef<readonly Job[]>([]);
  // `false` on the server and while hydrating (the first render must match the server's, which screens
  // whole), `true` in a client render
  // whole), `true` in a client render; read through a ref, so that a value hydrated whole is not planned
  // again (and drawn in part for a moment) once hydration is over
  const client = useRef(false);
  client.current = useSyncExternalStore(noSubscription, isClient, isServer);
  // `previous` and `client` (refs) are a cache of earlier work and how to screen, not inputs
  const current = useMemo(
    () =>
      plan(
        value,
        redactor,
        terminal,
        client.current && (redactor === undefined || lineLocal.has(redactor)),
        previous.current,
      ),
    [value, redactor, terminal],
  );
  const [finished, setFinished] = useState<{ plan: Plan; value: { value: unknown; count: number } }>();
  useEffect(() => {
    if (current.jobs.every((job) => job.done)) {
      if (current.jobs.length > 0) previous.current = current.jobs;
      return;
    }
    const controller = new AbortController();
    void Promise.all(current.jobs.map((job) => finishJob(job, controller.signal))).then((done) => {
      if (controller.signal.aborted || !done.every(Boolean)) return;
      previous.current = current.jobs;
      const byText = new Map(current.jobs.map((job) => [job.source, job.done as Redacted]));
      const options = { keepLines: true, keepEscape: terminal };
      setFinished({
        plan: current,
        value: redactValue(
          value,
          redactor,
          (text) => visibleText(text, options),
          (text) => (text.length > LARGE_TEXT ? byText.get(text) : undefined),
        ),
      });
    });
    return () => controller.abort();
  }, [current, value, redactor, terminal]);
  return finished?.plan === current ? finished.value : current.now;
}

/** `screenValue` for a block, with its secrets shown when `revealed`; large texts are screened in slices (see `useScreened`). */
export function useScreenValue(value: unknown, revealed: boolean, terminal = false): { value: unknown; count: number } {
  const redactor = useRedactor();
  const masked = useScreened(value, redactor, terminal);
  const shown = useScreened(revealed && masked.count > 0 ? value : undefined, undefined, terminal);
  return revealed && masked.count > 0 ? { value: shown.value, count: masked.count } : masked;
}
