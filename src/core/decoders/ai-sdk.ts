/**
 * The Vercel AI SDK UI message stream (`x-vercel-ai-ui-message-stream: v1`, ai 5.x, 6.x and 7.x):
 * one JSON chunk per SSE `data:` field, ending with `data: [DONE]`. See the AI SDK's stream protocol docs. Only
 * the tool chunks, the reasoning chunks, the run's frame (`start`, `finish`, `error`, `abort`, steps) and
 * Mastra's sub-agent parts (`data-tool-agent`, `-workflow`, `-network`; see ./ai-sdk-mastra.ts) make
 * events; text, sources, files and other `data-*` parts are read and ignored.
 *
 * Reasoning: `reasoning-start/-delta/-end` → a segment each, as the SDK makes one `reasoning` part of
 * each start (a provider may use an id again in a later step: the SDK then makes a new part, and so do
 * we, as `<id>#2`). A start with the Anthropic provider's `redactedData` is `redacted`; a segment that
 * ended with no text but an encrypted blob in its metadata is `encrypted`. Signatures stay in the
 * metadata, never in the text.
 *
 * How the SDK's own client reducer (`processUIMessageStream`, used by `useChat` and
 * `readUIMessageStream`) shows a tool part, and the step this decoder makes of the same chunks
 * (checked chunk by chunk against the real SDK, 6.0.326 and 7.0.173, in
 * test/core/decoders/ai-sdk-differential.test.ts):
 *
 * | SDK part state                        | our `Step.status`   | notes                                                        |
 * | ------------------------------------- | ------------------- | ------------------------------------------------------------ |
 * | `input-streaming`                     | `input-streaming`   | `input` = partial parse of the streamed text                 |
 * | `input-available`                     | `running`           | also after `finish`: a client-side tool waiting for its output |
 * | `approval-requested`                  | `awaiting-approval` | `approval.id` = `approvalId`, `description` = `reason`        |
 * | `approval-responded`, approved        | `running`           | `approval.decision = { approved: true, reason? }`            |
 * | `approval-responded`, not approved    | `denied`            | we end it at the decision; the SDK waits for `tool-output-denied` |
 * | `output-available`, `preliminary`     | `running`           | the output is `progress.content` (each one replaces the last) |
 * | `output-available`                    | `succeeded`         | `result` = `output`                                          |
 * | `output-available` with a `UIMessage` | as above            | a sub-agent: its tool parts are child steps (`parentId`), its text the progress/result |
 * | `output-error`                        | `failed`            | `error.message` = `errorText` (incl. `tool-input-error`)     |
 * | `output-error` from `tool-input-error` with `providerExecuted` | `running` | the provider runs the call anyway; its result follows (failed at `finish` if none) |
 * | `output-denied`                       | `denied`            |                                                              |
 * | part removed by `reset-step`          | `cancelled`         | the event union cannot remove a step                         |
 * | any open state, then `error`/`abort`  | `interrupted`       | the SDK leaves parts as they were                            |
 * | `input-streaming`, then `finish`      | `interrupted`       | the SDK leaves it streaming forever                          |
 *
 * The SDK throws (and stops reading) on a chunk for an unknown call; this decoder never throws: see
 * the comments at each chunk type.
 */
import {
  boolean,
  type Check,
  check,
  isId,
  isOptionalFlag,
  isOptionalRecord,
  isOptionalText,
  isText,
  nonEmpty,
  object,
  oneOf,
  optional,
  present,
  record,
  string,
} from '../check';
import type { StepEvent } from '../events';
import type { Step } from '../step';
import { isUIMessageLike, messageText, type UIMessageLike } from '../ui-messages/parts';
import { eventsFromSubAgentMessage } from '../ui-messages/sub-agents';
import { isMastraChunk, mastraParts, type OpenCall } from './ai-sdk-mastra';
import { closedEarly, describeIssue, diagnostic, type ProtocolName, parseFrame, type StepDecoder } from './types';

const PROTOCOL: ProtocolName = 'ai-sdk';

const str = optional(string);
const flag = optional(boolean);
const metadata = optional(record);
/** Fields every tool call chunk may carry about the call itself. */
const callFields = {
  toolCallId: nonEmpty,
  toolName: string,
  providerExecuted: flag,
  toolMetadata: metadata,
  dynamic: flag,
  title: str,
};
const loose = (shape: Record<string, Check>) => object(shape, true);

