/**
 * Differential test against the real AI SDK (ai 7.0.173 and ai 6.0.326): streams are produced by the
 * SDK's own server code (`streamText` with its mock model, `toUIMessageStreamResponse`), the same bytes
 * are reduced by the SDK's own client reducer (`readUIMessageStream`) and by ours, and for every tool
 * call, after every chunk, the status, input, output and error must agree under the mapping written at
 * the top of src/core/decoders/ai-sdk.ts. Each 7.x stream is also kept as test/fixtures/ai-sdk-*.sse
 * (regenerate with UPDATE_AI_SDK_FIXTURES=1) and must still be what the SDK produces.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as ai7 from 'ai';
import * as test7 from 'ai/test';
import * as ai6 from 'ai6';
import * as test6 from 'ai6/test';
import { createParser } from 'eventsource-parser';
import { readStream, reduceSteps, type StepEvent, type StepsState } from 'tool-steps/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { aiSdk } from '../../../src/core/decoders/ai-sdk';
import { emptyStepsState } from '../../../src/core/step';
import { stepsFromUIMessages, type ToolUIPartLike, type UIMessageLike } from '../../../src/core/ui-messages';

type Part = ToolUIPartLike & Record<string, unknown>;
interface Message extends UIMessageLike {
  id: string;
  role: string;
  parts: Part[];
}

/** The few SDK functions used here, typed loosely so that both majors fit. */
interface Sdk {
  version: 6 | 7;
  label: string;
  streamText(options: Record<string, unknown>): {
    toUIMessageStreamResponse(options?: Record<string, unknown>): Response;
  };
  readUIMessageStream(options: {
    stream: ReadableStream<unknown>;
    message?: Message;
    onError?: (e: unknown) => void;
  }): AsyncIterable<Message>;
  tool(definition: Record<string, unknown>): unknown;
  dynamicTool(definition: Record<string, unknown>): unknown;
  convertToModelMessages(messages: Message[]): Promise<unknown>;
  stepCountIs(count: number): unknown;
  MockLanguageModelV3: new (options: { doStream: unknown[] }) => unknown;
  convertArrayToReadableStream<T>(values: T[]): ReadableStream<T>;
}

type Api = Omit<Sdk, 'version' | 'label' | 'MockLanguageModelV3' | 'convertArrayToReadableStream'>;
type TestApi = Pick<Sdk, 'MockLanguageModelV3' | 'convertArrayToReadableStream'>;
const sdks: Sdk[] = [
  { ...(ai7 as unknown as Api), ...(test7 as unknown as TestApi), version: 7, label: 'ai 7.0.173' },
  { ...(ai6 as unknown as Api), ...(test6 as unknown as TestApi), version: 6, label: 'ai6 (ai 6.0.326)' },
];

// ---------------------------------------------------------------------------------------------
// Scripting the mock model

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A model call streaming its JSON input in two pieces, then the call. */
function call(id: string, toolName: string, input: string, extra: Record<string, unknown> = {}): unknown[] {
  const cut = Math.ceil(input.length / 2);
  return [
    { type: 'tool-input-start', id, toolName, ...extra },
    { type: 'tool-input-delta', id, delta: input.slice(0, cut) },
    { type: 'tool-input-delta', id, delta: input.slice(cut) },
    { type: 'tool-input-end', id },
    { type: 'tool-call', toolCallId: id, toolName, input, ...extra },
  ];
}

const text = (value: string): unknown[] => [
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: value },
  { type: 'text-end', id: 't' },
];

function modelStep(sdk: Sdk, parts: unknown[], reason: 'tool-calls' | 'stop'): unknown {
  return {
    stream: sdk.convertArrayToReadableStream([
      { type: 'stream-start', warnings: [] },
      ...parts,
      { type: 'finish', finishReason: { unified: reason, raw: reason }, usage },
    ]),
  };
}

interface Scenario {
  name: string;
  only?: 6 | 7;
  /** The model's steps: each a list of model stream parts. */
  steps: (sdk: Sdk) => unknown[][];
  tools: (sdk: Sdk) => Record<string, unknown>;
  options?: (sdk: Sdk) => Record<string, unknown>;
  /** A second request continuing the same assistant message, after the client answered approvals. */
  continueWith?: {
    approvals: Record<string, { approved: boolean; reason?: string }>;
    steps: (sdk: Sdk) => unknown[][];
  };
}

