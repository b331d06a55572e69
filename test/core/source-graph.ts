// What a source file imports, read from its text: shared by the tests that keep a package out of an entry.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Every module specifier a source file names: static and type imports, re-exports, `import()`, `require()`. */
export function specifiersOf(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1] as string);
  return found;
}

/** The source file a relative specifier names (`./x` → `./x.ts`, `./x.tsx`, `./x/index.ts`, ...), if any. */
export function resolveSource(from: string, spec: string): string | undefined {
  const target = resolve(dirname(from), spec.replace(/\?.*$/, ''));
  const candidates = [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts'), join(target, 'index.tsx')];
  return candidates.find((p) => /\.tsx?$/.test(p) && existsSync(p));
}

/**
 * The source graph of an entry: every module it reaches through relative imports (type imports
 * included, so the entry's declarations are covered too), with the bare specifiers each one names.
 */
export function sourceGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (file: string) => {
    if (graph.has(file)) return;
    const bare: string[] = [];
    graph.set(file, bare);
    for (const spec of specifiersOf(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) bare.push(spec);
      else {
        const next = resolveSource(file, spec);
        if (next) visit(next);
      }
    }
  };
  visit(entry);
  return graph;
}
