const seen = new Set<string>();
const MAX_DISTINCT = 50;

/** True outside production builds (bundlers replace `process.env.NODE_ENV`). */
export function isDevelopment(): boolean {
  return typeof process === 'undefined' || process.env?.NODE_ENV !== 'production';
}

/**
 * Warns once per kind of problem, in development only. The message says what happened and what was
 * done about it; nothing is thrown.
 */
export function warnOnce(reason: string, protocol?: string): void {
  // The kind: quoted ids and names, and the excerpt or zod message after the first ': ', do not make a new one.
  const key = `${protocol ?? ''}|${reason.replace(/"[^"]*"/g, '""').split(': ')[0]}`;
  if (!isDevelopment() || seen.has(key) || seen.size >= MAX_DISTINCT) return;
  seen.add(key);
  console.warn(`[tool-steps] ${protocol ? `${protocol}: ` : ''}${reason}`);
}
