'use client';

import { createTwoFilesPatch } from 'diff';
import { ChevronDown, ChevronRight, Columns2, Rows3 } from 'lucide-react';
import { type CSSProperties, type ReactNode, useCallback, useMemo, useState } from 'react';
import { useToolStepsLabels } from '../components/labels';
import { CopyButton } from './copy';
import { detailsValue } from './detect';
import {
  buildDiffModel,
  type DiffFile,
  type DiffLine,
  type DiffRow,
  fileRows,
  type SplitRow,
  splitRows,
  type WordPart,
  wordParts,
} from './diff-model';
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
 * parse is shown as text with a note.
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
    <div data-slot="tool-step-diff-view" data-renderer="diff" data-layout={layout}>
      <div data-slot="tool-step-renderer-toolbar">
        <span data-slot="tool-step-renderer-summary">
          {words.filesChanged(model.files.length)}
          {', '}
          <span data-slot="tool-step-diff-count" data-sign="add">
            +{count(additions)}
          </span>{' '}
          <span data-slot="tool-step-diff-count" data-sign="del">
            −{count(deletions)}
          </span>
        </span>
        {/* biome-ignore lint/a11y/useSemanticElements: a toolbar group of two toggle buttons, not a form fieldset */}
        <div data-slot="tool-step-switch" role="group" aria-label={words.diffLayout}>
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

function DiffFileView({ file, layout }: { file: DiffFile; layout: DiffLayout }) {
  const [open, setOpen] = useState(true);
  const viewWords = useToolStepsLabels().views;
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const rows = useMemo(() => fileRows(file, expanded), [file, expanded]);
  const split = useMemo(() => (layout === 'split' ? splitRows(file, rows) : undefined), [file, rows, layout]);
  // Word diffs by line index, for this file only: a new file (new details) starts a new cache.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `file` is the cache's key, not an input
  const words = useMemo(() => ({ current: new Map<number, WordPart[] | undefined>() }), [file]);
  const expand = useCallback((id: number) => setExpanded((prev) => new Set(prev).add(id)), []);
  const rowCount = split ? split.length : rows.length;
  const win = useWindow(rowCount);
  const digits = useMemo(() => {
    let max = 1;
    for (const line of file.lines) max = Math.max(max, line.oldNo ?? 0, line.newNo ?? 0);
    return String(max).length;
  }, [file]);

  const partsOf = (index: number): WordPart[] | undefined => {
    const line = file.lines[index] as DiffLine;
    if (line.pair === undefined || line.type === 'context') return undefined;
    if (words.current.has(index)) return words.current.get(index);
    const other = file.lines[line.pair] as DiffLine;
    const parts =
      line.type === 'del' ? wordParts(line.text, other.text, 'del') : wordParts(other.text, line.text, 'add');
    words.current.set(index, parts);
    return parts;
  };

  const code = (index: number): ReactNode => {
    const line = file.lines[index] as DiffLine;
    const parts = partsOf(index);
    if (!parts) return line.text;
    return parts.map((part, k) =>
      part.changed ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: parts of one line never reorder
        <span key={k} data-slot="tool-step-diff-word" data-change={line.type}>
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
        <div key={key} data-slot="tool-step-diff-hunk" style={{ height: ROW_HEIGHT }}>
          {row.skipped > 0 ? viewWords.unchangedLines(row.skipped) : ''}
          {row.header}
        </div>
      );
    }
    return (
      <div key={key} data-slot="tool-step-diff-fold" style={{ height: ROW_HEIGHT }}>
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
      <div key={i} data-slot="tool-step-diff-row" data-line-type={line.type} style={{ height: ROW_HEIGHT }}>
        <span data-slot="tool-step-diff-line-number" data-side="old">
          {line.oldNo ?? ''}
        </span>
        <span data-slot="tool-step-diff-line-number" data-side="new">
          {line.newNo ?? ''}
        </span>
        <span data-slot="tool-step-diff-sign">{sign(line.type)}</span>
        <span data-slot="tool-step-diff-code">{code(row.line)}</span>
      </div>
    );
  };

  const cell = (index: number | undefined, side: 'old' | 'new'): ReactNode => {
    if (index === undefined) return <span data-slot="tool-step-diff-cell" data-side={side} data-line-type="empty" />;
    const line = file.lines[index] as DiffLine;
    return (
      <span data-slot="tool-step-diff-cell" data-side={side} data-line-type={line.type}>
        <span data-slot="tool-step-diff-line-number" data-side={side}>
          {(side === 'old' ? line.oldNo : line.newNo) ?? ''}
        </span>
        <span data-slot="tool-step-diff-sign">{sign(line.type)}</span>
        <span data-slot="tool-step-diff-code">{code(index)}</span>
      </span>
    );
  };

  const splitRow = (i: number): ReactNode => {
    const row = (split as SplitRow[])[i] as SplitRow;
    if (row.type !== 'pair') return fullRow(row, i);
    return (
      <div key={i} data-slot="tool-step-diff-row" data-layout="split" style={{ height: ROW_HEIGHT }}>
        {cell(row.left, 'old')}
        {cell(row.right, 'new')}
      </div>
    );
  };

  const status = file.status === 'modified' ? undefined : viewWords.fileStatus[file.status];
  return (
    <section
      data-slot="tool-step-diff-file"
      data-status={file.status}
      style={{ '--_ts-diff-digits': `${digits + 2}ch` } as CSSProperties}
    >
      <div data-slot="tool-step-diff-file-header">
        <button
          type="button"
          data-slot="tool-step-diff-file-toggle"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <ChevronDown aria-hidden size={14} /> : <ChevronRight aria-hidden size={14} />}
          <span data-slot="tool-step-diff-file-path">
            {file.oldPath ? `${file.oldPath} → ${file.path}` : file.path}
          </span>
        </button>
        {status ? <span data-slot="tool-step-diff-file-status">{status}</span> : null}
        <span data-slot="tool-step-diff-count" data-sign="add">
          +{count(file.additions)}
        </span>
        <span data-slot="tool-step-diff-count" data-sign="del">
          −{count(file.deletions)}
        </span>
      </div>
      {open ? (
        file.lines.length === 0 ? (
          <p data-slot="tool-step-renderer-note">
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
      {open && file.noNewlineAtEnd ? <p data-slot="tool-step-renderer-note">{viewWords.noNewline}</p> : null}
    </section>
  );
}

export default DiffView;
