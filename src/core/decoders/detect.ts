/**
 * Which wire format a stream speaks, from its response headers or from its first frames.
 *
 * Some frame types exist in more than one format with other fields (`start`, `finish`, `error`,
 * `text-*`, `reasoning-*` in both Cogitator and the AI SDK); such a frame decides only when a field
 * says which one it is, else it is ambiguous and the caller asks again with the next frame.
 */
import { STEP_EVENT_TYPES } from '../event-check';
import type { StepEvent } from '../events';
import { isAgUiType } from './ag-ui/types';
import { excerpt, PROTOCOL_NAMES, type ProtocolName } from './types';

/** The wire formats detection can name: every decoder's protocol. */
export type DetectedProtocol = ProtocolName;

const PROTOCOLS: readonly DetectedProtocol[] = [
  'cogitator',
  'cogitator-ws',
  'native',
  'ai-sdk',
  'anvia',
  'openai-responses',
  'openai-agents',
  'anthropic',
  'ag-ui',
];

const NATIVE_TYPES: ReadonlySet<string> = new Set(STEP_EVENT_TYPES);

/** Types only Cogitator's SSE stream sends. */
const COGITATOR_TYPES: ReadonlySet<string> = new Set([
  'tool-call-start',
  'tool-call-delta',
  'tool-call-end',
  'tool-update',
  'tool-result',
  'approval-required',
  'workflow',
  'swarm',
]);

/** Types only the AI SDK's UI message stream sends; `data-*` too. */
const AI_SDK_TYPES: ReadonlySet<string> = new Set([
  'tool-input-start',
  'tool-input-delta',
  'tool-input-available',
  'tool-input-error',
  'tool-approval-request',
  'tool-approval-response',
  'tool-output-available',
  'tool-output-error',
  'tool-output-denied',
  'start-step',
  'finish-step',
  'reset-step',
  'abort',
  'message-metadata',
  'source-url',
  'source-document',
  'file',
  'reasoning-file',
  'custom',
  'steering-message',
]);

/** Types both Cogitator and the AI SDK send, with different fields. */
const SHARED_TYPES: ReadonlySet<string> = new Set([
  'start',
  'finish',
  'error',
  'text-start',
  'text-delta',
  'text-end',
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
]);

/** Anvia's envelopes. */
const ANVIA_ENVELOPES: ReadonlySet<string> = new Set(['stream_start', 'stream_event', 'stream_end']);

function has(frame: Record<string, unknown>, key: string): boolean {
  return frame[key] !== undefined;
}

/**
 * The fields that tell a shared type apart. Cogitator's `start` always has `messageId` and newer
 * servers add `threadId`; the AI SDK's has an optional `messageId` and `messageMetadata`. Cogitator's
 * `finish` always has `messageId`; the AI SDK's has `finishReason` / `messageMetadata` and no
 * `messageId`. `error` has `message` (Cogitator) or `errorText` (AI SDK). Text and reasoning parts
 * match except for the AI SDK's `providerMetadata`.
 */
function sharedCandidates(type: string, frame: Record<string, unknown>): DetectedProtocol[] {
  const cogitator = ['threadId', 'usage', 'status', 'pendingApprovals', 'structured', 'blocked'].some((k) =>
    has(frame, k),
  );
  const aiSdk = ['messageMetadata', 'finishReason', 'providerMetadata', 'errorText'].some((k) => has(frame, k));
  if (cogitator !== aiSdk) return cogitator ? ['cogitator'] : ['ai-sdk'];
  if (type === 'start' && !has(frame, 'messageId')) return ['ai-sdk'];
  if (type === 'finish' && has(frame, 'messageId')) return ['cogitator'];
  if (type === 'error' && typeof frame.message === 'string' && !has(frame, 'errorText')) return ['cogitator'];
  // Cogitator's WebSocket error (`{ type: 'error', error, code? }`) may be a stream's first frame.
  if (type === 'error' && has(frame, 'error') && !has(frame, 'message') && !has(frame, 'errorText'))
    return ['cogitator-ws'];
  return ['cogitator', 'ai-sdk'];
}

/**
 * Every wire format a frame could belong to: one name when the frame decides, several when it is
 * ambiguous (a shared type without a telling field), none when no decoder reads it (not JSON, no
 * `type`, an unknown type) or when it says nothing yet (a comment, `[DONE]`, an empty frame).
 */
