/**
 * Small checks for wire frames: the decoders' boundary check. Each has a zod schema as its reference
 * (`StepEventSchema` in `tool-steps/schema`; the Cogitator and AI SDK oracles in test/core/oracles/) and
 * accepts and rejects exactly what the schema does, with the same first issue path;
 * test/core/check.test.ts holds them to that on generated frames. A check costs bytes in proportion to
 * its fields (all of these together are under 1 kB gzip), where any zod schema brings zod's runtime
 * (about 7 kB gzip for `zod/mini`), so no entry but `tool-steps/schema` loads zod.
 */

import { isRecord } from './values';

/** Why a frame was rejected: where, and what was expected. Shaped like a zod issue. */
export interface CheckIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** `{ success, data }` or `{ success: false, error: { issues } }`, as zod's `safeParse` answers. */
export type CheckResult<T> = { success: true; data: T } | { success: false; error: { issues: CheckIssue[] } };

/**
 * A check: returns the value to keep or throws a `CheckIssue` (as `Failed`). The value is the one given
 * whenever it passes as it is (no copy per frame: checks run once per frame, at the boundary); only an
 * object that drops unknown keys is copied, and only when it has some.
 */
export type Check<T = unknown> = (value: unknown) => T;

class Failed {
  /** Filled from the innermost field out, as the failure travels up (no path is built for a value that passes). */
  readonly path: PropertyKey[] = [];
  constructor(readonly message: string) {}
}

const fail = (message: string): never => {
  throw new Failed(message);
};

/** Runs `guard` on a field; a failure inside it gets the field's key in front of its path. */
function field<T>(guard: Check<T>, value: unknown, key: PropertyKey): T {
  try {
    return guard(value);
  } catch (e) {
    if (e instanceof Failed) e.path.unshift(key);
    throw e;
  }
}

/** Runs a check without throwing. */
export function check<T>(guard: Check<T>, value: unknown): CheckResult<T> {
  try {
    return { success: true, data: guard(value) };
  } catch (e) {
    if (e instanceof Failed) return { success: false, error: { issues: [{ path: e.path, message: e.message }] } };
    throw e;
  }
}

export const string: Check<string> = (v) => (typeof v === 'string' ? v : fail('expected string'));
export const nonEmpty: Check<string> = (v) =>
  typeof v !== 'string' ? fail('expected string') : v === '' ? fail('expected a non-empty string') : v;
export const number: Check<number> = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : fail('expected number'));
export const boolean: Check<boolean> = (v) => (typeof v === 'boolean' ? v : fail('expected boolean'));
/** Any value, absent included (`z.optional(z.unknown())`). */
export const unknown: Check = (v) => v;
/** Any value, but the key must be there (a required `z.unknown()`; JSON has no `undefined`). */
export const present: Check = (v) => (v === undefined ? fail('expected a value') : v);

export const optional =
  <T>(guard: Check<T>): Check<T | undefined> =>
  (v) =>
    v === undefined ? v : guard(v);

export const nullish =
  <T>(guard: Check<T>): Check<T | null | undefined> =>
  (v) =>
    v == null ? v : guard(v);

export const oneOf =
  <const T extends string>(...values: T[]): Check<T> =>
  (v) =>
    values.includes(v as T) ? (v as T) : fail(`expected one of ${values.map((x) => JSON.stringify(x)).join(', ')}`);

export const array =
  <T>(guard: Check<T>): Check<T[]> =>
  (v) => {
    if (!Array.isArray(v)) return fail('expected array');
    let out: T[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const item = field(guard, v[i], i);
      if (item !== v[i]) {
        out ??= v.slice(0, i);
      }
      if (out) out[i] = item;
    }
    return out ?? (v as T[]);
  };

/** A JSON object of any values (`z.record(z.string(), z.unknown())`). */
export const record: Check<Record<string, unknown>> = (v) => (isRecord(v) ? v : fail('expected record'));

/**
 * An object with these fields, checked in order; `loose` keeps unknown keys (`z.looseObject`), otherwise
 * they are dropped (`z.object`).
 */
export const object = <T = Record<string, unknown>>(shape: Record<string, Check>, loose = false): Check<T> => {
  const keys = Object.keys(shape);
  const guards = keys.map((key) => shape[key] as Check);
  const known = new Set(keys);
  return (v) => {
    if (!isRecord(v)) return fail('expected object');
    let out: Record<string, unknown> | undefined;
    if (!loose) {
      for (const key in v) {
        if (!known.has(key)) {
          out = {};
          break;
        }
      }
    }
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const before = v[key];
      const value = field(guards[i] as Check, before, key);
      if (value !== before && !out) out = loose ? { ...v } : copyFields(v, keys, i);
      if (out && (value !== undefined || key in v)) out[key] = value;
    }
    return (out ?? v) as T;
  };
};

/** The first `count` fields of the shape that `v` has, for a copy that drops unknown keys. */
function copyFields(v: Record<string, unknown>, keys: readonly string[], count: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const key = keys[i] as string;
    if (v[key] !== undefined || key in v) out[key] = v[key];
  }
  return out;
}

/** One object check per value of `type` (`z.discriminatedUnion('type', ...)`). */
export const byType =
  (checks: Readonly<Record<string, Check>>): Check<Record<string, unknown>> =>
  (v) => {
    if (!isRecord(v)) return fail('expected object');
    const type = v.type;
    if (typeof type !== 'string' || !Object.hasOwn(checks, type)) {
      const failed = new Failed('not a known type');
      failed.path.push('type');
      throw failed;
    }
    return (checks[type] as Check<Record<string, unknown>>)(v);
  };

/**
 * The answers of `nonEmpty`, `string`, `optional(boolean)`, ... as plain predicates, for a decoder's
 * fast path: its most frequent frames (argument deltas, progress) are tested field by field by name, so
 * each test site sees one frame shape, and sends anything unsure to the full check for its answer.
 */
export const isId = (v: unknown): v is string => typeof v === 'string' && v !== '';
export const isText = (v: unknown): v is string => typeof v === 'string';
export const isOptionalText = (v: unknown): boolean => v === undefined || typeof v === 'string';
export const isNullishText = (v: unknown): boolean => v == null || typeof v === 'string';
export const isOptionalFlag = (v: unknown): boolean => v === undefined || typeof v === 'boolean';
export const isOptionalRecord = (v: unknown): boolean => v === undefined || isRecord(v);
