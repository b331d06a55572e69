/**
 * Data attributes follow one rule: finite states are strings, independent booleans are presence
 * attributes (present as `""` or absent, never `"true"` / `"false"`).
 */

/** A presence attribute's value: `''` when on, `undefined` (React leaves the attribute out) when off. */
export function presence(on: boolean | undefined): '' | undefined {
  return on ? '' : undefined;
}
