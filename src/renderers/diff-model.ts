/**
 * The diff view's model, computed with jsdiff: files, hunks and numbered lines from a unified diff or
 * from two texts; folding of long unchanged runs; side-by-side pairing; word-level changes.
 * Only `diff-view.tsx` imports it, so jsdiff lands in the lazily loaded diff chunk.
 */
import { diffLines, diffWordsWithSpace, parsePatch, type StructuredPatch } from 'diff';
import { type GrammarName, grammarFor } from './code-languages';
import type { DiffInput } from './normalize';

/** One line of a file's diff. */
export interface DiffLine {
  type: 'context' | 'add' | 'del';
  text: string;
  oldNo?: number;
  newNo?: number;
  /** Index (in the same file's `lines`) of the line this one replaced or was replaced by. */
  pair?: number;
}

/** A hunk header, placed before the hunk's first line. */
export interface DiffHunk {
  /** Index of the hunk's first line in `lines`. */
  at: number;
  header: string;
  /** Unchanged lines between the previous hunk (or the file start) and this one, not in the patch. */
  skipped: number;
}

/** One file of a diff. */
export interface DiffFile {
  /** The path to show (a/ b/ prefixes dropped). */
  path: string;
  oldPath?: string;
  status: 'modified' | 'added' | 'deleted' | 'renamed' | 'binary';
  additions: number;
  deletions: number;
  lines: DiffLine[];
  hunks: DiffHunk[];
  /** "\ No newline at end of file" seen. */
  noNewlineAtEnd: boolean;
}

/** The parsed diff, or why it could not be parsed. */
export type DiffModel = { ok: true; files: DiffFile[]; note?: string } | { ok: false; reason: string };

/** Unchanged lines kept visible on each side of a change. */
export const CONTEXT_LINES = 3;
/** An unchanged run this long or longer (beyond the kept context) is folded. */
export const FOLD_MIN = 8;

