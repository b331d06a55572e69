/**
 * One-shot results: a finished tool call's result value, as some agents hand it over, turned into
 * the events of one whole step (`step-start`, `step-input`, then the outcome). Reduce them with
 * `reduceSteps(emptyStepsState, events)` or apply them to a store next to a stream's events.
 *
 * - VT Code's dual-channel `ToolResult` (`vtcode_core::tools::result::ToolResult`)
 * - Anvia's transcript `tool-result` part, one per output variant
 */

import type { StepEvent } from 'tool-steps/core';
import { ANVIA_FAILED, anviaContentText, anviaMediaDetails } from './decoders/anvia/content';
import { coercedText, isRecord } from './values';

/**
 * The details of a VT Code result: what people see (`ui_content`, ANSI escapes kept) and the
 * metadata beside it. Drawn by the `terminal` details renderer (`kind: 'terminal'`).
 */
export interface TerminalDetails {
  kind: 'terminal';
  /** The full output for people, ANSI SGR escapes included (`ui_content`). */
  text: string;
  /** Files the result refers to (`metadata.files`), for clickable paths; absent when empty. */
  files?: string[];
  /** Line numbers (`metadata.lines`), for jump-to-line; absent when empty. */
  lines?: number[];
  /** Structured data (`metadata.data`), as the wire gives it; absent when empty. */
  data?: Record<string, unknown>;
  /**
   * What each channel costs (`metadata.token_counts`); absent when both counts are 0, which is what
   * `ToolResult::error` writes whatever the texts (so it says nothing).
   */
  tokenCounts?: { llmTokens: number; uiTokens: number; savingsTokens: number; savingsPercent: number };
  /** An `error` text the wire sent although `success` was `true` (`success` decides the status). */
  error?: string;
}

/**
 * The details of a result with files or images (`kind: 'media'`), drawn by the `media` renderer. The
 * parts are kept as the wire gives them: Anvia's `{ type: 'text', text }` and
 * `{ type: 'file', data: { type: 'data', data } | { type: 'url', url } | { type: 'text', text }, mediaType, filename? }`.
 * Renderers decide what may be shown (inline base64 of raster images, http(s) URLs).
 */
export interface MediaDetails {
  kind: 'media';
  parts: unknown[];
}

function diagnostic(protocol: string, reason: string): StepEvent {
  return { type: 'diagnostic', protocol, reason };
}

function stringArray(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string') ? value : undefined;
}

function numberArray(value: unknown): number[] | undefined {
  return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'number') ? value : undefined;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** Options of `eventsFromDualChannelResult`. */
export interface DualChannelResultOptions {
  /** The step id: VT Code's `ToolResult` carries no call id, so the caller says which call it is. */
  id: string;
  /** The tool name to show; defaults to the result's `tool_name`. */
  toolName?: string;
}

/**
 * The events of one finished step from VT Code's dual-channel `ToolResult`
 * (`{ tool_name, llm_content, ui_content, success, error, metadata }`):
 * - `llm_content` (what the model read) is the step's `result`;
 * - `ui_content` (what people see, with ANSI escapes) and `metadata` are its `details`, a
 *   `TerminalDetails` (`{ kind: 'terminal', text, files?, lines?, data?, tokenCounts? }`);
 * - `success` decides the status (`succeeded` or `failed`), also when `error` says otherwise; a
 *   failure's message is `error`, else `llm_content`.
 *
 * Never throws: a value that is not a `ToolResult` gives a single `diagnostic` event, and a field of
 * the wrong type is read as absent, with a `diagnostic`.
 */
