/**
 * The OpenAI Responses API stream (`POST /v1/responses` with `stream: true`, `openai` 7.x): SSE
 * frames `event: <type>` + `data: <JSON>`, each JSON with its `type` and `sequence_number`. See
 * OpenAI's streaming events reference. Checked call by call against the SDK's own reducers
 * (`ResponseStream`, `accumulateResponse`) in test/core/decoders/openai-differential.test.ts.
 *
 * The trap: **a function call's result is not on this wire.** The model asks for a call; the app
 * runs it and sends `{ type: 'function_call_output', call_id, output }` in its *next* request. So a
 * client-executed call (`function_call`, `custom_tool_call`, `computer_call`, `shell_call`,
 * `local_shell_call`, `apply_patch_call`) stays `running` after the response completes
 * (`run-finish` with `keepOpen`), until the app reports its output with `eventsFromToolOutputs`.
 * Built-in tools (web search, file search, code interpreter, image generation, hosted MCP) carry
 * their results inline, in the item's `output_item.done`.
 *
 * | Responses                                   | step                                                      |
 * | ------------------------------------------- | --------------------------------------------------------- |
 * | `output_item.added` of a tool item          | `step-start` (id: `call_id` for client calls, item `id` for built-ins, `approval_request_id` for an approved `mcp_call`) |
 * | `*_arguments.delta`, `custom_tool_call_input.delta` | `step-input-delta`                                |
 * | `code_interpreter_call_code.delta`          | progress: the code so far (`{ kind: 'code' }`)            |
 * | `.searching` / `.interpreting` / `.generating` | progress text                                          |
 * | `image_generation_call.partial_image`       | progress: the partial image (`{ kind: 'media' }`)         |
 * | `shell_call_output_content.delta`           | progress: `{ kind: 'terminal', stdout, stderr }` on the `shell_call` |
 * | `output_item.done`, built-in                | `step-result` (web search: `{ kind: 'sources' }`; code: `{ kind: 'terminal' }`; image: media) or `step-error` |
 * | `output_item.done`, client call             | `step-input` (final arguments); stays `running`            |
 * | `mcp_approval_request`                      | `step-approval` (answered by the app's `mcp_approval_response`) |
 * | `response.completed` / `.incomplete`        | `run-finish` (`keepOpen`: client calls; `paused` when approvals wait) |
 * | `response.failed`, `error`                  | `run-error` (open calls end `interrupted`)                 |
 *
 * The SDK throws on an unknown event type, a second item at a used `output_index`, an item event
 * whose `item_id` is not the item at its index, and (`accumulateResponse`) an item added out of index
 * order. This decoder counts each as a `diagnostic` and goes on: items are keyed by id, not position.
 */
import type { StepEvent } from '../events';
import type { ReasoningVisibility } from '../step';
import { isRecord, nonEmptyString, wireText } from '../values';
import { append, closedEarly, codeOf, diagnostic, type ProtocolName, parseFrame, type StepDecoder } from './types';

const PROTOCOL: ProtocolName = 'openai-responses';

/** The words this decoder writes on steps (English defaults; the lead folds them into `labels`). */
export const openaiWords = {
  searchingWeb: 'Searching the web…',
  searchingFiles: 'Searching files…',
  runningCode: 'Running code…',
  generatingImage: 'Generating the image…',
  failed: (what: string) => `${what} failed.`,
  timedOut: 'The command timed out.',
  responseFailed: 'The response failed.',
  streamError: 'The OpenAI stream reported an error.',
  incomplete: (reason: string) => `The response is incomplete (${reason}); calls cut short end interrupted.`,
};

/** Item types the app itself runs: their outputs come in the next request. */
const CLIENT_TYPES: ReadonlySet<string> = new Set([
  'function_call',
  'custom_tool_call',
  'computer_call',
  'shell_call',
  'local_shell_call',
  'apply_patch_call',
]);

