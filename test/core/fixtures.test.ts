// The shared Cogitator fixtures, reduced to the exact states they must end in: whole, byte by byte,
// and cut short anywhere.
import { readFileSync } from 'node:fs';
import {
  emptyStepsState,
  isTerminalStatus,
  readStream,
  reduceSteps,
  type StepEvent,
  type StepsState,
  type StreamSource,
} from 'tool-steps/core';
import { presentStep } from 'tool-steps/presentation';
import { stepsFromText } from 'tool-steps/wires';
import { describe, expect, it } from 'vitest';

const read = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

const READ_FILE = 'call_l7dXTPyLsxPFkThf4VucSmEH';
const GREP = 'call_C9qEwjky40UVsWmflzdE1F8R';
const EDIT_1 = 'call_fDNxSIvPZZ63fFKcZjR4I0b3';
const EDIT_2 = 'call_LJOqOAf1lLQSAJaiXnkU8Is2';
const RUN_TESTS = 'call_6KWxOiixgVoOnzyw2MzP0Zvz';
const BUILD = 'call_03NBQNSgPwlUQia1ID6vW5dq';

const MONEY_TS =
  "export interface Money {\n  amountCents: number;\n  currency: string;\n}\n\nexport function formatUsd(money: Money): string {\n  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(\n    money.amountCents / 100\n  );\n}\n";

const workspaceEdit: StepsState = {
  ids: [READ_FILE, GREP, EDIT_1, EDIT_2],
  byId: {
    [READ_FILE]: {
      id: READ_FILE,
      toolName: 'read_file',
      status: 'succeeded',
      inputText: '{"path":"src/lib/money.ts"}',
      input: { path: 'src/lib/money.ts' },
      result: MONEY_TS,
      presentation: { label: 'Read file', icon: 'file-text', detail: 'src/lib/money.ts' },
    },
    [GREP]: {
      id: GREP,
      toolName: 'grep',
      status: 'succeeded',
      inputText: '{"pattern":"formatUsd","path":"src"}',
      input: { pattern: 'formatUsd', path: 'src' },
      result:
        'src/lib/money.ts:6:export function formatUsd(money: Money): string {\nsrc/components/PriceTag.tsx:2:import { formatUsd } from \'../lib/money\';\nsrc/components/PriceTag.tsx:9:  return <span className="price">{formatUsd(price)}</span>;\n',
      presentation: { label: 'Search files', icon: 'text-search', detail: 'formatUsd' },
    },
    [EDIT_1]: {
      id: EDIT_1,
      toolName: 'edit_file',
      status: 'succeeded',
      inputText:
        '{"path":"src/lib/money.ts","oldText":"export function formatUsd(money: Money): string {","newText":"export function formatCurrency(money: Money): string {"}',
      input: {
        path: 'src/lib/money.ts',
        oldText: 'export function formatUsd(money: Money): string {',
        newText: 'export function formatCurrency(money: Money): string {',
      },
      result: { path: 'src/lib/money.ts', replacements: 1 },
      details: {
        diff: "--- a/src/lib/money.ts\n+++ b/src/lib/money.ts\n@@ -3,7 +3,7 @@\n   currency: string;\n }\n \n-export function formatUsd(money: Money): string {\n+export function formatCurrency(money: Money): string {\n   return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(\n     money.amountCents / 100\n   );\n",
      },
      presentation: { label: 'Edit file', icon: 'file-pen', detail: 'src/lib/money.ts' },
    },
    [EDIT_2]: {
      id: EDIT_2,
      toolName: 'edit_file',
      status: 'succeeded',
      inputText: '{"path":"src/components/PriceTag.tsx","oldText":"formatUsd","newText":"formatCurrency"}',
      input: { path: 'src/components/PriceTag.tsx', oldText: 'formatUsd', newText: 'formatCurrency' },
      result: { path: 'src/components/PriceTag.tsx', replacements: 2 },
      details: {
        diff: "--- a/src/components/PriceTag.tsx\n+++ b/src/components/PriceTag.tsx\n@@ -1,10 +1,10 @@\n import type { Money } from '../lib/money';\n-import { formatUsd } from '../lib/money';\n+import { formatCurrency } from '../lib/money';\n \n export interface PriceTagProps {\n   price: Money;\n }\n \n export function PriceTag({ price }: PriceTagProps) {\n-  return <span className=\"price\">{formatUsd(price)}</span>;\n+  return <span className=\"price\">{formatCurrency(price)}</span>;\n }\n",
      },
      presentation: { label: 'Edit file', icon: 'file-pen', detail: 'src/components/PriceTag.tsx' },
    },
  },
  run: { status: 'done' },
  diagnostics: { count: 0 },
};

