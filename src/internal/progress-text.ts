/**
 * The text of a progress update for people. A tool's update can be any value (the AI SDK's preliminary
 * outputs are whatever `async *execute` yields); it is drawn by what it is, never as escaped JSON:
 * - a string as it is;
 * - a command's output (`stdout`, `stderr` or `output` text) as that text: in a one-line place, its last
 *   line with content, as a terminal shows what happens now;
 * - a `message` or `text` field as that text;
 * - `{ progress, total }` as nothing here (the bar and "2 of 4" say it);
 * - any other object as a short key/value line (`files: 3 · phase: scan`), a list of words as those words.
 */
import { isRecord } from '../core/values';
import { formatCompact } from './format';

const STREAMS = ['stdout', 'stderr', 'output'] as const;
const WORDS = ['message', 'text', 'status'] as const;
/** Key/value pairs drawn for an object with no text of its own; long values are cut. */
const MAX_PAIRS = 4;
const MAX_VALUE = 80;

function lastLine(text: string): string {
  const lines = text.split(/\r?\n/);
  for (let i = lines.length - 1; i >= 0; i--) if ((lines[i] as string).trim() !== '') return lines[i] as string;
  return '';
}

const cut = (text: string) => (text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text);

/** A value that reads as a few words: a string, a number, a boolean, or a list of them. */
function scalar(value: unknown, nested = false): string | undefined {
  if (typeof value === 'string') return cut(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value) && !nested) {
    const items = value.map((item) => scalar(item, true));
    return items.every((item) => item !== undefined) ? cut(items.join(', ')) : undefined;
  }
  return undefined;
}

/** `value`'s text for a progress line (`oneLine`) or the details' last-update block. */
export function progressText(value: unknown, oneLine: boolean): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return scalar(value) ?? '';
  if (!isRecord(value)) return formatCompact(value);
  const streams = STREAMS.map((key) => value[key]).filter(
    (text): text is string => typeof text === 'string' && text !== '',
  );
  if (streams.length > 0) {
    const text = streams.join('\n');
    return oneLine ? lastLine(text) : text;
  }
  for (const key of WORDS) {
    const text = value[key];
    if (typeof text === 'string' && text.trim() !== '') return text;
  }
  if (typeof value.progress === 'number' && typeof value.total === 'number') return '';
  const pairs: string[] = [];
  for (const [key, field] of Object.entries(value)) {
    const text = scalar(field);
    if (text !== undefined) pairs.push(`${key}: ${text}`);
    if (pairs.length === MAX_PAIRS) break;
  }
  return pairs.length > 0 ? pairs.join(' · ') : Object.keys(value).slice(0, MAX_PAIRS).join(', ');
}
