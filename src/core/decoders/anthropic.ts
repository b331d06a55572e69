/**
 * The Anthropic Messages API stream (`POST /v1/messages` with `stream: true`, `@anthropic-ai/sdk`
 * 1.x): SSE frames `event: <type>` + `data: <JSON>`. See Anthropic's streaming messages docs. Checked
 * call by call against the SDK's `MessageStream` and `BetaMessageStream` in
 * test/core/decoders/anthropic-differential.test.ts.
 *
 * The trap: **a client tool's result is not on this wire.** A `tool_use` block is what the model
 * asked for; the app runs it and sends `{ type: 'tool_result', tool_use_id, content, is_error }` in
 * the `user` message of its *next* request. So `tool_use` steps stay `running` after
 * `stop_reason: 'tool_use'` (`run-finish` with `keepOpen`) until the app reports them with
 * `eventsFromToolOutputs`. Server tools (`server_tool_use`, `mcp_tool_use`) do get their result
 * blocks inline, and those fail with an `*_error` content object, not with a flag.
 *
 * | Anthropic                                        | step                                                 |
 * | ------------------------------------------------ | ---------------------------------------------------- |
 * | `content_block_start` `tool_use` / `server_tool_use` / `mcp_tool_use` | `step-start` (id: the block's `id`) |
 * | `input_json_delta`                               | `step-input-delta` (the empty first one skipped)      |
 * | `content_block_stop` of a tool block             | `step-input` (empty text → `{}`)                       |
 * | `web_search_tool_result`, `web_fetch_tool_result` | `step-result` with `{ kind: 'sources' }`             |
 * | `code_execution_tool_result`, `bash_code_execution_tool_result` | `step-result` with `{ kind: 'terminal', stdout, stderr, exitCode }` |
 * | `text_editor_code_execution_tool_result`         | view → `{ kind: 'code' }`; `str_replace` → `{ diff }` |
 * | `mcp_tool_result`                                | `step-result`, or `step-error` when `is_error`        |
 * | result content `*_tool_result_error`             | `step-error` (`code`: the `error_code`)               |
 * | `message_stop` after `tool_use` / `end_turn`     | `run-finish` (`keepOpen`: client `tool_use` ids)       |
 * | `message_stop` after `pause_turn`                | `run-finish` (`keepOpen`: open server tools too: the app re-sends to continue) |
 * | `message_stop` after `max_tokens` with arguments cut | `step-error` (`code: 'max_tokens'`), then `run-finish` |
 * | `event: error`                                   | `run-error` (open calls end `interrupted`)            |
 * | `thinking` block, `thinking_delta`, its stop     | `reasoning-start` / `-delta` / `-end` (id: `<message id>/<index>`) |
 * | `redacted_thinking` block                        | a `redacted` segment (its `data` is never text)        |
 * | `signature_delta`                                | nothing: a signature is not reasoning                 |
 *
 * The SDK drops frames without an `event:` line and throws on a second `message_start`; this decoder
 * reads both and counts a `diagnostic`.
 */
import type { StepEvent } from '../events';
import { isRecord, nonEmptyString, wireText } from '../values';
import { closedEarly, codeOf, diagnostic, type ProtocolName, parseFrame, type StepDecoder } from './types';

const PROTOCOL: ProtocolName = 'anthropic';

const TOOL_BLOCKS: ReadonlySet<string> = new Set(['tool_use', 'server_tool_use', 'mcp_tool_use']);
const IGNORED: ReadonlySet<string> = new Set(['ping']);
const KNOWN: ReadonlySet<string> = new Set([
  'message_start',
  'message_delta',
  'message_stop',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'error',
]);

interface Block {
  type: string;
  /** The step a tool block shows as. */
  id?: string;
  json: string;
  /** The input the start frame carried, used when no delta follows. */
  startInput?: unknown;
  stopped: boolean;
  /** The reasoning segment a `thinking` or `redacted_thinking` block streams into. */
  segment?: string;
}

const THINKING_BLOCKS: ReadonlySet<string> = new Set(['thinking', 'redacted_thinking']);

interface Call {
  client: boolean;
  state: 'open' | 'ended';
  inputComplete: boolean;
  /** The final input could not be parsed (arguments cut off). */
  cut: boolean;
  input?: unknown;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The text of a content value: a string, or its text blocks joined. */
export function contentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const parts = content.flatMap((b) =>
    isRecord(b) && b.type === 'text' && typeof b.text === 'string' ? [b.text] : [],
  );
  return parts.length > 0 ? parts.join('\n') : undefined;
}

/** The tool name a result block implies, for a result whose call this stream never showed. */
function toolNameOfResult(type: string): string {
  return type === 'mcp_tool_result' ? 'mcp' : type.replace(/_tool_result$/, '');
}

