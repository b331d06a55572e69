/**
 * Reading a `code` details value (`{ kind: 'code', code, language?, path?, startLine? }`, or a bare
 * string) into lines with their numbers.
 */
import { isRecord } from './normalize';

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

/** The languages the code view colours (Shiki grammars, loaded on first use). */
export const GRAMMAR_NAMES = [
  'typescript',
  'tsx',
  'javascript',
  'jsx',
  'json',
  'python',
  'shellscript',
  'rust',
  'go',
  'css',
  'html',
  'yaml',
  'sql',
  'markdown',
  'diff',
] as const;

/** A language the code view colours. */
export type GrammarName = (typeof GRAMMAR_NAMES)[number];

/** Other names for the same grammars (file extensions and common spellings). */
const ALIASES: Readonly<Record<string, GrammarName>> = {
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  py: 'python',
  sh: 'shellscript',
  bash: 'shellscript',
  shell: 'shellscript',
  zsh: 'shellscript',
  rs: 'rust',
  golang: 'go',
  yml: 'yaml',
  md: 'markdown',
  patch: 'diff',
};

/** The grammar for a language name or file extension, or `undefined` when the view has none. */
export function grammarFor(language: string): GrammarName | undefined {
  const name = language.toLowerCase();
  const resolved = ALIASES[name] ?? name;
  return (GRAMMAR_NAMES as readonly string[]).includes(resolved) ? (resolved as GrammarName) : undefined;
}
