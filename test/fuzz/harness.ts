/**
 * Property-based fuzzing of the core (a standing defence): every decoder, the reducer, the
 * store and the readers of stored data, against the invariants ARCHITECTURE.md §2 promises. Shared
 * by the bounded run in `npm test` (test/fuzz/*.test.ts) and the long run of `npm run fuzz`
 * (scripts/fuzz.mjs bundles this file with esbuild), so both check the same properties.
 *
 * Imports are relative (no `tool-steps/core` alias) so that esbuild can bundle it outside Vitest.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { decoderFor } from '../../src/core/decoders';
import { detectProtocol } from '../../src/core/decoders/detect';
import { append, type ProtocolName } from '../../src/core/decoders/types';
import type { StepEvent } from '../../src/core/events';
import { reduceSteps } from '../../src/core/reduce';
import { repairState, repairStepEvent } from '../../src/core/repair';
import { eventsFromAnviaToolResult, eventsFromDualChannelResult } from '../../src/core/results';
import { emptyStepsState, isTerminalStatus, type StepsState } from '../../src/core/step';
import { createStepStore } from '../../src/core/store';
import { readStream } from '../../src/core/stream';
import { stepsFromUIMessages } from '../../src/core/ui-messages';
import { eventsFromCogitatorThread } from '../../src/wires/cogitator-history';
import { createMcpTracker } from '../../src/wires/mcp';
import { eventsFromText } from '../../src/wires/read-text';
import { displayFieldProblems } from '../core/display-fields';

type Json = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------
// Values: mostly the right type, often not (the point is what the wrong types do).

const ids = fc.constantFrom('c1', 'c2', 'c3', 'p1', '__proto__', 'constructor', '', 'c1 ');
const hostile = fc.oneof(
  fc.constant({ toString: null, valueOf: null }),
  fc.constant([null]),
  fc.constant({ __proto__: { x: 1 } }),
  fc.constant(Number.NaN),
  fc.constant('\u202E'),
);
const anything: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: hostile },
);
/** A value of the expected kind 4 times out of 5, anything else otherwise. */
const mostly = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: anything });
const text = mostly(fc.string({ maxLength: 16 }));
const name = mostly(fc.constantFrom('read_file', 'run_command', 'grep', 'write_file', 'x'));
const id = mostly(ids);
const argsText = mostly(
  fc.constantFrom('{"path":"a', '.ts"}', '{"__proto__":{"command":"rm"},"cwd":"/', '}', '[1,', '"x"', '', '{"a":{"b'),
);
const presentation = mostly(fc.record({ label: text, icon: text, detail: text }, { requiredKeys: ['label'] }));

