// The wire encoders: one run's agent events (agent.mjs) as Cogitator SSE, the AI SDK UI message stream
// (written by the `ai` package's own createUIMessageStream and pipeUIMessageStreamToResponse), Anvia
// anvia.client.v3 JSONL, or the kit's native events. Each returns a Sink the run writes into.
//
// What a wire cannot carry (the page says so too):
// - Cogitator: no nesting (its events have no parent field, PROTOCOLS.md §1.2, so a sub-agent's calls
//   arrive as top-level calls and its text is dropped); a denial has no event of its own (the client
//   applied the decision; the resumed stream just goes on).
// - AI SDK: no error codes (TOOL_TIMEOUT is only in the error text), no `details` beside the output
//   (the output itself carries the diff and the command output). Nesting goes the SDK's sub-agent way
//   (the `task` call's outputs are the sub-agent's whole UIMessages); a sub-agent that pauses for an
//   approval is not carried (the pause ends its message stream; its calls after the resume go flat).
// - Anvia: no progress (a command's output arrives with its result), no `details` (the output
//   carries the diff), no presentation.
// - native: no text at all (the StepEvent union has no text event).
// - Reasoning: Cogitator `reasoning-*` parts (top level only), AI SDK `reasoning-*` chunks (a sub-agent's
//   in its UIMessages), Anvia `reasoning_*` parts (a sub-agent's in its scope), native `reasoning-*` events
//   (nested by `parentId`).
import { randomUUID } from 'node:crypto';
import { createUIMessageStream, pipeUIMessageStreamToResponse, readUIMessageStream } from 'ai';

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
  /** every call still waiting when the run paused (also those shown on an earlier response) */
  let pending = [];
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
        case 'reasoning-start':
          return e.parentId ? [] : [...closeText(), sse({ type: 'reasoning-start', id: e.id })];
        case 'reasoning-delta':
          return e.parentId ? [] : [sse({ type: 'reasoning-delta', id: e.id, delta: e.delta })];
        case 'reasoning-end':
          return e.parentId ? [] : [sse({ type: 'reasoning-end', id: e.id })];
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
          return closeText(); // listed by the pause, with every other call that waits
        case 'pause':
          paused = true;
          pending = e.approvals.map((a) => ({
            toolCallId: a.id,
            toolName: a.name,
            arguments: a.input,
            description: a.description,
            sideEffects: a.sideEffects,
          }));
          return [...closeText(), sse({ type: 'approval-required', threadId: run.threadId, approvals: pending })];
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
        case 'reasoning-start':
          return [
            sse({
              type: 'reasoning-start',
              id: e.id,
              ...parent,
              ...(e.visibility ? { visibility: e.visibility } : {}),
            }),
          ];
        case 'reasoning-delta':
          return [sse({ type: 'reasoning-delta', id: e.id, delta: e.delta })];
        case 'reasoning-end':
          return [sse({ type: 'reasoning-end', id: e.id, ...(e.visibility ? { visibility: e.visibility } : {}) })];
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
  /** Reasoning parts by segment id: their text so far, for `reasoning_end`, and a withheld one's kind. */
  const thoughts = new Map();
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
        case 'reasoning-start': {
          // A reasoning part of the message, as @anvia/client's ClientStreamEvent has it (partId: the segment).
          thoughts.set(e.id, { text: '', withheld: e.visibility });
          return [
            frame({ type: 'reasoning_start', messageId: run.messageId, partId: e.id, turn, ...scopeOf(e.parentId) }),
          ];
        }
        case 'reasoning-delta': {
          const thought = thoughts.get(e.id);
          if (thought) thought.text += e.delta;
          return [
            frame({
              type: 'reasoning_delta',
              messageId: run.messageId,
              partId: e.id,
              delta: e.delta,
              turn,
              ...scopeOf(e.parentId),
            }),
          ];
        }
        case 'reasoning-end': {
          const thought = thoughts.get(e.id) ?? { text: '' };
          thoughts.delete(e.id);
          // A withheld part's details say what it is (its data stays with the provider); else its whole text.
          const withheld = e.visibility ?? thought.withheld;
          return [
            frame({
              type: 'reasoning_end',
              messageId: run.messageId,
              partId: e.id,
              text: withheld ? '' : thought.text,
              ...(withheld ? { content: [{ type: withheld, data: '' }] } : {}),
              turn,
              ...scopeOf(e.parentId),
            }),
          ];
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
 * A sub-agent on the AI SDK wire, the SDK's documented way (https://ai-sdk.dev/docs/agents/subagents): a
 * tool whose `execute` yields the sub-agent's whole `UIMessage` as it grows. The sub-agent's events become
 * UI message chunks of a stream of its own; the SDK's `readUIMessageStream` makes the message after each
 * chunk (its text parts and its tool parts with their states), and `onMessage` sends each one on.
 * @param {string} id the parent call's id
 * @param {(message: import('ai').UIMessage) => void} onMessage
 */
function subAgent(id, onMessage) {
  /** @type {ReadableStreamDefaultController<import('ai').UIMessageChunk>} */
  let controller;
  const stream = new ReadableStream({
    start(c) {
      controller = c;
    },
  });
  let open = true;
  let textId;
  /** @type {import('ai').UIMessage | undefined} */
  let last;
  const push = (chunk) => {
    if (open) controller.enqueue(chunk);
  };
  const read = (async () => {
    for await (const message of readUIMessageStream({ stream })) {
      last = message;
      onMessage(message);
    }
  })();
  const closeText = () => {
    if (!textId) return;
    push({ type: 'text-end', id: textId });
    textId = undefined;
  };
  push({ type: 'start', messageId: `msg_${id}` });
  push({ type: 'start-step' });
  return {
    /** @param {AgentEvent} e one of the sub-agent's events */
    emit(e) {
      switch (e.type) {
        case 'text':
          // a blank delta ends a paragraph: each paragraph is a text part, so the last one is its report
          if (!e.delta.trim()) return closeText();
          if (!textId) {
            textId = `txt_${randomUUID().slice(0, 12)}`;
            push({ type: 'text-start', id: textId });
          }
          push({ type: 'text-delta', id: textId, delta: e.delta });
          return;
        case 'reasoning-start':
          closeText();
          push({ type: 'reasoning-start', id: e.id });
          return;
        case 'reasoning-delta':
          push({ type: 'reasoning-delta', id: e.id, delta: e.delta });
          return;
        case 'reasoning-end':
          push({ type: 'reasoning-end', id: e.id });
          return;
        case 'call':
          closeText();
          push({ type: 'tool-input-start', toolCallId: e.id, toolName: e.name });
          push({ type: 'tool-input-available', toolCallId: e.id, toolName: e.name, input: e.input });
          return;
        case 'progress':
          push({ type: 'tool-output-available', toolCallId: e.id, output: e.details ?? e.content, preliminary: true });
          return;
        case 'result':
          push({ type: 'tool-output-available', toolCallId: e.id, output: e.result });
          return;
        case 'error':
          push({ type: 'tool-output-error', toolCallId: e.id, errorText: e.message });
          return;
        case 'denied':
          push({ type: 'tool-output-denied', toolCallId: e.id });
          return;
        case 'approval':
          // drawn as a child waiting for approval; the pause then ends this stream (see the top)
          push({ type: 'tool-approval-request', approvalId: e.approvalId, toolCallId: e.id });
          return;
        default:
      }
    },
    /** Ends the sub-agent's stream; resolves with its last message once the reader has made it. */
    async end() {
      if (open) {
        closeText();
        push({ type: 'finish-step' });
        push({ type: 'finish', finishReason: 'stop' });
        open = false;
        controller.close();
      }
      await read;
      return last;
    },
  };
}

/**
 * The AI SDK UI message stream, written through the `ai` package's own server code:
 * `createUIMessageStream` and its writer, piped to the response by `pipeUIMessageStreamToResponse`
 * (headers, SSE framing and `[DONE]` are the SDK's). A sub-agent's calls go out the SDK's way, as the
 * whole `UIMessage`s of `subAgent` in the preliminary outputs of its `task` call, the last one final.
 */
function aiSdk(res, run) {
  const queue = [{ type: 'start', messageId: run.messageId }];
  /** @type {(chunk: object) => void} until the SDK calls `execute`, chunks wait in the queue */
  let write = (chunk) => queue.push(chunk);
  let finishStream = () => {};
  let textId;
  let paused = false;
  let failed = false;
  /** The open sub-agents by their `task` call id, and the last message of each that ended. */
  const agents = new Map();
  const finals = new Map();
  /**
   * Events are written in order through one chain: a sub-agent's messages are made asynchronously by
   * the SDK's reader, and the `task` call's final output (and all after it) waits for its last one.
   */
  let tail = Promise.resolve();
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

  /**
   * @param {AgentEvent} e
   * @returns {void | Promise<void>}
   */
  function handle(e) {
    const agent = 'parentId' in e && e.parentId ? agents.get(e.parentId) : undefined;
    if (agent) return agent.emit(e);
    switch (e.type) {
      case 'text':
        if (e.parentId) return; // a sub-agent this response did not start (resumed mid-way)
        if (!textId) {
          textId = `txt_${randomUUID().slice(0, 12)}`;
          write({ type: 'text-start', id: textId });
        }
        write({ type: 'text-delta', id: textId, delta: e.delta });
        return;
      case 'reasoning-start':
      case 'reasoning-end': {
        if (e.parentId) return;
        if (e.type === 'reasoning-start') closeText();
        // the model's provider metadata as the SDK sends it (a redacted or encrypted part says so there)
        const chunk = { type: e.type, id: e.id };
        if (e.providerMetadata) chunk.providerMetadata = e.providerMetadata;
        write(chunk);
        return;
      }
      case 'reasoning-delta':
        if (!e.parentId) write({ type: 'reasoning-delta', id: e.id, delta: e.delta });
        return;
      case 'call':
        closeText();
        write({ type: 'tool-input-start', toolCallId: e.id, toolName: e.name });
        write({ type: 'tool-input-delta', toolCallId: e.id, inputTextDelta: JSON.stringify(e.input) });
        write({ type: 'tool-input-available', toolCallId: e.id, toolName: e.name, input: e.input });
        return;
      case 'subagent-start':
        agents.set(
          e.id,
          subAgent(e.id, (message) => {
            if (!sink.closed) {
              write({ type: 'tool-output-available', toolCallId: e.id, output: message, preliminary: true });
            }
          }),
        );
        return;
      case 'subagent-end': {
        const ended = agents.get(e.id);
        agents.delete(e.id);
        return ended?.end().then((message) => {
          if (message) finals.set(e.id, message);
        });
      }
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
        // a sub-agent's call returns its last whole message (its text is the result the kit shows)
        write({ type: 'tool-output-available', toolCallId: e.id, output: finals.get(e.id) ?? e.result });
        finals.delete(e.id);
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
  }

  /** @param {() => void | Promise<void>} step */
  const then = (step) => {
    tail = tail.then(step).catch((error) => console.error('the AI SDK wire could not write an event:', error));
  };
  const sink = {
    closed: false,
    /** @param {AgentEvent} e */
    emit(e) {
      if (!sink.closed) then(() => handle(e));
    },
    end() {
      if (sink.closed) return;
      sink.closed = true;
      then(async () => {
        // a sub-agent still open here (the run paused inside it) ends with this response
        await Promise.all([...agents.values()].map((agent) => agent.end()));
        agents.clear();
        closeText();
        if (!failed) write({ type: 'finish', finishReason: paused ? 'tool-calls' : 'stop' });
        finishStream();
      });
    },
  };
  res.on('close', () => {
    sink.closed = true;
    for (const agent of agents.values()) void agent.end();
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
