'use client';

import { useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import {
  createRedactor,
  type Redacted,
  type RedactOption,
  type Redactor,
  redactValue,
  screeningSteps,
} from '../presentation/redact';
import { visibleText } from '../presentation/visible-text';
import { ToolStepsOptionsContext } from './context';
import type { Job } from './screen-large';

export { visibleText };

const redactors = new WeakMap<object, Redactor | undefined>();
const builtin = createRedactor(true);

/** The redactor of a `redact` option, one per option value (the built-in one for `true` / none). */
export function redactorOf(option: RedactOption | undefined): Redactor | undefined {
  if (option === undefined || option === true) return builtin;
  if (option === false) return undefined;
  let redactor = redactors.get(option);
  if (!redactors.has(option)) {
    redactor = createRedactor(option);
    redactors.set(option, redactor);
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
 * Wire text outside the drawn text (an attribute, an accessible name, a title, an announcement, a copy):
 * `screenLine` on one line, then cut to `max` characters with an ellipsis. Masked before it is cut, so a
 * cut never leaves the start of a secret that its pattern no longer recognizes. Not a string: empty.
 */
export function screenName(text: unknown, redactor: Redactor | undefined, max = Number.POSITIVE_INFINITY): string {
  const line = screenLine(typeof text === 'string' ? text : '', redactor);
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
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
/** Where the first piece of a large text ends: after a newline near `HEAD`, before a hunk or file header when there is one (a diff cut there still parses). */
function headEnd(text: string): number {
  for (const mark of ['\n@@ ', '\ndiff ']) {
    const at = text.lastIndexOf(mark, HEAD);
    if (at >= HEAD / 4) return at + 1;
  }
  const newline = text.lastIndexOf('\n', HEAD);
  return newline > 0 ? newline + 1 : -1;
}

type Large = typeof import('./screen-large');
/** The slices module, once loaded (the first large text loads it): the base bundle has only the first-lines step. */
let large: Large | undefined;
const loadLarge = (): Promise<Large> =>
  import('./screen-large').then((module) => {
    large = module;
    return module;
  });

/** A large text of a plan: what is drawn of it now, and its job (once the slices module is loaded). */
interface Piece {
  source: string;
  now: Redacted;
  job?: Job;
  /** Screened whole (see `startWholeJob`): nothing of it is drawn until done. */
  whole?: boolean;
}

/** What `useScreenValue` draws now, and the large texts still to screen in slices. */
interface Plan {
  now: { value: unknown; count: number };
  pieces: Piece[];
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
  const pieces: Piece[] = [];
  if (!inPieces || comparesTexts(value)) return { now: screenValue(value, redactor, terminal), pieces };
  const now = redactValue(
    value,
    redactor,
    (text) => visibleText(text, options),
    (text) => {
      if (text.length <= LARGE_TEXT) return undefined;
      const known = pieces.find((p) => p.source === text);
      if (known) return known.now;
      // a private key block is masked across lines, and a text with no newline near its start has no first
      // lines to draw: screened whole (in slices too), nothing of it drawn until then
      const end = text.includes('PRIVATE KEY') ? -1 : headEnd(text);
      let piece: Piece;
      if (end < 0) {
        const job = large ? large.startWholeJob(text, redactor, options, screeningSteps(redactor, text)) : undefined;
        piece = { source: text, now: { text: '', count: 0 }, job, whole: true };
      } else if (large) {
        // what an earlier job of a text this one extends had done (a growing log), else the first lines
        const job = large.startJob(text, redactor, options, previous, end);
        piece = { source: text, now: large.sofar(job), job };
      } else {
        const head = text.slice(0, end);
        const masked = redactor ? redactor(head) : { text: head, count: 0 };
        piece = { source: text, now: { text: visibleText(masked.text, options), count: masked.count } };
      }
      pieces.push(piece);
      return piece.now;
    },
  );
  return { now, pieces };
}

const noSubscription = () => () => {};
const isClient = () => true;
const isServer = () => false;

/**
 * `screenValue`, with every large string (`LARGE_TEXT`) screened in slices that yield to the browser:
 * its first lines (cut after a newline, before a diff's hunk header when there is one) are screened at
 * once and drawn, the rest follows a few frames later. Nothing is drawn unscreened: until then the value
 * holds only the screened first lines (or, for a text that grew, what was screened of it before). A
 * text whose first lines cannot be screened on their own (a private key block, which spans lines; no
 * newline near the start, as in minified JSON) is screened whole in slices, one pattern at a time, and
 * none of it is drawn until then. Only with the built-in patterns or none (masking line by line is then
 * the same as masking the whole text; a host's patterns and functions may match across lines), where
 * the first lines alone mean something (not two texts a diff compares) and in a client render (not on
 * the server, nor while hydrating); anything else is screened whole, at once.
 */
function useScreened(
  value: unknown,
  redactor: Redactor | undefined,
  terminal: boolean,
): { value: unknown; count: number } {
  const previous = useRef<readonly Job[]>([]);
  // `false` on the server and while hydrating (the first render must match the server's, which screens
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
        // the built-in patterns match within one line (but the private key block, checked apart), so masking
        // a text in pieces cut after a newline gives what masking it whole does; host patterns and functions
        // may match across lines
        client.current && (redactor === undefined || redactor === builtin),
        previous.current,
      ),
    [value, redactor, terminal],
  );
  const [finished, setFinished] = useState<{ plan: Plan; value: { value: unknown; count: number } }>();
  useEffect(() => {
    if (current.pieces.length === 0) return;
    const controller = new AbortController();
    const options = { keepLines: true, keepEscape: terminal };
    void loadLarge().then(async (module) => {
      if (controller.signal.aborted) return;
      const jobs = current.pieces.map((piece) => {
        piece.job ??= piece.whole
          ? module.startWholeJob(piece.source, redactor, options, screeningSteps(redactor, piece.source))
          : module.startJob(piece.source, redactor, options, previous.current, headEnd(piece.source));
        return piece.job;
      });
      const done = await Promise.all(jobs.map((job) => module.finishJob(job, controller.signal)));
      if (controller.signal.aborted || !done.every(Boolean)) return;
      previous.current = jobs;
      const byText = new Map(jobs.map((job) => [job.source, job.done as Redacted]));
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
