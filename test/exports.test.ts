// The public surface: which names each entry exports is pinned by its api report (etc/*.api.md, checked by
// `npm run api`); these checks are what the reports cannot say: that every entry loads, that a name two
// entries share means the same thing in both, that the root stays small and takes nothing wire- or
// presentation-specific, and how src/index.ts is written.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as kit from 'tool-steps';
import * as core from 'tool-steps/core';
import * as presentation from 'tool-steps/presentation';
import * as renderers from 'tool-steps/renderers';
import * as schema from 'tool-steps/schema';
import * as wires from 'tool-steps/wires';
import { describe, expect, it } from 'vitest';

const ENTRIES: Record<string, Record<string, unknown>> = {
  'tool-steps': kit,
  'tool-steps/core': core,
  'tool-steps/wires': wires,
  'tool-steps/presentation': presentation,
  'tool-steps/schema': schema,
  'tool-steps/renderers': renderers,
};

/** The most names `tool-steps` may export, values and types together. */
const ROOT_LIMIT = 60;

/** The names an api report declares (values and types; an overloaded function once). */
function namesOfReport(report: string): string[] {
  const names = new Set<string>();
  for (const match of report.matchAll(
    /^export (?:declare )?(?:abstract )?(?:function|const|let|var|class|interface|type|enum|namespace) (\w+)/gm,
  )) {
    names.add(match[1] as string);
  }
  // a name re-exported from another entry (`export { Step }`, imported from 'tool-steps/core' above it)
  for (const match of report.matchAll(/^export \{ (\w+) \}/gm)) names.add(match[1] as string);
  return [...names].sort();
}

const etc = resolve(import.meta.dirname, '../etc');
const rootReport = readFileSync(join(etc, 'tool-steps.api.md'), 'utf8');

/** The warnings api-extractor wrote into a report (`// Warning: (ae-forgotten-export) ...`), one line each. */
function warningsOf(report: string): string[] {
  return report
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^\/\/ Warning: \(ae-[\w-]+\)/.test(line));
}

describe('the public surface', () => {
  it('every entry loads and exports values', () => {
    for (const [name, entry] of Object.entries(ENTRIES)) expect(Object.keys(entry).length, name).toBeGreaterThan(5);
  });

  it('a name two entries export is the very same value in both', () => {
    const seen = new Map<string, [string, unknown]>();
    for (const [entryName, entry] of Object.entries(ENTRIES)) {
      for (const [name, value] of Object.entries(entry)) {
        const first = seen.get(name);
        if (first) expect(value, `${name} of ${entryName} and of ${first[0]}`).toBe(first[1]);
        else seen.set(name, [entryName, value]);
      }
    }
  });

  it('tool-steps shares no name with tool-steps/wires, tool-steps/presentation, tool-steps/schema or tool-steps/renderers', () => {
    for (const other of ['tool-steps/wires', 'tool-steps/presentation', 'tool-steps/schema', 'tool-steps/renderers']) {
      const shared = Object.keys(kit).filter((name) => Object.hasOwn(ENTRIES[other] as object, name));
      expect(shared, other).toEqual([]);
    }
  });

  it(`tool-steps exports at most ${ROOT_LIMIT} names, values and types, as its api report lists them`, () => {
    const names = namesOfReport(rootReport);
    // the report's names are the entry's: every value the module has is among them
    expect(Object.keys(kit).filter((name) => !names.includes(name))).toEqual([]);
    expect(names.length, names.join(', ')).toBeLessThanOrEqual(ROOT_LIMIT);
  });

  it('reads the names of a report: values, types and re-exports, an overloaded function once, not the members', () => {
    const report = [
      'export function a(): void;',
      'export function a(x: number): void;',
      'export const B: number;',
      'export interface CProps {',
      '    export: string;',
      '}',
      'export type D = string;',
      '// export function commented(): void;',
      "import { Step } from 'tool-steps/core';",
      'export { Step }',
    ].join('\n');
    expect(namesOfReport(report)).toEqual(['B', 'CProps', 'D', 'Step', 'a']);
  });

  it('no api report holds a warning: every type a declaration names is exported by its entry', () => {
    const reports = readdirSync(etc).filter((file) => file.endsWith('.api.md'));
    expect(reports.length).toBe(Object.keys(ENTRIES).length);
    const warnings = reports.flatMap((file) =>
      warningsOf(readFileSync(join(etc, file), 'utf8')).map((line) => `${file}: ${line}`),
    );
    expect(warnings).toEqual([]);
  });

  it('reads the warnings of a report (negative control)', () => {
    const report = [
      'export interface AgUiOptions {',
      '    // Warning: (ae-forgotten-export) The symbol "StepEvent_2" needs to be exported by the entry point index.d.ts',
      '    custom?: () => StepEvent_2[];',
      '}',
      '// Warning: (ae-forgotten-export) The symbol "DecoderOptionsOf" needs to be exported by the entry point index.d.ts',
      '// Warnings were encountered during analysis:',
    ].join('\n');
    expect(warningsOf(report)).toEqual([
      '// Warning: (ae-forgotten-export) The symbol "StepEvent_2" needs to be exported by the entry point index.d.ts',
      '// Warning: (ae-forgotten-export) The symbol "DecoderOptionsOf" needs to be exported by the entry point index.d.ts',
    ]);
  });

  it("src/index.ts is not 'use client' (each module carries its own) and names each export (no export *)", () => {
    const source = readFileSync(resolve(import.meta.dirname, '../src/index.ts'), 'utf8');
    expect(source).not.toMatch(/^\s*['"]use client['"]/);
    expect(source).not.toMatch(/export\s*\*/);
  });
});
