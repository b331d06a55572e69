// The wire encoders: one run's agent events (agent.mjs) as Cogitator SSE, the AI SDK UI message stream
// (written by the `ai` package's own createUIMessageStream and pipeUIMessageStreamToResponse), Anvia
// anvia.client.v3 JSONL, or the kit's native events. Each returns a Sink the run writes into.
//
// What a wire cannot carry (the page says so too):
// - Cogitator: no nesting (a sub-agent's calls arrive as top-level calls); a denial has no event of its
//   own (the client applied the decision; the resumed stream just goes on).
// - AI SDK: no error codes (TOOL_TIMEOUT is only in the error text), no `details` beside the output
//   (the output itself carries the diff and the command output), no nesting here (the SDK's sub-agent
//   pattern of whole UIMessages as preliminary outputs is not read as nested steps by the kit yet).
// - Anvia: no progress (a command's output arrives with its result), no `details` (the output
//   carries the diff), no presentation.
// - native: no text at all (the StepEvent union has no text event).
import { randomUUID } from 'node:crypto';
import { createUIMessageStream, pipeUIMessageStreamToResponse } from 'ai';

/** @typedef {import('./agent.mjs').AgentEvent} AgentEvent */
/** @typedef {import('./agent.mjs').Sink} Sink */

export const WIRES = ['cogitator', 'ai-sdk', 'anvia', 'native'];

/** A sink that writes strings to a node response and ends it once. */
function textSink(res, headers, encode, onEnd) {
  res.writeHead(200, headers);
  res.flushHeaders?.();
  const sink = {
    closed: false,
    emit(event) {
      if (sink.closed) return;
      for (const chunk of encode(event)) res.write(chunk);
    },
    end() {
      if (sink.closed) return;
      for (const chunk of onEnd()) res.write(chunk);
      sink.closed = true;
      res.end();
    },
  };
  res.on('close', () => {
    sink.closed = true;
  });
  return sink;
}

const sse = (value) => `data: ${JSON.stringify(value)}\n\n`;

const resultId = () => `res_${Date.now().toString(36)}${randomUUID().slice(0, 6)}`;

/** Cogitator's SSE (PROTOCOLS.md §1): `data:` lines only, `[DONE]` after `finish`, `: keep-alive` every 5 s. */
function cogitator(res, run) {
  let textId;
  let paused = false;
  let failed = false;
  const closeText = () => {
    if (!textId) return [];
    const out = [sse({ type: 'text-end', id: textId })];
    textId = undefined;
    return out;
  };
  const pending = [];
  const heartbeat = setInterval(() => {
    if (!res.writableEnded) res.write(': keep-alive\n\n');
  }, 5000);
  const sink = textSink(
    res,
    {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    },
    /** @param {AgentEvent} e */
    (e) => {
      switch (e.type) {
        case 'text': {
          if (e.parentId) return []; // a sub-agent's own text has nowhere to go on this wire
          const out = [];
          if (!textId) {
            textId = `txt_${randomUUID().slice(0, 12)}`;
            out.push(sse({ type: 'text-start', id: textId }));
          }
          out.push(sse({ type: 'text-delta', id: textId, delta: e.delta }));
          return out;
        }
        case 'call':
          return [
            ...closeText(),
            sse({ type: 'tool-call-start', id: e.id, toolName: e.name }),
            sse({ type: 'tool-call-delta', id: e.id, argsTextDelta: JSON.stringify(e.input) }),
            sse({ type: 'tool-call-end', id: e.id }),
          ];
        case 'progress': {
          const update = { type: 'tool-update', toolCallId: e.id };
          if (e.content !== undefined) update.content = e.content;
          if (e.details !== undefined) update.details = e.details;
          return [...closeText(), sse(update)];
        }
        case 'result': {
          const result = { type: 'tool-result', id: resultId(), toolCallId: e.id, result: e.result };
          if (e.details !== undefined) result.details = e.details;
          return [...closeText(), sse(result)];
        }
        case 'error': {
          const result = { type: 'tool-result', id: resultId(), toolCallId: e.id, result: null, error: e.message };
          if (e.code) result.errorCode = e.code;
          if (e.details !== undefined) result.details = e.details;
          return [...closeText(), sse(result)];
        }
        case 'approval':
          pending.push({
            toolCallId: e.id,
            toolName: e.name,
            arguments: e.input,
            description: e.description,
            sideEffects: e.sideEffects,
          });
          return closeText();
        case 'pause':
          paused = true;
          return [sse({ type: 'approval-required', threadId: run.threadId, approvals: pending })];
        case 'run-error':
          failed = true;
          return [...closeText(), sse({ type: 'error', message: e.message, code: e.code })];
        default:
          return []; // finish is written by end(); denied, subagent-*: nothing on this wire
      }
    },
    () => {
      clearInterval(heartbeat);
      if (failed) return closeText(); // the error path writes no finish and no [DONE]
      const finish = { type: 'finish', messageId: run.messageId, threadId: run.threadId };
      if (paused) Object.assign(finish, { status: 'paused', pendingApprovals: pending });
      else finish.status = 'completed';
      return [...closeText(), sse(finish), 'data: [DONE]\n\n'];
    },
  );
  res.on('close', () => clearInterval(heartbeat));
  res.write(sse({ type: 'start', messageId: run.messageId, threadId: run.threadId }));
  return sink;
}