function stripPrefix(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const clean = name.split('\t')[0] ?? name;
  if (clean === '/dev/null') return clean;
  return clean.replace(/^[ab]\//, '');
}

/**
 * Collects a file's lines, numbering them and pairing each added line with the deleted line it
 * replaces (the n-th `+` after a run of `-` pairs with the n-th `-`), for word highlights and the
 * side-by-side layout. Shared by unified patches and before/after texts.
 */
class LineBuilder {
  readonly lines: DiffLine[] = [];
  additions = 0;
  deletions = 0;
  private dels: number[] = [];
  private adds = 0;

  constructor(
    private oldNo: number,
    private newNo: number,
  ) {}

  /** Starts a new hunk at these line numbers: nothing pairs across hunks. */
  restart(oldNo: number, newNo: number): void {
    this.oldNo = oldNo;
    this.newNo = newNo;
    this.dels = [];
    this.adds = 0;
  }

  del(text: string): void {
    if (this.adds > 0) {
      this.dels = [];
      this.adds = 0;
    }
    this.dels.push(this.lines.length);
    this.lines.push({ type: 'del', text, oldNo: this.oldNo++ });
    this.deletions++;
  }

  add(text: string): void {
    const index = this.lines.length;
    const partner = this.dels[this.adds];
    this.lines.push({ type: 'add', text, newNo: this.newNo++, pair: partner });
    if (partner !== undefined) (this.lines[partner] as DiffLine).pair = index;
    this.adds++;
    this.additions++;
  }

  context(text: string): void {
    this.dels = [];
    this.adds = 0;
    this.lines.push({ type: 'context', text, oldNo: this.oldNo++, newNo: this.newNo++ });
  }
}

function fileFromPatch(patch: StructuredPatch): DiffFile {
  const oldName = stripPrefix(patch.oldFileName);
  const newName = stripPrefix(patch.newFileName);
  const built = new LineBuilder(1, 1);
  const hunks: DiffHunk[] = [];
  let noNewlineAtEnd = false;
  let prevOldEnd = 1;
  for (const hunk of patch.hunks) {
    hunks.push({
      at: built.lines.length,
      header: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
      skipped: Math.max(0, hunk.oldStart - prevOldEnd),
    });
    prevOldEnd = hunk.oldStart + hunk.oldLines;
    built.restart(hunk.oldStart, hunk.newStart);
    for (const raw of hunk.lines) {
      const sign = raw[0];
      const text = raw.slice(1);
      if (sign === '\\') noNewlineAtEnd = true;
      else if (sign === '-') built.del(text);
      else if (sign === '+') built.add(text);
      else built.context(text);
    }
  }
  const { lines, additions, deletions } = built;
  let status: DiffFile['status'] = 'modified';
  if (patch.isBinary) status = 'binary';
  else if (oldName === '/dev/null' || patch.isCreate) status = 'added';
  else if (newName === '/dev/null' || patch.isDelete) status = 'deleted';
  else if (oldName && newName && oldName !== newName) status = 'renamed';
  const path =
    (status === 'deleted' ? oldName : newName !== '/dev/null' ? newName : oldName) ?? oldName ?? '(unnamed file)';
  return {
    path,
    oldPath: status === 'renamed' ? oldName : undefined,
    status,
    additions,
    deletions,
    lines,
    hunks,
    noNewlineAtEnd,
  };
}

function splitLines(value: string): string[] {
  const parts = value.split('\n');
  if (parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** Line diff of two texts as one file, every line kept (folding hides the long unchanged runs). */
function fileFromTexts(input: Extract<DiffInput, { type: 'texts' }>): { file: DiffFile; note?: string } {
  const oldText = input.oldText.replace(/\r\n/g, '\n');
  const newText = input.newText.replace(/\r\n/g, '\n');
  // a diff that would take more than a second is shown as a whole replacement rather than freezing the page
  const changes = diffLines(oldText, newText, { timeout: 1000 }) ?? [
    { value: oldText, removed: true, added: false, count: 0 },
    { value: newText, added: true, removed: false, count: 0 },
  ];
  const built = new LineBuilder(1, 1);
  for (const change of changes) {
    for (const text of splitLines(change.value)) {
      if (change.removed) built.del(text);
      else if (change.added) built.add(text);
      else built.context(text);
    }
  }
  const { lines, additions, deletions } = built;
  const oldPath = input.oldPath;
  const newPath = input.newPath ?? oldPath;
  const status: DiffFile['status'] =
    input.oldText === '' && input.newText !== ''
      ? 'added'
      : input.newText === '' && input.oldText !== ''
        ? 'deleted'
        : oldPath && newPath && oldPath !== newPath
          ? 'renamed'
          : 'modified';
  return {
    file: {
      path: newPath ?? oldPath ?? 'Before → after',
      oldPath: status === 'renamed' ? oldPath : undefined,
      status,
      additions,
      deletions,
      lines,
      hunks: [],
      noNewlineAtEnd: false,
    },
  };
}

/** Parses a diff details value; a patch that jsdiff rejects, or that holds no file, gives `ok: false`. */
export function buildDiffModel(input: DiffInput): DiffModel {
  if (input.type === 'texts') {
    const { file, note } = fileFromTexts(input);
    return { ok: true, files: [file], note };
  }
  let patches: StructuredPatch[];
  try {
    patches = parsePatch(input.patch.replace(/\r\n/g, '\n'));
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  const files = patches
    .filter((p) => p.hunks.length > 0 || p.isBinary || p.isRename || p.isCreate || p.isDelete || p.isCopy)
    .map(fileFromPatch);
  if (files.length === 0) return { ok: false, reason: 'No file or hunk header (@@ -a,b +c,d @@) was found.' };
  return { ok: true, files };
}

/** One row of a file's unified layout. */
export type DiffRow =
  | { type: 'hunk'; header: string; skipped: number }
  | { type: 'line'; line: number }
  | { type: 'fold'; id: number; from: number; to: number };

/**
 * The rows of a file: hunk headers, lines, and a fold row in place of each unchanged run longer than
 * `FOLD_MIN` lines beyond `CONTEXT_LINES` of context on each side, unless its id is in `expanded`.
 * Fold ids are the index of the first hidden line, so they stay stable while others expand.
 */
export function fileRows(file: DiffFile, expanded: ReadonlySet<number>): DiffRow[] {
  const rows: DiffRow[] = [];
  const hunkAt = new Map(file.hunks.map((h) => [h.at, h]));
  const { lines } = file;
  let i = 0;
  while (i < lines.length) {
    const hunk = hunkAt.get(i);
    if (hunk) rows.push({ type: 'hunk', header: hunk.header, skipped: hunk.skipped });
    if ((lines[i] as DiffLine).type !== 'context') {
      rows.push({ type: 'line', line: i++ });
      continue;
    }
    // a run of context lines, cut at the next hunk header
    let end = i + 1;
    while (end < lines.length && (lines[end] as DiffLine).type === 'context' && !hunkAt.has(end)) end++;
    const keepBefore = i === 0 || hunkAt.has(i) ? 0 : CONTEXT_LINES;
    const keepAfter = end === lines.length || hunkAt.has(end) ? 0 : CONTEXT_LINES;
    const from = i + keepBefore;
    const to = end - keepAfter;
    if (to - from >= FOLD_MIN && !expanded.has(from)) {
      for (let k = i; k < from; k++) rows.push({ type: 'line', line: k });
      rows.push({ type: 'fold', id: from, from, to });
      for (let k = to; k < end; k++) rows.push({ type: 'line', line: k });
    } else {
      for (let k = i; k < end; k++) rows.push({ type: 'line', line: k });
    }
    i = end;
  }
  return rows;
}

/** One row of the side-by-side layout: a line on either side, or a full-width row. */
export type SplitRow = { type: 'pair'; left?: number; right?: number } | Exclude<DiffRow, { type: 'line' }>;

/** Pairs unified rows for the side-by-side layout: removed lines beside the added lines that replaced them. */
export function splitRows(file: DiffFile, rows: readonly DiffRow[]): SplitRow[] {
  const out: SplitRow[] = [];
  let i = 0;
  while (i < rows.length) {
    const row = rows[i] as DiffRow;
    if (row.type !== 'line') {
      out.push(row);
      i++;
      continue;
    }
    const line = file.lines[row.line] as DiffLine;
    if (line.type === 'context') {
      out.push({ type: 'pair', left: row.line, right: row.line });
      i++;
      continue;
    }
    const dels: number[] = [];
    const adds: number[] = [];
    while (i < rows.length) {
      const r = rows[i] as DiffRow;
      if (r.type !== 'line') break;
      const l = file.lines[r.line] as DiffLine;
      if (l.type === 'del' && adds.length === 0) dels.push(r.line);
      else if (l.type === 'add') adds.push(r.line);
      else break;
      i++;
    }
    for (let k = 0; k < Math.max(dels.length, adds.length); k++)
      out.push({ type: 'pair', left: dels[k], right: adds[k] });
  }
  return out;
}

/** A piece of a changed line: `changed` marks the words that differ from the paired line. */
export interface WordPart {
  text: string;
  changed: boolean;
}

/** Lines longer than this are not word-diffed (the cost grows with the length and the gain does not). */
export const WORD_DIFF_MAX = 1000;

/**
 * The word-level pieces of a removed (`side: 'del'`) or added (`side: 'add'`) line against its pair, or
 * `undefined` when highlighting would not help (no pair, too long, or nothing in common).
 */
export function wordParts(oldText: string, newText: string, side: 'del' | 'add'): WordPart[] | undefined {
  if (oldText.length > WORD_DIFF_MAX || newText.length > WORD_DIFF_MAX) return undefined;
  const key = `${oldText}\u0000${newText}`;
  let both = pairs.get(key);
  if (both === undefined) {
    both = pairParts(oldText, newText);
    // a bounded cache, most recent last: the other line of a pair, and the same lines drawn again (a
    // diff redrawn when its whole text has been screened, or scrolled back to), cost nothing
    if (pairs.size >= PAIR_CACHE) pairs.delete(pairs.keys().next().value as string);
    pairs.set(key, both);
  }
  return both === null ? undefined : both[side];
}

const PAIR_CACHE = 2000;
const pairs = new Map<string, { del: WordPart[]; add: WordPart[] } | null>();

/** Both sides' pieces from one word diff, or `null` when the lines have nothing in common. */
function pairParts(oldText: string, newText: string): { del: WordPart[]; add: WordPart[] } | null {
  const changes = diffWordsWithSpace(oldText, newText);
  let common = 0;
  for (const change of changes)
    if (!change.added && !change.removed && change.value.trim() !== '') common += change.value.length;
  if (common === 0) return null;
  const del: WordPart[] = [];
  const add: WordPart[] = [];
  for (const change of changes) {
    const changed = change.added || change.removed;
    if (!change.added) del.push({ text: change.value, changed });
    if (!change.removed) add.push({ text: change.value, changed });
  }
  return { del, add };
}

/**
 * The grammar name for a diff file's path, from its extension (`src/a.ts` → `typescript`), or `undefined`
 * when the code view has no grammar for it (no extension, an unknown one, or one with stray characters
 * such as a bidi override: those files stay plain).
 */
export function diffLanguage(path: string): GrammarName | undefined {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  if (dot < 0 || dot === base.length - 1 || base.length - dot > 12) return undefined;
  return grammarFor(base.slice(dot + 1));
}

/**
 * Indices (in `file.lines`) of each side's lines in file order: the old side is the context and removed
 * lines, the new side the context and added lines. Each side is tokenized as one text so a construct that
 * spans lines (a block comment, a template string) keeps its colour.
 */
export function sideLines(file: DiffFile): { old: number[]; new: number[] } {
  const old: number[] = [];
  const next: number[] = [];
  file.lines.forEach((line, i) => {
    if (line.type !== 'add') old.push(i);
    if (line.type !== 'del') next.push(i);
  });
  return { old, new: next };
}
