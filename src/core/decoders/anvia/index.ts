/**
 * Anvia's browser protocol `anvia.client.v3`: JSONL lines or SSE `data:` frames,
 * `stream_start` (eventId 0), `stream_event` (eventIds 1, 2, ... each one more than the last), then
 * `stream_end` (the last eventId again). A step is keyed by `toolCallId` (then `callId`).
 *
 * The envelope's sequence is checked (./envelope.ts). A bare client event (no envelope) is read as it
 * is, without sequence checks.
 */
import type { StepEvent } from '../../events';
import { isRecord, nonEmptyString as str } from '../../values';
import { closedEarly, diagnostic, excerpt, type StepDecoder } from '../types';
import { ANVIA_DENIED, anviaContentText, anviaMediaDetails } from './content';
import { anviaEnvelopes, stableKey } from './envelope';
import { anviaReasoning } from './reasoning';

type Json = Record<string, unknown>;

/** Events that carry nothing about tool steps or the run's outcome: read and ignored. */
const IGNORED = new Set([
  'turn_start',
  'turn_end',
  'generation_start',
  'message_start',
  'message_end',
  'text_start',
  'text_delta',
  'text_end',
  'source',
  'attachment',
  'provider_tool_call',
  'guardrail_decision',
  'data',
  'custom',
  'tool_question',
]);

interface Call {
  toolName: string;
  /** The last arguments the wire gave (JSON text), to tell when `tool_result.input` replaces them. */
  input?: string;
  done: boolean;
}