/** The kit's native events, one per SSE `data:` line, named by `x-tool-steps-protocol: native`. */
function native(res, run) {
  let paused = false;
  let failed = false;
  const sink = textSink(
    res,
    { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-tool-steps-protocol': 'native' },
    /** @param {AgentEvent} e */
    (e) => {
      const parent = e.parentId ? { parentId: e.parentId } : {};
      switch (e.type) {
        case 'call':
          return [
            sse({ type: 'step-start', id: e.id, toolName: e.name, ...parent }),
            sse({ type: 'step-input', id: e.id, input: e.input }),
          ];
        case 'progress': {
          const update = { type: 'step-progress', id: e.id };
          if (e.content !== undefined) update.content = e.content;
          if (e.details !== undefined) update.details = e.details;
          return [sse(update)];
        }
        case 'result': {
          const result = { type: 'step-result', id: e.id, result: e.result };
          if (e.details !== undefined) result.details = e.details;
          return [sse(result)];
        }
        case 'error': {
          const error = { type: 'step-error', id: e.id, message: e.message };
          if (e.code) error.code = e.code;
          if (e.details !== undefined) error.details = e.details;
          return [sse(error)];
        }
        case 'approval':
          return [
            sse({
              type: 'step-approval',
              id: e.id,
              approvalId: e.approvalId,
              toolName: e.name,
              input: e.input,
              description: e.description,
              sideEffects: e.sideEffects,
            }),
          ];
        case 'pause':
          paused = true;
          return [];
        case 'run-error':
          failed = true;
          return [sse({ type: 'run-error', message: e.message, code: e.code })];
        default:
          return [];
      }
    },
    () => (failed ? [] : [sse({ type: 'run-finish', status: paused ? 'paused' : 'done' })]),
  );
  res.write(sse({ type: 'run-start', runId: run.id }));
  return sink;
}

/** Anvia's anvia.client.v3 (PROTOCOLS.md §3.3): JSONL frames with strictly increasing event ids. */
function anvia(res, run, { resumed = false } = {}) {
  const streamId = `stream_${randomUUID()}`;
  let eventId = 0;
  let textPart;
  let paused = false;
  let failed = false;
  let turn = 1;
  const line = (value) => `${JSON.stringify(value)}\n`;
  const frame = (event) =>
    line({ type: 'stream_event', streamId, eventId: ++eventId, event: { runId: run.id, ...event } });
  /** Nested agents: the scope of a sub-agent's events, by its parent tool call. */
  const scopes = new Map();
  const scopeOf = (parentId) => (parentId ? { scope: scopes.get(parentId) } : {});
  const part = (id) => `tool_${id}`;
  const closeText = () => {
    if (!textPart) return [];
    const out = [frame({ type: 'text_end', messageId: run.messageId, partId: textPart.id, text: textPart.text, turn })];
    textPart = undefined;
    return out;
  };
  const sink = textSink(
    res,
    {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-anvia-stream-protocol': 'anvia.client.v3',
    },
    /** @param {AgentEvent} e */
    (e) => {
      const ids = { messageId: run.messageId, partId: part(e.id), toolCallId: e.id, turn };
      switch (e.type) {
        case 'text': {
          if (e.parentId) {
            return [
              frame({
                type: 'text_delta',
                messageId: run.messageId,
                partId: `text_${e.parentId}`,
                delta: e.delta,
                ...scopeOf(e.parentId),
              }),
            ];
          }
          const out = [];
          if (!textPart) {
            textPart = { id: `text_${randomUUID()}`, text: '' };
            out.push(frame({ type: 'text_start', messageId: run.messageId, partId: textPart.id, turn }));
          }
          textPart.text += e.delta;
          out.push(frame({ type: 'text_delta', messageId: run.messageId, partId: textPart.id, delta: e.delta, turn }));
          return out;
        }
        case 'call':
          return [
            frame({ type: 'tool_call_start', ...ids, toolName: e.name, ...scopeOf(e.parentId) }),
            frame({
              type: 'tool_call_delta',
              ...ids,
              toolName: e.name,
              delta: JSON.stringify(e.input),
              mode: 'append',
              ...scopeOf(e.parentId),
            }),
            frame({ type: 'tool_call_end', ...ids, toolName: e.name, input: e.input, ...scopeOf(e.parentId) }),
          ];
        case 'subagent-start': {
          const scope = {
            agentId: `agent_${e.name}`,
            agentName: e.name,
            parentRunId: run.id,
            parentToolName: 'task',
            parentToolCallId: e.id,
            parentInternalToolCallId: `internal_${e.id}`,
          };
          scopes.set(e.id, scope);
          return [frame({ type: 'run_start', source: 'agent', scope })];
        }
        case 'subagent-end':
          return [frame({ type: 'run_end', status: 'completed', scope: scopes.get(e.id) })];
        case 'result': {
          // no details channel: the output carries what the details would (the diff, the command output)
          return [
            frame({
              type: 'tool_result',
              ...ids,
              internalCallId: `internal_${e.id}`,
              toolName: e.name,
              input: e.input,
              result: { status: 'success', output: e.result },
              ...scopeOf(e.parentId),
            }),
          ];
        }
        case 'error':
          return [
            frame({
              type: 'tool_result',
              ...ids,
              internalCallId: `internal_${e.id}`,
              toolName: e.name,
              input: e.input,
              result: { status: 'error', error: { message: e.message, code: e.code ?? 'tool_execution_error' } },
              ...scopeOf(e.parentId),
            }),
          ];
        case 'denied':
          return [
            frame({
              type: 'tool_result',
              ...ids,
              internalCallId: `internal_${e.id}`,
              toolName: e.name,
              input: e.input,
              result: {
                status: 'error',
                error: { message: e.reason ?? 'Tool execution was denied.', code: 'tool_execution_denied' },
              },
              ...scopeOf(e.parentId),
            }),
          ];
        case 'approval':
          return [
            ...closeText(),
            frame({
              type: 'interaction',
              interaction: {
                type: 'tool-approval',
                id: e.approvalId,
                toolName: e.name,
                toolCallId: e.id,
                internalCallId: `internal_${e.id}`,
                input: e.input,
                reason: e.description,
              },
              ...scopeOf(e.parentId),
            }),
          ];
        case 'pause':
          paused = true;
          return [];
        case 'run-error':
          failed = true;
          return [frame({ type: 'error', error: { message: e.message, code: e.code } })];
        default:
          return [];
      }
    },
    () => {
      const out = closeText();
      out.push(frame({ type: 'message_end', messageId: run.messageId, turn }));
      out.push(frame({ type: 'run_end', status: failed ? 'error' : paused ? 'suspended' : 'completed' }));
      out.push(line({ type: 'stream_end', streamId, eventId, status: failed ? 'error' : 'completed' }));
      return out;
    },
  );
  res.write(line({ type: 'stream_start', protocol: 'anvia.client.v3', streamId, eventId: 0, resumable: false }));
  if (resumed) turn = 2;
  res.write(frame({ type: 'run_start', source: 'agent' }));
  res.write(frame({ type: 'message_start', messageId: run.messageId, role: 'assistant', turn }));
  return sink;
}

/**
 * The AI SDK UI message stream, written through the `ai` package's own server code:
 * `createUIMessageStream` and its writer, piped to the response by `pipeUIMessageStreamToResponse`
 * (headers, SSE framing and `[DONE]` are the SDK's).
 */
function aiSdk(res, run) {
  const queue = [{ type: 'start', messageId: run.messageId }];
  /** @type {(chunk: object) => void} until the SDK calls `execute`, chunks wait in the queue */
  let write = (chunk) => queue.push(chunk);
  let finishStream = () => {};
  let textId;
  let paused = false;
  let failed = false;
  const closeText = () => {
    if (!textId) return;
    write({ type: 'text-end', id: textId });
    textId = undefined;
  };
  const stream = createUIMessageStream({
    execute: ({ writer }) =>
      new Promise((resolve) => {
        write = (chunk) => writer.write(chunk);
        finishStream = resolve;
        for (const chunk of queue.splice(0)) write(chunk);
      }),
    onError: (error) => (error instanceof Error ? error.message : String(error)),
  });
  pipeUIMessageStreamToResponse({ response: res, stream });
  const sink = {
    closed: false,
    /** @param {AgentEvent} e */
    emit(e) {
      if (sink.closed) return;
      switch (e.type) {
        case 'text':
          if (e.parentId) return;
          if (!textId) {
            textId = `txt_${randomUUID().slice(0, 12)}`;
            write({ type: 'text-start', id: textId });
          }
          write({ type: 'text-delta', id: textId, delta: e.delta });
          return;
        case 'call':
          closeText();
          write({ type: 'tool-input-start', toolCallId: e.id, toolName: e.name });
          write({ type: 'tool-input-delta', toolCallId: e.id, inputTextDelta: JSON.stringify(e.input) });
          write({ type: 'tool-input-available', toolCallId: e.id, toolName: e.name, input: e.input });
          return;
        case 'progress':
          // the SDK's progress: a preliminary output replaces the previous one
          write({
            type: 'tool-output-available',
            toolCallId: e.id,
            output: e.details ?? e.content,
            preliminary: true,
          });
          return;
        case 'result':
          write({ type: 'tool-output-available', toolCallId: e.id, output: e.result });
          return;
        case 'error':
          write({ type: 'tool-output-error', toolCallId: e.id, errorText: e.message });
          return;
        case 'denied':
          write({ type: 'tool-output-denied', toolCallId: e.id });
          return;
        case 'approval':
          closeText();
          write({ type: 'tool-approval-request', approvalId: e.approvalId, toolCallId: e.id });
          return;
        case 'pause':
          paused = true;
          return;
        case 'run-error':
          failed = true;
          closeText();
          write({ type: 'error', errorText: e.message });
          return;
        default:
      }
    },
    end() {
      if (sink.closed) return;
      closeText();
      if (!failed) write({ type: 'finish', finishReason: paused ? 'tool-calls' : 'stop' });
      sink.closed = true;
      finishStream();
    },
  };
  res.on('close', () => {
    sink.closed = true;
    finishStream();
  });
  return sink;
}

/**
 * Opens a response on `wire` for `run`.
 * @param {'cogitator' | 'ai-sdk' | 'anvia' | 'native'} wire
 * @returns {Sink}
 */
export function openWire(wire, res, run, options) {
  switch (wire) {
    case 'cogitator':
      return cogitator(res, run);
    case 'ai-sdk':
      return aiSdk(res, run);
    case 'anvia':
      return anvia(res, run, options);
    default:
      return native(res, run);
  }
}