const weather = (sdk: Sdk) =>
  sdk.tool({
    title: 'Weather',
    metadata: { group: 'forecast' },
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }: { city: string }) => ({ city, celsius: 21 }),
  });

const scenarios: Scenario[] = [
  {
    name: 'tool-result',
    steps: () => [[...call('call-1', 'weather', '{"city":"Paris"}')], [...text('It is 21 degrees.')]],
    tools: (sdk) => ({ weather: weather(sdk) }),
  },
  {
    name: 'preliminary',
    steps: () => [[...call('call-1', 'countdown', '{"from":3}')], [...text('Done.')]],
    tools: (sdk) => ({
      countdown: sdk.tool({
        inputSchema: z.object({ from: z.number() }),
        async *execute({ from }: { from: number }) {
          for (let left = from; left >= 0; left--) yield { left };
        },
      }),
    }),
  },
  {
    name: 'tool-error',
    steps: () => [[...call('call-1', 'deploy', '{"env":"prod"}')], [...text('It failed.')]],
    tools: (sdk) => ({
      deploy: sdk.tool({
        inputSchema: z.object({ env: z.string() }),
        execute: async () => {
          throw new Error('Deploy key expired');
        },
      }),
    }),
  },
  {
    name: 'invalid-input',
    steps: () => [[...call('call-1', 'weather', '{"town":7}')], [...text('Sorry.')]],
    tools: (sdk) => ({ weather: weather(sdk) }),
  },
  {
    name: 'approval',
    steps: () => [
      [...call('call-1', 'delete_file', '{"path":"/tmp/a"}'), ...call('call-2', 'delete_file', '{"path":"/etc/b"}')],
    ],
    tools: (sdk) => ({
      delete_file: sdk.tool({
        inputSchema: z.object({ path: z.string() }),
        execute: async ({ path }: { path: string }) => ({ deleted: path }),
        ...(sdk.version === 6 ? { needsApproval: true } : {}),
      }),
    }),
    options: (sdk) => (sdk.version === 7 ? { toolApproval: { delete_file: 'user-approval' } } : {}),
    continueWith: {
      approvals: { 'call-1': { approved: true }, 'call-2': { approved: false, reason: 'Not in /etc' } },
      steps: () => [[...text('Deleted one file.')]],
    },
  },
  {
    name: 'automatic-approval',
    only: 7,
    steps: () => [
      [...call('call-1', 'read_env', '{"name":"HOME"}'), ...call('call-2', 'write_env', '{"name":"PATH"}')],
      [...text('ok')],
    ],
    tools: (sdk) => ({
      read_env: sdk.tool({ inputSchema: z.object({ name: z.string() }), execute: async () => '/home/me' }),
      write_env: sdk.tool({ inputSchema: z.object({ name: z.string() }), execute: async () => 'written' }),
    }),
    options: () => ({
      toolApproval: {
        read_env: { type: 'approved', reason: 'Read-only' },
        write_env: { type: 'denied', reason: 'Writes are off' },
      },
    }),
  },
  {
    name: 'dynamic',
    steps: () => [[...call('call-1', 'mcp_search', '{"query":"tool steps"}')], [...text('Found it.')]],
    tools: (sdk) => ({
      mcp_search: sdk.dynamicTool({
        title: 'Search (MCP)',
        inputSchema: z.object({ query: z.string() }),
        execute: async (input: unknown) => ({ hits: 2, query: (input as { query: string }).query }),
      }),
    }),
  },
  {
    name: 'client-tool',
    steps: () => [[...call('call-1', 'ask_location', '{}'), ...call('call-2', 'weather', '{"city":"Oslo"}')]],
    tools: (sdk) => ({ ask_location: sdk.tool({ inputSchema: z.object({}) }), weather: weather(sdk) }),
  },
  {
    name: 'provider-executed',
    steps: () => [
      [
        ...call('call-1', 'web_search', '{"q":"vitest"}', { providerExecuted: true }),
        {
          type: 'tool-result',
          toolCallId: 'call-1',
          toolName: 'web_search',
          result: { results: 3 },
          providerExecuted: true,
        },
        // A provider-executed call of a tool the app did not declare: the SDK reports invalid input,
        // then the provider's result still arrives.
        ...call('call-2', 'code_exec', '{"code":"1+1"}', { providerExecuted: true }),
        {
          type: 'tool-result',
          toolCallId: 'call-2',
          toolName: 'code_exec',
          result: { stdout: '2' },
          providerExecuted: true,
        },
        ...text('Three results.'),
      ],
    ],
    tools: (sdk) => ({ web_search: sdk.tool({ inputSchema: z.object({ q: z.string() }) }) }),
  },
];

