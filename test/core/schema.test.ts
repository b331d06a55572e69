/**
 * `schema/step-event.schema.json` is the native wire format as JSON Schema (draft 2020-12), generated
 * from `StepEventSchema` with zod's `z.toJSONSchema` and shipped in the package, so a backend in any
 * language can check what it emits. This test regenerates it in memory and requires the committed
 * file to match byte for byte. To update the file after changing `src/schema/index.ts` (the
 * `tool-steps/schema` entry):
 *
 *   node scripts/build-schema.mjs
 *   (= UPDATE_SCHEMA=1 npx vitest run --project core test/core/schema.test.ts)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import { type StepEvent, StepEventSchema } from 'tool-steps/schema';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { anvia } from '../../src/core/decoders/anvia';
import { cogitator } from '../../src/core/decoders/cogitator';
import { eventsFromAnviaToolResult, eventsFromDualChannelResult } from '../../src/core/results';

const FILE = fileURLToPath(new URL('../../schema/step-event.schema.json', import.meta.url));

/** The schema file's exact text. */
function generate(): string {
  const { $schema, ...rest } = z.toJSONSchema(StepEventSchema, { io: 'input' }) as Record<string, unknown>;
  const document = {
    $schema,
    title: 'StepEvent',
    description:
      'One event of the tool-steps native wire format: a JSON object per SSE `data:` line or JSONL line. Generated from StepEventSchema (src/schema/index.ts); do not edit by hand.',
    ...rest,
  };
  // Arrays of strings on one line when they fit, as the project's formatter (Biome) prints JSON, so
  // `biome check --write` leaves the file as generated.
  const text = JSON.stringify(document, null, 2).replace(
    /\[\n\s*("[^"\n]*"(?:,\n\s*"[^"\n]*")*)\n\s*\]/g,
    (whole, items: string, offset: number, all: string) => {
      const line = `[${items.split(/,\n\s*/).join(', ')}]`;
      const lineStart = all.lastIndexOf('\n', offset) + 1;
      return offset - lineStart + line.length + 1 <= 120 ? line : whole;
    },
  );
  return `${text}\n`;
}

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

/** Every event the decoders make from the shared fixtures. */
function decodedFixtures(): StepEvent[] {
  const out: StepEvent[] = [];
  for (const name of [
    'cogitator-workspace-edit.sse',
    'cogitator-run-command-progress.sse',
    'cogitator-tool-timeout.sse',
  ]) {
    const decoder = cogitator();
    for (const line of fixture(name).split('\n'))
      if (line.startsWith('data:')) out.push(...decoder.push(line.slice(5)));
    out.push(...decoder.end());
  }
  for (const name of ['anvia-client-stream-tools.jsonl', 'anvia-client-approval-suspend.jsonl']) {
    const decoder = anvia();
    for (const line of fixture(name).split('\n')) out.push(...decoder.push(line));
    out.push(...decoder.end());
  }
  for (const variant of ['text', 'json', 'content', 'execution-denied', 'error-text', 'error-json']) {
    out.push(...eventsFromAnviaToolResult(JSON.parse(fixture(`anvia-output-${variant}.json`))));
  }
  out.push(...eventsFromDualChannelResult(JSON.parse(fixture('rust-toolresult-grep-ansi.json')), { id: 'a' }));
  out.push(...eventsFromDualChannelResult(JSON.parse(fixture('rust-toolresult-error.json')), { id: 'b' }));
  return out;
}

describe('StepEventSchema and the StepEvent union', () => {
  // Checked by the compiler (npm run typecheck): the zod schema infers exactly the hand-written union.
  it('infer the same type, branch for branch', () => {
    expectTypeOf<z.infer<typeof StepEventSchema>>().toEqualTypeOf<StepEvent>();
    expectTypeOf<z.input<typeof StepEventSchema>>().toEqualTypeOf<StepEvent>();
  });
});

describe('schema/step-event.schema.json', () => {
  it('is what z.toJSONSchema makes of StepEventSchema, byte for byte', () => {
    const text = generate();
    if (process.env.UPDATE_SCHEMA === '1') writeFileSync(FILE, text);
    expect(existsSync(FILE)).toBe(true);
    expect(readFileSync(FILE, 'utf8')).toBe(text);
  });

  it('has one branch per event type', () => {
    const schema = JSON.parse(readFileSync(FILE, 'utf8')) as { oneOf: { properties: { type: { const: string } } }[] };
    expect(schema.oneOf.map((branch) => branch.properties.type.const)).toEqual(
      StepEventSchema.options.map((o) => o.shape.type.value),
    );
  });

  describe('validating with a JSON Schema 2020-12 validator (ajv), as a backend would', () => {
    // Compiled on first use: in write mode the file does not exist before the first test runs.
    let compiled: ((data: unknown) => boolean) | undefined;
    const validate = (data: unknown) => {
      compiled ??= new Ajv2020({ strict: false }).compile(JSON.parse(readFileSync(FILE, 'utf8')));
      return compiled(data);
    };

    it('accepts every event the decoders make from the shared fixtures', () => {
      const events = decodedFixtures();
      expect(events.length).toBeGreaterThan(60);
      const rejected = events.filter((event) => !validate(event));
      expect(rejected).toEqual([]);
    });

    it.each<[string, unknown]>([
      ['an unknown type', { type: 'step-begin', id: 'a' }],
      ['an empty step id', { type: 'step-start', id: '', toolName: 't' }],
      ['a step-start without toolName', { type: 'step-start', id: 'a' }],
      ['a presentation without label', { type: 'step-result', id: 'a', presentation: { icon: 'x' } }],
      ['a run-finish with another status', { type: 'run-finish', status: 'finished' }],
      ['a decision without approved', { type: 'step-decision', id: 'a' }],
      ['a string timestamp', { type: 'run-start', at: '2026-01-01' }],
    ])('rejects %s, as StepEventSchema does', (_name, event) => {
      expect(validate(event)).toBe(false);
      expect(StepEventSchema.safeParse(event).success).toBe(false);
    });

    it('accepts unknown extra keys, as the native decoder does (newer servers may add fields)', () => {
      const event = { type: 'step-progress', id: 'a', content: 'half', eta: 12 };
      expect(validate(event)).toBe(true);
      expect(StepEventSchema.safeParse(event).success).toBe(true);
    });
  });
});
