/**
 * Client tool results for the two wires that do not carry them: the OpenAI Responses API and the
 * Anthropic Messages API. The app runs those calls itself and sends their results in its next
 * request; `eventsFromToolOutputs` reads what it sends anyway and says which steps they end:
 *
 * ```ts
 * store.apply(eventsFromToolOutputs(input)); // OpenAI: the next request's `input` items
 * store.apply(eventsFromToolOutputs(userMessage)); // Anthropic: the `user` message with `tool_result`s
 * ```
 */
import type { StepEvent } from 'tool-steps/core';
import { isRecord, nonEmptyString } from '../values';
import { contentText } from './anthropic';
import { shellOutputEvents } from './openai';
import { diagnostic } from './types';

/** Options of `eventsFromToolOutputs`. */
export interface ToolOutputsOptions {
  /**
   * Whether an OpenAI output reports a failure: `function_call_output` has no error flag, so the app
   * says which of its outputs are errors (return a message, or `true` to use the output as message).
   * Anthropic's `tool_result` says it itself (`is_error`).
   */
  isError?: (output: { callId: string; output: unknown }) => boolean | string;
}

/** Images among content parts (OpenAI `input_image`, Anthropic `image`), as media parts. */
function mediaParts(content: unknown): unknown[] | undefined {
  if (!Array.isArray(content)) return undefined;
  const images = content.filter(
    (part) => isRecord(part) && (part.type === 'image' || part.type === 'input_image' || part.type === 'input_file'),
  );
  if (images.length === 0) return undefined;
  return content.map((part) => {
    if (!isRecord(part)) return part;
    if (part.type === 'input_text' || part.type === 'output_text') return { type: 'text', text: part.text };
    if (part.type === 'input_image') return { type: 'image', url: part.image_url ?? part.file_id };
    if (part.type === 'input_file')
      return { type: 'file', filename: part.filename, url: part.file_url ?? part.file_id };
    return part;
  });
}

/** The text of OpenAI output parts (`input_text`), or of Anthropic content. */
function partsText(content: unknown): string | undefined {
  if (!Array.isArray(content)) return contentText(content);
  const texts = content.flatMap((p) =>
    isRecord(p) && typeof p.text === 'string' && /^(input_text|output_text|text)$/.test(String(p.type)) ? [p.text] : [],
  );
  return texts.length > 0 ? texts.join('\n') : undefined;
}

function outcome(id: string, output: unknown, error: boolean | string | undefined): StepEvent {
  const text = partsText(output);
  const media = mediaParts(output);
  if (error) {
    const message = typeof error === 'string' ? error : (text ?? String(output ?? ''));
    const event: StepEvent = { type: 'step-error', id, message, result: output };
    if (media) event.details = { kind: 'media', parts: media };
    return event;
  }
  const event: StepEvent = { type: 'step-result', id, result: media ? (text ?? output) : output };
  if (media) event.details = { kind: 'media', parts: media };
  return event;
}

function fromItem(item: Record<string, unknown>, options: ToolOutputsOptions, out: StepEvent[]): void {
  const type = item.type;
  if (type === 'tool_result') {
    // Anthropic: `{ type: 'tool_result', tool_use_id, content?, is_error? }`.
    const id = nonEmptyString(item.tool_use_id);
    if (id === undefined) {
      out.push(diagnostic('anthropic', 'a "tool_result" without a tool_use_id; dropped'));
      return;
    }
    out.push(outcome(id, item.content, item.is_error === true || undefined));
    return;
  }
  if (type === 'mcp_approval_response') {
    const id = nonEmptyString(item.approval_request_id);
    if (id === undefined) return;
    const event: StepEvent = { type: 'step-decision', id, approved: item.approve === true };
    if (typeof item.reason === 'string') event.reason = item.reason;
    out.push(event);
    return;
  }
  if (typeof type !== 'string' || !type.endsWith('_output')) return;
  const id = nonEmptyString(item.call_id) ?? nonEmptyString(item.id);
  if (id === undefined) {
    out.push(diagnostic('openai-responses', `a "${type}" without a call_id; dropped`));
    return;
  }
  const error = options.isError?.({ callId: id, output: item.output });
  switch (type) {
    case 'computer_call_output': {
      const checks = Array.isArray(item.acknowledged_safety_checks) ? item.acknowledged_safety_checks : [];
      if (checks.length > 0) out.push({ type: 'step-decision', id, approved: true });
      const shot = isRecord(item.output) ? item.output : {};
      const url = nonEmptyString(shot.image_url);
      const event: StepEvent = { type: 'step-result', id, result: item.output };
      if (url) event.details = { kind: 'media', parts: [{ type: 'image', url }] };
      out.push(error ? outcome(id, item.output, error) : event);
      return;
    }
    case 'shell_call_output':
      for (const event of shellOutputEvents(id, item.output)) out.push(event);
      return;
    case 'apply_patch_call_output':
      out.push(
        outcome(
          id,
          item.output,
          error || (item.status === 'failed' ? (partsText(item.output) ?? 'failed') : undefined),
        ),
      );
      return;
    default:
      out.push(outcome(id, item.output, error || undefined));
  }
}

/**
 * The step events of the tool outputs an app sends with its next request, for the wires whose
 * stream never carries them: OpenAI Responses `input` items (`function_call_output`,
 * `custom_tool_call_output`, `computer_call_output`, `shell_call_output`, `apply_patch_call_output`,
 * and `mcp_approval_response` as the approval's decision) and Anthropic `tool_result` blocks (in a
 * `user` message, a list of messages, or a list of blocks; `is_error: true` fails the step).
 * Pass one item, a list, a message or a request body (`{ input }` / `{ messages }`); anything else in
 * it (text, earlier assistant turns) is skipped. Results for calls no stream showed still make steps.
 * Never throws.
 *
 * @example
 * ```ts
 * const output = { type: 'function_call_output', call_id: call.call_id, output: JSON.stringify(rows) };
 * store.apply(eventsFromToolOutputs(output)); // the step ends `succeeded`
 * await client.responses.create({ previous_response_id, input: [output], ... });
 * ```
 */
export function eventsFromToolOutputs(value: unknown, options: ToolOutputsOptions = {}): StepEvent[] {
  const out: StepEvent[] = [];
  const visit = (node: unknown, depth: number): void => {
    if (depth > 6) return;
    if (Array.isArray(node)) {
      for (const entry of node) visit(entry, depth + 1);
      return;
    }
    if (!isRecord(node)) return;
    if (typeof node.type === 'string' && node.type !== 'message') {
      fromItem(node, options, out);
      return;
    }
    // A message (`{ role: 'user', content: [...] }`) or a request body (`{ input }`, `{ messages }`).
    if (node.role === 'assistant') return;
    for (const key of ['content', 'input', 'messages']) if (Array.isArray(node[key])) visit(node[key], depth + 1);
  };
  visit(value, 0);
  return out;
}