export function candidateProtocols(frame: unknown): DetectedProtocol[] {
  let value = frame;
  if (typeof frame === 'string') {
    const text = frame.trim();
    if (text === '' || text === '[DONE]' || text.startsWith(':')) return [];
    try {
      value = JSON.parse(text);
    } catch {
      return [];
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const record = value as Record<string, unknown>;
  const type = record.type;
  if (typeof type !== 'string') return [];
  // `reasoning-start` / `-delta` / `-end` are the same frames on both wires: a frame of them decides nothing.
  if (type.startsWith('reasoning-') && NATIVE_TYPES.has(type)) return ['native', 'ai-sdk'];
  if (NATIVE_TYPES.has(type)) return ['native'];
  if (ANVIA_ENVELOPES.has(type)) return ['anvia'];
  // Cogitator's WebSocket frames wrap each run event: `{ type: 'event', id, payload: { type, ... } }`.
  if (type === 'event' && typeof record.payload === 'object' && record.payload !== null) return ['cogitator-ws'];
  if (COGITATOR_TYPES.has(type)) return ['cogitator'];
  if (AI_SDK_TYPES.has(type) || type.startsWith('data-')) return ['ai-sdk'];
  const vendor = vendorCandidates(type, record);
  if (vendor) return vendor;
  if (SHARED_TYPES.has(type)) return sharedCandidates(type, record);
  // AG-UI has no header; its SCREAMING_SNAKE types are its own.
  if (isAgUiType(type)) return ['ag-ui'];
  if (type.includes('_')) {
    // A bare Anvia client event always carries its `runId`; without one, an underscore name is the
    // older Cogitator spelling (`tool_call_start`).
    if (typeof record.runId === 'string') return ['anvia'];
    const hyphenated = type.replace(/_/g, '-');
    if (COGITATOR_TYPES.has(hyphenated) || SHARED_TYPES.has(hyphenated)) return ['cogitator'];
  }
  return [];
}

/** Anthropic Messages event types; `ping` says nothing. */
const ANTHROPIC_TYPES: ReadonlySet<string> = new Set([
  'message_start',
  'message_delta',
  'message_stop',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
]);

/** The OpenAI Agents SDK's `RunStreamEvent` types. */
const OPENAI_AGENTS_TYPES: ReadonlySet<string> = new Set([
  'run_item_stream_event',
  'raw_model_stream_event',
  'agent_updated_stream_event',
]);

/**
 * OpenAI Responses (`response.*`, and its `error` / `keepalive`, which carry a `sequence_number`),
 * Anthropic Messages (lower-snake `message_*` / `content_block_*`, and an `error` whose `error` is an
 * object), the Agents SDK's run events. Neither vendor sends a protocol header; the `event:` line
 * repeats the JSON's `type`, which is what is read here.
 */
function vendorCandidates(type: string, record: Record<string, unknown>): DetectedProtocol[] | undefined {
  if (type.startsWith('response.')) return ['openai-responses'];
  if ((type === 'error' || type === 'keepalive') && typeof record.sequence_number === 'number') {
    return ['openai-responses'];
  }
  if (ANTHROPIC_TYPES.has(type)) return ['anthropic'];
  if (type === 'error' && typeof record.error === 'object' && record.error !== null) return ['anthropic'];
  if (OPENAI_AGENTS_TYPES.has(type)) return ['openai-agents'];
  return undefined;
}

function fromHeaders(headers: Headers): DetectedProtocol | undefined {
  const explicit = headers.get('x-tool-steps-protocol')?.trim();
  if (explicit && (PROTOCOLS as readonly string[]).includes(explicit)) return explicit as DetectedProtocol;
  if (headers.has('x-anvia-stream-protocol')) return 'anvia';
  if (headers.has('x-vercel-ai-ui-message-stream')) return 'ai-sdk';
  return undefined;
}

/**
 * Names the wire format of a stream, from its response `Headers` (`x-tool-steps-protocol: <name>`,
 * `x-anvia-stream-protocol`, `x-vercel-ai-ui-message-stream: v1`) or from one frame (the text of an
 * SSE `data:` field or a JSONL line, or a parsed value). `undefined` when nothing says yet or the
 * frame is ambiguous: ask again with the next frame.
 */
export function detectProtocol(frameOrHeaders: unknown): ProtocolName | undefined {
  if (typeof Headers !== 'undefined' && frameOrHeaders instanceof Headers) return fromHeaders(frameOrHeaders);
  const candidates = candidateProtocols(frameOrHeaders);
  return candidates.length === 1 ? candidates[0] : undefined;
}

/** How many of the first frames an unrecognized-stream message quotes. */
const QUOTED_FRAMES = 3;

/**
 * The error a stream ends with when no decoder recognizes it: a `run-error` (code
 * `UNRECOGNIZED_STREAM`) whose message quotes the first frames seen, shortened, and says how to fix it.
 */
export function unrecognizedStreamEvent(seenFrames: readonly string[]): StepEvent {
  const fix = `Pass the protocol explicitly (protocol: ${PROTOCOL_NAMES.map((name) => `"${name}"`).join(' | ')}) or send an x-tool-steps-protocol header.`;
  if (seenFrames.length === 0) {
    return {
      type: 'run-error',
      code: 'UNRECOGNIZED_STREAM',
      message: `The stream ended without a frame any decoder could read. ${fix}`,
    };
  }
  const quoted = seenFrames
    .slice(0, QUOTED_FRAMES)
    .map((frame) => JSON.stringify(excerpt(frame)))
    .join(', ');
  const more = seenFrames.length > QUOTED_FRAMES ? ` and ${seenFrames.length - QUOTED_FRAMES} more` : '';
  return {
    type: 'run-error',
    code: 'UNRECOGNIZED_STREAM',
    message: `No decoder recognizes this stream (not Cogitator, AI SDK, Anvia, native StepEvent JSON, OpenAI Responses, OpenAI Agents, Anthropic Messages or AG-UI). It began with ${quoted}${more}. ${fix}`,
  };
}