/** Makes a decoder for one Anvia client stream (or several, one after the other, as in a capture). */
export function anvia(): StepDecoder {
  let runEnded = false;
  let runStarted = false;
  const calls = new Map<string, Call>();
  const reasoning = anviaReasoning();

  /** A `step-start` for a call the stream has not announced (a result after an approval, a resumed run). */
  function ensure(out: StepEvent[], id: string, toolName: string | undefined, parentId: string | undefined): Call {
    let call = calls.get(id);
    if (!call) {
      call = { toolName: toolName ?? '', done: false };
      calls.set(id, call);
      const start: StepEvent = { type: 'step-start', id, toolName: call.toolName };
      if (parentId) start.parentId = parentId;
      out.push(start);
    } else if (toolName && !call.toolName) {
      call.toolName = toolName;
      out.push({ type: 'step-start', id, toolName });
    }
    return call;
  }

  function callId(e: Json): string | undefined {
    return str(e.toolCallId) ?? str(e.callId);
  }

  function toolResult(out: StepEvent[], e: Json, id: string, parentId: string | undefined): void {
    const toolName = str(e.toolName);
    const call = ensure(out, id, toolName, parentId);
    if (e.input !== undefined) {
      const key = stableKey(e.input);
      // The executed arguments (after input middleware) replace the streamed ones when they differ.
      if (key !== call.input) out.push({ type: 'step-input', id, input: e.input });
      call.input = key;
    }
    call.done = true;
    const result = e.result;
    if (!isRecord(result)) {
      out.push(diagnostic('anvia', `a "tool_result" for "${id}" without a "result" object; its outcome is unknown`));
      return;
    }
    if (result.status === 'success') {
      const done: StepEvent = { type: 'step-result', id, result: result.output };
      if (Array.isArray(result.content)) {
        done.details = anviaMediaDetails(result.content);
        if (result.output === undefined) done.result = anviaContentText(result.content);
      }
      out.push(done);
      return;
    }
    if (result.status === 'error') {
      const error = isRecord(result.error) ? result.error : {};
      const message = typeof error.message === 'string' ? error.message : undefined;
      const code = str(error.code);
      if (code === ANVIA_DENIED) {
        out.push(message !== undefined ? { type: 'step-denied', id, reason: message } : { type: 'step-denied', id });
        return;
      }
      const failed: StepEvent = { type: 'step-error', id, message: message ?? 'Tool execution failed.' };
      if (code) failed.code = code;
      if (error.details !== undefined) failed.details = error.details;
      out.push(failed);
      return;
    }
    out.push(
      diagnostic(
        'anvia',
        `a "tool_result" for "${id}" with an unknown status ${stableKey(result.status)}; its outcome is unknown`,
      ),
    );
  }

  function approval(out: StepEvent[], a: Json, parentId: string | undefined): void {
    const id = callId(a);
    if (!id) {
      out.push(diagnostic('anvia', 'a tool approval without a "toolCallId"; dropped'));
      return;
    }
    const toolName = str(a.toolName);
    ensure(out, id, toolName, parentId);
    const status = a.status ?? 'pending';
    if (status === 'pending') {
      const event: StepEvent = { type: 'step-approval', id };
      if (str(a.id)) event.approvalId = a.id as string;
      if (toolName) event.toolName = toolName;
      if (a.input !== undefined) event.input = a.input;
      if (typeof a.reason === 'string') event.description = a.reason;
      out.push(event);
    } else if (status === 'approved') {
      out.push({ type: 'step-decision', id, approved: true });
    } else if (status === 'rejected' || status === 'timed_out') {
      const reason =
        typeof a.reason === 'string' ? a.reason : status === 'timed_out' ? 'The approval timed out.' : undefined;
      out.push(
        reason !== undefined
          ? { type: 'step-decision', id, approved: false, reason }
          : { type: 'step-decision', id, approved: false },
      );
    } else if (status === 'cancelled') {
      out.push({ type: 'step-cancelled', id });
    } else {
      out.push(diagnostic('anvia', `a tool approval for "${id}" with an unknown status ${stableKey(status)}; ignored`));
    }
  }

  function runEnd(out: StepEvent[], e: Json): void {
    const status = e.status;
    if (status === 'completed') {
      out.push({ type: 'run-finish', status: 'done' });
    } else if (status === 'suspended' || status === 'approval_required') {
      out.push({ type: 'run-finish', status: 'paused' });
    } else if (status === 'cancelled') {
      for (const [id, call] of calls) {
        if (!call.done) {
          call.done = true;
          out.push({ type: 'step-cancelled', id });
        }
      }
      out.push({ type: 'run-abort', code: 'cancelled' });
    } else if (status === 'blocked') {
      out.push({ type: 'run-error', message: 'The run was blocked by a guardrail.', code: 'run_blocked' });
    } else if (status === 'error') {
      // An `error` event usually came first and said more; keep its message.
      if (!runEnded) out.push({ type: 'run-error', message: 'The run ended with an error.', code: 'run_error' });
    } else {
      out.push(
        diagnostic('anvia', `a "run_end" with an unknown status ${stableKey(status)}; the run is taken as finished`),
      );
      out.push({ type: 'run-finish', status: 'done' });
    }
    runEnded = true;
  }

  /** One client event (inside a `stream_event`, or bare). */
  function event(e: Json): StepEvent[] {
    const type = e.type;
    if (typeof type !== 'string') return [diagnostic('anvia', 'an event without a "type"; dropped')];
    const scope = isRecord(e.scope) ? e.scope : undefined;
    const parentId = scope ? str(scope.parentToolCallId) : undefined;
    const out: StepEvent[] = [];
    switch (type) {
      case 'run_start':
        // A nested agent's run starts inside its parent's tool call; the run as a whole goes on.
        if (!scope) {
          runStarted = true;
          runEnded = false;
          out.push(str(e.runId) ? { type: 'run-start', runId: e.runId as string } : { type: 'run-start' });
        }
        return out;
      case 'reasoning_start':
      case 'reasoning_delta':
      case 'reasoning_end':
        return reasoning(type, e, parentId);
      case 'tool_call_start': {
        const id = callId(e);
        if (!id) return [diagnostic('anvia', 'a "tool_call_start" without a "toolCallId"; dropped')];
        ensure(out, id, str(e.toolName), parentId);
        return out;
      }
      case 'tool_call_delta': {
        const id = callId(e);
        if (!id) return [diagnostic('anvia', 'a "tool_call_delta" without a "toolCallId"; dropped')];
        if (typeof e.delta !== 'string')
          return [diagnostic('anvia', `a "tool_call_delta" for "${id}" without a text "delta"; dropped`)];
        ensure(out, id, str(e.toolName), parentId);
        if (e.mode === 'replace') {
          out.push({ type: 'step-input-delta', id, delta: e.delta, replace: true });
        } else {
          if (e.mode !== 'append' && e.mode !== undefined) {
            out.push(diagnostic('anvia', `a "tool_call_delta" with an unknown mode ${stableKey(e.mode)}; appended`));
          }
          if (e.delta !== '') out.push({ type: 'step-input-delta', id, delta: e.delta });
        }
        return out;
      }
      case 'tool_call_end': {
        const id = callId(e);
        if (!id) return [diagnostic('anvia', 'a "tool_call_end" without a "toolCallId"; dropped')];
        const toolName = str(e.toolName);
        const call = ensure(out, id, toolName, parentId);
        const input: StepEvent = { type: 'step-input', id };
        if (e.input !== undefined) {
          input.input = e.input;
          call.input = stableKey(e.input);
        }
        if (toolName) input.toolName = toolName;
        out.push(input);
        return out;
      }
      case 'tool_result': {
        const id = callId(e);
        if (!id) return [diagnostic('anvia', 'a "tool_result" without a "toolCallId"; dropped')];
        toolResult(out, e, id, parentId);
        return out;
      }
      case 'interaction': {
        const interaction = isRecord(e.interaction) ? e.interaction : undefined;
        if (interaction?.type === 'tool-approval') {
          approval(out, { ...interaction, status: 'pending' }, parentId);
        } else if (interaction?.type === 'tool-question') {
          const id = callId(interaction);
          if (!id) return [diagnostic('anvia', 'a tool question without a "toolCallId"; dropped')];
          ensure(out, id, str(interaction.toolName), parentId);
          const questions = Array.isArray(interaction.questions) ? interaction.questions : [];
          const texts = questions.map((q) => (isRecord(q) && typeof q.text === 'string' ? q.text : '')).filter(Boolean);
          out.push({ type: 'step-progress', id, content: texts.join('\n'), details: { kind: 'json', questions } });
        } else {
          out.push(diagnostic('anvia', `an "interaction" of unknown type ${stableKey(interaction?.type)}; ignored`));
        }
        return out;
      }
      case 'tool_approval':
        // The older client protocol: `{ approval: { id, toolName, callId, input, status, reason? } }`.
        if (!isRecord(e.approval)) return [diagnostic('anvia', 'a "tool_approval" without an "approval"; dropped')];
        approval(out, e.approval, parentId);
        return out;
      case 'run_end':
        if (!scope) runEnd(out, e);
        return out;
      case 'error': {
        if (scope) return out;
        const error = isRecord(e.error) ? e.error : {};
        const message =
          typeof error.message === 'string' && error.message !== '' ? error.message : 'The agent reported an error.';
        const code = str(error.code);
        out.push(code ? { type: 'run-error', message, code } : { type: 'run-error', message });
        runEnded = true;
        return out;
      }
      default:
        if (IGNORED.has(type)) return out;
        return [diagnostic('anvia', `an event of unknown type "${type}"; ignored`)];
    }
  }

  const envelopes = anviaEnvelopes({
    event,
    runEnded: () => runEnded,
    endRun() {
      runEnded = true;
    },
  });

  return {
    protocol: 'anvia',
    push(frame) {
      let value: unknown = frame;
      if (typeof frame === 'string') {
        const text = frame.trim();
        if (text === '' || text === '[DONE]') return [];
        try {
          value = JSON.parse(text);
        } catch {
          return [diagnostic('anvia', `a frame that is not JSON: ${excerpt(text)}`)];
        }
      }
      if (!isRecord(value)) return [diagnostic('anvia', 'a frame that is not a JSON object')];
      const type = value.type;
      if (type === 'stream_start' || type === 'stream_event' || type === 'stream_end') return envelopes.read(value);
      return event(value);
    },
    end() {
      if (runEnded) return [];
      runEnded = true;
      if (envelopes.endedCompleted()) {
        return [{ type: 'run-abort', code: 'stream-closed' }];
      }
      return [closedEarly(runStarted)];
    },
  };
}
