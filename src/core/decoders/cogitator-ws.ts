/**
 * Cogitator's WebSocket transport, a module of its own so `readStream` can load it
 * on demand (./load.ts) without the thread readers of ../cogitator-history.ts.
 */
import type { StepEvent } from '../events';
import { isRecord, nonEmptyString as str } from '../values';
import { cogitator } from './cogitator';
import { append, closedEarly, diagnostic, excerpt, type StepDecoder } from './types';

type Json = Record<string, unknown>;

/**
 * A decoder of the frames Cogitator's WebSocket transport sends for one run:
 * `{ type: 'event', id, payload }` with `payload.type` `token` (ignored), `reasoning` (`delta`: the
 * reasoning deltas in a row, up to the next other event, are one segment), `tool-call`
 * (a whole `ToolCall`: `{ id, name, arguments }`), `tool-result` (a whole `ToolResult`:
 * `{ callId, name, result, error?, errorCode?, details?, presentation? }`), `complete` (`result` =
 * the run response, `status: 'paused'` with `pendingApprovals` when it waits) or `cancelled`;
 * `{ type: 'error', id, error, code? }`; `pong`. Payloads the SSE stream also has (`tool-update`,
 * `approval-required`) are read as there.
 *
 * Each frame is translated to the SSE event it stands for and read by the SSE decoder, so a run
 * draws the same steps on either transport. Push the text of each message (or its parsed value).
 */
export function cogitatorWebSocket(): StepDecoder {
  const sse = cogitator();
  let started = false;
  let ended = false;
  const open = new Set<string>();
  /** The reasoning segment open now (its frames have no id: the decoder numbers them), and how many began. */
  let reasoning: string | undefined;
  let segments = 0;

  function payload(p: Json, runId: unknown): StepEvent[] {
    const out: StepEvent[] = [];
    if (!started) {
      started = true;
      append(out, sse.push(str(runId) ? { type: 'start', messageId: runId } : { type: 'start' }));
    }
    if (p.type === 'reasoning') {
      if (typeof p.delta !== 'string')
        return [...out, diagnostic('cogitator', 'a WebSocket "reasoning" without a "delta"; dropped')];
      if (!reasoning) {
        reasoning = `${str(runId) ?? 'run'}:rsn_${++segments}`;
        append(out, sse.push({ type: 'reasoning-start', id: reasoning }));
      }
      return append(out, sse.push({ type: 'reasoning-delta', id: reasoning, delta: p.delta }));
    }
    if (reasoning) {
      append(out, sse.push({ type: 'reasoning-end', id: reasoning }));
      reasoning = undefined;
    }
    switch (p.type) {
      case 'token':
        return out;
      case 'tool-call': {
        const id = str(p.id) ?? str(p.callId);
        if (!id) return [...out, diagnostic('cogitator', 'a WebSocket "tool-call" without an "id"; dropped')];
        open.add(id);
        const args = p.arguments;
        append(out, sse.push({ type: 'tool-call-start', id, toolName: typeof p.name === 'string' ? p.name : '' }));
        if (args !== undefined) {
          const text = typeof args === 'string' ? args : JSON.stringify(args);
          append(out, sse.push({ type: 'tool-call-delta', id, argsTextDelta: text }));
        }
        append(out, sse.push({ type: 'tool-call-end', id }));
        return out;
      }
      case 'tool-result': {
        const id = str(p.toolCallId) ?? str(p.callId);
        if (!id) return [...out, diagnostic('cogitator', 'a WebSocket "tool-result" without a "callId"; dropped')];
        open.delete(id);
        append(out, sse.push({ ...p, type: 'tool-result', toolCallId: id }));
        return out;
      }
      case 'complete': {
        const result = isRecord(p.result) ? p.result : {};
        const finish: Json = { type: 'finish' };
        if (result.status === 'paused') finish.status = 'paused';
        if (Array.isArray(result.pendingApprovals)) finish.pendingApprovals = result.pendingApprovals;
        ended = true;
        append(out, sse.push(finish));
        return out;
      }
      case 'cancelled':
        for (const id of open) out.push({ type: 'step-cancelled', id });
        open.clear();
        ended = true;
        out.push({ type: 'run-abort', code: 'cancelled' });
        return out;
      default:
        if (typeof p.type !== 'string')
          return [...out, diagnostic('cogitator', 'a WebSocket event without a payload "type"; dropped')];
        if (p.type === 'tool-update' || p.type === 'approval-required') {
          // Progress comes twenty times a call: its events are the SSE decoder's own, not copied.
          return out.length === 0 ? sse.push(p) : append(out, sse.push(p));
        }
        return [...out, diagnostic('cogitator', `a WebSocket event of unknown type "${p.type}"; ignored`)];
    }
  }

  return {
    protocol: 'cogitator-ws',
    push(frame) {
      let value: unknown = frame;
      if (typeof frame === 'string') {
        const text = frame.trim();
        if (text === '') return [];
        try {
          value = JSON.parse(text);
        } catch {
          return [diagnostic('cogitator', `a WebSocket message that is not JSON: ${excerpt(text)}`)];
        }
      }
      if (!isRecord(value)) return [diagnostic('cogitator', 'a WebSocket message that is not a JSON object')];
      switch (value.type) {
        case 'event':
          // Subscription channels carry other data than a run's events.
          if (value.channel !== undefined) return [];
          if (!isRecord(value.payload))
            return [diagnostic('cogitator', 'a WebSocket "event" without a payload; dropped')];
          return payload(value.payload, value.id);
        case 'error': {
          const error = value.error;
          const message =
            typeof error === 'string'
              ? error
              : isRecord(error) && typeof error.message === 'string'
                ? error.message
                : '';
          const code = str(value.code) ?? (isRecord(error) ? str(error.code) : undefined);
          ended = true;
          return sse.push(code ? { type: 'error', message, code } : { type: 'error', message });
        }
        case 'pong':
        case 'subscribed':
        case 'unsubscribed':
          return [];
        default:
          return [
            diagnostic(
              'cogitator',
              `a WebSocket message of unknown type ${JSON.stringify(value.type) ?? 'undefined'}; ignored`,
            ),
          ];
      }
    },
    end() {
      if (ended) return [];
      ended = true;
      // The sentence every decoder and auto-detection say (closedEarly): one reason, one sentence.
      return [closedEarly(started)];
    },
  };
}
