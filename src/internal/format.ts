/** Turning wire values into text. Everything the wire sends is shown as text, never as markup. */

/** A value as one line: strings as they are, anything else as compact JSON. */
export function formatCompact(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The same duration as an ISO 8601 duration, for `<time dateTime>`. */
export function isoDuration(ms: number): string {
  return `PT${Math.round(ms) / 1000}S`;
}