/** Item types that are not tool calls: read and ignored. */
const NOT_CALLS: ReadonlySet<string> = new Set(['message', 'reasoning', 'mcp_list_tools', 'compaction']);

/** Output items that answer a call of the same response (hosted shell) by `call_id`. */
const OUTPUT_TYPES: ReadonlySet<string> = new Set([
  'shell_call_output',
  'local_shell_call_output',
  'apply_patch_call_output',
  'function_call_output',
  'custom_tool_call_output',
  'computer_call_output',
]);

/** Event types read without effect. */
const IGNORED_PREFIXES = [
  'response.output_text.',
  'response.content_part.',
  'response.reasoning',
  'response.refusal.',
  'response.audio',
  'response.mcp_list_tools.',
  'response.output_text_annotation',
  'response.shell_call_output_content.done',
];
const IGNORED_TYPES: ReadonlySet<string> = new Set(['response.in_progress', 'keepalive']);

/** `response.<item>_call.<status>` events: the status words shown as progress (others say nothing new). */
const STATUS_EVENT = /^response\.([a-z_]+_call)\.([a-z_]+)$/;
const STATUS_WORDS: Record<string, string | undefined> = {
  'web_search_call.searching': openaiWords.searchingWeb,
  'file_search_call.searching': openaiWords.searchingFiles,
  'code_interpreter_call.interpreting': openaiWords.runningCode,
  'image_generation_call.generating': openaiWords.generatingImage,
};

/** One output item of the current response. */
interface Item {
  readonly index: number;
  type: string;
  id?: string;
  /** The step it shows as (undefined for items that are not calls). */
  stepId?: string;
  /** The call an output item (a hosted shell's `shell_call_output`) answers. */
  answers?: string;
  /**
   * The step's arguments were whole before this item began: an approved MCP call (it names its
   * `approval_request_id`, usually in the next response) streams again the arguments its approval
   * request already gave, and the step, running since the decision, keeps them.
   */
  replay?: boolean;
  args: string;
  /** The argument text a `*.done` event already gave the step as its input. */
  sentArgs?: string;
  code: string;
  commands: string[];
  stdout: string[];
  stderr: string[];
  /** A `reasoning` item's segment, and the summary and content parts that have streamed text. */
  segment?: string;
  reasoningParts?: Set<string>;
  visibility?: 'summary' | 'full';
}

/**
 * A `reasoning` item's text when it is done, and what that text is: its `content` (`reasoning_text`,
 * the model's own words, from open-weight models), else its summary parts, joined by blank lines as
 * the parts stream; no text but `encrypted_content` is `encrypted`, no text at all `redacted`.
 */
function reasoningOf(raw: Record<string, unknown>): { text?: string; visibility: ReasoningVisibility } {
  const texts = (parts: unknown) =>
    (Array.isArray(parts) ? parts : []).flatMap((part) =>
      isRecord(part) && typeof part.text === 'string' ? [part.text] : [],
    );
  const content = texts(raw.content);
  if (content.length > 0) return { text: content.join(PART_BREAK), visibility: 'full' };
  const summary = texts(raw.summary);
  if (summary.length > 0) return { text: summary.join(PART_BREAK), visibility: 'summary' };
  return { visibility: typeof raw.encrypted_content === 'string' ? 'encrypted' : 'redacted' };
}
const PART_BREAK = '\n\n';

