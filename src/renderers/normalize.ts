/**
 * Pure readers that turn a details value of any shape into what one renderer draws.
 * No React, no jsdiff, no anser here: detection and the light renderers share them.
 */

import { isRecord } from '../core/values';

/** A plain object (not an array, not null). */
export type UnknownRecord = Record<string, unknown>;

const HUNK_HEADER = /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@/m;
const FILE_HEADERS = /^--- [^\n]*\n\+\+\+ /m;
const DIFF_START = /^(?:diff --git |Index: |--- |@@ -\d)/;

/**
 * `true` when a string looks like a unified diff: it starts with a diff, index, file or hunk header
 * and holds at least one hunk header (`@@ -a,b +c,d @@`) or a `---`/`+++` file header pair.
 */
export function isUnifiedDiffText(text: string): boolean {
  const start = text.trimStart().slice(0, 200);
  if (!DIFF_START.test(start)) return false;
  return HUNK_HEADER.test(text) || FILE_HEADERS.test(text);
}

// ESC followed by `[` (CSI) or `]` (OSC): the start of a terminal control sequence.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching terminal control characters is the point
const ANSI_START = /\u001b[[\]]/;

/** `true` when a string carries ANSI escape sequences. */
export function hasAnsi(text: string): boolean {
  return ANSI_START.test(text);
}

/** The before/after texts and file name of a diff given as two texts. */
export interface BeforeAfter {
  oldText: string;
  newText: string;
  oldPath?: string;
  newPath?: string;
}

/** What a diff details value holds: unified diff text, or two texts to compare. */
export type DiffInput = { type: 'patch'; patch: string } | ({ type: 'texts' } & BeforeAfter);