/** The check of each chunk type (unknown keys pass through; test/core/oracles/ai-sdk.ts is its oracle). */
const checks: { readonly [T in ChunkType]: Check } = {
  start: loose({ messageId: str }),
  finish: loose({ finishReason: str }),
  abort: loose({ reason: str }),
  error: loose({ errorText: string }),
  'start-step': loose({}),
  'finish-step': loose({}),
  'reset-step': loose({}),
  'tool-input-start': loose({ ...callFields, inputEncoding: optional(oneOf('json', 'text')) }),
  'tool-input-delta': loose({ toolCallId: nonEmpty, inputTextDelta: string }),
  'tool-input-available': loose({ ...callFields, input: present }),
  'tool-input-error': loose({ ...callFields, input: present, errorText: string }),
  'tool-approval-request': loose({ approvalId: nonEmpty, toolCallId: nonEmpty, reason: str, isAutomatic: flag }),
  'tool-approval-response': loose({ approvalId: nonEmpty, approved: boolean, reason: str }),
  'tool-output-available': loose({
    toolCallId: nonEmpty,
    output: present,
    preliminary: flag,
    providerExecuted: flag,
    toolMetadata: metadata,
  }),
  'tool-output-error': loose({
    toolCallId: nonEmpty,
    errorText: string,
    providerExecuted: flag,
    toolMetadata: metadata,
  }),
  'tool-output-denied': loose({ toolCallId: nonEmpty }),
  'reasoning-start': loose({ id: nonEmpty, providerMetadata: metadata }),
  'reasoning-delta': loose({ id: nonEmpty, delta: string, providerMetadata: metadata }),
  'reasoning-end': loose({ id: nonEmpty, providerMetadata: metadata }),
};

/** For tests: the check of each chunk type. */
export const aiSdkChecks: Readonly<Record<string, Check>> = checks;

/** `callFields`, tested by name. */
const isCall = (c: Record<string, unknown>): boolean =>
  isId(c.toolCallId) &&
  isText(c.toolName) &&
  isOptionalFlag(c.providerExecuted) &&
  isOptionalRecord(c.toolMetadata) &&
  isOptionalFlag(c.dynamic) &&
  isOptionalText(c.title);

/**
 * The chunks of a call, tested without the generic check: `true` only where `checks` passes the chunk
 * (it keeps every chunk as it is). These come once per argument fragment or preliminary output: the
 * decoder's hot path. test/core/check.test.ts holds each to its check.
 */
const fast: Readonly<Record<string, (c: Record<string, unknown>) => boolean>> = {
  'tool-input-start': (c) =>
    isCall(c) && (c.inputEncoding === undefined || c.inputEncoding === 'json' || c.inputEncoding === 'text'),
  'tool-input-delta': (c) => isId(c.toolCallId) && isText(c.inputTextDelta),
  'tool-input-available': (c) => isCall(c) && c.input !== undefined,
  'tool-output-available': (c) =>
    isId(c.toolCallId) &&
    c.output !== undefined &&
    isOptionalFlag(c.preliminary) &&
    isOptionalFlag(c.providerExecuted) &&
    isOptionalRecord(c.toolMetadata),
};

/** For tests: the fast tests of the chunks of a call. */
export const aiSdkFastChecks: Readonly<Record<string, (c: Record<string, unknown>) => boolean>> = fast;

