// The vendors' own public test material, read from the team's shared folder at test time (never copied
// into this repository): each case is a stream from vercel/ai's or ag-ui's test suites, with what the
// vendor's own reducer makes of it (`<case>.expected.json`, see the folder's README.md). Every call of
// every case is compared with the vendor's output; where the kit departs on purpose, the case names the
// departure and one of the named rules below must account for it. A departure no rule accounts for, a
// case that is not read, or a call that does not compare is a failure.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { emptyStepsState, reduceSteps, type Step, type StepsState } from 'tool-steps/core';
import { eventsFromText, stepsFromUIMessages } from 'tool-steps/wires';
import { describe, expect, it } from 'vitest';

const CORPUS = new URL('../../../shared/fixtures/vendor/', import.meta.url);
const FOLDERS = ['openai', 'anthropic', 'ai-sdk', 'ag-ui'] as const;
/** The corpus's README counts 120 cases; fewer means cases went unread. */
const CASES = 120;

const PROTOCOLS = {
  'openai-responses': 'openai-responses',
  anthropic: 'anthropic',
  'ai-sdk': 'ai-sdk',
  'ag-ui': 'ag-ui',
} as const;

interface Check {
  field: string;
  op: 'equal' | 'contains' | 'includesAll' | 'oneOf' | 'subset' | 'jsonContains';
  value: unknown;
}
interface Call {
  id: string;
  vendorItem: string;
  checks: Check[];
}
/** What the vendor's reducer made of a stream and the kit does not, and the kit's documented rule. */
interface Departure {
  id: string;
  vendor: string;
  kit: string;
  doc: string;
}
interface Part {
  file: string;
  run: { status: string[] };
  calls: Call[];
  notCompared: { id: string; vendorItem: string; why: string }[];
  tolerated?: { id: string; statuses: string[]; why: string }[];
  deviations: Departure[];
  seed?: { messages: unknown[] };
  expectDiagnostics?: boolean;
}
interface Case {
  case: string;
  wire: keyof typeof PROTOCOLS;
  parts: Part[];
}

/**
 * The kit's documented departures from the vendors' reducers. Each says which departures it accounts for
 * and checks, on the kit's state, that the kit did what its rule says (not merely that the case says so).
 */
const RULES: readonly {
  name: string;
  doc: string;
  accounts: (d: Departure) => boolean;
  holds: (state: StepsState, d: Departure) => boolean;
}[] = [
  {
    name: 'open calls end interrupted',
    doc: 'ARCHITECTURE.md §2 rule 5: a start without a result ends interrupted when the run ends; a stream that ends without its run end ends run-abort',
    accounts: (d) => d.kit === 'interrupted' || d.kit.startsWith('interrupted,'),
    holds: (state, d) => state.byId[d.id]?.status === 'interrupted',
  },
  {
    name: 'terminal is final',
    doc: 'ARCHITECTURE.md §2 rules 2 and 3: one step per id; results after a terminal one are dropped and counted',
    accounts: (d) => /dropped and counted/.test(d.kit),
    holds: (state, d) => state.byId[d.id] !== undefined && state.diagnostics.count > 0,
  },
  {
    name: 'a step removed by reset-step is cancelled',
    doc: 'ARCHITECTURE.md §4 "Vercel AI SDK UI message stream": the union has no "remove a step" event',
    accounts: (d) => d.kit === 'cancelled' && /reset-step/.test(d.doc),
    holds: (state, d) => state.byId[d.id]?.status === 'cancelled',
  },
  {
    name: 'decoders read on past what the vendor throws on',
    doc: 'README.md "Protocols": a malformed or unknown frame becomes a diagnostic, the rest is read',
    accounts: (d) => /^reads on/.test(d.kit),
    holds: (state) => state.diagnostics.count > 0,
  },
];

/** The names an AG-UI stream started a call under, in order. */
function agUiStartNames(text: string, id: string): string[] {
  const names: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('data: {"type":"TOOL_CALL_START"')) continue;
    const frame = JSON.parse(line.slice(6)) as Record<string, unknown>;
    if (frame.type === 'TOOL_CALL_START' && frame.toolCallId === id && typeof frame.toolCallName === 'string')
      names.push(frame.toolCallName);
  }
  return names;
}

/**
 * Departures the cases do not name (the vendor's output is what the check expects): the kit's rule for
 * the field stands instead, and is checked.
 */
const CHECK_RULES: readonly {
  name: string;
  doc: string;
  accounts: (text: string, call: Call, check: Check) => boolean;
  holds: (state: StepsState, text: string, call: Call) => boolean;
}[] = [
  {
    name: 'a call keeps the tool name it started with',
    doc: 'ARCHITECTURE.md §4 "AG-UI": a TOOL_CALL_START that reuses an id under another name is a diagnostic; the step keeps its first name (the reference renames it)',
    accounts: (text, call, check) => {
      if (check.field !== 'toolName') return false;
      const names = agUiStartNames(text, call.id);
      return names.length > 1 && names[0] !== check.value;
    },
    holds: (state, text, call) =>
      state.byId[call.id]?.toolName === agUiStartNames(text, call.id)[0] && state.diagnostics.count > 0,
  },
];

