/**
 * The OpenAI Agents SDK run stream (`@openai/agents` 0.x, `run(agent, input, { stream: true })`):
 * in-process `RunStreamEvent`s, or the same events serialized as JSON (`JSON.stringify` uses each
 * run item's `toJSON`, which keeps `rawItem`). See the SDK's streaming guide. Unlike the Responses
 * wire, this stream carries tool outputs, because the SDK runs the tools. Checked against the real
 * SDK in test/core/decoders/openai-agents.test.ts.
 *
 * The trap: **a thrown tool error arrives as a successful output.** The SDK catches it and sends the
 * model the fixed text "An error occurred while running the tool. Please try again."
 * (`defaultToolErrorFunction`; the error itself is lost), with `status: 'completed'`; a rejected
 * approval becomes the output "Tool execution was not approved.". This decoder recognizes both texts
 * (or the app's own, through the options) and ends the step `failed` (code `TOOL_ERROR_MASKED`, the
 * message saying the SDK masked it) or `denied`.
 *
 * | `run_item_stream_event` name | step                                                         |
 * | ---------------------------- | ------------------------------------------------------------ |
 * | `tool_called`, `handoff_requested` | `step-start` + `step-input` (id: `rawItem.callId`)     |
 * | `tool_approval_requested`    | `step-approval` (the run ends with `interruptions`)          |
 * | `tool_output`, `handoff_occurred` | `step-result`; the error text → `step-error`; the rejection text → `step-denied` |
 * | the iteration ends           | `run-finish` (`paused` while approvals wait)                 |
 */
import type { StepEvent } from '../events';
import { isRecord, nonEmptyString, wireText } from '../values';
import { AGENTS_REJECTION_TEXT, AGENTS_TOOL_ERROR_TEXT } from './openai-agents-text';
import { closedEarly, diagnostic, type ProtocolName, parseFrame, type StepDecoder } from './types';

const PROTOCOL: ProtocolName = 'openai-agents';

/** The words this decoder writes on steps (English defaults; the lead folds them into `labels`). */
export const openaiAgentsWords = {
  masked:
    'The tool threw an error; the Agents SDK gave the model its generic error text instead (set errorFunction on the tool to pass the real message).',
};

/** Options of `openaiAgents`. */
export interface OpenAIAgentsOptions {
  /**
   * Outputs that mean the tool threw: the SDK's default text, plus what your tools' `errorFunction`
   * returns when it is a fixed text.
   * @default [AGENTS_TOOL_ERROR_TEXT]
   */
  errorTexts?: readonly string[];
  /**
   * The output that means a person rejected the call (`toolErrorFormatter` can change it).
   * @default AGENTS_REJECTION_TEXT
   */
  rejectionText?: string;
}

interface Call {
  state: 'open' | 'awaiting' | 'ended';
}

/** The text of an output value (`{ type: 'text', text }`, a string, or a list of such parts). */
function outputText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (isRecord(value) && typeof value.text === 'string') return value.text;
  if (Array.isArray(value) && value.length === 1) return outputText(value[0]);
  return undefined;
}

