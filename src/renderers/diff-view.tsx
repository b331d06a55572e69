'use client';

import { createTwoFilesPatch } from 'diff';
import ChevronDown from 'lucide-react/icons/chevron-down';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Columns2 from 'lucide-react/icons/columns-2';
import Rows3 from 'lucide-react/icons/rows-3';
import { type CSSProperties, Fragment, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { afterNextPaint } from '../internal/after-paint';
import { useToolStepsLabels } from '../internal/context';
import { CopyButton } from './copy';
import { detailsValue } from './detect';
import {
  buildDiffModel,
  type DiffFile,
  type DiffLine,
  type DiffRow,
  diffLanguage,
  fileRows,
  type SplitRow,
  sideLines,
  splitRows,
  type WordPart,
  wordParts,
} from './diff-model';
import type { HighlightToken } from './highlight';
import { type DiffInput, toDiffInput } from './normalize';
import { TextView } from './text-view';
import type { DetailsRendererProps } from './types';
import { ROW_HEIGHT, useWindow, WindowedRows } from './window';

/** How the diff is laid out: one column with both versions, or old and new side by side. */
export type DiffLayout = 'unified' | 'split';

/** Props of `DiffView`. */
export interface DiffViewProps extends DetailsRendererProps {
  /** The layout first shown; people can switch. @default 'unified' */
  defaultLayout?: DiffLayout;
}

const count = (n: number) => n.toLocaleString('en-US');

function patchText(input: DiffInput): string {
  if (input.type === 'patch') return input.patch;
  return createTwoFilesPatch(
    input.oldPath ?? 'before',
    input.newPath ?? input.oldPath ?? 'after',
    input.oldText,
    input.newText,
  );
}

/**
 * A diff: unified diffs with one or many files, or two texts compared with jsdiff. Each file has a header
 * (path, status, added and removed counts) and numbered lines; changed words are highlighted inside
 * changed lines; long unchanged runs fold into "N unchanged lines" buttons; unified and side-by-side
 * layouts; lines are windowed, so a 10,000-line diff renders only what is on screen. A diff that does not
 * parse is shown as text with a note. A file whose extension names a language the code view knows is
 * syntax-coloured once the plain diff has painted (`data-highlighted="partial" | "complete"` on the file;
 * tokens are `data-slot="tool-step-diff-token"`, inside the changed-word marks where they fall).
 * Renders `<div data-slot="tool-step-diff-view" data-renderer="diff" data-layout>` with one `data-slot="tool-step-diff-file"`
 * per file; rows are `data-slot="tool-step-diff-row"` with `data-line-type="context" | "add" | "del"`.
 */
export function DiffView(props: DiffViewProps) {
  const { details, defaultLayout = 'unified' } = props;
  const input = useMemo(() => toDiffInput(detailsValue(details)), [details]);
  const model = useMemo(() => (input ? buildDiffModel(input) : undefined), [input]);
  const [layout, setLayout] = useState<DiffLayout>(defaultLayout);
  const labels = useToolStepsLabels();
  const words = labels.views;
  if (!input || !model) {
    return <TextView {...props} note={words.notDiff} />;
  }
  if (!model.ok) {
    return (
      <TextView
        {...props}
        details={input.type === 'patch' ? input.patch : details}
        note={words.diffUnreadable(model.reason)}
      />
    );
  }
  const additions = model.files.reduce((sum, f) => sum + f.additions, 0);
  const deletions = model.files.reduce((sum, f) => sum + f.deletions, 0);
  return (
    <div data-slot="tool-step-diff-view" className="tool-step-diff-view" data-renderer="diff" data-layout={layout}>
      <div data-slot="tool-step-renderer-toolbar" className="tool-step-renderer-toolbar">
        <span data-slot="tool-step-renderer-summary" className="tool-step-renderer-summary">
          {words.filesChanged(model.files.length)}
          {', '}
          <span data-slot="tool-step-diff-count" className="tool-step-diff-count" data-sign="add">
            +{count(additions)}
          </span>{' '}
          <span data-slot="tool-step-diff-count" className="tool-step-diff-count" data-sign="del">
            −{count(deletions)}
          </span>
        </span>
        {/* biome-ignore lint/a11y/useSemanticElements: a toolbar group of two toggle buttons, not a form fieldset */}
        <div data-slot="tool-step-switch" className="tool-step-switch" role="group" aria-label={words.diffLayout}>
          <button type="button" aria-pressed={layout === 'unified'} onClick={() => setLayout('unified')}>
            <Rows3 aria-hidden size={14} /> {words.unified}
          </button>
          <button type="button" aria-pressed={layout === 'split'} onClick={() => setLayout('split')}>
            <Columns2 aria-hidden size={14} /> {words.split}
          </button>
        </div>
        <CopyButton text={() => patchText(input)} label={labels.copy.diff} />
      </div>
      {model.files.map((file, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a patch may name a file twice; files keep their order
        <DiffFileView key={`${index}:${file.path}`} file={file} layout={layout} />
      ))}
    </div>
  );
}

/** What a piece of a line is drawn on: the block, an added or removed line, or a changed-word mark. */
type Paint = 'context' | 'add' | 'del' | 'addWord' | 'delWord';

/**
 * The default backgrounds of each paint in each scheme (`styles.css`). The code view's theme colours meet
 * 4.5:1 on neither the green and red rows nor the darker word marks (nor, for a few, the block itself), so
 * each token colour is moved toward the scheme's text colour until it does, against every background it
 * may sit on. A host that changes the diff backgrounds takes on their contrast, as with every token.
 */
const BACKGROUNDS: Record<'light' | 'dark', Record<Paint, readonly string[]>> = {
  light: {
    context: ['#ffffff', '#f6f8fa'],
    add: ['#dafbe1'],
    del: ['#ffebe9'],
    addWord: ['#9be9a8'],
    delWord: ['#ffb0b0'],
  },
  dark: {
    context: ['#161b22', '#0d1117'],
    add: ['#12261e'],
    del: ['#25171c'],
    addWord: ['#1f6f3b'],
    delWord: ['#8e1519'],
  },
};

/** The contrast a token colour must have against its background (WCAG AA, normal text). */
export const MIN_CONTRAST = 4.5;

function rgbOf(hex: string): [number, number, number] | undefined {
  const m = /^#([0-9a-f]{6})(?:[0-9a-f]{2})?$/i.exec(hex.trim());
  if (!m) return undefined;
  const n = Number.parseInt(m[1] as string, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance([r, g, b]: readonly number[]): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r as number) + 0.7152 * lin(g as number) + 0.0722 * lin(b as number);
}

/** The contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: readonly number[], b: readonly number[]): number {
  const x = luminance(a);
  const y = luminance(b);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

const hexOf = (rgb: readonly number[]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
const adjusted = new Map<string, string>();

/** `colour`, or the first mix of it toward black (light) or white (dark) that meets `MIN_CONTRAST` on `paint`. */
export function readableColour(colour: string, scheme: 'light' | 'dark', paint: Paint): string {
  const key = `${colour}|${scheme}|${paint}`;
  const known = adjusted.get(key);
  if (known) return known;
  const rgb = rgbOf(colour);
  let out = colour;
  if (rgb) {
    const target = scheme === 'light' ? 0 : 255;
    const backgrounds = BACKGROUNDS[scheme][paint].map((bg) => rgbOf(bg) as [number, number, number]);
    for (let t = 0; t <= 1.0001; t += 0.05) {
      const mixed = rgb.map((v) => v + (target - v) * t);
      if (backgrounds.every((bg) => contrastRatio(mixed, bg) >= MIN_CONTRAST)) {
        out = t === 0 ? colour : hexOf(mixed);
        break;
      }
    }
  }
  adjusted.set(key, out);
  return out;
}

const styles = new Map<string, CSSProperties>();

function tokenStyle(token: HighlightToken, paint: Paint): CSSProperties | undefined {
  const light = token.style?.['--shiki-light'];
  const dark = token.style?.['--shiki-dark'];
  if (!light || !dark) return undefined;
  const key = `${light}|${dark}|${paint}`;
  let style = styles.get(key);
  if (!style) {
    style = {
      '--shiki-light': readableColour(light, 'light', paint),
      '--shiki-dark': readableColour(dark, 'dark', paint),
    } as CSSProperties;
    styles.set(key, style);
  }
  return style;
}

/** The coloured pieces of `tokens` between characters `from` and `to` of their line. */
function tokenPieces(tokens: readonly HighlightToken[], from: number, to: number, paint: Paint): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  for (const token of tokens) {
    const start = at;
    at += token.content.length;
    if (at <= from) continue;
    if (start >= to) break;
    const text = token.content.slice(Math.max(0, from - start), Math.min(token.content.length, to - start));
    const style = tokenStyle(token, paint);
    out.push(
      style ? (
        <span key={start} data-slot="tool-step-diff-token" className="tool-step-diff-token" style={style}>
          {text}
        </span>
      ) : (
        <Fragment key={start}>{text}</Fragment>
      ),
    );
  }
  return out;
}