// ---------------------------------------------------------------------------------------------
// Running a scenario

interface Capture {
  text: string;
  headers: Headers;
  chunks: unknown[];
  frames: string[];
}

function framesOf(sse: string): string[] {
  const frames: string[] = [];
  const parser = createParser({ onEvent: (event) => frames.push(event.data) });
  parser.feed(sse);
  return frames;
}

async function capture(
  sdk: Sdk,
  scenario: Scenario,
  steps: unknown[][],
  extra: Record<string, unknown> = {},
  originalMessages?: Message[],
): Promise<Capture> {
  let n = 0;
  const result = sdk.streamText({
    model: new sdk.MockLanguageModelV3({
      doStream: steps.map((parts, i) =>
        modelStep(
          sdk,
          parts,
          i < steps.length - 1
            ? 'tool-calls'
            : parts.some((p) => (p as { type: string }).type === 'tool-call')
              ? 'tool-calls'
              : 'stop',
        ),
      ),
    }),
    tools: scenario.tools(sdk),
    stopWhen: sdk.stepCountIs(5),
    ...(extra.messages ? {} : { prompt: 'go' }),
    _internal: { generateId: () => `approval-${++n}` },
    ...scenario.options?.(sdk),
    ...extra,
  });
  const response = result.toUIMessageStreamResponse({
    generateMessageId: () => 'msg-1',
    ...(originalMessages ? { originalMessages } : {}),
  });
  const text = await response.text();
  const frames = framesOf(text);
  const chunks = frames.filter((f) => f !== '[DONE]').map((f) => JSON.parse(f) as unknown);
  return { text, headers: response.headers, chunks, frames };
}

/** The SDK's own reduction of some chunks: its last message snapshot. */
async function sdkReduce(sdk: Sdk, chunks: unknown[], message?: Message): Promise<Message | undefined> {
  let last: Message | undefined = message ? structuredClone(message) : undefined;
  const errors: unknown[] = [];
  const stream = sdk.convertArrayToReadableStream(chunks);
  for await (const snapshot of sdk.readUIMessageStream({ stream, message: last, onError: (e) => errors.push(e) }))
    last = snapshot;
  expect(errors).toEqual([]);
  return last;
}

const isToolPart = (p: Part) => p.type.startsWith('tool-') || p.type === 'dynamic-tool';

/**
 * The mapping under test, written out independently of the implementation: the SDK part state (plus
 * `preliminary` / `approval.approved` / a provider-executed input error) → our status.
 */
function expectedStatus(part: Part, pendingProviderError: boolean): string {
  switch (part.state) {
    case 'input-streaming':
      return 'input-streaming';
    case 'input-available':
      return 'running';
    case 'approval-requested':
      return 'awaiting-approval';
    case 'approval-responded':
      return part.approval?.approved ? 'running' : 'denied';
    case 'output-available':
      return part.preliminary ? 'running' : 'succeeded';
    case 'output-error':
      return pendingProviderError ? 'running' : 'failed';
    case 'output-denied':
      return 'denied';
    default:
      throw new Error(`unmapped SDK state ${part.state}`);
  }
}

