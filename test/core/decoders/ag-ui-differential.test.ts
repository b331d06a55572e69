/**
 * Differential test against AG-UI's own reducer: the same SSE bytes go through `@ag-ui/client` 1.0.0
 * (`HttpAgent.runAgent` over a fake fetch: parseSSEStream → CompatibilityBoundary → enforceEvents →
 * transformChunks → verifyEvents → defaultApplyEvents) and through `readStream` + `reduceSteps`, and
 * every tool call is compared on name, input, status, output and error, using one projection of
 * both states; the captures the 0.0.x line accepts also through `@ag-ui/client` 0.0.59
 * (CopilotKit's). The captures are test/fixtures/wires/ag-ui-*.sse: `ag-ui-tools` is the shared
 * one; the others are made here from test/core/decoders/ag-ui-captures.ts (regenerate with
 * UPDATE_WIRE_FIXTURES=1) and must still be what `@ag-ui/encoder` writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { HttpAgent } from '@ag-ui/client';
import { EventSchema } from '@ag-ui/core/schemas';
import { EventEncoder } from '@ag-ui/encoder';
import { HttpAgent as HttpAgent0 } from 'ag-ui-client-0';
import { reduceSteps, type StepEvent, type StepsState } from 'tool-steps/core';
import { eventsFromText } from 'tool-steps/wires';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyStepsState } from '../../../src/core/step';
import { type AgUiCapture, agUiCaptures, agUiLegacyCapture, stamped } from './ag-ui-captures';

const FIXTURES = new URL('../../fixtures/wires/', import.meta.url);
const USER = { id: 'user_1', role: 'user' as const, content: 'Tidy the repository.' };

function fixturePath(name: string, run: number, runs: number): URL {
  return new URL(runs > 1 ? `${name}.${run + 1}.sse` : `${name}.sse`, FIXTURES);
}

/** The bytes of each run: validated and encoded with the vendor's own encoder, or written as 0.0.x does. */
function encode(capture: AgUiCapture): string[] {
  const encoder = new EventEncoder();
  return stamped(capture.runs).map((run) =>
    run
      .map((event) =>
        capture.raw ? `data: ${JSON.stringify(event)}\n\n` : encoder.encodeSSE(EventSchema.parse(event) as never),
      )
      .join(''),
  );
}

interface VendorRun {
  outcome?: string;
  pendingToolCallIds?: string[];
  runError?: string;
  rejected?: string;
}

interface VendorResult {
  messages: Record<string, unknown>[];
  pendingInterrupts: { id: string; toolCallId?: string }[];
  runs: VendorRun[];
  warnings: string[];
}

