/**
 * Reading a `code` details value (`{ kind: 'code', code, language?, path?, startLine? }`, or a bare
 * string) into lines with their numbers.
 */
import { isRecord } from '../core/values';

/** A file or snippet, ready to draw. */
export interface CodeInput {
  lines: string[];
  /** The number of the first line (a snippet of a larger file starts later). */
  startLine: number;
  language?: string;
  path?: string;
  /** The whole text, for copying. */
  code: string;
}

/** `true` for `{ code: string }` with a `language` or `path` beside it (without either, a `code` field means too many things). */
export function isCodeRecord(value: Record<string, unknown>): boolean {
  return typeof value.code === 'string' && (typeof value.language === 'string' || typeof value.path === 'string');
}

/** The code of a details value: its lines (one trailing newline dropped, `\r\n` read as a line end). */
export function toCodeInput(details: unknown): CodeInput {
  const record = isRecord(details) ? details : {};
  const code = typeof details === 'string' ? details : typeof record.code === 'string' ? record.code : '';
  const body = code.endsWith('\n') ? code.slice(0, -1) : code;
  const input: CodeInput = { lines: body === '' ? [] : body.split(/\r?\n/), startLine: 1, code };
  const start = record.startLine;
  if (typeof start === 'number' && Number.isInteger(start) && start > 0) input.startLine = start;
  if (typeof record.language === 'string' && record.language !== '') input.language = record.language;
  if (typeof record.path === 'string' && record.path !== '') input.path = record.path;
  return input;
}