/** A call's step, across responses. */
interface Call {
  client: boolean;
  state: 'open' | 'awaiting' | 'ended';
  /** The arguments are whole (the call can run, or did). */
  inputComplete: boolean;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** JSON text as a value; the text itself when it is not JSON (custom tools, cut arguments). */
function parseArguments(value: string): unknown {
  if (value.trim() === '') return {};
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** The tool name a step shows for an item. */
function toolNameOf(item: Record<string, unknown>, type: string): string {
  const name = nonEmptyString(item.name);
  if (name && type !== 'image_generation_call') return name;
  if (type === 'local_shell_call') return 'shell';
  return type.replace(/_call$/, '');
}

/** The step id of a tool item: `call_id` for what the app answers, the approval's id for an approved MCP call. */
function stepIdOf(item: Record<string, unknown>, type: string): string | undefined {
  if (type === 'mcp_call') return nonEmptyString(item.approval_request_id) ?? nonEmptyString(item.id);
  return nonEmptyString(item.call_id) ?? nonEmptyString(item.id);
}

/** Web search sources as `{ kind: 'sources' }` details (only `include`d responses list them). */
function sourcesOf(action: unknown): { url: string; title?: string }[] | undefined {
  if (!isRecord(action) || !Array.isArray(action.sources)) return undefined;
  const sources: { url: string; title?: string }[] = [];
  for (const source of action.sources) {
    if (!isRecord(source) || typeof source.url !== 'string') continue;
    sources.push(typeof source.title === 'string' ? { url: source.url, title: source.title } : { url: source.url });
  }
  return sources;
}

/** What a web search call was asked: its query (or queries, or the page it opened). */
function searchInput(action: unknown): Record<string, unknown> {
  if (!isRecord(action)) return {};
  const { sources: _sources, ...rest } = action;
  return rest;
}

/** The text of an MCP error's content (`mcp_tool_execution_error`). */
function contentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const parts = content.flatMap((part) => (isRecord(part) && typeof part.text === 'string' ? [part.text] : []));
  return parts.length > 0 ? parts.join('\n') : undefined;
}

/** `mcp_call.error` as a step error: `http_error` → `HTTP_502`, `mcp_protocol_error` → `MCP_<code>`. */
export function mcpCallError(error: unknown): { message: string; code?: string } {
  if (typeof error === 'string') return { message: error };
  if (!isRecord(error)) return { message: openaiWords.failed('The MCP call') };
  const message =
    text(error.message) ?? contentText(error.content) ?? openaiWords.failed(`The MCP call (${wireText(error.type)})`);
  const code = codeOf(error.code);
  if (error.type === 'http_error' && code !== undefined) return { message, code: `HTTP_${code}` };
  if (error.type === 'mcp_protocol_error' && code !== undefined) return { message, code: `MCP_${code}` };
  if (error.type === 'mcp_tool_execution_error') return { message, code: 'MCP_TOOL_ERROR' };
  return code !== undefined ? { message, code } : { message };
}

/**
 * A `shell_call_output`'s `output[]` (`{ stdout, stderr, outcome: { type: 'exit', exit_code } | { type: 'timeout' } }`
 * per command) as the outcome of the `shell_call` step it answers.
 */
export function shellOutputEvents(id: string, output: unknown): StepEvent[] {
  const runs = Array.isArray(output) ? output.filter(isRecord) : [];
  const stdout = runs.map((r) => text(r.stdout) ?? '').join('');
  const stderr = runs.map((r) => text(r.stderr) ?? '').join('');
  const last = runs.at(-1)?.outcome;
  const details: Record<string, unknown> = { kind: 'terminal', stdout, stderr };
  if (isRecord(last) && typeof last.exit_code === 'number') details.exitCode = last.exit_code;
  if (runs.some((r) => isRecord(r.outcome) && r.outcome.type === 'timeout')) {
    return [{ type: 'step-error', id, message: openaiWords.timedOut, code: 'TIMEOUT', result: stdout, details }];
  }
  return [{ type: 'step-result', id, result: stdout, details }];
}

/** Makes a decoder for one OpenAI Responses API stream (several responses in a row are fine). */
export function openaiResponses(): StepDecoder {
  const calls = new Map<string, Call>();
  let byIndex = new Map<number, Item>();
  let byItemId = new Map<string, Item>();
  let responseId: string | undefined;
  const reported = new Set<string>();
  let started = false;
  let ended = false;

  function once(key: string, reason: string, out: StepEvent[]): void {
    if (reported.has(key)) return;
    reported.add(key);
    out.push(diagnostic(PROTOCOL, reason));
  }

  function call(id: string): Call {
    let c = calls.get(id);
    if (!c) {
      c = { client: false, state: 'open', inputComplete: false };
      calls.set(id, c);
    }
    return c;
  }

  function endCall(id: string): void {
    call(id).state = 'ended';
  }

  function pending(): { clients: string[]; awaiting: string[] } {
    const clients: string[] = [];
    const awaiting: string[] = [];
    for (const [id, c] of calls) {
      if (c.state === 'awaiting') awaiting.push(id);
      else if (c.state === 'open' && c.client && c.inputComplete) clients.push(id);
    }
    return { clients, awaiting };
  }

  function newResponse(id: string | undefined, out: StepEvent[]): void {
    if (id !== undefined && id === responseId) return;
    responseId = id;
    byIndex = new Map();
    byItemId = new Map();
    started = true;
    ended = false;
    out.push(id ? { type: 'run-start', runId: id } : { type: 'run-start' });
  }

  /** The item an item event is about: by `item_id`, else by `output_index`. */
  function itemOf(frame: Record<string, unknown>, type: string, out: StepEvent[]): Item | undefined {
    const itemId = text(frame.item_id);
    const index = typeof frame.output_index === 'number' ? frame.output_index : undefined;
    const byId = itemId !== undefined ? byItemId.get(itemId) : undefined;
    const atIndex = index !== undefined ? byIndex.get(index) : undefined;
    if (byId && atIndex && byId !== atIndex) {
      once(
        `mismatch:${itemId}`,
        `"${type}" names item "${itemId}" but output_index ${index} holds another item (the SDK throws); read by id`,
        out,
      );
    }
    const item = byId ?? atIndex;
    if (!item) once(`orphan:${itemId ?? index}`, `"${type}" for an item the stream never added; dropped`, out);
    return item;
  }

  function added(frame: Record<string, unknown>, out: StepEvent[]): Item | undefined {
    const raw = frame.item;
    const index = typeof frame.output_index === 'number' ? frame.output_index : byIndex.size;
    if (!isRecord(raw) || typeof raw.type !== 'string') {
      out.push(diagnostic(PROTOCOL, '"response.output_item.added" without an item; dropped'));
      return undefined;
    }
    if (byIndex.has(index)) {
      out.push(diagnostic(PROTOCOL, `a second item added at output_index ${index} (the SDK throws); both kept`));
    } else if (index !== byIndex.size) {
      once(
        `order:${responseId}`,
        `an item added at output_index ${index} before index ${byIndex.size} (accumulateResponse throws "missing output at index"); read by id`,
        out,
      );
    }
    const type = raw.type;
    const item: Item = { index, type, args: '', code: '', commands: [], stdout: [], stderr: [] };
    const itemId = nonEmptyString(raw.id);
    if (itemId !== undefined) {
      item.id = itemId;
      byItemId.set(itemId, item);
    }
    byIndex.set(index, item);
    if (OUTPUT_TYPES.has(type)) {
      const answers = nonEmptyString(raw.call_id);
      if (answers !== undefined) item.answers = answers;
      return item;
    }
    if (type === 'reasoning') {
      item.segment = itemId ?? `${responseId ?? 'response'}/${index}`;
      item.reasoningParts = new Set();
      out.push({ type: 'reasoning-start', id: item.segment, visibility: 'summary' });
      return item;
    }
    if (NOT_CALLS.has(type)) return item;
    if (type !== 'mcp_approval_request' && !CLIENT_TYPES.has(type) && !type.endsWith('_call')) return item;
    const stepId = stepIdOf(raw, type);
    if (stepId === undefined) {
      out.push(diagnostic(PROTOCOL, `a "${type}" item without an id or call_id; dropped`));
      return item;
    }
    item.stepId = stepId;
    const c = call(stepId);
    if (c.inputComplete || (type === 'mcp_call' && nonEmptyString(raw.approval_request_id))) item.replay = true;
    c.client = CLIENT_TYPES.has(type);
    if (c.state === 'ended') c.state = 'open';
    out.push({ type: 'step-start', id: stepId, toolName: toolNameOf(raw, type) });
    // Built-ins without argument text are running from the moment they are added.
    if (type === 'web_search_call' || type === 'file_search_call' || type === 'image_generation_call') {
      out.push({ type: 'step-input', id: stepId, input: {} });
    }
    return item;
  }

  /** The final arguments of an item, as a step's input. */
  function finalInput(item: Item, raw: Record<string, unknown>): unknown {
    switch (item.type) {
      case 'function_call':
      case 'mcp_call':
      case 'mcp_approval_request':
        return parseArguments(text(raw.arguments) ?? item.args);
      case 'custom_tool_call':
        return { input: text(raw.input) ?? item.args };
      case 'web_search_call':
        return searchInput(raw.action);
      case 'file_search_call':
        return { queries: Array.isArray(raw.queries) ? raw.queries : [] };
      case 'code_interpreter_call':
        return { code: text(raw.code) ?? item.code };
      case 'image_generation_call':
        return nonEmptyString(raw.revised_prompt) !== undefined ? { prompt: raw.revised_prompt } : {};
      case 'computer_call':
      case 'shell_call':
      case 'local_shell_call':
        return isRecord(raw.action) ? raw.action : {};
      case 'apply_patch_call':
        return isRecord(raw.operation) ? raw.operation : {};
      default: {
        const { type: _t, id: _i, call_id: _c, status: _s, ...rest } = raw;
        return rest;
      }
    }
  }

  function done(frame: Record<string, unknown>, out: StepEvent[]): void {
    const raw = frame.item;
    if (!isRecord(raw) || typeof raw.type !== 'string') {
      out.push(diagnostic(PROTOCOL, '"response.output_item.done" without an item; dropped'));
      return;
    }
    const index = typeof frame.output_index === 'number' ? frame.output_index : undefined;
    let item = (index !== undefined ? byIndex.get(index) : undefined) ?? byItemId.get(wireText(raw.id));
    if (!item) {
      once(`done:${wireText(raw.id)}`, `"response.output_item.done" for an item never added; read as added`, out);
      item = added(frame, out);
      if (!item) return;
    } else if (item.type !== raw.type) {
      out.push(diagnostic(PROTOCOL, `item at output_index ${item.index} changed type (${item.type} → ${raw.type})`));
    }
    const type = raw.type;
    if (item.segment !== undefined) {
      const { text: whole, visibility } = reasoningOf(raw);
      const end: StepEvent = { type: 'reasoning-end', id: item.segment, visibility };
      if (whole !== undefined) end.text = whole;
      out.push(end);
      return;
    }
    if (OUTPUT_TYPES.has(type)) {
      // A hosted shell answers its own call in the same response, linked by `call_id`.
      const id = nonEmptyString(raw.call_id);
      if (id === undefined) return;
      endCall(id);
      if (type === 'shell_call_output') append(out, shellOutputEvents(id, raw.output));
      else out.push({ type: 'step-result', id, result: raw.output });
      return;
    }
    const id = item.stepId;
    if (id === undefined) return;
    const c = call(id);
    if (c.state === 'ended') return;
    const status = text(raw.status);
    // A client call cut short (`status: 'incomplete'`) never runs: the run's end interrupts it.
    if (CLIENT_TYPES.has(type) && status === 'incomplete') return;
    const finalText = text(raw.arguments) ?? text(raw.input);
    if (item.sentArgs === undefined || finalText !== item.sentArgs) {
      out.push({ type: 'step-input', id, input: finalInput(item, raw) });
    }
    c.inputComplete = true;
    if (CLIENT_TYPES.has(type)) {
      const checks = Array.isArray(raw.pending_safety_checks) ? raw.pending_safety_checks.filter(isRecord) : [];
      if (type === 'computer_call' && checks.length > 0) {
        // Acknowledged (or not) in the app's `computer_call_output`: an approval in all but name.
        c.state = 'awaiting';
        const description = checks.map((check) => text(check.message) ?? text(check.code) ?? '').join(' ');
        const event: StepEvent = { type: 'step-approval', id, approvalId: wireText(checks[0]?.id ?? id) };
        if (description.trim() !== '') event.description = description.trim();
        out.push(event);
      }
      return;
    }
    if (type === 'mcp_approval_request') {
      c.state = 'awaiting';
      out.push({ type: 'step-approval', id, approvalId: id });
      return;
    }
    if (status === 'in_progress' || status === 'incomplete') return; // cut short: the run's end interrupts it
    c.state = 'ended';
    if (type === 'mcp_call') {
      if ((raw.error !== undefined && raw.error !== null) || status === 'failed') {
        out.push({ type: 'step-error', id, ...mcpCallError(raw.error) });
      } else {
        out.push({ type: 'step-result', id, result: raw.output ?? undefined });
      }
      return;
    }
    if (status === 'failed') {
      const error = isRecord(raw.error) ? raw.error : undefined;
      const event: StepEvent = {
        type: 'step-error',
        id,
        message: text(error?.message) ?? openaiWords.failed(toolNameOf(raw, type)),
      };
      const code = codeOf(error?.code);
      if (code !== undefined) event.code = code;
      out.push(event);
      return;
    }
    out.push(builtinResult(id, type, raw));
  }

  function builtinResult(id: string, type: string, raw: Record<string, unknown>): StepEvent {
    switch (type) {
      case 'web_search_call': {
        const sources = sourcesOf(raw.action);
        return sources
          ? { type: 'step-result', id, result: sources.map((s) => s.url), details: { kind: 'sources', sources } }
          : { type: 'step-result', id };
      }
      case 'file_search_call': {
        const results = Array.isArray(raw.results) ? raw.results.filter(isRecord) : undefined;
        if (!results) return { type: 'step-result', id };
        const rows = results.map((r) => ({ filename: r.filename, score: r.score, text: r.text }));
        return { type: 'step-result', id, result: results, details: { kind: 'table', value: rows } };
      }
      case 'code_interpreter_call': {
        const outputs = Array.isArray(raw.outputs) ? raw.outputs.filter(isRecord) : [];
        const logs = outputs.flatMap((o) => (o.type === 'logs' && typeof o.logs === 'string' ? [o.logs] : []));
        const images = outputs.flatMap((o) => (o.type === 'image' && typeof o.url === 'string' ? [o.url] : []));
        if (logs.length === 0 && images.length > 0) {
          return {
            type: 'step-result',
            id,
            result: images,
            details: { kind: 'media', parts: images.map((url) => ({ type: 'image', url })) },
          };
        }
        const stdout = logs.join('');
        return { type: 'step-result', id, result: stdout, details: { kind: 'terminal', stdout } };
      }
      case 'image_generation_call': {
        const data = text(raw.result);
        const event: StepEvent = { type: 'step-result', id };
        if (data) {
          const mediaType = `image/${text(raw.output_format) ?? 'png'}`;
          event.details = { kind: 'media', parts: [{ type: 'image', mediaType, data }] };
        }
        if (typeof raw.revised_prompt === 'string') event.result = raw.revised_prompt;
        return event;
      }
      default:
        return { type: 'step-result', id, result: raw.output ?? raw.results ?? raw.outputs };
    }
  }

  function finish(status: 'completed' | 'incomplete', response: unknown, out: StepEvent[]): void {
    ended = true;
    if (status === 'incomplete') {
      const details = isRecord(response) && isRecord(response.incomplete_details) ? response.incomplete_details : {};
      out.push(diagnostic(PROTOCOL, openaiWords.incomplete(wireText(details.reason ?? 'no reason given'))));
    }
    const { clients, awaiting } = pending();
    // `paused` would turn a call cut short into one awaiting approval; an incomplete response ends
    // `done`, which interrupts the cut calls and leaves the approvals waiting all the same.
    const paused = awaiting.length > 0 && status === 'completed';
    const event: StepEvent = paused ? { type: 'run-finish', status: 'paused' } : { type: 'run-finish', status: 'done' };
    if (clients.length > 0) event.keepOpen = clients;
    out.push(event);
    for (const [, c] of calls) if (c.state === 'open' && !(c.client && c.inputComplete)) c.state = 'ended';
  }

  function runError(message: string, code: unknown, out: StepEvent[]): void {
    ended = true;
    const event: StepEvent = { type: 'run-error', message };
    const text = codeOf(code);
    if (text !== undefined) event.code = text;
    out.push(event);
    for (const [, c] of calls) if (c.state !== 'ended') c.state = 'ended';
  }

  function translate(type: string, frame: Record<string, unknown>, out: StepEvent[]): void {
    switch (type) {
      case 'response.created':
      case 'response.queued': {
        const response = isRecord(frame.response) ? frame.response : {};
        newResponse(nonEmptyString(response.id), out);
        return;
      }
      case 'response.output_item.added':
        if (!started) newResponse(undefined, out);
        added(frame, out);
        return;
      case 'response.output_item.done':
        done(frame, out);
        return;
      case 'response.function_call_arguments.delta':
      case 'response.mcp_call_arguments.delta':
      case 'response.custom_tool_call_input.delta': {
        const item = itemOf(frame, type, out);
        const delta = text(frame.delta);
        if (!item?.stepId || !delta) return;
        item.args += delta;
        if (item.replay) return;
        out.push({ type: 'step-input-delta', id: item.stepId, delta });
        return;
      }
      case 'response.function_call_arguments.done':
      case 'response.mcp_call_arguments.done':
      case 'response.custom_tool_call_input.done': {
        const item = itemOf(frame, type, out);
        if (!item?.stepId) return;
        const whole = text(frame.arguments) ?? text(frame.input) ?? item.args;
        item.args = whole;
        // A replayed call whose input this stream already gave keeps it; an approved `mcp_call` read
        // without its approval request (a store per response, a reload) takes its input from here.
        if (item.replay && call(item.stepId).inputComplete) {
          item.sentArgs = whole;
          return;
        }
        const input = type === 'response.custom_tool_call_input.done' ? { input: whole } : parseArguments(whole);
        item.sentArgs = whole;
        out.push({ type: 'step-input', id: item.stepId, input });
        call(item.stepId).inputComplete = true;
        return;
      }
      case 'response.code_interpreter_call_code.delta':
      case 'response.code_interpreter_call_code.done': {
        const item = itemOf(frame, type, out);
        if (!item?.stepId) return;
        if (type.endsWith('.delta')) item.code += text(frame.delta) ?? '';
        else if (text(frame.code) === undefined || text(frame.code) === item.code) return;
        else item.code = text(frame.code) ?? item.code;
        const details = { kind: 'code', code: item.code, language: 'python' };
        out.push({ type: 'step-progress', id: item.stepId, details });
        return;
      }
      case 'response.image_generation_call.partial_image': {
        const item = itemOf(frame, type, out);
        const data = text(frame.partial_image_b64);
        if (!item?.stepId || !data) return;
        const mediaType = `image/${text(frame.output_format) ?? 'png'}`;
        const details = { kind: 'media', parts: [{ type: 'image', mediaType, data }] };
        out.push({ type: 'step-progress', id: item.stepId, details });
        return;
      }
      case 'response.shell_call_command.added':
      case 'response.shell_call_command.delta':
      case 'response.shell_call_command.done': {
        // No `item_id` on these: the item is the one at `output_index`.
        const item = itemOf(frame, type, out);
        if (!item?.stepId) return;
        const at = typeof frame.command_index === 'number' ? frame.command_index : item.commands.length;
        const piece = text(frame.command) ?? text(frame.delta) ?? '';
        item.commands[at] = type.endsWith('.delta') ? (item.commands[at] ?? '') + piece : piece;
        const details = { kind: 'code', code: item.commands.join('\n'), language: 'shell' };
        out.push({ type: 'step-progress', id: item.stepId, details });
        return;
      }
      case 'response.shell_call_output_content.delta': {
        const item = itemOf(frame, type, out);
        const delta = isRecord(frame.delta) ? frame.delta : {};
        if (!item?.answers) return;
        const callId = item.answers;
        item.stdout.push(text(delta.stdout) ?? '');
        item.stderr.push(text(delta.stderr) ?? '');
        const details = { kind: 'terminal', stdout: item.stdout.join(''), stderr: item.stderr.join('') };
        out.push({ type: 'step-progress', id: callId, details });
        return;
      }
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta': {
        const item = itemOf(frame, type, out);
        if (item?.segment === undefined) return;
        const piece = text(frame.delta);
        if (piece === undefined) {
          once(`reasoning:${item.segment}`, `a "${type}" whose "delta" is not text; dropped`, out);
          return;
        }
        const full = type === 'response.reasoning_text.delta';
        if (full && item.visibility !== 'full') {
          // The model's own words (open-weight models), not a summary: the segment says so.
          item.visibility = 'full';
          out.push({ type: 'reasoning-start', id: item.segment, visibility: 'full' });
        }
        const part = `${full ? 'content' : 'summary'}:${wireText(full ? frame.content_index : frame.summary_index)}`;
        if (piece === '') return;
        const parts = item.reasoningParts as Set<string>;
        const first = !parts.has(part);
        if (first) parts.add(part);
        // A later part's text is a new paragraph, as the item's parts are joined when it is done.
        const delta = first && parts.size > 1 ? PART_BREAK + piece : piece;
        out.push({ type: 'reasoning-delta', id: item.segment, delta });
        return;
      }
      case 'response.completed':
        finish('completed', frame.response, out);
        return;
      case 'response.incomplete':
        finish('incomplete', frame.response, out);
        return;
      case 'response.failed': {
        const response = isRecord(frame.response) ? frame.response : {};
        const error = isRecord(response.error) ? response.error : {};
        runError(text(error.message) ?? openaiWords.responseFailed, error.code, out);
        return;
      }
      case 'error':
        runError(text(frame.message) ?? openaiWords.streamError, frame.code, out);
        return;
      default: {
        if (IGNORED_TYPES.has(type) || IGNORED_PREFIXES.some((prefix) => type.startsWith(prefix))) return;
        const status = STATUS_EVENT.exec(type);
        if (status) {
          const item = itemOf(frame, type, out);
          const words = STATUS_WORDS[`${status[1]}.${status[2]}`];
          // Not `mcp_call.in_progress`: its arguments stream after it, and progress would end their streaming.
          if (item?.stepId && words) out.push({ type: 'step-progress', id: item.stepId, content: words });
          return;
        }
        once(`type:${type}`, `an event of unknown type "${type}" (the SDK throws); ignored`, out);
      }
    }
  }

  return {
    protocol: PROTOCOL,
    push(frame) {
      const parsed = parseFrame(PROTOCOL, frame);
      if (parsed.ok === 'skip') return [];
      if (parsed.ok === false) return [parsed.event];
      const value = parsed.value;
      if (!isRecord(value)) return [diagnostic(PROTOCOL, 'a frame that is not a JSON object')];
      const type = value.type;
      if (typeof type !== 'string') return [diagnostic(PROTOCOL, 'a frame without a "type"')];
      const out: StepEvent[] = [];
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