/** A frame of one type: its fields (each may be missing). */
function frame(type: string, fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Json> {
  return fc.record(fields, { requiredKeys: [] }).map((f) => ({ type, ...f }));
}

// ---------------------------------------------------------------------------------------------------
// Frames per wire: the vocabulary of each protocol, with fields of any type.

const cogitatorFrames = fc.oneof(
  frame('start', { messageId: text, threadId: text }),
  frame('tool-call-start', { id, toolName: name }),
  frame('tool-call-delta', { id, argsTextDelta: argsText }),
  frame('tool-call-end', { id }),
  frame('tool-update', { toolCallId: id, content: anything, details: anything, presentation, arguments: anything }),
  frame('tool-result', {
    toolCallId: id,
    result: anything,
    error: mostly(fc.constantFrom(null, 'boom')),
    errorCode: text,
    details: anything,
    presentation,
  }),
  frame('approval-required', {
    approvals: mostly(fc.array(fc.record({ toolCallId: id, toolName: name, arguments: anything }), { maxLength: 2 })),
  }),
  frame('error', { message: text, code: text }),
  frame('finish', {
    messageId: text,
    status: mostly(fc.constantFrom('completed', 'paused')),
    pendingApprovals: anything,
  }),
  frame('text-delta', { delta: text }),
);

const aiSdkFrames = fc.oneof(
  frame('start', { messageId: text }),
  frame('start-step', {}),
  frame('tool-input-start', { toolCallId: id, toolName: name, dynamic: anything }),
  frame('tool-input-delta', { toolCallId: id, inputTextDelta: argsText }),
  frame('reasoning-start', { id, providerMetadata: anything }),
  frame('reasoning-delta', { id, delta: text, providerMetadata: anything }),
  frame('reasoning-end', { id, providerMetadata: anything }),
  frame('tool-input-available', { toolCallId: id, toolName: name, input: anything }),
  frame('tool-input-error', { toolCallId: id, toolName: name, input: anything, errorText: text }),
  frame('tool-approval-request', { toolCallId: id, approvalId: text }),
  frame('tool-output-available', { toolCallId: id, output: anything, preliminary: mostly(fc.boolean()) }),
  frame('tool-output-error', { toolCallId: id, errorText: text }),
  frame('tool-output-denied', { toolCallId: id }),
  frame('finish-step', {}),
  frame('abort', {}),
  frame('error', { errorText: text }),
  frame('finish', { finishReason: text }),
);

const anviaEvents = fc.oneof(
  frame('run_start', { runId: text, scope: anything }),
  frame('tool_call_start', { toolCallId: id, toolName: name }),
  frame('tool_call_delta', { toolCallId: id, delta: argsText, mode: mostly(fc.constantFrom('append', 'replace')) }),
  frame('tool_call_end', { toolCallId: id, toolName: name, input: anything }),
  frame('tool_result', {
    toolCallId: id,
    toolName: name,
    input: anything,
    result: mostly(
      fc.oneof(
        fc.record({ status: fc.constant('success'), output: anything, content: anything }),
        fc.record({ status: fc.constant('error'), error: mostly(fc.record({ message: text, code: text })) }),
      ),
    ),
  }),
  frame('interaction', {
    interaction: mostly(fc.record({ type: fc.constant('tool-approval'), toolCallId: id, toolName: name, id: text })),
  }),
  frame('run_end', { status: mostly(fc.constantFrom('completed', 'suspended', 'cancelled', 'blocked', 'error')) }),
  frame('error', { error: mostly(fc.record({ message: text, code: text })) }),
  frame('text_delta', { delta: text }),
);

/** Anvia frames in their envelope, ids in sequence (so that the envelope checks pass unless corrupted). */
const anviaStreams = fc.array(anviaEvents, { maxLength: 12 }).map((events) => [
  { type: 'stream_start', protocol: 'anvia.client.v3', streamId: 's', eventId: 0, resumable: false },
  ...events.map((event, i) => ({
    type: 'stream_event',
    streamId: 's',
    eventId: i + 1,
    event: { runId: 'r', ...event },
  })),
  { type: 'stream_end', streamId: 's', eventId: events.length, status: 'completed' },
]);

const nativeFrames = fc.oneof(
  frame('step-start', { id, toolName: name, parentId: id, presentation, at: mostly(fc.integer()) }),
  frame('step-input-delta', { id, delta: argsText, replace: mostly(fc.boolean()) }),
  frame('step-input', { id, input: anything, toolName: name }),
  frame('step-progress', { id, content: anything, details: anything, presentation }),
  frame('step-approval', { id, approvalId: text, description: text, sideEffects: mostly(fc.array(fc.string())) }),
  frame('step-decision', { id, approved: mostly(fc.boolean()), reason: text }),
  frame('step-result', { id, result: anything, details: anything, presentation }),
  frame('step-error', { id, message: text, code: text }),
  frame('step-denied', { id, reason: text }),
  frame('step-cancelled', { id }),
  frame('reasoning-start', {
    id,
    parentId: id,
    visibility: mostly(fc.constantFrom('full', 'summary', 'redacted', 'encrypted')),
  }),
  frame('reasoning-delta', { id, delta: text }),
  frame('reasoning-end', { id, text, visibility: mostly(fc.constantFrom('full', 'summary', 'redacted')) }),
  frame('run-start', { runId: text }),
  frame('run-finish', { status: mostly(fc.constantFrom('done', 'paused')), keepOpen: anything }),
  frame('run-error', { message: text, code: text }),
  frame('run-abort', { reason: text }),
);

const cogitatorWsFrames = fc.oneof(
  fc.record({ type: fc.constant('event'), id: text, payload: cogitatorFrames }),
  fc.record({
    type: fc.constant('event'),
    payload: fc.oneof(
      frame('tool-call', { id, name, arguments: anything }),
      frame('tool-result', { callId: id, name, result: anything, error: anything }),
      frame('complete', { result: anything }),
      frame('cancelled', {}),
      frame('token', { text }),
    ),
  }),
  frame('error', { error: anything, code: text }),
);

// The vendor wires: their frame and item types, with fields of any type.
const index = mostly(fc.integer({ min: -1, max: 3 }));

const openaiItem = mostly(
  fc.oneof(
    frame('function_call', {
      id,
      call_id: id,
      name,
      arguments: argsText,
      status: mostly(fc.constantFrom('in_progress', 'completed', 'incomplete')),
    }),
    frame('mcp_call', { id, name, server_label: text, arguments: argsText, output: anything, error: anything }),
    frame('custom_tool_call', { id, call_id: id, name, input: text }),
    frame('web_search_call', { id, status: text, action: anything }),
    frame('message', { id, content: anything }),
    frame('reasoning', { id, summary: anything, content: anything, encrypted_content: text }),
  ),
);

const openaiFrames = fc.oneof(
  frame('response.created', { response: anything }),
  frame('response.output_item.added', { output_index: index, item: openaiItem }),
  frame('response.function_call_arguments.delta', { item_id: id, output_index: index, delta: argsText }),
  frame('response.reasoning_summary_text.delta', {
    item_id: id,
    output_index: index,
    summary_index: index,
    delta: text,
  }),
  frame('response.reasoning_text.delta', { item_id: id, output_index: index, content_index: index, delta: text }),
  frame('response.function_call_arguments.done', { item_id: id, output_index: index, arguments: argsText }),
  frame('response.mcp_call_arguments.delta', { item_id: id, output_index: index, delta: argsText }),
  frame('response.custom_tool_call_input.delta', { item_id: id, output_index: index, delta: text }),
  frame('response.output_item.done', { output_index: index, item: openaiItem }),
  frame('response.completed', { response: anything }),
  frame('response.failed', { response: anything }),
  frame('response.incomplete', { response: anything }),
  frame('error', { message: text, code: text }),
);

const anthropicBlock = mostly(
  fc.oneof(
    frame('tool_use', { id, name, input: anything }),
    frame('server_tool_use', { id, name, input: anything }),
    frame('mcp_tool_use', { id, name, server_name: text, input: anything }),
    frame('thinking', { thinking: text, signature: text }),
    frame('redacted_thinking', { data: anything }),
    frame('web_search_tool_result', { tool_use_id: id, content: anything }),
    frame('text', { text }),
  ),
);

const anthropicFrames = fc.oneof(
  frame('message_start', { message: anything }),
  frame('content_block_start', { index, content_block: anthropicBlock }),
  frame('content_block_delta', {
    index,
    delta: mostly(
      fc.oneof(
        frame('input_json_delta', { partial_json: argsText }),
        frame('text_delta', { text }),
        frame('thinking_delta', { thinking: text }),
        frame('signature_delta', { signature: text }),
      ),
    ),
  }),
  frame('content_block_stop', { index }),
  frame('message_delta', {
    delta: mostly(
      fc.record(
        { stop_reason: mostly(fc.constantFrom('end_turn', 'tool_use', 'pause_turn', 'max_tokens', 'refusal')) },
        { requiredKeys: [] },
      ),
    ),
  }),
  frame('message_stop', {}),
  frame('error', { error: mostly(fc.record({ type: text, message: text }, { requiredKeys: [] })) }),
  frame('ping', {}),
);

/** JSON Patch operations for ACTIVITY_DELTA, with the paths that reach a prototype among them. */
const patchOp = fc.record(
  {
    op: mostly(fc.constantFrom('add', 'replace', 'remove', 'move')),
    path: mostly(
      fc.constantFrom(
        '/label',
        '/n',
        '/list/-',
        '/list/0',
        '/__proto__/x',
        '/__proto__/toLocaleString',
        '/constructor/prototype/y',
        '/toString',
        '/label/length',
        '',
      ),
    ),
    value: anything,
  },
  { requiredKeys: ['op', 'path'] },
);

const agUiFrames = fc.oneof(
  frame('RUN_STARTED', { threadId: text, runId: text, parentRunId: text }),
  frame('TOOL_CALL_START', { toolCallId: id, toolCallName: name, parentMessageId: text }),
  frame('TOOL_CALL_ARGS', { toolCallId: id, delta: argsText }),
  frame('REASONING_MESSAGE_START', { messageId: id }),
  frame('REASONING_MESSAGE_CONTENT', { messageId: id, delta: text }),
  frame('REASONING_MESSAGE_END', { messageId: id }),
  frame('THINKING_TEXT_MESSAGE_CONTENT', { delta: text }),
  frame('TOOL_CALL_CHUNK', { toolCallId: id, toolCallName: name, delta: argsText }),
  frame('TOOL_CALL_END', { toolCallId: id }),
  frame('TOOL_CALL_RESULT', { toolCallId: id, messageId: text, content: anything, role: text }),
  frame('RUN_FINISHED', { threadId: text, runId: text, result: anything, outcome: anything }),
  frame('RUN_ERROR', { message: text, code: text }),
  frame('MESSAGES_SNAPSHOT', { messages: anything }),
  frame('CUSTOM', { name: text, value: anything }),
  frame('STEP_STARTED', { stepName: text }),
  frame('ACTIVITY_SNAPSHOT', {
    messageId: mostly(fc.constantFrom('act', 'act2')),
    activityType: text,
    content: mostly(fc.record({ toolCallId: id, label: text, n: anything }, { requiredKeys: [] })),
    replace: mostly(fc.boolean()),
  }),
  frame('ACTIVITY_DELTA', {
    messageId: mostly(fc.constantFrom('act', 'act2')),
    activityType: text,
    patch: mostly(fc.array(patchOp, { maxLength: 3 })),
  }),
  frame('SUBAGENT_STARTED', { subagentRunId: text, parentToolCallId: id }),
);

const agentsRaw = mostly(
  fc.oneof(
    frame('function_call', { callId: id, name, arguments: argsText, status: text }),
    frame('hosted_tool_call', {
      id,
      name,
      status: mostly(fc.constantFrom('in_progress', 'completed', 'failed')),
      output: anything,
      arguments: anything,
    }),
    frame('function_call_result', { callId: id, name, output: anything, status: text }),
    frame('computer_call', { callId: id, action: anything }),
  ),
);

const agentsFrames = fc.oneof(
  frame('run_item_stream_event', {
    name: mostly(
      fc.constantFrom(
        'tool_called',
        'tool_output',
        'tool_approval_requested',
        'handoff_requested',
        'handoff_occurred',
        'message_output_created',
      ),
    ),
    item: mostly(fc.record({ type: text, rawItem: agentsRaw, output: anything, toolName: name }, { requiredKeys: [] })),
  }),
  frame('raw_model_stream_event', { data: anything }),
  frame('agent_updated_stream_event', { agent: anything }),
);

/** Each wire, and the frames a stream of it is made of. */
export const WIRES: Readonly<Record<string, { protocol: ProtocolName; streams: fc.Arbitrary<Json[]> }>> = {
  cogitator: { protocol: 'cogitator', streams: fc.array(cogitatorFrames, { maxLength: 14 }) },
  'cogitator-ws': { protocol: 'cogitator-ws', streams: fc.array(cogitatorWsFrames, { maxLength: 14 }) },
  'ai-sdk': { protocol: 'ai-sdk', streams: fc.array(aiSdkFrames, { maxLength: 14 }) },
  anvia: { protocol: 'anvia', streams: anviaStreams },
  native: { protocol: 'native', streams: fc.array(nativeFrames, { maxLength: 14 }) },
  'openai-responses': { protocol: 'openai-responses', streams: fc.array(openaiFrames, { maxLength: 14 }) },
  anthropic: { protocol: 'anthropic', streams: fc.array(anthropicFrames, { maxLength: 14 }) },
  'ag-ui': { protocol: 'ag-ui', streams: fc.array(agUiFrames, { maxLength: 14 }) },
  'openai-agents': { protocol: 'openai-agents', streams: fc.array(agentsFrames, { maxLength: 14 }) },
};

// MCP (src/wires/mcp.ts): JSON-RPC messages both ways, as the tracker reads them from any transport.
const rpcId = mostly(fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('r1', 'r2', '__proto__')));
const mcpContent = mostly(
  fc.array(
    fc.oneof(
      fc.record({ type: fc.constant('text'), text }),
      fc.record({ type: fc.constant('resource_link'), uri: mostly(fc.webUrl()), name: text, title: text }),
      fc.record({ type: fc.constant('image'), data: text, mimeType: text }),
      fc.record({ type: fc.constant('resource'), resource: anything }),
    ),
    { maxLength: 3 },
  ),
);
const mcpMessage = fc.oneof(
  fc.record({
    jsonrpc: fc.constant('2.0'),
    id: rpcId,
    method: fc.constant('tools/call'),
    params: mostly(
      fc.record(
        { name, arguments: anything, _meta: mostly(fc.record({ progressToken: rpcId }, { requiredKeys: [] })) },
        { requiredKeys: [] },
      ),
    ),
  }),
  fc.record({ jsonrpc: fc.constant('2.0'), id: rpcId, method: fc.constant('tools/list') }),
  fc.record({
    jsonrpc: fc.constant('2.0'),
    id: rpcId,
    result: mostly(
      fc.record(
        { content: mcpContent, isError: mostly(fc.boolean()), structuredContent: anything, tools: anything },
        { requiredKeys: [] },
      ),
    ),
  }),
  fc.record({
    jsonrpc: fc.constant('2.0'),
    id: rpcId,
    error: mostly(fc.record({ code: mostly(fc.constantFrom(-32001, -32602)), message: text }, { requiredKeys: [] })),
  }),
  fc.record({
    jsonrpc: fc.constant('2.0'),
    method: fc.constant('notifications/progress'),
    params: mostly(fc.record({ progressToken: rpcId, progress: mostly(fc.nat()), total: anything, message: text })),
  }),
  fc.record({
    jsonrpc: fc.constant('2.0'),
    method: fc.constant('notifications/cancelled'),
    params: mostly(fc.record({ requestId: rpcId, reason: text }, { requiredKeys: [] })),
  }),
  fc.record({
    jsonrpc: fc.constant('2.0'),
    id: rpcId,
    method: fc.constant('elicitation/create'),
    params: mostly(fc.record({ message: text, mode: text }, { requiredKeys: [] })),
  }),
  fc.record({ jsonrpc: fc.constant('2.0'), id: rpcId, result: mostly(fc.record({ action: text })) }),
  anything,
);
/** MCP messages, each sent by the client or received from the server. */
const mcpTraffic = fc.array(fc.tuple(fc.boolean(), mcpMessage), { maxLength: 14 });

