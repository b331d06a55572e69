/**
 * Hand-compiled checks for wire frames: the decoders' boundary check. Each zod schema the kit exports
 * (`StepEventSchema`, `CogitatorEventSchemas`, `AiSdkChunkSchemas`) has a check here that accepts and
 * rejects exactly what the schema does, with the same first issue path; test/core/check.test.ts holds
 * them to that on generated frames. A check costs bytes in proportion to its fields (all of these together
 * are under 1 kB gzip), where any zod schema brings zod's runtime (about 7 kB gzip for `zod/mini`), so the
 * decoders use these and the schemas stay for users and the JSON Schema file.
 */

/** Why a frame was rejected: where, and what was expected. Shaped like a zod issue. */
export interface CheckIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** `{ success, data }` or `{ success: false, error: { issues } }`, as zod's `safeParse` answers. */
export type CheckResult<T> = { success: true; data: T } | { success: false; error: { issues: CheckIssue[] } };

/** A check: returns the value to keep (objects are copied) or throws a `CheckIssue`. */
export type Check<T = unknown> = (value: unknown, path: PropertyKey[]) => T;

class Failed {
  constructor(readonly issue: CheckIssue) {}
}

const fail = (path: PropertyKey[], message: string): never => {
  throw new Failed({ path, message });
};

/** Runs a check without throwing. */
export function check<T>(guard: Check<T>, value: unknown): CheckResult<T> {
  try {
    return { success: true, data: guard(value, []) };
  } catch (e) {
    if (e instanceof Failed) return { success: false, error: { issues: [e.issue] } };
    throw e;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const string: Check<string> = (v, p) => (typeof v === 'string' ? v : fail(p, 'expected string'));
export const nonEmpty: Check<string> = (v, p) =>
  string(v, p) === '' ? fail(p, 'expected a non-empty string') : (v as string);
export const number: Check<number> = (v, p) =>
  typeof v === 'number' && Number.isFinite(v) ? v : fail(p, 'expected number');
export const boolean: Check<boolean> = (v, p) => (typeof v === 'boolean' ? v : fail(p, 'expected boolean'));
/** Any value, absent included (`z.optional(z.unknown())`). */
export const unknown: Check = (v) => v;
/** Any value, but the key must be there (a required `z.unknown()`; JSON has no `undefined`). */
export const present: Check = (v, p) => (v === undefined ? fail(p, 'expected a value') : v);

export const optional =
  <T>(guard: Check<T>): Check<T | undefined> =>
  (v, p) =>
    v === undefined ? v : guard(v, p);

export const nullish =
  <T>(guard: Check<T>): Check<T | null | undefined> =>
  (v, p) =>
    v == null ? v : guard(v, p);

export const oneOf =
  <const T extends string>(...values: T[]): Check<T> =>
  (v, p) =>
    values.includes(v as T) ? (v as T) : fail(p, `expected one of ${values.map((x) => JSON.stringify(x)).join(', ')}`);

export const array =
  <T>(guard: Check<T>): Check<T[]> =>
  (v, p) =>
    Array.isArray(v) ? v.map((item, i) => guard(item, [...p, i])) : fail(p, 'expected array');

/** A JSON object of any values (`z.record(z.string(), z.unknown())`). */
export const record: Check<Record<string, unknown>> = (v, p) => (isObject(v) ? { ...v } : fail(p, 'expected record'));

/**
 * An object with these fields, checked in order; `loose` keeps unknown keys (`z.looseObject`), otherwise
 * they are dropped (`z.object`).
 */
export const object =
  <T = Record<string, unknown>>(shape: Record<string, Check>, loose = false): Check<T> =>
  (v, p) => {
    if (!isObject(v)) return fail(p, 'expected object');
    const out: Record<string, unknown> = loose ? { ...v } : {};
    for (const key in shape) {
      const value = (shape[key] as Check)(v[key], [...p, key]);
      if (value !== undefined || key in v) out[key] = value;
    }
    return out as T;
  };

/** One object check per value of `type` (`z.discriminatedUnion('type', ...)`). */
export const byType =
  (checks: Readonly<Record<string, Check>>): Check<Record<string, unknown>> =>
  (v, p) => {
    if (!isObject(v)) return fail(p, 'expected object');
    const type = v.type;
    if (typeof type !== 'string' || !Object.hasOwn(checks, type)) return fail([...p, 'type'], 'not a known type');
    return (checks[type] as Check<Record<string, unknown>>)(v, p);
  };
