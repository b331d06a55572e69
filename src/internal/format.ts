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

/** A value as a block: strings as they are, anything else as JSON indented by two spaces. */
export function formatPretty(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A duration for people: `120 ms`, `8.4 s`, `2 min 5 s`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) {
    const seconds = ms / 1000;
    return `${seconds < 10 ? Math.round(seconds * 10) / 10 : Math.round(seconds)} s`;
  }
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
}

/** The same duration as an ISO 8601 duration, for `<time dateTime>`. */
export function isoDuration(ms: number): string {
  return `PT${Math.round(ms) / 1000}S`;
}