/** The unified diff of a `str_replace` result (`lines` are the hunk's lines, with their +/- marks). */
function strReplaceDiff(content: Record<string, unknown>, path: string | undefined): string | undefined {
  if (!Array.isArray(content.lines)) return undefined;
  const file = path ?? 'file';
  const header = `@@ -${Number(content.old_start ?? 1)},${Number(content.old_lines ?? 0)} +${Number(content.new_start ?? 1)},${Number(content.new_lines ?? 0)} @@`;
  return [`--- a/${file}`, `+++ b/${file}`, header, ...content.lines.map(String)].join('\n');
}

/**
 * The events of a server tool's result block (`web_search_tool_result`, `code_execution_tool_result`,
 * `mcp_tool_result`, ...): one `step-result` or `step-error` for the call `tool_use_id` names.
 * `input` is the call's input, for the paths a text editor result leaves out.
 */
export function serverResultEvents(block: Record<string, unknown>, input?: unknown): StepEvent[] {
  const id = nonEmptyString(block.tool_use_id);
  if (id === undefined)
    return [diagnostic(PROTOCOL, `a "${wireText(block.type)}" block without a tool_use_id; dropped`)];
  const type = wireText(block.type);
  const toolName = toolNameOfResult(type);
  const content = block.content;
  if (type === 'mcp_tool_result') {
    const message = contentText(content);
    if (block.is_error === true) {
      return [
        message
          ? { type: 'step-error', id, toolName, message, result: content }
          : { type: 'step-error', id, toolName, message: '', code: 'tool-error', result: content },
      ];
    }
    return [{ type: 'step-result', id, toolName, result: message ?? content }];
  }
  if (isRecord(content) && typeof content.type === 'string' && content.type.endsWith('_error')) {
    const code = codeOf(content.error_code) ?? 'unknown';
    const message = text(content.error_message) ?? code;
    return [{ type: 'step-error', id, toolName, message, code }];
  }
  switch (type) {
    case 'web_search_tool_result': {
      const results = Array.isArray(content) ? content.filter(isRecord) : [];
      const sources = results.flatMap((r) =>
        typeof r.url === 'string'
          ? [typeof r.title === 'string' ? { url: r.url, title: r.title } : { url: r.url }]
          : [],
      );
      return [{ type: 'step-result', id, toolName, result: sources, details: { kind: 'sources', sources } }];
    }
    case 'web_fetch_tool_result': {
      const fetched = isRecord(content) ? content : {};
      const document = isRecord(fetched.content) ? fetched.content : {};
      const source = isRecord(document.source) ? document.source : {};
      const url = text(fetched.url);
      const title = text(document.title);
      const sources = url ? [title ? { url, title } : { url }] : [];
      const result = text(source.data) ?? document;
      return [{ type: 'step-result', id, toolName, result, details: { kind: 'sources', sources } }];
    }
    case 'code_execution_tool_result':
    case 'bash_code_execution_tool_result': {
      const run = isRecord(content) ? content : {};
      const details: Record<string, unknown> = { kind: 'terminal' };
      // `encrypted_code_execution_result` hides stdout: stderr and the return code remain.
      if (typeof run.stdout === 'string') details.stdout = run.stdout;
      if (typeof run.stderr === 'string') details.stderr = run.stderr;
      if (typeof run.return_code === 'number') details.exitCode = run.return_code;
      // A program that exits non-zero is a tool call that worked: the step succeeds and shows the code.
      return [{ type: 'step-result', id, toolName, result: run.stdout ?? run.stderr, details }];
    }
    case 'text_editor_code_execution_tool_result': {
      const edit = isRecord(content) ? content : {};
      const path = isRecord(input) ? text(input.path) : undefined;
      if (edit.type === 'text_editor_code_execution_view_result' && typeof edit.content === 'string') {
        const details: Record<string, unknown> = { kind: 'code', code: edit.content };
        if (path) details.path = path;
        if (typeof edit.start_line === 'number') details.startLine = edit.start_line;
        return [{ type: 'step-result', id, toolName, result: edit.content, details }];
      }
      const diff =
        edit.type === 'text_editor_code_execution_str_replace_result' ? strReplaceDiff(edit, path) : undefined;
      if (diff) return [{ type: 'step-result', id, toolName, result: edit, details: { kind: 'diff', diff } }];
      if (
        edit.type === 'text_editor_code_execution_create_result' &&
        isRecord(input) &&
        typeof input.file_text === 'string'
      ) {
        const details: Record<string, unknown> = { kind: 'code', code: input.file_text };
        if (path) details.path = path;
        return [{ type: 'step-result', id, toolName, result: edit, details }];
      }
      return [{ type: 'step-result', id, toolName, result: edit }];
    }
    default:
      return [{ type: 'step-result', id, toolName, result: content }];
  }
}

