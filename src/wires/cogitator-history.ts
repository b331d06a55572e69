/**
 * Cogitator beyond its SSE stream: a thread's saved history
 * (`GET {base}/threads/:id`), so a reloaded chat draws the rows the live run drew, and the WebSocket
 * transport's frames.
 */

import type { StepEvent, StepsState } from 'tool-steps/core';
import { check } from '../core/check';
import { diagnostic } from '../core/decoders/types';
import { checkPresentation } from '../core/event-check';
import { reduceSteps } from '../core/reduce';
import { emptyStepsState } from '../core/step';
import { isRecord, nonEmptyString as str } from '../core/values';

type Json = Record<string, unknown>;

/** Options of `eventsFromCogitatorThread` and `stepsFromCogitatorThread`. */
export interface CogitatorThreadOptions {
  /**
   * What a call the history never answered stands at: `'interrupted'` (the run ended without it), or
   * `'awaiting-approval'` when the app knows the thread is paused for approvals (the history does
   * not say).
   * @default 'interrupted'
   */
  open?: 'interrupted' | 'awaiting-approval';
}

/** One saved message with what the server kept beside it. */
interface Entry {
  message: Json;
  metadata?: Json;
  toolResults?: unknown[];
}

function entriesOf(thread: Json): Entry[] | undefined {
  // A server that returns whole memory entries (`{ message, toolResults?, metadata? }`) keeps the
  // app-only parts; `GET /threads/:id` as seen returns `messages` only.
  if (Array.isArray(thread.entries)) {
    return thread.entries.filter(isRecord).map((entry) => {
      const out: Entry = { message: isRecord(entry.message) ? entry.message : {} };
      if (isRecord(entry.metadata)) out.metadata = entry.metadata;
      if (Array.isArray(entry.toolResults)) out.toolResults = entry.toolResults;
      return out;
    });
  }
  if (Array.isArray(thread.messages)) {
    return thread.messages.filter(isRecord).map((message) => {
      const out: Entry = { message };
      if (isRecord(message.metadata)) out.metadata = message.metadata;
      return out;
    });
  }
  return undefined;
}

/**
 * A tool message's outcome. The server writes `JSON.stringify(result ?? null)` for a result and
 * `JSON.stringify({ error })` for a failure; a result that is itself exactly `{ error: '...' }`
 * reads as a failure too (the history cannot tell them apart; `toolResults` can).
 */
function outcome(entry: Entry, id: string): { result?: unknown; error?: string; code?: string } {
  const saved = entry.toolResults?.find((r) => isRecord(r) && (r.callId === id || r.toolCallId === id));
  if (isRecord(saved)) {
    if (typeof saved.error === 'string' && saved.error !== '') {
      const failed: { result?: unknown; error: string; code?: string } = { error: saved.error };
      if (str(saved.errorCode)) failed.code = saved.errorCode as string;
      if (saved.result !== undefined && saved.result !== null) failed.result = saved.result;
      return failed;
    }
    return { result: saved.result };
  }
  const content = entry.message.content;
  if (typeof content !== 'string') return { result: content };
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { result: content };
  }
  if (isRecord(parsed) && typeof parsed.error === 'string' && Object.keys(parsed).length === 1) {
    return { error: parsed.error };
  }
  return { result: parsed };
}

/**
 * Rebuilds the steps of a Cogitator thread from its saved history, the body of
 * `GET {base}/threads/:id` (`{ id, messages }`, or `{ id, entries }` with whole memory entries):
 * - each assistant message's `toolCalls` (`{ id, name, arguments }`) start a step with those
 *   arguments (as the text the live stream sent, `JSON.stringify(arguments)`);
 * - each tool message (`{ role: 'tool', toolCallId, name, content }`) ends it: `content` is the
 *   result the model read (JSON text), or `{ error }` for a failure;
 * - entry `metadata.details` and `metadata.presentation`, when the server returns them, give the
 *   step the details and presentation the live run had; `toolResults[].errorCode` its error code.
 *
 * Without metadata the steps have no `details` and no server `presentation` (the built-in table still
 * labels workspace tools), failures have no code, and progress is never saved. Reduce the events with
 * `reduceSteps(emptyStepsState, events)` (that is `stepsFromCogitatorThread`), or apply them to a store.
 * Never throws: a malformed thread gives a `diagnostic`.
 */
export function eventsFromCogitatorThread(thread: unknown, options: CogitatorThreadOptions = {}): StepEvent[] {
  if (!isRecord(thread)) return [diagnostic('cogitator', 'a thread that is not a JSON object; nothing to show')];
  const entries = entriesOf(thread);
  if (!entries) return [diagnostic('cogitator', 'a thread without "messages" or "entries"; nothing to show')];
  const events: StepEvent[] = [
    str(thread.id) ? { type: 'run-start', runId: thread.id as string } : { type: 'run-start' },
  ];
  const names = new Map<string, string>();
  for (const entry of entries) {
    const { message } = entry;
    if (message.role === 'assistant' && Array.isArray(message.toolCalls)) {
      for (const call of message.toolCalls) {
        if (!isRecord(call) || !str(call.id)) {
          events.push(diagnostic('cogitator', 'an assistant tool call without an "id"; skipped'));
          continue;
        }
        const id = call.id as string;
        const toolName = typeof call.name === 'string' ? call.name : '';
        names.set(id, toolName);
        events.push({ type: 'step-start', id, toolName });
        const args = call.arguments;
        if (typeof args === 'string') {
          if (args !== '') events.push({ type: 'step-input-delta', id, delta: args });
          events.push({ type: 'step-input', id });
        } else if (args !== undefined) {
          events.push(
            { type: 'step-input-delta', id, delta: JSON.stringify(args) },
            { type: 'step-input', id, input: args },
          );
        } else {
          events.push({ type: 'step-input', id });
        }
      }
    } else if (message.role === 'tool') {
      const id = str(message.toolCallId);
      if (!id) {
        events.push(diagnostic('cogitator', 'a tool message without a "toolCallId"; skipped'));
        continue;
      }
      const toolName = str(message.name) ?? names.get(id);
      const { result, error, code } = outcome(entry, id);
      const metadata = entry.metadata ?? {};
      const event: StepEvent =
        error !== undefined ? { type: 'step-error', id, message: error } : { type: 'step-result', id };
      if (event.type === 'step-error' && code) event.code = code;
      if (result !== undefined && !(event.type === 'step-error' && result === null)) event.result = result;
      if (toolName) event.toolName = toolName;
      if (metadata.details !== undefined) event.details = metadata.details;
      if (metadata.presentation !== undefined) {
        const presentation = check(checkPresentation, metadata.presentation);
        if (presentation.success) event.presentation = presentation.data;
        else
          events.push(diagnostic('cogitator', `tool message "${id}" has a malformed "metadata.presentation"; ignored`));
      }
      events.push(event);
    }
  }
  events.push({ type: 'run-finish', status: options.open === 'awaiting-approval' ? 'paused' : 'done' });
  return events;
}

/**
 * The steps of a Cogitator thread from its saved history: `eventsFromCogitatorThread` reduced into a
 * fresh state, ready for `<ToolSteps state>`. Never throws.
 */
export function stepsFromCogitatorThread(thread: unknown, options: CogitatorThreadOptions = {}): StepsState {
  return reduceSteps(emptyStepsState, eventsFromCogitatorThread(thread, options));
}