/** Fields every tool call chunk may carry about the call itself. */
interface CallChunk {
  toolCallId: string;
  toolName: string;
  providerExecuted?: boolean;
  toolMetadata?: Record<string, unknown>;
  dynamic?: boolean;
  title?: string;
}
/** The chunks that make events, as `checks` passes them. */
interface Chunks {
  start: { messageId?: string };
  finish: { finishReason?: string };
  abort: { reason?: string };
  error: { errorText: string };
  'start-step': object;
  'finish-step': object;
  'reset-step': object;
  'tool-input-start': CallChunk & { inputEncoding?: 'json' | 'text' };
  'tool-input-delta': { toolCallId: string; inputTextDelta: string };
  'tool-input-available': CallChunk & { input: unknown };
  'tool-input-error': CallChunk & { input: unknown; errorText: string };
  'tool-approval-request': { approvalId: string; toolCallId: string; reason?: string; isAutomatic?: boolean };
  'tool-approval-response': { approvalId: string; approved: boolean; reason?: string };
  'tool-output-available': {
    toolCallId: string;
    output: unknown;
    preliminary?: boolean;
    providerExecuted?: boolean;
    toolMetadata?: Record<string, unknown>;
  };
  'tool-output-error': {
    toolCallId: string;
    errorText: string;
    providerExecuted?: boolean;
    toolMetadata?: Record<string, unknown>;
  };
  'tool-output-denied': { toolCallId: string };
  'reasoning-start': { id: string; providerMetadata?: Record<string, unknown> };
  'reasoning-delta': { id: string; delta: string; providerMetadata?: Record<string, unknown> };
  'reasoning-end': { id: string; providerMetadata?: Record<string, unknown> };
}
type ChunkType = keyof Chunks;
type Chunk<T extends ChunkType> = Chunks[T];

/** Chunk types that say nothing about tool calls: read and ignored, without a diagnostic. */
const IGNORED: ReadonlySet<string> = new Set([
  'text-start',
  'text-delta',
  'text-end',
  'source-url',
  'source-document',
  'file',
  'reasoning-file',
  'custom',
  'steering-message',
  'message-metadata',
]);

/** Where a call stands, as the SDK's reducer would show its part (minus the parts we end earlier). */
type CallState = 'input-streaming' | 'input-available' | 'approval-requested' | 'running' | 'denied' | 'ended';

interface Call {
  state: CallState;
  /** The tool's name (a Mastra run hangs under the latest open call named for its kind). */
  name: string;
  label?: string;
  /**
   * The tool's own `metadata` (its source, MCP annotations), which the SDK copies onto every part.
   * `Step` has no field for facts about the tool, and `details` / `presentation` mean something else
   * (what the call produced, how to label it), so it is kept here, per call, and read with
   * `toolMetadata(id)`; see the report to the integrator for the field the model lacks.
   */
  toolMetadata?: Record<string, unknown>;
  /** A provider-executed call whose input the SDK could not validate: the provider's result may still come. */
  pendingError?: string;
  /** Ended by `tool-input-error`: 6.x follows it with a `tool-output-error` for the same call. */
  invalidInput?: boolean;
}

/** The AI SDK decoder, plus what it keeps that the step model has no field for. */
export interface AiSdkDecoder extends StepDecoder {
  /** The `toolMetadata` the stream gave for a call (the tool's own metadata), if any. */
  toolMetadata(toolCallId: string): Readonly<Record<string, unknown>> | undefined;
}

/** Moves a call, except out of an end: the reducer drops what comes after a step ended, and so do we. */
function move(call: Call, to: CallState): void {
  if (call.state !== 'ended' && call.state !== 'denied') call.state = to;
}

const RESET_REASON = 'The step was reset (retried); the SDK discards its calls.';

/** Whether a provider's metadata holds a value under one of `keys` (any provider's entry). */
function metadataHas(metadata: Record<string, unknown> | undefined, keys: readonly string[]): boolean {
  if (!metadata) return false;
  for (const entry of Object.values(metadata)) {
    if (typeof entry !== 'object' || entry === null) continue;
    for (const key of keys) if (typeof (entry as Record<string, unknown>)[key] === 'string') return true;
  }
  return false;
}
const REDACTED_KEYS = ['redactedData'];
const ENCRYPTED_KEYS = ['reasoningEncryptedContent', 'encryptedContent'];