/** Makes a decoder for one Anthropic Messages stream (several messages in a row are fine). */
export function anthropic(): StepDecoder {
  const calls = new Map<string, Call>();
  let blocks = new Map<number, Block>();
  let open = false;
  let started = false;
  let ended = false;
  let stopReason: string | undefined;
  const reported = new Set<string>();
  /** What a thinking block's segment id starts with: the message's id, else the message's number. */
  let messageKey = 'message-0';
  let messages = 0;

  function once(key: string, reason: string, out: StepEvent[]): void {
    if (reported.has(key)) return;
    reported.add(key);
    out.push(diagnostic(PROTOCOL, reason));
  }

  function stopBlock(block: Block, out: StepEvent[]): void {
    if (!block.stopped && block.segment !== undefined) {
      block.stopped = true;
      out.push({ type: 'reasoning-end', id: block.segment });
      return;
    }
    if (block.stopped || block.id === undefined) return;
    block.stopped = true;
    const c = calls.get(block.id);
    if (!c || c.state === 'ended') return;
    let input: unknown = {};
    if (block.json.trim() !== '') {
      try {
        input = JSON.parse(block.json);
      } catch {
        c.cut = true;
        out.push({ type: 'step-input', id: block.id });
        return;
      }
    } else if (block.startInput !== undefined) {
      input = block.startInput;
    }
    c.input = input;
    c.inputComplete = true;
    out.push({ type: 'step-input', id: block.id, input });
  }

  function finish(out: StepEvent[]): void {
    ended = true;
    open = false;
    const keepOpen: string[] = [];
    for (const [id, c] of calls) {
      if (c.state === 'ended') continue;
      if (stopReason === 'max_tokens' && (!c.inputComplete || c.cut)) {
        out.push({ type: 'step-error', id, message: '', code: 'max_tokens' });
        c.state = 'ended';
        continue;
      }
      // After `pause_turn` the server tools are still running: the continuation (a new message) ends them.
      if (c.inputComplete && (c.client || stopReason === 'pause_turn')) keepOpen.push(id);
      else c.state = 'ended';
    }
    out.push(
      keepOpen.length > 0 ? { type: 'run-finish', status: 'done', keepOpen } : { type: 'run-finish', status: 'done' },
    );
  }

  function translate(type: string, frame: Record<string, unknown>, out: StepEvent[]): void {
    switch (type) {
      case 'message_start': {
        if (open) {
          // The SDK throws. The unfinished message's calls never got a stop reason: they end interrupted.
          once(
            'restart',
            'a second "message_start" before "message_stop" (the SDK throws); read as a new message',
            out,
          );
          out.push({ type: 'run-abort', code: 'restarted' });
          for (const [, c] of calls) c.state = 'ended';
        }
        const message = isRecord(frame.message) ? frame.message : {};
        blocks = new Map();
        open = true;
        started = true;
        ended = false;
        stopReason = undefined;
        const id = nonEmptyString(message.id);
        messages++;
        messageKey = id ?? `message-${messages}`;
        out.push(id ? { type: 'run-start', runId: id } : { type: 'run-start' });
        // A continued turn (a programmatic call's next step) starts with blocks already whole in
        // `message.content`: each is read as a block started and stopped at its index.
        const content = Array.isArray(message.content) ? message.content : [];
        for (let index = 0; index < content.length; index++) {
          translate('content_block_start', { index, content_block: content[index] }, out);
          const block = blocks.get(index);
          if (block) stopBlock(block, out);
        }
        return;
      }
      case 'content_block_start': {
        const index = typeof frame.index === 'number' ? frame.index : blocks.size;
        const raw = frame.content_block;
        if (!isRecord(raw) || typeof raw.type !== 'string') {
          out.push(diagnostic(PROTOCOL, '"content_block_start" without a content block; dropped'));
          return;
        }
        if (!started) translate('message_start', {}, out);
        if (blocks.has(index))
          out.push(diagnostic(PROTOCOL, `a second block started at index ${index}; the new one is read`));
        const block: Block = { type: raw.type, json: '', stopped: false };
        blocks.set(index, block);
        if (THINKING_BLOCKS.has(raw.type)) {
          block.segment = `${messageKey}/${index}`;
          if (raw.type === 'redacted_thinking') {
            if (typeof raw.data !== 'string') {
              out.push(diagnostic(PROTOCOL, `a "redacted_thinking" block whose "data" is not text; read as redacted`));
            }
            out.push({ type: 'reasoning-start', id: block.segment, visibility: 'redacted' });
            return;
          }
          out.push({ type: 'reasoning-start', id: block.segment });
          // A block already whole (a continued turn's `message.content`) carries its text.
          const whole = text(raw.thinking);
          if (whole) out.push({ type: 'reasoning-delta', id: block.segment, delta: whole });
          return;
        }
        if (TOOL_BLOCKS.has(raw.type)) {
          const id = nonEmptyString(raw.id);
          if (id === undefined) {
            out.push(diagnostic(PROTOCOL, `a "${raw.type}" block without an id; dropped`));
            return;
          }
          block.id = id;
          if (isRecord(raw.input) && Object.keys(raw.input).length > 0) block.startInput = raw.input;
          calls.set(id, { client: raw.type === 'tool_use', state: 'open', inputComplete: false, cut: false });
          const name = nonEmptyString(raw.name) ?? raw.type;
          const start: StepEvent = { type: 'step-start', id, toolName: name };
          // A programmatic call (`caller.type: 'code_execution_…'`) runs inside the server tool that made it.
          const caller = isRecord(raw.caller) ? raw.caller : undefined;
          const parent = caller && caller.type !== 'direct' ? nonEmptyString(caller.tool_id) : undefined;
          if (parent) start.parentId = parent;
          out.push(start);
          return;
        }
        if (raw.type.endsWith('_tool_result')) {
          const id = nonEmptyString(raw.tool_use_id);
          const c = id !== undefined ? calls.get(id) : undefined;
          if (c) c.state = 'ended';
          for (const event of serverResultEvents(raw, c?.input)) out.push(event);
        }
        return;
      }
      case 'content_block_delta': {
        const index = typeof frame.index === 'number' ? frame.index : -1;
        const block = blocks.get(index);
        const delta = isRecord(frame.delta) ? frame.delta : {};
        if (!block) {
          once(`orphan:${index}`, `"content_block_delta" for block ${index} that never started; dropped`, out);
          return;
        }
        if (block.segment !== undefined) {
          // `signature_delta` (and anything for a redacted block) is not reasoning text.
          if (delta.type !== 'thinking_delta' || block.type !== 'thinking') return;
          const thought = text(delta.thinking);
          if (thought === undefined) {
            once(`thinking:${index}`, `a "thinking_delta" whose "thinking" is not text; dropped`, out);
            return;
          }
          if (thought !== '') out.push({ type: 'reasoning-delta', id: block.segment, delta: thought });
          return;
        }
        if (delta.type !== 'input_json_delta' || block.id === undefined) return;
        const piece = text(delta.partial_json) ?? '';
        if (piece === '') return;
        block.json += piece;
        out.push({ type: 'step-input-delta', id: block.id, delta: piece });
        return;
      }
      case 'content_block_stop': {
        const block = blocks.get(typeof frame.index === 'number' ? frame.index : -1);
        if (block) stopBlock(block, out);
        return;
      }
      case 'message_delta': {
        const delta = isRecord(frame.delta) ? frame.delta : {};
        if (typeof delta.stop_reason === 'string') stopReason = delta.stop_reason;
        return;
      }
      case 'message_stop':
        finish(out);
        return;
      case 'error': {
        const error = isRecord(frame.error) ? frame.error : frame;
        ended = true;
        open = false;
        const code = typeof error.type === 'string' && error.type !== 'error' ? error.type : 'stream-error';
        const event: StepEvent = { type: 'run-error', message: text(error.message) ?? '', code };
        out.push(event);
        for (const [, c] of calls) c.state = 'ended';
        return;
      }
    }
  }

  return {
    protocol: PROTOCOL,
    push(frame, sse) {
      const parsed = parseFrame(PROTOCOL, frame);
      if (parsed.ok === 'skip') return [];
      if (parsed.ok === false) return [parsed.event];
      const value = parsed.value;
      if (!isRecord(value)) return [diagnostic(PROTOCOL, 'a frame that is not a JSON object')];
      const type = value.type;
      if (typeof type !== 'string') return [diagnostic(PROTOCOL, 'a frame without a "type"')];
      if (IGNORED.has(type)) return [];
      const out: StepEvent[] = [];
      if (sse && sse.event === undefined) {
        once('no-event-line', `a "${type}" frame without its "event:" line (the SDK drops such frames); read`, out);
      }
      if (!KNOWN.has(type)) {
        once(`type:${type}`, `an event of unknown type "${type}"; ignored`, out);
        return out;
      }
      translate(type, value, out);
      return out;
    },
    end() {
      if (ended) return [];
      ended = true;
      return [closedEarly(started)];
    },
  };
}