/** Runs the bytes of each run through `HttpAgent` (one agent, one request per run). */
async function vendor(
  runs: string[],
  resume: AgUiCapture['resume'] = [],
  Agent: typeof HttpAgent = HttpAgent,
): Promise<VendorResult> {
  const warnings: string[] = [];
  const warn = vi
    .spyOn(console, 'warn')
    .mockImplementation((...args) => void warnings.push(args.map(String).join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  let current = 0;
  const agent = new Agent({
    url: 'http://agent.test/run',
    threadId: 'thread_1',
    initialMessages: [USER],
    fetch: async () => new Response(runs[current] ?? '', { headers: { 'content-type': 'text/event-stream' } }),
  });
  const results: VendorRun[] = [];
  for (current = 0; current < runs.length; current++) {
    const run: VendorRun = {};
    results.push(run);
    const answers = (resume[current] ?? []).map(({ interruptId, status }) => ({ interruptId, status }));
    try {
      await agent.runAgent(
        { runId: `run_${current + 1}`, ...(answers.length > 0 && { resume: answers }) },
        {
          onRunFinishedEvent(p) {
            run.outcome = p.outcome;
            if (p.outcome === 'success') run.pendingToolCallIds = p.pendingToolCallIds;
          },
          onRunErrorEvent(p) {
            run.runError = p.event.message;
          },
        },
      );
    } catch (e) {
      run.rejected = (e as Error).message;
    }
  }
  warn.mockRestore();
  error.mockRestore();
  return {
    messages: agent.messages as unknown as Record<string, unknown>[],
    pendingInterrupts: agent.pendingInterrupts as VendorResult['pendingInterrupts'],
    runs: results,
    warnings,
  };
}

interface Call {
  name: string;
  status: string;
  input?: unknown;
  /** The vendor's arguments did not parse (a call cut mid-arguments): inputs are not compared. */
  partial?: boolean;
  result?: unknown;
  error?: string;
}

/** The vendor's state as calls. */
function vendorCalls(v: VendorResult): Map<string, Call> {
  const calls = new Map<string, Call>();
  const last = v.runs[v.runs.length - 1] as VendorRun;
  for (const m of v.messages) {
    if (m.role !== 'assistant' || !Array.isArray(m.toolCalls)) continue;
    for (const tc of m.toolCalls as { id: string; function: { name: string; arguments: string } }[]) {
      const call: Call = { name: tc.function.name, status: 'running' };
      try {
        call.input = JSON.parse(tc.function.arguments);
      } catch {
        call.partial = true;
      }
      if (v.pendingInterrupts.some((i) => i.toolCallId === tc.id)) call.status = 'awaiting-approval';
      else if (last.pendingToolCallIds?.includes(tc.id)) call.status = 'running';
      else if (last.runError !== undefined) call.status = 'interrupted';
      else if (last.outcome === 'cancelled') call.status = 'cancelled';
      calls.set(tc.id, call);
    }
  }
  for (const m of v.messages) {
    if (m.role !== 'tool') continue;
    const call = calls.get(m.toolCallId as string) ?? { name: '', status: 'running' };
    call.result = m.content;
    if (typeof m.error === 'string') {
      call.status = 'failed';
      call.error = m.error;
    } else call.status = 'succeeded';
    calls.set(m.toolCallId as string, call);
  }
  return calls;
}

/** Our state after every run, with the app's answers to interrupts applied between runs. */
function ours(runs: string[], resume: AgUiCapture['resume'] = []): { state: StepsState; events: StepEvent[] } {
  let state = emptyStepsState;
  const all: StepEvent[] = [];
  runs.forEach((bytes, i) => {
    for (const answer of resume[i] ?? []) {
      state = reduceSteps(state, {
        type: 'step-decision',
        id: answer.toolCallId,
        approved: answer.status === 'resolved',
      });
    }
    const events = eventsFromText(bytes);
    all.push(...events);
    state = reduceSteps(state, events);
  });
  return { state, events: all };
}

/** What the model read of a vendor `content`: the string, or the text parts joined (our `result`). */
function textOf(content: unknown): unknown {
  if (!Array.isArray(content)) return content;
  return content
    .filter((p) => p.type === 'text')
    .map((p) => p.text)
    .join('\n');
}

/** Compares every call; returns how many were compared. */
function compare(
  state: StepsState,
  v: VendorResult,
  known: Record<string, Partial<Call>> = {},
): { compared: number; disagreements: string[] } {
  const calls = vendorCalls(v);
  const disagreements: string[] = [];
  expect(new Set(state.ids)).toEqual(new Set(calls.keys()));
  for (const [id, expected] of calls) {
    const step = state.byId[id];
    if (!step) throw new Error(`no step for ${id}`);
    const want = { ...expected, ...known[id] };
    if (known[id]) disagreements.push(id);
    expect(step.toolName, id).toBe(want.name);
    expect(step.status, id).toBe(want.status);
    if (!want.partial) expect(step.input, id).toEqual(want.input);
    if (want.result !== undefined) {
      expect(step.result, id).toEqual(textOf(want.result));
      if (Array.isArray(want.result) && want.result.some((p) => p.type !== 'text')) {
        expect((step.details as { parts: unknown[] }).parts).toHaveLength(want.result.length);
      }
    }
    expect(step.error?.message, id).toBe(want.error);
  }
  return { compared: calls.size, disagreements };
}

const update = process.env.UPDATE_WIRE_FIXTURES === '1';

describe('AG-UI: our decoder against @ag-ui/client 1.0.0 on the same bytes', () => {
  afterEach(() => vi.restoreAllMocks());

  it('agrees call by call on the shared capture (parallel calls, media result, activity, frontend tool)', async () => {
    const bytes = readFileSync(new URL('ag-ui-tools.sse', FIXTURES), 'utf8');
    const v = await vendor([bytes]);
    const expected = JSON.parse(readFileSync(new URL('ag-ui-tools.expected.json', FIXTURES), 'utf8'));
    expect(v.messages.slice(1)).toEqual(expected.messages.slice(1));
    const { state } = ours([bytes]);
    const { compared } = compare(state, v);
    expect(compared).toBe(3);
    expect(state.diagnostics.count).toBe(0);
    expect(state.byId.call_c?.status).toBe('running');
    expect(state.byId.call_b?.progress).toMatchObject({ content: 'Searching files', count: 2 });
    expect(state.byId.call_b?.progress?.details).toMatchObject({ done: 2, total: 3 });
  });

  for (const capture of [...agUiCaptures, agUiLegacyCapture]) {
    it(`${capture.name}: the capture is what the encoder writes, and the reducers agree`, async () => {
      const runs = encode(capture);
      runs.forEach((bytes, i) => {
        const path = fixturePath(capture.name, i, runs.length);
        if (update) writeFileSync(path, bytes);
        expect(readFileSync(path, 'utf8')).toBe(bytes);
      });
      const v = await vendor(runs, capture.resume);
      for (const run of v.runs) expect(run.rejected).toBeUndefined();
      const expectedPath = new URL(`${capture.name}.expected.json`, FIXTURES);
      const record = {
        oracle: 'HttpAgent.runAgent (fake fetch) -> defaultApplyEvents, @ag-ui/client@1.0.0',
        messages: v.messages,
        pendingInterrupts: v.pendingInterrupts,
        runs: v.runs,
        warnings: v.warnings,
      };
      if (update) writeFileSync(expectedPath, `${JSON.stringify(record, null, 2)}\n`);
      expect(JSON.parse(readFileSync(expectedPath, 'utf8'))).toEqual(JSON.parse(JSON.stringify(record)));

      const { state } = ours(runs, capture.resume);
      // The one disagreement: the 1.0 client strips `error` from TOOL_CALL_RESULT (with a warning) and
      // shows the call as a success; the producer said it failed, and so do we.
      const known: Record<string, Partial<Call>> = capture.name === 'ag-ui-run-error'
        ? { call_s: { status: 'failed', error: 'HTTP 429 Too Many Requests', result: 'Search failed: rate limited' } }
        : {};
      const { compared, disagreements } = compare(state, v, known);
      expect(compared).toBeGreaterThan(0);
      expect(disagreements).toEqual(Object.keys(known));
      expect(state.diagnostics.count).toBe(0);
    });
  }

  it('ag-ui-run-error: the vendor really does strip the error (the disagreement is theirs)', async () => {
    const capture = agUiCaptures.find((c) => c.name === 'ag-ui-run-error') as AgUiCapture;
    const v = await vendor(encode(capture));
    const tool = v.messages.find((m) => m.toolCallId === 'call_s');
    expect(tool).toBeDefined();
    expect(tool?.error).toBeUndefined();
    expect(v.warnings.join('\n')).toMatch(/error/);
  });

  it('ag-ui-subagent-cancelled: the sub-agent call is nested under the call that started it', () => {
    const capture = agUiCaptures.find((c) => c.name === 'ag-ui-subagent-cancelled') as AgUiCapture;
    const { state } = ours(encode(capture));
    expect(state.byId.call_q?.parentId).toBe('call_r');
    expect(state.byId.call_q?.details).toMatchObject({ kind: 'media' });
  });
});

describe('AG-UI: the 0.0.x line (@ag-ui/client 0.0.59, as CopilotKit ships it) on the captures it accepts', () => {
  afterEach(() => vi.restoreAllMocks());
  const names = ['ag-ui-legacy', 'ag-ui-interrupt', 'ag-ui-run-error'];
  for (const capture of [...agUiCaptures, agUiLegacyCapture].filter((c) => names.includes(c.name))) {
    it(`${capture.name}: the reducers agree call by call`, async () => {
      const runs = encode(capture);
      const v = await vendor(runs, capture.resume, HttpAgent0 as unknown as typeof HttpAgent);
      for (const run of v.runs) expect(run.rejected).toBeUndefined();
      const { state } = ours(runs, capture.resume);
      const known: Record<string, Partial<Call>> = capture.name === 'ag-ui-run-error'
        ? { call_s: { status: 'failed', error: 'HTTP 429 Too Many Requests', result: 'Search failed: rate limited' } }
        : {};
      const { compared, disagreements } = compare(state, v, known);
      expect(compared).toBeGreaterThan(0);
      expect(disagreements).toEqual(Object.keys(known));
    });
  }
});

describe('AG-UI: chunked calls across other events, against @ag-ui/client 1.0.0', () => {
  afterEach(() => vi.restoreAllMocks());
  const sse = (events: Record<string, unknown>[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
  const start = { type: 'RUN_STARTED', threadId: 't', runId: 'run_1' };
  const finish = { type: 'RUN_FINISHED', threadId: 't', runId: 'run_1' };
  const streams: Record<string, Record<string, unknown>[]> = {
    'activity and raw events leave the call open': [
      start,
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'a', toolCallName: 'set', delta: '{"x":' },
      { type: 'ACTIVITY_SNAPSHOT', messageId: 'act', activityType: 'P', content: { label: 'working' } },
      { type: 'RAW', event: { any: 1 } },
      { type: 'TOOL_CALL_CHUNK', delta: '2}' },
      { type: 'STEP_STARTED', stepName: 'tools' },
      { type: 'TOOL_CALL_RESULT', messageId: 'm1', toolCallId: 'a', content: 'ok' },
      { type: 'STEP_FINISHED', stepName: 'tools' },
      finish,
    ],
    // The reference needs the name again on a chunk that reopens a call; without it, it rejects the run.
    'A, B, A: the reopened call gets the rest of its arguments': [
      start,
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'a', toolCallName: 'set', delta: '{"x":' },
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'b', toolCallName: 'get', delta: '{}' },
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'a', toolCallName: 'set', delta: '1}' },
      { type: 'TOOL_CALL_RESULT', messageId: 'm1', toolCallId: 'a', content: 'ok' },
      finish,
    ],
  };
  for (const [name, events] of Object.entries(streams)) {
    it(name, async () => {
      const bytes = sse(events);
      const v = await vendor([bytes]);
      expect(v.runs[0]?.rejected).toBeUndefined();
      const { state } = ours([bytes]);
      expect(compare(state, v).compared).toBeGreaterThan(0);
      expect(state.diagnostics.count).toBe(0);
    });
  }
});