function parseArguments(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? {};
  if (value.trim() === '') return {};
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** The id a raw item's step goes by: `callId` (function, computer, shell calls), else the item's own id. */
function callIdOf(raw: Record<string, unknown>): string | undefined {
  return nonEmptyString(raw.callId) ?? nonEmptyString(raw.call_id) ?? nonEmptyString(raw.id);
}

/** Makes a decoder for one Agents SDK run (and its resumptions: push them into the same decoder). */
export function openaiAgents(options: OpenAIAgentsOptions = {}): StepDecoder {
  const errorTexts = new Set(options.errorTexts ?? [AGENTS_TOOL_ERROR_TEXT]);
  const rejectionText = options.rejectionText ?? AGENTS_REJECTION_TEXT;
  const calls = new Map<string, Call>();
  const reported = new Set<string>();
  let running = false;
  /** The stream ended (`end()` ran) and said so: a second `end()` adds nothing. */
  let closed = false;

  function once(key: string, reason: string, out: StepEvent[]): void {
    if (reported.has(key)) return;
    reported.add(key);
    out.push(diagnostic(PROTOCOL, reason));
  }

  function called(item: Record<string, unknown>, raw: Record<string, unknown>, out: StepEvent[]): void {
    const id = callIdOf(raw);
    if (id === undefined) {
      once('no-id', 'a tool call without a callId; dropped', out);
      return;
    }
    const toolName = nonEmptyString(raw.name) ?? nonEmptyString(item.toolName) ?? wireText(raw.type ?? 'tool');
    if (!calls.has(id)) {
      calls.set(id, { state: 'open' });
      out.push({ type: 'step-start', id, toolName });
    }
    const input = raw.type === 'function_call' ? parseArguments(raw.arguments) : (raw.action ?? raw.arguments ?? {});
    out.push({ type: 'step-input', id, input: parseArguments(input) });
    // A hosted tool (web search, code interpreter) reports its own end on the same item.
    if (raw.type === 'hosted_tool_call' && (raw.status === 'completed' || raw.status === 'failed')) {
      (calls.get(id) as Call).state = 'ended';
      out.push(
        raw.status === 'failed'
          ? { type: 'step-error', id, message: outputText(raw.output) ?? `${toolName} failed.` }
          : { type: 'step-result', id, result: raw.output ?? undefined },
      );
    }
  }

  function output(item: Record<string, unknown>, raw: Record<string, unknown>, out: StepEvent[]): void {
    const id = callIdOf(raw);
    if (id === undefined) {
      once('no-id', 'a tool output without a callId; dropped', out);
      return;
    }
    const c = calls.get(id);
    if (c) c.state = 'ended';
    else calls.set(id, { state: 'ended' });
    const value = item.output !== undefined ? item.output : raw.output;
    const text = outputText(value) ?? outputText(raw.output);
    const toolName = nonEmptyString(raw.name);
    const named = toolName ? { toolName } : {};
    if (text !== undefined && errorTexts.has(text)) {
      out.push({
        type: 'step-error',
        id,
        ...named,
        message: openaiAgentsWords.masked,
        code: 'TOOL_ERROR_MASKED',
        result: text,
      });
    } else if (text === rejectionText) {
      out.push({ type: 'step-denied', id, ...named, reason: text });
    } else {
      out.push({ type: 'step-result', id, ...named, result: value });
    }
  }

  function approval(item: Record<string, unknown>, raw: Record<string, unknown>, out: StepEvent[]): void {
    const id = callIdOf(raw);
    if (id === undefined) {
      once('no-id', 'an approval without a callId; dropped', out);
      return;
    }
    const c = calls.get(id);
    if (c) c.state = 'awaiting';
    else calls.set(id, { state: 'awaiting' });
    const event: StepEvent = { type: 'step-approval', id, approvalId: id };
    const toolName = nonEmptyString(item.toolName) ?? nonEmptyString(raw.name);
    if (toolName) event.toolName = toolName;
    out.push(event);
  }

  return {
    protocol: PROTOCOL,
    push(frame) {
      const parsed = parseFrame(PROTOCOL, frame);
      if (parsed.ok === 'skip') return [];
      if (parsed.ok === false) return [parsed.event];
      const value = parsed.value;
      if (!isRecord(value)) return [diagnostic(PROTOCOL, 'an event that is not an object')];
      const out: StepEvent[] = [];
      if (!running) {
        running = true;
        out.push({ type: 'run-start' });
      }
      const type = value.type;
      if (type === 'raw_model_stream_event' || type === 'agent_updated_stream_event') return out;
      if (type !== 'run_item_stream_event') {
        once(`type:${wireText(type)}`, `an event of unknown type "${wireText(type)}"; ignored`, out);
        return out;
      }
      const item = isRecord(value.item) ? value.item : {};
      const raw = isRecord(item.rawItem) ? item.rawItem : {};
      switch (value.name) {
        case 'tool_called':
        case 'handoff_requested':
          called(item, raw, out);
          break;
        case 'tool_output':
        case 'handoff_occurred':
          output(item, raw, out);
          break;
        case 'tool_approval_requested':
          approval(item, raw, out);
          break;
        default:
          break;
      }
      return out;
    },
    end() {
      if (!running) {
        if (closed) return [];
        closed = true;
        // Nothing was read: the sentence every wire (and auto-detection) says of an empty stream.
        return [closedEarly(false)];
      }
      running = false;
      closed = true;
      let awaiting = false;
      const keepOpen: string[] = [];
      for (const [id, c] of calls) {
        if (c.state === 'awaiting') awaiting = true;
        else if (c.state === 'open') keepOpen.push(id);
      }
      // A run that stops for approvals leaves the other calls of its turn unrun until it resumes.
      if (awaiting)
        return [
          keepOpen.length > 0
            ? { type: 'run-finish', status: 'paused', keepOpen }
            : { type: 'run-finish', status: 'paused' },
        ];
      return [{ type: 'run-finish', status: 'done' }];
    },
  };
}