const runCommandProgress: StepsState = {
  ids: [RUN_TESTS],
  byId: {
    [RUN_TESTS]: {
      id: RUN_TESTS,
      toolName: 'run_command',
      status: 'succeeded',
      inputText: '{"command":"pnpm test"}',
      input: { command: 'pnpm test --reporter=dot', cwd: '.' },
      presentation: { label: 'Run command', icon: 'terminal', detail: 'pnpm test --reporter=dot' },
      progress: {
        content: 'src/api/refunds.test.ts: 1 passed',
        details: { files: 4, passed: 42, failed: 0 },
        count: 5,
      },
      result: { exitCode: 0, output: 'Test Files  4 passed (4)\n     Tests  42 passed (42)\n  Duration  8.42s\n' },
      details: {
        exitCode: 0,
        durationMs: 8421,
        stdout:
          '\n RUN  v3.2.4 /home/dev/app\n\n..........................................\n\n Test Files  4 passed (4)\n      Tests  42 passed (42)\n   Duration  8.42s\n',
        stderr: '',
      },
    },
  },
  run: { status: 'done' },
  diagnostics: { count: 0 },
};

const toolTimeout: StepsState = {
  ids: [BUILD],
  byId: {
    [BUILD]: {
      id: BUILD,
      toolName: 'run_command',
      status: 'failed',
      inputText: '{"command":"pnpm build"}',
      input: { command: 'pnpm build' },
      presentation: { label: 'Run command', icon: 'terminal', detail: 'pnpm build' },
      progress: { content: 'transforming (1843) node_modules/lodash-es/lodash.js', count: 3 },
      error: { message: 'Tool "run_command" timed out after 60000ms', code: 'TOOL_TIMEOUT' },
    },
  },
  run: { status: 'done' },
  diagnostics: { count: 0 },
};

const FIXTURES: Array<[file: string, expected: StepsState]> = [
  ['cogitator-workspace-edit.sse', workspaceEdit],
  ['cogitator-run-command-progress.sse', runCommandProgress],
  ['cogitator-tool-timeout.sse', toolTimeout],
];

async function readAll(source: StreamSource): Promise<StepsState> {
  let state = emptyStepsState;
  for await (const batch of readStream(source)) state = reduceSteps(state, batch);
  return state;
}

function bytesOneByOne(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < bytes.length) controller.enqueue(bytes.slice(i, ++i));
      else controller.close();
    },
  });
}

describe('each shared Cogitator fixture reduces to its exact final state', () => {
  for (const [file, expected] of FIXTURES) {
    it(file, () => {
      const state = stepsFromText(read(file));
      expect(state).toEqual(expected);
      expect(state.diagnostics.count).toBe(0);
      expect(state.run.status).toBe('done');
    });
  }

  it('workspace-edit: no step is missing its result, and the rows read as the table says', () => {
    const state = stepsFromText(read('cogitator-workspace-edit.sse'));
    expect(state.ids.map((id) => presentStep(state.byId[id] ?? { toolName: '' }))).toEqual([
      { label: 'Read file', icon: 'file-text', detail: 'src/lib/money.ts', source: 'server' },
      { label: 'Search files', icon: 'text-search', detail: 'formatUsd', source: 'server' },
      { label: 'Edit file', icon: 'file-pen', detail: 'src/lib/money.ts', source: 'server' },
      { label: 'Edit file', icon: 'file-pen', detail: 'src/components/PriceTag.tsx', source: 'server' },
    ]);
    // the same rows without the server's presentation: the built-in table gives the same text, in the past tense
    expect(
      state.ids.map((id) => {
        const { presentation: _, ...step } = state.byId[id] ?? { toolName: '' };
        return presentStep(step);
      }),
    ).toEqual([
      // the kit's own labels take the tense of the status (these steps succeeded)
      { label: 'Read file', icon: 'file-text', detail: 'src/lib/money.ts', source: 'known' },
      { label: 'Searched files', icon: 'text-search', detail: 'formatUsd', source: 'known' },
      { label: 'Edited file', icon: 'file-pen', detail: 'src/lib/money.ts', source: 'known' },
      { label: 'Edited file', icon: 'file-pen', detail: 'src/components/PriceTag.tsx', source: 'known' },
    ]);
  });

  it('run-command-progress: before the first presentation the row already shows the replaced command', () => {
    const text = read('cogitator-run-command-progress.sse');
    const cut = text.indexOf(
      'data: {"type":"tool-update","toolCallId":"call_6KWxOiixgVoOnzyw2MzP0Zvz","content":"$ pnpm',
    );
    const state = stepsFromText(text.slice(0, cut));
    const step = state.byId[RUN_TESTS];
    expect(step?.status).toBe('interrupted');
    expect(step?.presentation).toBeUndefined();
    expect(presentStep(step ?? { toolName: '' })).toEqual({
      label: 'Run command',
      icon: 'terminal',
      detail: 'pnpm test --reporter=dot',
      source: 'known',
    });
  });
});

