const seen = new Set<string>();
const MAX_DISTINCT = 50;

/** True outside production builds (bundlers replace `process.env.NODE_ENV`). */
export function isDevelopment(): boolean {
  return typeof process === 'undefined' || process.env?.NODE_ENV !== 'production';
}

/**
 * Warns once per distinct message, in development only. The message says what happened and what
 * was done about it; nothing is thrown.
 */
export function warnOnce(message: string): void {
  // One warning per kind of problem: ids and names in quotes do not make a message new.
  const key = message.replace(/"[^"]*"/g, '""');
  if (!isDevelopment() || seen.has(key) || seen.size >= MAX_DISTINCT) return;
  seen.add(key);
  console.warn(`[tool-steps] ${message}`);
}
