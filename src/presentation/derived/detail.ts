/**
 * The detail line: the most telling argument of a call, shortened for one line.
 */

import { isRecord } from '../../core/values';
import { holdsSecret } from '../redact';
import { visibleText } from '../visible-text';
import { cleanText, cut } from './humanize';

/** The longest detail line; longer values are shortened (in the middle for paths and URLs). */
export const DETAIL_MAX = 60;
// The tooltip keeps more, but not a whole file pasted as an argument.
const TITLE_MAX = 2000;
const KEYS_MAX = 64;

/** A detail line and, when it was shortened, the full value. */
export interface Detail {
  detail: string;
  title?: string;
  /** Whether the argument names a file or folder (the icon then takes its file variant). */
  file?: boolean;
}

type Kind = 'path' | 'url' | 'text';

// Argument names by how telling they are, lower-case with `_` and `-` removed; the kind says how to shorten.
const RANKS = new Map<string, [rank: number, kind: Kind]>();
const RANKED: [Kind, string][] = [
  ['text', 'query q search searchquery searchterm pattern regex glob'],
  ['path', 'path filepath file filename filepaths files paths notebookpath targetfile relativepath absolutepath'],
  ['url', 'url uri href link urls links website endpoint'],
  ['text', 'command cmd commands script expression'],
  ['text', 'id ids number issuenumber pullnumber prnumber'],
  ['text', 'name title subject topic description'],
  ['text', 'to email recipient recipients channel username'],
  ['path', 'directory dir folder cwd'],
  ['text', 'city location address place'],
  ['text', 'prompt question keyword keywords term terms'],
  ['text', 'repo repository'],
  ['text', 'owner'],
];
RANKED.forEach(([kind, keys], rank) => {
  for (const key of keys.split(' ')) RANKS.set(key, [rank, kind]);
});
const ID_RANK = 4; // the rank of `id` above
const FALLBACK_MAX = 200;

function rankOf(key: string): [number, Kind] | undefined {
  const known = RANKS.get(key.toLowerCase().replace(/[_-]/g, ''));
  if (known) return known;
  // `issue_id`, `userId`, `channelID`, `pageIds`
  return /(?:_id|Id|ID)s?$/.test(key) ? [ID_RANK, 'text'] : undefined;
}

/** The value of an argument as text: strings, numbers, and arrays of strings ("a.ts +2 more"). */
function text(value: unknown): [first: string, more: number] | undefined {
  if (typeof value === 'string') return value.trim() ? [value, 0] : undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return [String(value), 0];
  if (Array.isArray(value) && value.length > 0) {
    const first = text(value[0]);
    return first && !Array.isArray(value[0]) ? [first[0], value.length - 1] : undefined;
  }
  return undefined;
}

/** The best-ranked argument of an object, or `undefined`. */
function best(input: object): [value: string, more: number, kind: Kind] | undefined {
  let found: [string, number, Kind] | undefined;
  let foundRank = Number.POSITIVE_INFINITY;
  let seen = 0;
  for (const key in input) {
    if (!Object.hasOwn(input, key)) continue;
    if (++seen > KEYS_MAX) break;
    const rank = rankOf(key);
    if (!rank || rank[0] >= foundRank) continue;
    const value = text((input as Record<string, unknown>)[key]);
    if (value) {
      found = [value[0], value[1], rank[1]];
      foundRank = rank[0];
    }
  }
  return found;
}

/** The first short string argument, when no argument is named tellingly. */
function firstShort(input: object): string | undefined {
  let seen = 0;
  for (const key in input) {
    if (!Object.hasOwn(input, key)) continue;
    if (++seen > KEYS_MAX) break;
    const value = (input as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim() && value.length <= FALLBACK_MAX) return value;
  }
  return undefined;
}

/**
 * Shortens a path or URL in the middle, keeping its head (first folder, or host) and as much of its
 * tail as fits on whole segments: `src/…/components/Button.tsx`, `example.com/…/page?id=1`.
 */