/** Each side's tokens (in `sideLines` order) as they arrive, and whether both sides are done. */
interface DiffColours {
  file: DiffFile;
  old: HighlightToken[][];
  new: HighlightToken[][];
  complete: boolean;
}

/**
 * Colours a file's two sides when its path names a language with a grammar: `highlight.ts` (and Shiki) is
 * imported only then, after the plain diff has painted, and each side is tokenized in slices carrying the
 * grammar state. `undefined` until the first slice, and for other files.
 */
function useDiffHighlight(file: DiffFile): DiffColours | undefined {
  const language = useMemo(
    () => diffLanguage(file.path) ?? (file.oldPath === undefined ? undefined : diffLanguage(file.oldPath)),
    [file],
  );
  const [state, setState] = useState<DiffColours>();
  useEffect(() => {
    if (language === undefined || file.lines.length === 0) return;
    const controller = new AbortController();
    const sides = sideLines(file);
    const colours: DiffColours = { file, old: [], new: [], complete: false };
    let finished = 0;
    const publish = () => setState({ ...colours, complete: finished === 2 });
    // after the plain diff has painted: the effect of a click runs before that frame
    afterNextPaint()
      .then(() => import('./highlight'))
      .then((m) =>
        Promise.all(
          (['old', 'new'] as const).map((side) =>
            m
              .highlightLines(
                sides[side].map((i) => (file.lines[i] as DiffLine).text),
                language,
                (tokens) => {
                  colours[side] = tokens;
                  publish();
                },
                controller.signal,
              )
              .then(() => {
                if (controller.signal.aborted) return;
                finished++;
                publish();
              }),
          ),
        ),
      )
      // A grammar that cannot load leaves the diff plain: colour is never worth an error.
      .catch(() => {});
    return () => controller.abort();
  }, [file, language]);
  return state?.file === file ? state : undefined;
}