/** Asserts that our state agrees with the SDK's message for every tool call. */
function expectAgreement(
  message: Message | undefined,
  state: StepsState,
  where: string,
  pendingProviderErrors: ReadonlySet<string>,
  invalidInputs: ReadonlySet<string> = new Set(),
): number {
  const parts = (message?.parts ?? []).filter(isToolPart);
  for (const part of parts) {
    const step = state.byId[part.toolCallId];
    const at = `${where}, call ${part.toolCallId} (${part.state})`;
    expect(step, at).toBeDefined();
    if (!step) continue;
    const expected = expectedStatus(part, pendingProviderErrors.has(part.toolCallId));
    expect({ at, status: step.status }).toEqual({ at, status: expected });
    expect({ at, toolName: step.toolName }).toEqual({
      at,
      toolName: part.type === 'dynamic-tool' ? part.toolName : part.type.slice(5),
    });
    // 6.x keeps a static tool's invalid input in `rawInput` (7.x in `input`); the same bytes either way.
    // 6.x also loses it when a provider-executed call's result follows; we keep what the stream said.
    const input = part.state === 'output-error' && part.input === undefined ? part.rawInput : part.input;
    const lost = input === undefined && invalidInputs.has(part.toolCallId);
    if (part.inputEncoding === 'text' && part.state === 'input-streaming') {
      // raw-text input: the SDK shows the text as `input`; we keep it as the argument text
      expect({ at, inputText: step.inputText }).toEqual({ at, inputText: part.input ?? '' });
    } else if (!lost) {
      expect({ at, input: step.input }).toEqual({ at, input });
    }
    if (part.title !== undefined) expect({ at, label: step.presentation?.label }).toEqual({ at, label: part.title });
    if (part.state === 'output-available' && part.preliminary)
      expect({ at, progress: step.progress?.content }).toEqual({ at, progress: part.output });
    if (part.state === 'output-available' && !part.preliminary)
      expect({ at, result: step.result }).toEqual({ at, result: part.output });
    if (part.state === 'output-error' && expected === 'failed')
      expect({ at, error: step.error?.message }).toEqual({ at, error: part.errorText });
    if (part.approval?.id) expect({ at, approvalId: step.approval?.id }).toEqual({ at, approvalId: part.approval.id });
  }
  // and no step that the SDK does not show, but for the calls of a reset step: it removes them, we
  // cancel them (the event union cannot remove a step)
  const shown = new Set(parts.map((p) => p.toolCallId));
  expect(new Set(state.ids.filter((id) => shown.has(id) || state.byId[id]?.status !== 'cancelled'))).toEqual(shown);
  return parts.length;
}

/** Chunk by chunk: after each prefix, the SDK's snapshot and our state agree. Returns the comparisons made. */
async function compareEveryPrefix(
  sdk: Sdk,
  cap: Capture,
  start: StepsState,
  message?: Message,
): Promise<{ state: StepsState; checks: number }> {
  const decoder = aiSdk();
  let state = start;
  let checks = 0;
  const pending = new Set<string>();
  const invalid = new Set<string>();
  for (let k = 0; k < cap.frames.length; k++) {
    const frame = cap.frames[k] ?? '';
    state = reduceSteps(state, decoder.push(frame));
    if (frame === '[DONE]') continue;
    const chunk = JSON.parse(frame) as { type: string; toolCallId?: string; providerExecuted?: boolean };
    if (chunk.type === 'tool-input-error' && chunk.providerExecuted && chunk.toolCallId) pending.add(chunk.toolCallId);
    if (chunk.type === 'tool-input-error' && chunk.toolCallId) invalid.add(chunk.toolCallId);
    if (chunk.type.startsWith('tool-output') && chunk.toolCallId) pending.delete(chunk.toolCallId);
    const snapshot = await sdkReduce(sdk, cap.chunks.slice(0, k + 1), message);
    expectAgreement(snapshot, state, `${sdk.version}.x after chunk ${k} (${chunk.type})`, pending, invalid);
    checks++;
  }
  state = reduceSteps(state, decoder.end());
  return { state, checks };
}

/** The client's answer to approvals, as `addToolApprovalResponse` records it on the message. */
function answer(message: Message, approvals: Record<string, { approved: boolean; reason?: string }>): Message {
  const copy = structuredClone(message);
  for (const part of copy.parts) {
    const decision = approvals[part.toolCallId];
    if (!decision || part.state !== 'approval-requested') continue;
    Object.assign(part, {
      state: 'approval-responded',
      approval: {
        ...part.approval,
        approved: decision.approved,
        ...(decision.reason ? { reason: decision.reason } : {}),
      },
    });
  }
  return copy;
}