/** Makes a decoder for one AI SDK UI message stream. */
export function aiSdk(): AiSdkDecoder {
  const calls = new Map<string, Call>();
  const byApproval = new Map<string, string>();
  /** Calls first seen since the last `start-step`: what a `reset-step` drops. */
  let stepCalls = new Set<string>();
  const reported = new Set<string>();
  /** Sub-agents' calls (AI SDK nesting: outputs that are whole UIMessages), as their child steps stand. */
  const subSteps = new Map<string, Step>();
  /** The last text each sub-agent's progress showed, so an unchanged snapshot is no new update. */
  const subText = new Map<string, string | undefined>();
  let started = false;
  let ended = false;
  let errored = false;
  /** Mastra's sub-agent data parts: their calls hang under the latest open call, child steps included. */
  const mastra = mastraParts(() => {
    const open: OpenCall[] = [];
    for (const [id, call] of calls) {
      if (call.state !== 'ended' && call.state !== 'denied') open.push({ id, toolName: call.name });
    }
    for (const [id, step] of subSteps) {
      if (step.status === 'running' || step.status === 'input-streaming') open.push({ id, toolName: step.toolName });
    }
    return open;
  }, subSteps);
  /** Reasoning: the segment each open wire id streams into, the last segment of each id, and its text so far. */
  const openSegments = new Map<string, string>();
  const lastSegment = new Map<string, string>();
  const segmentUses = new Map<string, number>();
  const segmentText = new Set<string>();

  /** Reports an anomaly once per key (a chunk type, a call id). */
  function once(key: string, reason: string): StepEvent[] {
    if (reported.has(key)) return [];
    reported.add(key);
    return [diagnostic(PROTOCOL, reason)];
  }

  /** The call a chunk announces; a `step-start` (with the title as label) when it is new or relabelled. */
  function announce(
    chunk: { toolCallId: string; toolName: string; title?: string; toolMetadata?: Record<string, unknown> },
    out: StepEvent[],
  ): Call {
    let call = calls.get(chunk.toolCallId);
    const fresh = !call;
    if (!call) {
      call = { state: 'input-streaming', name: chunk.toolName };
      calls.set(chunk.toolCallId, call);
      stepCalls.add(chunk.toolCallId);
    }
    if (chunk.toolMetadata) call.toolMetadata = chunk.toolMetadata;
    const relabel = chunk.title !== undefined && chunk.title !== call.label;
    if (relabel) call.label = chunk.title;
    if (fresh || relabel) {
      const start: StepEvent = { type: 'step-start', id: chunk.toolCallId, toolName: chunk.toolName };
      if (call.label !== undefined) start.presentation = { label: call.label };
      out.push(start);
    }
    return call;
  }

  /**
   * The call an output chunk is about. An output for a call this stream never announced is normal:
   * after an approval, the server continues the same message in a new response whose first chunks are
   * the outputs of calls announced by the previous one (the store still has their steps).
   */
  function known(id: string): Call {
    let call = calls.get(id);
    if (!call) {
      call = { state: 'running', name: '' };
      calls.set(id, call);
    }
    return call;
  }

  /**
   * A sub-agent's snapshot (https://ai-sdk.dev/docs/agents/subagents): each preliminary output is the
   * sub-agent's whole `UIMessage` so far. Its tool parts become child steps (`parentId` = this call,
   * ids `<call>/<inner call>`) with their own statuses; the call itself shows the sub-agent's latest
   * text as its progress, and that text as its result at the end.
   */
  function subAgentOutput(id: string, message: UIMessageLike, preliminary: boolean, call: Call): StepEvent[] {
    const out = eventsFromSubAgentMessage(id, message, subSteps);
    const text = messageText(message);
    if (preliminary) {
      move(call, 'running');
      if (!subText.has(id) || subText.get(id) !== text) {
        subText.set(id, text);
        out.push(text === undefined ? { type: 'step-progress', id } : { type: 'step-progress', id, content: text });
      }
      return out;
    }
    move(call, 'ended');
    out.push(text === undefined ? { type: 'step-result', id } : { type: 'step-result', id, result: text });
    return out;
  }

  function finish(): StepEvent[] {
    const out: StepEvent[] = [];
    let open = 0;
    let streaming = 0;
    let awaiting = 0;
    for (const [id, call] of calls) {
      if (call.pendingError !== undefined) {
        out.push({ type: 'step-error', id, message: call.pendingError });
        call.pendingError = undefined;
        call.state = 'ended';
      } else if (call.state === 'input-available' || call.state === 'running') open++;
      else if (call.state === 'input-streaming') streaming++;
      else if (call.state === 'approval-requested') awaiting++;
    }
    if (open === 0 && streaming === 0 && awaiting > 0) {
      out.push({ type: 'run-finish', status: 'paused' });
      return out;
    }
    // The SDK leaves these parts `input-available` after `finish` (a client-side tool waits for
    // `addToolOutput`; a tool the server did not run), so they stay open (`running`).
    const keepOpen: string[] = [];
    for (const [id, call] of calls) {
      if (call.state === 'input-available' || call.state === 'running') keepOpen.push(id);
      else if (call.state === 'input-streaming') call.state = 'ended';
    }
    out.push(
      keepOpen.length > 0 ? { type: 'run-finish', status: 'done', keepOpen } : { type: 'run-finish', status: 'done' },
    );
    return out;
  }

  /** The segment a reasoning chunk is about: the open one of its id, else the last one (the reducer says why). */
  const segmentOf = (id: string) => openSegments.get(id) ?? lastSegment.get(id) ?? id;

  const translate: { [T in ChunkType]: (chunk: Chunk<T>) => StepEvent[] } = {
    'reasoning-start'(c) {
      const uses = (segmentUses.get(c.id) ?? 0) + 1;
      segmentUses.set(c.id, uses);
      const id = uses === 1 ? c.id : `${c.id}#${uses}`;
      openSegments.set(c.id, id);
      lastSegment.set(c.id, id);
      const event: StepEvent = { type: 'reasoning-start', id };
      if (metadataHas(c.providerMetadata, REDACTED_KEYS)) event.visibility = 'redacted';
      return [event];
    },
    'reasoning-delta'(c) {
      const id = segmentOf(c.id);
      if (c.delta === '') return [];
      segmentText.add(id);
      return [{ type: 'reasoning-delta', id, delta: c.delta }];
    },
    'reasoning-end'(c) {
      const id = segmentOf(c.id);
      openSegments.delete(c.id);
      const event: StepEvent = { type: 'reasoning-end', id };
      if (!segmentText.has(id) && metadataHas(c.providerMetadata, ENCRYPTED_KEYS)) event.visibility = 'encrypted';
      return [event];
    },
    start(c) {
      started = true;
      ended = false;
      errored = false;
      return [c.messageId ? { type: 'run-start', runId: c.messageId } : { type: 'run-start' }];
    },
    finish() {
      if (errored) return []; // the run already ended in error; a `finish` must not turn it `done`
      ended = true;
      return finish();
    },
    abort(c) {
      ended = true;
      return [c.reason ? { type: 'run-abort', reason: c.reason } : { type: 'run-abort' }];
    },
    error(c) {
      ended = true;
      errored = true;
      return [{ type: 'run-error', message: c.errorText || 'The AI SDK stream reported an error.' }];
    },
    'start-step'() {
      stepCalls = new Set();
      return [];
    },
    'finish-step': () => [],
    'reset-step'() {
      const out: StepEvent[] = [];
      for (const id of stepCalls) {
        out.push({ type: 'step-cancelled', id, reason: RESET_REASON });
        const call = calls.get(id);
        if (call) {
          call.state = 'ended';
          call.pendingError = undefined;
        }
      }
      stepCalls = new Set();
      return out;
    },
    'tool-input-start'(c) {
      const out: StepEvent[] = [];
      announce(c, out);
      return out;
    },
    'tool-input-delta'(c) {
      const call = calls.get(c.toolCallId);
      if (!call) {
        // The SDK throws here. Without a start there is no tool name, so nothing is drawn until the
        // call's `tool-input-available` (which does name it) arrives.
        return once(
          `delta:${c.toolCallId}`,
          `"tool-input-delta" for call "${c.toolCallId}" before its "tool-input-start"; dropped`,
        );
      }
      return c.inputTextDelta === '' ? [] : [{ type: 'step-input-delta', id: c.toolCallId, delta: c.inputTextDelta }];
    },
    'tool-input-available'(c) {
      const out: StepEvent[] = [];
      const call = announce(c, out);
      move(call, 'input-available');
      const event: StepEvent = { type: 'step-input', id: c.toolCallId, toolName: c.toolName };
      if (c.input !== undefined) event.input = c.input;
      out.push(event);
      return out;
    },
    'tool-input-error'(c) {
      const out: StepEvent[] = [];
      const call = announce(c, out);
      const input: StepEvent = { type: 'step-input', id: c.toolCallId, toolName: c.toolName };
      if (c.input !== undefined) input.input = c.input;
      out.push(input);
      if (c.providerExecuted) {
        // streamText returns no error to the model for a provider-executed call: the provider runs it
        // anyway and its result follows (to-ui-message-chunk.ts). The SDK shows `output-error` until
        // then and `output-available` after; we keep the step running and fail it only at the end.
        move(call, 'running');
        if (call.state === 'running') call.pendingError = c.errorText;
        return out;
      }
      move(call, 'ended');
      call.invalidInput = true;
      out.push({ type: 'step-error', id: c.toolCallId, message: c.errorText });
      return out;
    },
    'tool-approval-request'(c) {
      const out: StepEvent[] = [];
      if (!calls.has(c.toolCallId)) {
        // The SDK throws. The request is still shown: a person may have to answer it.
        out.push(
          ...once(
            `approval:${c.toolCallId}`,
            `"tool-approval-request" for call "${c.toolCallId}" that the stream never announced`,
          ),
        );
      }
      const call = known(c.toolCallId);
      move(call, 'approval-requested');
      byApproval.set(c.approvalId, c.toolCallId);
      const event: StepEvent = { type: 'step-approval', id: c.toolCallId, approvalId: c.approvalId };
      if (c.reason !== undefined) event.description = c.reason;
      out.push(event);
      return out;
    },
    'tool-approval-response'(c) {
      const id = byApproval.get(c.approvalId);
      if (id === undefined) {
        return once(
          `response:${c.approvalId}`,
          `"tool-approval-response" for approval "${c.approvalId}" that the stream never requested; dropped`,
        );
      }
      move(known(id), c.approved ? 'running' : 'denied');
      const event: StepEvent = { type: 'step-decision', id, approved: c.approved };
      if (c.reason !== undefined) event.reason = c.reason;
      return [event];
    },
    'tool-output-available'(c) {
      const call = known(c.toolCallId);
      if (c.toolMetadata) call.toolMetadata = c.toolMetadata;
      call.pendingError = undefined;
      if (isUIMessageLike(c.output)) return subAgentOutput(c.toolCallId, c.output, c.preliminary === true, call);
      if (c.preliminary) {
        move(call, 'running');
        return [{ type: 'step-progress', id: c.toolCallId, content: c.output }];
      }
      move(call, 'ended');
      return [{ type: 'step-result', id: c.toolCallId, result: c.output }];
    },
    'tool-output-error'(c) {
      const call = known(c.toolCallId);
      // ai 6.x streams an invalid call's error twice: `tool-input-error`, then `tool-output-error` (the
      // tool result it sends the model). The step already failed with the first; the second is no anomaly.
      if (call.invalidInput) return [];
      if (c.toolMetadata) call.toolMetadata = c.toolMetadata;
      call.pendingError = undefined;
      move(call, 'ended');
      return [{ type: 'step-error', id: c.toolCallId, message: c.errorText }];
    },
    'tool-output-denied'(c) {
      const call = known(c.toolCallId);
      // A declined `tool-approval-response` already ended the step `denied`.
      if (call.state === 'denied') return [];
      move(call, 'denied');
      return [{ type: 'step-denied', id: c.toolCallId }];
    },
  };

  return {
    protocol: PROTOCOL,
    push(frame) {
      const parsed = parseFrame(PROTOCOL, frame);
      if (parsed.ok === 'skip') return [];
      if (parsed.ok === false) return [parsed.event];
      const chunk = parsed.value;
      if (typeof chunk !== 'object' || chunk === null || Array.isArray(chunk)) {
        return [diagnostic(PROTOCOL, 'a chunk that is not a JSON object')];
      }
      const type = (chunk as { type?: unknown }).type;
      if (typeof type !== 'string') return [diagnostic(PROTOCOL, 'a chunk without a "type"')];
      if (IGNORED.has(type)) return [];
      if (type.startsWith('data-')) return isMastraChunk(chunk) ? mastra(chunk) : [];
      if (!Object.hasOwn(checks, type)) {
        return once(`type:${type}`, `a chunk of unknown type "${type}"; ignored`);
      }
      let data: unknown = chunk;
      if (fast[type]?.(chunk as Record<string, unknown>) !== true) {
        const checked = check(checks[type as ChunkType], chunk);
        if (!checked.success) {
          return [diagnostic(PROTOCOL, `a malformed "${type}" chunk${describeIssue(checked.error)}`)];
        }
        data = checked.data;
      }
      return (translate[type as ChunkType] as (c: unknown) => StepEvent[])(data);
    },
    end() {
      if (ended) return [];
      ended = true;
      return [closedEarly(started)];
    },
    toolMetadata(toolCallId) {
      return calls.get(toolCallId)?.toolMetadata;
    },
  };
}
