/**
 * Syntax highlighting for the code view: Shiki's fine-grained core with its JavaScript engine (no
 * WebAssembly) in its raw form, fed grammars whose patterns were converted to JavaScript regular
 * expressions ahead of time (`@shikijs/langs-precompiled`): no Oniguruma-to-JavaScript translation at
 * run time, which made the first use of a grammar one long task (334 ms for TypeScript). One grammar
 * is loaded per language on first use, and the GitHub light and dark themes as
 * CSS variables (`--shiki-light`, `--shiki-dark`) so a token's colour follows the block's colour scheme.
 * This module is imported only when a code block names a language it knows.
 *
 * Long files are tokenized in slices of about `SLICE_MS` milliseconds (pieces of lines sized from how long
 * the last piece took), each continuing the grammar state of the one before, with a yield to the event
 * loop between slices: the block shows plain text at once and gains colour slice by slice. Before a
 * grammar's first tokenization, its regular expressions are built in slices too (`warm`).
 */

import { createJavaScriptRawEngine } from '@shikijs/engine-javascript/raw';
import {
  codeToTokensWithThemes,
  createShikiPrimitiveAsync,
  getLastGrammarState,
  type ShikiPrimitive,
} from '@shikijs/primitive';
import { afterNextPaint } from '../internal/after-paint';
import { type GrammarName, grammarFor } from './code-languages';

type Grammar = () => Promise<unknown>;

const GRAMMARS: Readonly<Record<GrammarName, Grammar>> = {
  typescript: () => import('@shikijs/langs-precompiled/typescript'),
  tsx: () => import('@shikijs/langs-precompiled/tsx'),
  javascript: () => import('@shikijs/langs-precompiled/javascript'),
  jsx: () => import('@shikijs/langs-precompiled/jsx'),
  json: () => import('@shikijs/langs-precompiled/json'),
  python: () => import('@shikijs/langs-precompiled/python'),
  shellscript: () => import('@shikijs/langs-precompiled/shellscript'),
  rust: () => import('@shikijs/langs-precompiled/rust'),
  go: () => import('@shikijs/langs-precompiled/go'),
  css: () => import('@shikijs/langs-precompiled/css'),
  html: () => import('@shikijs/langs-precompiled/html'),
  yaml: () => import('@shikijs/langs-precompiled/yaml'),
  sql: () => import('@shikijs/langs-precompiled/sql'),
  markdown: () => import('@shikijs/langs-precompiled/markdown'),
  diff: () => import('@shikijs/langs-precompiled/diff'),
};

/** How long one slice may tokenize before yielding to the event loop, ms. */
export const SLICE_MS = 12;
/** Lines of the first piece; later pieces are sized from how long the last one took. */
export const FIRST_SLICE_LINES = 4;
/** The most lines one piece takes, however fast the grammar is. */
const MAX_SLICE_LINES = 2000;
/** Past this many lines the rest stays plain (and a line past 2,000 characters is not coloured). */
export const MAX_HIGHLIGHT_LINES = 50_000;

/** The loops waiting for their next slice, in turn; one is let go after each frame. */
const waiting: (() => void)[] = [];
let pumping = false;

function pump(): void {
  if (pumping) return;
  pumping = true;
  const next = () => {
    const go = waiting.shift();
    go?.();
    if (waiting.length > 0 || go) {
      // the next frame decides again: a loop let go now queues itself after its slice
      schedule();
    } else {
      pumping = false;
    }
  };
  const schedule = () => void afterNextPaint().then(next);
  schedule();
}

/**
 * Resolves when it is this loop's turn: one slice of colouring after each frame, whatever the number of
 * blocks colouring (a diff colours its two sides at once), in the order they asked (a task right away
 * where there are no frames). Yielding with `setTimeout` alone let the browser run several slices and
 * their re-renders before a frame: the details bench's warm 10,000-line diff openings had frames of
 * 52-75 ms while the colouring went on (12 in 6 openings; none since), and the lines on screen were
 * coloured 238-438 ms after the opening began (264-299 since). One slice per frame for each block still
 * made frames of 51-73 ms: the diff's two sides took two. A background `scheduler.postTask` left the
 * frames short but let the colouring wait for seconds.
 */
const yieldToFrame = (): Promise<void> =>
  new Promise<void>((resolve) => {
    waiting.push(resolve);
    pump();
  });

let highlighter: Promise<ShikiPrimitive> | undefined;
const loaded = new Map<string, Promise<void>>();

function getHighlighter(): Promise<ShikiPrimitive> {
  highlighter ??= Promise.all([import('@shikijs/themes/github-light'), import('@shikijs/themes/github-dark')]).then(
    ([light, dark]) =>
      createShikiPrimitiveAsync({
        themes: [light.default, dark.default],
        langs: [],
        engine: createJavaScriptRawEngine(),
      }),
  );
  return highlighter;
}