function middle(value: string, kind: 'path' | 'url', max: number): string {
  let head: string;
  let rest: string;
  const sep = kind === 'path' && !value.includes('/') && value.includes('\\') ? '\\' : '/';
  if (kind === 'url') {
    const match = /^(?:[a-z][a-z\d+.-]*:\/\/)?([^/?#]*)(.*)$/i.exec(value);
    head = match?.[1] ?? '';
    rest = match?.[2] ?? '';
    if (head.length + rest.length <= max) return head + rest;
  } else {
    const slash = value.indexOf(sep, value.startsWith(sep) ? 1 : 0);
    head = slash > 0 ? value.slice(0, slash) : '';
    rest = slash > 0 ? value.slice(slash) : value;
  }
  const room = max - head.length - 2; // "/…" or "…"
  if (room < 12) return `…${value.slice(-(max - 1))}`;
  // The longest tail that starts at a separator and fits.
  let start = rest.length - room;
  const slash = rest.indexOf(sep, start);
  if (slash >= 0 && slash < rest.length - 1) start = slash;
  else if (/[\udc00-\udfff]/.test(rest.charAt(start))) start += 1;
  const tail = rest.slice(start);
  return tail.startsWith(sep) ? `${head}${sep}…${tail}` : `${head}${head ? sep : ''}…${tail}`;
}

function shorten(raw: string, kind: Kind, more: number): Detail {
  const suffix = more > 0 ? ` +${more} more` : '';
  // Bidi, zero-width and tag characters are shown as markers; line breaks and tabs become spaces.
  const full = cleanText(
    visibleText(raw.length > TITLE_MAX * 4 ? raw.slice(0, TITLE_MAX * 4) : raw, { keepLines: true }),
    TITLE_MAX,
  );
  // A value holding a secret is not shortened: cut in the middle or at the end, the key's prefix or its
  // length could go, and the drawing-time mask would show what is left. The row's line clamps it instead.
  const max = holdsSecret(full) ? Number.POSITIVE_INFINITY : DETAIL_MAX - suffix.length;
  const looks: Kind = /^[a-z][a-z\d+.-]*:\/\/\S+$/i.test(full)
    ? 'url'
    : kind === 'path' || (/^[^\s]*[/\\][^\s]*$/.test(full) && full.length > 1)
      ? 'path'
      : 'text';
  const short = full.length <= max ? full : looks === 'text' ? cut(full, max) : middle(full, looks, max);
  const result: Detail = { detail: short + suffix };
  if (short !== full) result.title = full;
  if (kind === 'path') result.file = true;
  return result;
}

/**
 * The detail line of a call from its (possibly partial) arguments: the argument with the most telling
 * name (path, url, command, query, id, name, recipient, location, ... also one object level down),
 * else the first short string argument, else nothing. Never the whole JSON.
 */
export function detailFromInput(input: unknown): Detail | undefined {
  if (input === null || input === undefined) return undefined;
  if (typeof input === 'string' || Array.isArray(input)) {
    const value = text(input);
    return value ? shorten(value[0], 'text', value[1]) : undefined;
  }
  if (typeof input !== 'object') return undefined;
  const top = best(input);
  if (top) return shorten(top[0], top[2], top[1]);
  let seen = 0;
  for (const key in input) {
    if (!Object.hasOwn(input, key)) continue;
    if (++seen > KEYS_MAX) break;
    const value = (input as Record<string, unknown>)[key];
    if (isRecord(value)) {
      const nested = best(value);
      if (nested) return shorten(nested[0], nested[2], nested[1]);
    }
  }
  const fallback = firstShort(input);
  return fallback ? shorten(fallback, 'text', 0) : undefined;
}

/** A known tool's detail, from its named argument, shortened the same way. */
export function detailFromKnown(value: string): Detail {
  return shorten(value, 'text', 0);
}