const fixturePath = (name: string) => new URL(`../../fixtures/ai-sdk-${name}.sse`, import.meta.url);

function checkFixture(name: string, text: string): void {
  if (process.env.UPDATE_AI_SDK_FIXTURES) writeFileSync(fixturePath(name), text);
  expect(text).toBe(readFileSync(fixturePath(name), 'utf8'));
}

async function stateOf(cap: Capture): Promise<StepsState> {
  let state = emptyStepsState;
  for await (const events of readStream(new Response(cap.text, { headers: cap.headers }), {
    protocol: 'ai-sdk' as never,
  })) {
    state = reduceSteps(state, events);
  }
  return state;
}

// ---------------------------------------------------------------------------------------------

describe.each(sdks)('$label: our decoder agrees with readUIMessageStream', (sdk) => {
  for (const scenario of scenarios) {
    if (scenario.only && scenario.only !== sdk.version) continue;

    it(`${scenario.name}: after every chunk, every tool call has the same status, input, output and error`, async () => {
      const cap = await capture(sdk, scenario, scenario.steps(sdk));
      expect(cap.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
      if (sdk.version === 7) checkFixture(scenario.name, cap.text);

      const { state, checks } = await compareEveryPrefix(sdk, cap, emptyStepsState);
      expect(checks).toBe(cap.chunks.length);

      // The whole pipeline (bytes → readStream → reducer) ends where the chunk-by-chunk run ended.
      const piped = await stateOf(cap);
      expect(piped.byId).toEqual(state.byId);
      expect(piped.run).toEqual(state.run);
      expect(piped.diagnostics.count).toBe(0);

      // useChat users: the SDK's final message through stepsFromUIMessages gives the same steps.
      const final = await sdkReduce(sdk, cap.chunks);
      const fromMessages = stepsFromUIMessages(final ? [final] : []);
      expect(fromMessages.ids).toEqual(state.ids);
      const invalid = new Set(
        cap.chunks.flatMap((c) =>
          (c as { type: string }).type === 'tool-input-error' ? [(c as { toolCallId: string }).toolCallId] : [],
        ),
      );
      for (const id of state.ids) {
        const ours = state.byId[id];
        const theirs = fromMessages.byId[id];
        // (6.x loses an invalid input once a provider result follows: the message has nothing to give)
        const lost = theirs?.input === undefined && invalid.has(id);
        expect({
          id,
          status: theirs?.status,
          input: theirs?.input,
          result: theirs?.result,
          error: theirs?.error,
        }).toEqual({
          id,
          status: ours?.status,
          input: lost ? undefined : ours?.input,
          result: ours?.result,
          error: ours?.error,
        });
      }

      if (!scenario.continueWith) return;
      // The client answers the approvals locally and re-POSTs; the server continues the same message.
      const answered = answer(final as Message, scenario.continueWith.approvals);
      const messages = await sdk.convertToModelMessages([
        { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'go' } as unknown as Part] },
        answered,
      ]);
      const second = await capture(sdk, scenario, scenario.continueWith.steps(sdk), { messages }, [
        { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'go' } as unknown as Part] },
        answered,
      ]);
      if (sdk.version === 7) checkFixture(`${scenario.name}-continued`, second.text);
      expect(second.chunks[0]).toEqual({ type: 'start', messageId: 'msg-1' });

      // Ours: the same store continues; the client's decisions are applied as the kit's buttons would.
      const decided = reduceSteps(
        state,
        Object.entries(scenario.continueWith.approvals).map(
          ([id, d]): StepEvent =>
            d.reason !== undefined
              ? { type: 'step-decision', id, approved: d.approved, reason: d.reason }
              : { type: 'step-decision', id, approved: d.approved },
        ),
      );
      expectAgreement(answered, decided, `${sdk.version}.x after the client's answers`, new Set());
      const continued = await compareEveryPrefix(sdk, second, decided, answered);
      expect(continued.checks).toBe(second.chunks.length);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Chunk sequences the SDK's server does not produce in 7.0.173 (custom backends, `createUIMessageStream`
// writers, other providers), fed to both reducers the same way.

interface HandWritten {
  name: string;
  versions: Array<6 | 7>;
  chunks: Record<string, unknown>[];
}

const handWritten: HandWritten[] = [
  {
    name: 'reset-step drops the calls of a retried step; the retry makes new ones',
    versions: [7],
    chunks: [
      { type: 'start', messageId: 'm' },
      { type: 'start-step' },
      { type: 'tool-input-start', toolCallId: 'a', toolName: 'search' },
      { type: 'tool-input-available', toolCallId: 'a', toolName: 'search', input: { q: 1 } },
      { type: 'tool-output-available', toolCallId: 'a', output: 'kept' },
      { type: 'finish-step' },
      { type: 'start-step' },
      { type: 'tool-input-start', toolCallId: 'b', toolName: 'search' },
      { type: 'tool-input-delta', toolCallId: 'b', inputTextDelta: '{"q":' },
      { type: 'reset-step' },
      { type: 'start-step' },
      { type: 'tool-input-start', toolCallId: 'c', toolName: 'search' },
      { type: 'tool-input-available', toolCallId: 'c', toolName: 'search', input: { q: 2 } },
      { type: 'tool-output-available', toolCallId: 'c', output: 'retried' },
      { type: 'finish-step' },
      { type: 'finish', finishReason: 'stop' },
    ],
  },
  {
    name: 'inputEncoding "text" streams raw text',
    versions: [6, 7],
    chunks: [
      { type: 'start', messageId: 'm' },
      { type: 'tool-input-start', toolCallId: 'a', toolName: 'shell', inputEncoding: 'text' },
      { type: 'tool-input-delta', toolCallId: 'a', inputTextDelta: 'ls ' },
      { type: 'tool-input-delta', toolCallId: 'a', inputTextDelta: '-la' },
      { type: 'tool-input-available', toolCallId: 'a', toolName: 'shell', input: 'ls -la' },
      { type: 'tool-output-available', toolCallId: 'a', output: 'total 0' },
      { type: 'finish' },
    ],
  },
  {
    name: 'calls without tool-input-start, a relabel, a raw-text invalid input',
    versions: [6, 7],
    chunks: [
      { type: 'start', messageId: 'm' },
      { type: 'tool-input-start', toolCallId: 'a', toolName: 'search', title: 'Search' },
      { type: 'tool-input-available', toolCallId: 'a', toolName: 'search', input: { q: 'x' }, title: 'Search for x' },
      { type: 'tool-input-available', toolCallId: 'b', toolName: 'read', input: { path: 'p' }, title: 'Read p' },
      { type: 'tool-output-available', toolCallId: 'b', output: 'text', preliminary: true },
      {
        type: 'tool-input-error',
        toolCallId: 'c',
        toolName: 'edit',
        input: '{"path": ',
        errorText: 'JSON parse failed',
      },
      { type: 'tool-output-available', toolCallId: 'a', output: [] },
      { type: 'finish' },
    ],
  },
  {
    name: 'an automatic denial with a reason, then tool-output-denied',
    versions: [7],
    chunks: [
      { type: 'start', messageId: 'm' },
      { type: 'tool-input-available', toolCallId: 'a', toolName: 'rm', input: {} },
      { type: 'tool-approval-request', toolCallId: 'a', approvalId: 'ap', isAutomatic: true, reason: 'Deletes files' },
      { type: 'tool-approval-response', approvalId: 'ap', approved: false, reason: 'policy' },
      { type: 'tool-output-denied', toolCallId: 'a' },
      { type: 'finish' },
    ],
  },
];

describe.each(sdks)('$label: hand-written chunk sequences agree with readUIMessageStream', (sdk) => {
  for (const c of handWritten) {
    if (!c.versions.includes(sdk.version)) continue;
    it(c.name, async () => {
      const frames = [...c.chunks.map((chunk) => JSON.stringify(chunk)), '[DONE]'];
      const cap: Capture = { text: '', headers: new Headers(), chunks: c.chunks, frames };
      const { state, checks } = await compareEveryPrefix(sdk, cap, emptyStepsState);
      expect(checks).toBe(c.chunks.length);
      expect(state.diagnostics.count).toBe(0);
    });
  }
});