/** Every regular expression of a grammar (and the grammars it embeds), once each. Exported for tests. */
export function regexpsOf(grammar: unknown): RegExp[] {
  const found = new Set<RegExp>();
  const seen = new Set<object>();
  const visit = (value: unknown) => {
    if (value instanceof RegExp) found.add(value);
    else if (typeof value === 'object' && value !== null && !seen.has(value)) {
      seen.add(value);
      for (const child of Array.isArray(value) ? value : Object.values(value)) visit(child);
    }
  };
  visit(grammar);
  return [...found];
}

/**
 * Builds a grammar's regular expressions before its first tokenization, in slices of about `SLICE_MS`
 * with a yield between them. The engine builds each one the first time it runs it, and a grammar's
 * first lines run hundreds (TypeScript's, with its `\p{...}` classes, made one task of about 200 ms);
 * running each here on an empty text moves that work into short tasks. Twice: V8 runs a regular
 * expression's first execution in its bytecode interpreter and compiles it to machine code on the
 * second, and that second build, left to the first lines, made a task of about 65 ms.
 */
async function warm(regexps: readonly RegExp[]): Promise<void> {
  let sliceStart = performance.now();
  for (const regexp of regexps) {
    const { lastIndex } = regexp;
    try {
      regexp.exec('');
      regexp.exec('');
    } catch {
      // an expression the engine cannot run is skipped by the scanner too
    }
    regexp.lastIndex = lastIndex;
    if (performance.now() - sliceStart >= SLICE_MS) {
      await yieldToFrame();
      sliceStart = performance.now();
    }
  }
}

/**
 * The highlighter with `lang` loaded and warmed. The load is shared by every block of the language, so
 * no caller's signal stops it: a block that goes away (or restarts its highlighting) must not leave the
 * next one a grammar half warmed, whose first lines then build the rest in one long task.
 */
async function withGrammar(lang: string): Promise<ShikiPrimitive> {
  const core = await getHighlighter();
  let ready = loaded.get(lang);
  if (!ready) {
    ready = GRAMMARS[lang as GrammarName]().then(async (mod) => {
      const grammar = (mod as { default: never }).default;
      // the grammar module's evaluation (TypeScript's: ~30 ms of regular-expression literals) ends its task
      await yieldToFrame();
      await warm(regexpsOf(grammar));
      await core.loadLanguage(grammar);
      await yieldToFrame(); // loading the grammar and its first lines in separate tasks
    });
    loaded.set(lang, ready);
  }
  await ready;
  return core;
}

/** One coloured piece of a line: its text and the light and dark colours. */
export interface HighlightToken {
  content: string;
  style?: Record<string, string>;
}

/**
 * Tokenizes `lines` in slices, calling `onSlice(tokens)` with every line done so far after each slice.
 * Stops when `signal` aborts. Rejects only if the grammar cannot be loaded.
 */
export async function highlightLines(
  lines: readonly string[],
  language: string,
  onSlice: (tokens: HighlightToken[][]) => void,
  signal?: AbortSignal,
): Promise<void> {
  const lang = grammarFor(language);
  if (!lang) return;
  const core = await withGrammar(lang);
  if (signal?.aborted) return;
  // the first slice waits for its turn too: two blocks colouring at once take turns from the start
  await yieldToFrame();
  if (signal?.aborted) return;
  const done: HighlightToken[][] = [];
  let grammarState: ReturnType<typeof getLastGrammarState> | undefined;
  const end = Math.min(lines.length, MAX_HIGHLIGHT_LINES);
  let size = FIRST_SLICE_LINES;
  let reported = 0;
  let sliceStart = performance.now();
  for (let start = 0; start < end; ) {
    if (signal?.aborted) return;
    const count = Math.min(size, end - start);
    const t0 = performance.now();
    const tokens = codeToTokensWithThemes(core, lines.slice(start, start + count).join('\n'), {
      lang,
      themes: { light: 'github-light', dark: 'github-dark' },
      tokenizeMaxLineLength: 2000,
      ...(grammarState && { grammarState }),
    });
    grammarState = getLastGrammarState(core, tokens as never);
    for (const line of tokens) {
      done.push(
        line.map((t) => {
          const light = t.variants.light?.color;
          const dark = t.variants.dark?.color;
          return light && dark
            ? { content: t.content, style: { '--shiki-light': light, '--shiki-dark': dark } }
            : { content: t.content };
        }),
      );
    }
    start += count;
    // Aim each piece at a quarter of the slice budget, from how long this one took.
    const took = Math.max(0.1, performance.now() - t0);
    size = Math.max(1, Math.min(MAX_SLICE_LINES, Math.round((count * SLICE_MS) / 4 / took)));
    if (performance.now() - sliceStart < SLICE_MS && start < end) continue;
    if (done.length > reported) {
      reported = done.length;
      onSlice(done.slice());
    }
    await yieldToFrame();
    sliceStart = performance.now();
  }
  if (done.length > reported) onSlice(done.slice());
}