/**
 * The MCP tracker never throws, makes valid events and a state that keeps the invariants, and a message
 * that is no JSON-RPC object (garbage) changes nothing.
 */
export function checkMcp(traffic: readonly (readonly [boolean, unknown])[], junkAt: readonly number[]): void {
  const run = (messages: readonly (readonly [boolean, unknown])[]) => {
    const events: StepEvent[] = [];
    const tracker = createMcpTracker({ emit: (batch) => append(events, batch) });
    for (const [sent, message] of messages) {
      if (sent) tracker.sent(message);
      else tracker.received(message);
    }
    return events;
  };
  const events = run(traffic);
  checkPrototype();
  checkValidEvents(events);
  checkEvents(events);
  const dirty = [...traffic];
  for (const at of junkAt) dirty.splice(at % (dirty.length + 1), 0, [at % 2 === 0, at % 3 === 0 ? 'x' : [at]]);
  must(isDeepStrictEqual(run(dirty), events), 'a message that is no object changed the events');
}

/** Text that is no frame: not JSON (garbage, a frame cut short) or JSON that is not an object. */
const garbage = fc.oneof(
  fc.string({ maxLength: 20 }).filter((s) => !isJson(s) && s.trim() !== '' && s.trim() !== '[DONE]'),
  fc.constantFrom('{"type":"tool-res', '{"type":', 'data: x', '[1,2', '{', '42', '[]', '"text"', 'null', 'true'),
);