/** A step's field by a check's path: `details.kind`, `details.sources[].url`. */
function field(step: Step, path: string): unknown {
  let values: unknown[] = [step];
  for (const segment of path.split('.')) {
    const each = segment.endsWith('[]');
    const key = each ? segment.slice(0, -2) : segment;
    values = values.flatMap((v) => {
      const next = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[key] : undefined;
      return each ? (Array.isArray(next) ? next : []) : [next];
    });
  }
  return path.includes('[]') ? values : values[0];
}

function compare(step: Step, check: Check): void {
  const actual = field(step, check.field);
  const what = `${step.id} ${check.field}`;
  switch (check.op) {
    case 'equal':
      expect(actual, what).toEqual(check.value);
      return;
    case 'contains':
      expect(typeof actual === 'string' ? actual : JSON.stringify(actual), what).toContain(check.value);
      return;
    case 'includesAll':
      expect(actual, what).toEqual(expect.arrayContaining(check.value as unknown[]));
      return;
    case 'oneOf':
      expect(check.value as unknown[], what).toContainEqual(actual);
      return;
    case 'subset':
      expect(actual, what).toMatchObject(check.value as object);
      return;
    case 'jsonContains':
      expect(JSON.stringify(actual), what).toContain(check.value);
      return;
  }
}

/** The kit's state for one stream of a case: the stream read with its wire named, on the case's seed. */
function read(text: string, wire: Case['wire'], part: Part): StepsState {
  const events = eventsFromText(text, { protocol: PROTOCOLS[wire] });
  const from = part.seed ? stepsFromUIMessages(part.seed.messages as never) : emptyStepsState;
  return reduceSteps(from, events, { now: 0 });
}

const present = existsSync(CORPUS);
const cases: { folder: URL; data: Case }[] = present
  ? FOLDERS.flatMap((name) => {
      const folder = new URL(`${name}/`, CORPUS);
      return readdirSync(folder)
        .filter((file) => file.endsWith('.expected.json'))
        .sort()
        .map((file) => ({ folder, data: JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as Case }));
    })
  : [];

// The corpus lives in the team's shared folder, beside the checkout; a checkout without it has nothing to read.
describe.skipIf(!present)('the vendor conformance corpus (../shared/fixtures/vendor)', () => {
  it(`reads all ${CASES} cases`, () => {
    expect(cases).toHaveLength(CASES);
  });

  describe.each(cases.map((c) => [c.data.case, c] as const))('%s', (_, { folder, data }) => {
    it.each(data.parts.map((p) => [p.file, p] as const))("agrees with the vendor's reducer on %s", (_, part) => {
      const text = readFileSync(new URL(part.file, folder), 'utf8');
      const state = read(text, data.wire, part);
      expect(part.run.status, 'run status').toContain(state.run.status);
      if (part.expectDiagnostics) expect(state.diagnostics.count, 'diagnostics').toBeGreaterThan(0);
      for (const call of part.calls) {
        const step = Object.hasOwn(state.byId, call.id) ? state.byId[call.id] : undefined;
        expect(step, `a step for ${call.vendorItem} ${call.id}`).toBeDefined();
        for (const check of call.checks) {
          const rule = CHECK_RULES.find((r) => r.accounts(text, call, check));
          if (rule) expect(rule.holds(state, text, call), `${rule.name}: ${rule.doc}`).toBe(true);
          else compare(step as Step, check);
        }
      }
      for (const { id, statuses } of part.tolerated ?? []) {
        if (Object.hasOwn(state.byId, id)) expect(statuses, `${id} status`).toContain(state.byId[id]?.status);
      }
      // Every step the kit made is one the vendor made too (or one the case names as not compared).
      const named = new Set([
        ...part.calls.map((c) => c.id),
        ...(part.tolerated ?? []).map((t) => t.id),
        ...part.notCompared.map((n) => n.id),
        ...(part.seed ? stepsFromUIMessages(part.seed.messages as never).ids : []),
      ]);
      expect(
        state.ids.filter((id) => !named.has(id)),
        'steps the vendor has no call for',
      ).toEqual([]);
      for (const departure of part.deviations) {
        const rule = RULES.find((r) => r.accounts(departure));
        expect(rule?.name, `a rule for "${departure.kit}" (${departure.doc})`).toBeDefined();
        expect(rule?.holds(state, departure), `${rule?.name}: ${rule?.doc}`).toBe(true);
      }
    });
  });
});