export function eventsFromDualChannelResult(result: unknown, options: DualChannelResultOptions): StepEvent[] {
  const protocol = 'vtcode';
  const id = (options as DualChannelResultOptions | undefined)?.id;
  if (!isRecord(result)) return [diagnostic(protocol, 'a VT Code tool result that is not a JSON object; dropped')];
  if (typeof id !== 'string' || id === '')
    return [diagnostic(protocol, 'a VT Code tool result without a step id; dropped')];
  const problems: string[] = [];
  const text = (key: string): string | undefined => {
    const value = result[key];
    if (typeof value === 'string') return value;
    if (value !== undefined && value !== null) problems.push(`"${key}" is not a string`);
    return undefined;
  };
  const toolName = options.toolName ?? text('tool_name') ?? '';
  const llm = text('llm_content');
  const ui = text('ui_content');
  const error = text('error');
  let success: boolean;
  if (typeof result.success === 'boolean') {
    success = result.success;
  } else {
    success = error === undefined;
    problems.push(`"success" is missing; read as ${success} from "error"`);
  }

  const metadata = isRecord(result.metadata) ? result.metadata : {};
  const details: TerminalDetails = { kind: 'terminal', text: ui ?? llm ?? '' };
  const files = stringArray(metadata.files);
  if (files) details.files = files;
  const lines = numberArray(metadata.lines);
  if (lines) details.lines = lines;
  if (isRecord(metadata.data) && Object.keys(metadata.data).length > 0) details.data = metadata.data;
  const tokens = isRecord(metadata.token_counts) ? metadata.token_counts : undefined;
  if (tokens && (count(tokens.llm_tokens) > 0 || count(tokens.ui_tokens) > 0)) {
    details.tokenCounts = {
      llmTokens: count(tokens.llm_tokens),
      uiTokens: count(tokens.ui_tokens),
      savingsTokens: count(tokens.savings_tokens),
      savingsPercent: count(tokens.savings_percent),
    };
  }

  const events: StepEvent[] = [
    { type: 'step-start', id, toolName },
    { type: 'step-input', id },
  ];
  for (const problem of problems) events.push(diagnostic(protocol, `VT Code tool result "${id}": ${problem}`));
  if (success) {
    if (error !== undefined && error !== '') details.error = error;
    const done: StepEvent = { type: 'step-result', id, details };
    if (llm !== undefined) done.result = llm;
    events.push(done);
  } else {
    const failed: StepEvent = {
      type: 'step-error',
      id,
      message: error || llm || 'The tool reported a failure without a message.',
      details,
    };
    if (llm !== undefined) failed.result = llm;
    events.push(failed);
  }
  return events;
}

/**
 * The events of one finished step from an Anvia transcript `tool-result` part
 * (`{ type: 'tool-result', toolCallId, callId?, toolName, output }`), one outcome per output variant,
 * named as Anvia's browser protocol names them so a transcript and a live stream draw the same row:
 * - `text` / `json` → `succeeded`, `result` = the value;
 * - `content` → `succeeded`, `result` = the text the model read (files as `[file:<mediaType>]`),
 *   `details` = `MediaDetails` with the parts as they are;
 * - `execution-denied` → `denied` with the reason;
 * - `error-text` → `failed`, message = the value, code `tool_execution_error`;
 * - `error-json` → `failed`, message `Tool execution failed.`, code `tool_execution_error`,
 *   `details` = the value.
 *
 * Never throws: a value that is not a tool-result part gives a single `diagnostic` event.
 */
export function eventsFromAnviaToolResult(part: unknown): StepEvent[] {
  const protocol = 'anvia';
  if (!isRecord(part)) return [diagnostic(protocol, 'an Anvia tool result that is not a JSON object; dropped')];
  const id =
    typeof part.toolCallId === 'string' && part.toolCallId !== ''
      ? part.toolCallId
      : typeof part.callId === 'string' && part.callId !== ''
        ? part.callId
        : undefined;
  if (!id) return [diagnostic(protocol, 'an Anvia tool result without a "toolCallId"; dropped')];
  const toolName = typeof part.toolName === 'string' ? part.toolName : '';
  const events: StepEvent[] = [
    { type: 'step-start', id, toolName },
    { type: 'step-input', id },
  ];
  const output = part.output;
  const kind = isRecord(output) ? output.type : undefined;
  const value = isRecord(output) ? output.value : undefined;
  switch (kind) {
    case 'text':
    case 'json':
      events.push({ type: 'step-result', id, result: value });
      break;
    case 'content': {
      const parts = Array.isArray(value) ? value : [];
      events.push({ type: 'step-result', id, result: anviaContentText(parts), details: anviaMediaDetails(parts) });
      break;
    }
    case 'execution-denied': {
      const reason = isRecord(output) && typeof output.reason === 'string' ? output.reason : undefined;
      events.push(reason !== undefined ? { type: 'step-denied', id, reason } : { type: 'step-denied', id });
      break;
    }
    case 'error-text':
      events.push({
        type: 'step-error',
        id,
        message: typeof value === 'string' ? value : (coercedText(value) ?? 'Tool execution failed.'),
        code: ANVIA_FAILED,
      });
      break;
    case 'error-json':
      events.push({ type: 'step-error', id, message: 'Tool execution failed.', code: ANVIA_FAILED, details: value });
      break;
    default:
      events.push(
        diagnostic(
          protocol,
          `Anvia tool result "${id}" has an output of unknown type ${typeof kind === 'string' ? `"${kind}"` : '(none)'}; its outcome is unknown`,
        ),
      );
  }
  return events;
}
