import { isRecord } from '../core/values';
import { isCodeRecord } from './code-model';
import {
  hasAnsi,
  isFlatRecordArray,
  isMediaValue,
  isTerminalRecord,
  isUnifiedDiffText,
  toDiffInput,
  toTableInput,
} from './normalize';
import { isSourceList } from './sources-model';
import type { DetailsKind } from './types';
import { DETAILS_KINDS } from './types';

function explicitKind(details: unknown): DetailsKind | undefined {
  if (!isRecord(details)) return undefined;
  const kind = details.kind;
  return typeof kind === 'string' && (DETAILS_KINDS as readonly string[]).includes(kind)
    ? (kind as DetailsKind)
    : undefined;
}

/**
 * The kind of a details value. An explicit `kind` field (one of `DETAILS_KINDS`) wins; otherwise the shape
 * decides, in this order:
 * - `diff`: unified diff text, `{ diff }` / `{ patch }`, or before/after texts (`oldText`/`newText`, `before`/`after`);
 * - `terminal`: a string with ANSI escapes, or an object with `stdout`/`stderr`/`exitCode`, VT Code's
 *   `ui_content`, or ANSI `text`/`output`;
 * - `media`: file/image parts (Anvia `{ type: 'file', mediaType, data, filename }`, `{ type: 'content', value }`,
 *   AI SDK and MCP-style image parts), alone or in a list with text parts;
 * - `table`: a non-empty array of flat records (or `{ rows, columns }`);
 * - `sources`: `{ sources: [{ url, title?, snippet? }] }` (web search and fetch results);
 * - `code`: `{ code, language? , path? }` with a language or a path;
 * - `text`: any other string;
 * - `json`: anything else.
 * Never throws.
 */
export function detectDetailsKind(details: unknown): DetailsKind {
  const kind = explicitKind(details);
  if (kind) return kind;
  if (typeof details === 'string') {
    if (isUnifiedDiffText(details)) return 'diff';
    return hasAnsi(details) ? 'terminal' : 'text';
  }
  if (Array.isArray(details)) {
    if (isMediaValue(details)) return 'media';
    return isFlatRecordArray(details) ? 'table' : 'json';
  }
  if (!isRecord(details)) return 'json';
  if (toDiffInput(details)) return 'diff';
  if (isMediaValue(details)) return 'media';
  if (isTerminalRecord(details)) return 'terminal';
  if (Array.isArray(details.rows) && toTableInput(details) && (details.rows as unknown[]).length > 0) return 'table';
  if (isSourceList(details.sources)) return 'sources';
  if (isCodeRecord(details)) return 'code';
  return 'json';
}

/**
 * The value a renderer of `kind` should draw from a details value: unwraps `{ kind, value }` /
 * `{ kind, data }` envelopes (for example `{ kind: 'table', value: rows }`); anything else as it is.
 */
export function detailsValue(details: unknown): unknown {
  if (!explicitKind(details)) return details;
  const record = details as Record<string, unknown>;
  const keys = Object.keys(record).filter((key) => key !== 'kind');
  if (keys.length === 1 && (keys[0] === 'value' || keys[0] === 'data')) return record[keys[0]];
  return details;
}