function isJson(s: string): boolean {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------
// Invariants.

/** Thrown for a broken invariant; fast-check shrinks the input that broke it. */
export class Violation extends Error {}

function must(ok: boolean, what: string): void {
  if (!ok) throw new Violation(what);
}

const NOW = 1_000;
const typeOf = (event: unknown) =>
  typeof event === 'object' && event !== null ? String((event as { type?: unknown }).type) : typeof event;
const stripAt = (events: readonly StepEvent[]) => events.filter((e) => e.type !== 'diagnostic');

/** The state invariants after each event of a fold, and that a batch gives the same state. */
export function checkEvents(events: readonly StepEvent[], from: StepsState = emptyStepsState): StepsState {
  let state = from;
  for (const event of events) {
    // One event at a time, as a batch of one: a hand-made "event" that is an array would be read as a batch.
    const next = reduceSteps(state, [event], { now: NOW });
    must(next.ids.length >= state.ids.length, 'ids shrank');
    for (let i = 0; i < state.ids.length; i++) must(next.ids[i] === state.ids[i], 'ids reordered (first appearance)');
    for (const stepId of state.ids) {
      const before = state.byId[stepId];
      if (before && isTerminalStatus(before.status))
        must(next.byId[stepId] === before, `terminal step "${stepId}" changed on ${typeOf(event)}`);
    }
    state = next;
  }
  must(new Set(state.ids).size === state.ids.length, 'an id twice in ids');
  must(Object.keys(state.byId).length === state.ids.length, 'byId and ids disagree');
  for (const stepId of state.ids) must(Object.hasOwn(state.byId, stepId), `no step for id "${stepId}"`);
  const problems = displayFieldProblems(state);
  must(problems.length === 0, `display fields of the wrong type: ${problems.join(', ')}`);
  const batch = reduceSteps(from, events, { now: NOW });
  must(isDeepStrictEqual(batch, state), 'the batch and the fold disagree');
  return state;
}

function decode(protocol: ProtocolName, frames: readonly unknown[]): StepEvent[] {
  const decoder = decoderFor(protocol);
  const out: StepEvent[] = [];
  for (const f of frames) out.push(...decoder.push(f));
  out.push(...decoder.end());
  return out;
}

/** The own keys of `Object.prototype` and their values, to see that no frame wrote into it. */
const PROTOTYPE = Object.getOwnPropertyNames(Object.prototype).map(
  (key) => [key, Object.getOwnPropertyDescriptor(Object.prototype, key)?.value] as const,
);

/** Nothing a decoder read changed `Object.prototype` (a key added, removed or replaced). */
export function checkPrototype(): void {
  const now = Object.getOwnPropertyNames(Object.prototype);
  must(
    now.length === PROTOTYPE.length &&
      PROTOTYPE.every(([key, value]) => Object.getOwnPropertyDescriptor(Object.prototype, key)?.value === value),
    `Object.prototype changed: ${now.filter((k) => !PROTOTYPE.some(([key]) => key === k)).join(', ') || 'a built-in removed or replaced'}`,
  );
}

/** Every event a decoder makes is a step event whose fields already have their types (nothing to repair). */
export function checkValidEvents(events: readonly StepEvent[]): void {
  for (const event of events) {
    must(typeof event === 'object' && event !== null && typeof event.type === 'string', 'an event that is no object');
    if (event.type === 'diagnostic') continue;
    const { problems } = repairStepEvent(event);
    must(problems.length === 0, `a decoder made an event with fields of the wrong type: ${problems.join(', ')}`);
  }
}

/** Frames → events (as values and as text), then the state invariants. */
export function checkDecoder(protocol: ProtocolName, frames: readonly Json[]): void {
  const events = decode(protocol, frames);
  checkPrototype();
  checkValidEvents(events);
  checkEvents(events);
  // The same frames as text decode to the same events.
  // The same frames as text decode as the same frames parsed (JSON has no NaN, undefined or prototypes).
  const texts = frames.map((f) => JSON.stringify(f));
  const parsed = decode(
    protocol,
    texts.map((t) => JSON.parse(t)),
  );
  must(isDeepStrictEqual(decode(protocol, texts), parsed), 'frames as text and as parsed values disagree');
}

/**
 * Auto-detection changes nothing: a stream whose first frame that names a protocol names this wire reads
 * with `protocol: 'auto'` as with the wire named (the frames before it wait and are replayed). A stream
 * whose first naming frame names another wire is that wire's stream as far as anyone can tell, and one
 * that never names one is nobody's: neither is compared.
 */
export function checkAutoDetection(protocol: ProtocolName, frames: readonly Json[], sse: boolean): void {
  const texts = frames.map((f) => JSON.stringify(f));
  if (texts.length > 0 && texts.map((t) => detectProtocol(t)).find((p) => p !== undefined) !== protocol) return;
  const text = texts.map((t) => (sse ? `data: ${t}\n\n` : `${t}\n`)).join('');
  must(
    isDeepStrictEqual(eventsFromText(text), eventsFromText(text, { protocol })),
    'auto-detection and the named protocol disagree',
  );
}

/** Garbage and cut frames inserted anywhere change nothing but diagnostics. */
export function checkGarbage(protocol: ProtocolName, frames: readonly Json[], junk: readonly [number, string][]): void {
  const clean = frames.map((f) => JSON.stringify(f));
  const dirty = [...clean];
  for (const [at, g] of junk) dirty.splice(at % (dirty.length + 1), 0, g);
  const a = stripAt(decode(protocol, clean));
  const b = stripAt(decode(protocol, dirty));
  must(isDeepStrictEqual(a, b), 'a garbage frame changed the events');
}

/** One corrupted Anvia envelope costs at most its own event. */
export function checkOneBadEnvelope(frames: readonly Json[], index: number, corruption: number): void {
  const events = frames.slice(1, -1);
  if (events.length === 0) return;
  const k = 1 + (index % events.length);
  const corrupted = { ...(frames[k] as Json) };
  if (corruption === 0) corrupted.eventId = 1_000_000_000;
  else if (corruption === 1) corrupted.streamId = 'other';
  else if (corruption === 2) corrupted.eventId = -3;
  else if (corruption === 3) corrupted.eventId = (corrupted.eventId as number) + 1;
  else delete corrupted.event;
  const withBad = stripAt(
    decode(
      'anvia',
      frames.map((f, i) => (i === k ? corrupted : f)),
    ),
  );
  const without = stripAt(
    decode(
      'anvia',
      frames.filter((_, i) => i !== k),
    ),
  );
  const whole = stripAt(decode('anvia', frames));
  must(
    isDeepStrictEqual(withBad, without) || isDeepStrictEqual(withBad, whole),
    `a corrupted envelope (${['eventId jump', 'other stream', 'bad eventId', 'eventId one ahead', 'no event'][corruption]}) cost more than its own event`,
  );
}

/** The stream's text cut into arbitrary byte chunks reads as the whole text does. */
export async function checkChunking(text: string, cuts: readonly number[]): Promise<void> {
  const whole = eventsFromText(text);
  const bytes = new TextEncoder().encode(text);
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let last = 0;
  for (const p of [...points, bytes.length]) {
    if (p > last) chunks.push(bytes.slice(last, p));
    last = Math.max(last, p);
  }
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const read: StepEvent[] = [];
  for await (const batch of readStream(stream)) read.push(...batch);
  must(isDeepStrictEqual(read, whole), 'chunking changed the events');
}

/** A store fed batches holds what the reducer makes of all of them, and tells its listener of each change. */
export function checkStore(batches: readonly (readonly StepEvent[])[], stored: unknown): void {
  const store = createStepStore({ now: () => NOW, schedule: (flush) => flush() });
  let heard = 0;
  store.subscribe(() => {
    heard++;
  });
  let expected = emptyStepsState;
  let changes = 0;
  for (const batch of batches) {
    const before = store.getSnapshot();
    store.apply(batch);
    expected = reduceSteps(expected, batch, { now: NOW });
    if (store.getSnapshot() !== before) changes++;
  }
  must(isDeepStrictEqual(store.getSnapshot(), expected), 'the store and the reducer disagree');
  must(heard === changes, 'the store told its listener a wrong number of times');
  store.reset(stored as StepsState);
  const problems = displayFieldProblems(store.getSnapshot());
  must(problems.length === 0, `a stored state kept fields of the wrong type: ${problems.join(', ')}`);
  checkEvents([{ type: 'run-start' }], store.getSnapshot());
}

/** The readers of stored data never throw and give states a render can draw. */
export function checkReaders(value: unknown): void {
  const states: StepsState[] = [
    stepsFromUIMessages([{ parts: Array.isArray(value) ? value : [value] }]),
    repairState(value as StepsState),
  ];
  for (const state of states) {
    const problems = displayFieldProblems(state);
    must(problems.length === 0, `a reader kept fields of the wrong type: ${problems.join(', ')}`);
  }
  checkEvents(eventsFromAnviaToolResult(value));
  checkEvents(eventsFromDualChannelResult(value, { id: 'v' }));
  checkEvents(eventsFromCogitatorThread(value));
  checkEvents(eventsFromCogitatorThread({ messages: Array.isArray(value) ? value : [value] }));
}

// ---------------------------------------------------------------------------------------------------
// Arbitraries for the readers and the store.

const uiPart = fc.record(
  {
    type: mostly(fc.constantFrom('tool-read_file', 'dynamic-tool', 'tool-x', 'text')),
    toolCallId: id,
    toolName: name,
    state: mostly(
      fc.constantFrom(
        'input-streaming',
        'input-available',
        'approval-requested',
        'approval-responded',
        'output-available',
        'output-error',
        'output-denied',
      ),
    ),
    input: anything,
    output: anything,
    errorText: text,
    title: text,
    preliminary: anything,
    approval: mostly(fc.record({ id: text, approved: anything, reason: text, requestReason: text })),
  },
  { requiredKeys: [] },
);
const storedStep = fc.record(
  {
    id,
    toolName: name,
    status: mostly(fc.constantFrom('running', 'succeeded', 'failed', 'interrupted')),
    inputText: text,
    parentId: id,
    presentation,
    error: mostly(fc.record({ message: text, code: text })),
    approval: mostly(fc.record({ id: text, description: text, sideEffects: anything, decision: anything })),
    startedAt: anything,
  },
  { requiredKeys: [] },
);
const storedState = fc.oneof(
  anything,
  fc.record({
    ids: fc.array(mostly(ids), { maxLength: 4 }),
    byId: fc.dictionary(ids, storedStep, { maxKeys: 4 }),
    run: mostly(
      fc.record({ status: mostly(fc.constantFrom('idle', 'done', 'error')), error: anything, reason: anything }),
    ),
    diagnostics: anything,
  }),
);
const readerValue = fc.oneof(
  anything,
  fc.array(uiPart, { maxLength: 4 }),
  fc.record(
    {
      type: fc.constant('tool-result'),
      toolCallId: id,
      toolName: name,
      output: fc.record({
        type: mostly(fc.constantFrom('text', 'json', 'content', 'error-text', 'error-json')),
        value: anything,
      }),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    { tool_name: name, llm_content: text, ui_content: text, success: anything, error: text, metadata: anything },
    { requiredKeys: [] },
  ),
  fc.record({
    messages: fc.array(
      fc.oneof(
        fc.record({
          role: fc.constant('assistant'),
          toolCalls: fc.array(fc.record({ id, name, arguments: anything })),
        }),
        fc.record({ role: fc.constant('tool'), toolCallId: id, name, content: anything, metadata: anything }),
      ),
      { maxLength: 4 },
    ),
  }),
);

// ---------------------------------------------------------------------------------------------------
// The properties, by target. `frames` says how many frames (or values) one run of it feeds in.

export interface Target {
  readonly name: string;
  readonly property: fc.IProperty<unknown> | fc.IAsyncProperty<unknown>;
  readonly async: boolean;
}

const junk = fc.array(fc.tuple(fc.nat(), garbage), { minLength: 1, maxLength: 3 });

/** Counts the frames each target was fed, for the long run's figures. */
export const fed: Record<string, number> = {};
const count = (target: string, n: number) => {
  fed[target] = (fed[target] ?? 0) + n;
};

function wireTargets(wire: string): Target[] {
  const { protocol, streams } = WIRES[wire] as (typeof WIRES)[string];
  const targets: Target[] = [
    {
      name: `${wire}: decode + state invariants`,
      async: false,
      property: fc.property(streams, (frames) => {
        count(wire, frames.length * 2);
        checkDecoder(protocol, frames);
      }),
    },
    {
      name: `${wire}: garbage and cut frames equal their absence`,
      async: false,
      property: fc.property(streams, junk, (frames, j) => {
        count(wire, frames.length * 2 + j.length);
        checkGarbage(protocol, frames, j);
      }),
    },
    {
      name: `${wire}: chunking never changes events`,
      async: true,
      property: fc.asyncProperty(
        streams,
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (frames, sse, cuts) => {
          count(wire, frames.length * 2);
          const text = frames.map((f) => (sse ? `data: ${JSON.stringify(f)}\n\n` : `${JSON.stringify(f)}\n`)).join('');
          await checkChunking(text, cuts);
        },
      ),
    },
    {
      name: `${wire}: auto-detection reads as the named protocol`,
      async: false,
      property: fc.property(streams, fc.boolean(), (frames, sse) => {
        count(wire, frames.length * 2);
        checkAutoDetection(protocol, frames, sse);
      }),
    },
  ];
  if (wire === 'anvia') {
    targets.push({
      name: 'anvia: one bad envelope costs only itself',
      async: false,
      property: fc.property(streams, fc.nat(), fc.integer({ min: 0, max: 4 }), (frames, index, corruption) => {
        count(wire, frames.length * 3);
        checkOneBadEnvelope(frames, index, corruption);
      }),
    });
  }
  return targets;
}

const nativeEvents = fc.array(nativeFrames, { maxLength: 20 }).map((frames) => frames as unknown as StepEvent[]);

/** Every fuzz target: the nine wires, the MCP tracker, VT Code's and the other readers of stored data, the reducer, the store. */
export function targets(): Target[] {
  return [
    ...Object.keys(WIRES).flatMap(wireTargets),
    {
      name: 'mcp: tracker never throws; valid events; no-object messages equal their absence',
      async: false,
      property: fc.property(mcpTraffic, fc.array(fc.nat(), { maxLength: 3 }), (traffic, junkAt) => {
        count('mcp', traffic.length * 2 + junkAt.length);
        checkMcp(traffic, junkAt);
      }),
    },
    {
      name: 'reducer: hand-made events of any shape',
      async: false,
      property: fc.property(fc.array(fc.oneof(nativeFrames, anything), { maxLength: 24 }), (events) => {
        count('reducer', events.length);
        checkEvents(events as StepEvent[]);
      }),
    },
    {
      name: 'store: batches equal the reducer; reset(stored) is repaired',
      async: false,
      property: fc.property(fc.array(nativeEvents, { maxLength: 5 }), storedState, (batches, stored) => {
        count(
          'store',
          batches.reduce((n, b) => n + b.length, 1),
        );
        checkStore(batches, stored);
      }),
    },
    {
      name: 'readers of stored data (UI messages, Anvia and VT Code results, Cogitator threads, states)',
      async: false,
      property: fc.property(readerValue, (value) => {
        count('readers', 6);
        checkReaders(value);
      }),
    },
    {
      name: 'stream text of any protocol, chunked',
      async: true,
      property: fc.asyncProperty(
        fc.oneof(...Object.values(WIRES).map((w) => w.streams)),
        fc.constantFrom('sse', 'jsonl', 'raw'),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (frames, how, cuts) => {
          count('detect', frames.length);
          const text =
            how === 'sse'
              ? frames.map((f) => `data: ${JSON.stringify(f)}\n\n`).join('')
              : frames.map((f) => JSON.stringify(f)).join(how === 'raw' ? '\r\n' : '\n');
          await checkChunking(text, cuts);
          checkEvents(eventsFromText(text));
        },
      ),
    },
  ];
}