/** Frames the reference rejects (or drops): ours reads them and counts a diagnostic. */
describe('AG-UI: what the reference rejects, we read and count', () => {
  afterEach(() => vi.restoreAllMocks());
  const sse = (events: Record<string, unknown>[], eol = '\n') =>
    events.map((e) => `data: ${JSON.stringify(e)}${eol}${eol}`).join('');
  const start = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };
  const finish = { type: 'RUN_FINISHED', threadId: 't', runId: 'r' };
  const cases: {
    name: string;
    bytes: string;
    vendorRejects: boolean;
    diagnostics: number;
    check: (s: StepsState) => void;
  }[] = [
    {
      name: 'arguments before their start',
      bytes: sse([
        start,
        { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"q":1}' },
        { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search' },
        { type: 'TOOL_CALL_END', toolCallId: 'c1' },
        { type: 'TOOL_CALL_RESULT', messageId: 'm', toolCallId: 'c1', content: 'ok' },
        finish,
      ]),
      vendorRejects: true,
      diagnostics: 1,
      check: (s) => expect(s.byId.c1).toMatchObject({ toolName: 'search', input: { q: 1 }, status: 'succeeded' }),
    },
    {
      name: 'a stream without RUN_STARTED',
      bytes: sse([
        { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search' },
        { type: 'TOOL_CALL_END', toolCallId: 'c1' },
        { type: 'TOOL_CALL_RESULT', messageId: 'm', toolCallId: 'c1', content: 'ok' },
        finish,
      ]),
      vendorRejects: true,
      diagnostics: 1,
      check: (s) => expect(s.byId.c1?.status).toBe('succeeded'),
    },
    {
      name: 'RUN_FINISHED with a call still streaming',
      bytes: sse([
        start,
        { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search' },
        { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"q":' },
        finish,
      ]),
      vendorRejects: true,
      diagnostics: 1,
      check: (s) => expect(s.byId.c1?.status).toBe('interrupted'),
    },
    {
      name: 'an event of an unknown type (the reference drops it with a warning)',
      bytes: sse([start, { type: 'TOOL_CALL_PROGRESS', toolCallId: 'c1' }, finish]),
      vendorRejects: false,
      diagnostics: 1,
      check: (s) => expect(s.run.status).toBe('done'),
    },
    {
      name: 'CRLF line ends (valid SSE)',
      bytes: sse(
        [
          start,
          { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search' },
          { type: 'TOOL_CALL_END', toolCallId: 'c1' },
          { type: 'TOOL_CALL_RESULT', messageId: 'm', toolCallId: 'c1', content: 'ok' },
          finish,
        ],
        '\r\n',
      ),
      vendorRejects: true,
      diagnostics: 0,
      check: (s) => expect(s.byId.c1?.status).toBe('succeeded'),
    },
  ];
  for (const c of cases) {
    it(`${c.name}: the reference ${c.vendorRejects ? 'rejects the run' : 'reads it'}; we read it with ${c.diagnostics} diagnostic(s)`, async () => {
      const v = await vendor([c.bytes]);
      expect(v.runs[0]?.rejected !== undefined).toBe(c.vendorRejects);
      const { state } = ours([c.bytes]);
      expect(state.diagnostics.count).toBe(c.diagnostics);
      c.check(state);
    });
  }
});