describe('each fixture read byte by byte through readStream', () => {
  for (const [file, expected] of FIXTURES) {
    it(`${file} as a text/event-stream Response`, async () => {
      const bytes = new TextEncoder().encode(read(file));
      const response = new Response(bytesOneByOne(bytes), { headers: { 'content-type': 'text/event-stream' } });
      const state = await readAll(response);
      expect(state).toEqual(stepsFromText(read(file)));
      expect(state).toEqual(expected);
    });

    it(`${file} as a bare byte stream`, async () => {
      const state = await readAll(bytesOneByOne(new TextEncoder().encode(read(file))));
      expect(state).toEqual(expected);
    });
  }
});

describe('each fixture cut short never throws and keeps every step already complete', () => {
  /** Steps whose last event had been fully received before the cut, with the state they had then. */
  function completeBefore(text: string, at: number): StepsState {
    const end = text.lastIndexOf('\n\n', at - 2);
    return stepsFromText(end === -1 ? '' : text.slice(0, end + 2));
  }

  for (const [file] of FIXTURES) {
    it(file, () => {
      const text = read(file);
      const positions = new Set<number>();
      for (let at = 1; at < text.length; at += Math.max(1, Math.floor(text.length / 97))) positions.add(at);
      // cut right after every frame and in the middle of each tool event too
      for (let at = text.indexOf('\n\n'); at !== -1; at = text.indexOf('\n\n', at + 1)) {
        positions.add(at + 1);
        positions.add(at + 2);
      }
      for (const marker of ['"tool-call-delta"', '"tool-result"', '"tool-update"', '"finish"']) {
        for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + 1)) positions.add(at + 20);
      }
      expect(positions.size).toBeGreaterThan(100);
      for (const at of [...positions].sort((a, b) => a - b)) {
        const cut = text.slice(0, at);
        let state: StepsState = emptyStepsState;
        expect(() => {
          state = stepsFromText(cut);
        }, `cut at ${at}`).not.toThrow();
        const before = completeBefore(text, at);
        for (const id of before.ids) {
          const done = before.byId[id];
          if (done && isTerminalStatus(done.status)) expect(state.byId[id], `cut at ${at}: ${id}`).toEqual(done);
        }
        expect(state.ids.slice(0, before.ids.length), `cut at ${at}`).toEqual(before.ids);
        // A cut right after the finish event's JSON (before its blank line) still delivers it: the
        // reader dispatches a last event that is whole instead of dropping it.
        const finishLine = text.indexOf('data: {"type":"finish"');
        const finished = before.run.status === 'done' || at >= text.indexOf('\n', finishLine);
        expect(state.run.status, `cut at ${at}`).toBe(finished ? 'done' : 'interrupted');
        for (const id of state.ids) {
          expect(['succeeded', 'failed', 'interrupted'], `cut at ${at}: ${id}`).toContain(state.byId[id]?.status);
        }
      }
    });
  }

  it('a cut inside a data line is counted as a diagnostic', () => {
    const text = read('cogitator-tool-timeout.sse');
    const at = text.indexOf('"tool-result"') + 20;
    const state = stepsFromText(text.slice(0, at));
    expect(state.byId[BUILD]?.status).toBe('interrupted');
    expect(state.byId[BUILD]?.progress?.count).toBe(3);
    expect(state.diagnostics.count).toBe(1);
  });

  it('a cut fixture read through readStream ends with run-abort and the same state', async () => {
    const text = read('cogitator-workspace-edit.sse');
    const at = text.indexOf('"type":"tool-call-start","id":"call_fDNx');
    const events: StepEvent[] = [];
    for await (const batch of readStream(text.slice(0, at))) events.push(...batch);
    expect(events.at(-1)).toEqual({
      type: 'run-abort',
      code: 'cut-mid-frame',
    });
    const state = reduceSteps(emptyStepsState, events);
    expect(state.ids).toEqual([READ_FILE, GREP]);
    expect(state.byId[READ_FILE]).toEqual(workspaceEdit.byId[READ_FILE]);
    expect(state.byId[GREP]).toEqual(workspaceEdit.byId[GREP]);
    expect(state.run).toMatchObject({ status: 'interrupted' });
  });
});
