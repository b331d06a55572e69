/**
 * Small helpers for values the kit did not make (wire frames, stored states, details of any shape):
 * one copy of each, shared by the decoders, the repair boundary, MCP, the renderers and the progress
 * text. Each name says what it answers, so two helpers that mean different things are never both
 * called `textOf`. Framework-free: no React here.
 */

/** A JSON object: an object that is neither `null` nor an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a value is, for a message: `null`, `an array`, `an object`, `a string`, `a number`, ... */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** The value when it is a non-empty string. */
export function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Any value written as text, never throwing: a string as it is, an object as JSON, anything else by
 * `String`. `String(value)` throws for hostile JSON such as `{"toString":null,"valueOf":null}` (an
 * object with neither method), which the fuzz harness sends.
 */
export function wireText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return String(value);
  try {
    return JSON.stringify(value) ?? Object.prototype.toString.call(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/**
 * Text for a value that should have been text: numbers and booleans as written, an error-like object
 * by its `message`, anything else as JSON. `undefined` when none of these works (`null`, a function, a
 * throwing getter, a cycle). Never throws.
 */
export function coercedText(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'object':
      if (value === null) return undefined;
      try {
        const message = (value as { message?: unknown }).message;
        if (typeof message === 'string') return message;
        return JSON.stringify(value) ?? undefined;
      } catch {
        return undefined;
      }
    default:
      return undefined;
  }
}

/**
 * Sets an own, enumerable property. Keys that come from a wire (a call id, a JSON Patch segment, a key
 * of the arguments) may be `"__proto__"`: a plain assignment of it to a fresh object replaces that
 * object's prototype instead of adding the key.
 */
export function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** 2100-01-01 in epoch milliseconds: a later time (a year-3000 timestamp, microseconds read as ms) is none. */
const LATEST_TIME = 4_102_444_800_000;

/**
 * Whether a value reads as a time of an event: finite milliseconds from 0 (the epoch, or a test's or
 * a page's own clock) to 2100. A negative or far-future `at` would draw a duration of centuries.
 */
export function isEventTime(value: unknown): value is number {
  return typeof value === 'number' && value >= 0 && value < LATEST_TIME;
}