/** A file longer than this shows its lines first and marks the changed words once they have painted. */
export const DEFER_WORDS_LINES = 2000;

/**
 * `false` until the frame after the first paint when `defer` (a long file: its first lines show without
 * waiting for the word diffs of the rows in view), then `true` for good; always `true` otherwise.
 */
function useWordsAfterPaint(defer: boolean): boolean {
  const [shown, setShown] = useState(!defer);
  useEffect(() => {
    if (shown) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      timer = setTimeout(() => setShown(true), 0);
    };
    // a task after the next frame's paint (where there is no frame, such as jsdom without it, a task)
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(show) : undefined;
    if (frame === undefined) show();
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [shown]);
  return shown;
}

function DiffFileView({ file, layout }: { file: DiffFile; layout: DiffLayout }) {
  const [open, setOpen] = useState(true);
  const viewWords = useToolStepsLabels().views;
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const rows = useMemo(() => fileRows(file, expanded), [file, expanded]);
  const split = useMemo(() => (layout === 'split' ? splitRows(file, rows) : undefined), [file, rows, layout]);
  // Word diffs by line index, for this file only: a new file (new details) starts a new cache.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `file` is the cache's key, not an input
  const words = useMemo(() => ({ current: new Map<number, WordPart[] | undefined>() }), [file]);
  const colours = useDiffHighlight(file);
  const wordsShown = useWordsAfterPaint(file.lines.length > DEFER_WORDS_LINES);
  // Where each line sits in its side's token list (-1: not on that side).
  const positions = useMemo(() => {
    const sides = sideLines(file);
    const old = new Int32Array(file.lines.length).fill(-1);
    const next = new Int32Array(file.lines.length).fill(-1);
    sides.old.forEach((line, k) => {
      old[line] = k;
    });
    sides.new.forEach((line, k) => {
      next[line] = k;
    });
    return { old, new: next };
  }, [file]);
  const expand = useCallback((id: number) => setExpanded((prev) => new Set(prev).add(id)), []);
  const rowCount = split ? split.length : rows.length;
  const win = useWindow(rowCount);
  const digits = useMemo(() => {
    let max = 1;
    for (const line of file.lines) max = Math.max(max, line.oldNo ?? 0, line.newNo ?? 0);
    return String(max).length;
  }, [file]);

  const partsOf = (index: number): WordPart[] | undefined => {
    if (!wordsShown) return undefined;
    const line = file.lines[index] as DiffLine;
    if (line.pair === undefined || line.type === 'context') return undefined;
    if (words.current.has(index)) return words.current.get(index);
    const other = file.lines[line.pair] as DiffLine;
    const parts =
      line.type === 'del' ? wordParts(line.text, other.text, 'del') : wordParts(other.text, line.text, 'add');
    words.current.set(index, parts);
    return parts;
  };

  const tokensOf = (index: number): HighlightToken[] | undefined => {
    if (!colours) return undefined;
    const line = file.lines[index] as DiffLine;
    const fromNew = line.type === 'del' ? undefined : colours.new[positions.new[index] as number];
    const tokens = fromNew ?? (line.type === 'add' ? undefined : colours.old[positions.old[index] as number]);
    // Tokens that do not spell the line exactly (never expected) are dropped rather than shown wrong.
    if (!tokens || tokens.map((t) => t.content).join('') !== line.text) return undefined;
    return tokens;
  };

  const code = (index: number): ReactNode => {
    const line = file.lines[index] as DiffLine;
    const parts = partsOf(index);
    const tokens = tokensOf(index);
    if (tokens) {
      const paint: Paint = line.type === 'context' ? 'context' : line.type;
      if (!parts) return tokenPieces(tokens, 0, line.text.length, paint);
      let at = 0;
      return parts.map((part) => {
        const from = at;
        at += part.text.length;
        return part.changed ? (
          <span key={from} data-slot="tool-step-diff-word" className="tool-step-diff-word" data-change={line.type}>
            {tokenPieces(tokens, from, at, line.type === 'add' ? 'addWord' : 'delWord')}
          </span>
        ) : (
          <Fragment key={from}>{tokenPieces(tokens, from, at, paint)}</Fragment>
        );
      });
    }
    if (!parts) return line.text;
    return parts.map((part, k) =>
      part.changed ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: parts of one line never reorder
        <span key={k} data-slot="tool-step-diff-word" className="tool-step-diff-word" data-change={line.type}>
          {part.text}
        </span>
      ) : (
        part.text
      ),
    );
  };

  const sign = (type: DiffLine['type']) => (type === 'add' ? '+' : type === 'del' ? '−' : ' ');

  const fullRow = (row: Exclude<DiffRow, { type: 'line' }>, key: number): ReactNode => {
    if (row.type === 'hunk') {
      return (
        <div key={key} data-slot="tool-step-diff-hunk" className="tool-step-diff-hunk" style={{ height: ROW_HEIGHT }}>
          {row.skipped > 0 ? viewWords.unchangedLines(row.skipped) : ''}
          {row.header}
        </div>
      );
    }
    return (
      <div key={key} data-slot="tool-step-diff-fold" className="tool-step-diff-fold" style={{ height: ROW_HEIGHT }}>
        <button type="button" onClick={() => expand(row.id)}>
          {viewWords.showUnchanged(row.to - row.from)}
        </button>
      </div>
    );
  };

  const unifiedRow = (i: number): ReactNode => {
    const row = rows[i] as DiffRow;
    if (row.type !== 'line') return fullRow(row, i);
    const line = file.lines[row.line] as DiffLine;
    return (
      <div
        key={i}
        data-slot="tool-step-diff-row"
        className="tool-step-diff-row"
        data-line-type={line.type}
        style={{ height: ROW_HEIGHT }}
      >
        <span data-slot="tool-step-diff-line-number" className="tool-step-diff-line-number" data-side="old">
          {line.oldNo ?? ''}
        </span>
        <span data-slot="tool-step-diff-line-number" className="tool-step-diff-line-number" data-side="new">
          {line.newNo ?? ''}
        </span>
        <span data-slot="tool-step-diff-sign" className="tool-step-diff-sign">
          {sign(line.type)}
        </span>
        <span data-slot="tool-step-diff-code" className="tool-step-diff-code">
          {code(row.line)}
        </span>
      </div>
    );
  };

  const cell = (index: number | undefined, side: 'old' | 'new'): ReactNode => {
    if (index === undefined)
      return (
        <span data-slot="tool-step-diff-cell" className="tool-step-diff-cell" data-side={side} data-line-type="empty" />
      );
    const line = file.lines[index] as DiffLine;
    return (
      <span data-slot="tool-step-diff-cell" className="tool-step-diff-cell" data-side={side} data-line-type={line.type}>
        <span data-slot="tool-step-diff-line-number" className="tool-step-diff-line-number" data-side={side}>
          {(side === 'old' ? line.oldNo : line.newNo) ?? ''}
        </span>
        <span data-slot="tool-step-diff-sign" className="tool-step-diff-sign">
          {sign(line.type)}
        </span>
        <span data-slot="tool-step-diff-code" className="tool-step-diff-code">
          {code(index)}
        </span>
      </span>
    );
  };

  const splitRow = (i: number): ReactNode => {
    const row = (split as SplitRow[])[i] as SplitRow;
    if (row.type !== 'pair') return fullRow(row, i);
    return (
      <div
        key={i}
        data-slot="tool-step-diff-row"
        className="tool-step-diff-row"
        data-layout="split"
        style={{ height: ROW_HEIGHT }}
      >
        {cell(row.left, 'old')}
        {cell(row.right, 'new')}
      </div>
    );
  };

  const status = file.status === 'modified' ? undefined : viewWords.fileStatus[file.status];
  return (
    <section
      data-slot="tool-step-diff-file"
      className="tool-step-diff-file"
      data-status={file.status}
      data-highlighted={colours ? (colours.complete ? 'complete' : 'partial') : undefined}
      style={{ '--_ts-diff-digits': `${digits + 2}ch` } as CSSProperties}
    >
      <div data-slot="tool-step-diff-file-header" className="tool-step-diff-file-header">
        <button
          type="button"
          data-slot="tool-step-diff-file-toggle"
          className="tool-step-diff-file-toggle"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <ChevronDown aria-hidden size={14} /> : <ChevronRight aria-hidden size={14} />}
          <span data-slot="tool-step-diff-file-path" className="tool-step-diff-file-path">
            {file.oldPath ? `${file.oldPath} → ${file.path}` : file.path}
          </span>
        </button>
        {status ? (
          <span data-slot="tool-step-diff-file-status" className="tool-step-diff-file-status">
            {status}
          </span>
        ) : null}
        <span data-slot="tool-step-diff-count" className="tool-step-diff-count" data-sign="add">
          +{count(file.additions)}
        </span>
        <span data-slot="tool-step-diff-count" className="tool-step-diff-count" data-sign="del">
          −{count(file.deletions)}
        </span>
      </div>
      {open ? (
        file.lines.length === 0 ? (
          <p data-slot="tool-step-renderer-note" className="tool-step-renderer-note">
            {file.status === 'binary' ? viewWords.binaryFile : viewWords.noLineChanged}
          </p>
        ) : (
          <WindowedRows
            count={rowCount}
            window={win}
            row={split ? splitRow : unifiedRow}
            label={viewWords.diffOf(file.path)}
            slot="tool-step-diff-lines"
          />
        )
      ) : null}
      {open && file.noNewlineAtEnd ? (
        <p data-slot="tool-step-renderer-note" className="tool-step-renderer-note">
          {viewWords.noNewline}
        </p>
      ) : null}
    </section>
  );
}

export default DiffView;
