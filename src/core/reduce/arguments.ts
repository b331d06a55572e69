/**
 * Argument text: how much of a streaming text is parsed and when (`parsedLength`), and the parse
 * itself, strict once complete, partial while it streams, own properties only.
 */
import { Allow, parse as parsePartialJson } from 'partial-json';

export const NO_PARSE: unique symbol = Symbol('no-parse');

/** How much of a streaming argument text is parsed partially; the whole text is parsed once complete. */
export const PARTIAL_PARSE_LIMIT = 64 * 1024;

/** A streaming argument text up to this length is parsed whole on every batch that changes it. */
export const PARSE_EVERY_BATCH_UP_TO = 2048;
/** Past that, how many times per doubling of its length it is parsed again (up to the limit). */
const PARSES_PER_DOUBLING = 4;

/**
 * How much of a streaming argument text of `length` characters is parsed: all of it while short;
 * then the length rounded down to a step of 1/`PARSES_PER_DOUBLING` of the power of two below it,
 * so a parse happens only when the text grew by a fraction of its length; at most
 * `PARTIAL_PARSE_LIMIT`, after which appending changes nothing that is parsed. A function of the
 * length alone, so the parse of a text is the same whatever batches it arrived in, and the partial
 * parses of one argument read at most about (2 × `PARSES_PER_DOUBLING` + 1) × the limit in all,
 * however large it grows and however it is cut.
 */
export function parsedLength(length: number): number {
  if (length <= PARSE_EVERY_BATCH_UP_TO) return length;
  if (length >= PARTIAL_PARSE_LIMIT) return PARTIAL_PARSE_LIMIT;
  const step = 2 ** (31 - Math.clz32(length)) / PARSES_PER_DOUBLING;
  return length - (length % step);
}

/**
 * Parses argument text: strictly once the arguments are complete, leniently (partial JSON) while they
 * stream. Returns `NO_PARSE` when the text says nothing yet or is not JSON at all.
 */
export function parseArguments(text: string, complete: boolean): unknown | typeof NO_PARSE {
  if (text.trim() === '') return NO_PARSE;
  if (complete) {
    try {
      return JSON.parse(text);
    } catch {
      // fall through: a truncated or broken text still shows what could be read
    }
  }
  const closed = closeOpenString(text);
  if (closed !== undefined) {
    try {
      return JSON.parse(closed);
    } catch {
      // not JSON before the cut (a literal JSON does not know, an escape cut short): partial-json reads it
    }
  }
  try {
    return ownProperties(parsePartialJson(text, Allow.ALL));
  } catch {
    return NO_PARSE;
  }
}

function indexOrEnd(text: string, char: string, from: number): number {
  const at = text.indexOf(char, from);
  return at < 0 ? text.length : at;
}

const QUOTE = 34;
const BACKSLASH = 92;

/**
 * The common shape of a long streaming argument, text cut inside a string value (a file's content),
 * made whole for `JSON.parse`: the string and every open container closed. One pass of char codes
 * plus the native parser, several times faster than partial-json's reader, and the same value (the
 * text trimmed as partial-json trims it, a trailing lone backslash dropped as it drops it). Returns
 * `undefined` for every other cut (inside a key, a number, after a comma), which partial-json reads.
 */
export function closeOpenString(raw: string): string | undefined {
  const text = raw.trim();
  const closers: string[] = [];
  let expectKey = false;
  let inString = false;
  let inKey = false;
  let escaped = false;
  let nextQuote = -1;
  let nextBackslash = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === BACKSLASH) escaped = true;
      else if (c === QUOTE) inString = false;
      else {
        // Jump to the next quote or backslash (long string values are most of a long argument); each
        // position is searched again only once passed, so the whole scan stays one pass.
        if (nextQuote <= i) nextQuote = indexOrEnd(text, '"', i + 1);
        if (nextBackslash <= i) nextBackslash = indexOrEnd(text, '\\', i + 1);
        i = Math.min(nextQuote, nextBackslash) - 1;
      }
      continue;
    }
    switch (c) {
      case QUOTE:
        inString = true;
        inKey = expectKey;
        break;
      case 123: // {
        closers.push('}');
        expectKey = true;
        break;
      case 91: // [
        closers.push(']');
        expectKey = false;
        break;
      case 125: // }
      case 93: // ]
        closers.pop();
        expectKey = false;
        break;
      case 58: // :
        expectKey = false;
        break;
      case 44: // ,
        expectKey = closers[closers.length - 1] === '}';
        break;
    }
  }
  if (!inString || inKey) return undefined;
  return `${escaped ? text.slice(0, -1) : text}"${closers.reverse().join('')}`;
}

/**
 * partial-json builds objects by assignment, so a streamed `"__proto__"` key sets the object's
 * prototype (its keys then read as arguments that are not there). `JSON.parse` makes it an own
 * property; this puts the parse in that shape: plain objects, own properties only. (A primitive
 * `"__proto__"` value is ignored by the assignment and so is missing until the text is complete.)
 */
function ownProperties(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = ownProperties(value[i]);
      if (item !== value[i]) {
        copy ??= [...value];
        copy[i] = item;
      }
    }
    return copy ?? value;
  }
  const proto = Object.getPrototypeOf(value);
  let copy: Record<string, unknown> | undefined;
  if (proto !== Object.prototype) {
    copy = {};
    Object.defineProperty(copy, '__proto__', {
      value: ownProperties(proto),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const item = ownProperties(record[key]);
    if (item !== record[key]) copy ??= { ...record };
    if (copy) copy[key] = item;
  }
  return copy ?? value;
}

export function shallowJsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
