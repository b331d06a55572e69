// One copy of each value helper: src/core/values.ts holds them, every caller imports that copy, and a
// helper that means something else has a name of its own (three `textOf`s once meant three things).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { coercedText, isRecord, kindOf, nonEmptyString, wireText } from '../../src/core/values';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const valuesFile = join(root, 'src/core/values.ts');

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

/** The names a source declares at its top level as functions or constants. */
function declared(source: string): string[] {
  return [...source.matchAll(/^(?:export\s+)?(?:async\s+)?(?:function\s*\*?\s*|const\s+|let\s+)(\w+)/gm)].map(
    (m) => m[1] as string,
  );
}

/** The test for a JSON object (`typeof v === 'object' && v !== null && !Array.isArray(v)`), written out. */
const OBJECT_TEST = /typeof (\w+) === 'object' && \1 !== null && !Array\.isArray\(\1\)/;

/** Each place under src/ that has its own copy of a value helper. */
function copies(files: readonly { file: string; source: string }[]): string[] {
  const helpers = declared(readFileSync(valuesFile, 'utf8'));
  return files
    .filter(({ file }) => file !== valuesFile)
    .flatMap(({ file, source }) => [
      ...declared(source)
        .filter((name) => helpers.includes(name))
        .map((name) => `${relative(root, file)} declares ${name}`),
      ...(OBJECT_TEST.test(source) ? [`${relative(root, file)} writes out isRecord`] : []),
      ...(/\b(?:function|const)\s+(?:textOf|diag)\b/.test(source)
        ? [`${relative(root, file)} declares textOf or diag`]
        : []),
    ]);
}

describe('the value helpers', () => {
  it('the scan finds a second copy, an inline object test and a textOf (negative control)', () => {
    const fake = [
      {
        file: join(root, 'src/core/fake.ts'),
        source: [
          'const isRecord = (v: unknown) => true;',
          "export function textOf(v: unknown) { return typeof v === 'object' && v !== null && !Array.isArray(v); }",
        ].join('\n'),
      },
    ];
    expect(copies(fake)).toEqual([
      'src/core/fake.ts declares isRecord',
      'src/core/fake.ts writes out isRecord',
      'src/core/fake.ts declares textOf or diag',
    ]);
  });

  it('live in src/core/values.ts only', () => {
    const files = walk(join(root, 'src'))
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => ({ file, source: readFileSync(file, 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(copies(files)).toEqual([]);
  });

  it('say what each answers', () => {
    expect([isRecord({}), isRecord([]), isRecord(null), isRecord('x')]).toEqual([true, false, false, false]);
    expect([null, [], {}, 'x', 1].map(kindOf)).toEqual(['null', 'an array', 'an object', 'a string', 'a number']);
    expect([nonEmptyString('a'), nonEmptyString(''), nonEmptyString(1)]).toEqual(['a', undefined, undefined]);
    const hostile = JSON.parse('{"toString":null,"valueOf":null}');
    // any value as text, never throwing
    expect([wireText('a'), wireText(2), wireText(null), wireText({ a: 1 }), wireText(hostile)]).toEqual([
      'a',
      '2',
      'null',
      '{"a":1}',
      '{"toString":null,"valueOf":null}',
    ]);
    // text for what should have been text: an error by its message, nothing for null
    expect([coercedText(new Error('boom')), coercedText(null), coercedText(true), coercedText({ a: 1 })]).toEqual([
      'boom',
      undefined,
      'true',
      '{"a":1}',
    ]);
  });
});