function pathOf(record: UnknownRecord, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/**
 * Reads a diff details value: a unified diff string, `{ diff }`, `{ patch }`, `{ oldText, newText }` or
 * `{ before, after }` (with an optional `path`/`file`/`filename`/`oldPath`/`newPath`). `null` when it is none.
 */
export function toDiffInput(details: unknown): DiffInput | null {
  if (typeof details === 'string') return { type: 'patch', patch: details };
  if (!isRecord(details)) return null;
  for (const key of ['diff', 'patch', 'unifiedDiff']) {
    const value = details[key];
    if (typeof value === 'string') return { type: 'patch', patch: value };
  }
  const pairs: Array<[string, string]> = [
    ['oldText', 'newText'],
    ['before', 'after'],
    ['oldContent', 'newContent'],
    ['original', 'modified'],
  ];
  for (const [a, b] of pairs) {
    const oldValue = details[a];
    const newValue = details[b];
    const sideOk = (v: unknown) => typeof v === 'string' || v === null || v === undefined;
    // one side may be null or absent (a created or deleted file), not both
    if ((typeof oldValue === 'string' || typeof newValue === 'string') && sideOk(oldValue) && sideOk(newValue)) {
      const path = pathOf(details, 'path', 'file', 'filename', 'fileName', 'filePath');
      return {
        type: 'texts',
        oldText: typeof oldValue === 'string' ? oldValue : '',
        newText: typeof newValue === 'string' ? newValue : '',
        oldPath: pathOf(details, 'oldPath', 'oldFileName') ?? path,
        newPath: pathOf(details, 'newPath', 'newFileName') ?? path,
      };
    }
  }
  return null;
}

/** One stream of terminal output. */
export interface TerminalStream {
  stream: 'stdout' | 'stderr' | 'output';
  text: string;
}

/** What a terminal details value holds. */
export interface TerminalInput {
  streams: TerminalStream[];
  exitCode?: number;
  command?: string;
  durationMs?: number;
}

/**
 * Decodes bytes as UTF-8 with replacement characters: a Uint8Array, an ArrayBuffer, a number array or
 * Node's `Buffer.toJSON()` shape `{ type: 'Buffer', data: number[] }`. `undefined` for anything else.
 */
export function bytesToText(value: unknown): string | undefined {
  let bytes: Uint8Array | undefined;
  if (value instanceof Uint8Array) bytes = value;
  else if (value instanceof ArrayBuffer) bytes = new Uint8Array(value);
  else if (isRecord(value) && value.type === 'Buffer' && Array.isArray(value.data))
    bytes = Uint8Array.from(value.data as number[]);
  if (!bytes) return undefined;
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

/** A string as it is, or bytes (`Uint8Array`, `ArrayBuffer`, a serialized `Buffer`) decoded as UTF-8. */
function textOrBytes(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return bytesToText(value);
}

function numberOf(...values: unknown[]): number | undefined {
  for (const value of values) if (typeof value === 'number' && Number.isFinite(value)) return value;
  return undefined;
}

/**
 * `true` when an object is terminal output: `stdout`/`stderr` text, an `exitCode`, VT Code's
 * `ui_content`, or ANSI text in `text`/`output`.
 */
export function isTerminalRecord(details: UnknownRecord): boolean {
  if (textOrBytes(details.stdout) !== undefined || textOrBytes(details.stderr) !== undefined) return true;
  if (typeof details.exitCode === 'number' || typeof details.exit_code === 'number') return true;
  if (typeof details.ui_content === 'string') return true;
  for (const key of ['text', 'output']) {
    const value = details[key];
    if (typeof value === 'string' && hasAnsi(value)) return true;
  }
  return false;
}

/**
 * Reads a terminal details value: ANSI text, `{ stdout, stderr, exitCode }`, VT Code's `{ ui_content }`,
 * `{ kind: 'terminal', text }` or `{ output }`. Byte arrays are decoded with replacement characters.
 */
export function toTerminalInput(details: unknown): TerminalInput {
  const direct = textOrBytes(details);
  if (direct !== undefined) return { streams: [{ stream: 'output', text: direct }] };
  if (!isRecord(details)) return { streams: [{ stream: 'output', text: details == null ? '' : String(details) }] };
  const streams: TerminalStream[] = [];
  const combined =
    textOrBytes(details.text) ??
    textOrBytes(details.ui_content) ??
    textOrBytes(details.output) ??
    textOrBytes(details.content);
  if (combined !== undefined) streams.push({ stream: 'output', text: combined });
  const stdout = textOrBytes(details.stdout);
  if (stdout !== undefined && stdout !== '') streams.push({ stream: 'stdout', text: stdout });
  const stderr = textOrBytes(details.stderr);
  if (stderr !== undefined && stderr !== '') streams.push({ stream: 'stderr', text: stderr });
  const command =
    typeof details.command === 'string' ? details.command : typeof details.cmd === 'string' ? details.cmd : undefined;
  return {
    streams,
    exitCode: numberOf(details.exitCode, details.exit_code, details.code),
    command,
    durationMs: numberOf(details.durationMs, details.duration_ms),
  };
}

/** A cell value in a table: a flat record's values are primitives. */
export type TableCell = string | number | boolean | null | undefined;

/** A table: column names in first-seen order and the rows. */
export interface TableInput {
  columns: string[];
  rows: Array<Record<string, TableCell>>;
}

function isPrimitive(value: unknown): value is TableCell {
  return value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value);
}

/** `true` for a non-empty array whose items are all objects with only primitive values. */
export function isFlatRecordArray(value: unknown): value is Array<Record<string, TableCell>> {
  if (!Array.isArray(value) || value.length === 0) return false;
  for (const row of value) {
    if (!isRecord(row)) return false;
    for (const key in row) if (!isPrimitive(row[key])) return false;
  }
  return true;
}

/**
 * Reads a table details value: an array of flat records, or `{ rows, columns? }` where `rows` is an array
 * of flat records or of arrays (then `columns` names them). `null` when it is none.
 */
export function toTableInput(details: unknown): TableInput | null {
  let rows: unknown = details;
  let columns: string[] | undefined;
  if (isRecord(details)) {
    rows = details.rows ?? details.data ?? details.items;
    if (Array.isArray(details.columns))
      columns = details.columns.map((c) => (isRecord(c) ? String(c.key ?? c.name ?? '') : String(c)));
  }
  if (!Array.isArray(rows)) return null;
  if (columns && rows.every((r) => Array.isArray(r))) {
    const names = columns;
    return {
      columns: names,
      rows: (rows as unknown[][]).map((r) =>
        Object.fromEntries(names.map((name, i) => [name, isPrimitive(r[i]) ? r[i] : JSON.stringify(r[i])])),
      ) as Array<Record<string, TableCell>>,
    };
  }
  if (rows.length > 0 && !isFlatRecordArray(rows)) return null;
  const seen = new Set<string>(columns);
  const order = columns ? [...columns] : [];
  for (const row of rows as Array<Record<string, TableCell>>) {
    for (const key in row) {
      if (!seen.has(key)) {
        seen.add(key);
        order.push(key);
      }
    }
  }
  return { columns: order, rows: rows as Array<Record<string, TableCell>> };
}

/** Raster image types that may be shown from a `data:` URL. SVG is never one of them. */
export const RASTER_IMAGE_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
];

const DATA_URL = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)?((?:;[a-z0-9-]+=[^;,]*)*)(;base64)?,/i;
const BASE64 = /^[A-Za-z0-9+/=\s_-]*$/;

/**
 * The URL a media part may be rendered with, or `undefined`: only `http(s)` URLs, and `data:` URLs of
 * raster images (png, jpeg, gif, webp, avif, bmp). `javascript:`, `vbscript:`, `data:image/svg+xml`,
 * `blob:`, `file:` and relative URLs are refused.
 */
export function safeMediaUrl(url: string): string | undefined {
  const trimmed = url.trim();
  if (/^data:/i.test(trimmed)) {
    const match = DATA_URL.exec(trimmed);
    const type = match?.[1]?.toLowerCase();
    if (!match || !type || !RASTER_IMAGE_TYPES.includes(type)) return undefined;
    return trimmed;
  }
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return undefined;
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
}

/** One piece of a media details value. */
export type MediaItem =
  | { type: 'text'; text: string }
  | {
      type: 'image' | 'file';
      mediaType?: string;
      filename?: string;
      alt?: string;
      /** A URL that passed `safeMediaUrl`; absent when there is none. */
      src?: string;
      /** The refused URL, shown as text. */
      refused?: string;
      /** Size in bytes, given or computed from base64 data. */
      size?: number;
    };

function base64Size(data: string): number {
  const clean = data.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

const MEDIA_PART_TYPES = new Set([
  'file',
  'image',
  'media',
  'image-data',
  'image-url',
  'file-data',
  'file-url',
  'input_image',
  'image_url',
]);

/** `true` for a part that carries a file or image (Anvia, AI SDK, MCP/Anthropic-style image parts). */
export function isMediaPart(value: unknown): boolean {
  return isRecord(value) && typeof value.type === 'string' && MEDIA_PART_TYPES.has(value.type);
}

function isTextPart(value: unknown): boolean {
  return isRecord(value) && value.type === 'text' && typeof value.text === 'string';
}

/** Reads one file/image part into a `MediaItem`; `null` when it is not one. */
export function toMediaItem(part: unknown): MediaItem | null {
  if (isTextPart(part)) return { type: 'text', text: (part as { text: string }).text };
  if (!isMediaPart(part)) return null;
  const p = part as UnknownRecord;
  const source = isRecord(p.source) ? p.source : undefined;
  const mediaType = [p.mediaType, p.mimeType, p.media_type, source?.media_type, source?.mediaType].find(
    (v) => typeof v === 'string',
  ) as string | undefined;
  const filename = [p.filename, p.fileName, p.name].find((v) => typeof v === 'string') as string | undefined;
  const alt = typeof p.alt === 'string' ? p.alt : typeof p.title === 'string' ? p.title : undefined;
  let url: string | undefined;
  let base64: string | undefined;
  let inlineText: string | undefined;
  const data = p.data;
  if (isRecord(data)) {
    if (data.type === 'data' && typeof data.data === 'string') base64 = data.data;
    else if (data.type === 'url' && typeof data.url === 'string') url = data.url;
    else if (data.type === 'text' && typeof data.text === 'string') inlineText = data.text;
  } else if (typeof data === 'string') {
    if (/^[a-z][a-z0-9+.-]*:/i.test(data.trim()) && !BASE64.test(data)) url = data;
    else base64 = data;
  }
  if (source?.type === 'base64' && typeof source.data === 'string') base64 = source.data;
  if (source?.type === 'url' && typeof source.url === 'string') url = source.url;
  for (const key of ['url', 'image', 'image_url']) {
    const value = p[key];
    if (typeof value === 'string') url = value;
    else if (isRecord(value) && typeof value.url === 'string') url = value.url;
  }
  const isImage =
    p.type === 'image' ||
    p.type === 'image-data' ||
    p.type === 'image-url' ||
    p.type === 'input_image' ||
    p.type === 'image_url' ||
    (mediaType?.toLowerCase().startsWith('image/') ?? false);
  let src: string | undefined;
  let refused: string | undefined;
  let size = typeof p.size === 'number' ? p.size : undefined;
  if (base64 !== undefined) {
    size ??= base64Size(base64);
    const type = (mediaType ?? 'application/octet-stream').toLowerCase();
    if (isImage && RASTER_IMAGE_TYPES.includes(type) && BASE64.test(base64))
      src = `data:${type};base64,${base64.replace(/\s/g, '')}`;
  } else if (url !== undefined) {
    src = safeMediaUrl(url);
    if (src === undefined) refused = url;
  } else if (inlineText !== undefined) {
    size ??= new TextEncoder().encode(inlineText).length;
  }
  return { type: isImage ? 'image' : 'file', mediaType, filename, alt, src, refused, size };
}

function partsOf(details: unknown): unknown[] | null {
  if (Array.isArray(details)) return details;
  if (!isRecord(details)) return null;
  if (isMediaPart(details)) return [details];
  // Anvia `{ type: 'content', value: [...] }`, AI SDK `{ type: 'content', value }`, and `{ content | parts: [...] }`
  for (const key of ['value', 'content', 'parts', 'media', 'files', 'images']) {
    const value = details[key];
    if (Array.isArray(value)) return value;
  }
  return null;
}

/** `true` when a value is a list of text/file/image parts holding at least one file or image. */
export function isMediaValue(details: unknown): boolean {
  const parts = partsOf(details);
  if (!parts || parts.length === 0) return false;
  let media = false;
  for (const part of parts) {
    if (isMediaPart(part)) media = true;
    else if (!isTextPart(part)) return false;
  }
  return media;
}

/** Reads a media details value into items, in order; parts that are neither text nor media are skipped. */
export function toMediaItems(details: unknown): MediaItem[] {
  const parts = partsOf(details) ?? [];
  const items: MediaItem[] = [];
  for (const part of parts) {
    const item = toMediaItem(part);
    if (item) items.push(item);
  }
  return items;
}

/** Formats a byte count for people: `812 B`, `4.2 kB`, `1.3 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** Any value as display text: strings as they are, anything else as indented JSON (never throws). */
export function toDisplayText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2) ?? String(value);
  } catch {
    return String(value);
  }
}
