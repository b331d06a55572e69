/**
 * AG-UI (`@ag-ui/core` 1.0.0 and the 0.0.x line CopilotKit still ships): one JSON event per SSE
 * `data:` field, `type` in SCREAMING_SNAKE case, no protocol header and no `[DONE]`. See
 * AG-UI's events reference. Tool calls are keyed by `toolCallId`.
 *
 * The trap: a failed tool looks like a success. `TOOL_CALL_RESULT` has no error field in 1.0 (the
 * 1.0 client strips one if a producer sends it); the failure comes, if at all, as `error` on the tool
 * message of a later `MESSAGES_SNAPSHOT`. This decoder fails the step from either place.
 *
 * The reference reducer (`@ag-ui/client`'s `defaultApplyEvents`, checked on the same bytes in
 * test/core/decoders/ag-ui-differential.test.ts) rejects the whole run on a first event other than
 * `RUN_STARTED`, arguments for a call not open, a `RUN_FINISHED` with calls open, and anything after
 * the run ended; it drops unknown event types. This decoder reads all of those and counts one
 * diagnostic for each kind.
 */
import { check } from '../../check';
import type { StepEvent } from '../../events';
import { isRecord, wireText } from '../../values';
import { closedEarly, describeIssue, diagnostic, type ProtocolName, parseFrame, type StepDecoder } from '../types';
import { CLOSE_ALL, checks, fast, KEEP_OPEN, plausibleTime, REASONING, REJECTS, SKIP, typeFlags } from './checks';
import { type CustomCalls, tanstackCustom } from './custom';
import { finishRun, type RunCall } from './finish';
import { agUiContent, applyPatch } from './parts';
import { agUiReasoning } from './reasoning';
import { subagentRuns } from './subagents';

const PROTOCOL: ProtocolName = 'ag-ui';

/** Options of `agUi()`. */
export interface AgUiOptions {
  /**
   * Maps a `CUSTOM { name, value }` event to step events (AG-UI leaves progress to each app's
   * convention; `ACTIVITY_*` with `content.toolCallId` is read without this). Returns nothing to ignore it.
   */
  custom?: (name: string, value: unknown) => readonly StepEvent[] | undefined;
}

interface Call extends RunCall {
  /** The argument text of a call built from chunks (re-parsed when a chunk reopens it). */
  text?: string;
  /** Closed once already: a later chunk for it appends, as the reference does. */
  reopened?: boolean;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Makes a decoder for one AG-UI event stream (one or more runs). */
export function agUi(options: AgUiOptions = {}): StepDecoder {
  const calls = new Map<string, Call>();
  /** Calls started in the current run: the client's `pendingToolCallIds` when the producer gives none. */
  let runCalls: string[] = [];
  /** The call a `TOOL_CALL_CHUNK` lane (`subagentRunId`, or `''`) has open. */
  const lanes = new Map<string, string>();
  const subagents = subagentRuns();
  /** Calls a suspended sub-agent holds (its own still open, and those above it), with its run id. */
  const waiting = new Map<string, string>();
  const reasoning = agUiReasoning();
  /** What TanStack AI's `CUSTOM` approvals and inputs read and change of the calls. */
  const customCalls: CustomCalls = {
    has: (id) => calls.has(id),
    inputDone(id, name) {
      const call = calls.get(id);
      if (call) {
        if (call.state === 'open') call.state = 'running';
        return;
      }
      calls.set(id, { state: 'running', name });
      runCalls.push(id);
    },
    awaiting: new Set(),
  };
  const activities = new Map<string, unknown>();
  const reported = new Set<string>();
  let started = false;
  let ended = false;

  function once(key: string, reason: string, out: StepEvent[]): void {
    if (reported.has(key)) return;
    reported.add(key);
    out.push(diagnostic(PROTOCOL, reason));
  }

  function start(id: string, name: string, subagent: unknown, out: StepEvent[]): Call {
    let call = calls.get(id);
    if (call) {
      // A repeated start (replay, a chunk reopening its call) keeps the step. A new name is passed on,
      // and the reducer keeps the first one with a diagnostic (the reference renames; see ARCHITECTURE.md).
      if (name && name !== call.name) {
        call.name = name;
        out.push({ type: 'step-start', id, toolName: name });
      }
      return call;
    }
    call = { state: 'open', name };
    calls.set(id, call);
    runCalls.push(id);
    const event: StepEvent = { type: 'step-start', id, toolName: name };
    const parent = subagents.parentOf(id, subagent, (known) => calls.has(known), out);
    if (parent !== undefined) event.parentId = parent;
    out.push(event);
    return call;
  }

  /** The arguments of a call are complete. */
  function close(id: string, out: StepEvent[]): void {
    const call = calls.get(id);
    if (!call || call.state === 'ended') return;
    if (call.reopened && call.text !== undefined) {
      // The step is already running: the reducer takes no more text, so give it the whole input again.
      const parsed = parseJson(call.text);
      if (parsed.ok) out.push({ type: 'step-input', id, input: parsed.value });
    } else if (call.state === 'open') out.push({ type: 'step-input', id });
    call.state = 'running';
  }

  /** Any event of a lane other than a chunk closes the call that lane's chunks left open. */
  function closeLane(lane: string, out: StepEvent[]): void {
    const open = lanes.get(lane);
    if (open === undefined) return;
    lanes.delete(lane);
    close(open, out);
  }

  function chunk(e: Record<string, unknown>, out: StepEvent[]): void {
    const lane = typeof e.subagentRunId === 'string' ? e.subagentRunId : '';
    const id = typeof e.toolCallId === 'string' && e.toolCallId !== '' ? e.toolCallId : undefined;
    let open = lanes.get(lane);
    if (id !== undefined && id !== open) {
      closeLane(lane, out);
      const known = calls.get(id);
      const name = typeof e.toolCallName === 'string' ? e.toolCallName : (known?.name ?? '');
      if (typeof e.toolCallName !== 'string') {
        once(
          `chunk-name:${id}`,
          `"TOOL_CALL_CHUNK" opened call "${id}" without a "toolCallName"${REJECTS}; read anyway`,
          out,
        );
      }
      const call = start(id, name, e.subagentRunId, out);
      if (call.state === 'ended') return;
      if (call.state === 'running') call.reopened = true;
      call.text ??= '';
      lanes.set(lane, id);
      open = id;
    }
    if (open === undefined) {
      once('chunk-orphan', `"TOOL_CALL_CHUNK" without a "toolCallId" and no call open${REJECTS}; dropped`, out);
      return;
    }
    const delta = typeof e.delta === 'string' ? e.delta : '';
    const call = calls.get(open) as Call;
    if (delta === '' || call.state === 'ended') return;
    call.text = (call.text ?? '') + delta;
    if (call.state === 'open') out.push({ type: 'step-input-delta', id: open, delta });
  }

  function result(id: string, content: unknown, error: unknown, out: StepEvent[]): void {
    const call = calls.get(id);
    if (call?.state === 'ended') {
      // The reference appends each result as a tool message; a step has one result (terminal is final).
      out.push(diagnostic(PROTOCOL, `a second "TOOL_CALL_RESULT" for call "${id}"; dropped (the first one stands)`));
      return;
    }
    if (call) call.state = 'ended';
    else calls.set(id, { state: 'ended', name: '' });
    const { result: value, details } = agUiContent(content);
    if (typeof error === 'string' && error !== '') {
      const event: StepEvent = { type: 'step-error', id, message: error, result: value };
      if (details) event.details = details;
      out.push(event);
      return;
    }
    const event: StepEvent = { type: 'step-result', id, result: value };
    if (details) event.details = details;
    out.push(event);
  }

  function snapshot(messages: readonly unknown[], out: StepEvent[]): void {
    const names = new Map<string, string>();
    for (const message of messages) {
      if (!isRecord(message) || message.role !== 'assistant' || !Array.isArray(message.toolCalls)) continue;
      for (const tc of message.toolCalls) {
        if (!isRecord(tc) || typeof tc.id !== 'string' || tc.id === '') continue;
        const fn = isRecord(tc.function) ? tc.function : {};
        const name = typeof fn.name === 'string' ? fn.name : '';
        names.set(tc.id, name);
        if (calls.has(tc.id)) continue;
        // A call this stream never streamed (a snapshot of an earlier turn, a producer that only snapshots).
        start(tc.id, name, undefined, out);
        const call = calls.get(tc.id) as Call;
        call.state = 'running';
        const args = typeof fn.arguments === 'string' ? parseJson(fn.arguments) : { ok: false as const };
        out.push(args.ok ? { type: 'step-input', id: tc.id, input: args.value } : { type: 'step-input', id: tc.id });
      }
    }
    for (const message of messages) {
      if (!isRecord(message) || message.role !== 'tool' || typeof message.toolCallId !== 'string') continue;
      const id = message.toolCallId;
      if (id === '' || calls.get(id)?.state === 'ended') continue;
      if (!calls.has(id)) start(id, names.get(id) ?? '', undefined, out);
      result(id, message.content, message.error, out);
    }
  }

  function activity(messageId: string, content: unknown, out: StepEvent[]): void {
    activities.set(messageId, content);
    if (!isRecord(content) || typeof content.toolCallId !== 'string') return;
    const call = calls.get(content.toolCallId);
    if (!call || call.state === 'ended') return;
    const text = typeof content.label === 'string' ? content.label : content.message;
    const event: StepEvent = { type: 'step-progress', id: content.toolCallId, details: content };
    if (text !== undefined) event.content = text;
    out.push(event);
  }

  function translate(type: string, e: Record<string, unknown>, out: StepEvent[]): void {
    switch (type) {
      case 'RUN_STARTED': {
        started = true;
        ended = false;
        runCalls = [];
        waiting.clear();
        subagents.runStarted();
        out.push(typeof e.runId === 'string' ? { type: 'run-start', runId: e.runId } : { type: 'run-start' });
        return;
      }
      case 'RUN_FINISHED':
        ended = true;
        finishRun(e, { calls, runCalls, awaiting: customCalls.awaiting, waiting, once }, out);
        return;
      case 'RUN_ERROR': {
        ended = true;
        const message = typeof e.message === 'string' && e.message !== '' ? e.message : 'The agent reported an error.';
        out.push(
          typeof e.code === 'string' ? { type: 'run-error', message, code: e.code } : { type: 'run-error', message },
        );
        return;
      }
      case 'TOOL_CALL_START':
        start(e.toolCallId as string, e.toolCallName as string, e.subagentRunId, out);
        return;
      case 'TOOL_CALL_ARGS': {
        const id = e.toolCallId as string;
        let call = calls.get(id);
        if (call?.state !== 'open') {
          once(`args:${id}`, `"TOOL_CALL_ARGS" for call "${id}" that is not open${REJECTS}; read anyway`, out);
          if (!call) call = start(id, '', undefined, out);
          if (call.state !== 'open') return;
        }
        if (e.delta !== '') out.push({ type: 'step-input-delta', id, delta: e.delta as string });
        return;
      }
      case 'TOOL_CALL_END': {
        const id = e.toolCallId as string;
        if (!calls.has(id)) {
          once(`end:${id}`, `"TOOL_CALL_END" for call "${id}" that never started${REJECTS}`, out);
          start(id, '', undefined, out);
        }
        close(id, out);
        return;
      }
      case 'TOOL_CALL_CHUNK':
        chunk(e, out);
        return;
      case 'TOOL_CALL_RESULT':
        result(e.toolCallId as string, e.content, e.error, out);
        return;
      case 'MESSAGES_SNAPSHOT':
        snapshot(e.messages as unknown[], out);
        return;
      case 'ACTIVITY_SNAPSHOT': {
        const id = e.messageId as string;
        if (e.replace === false && activities.has(id)) return;
        activity(id, e.content, out);
        return;
      }
      case 'ACTIVITY_DELTA': {
        const id = e.messageId as string;
        const patched = applyPatch(activities.get(id) ?? {}, e.patch as unknown[]);
        if (!patched.ok) {
          out.push(
            diagnostic(
              PROTOCOL,
              `an "ACTIVITY_DELTA" patch for "${id}" that does not apply; dropped: ${patched.reason}`,
            ),
          );
          return;
        }
        activity(id, patched.doc, out);
        return;
      }
      case 'SUBAGENT_STARTED':
        subagents.read(type, e, out);
        return;
      case 'SUBAGENT_FINISHED': {
        if (subagents.read(type, e, out) !== 'suspended') return;
        // Its part of this run ended, not its work: its open calls and the calls above it wait for its input.
        const run = e.subagentRunId as string;
        for (const id of [...subagents.callsOf(run), ...subagents.callsAbove(run, out)]) {
          const call = calls.get(id);
          if (call && call.state !== 'ended') waiting.set(id, run);
        }
        return;
      }
      case 'SUBAGENT_ERROR': {
        if (!subagents.read(type, e, out)) return;
        // The sub-agent's run failed: its calls still open will never end on their own.
        const reason = `The sub-agent failed${typeof e.message === 'string' && e.message !== '' ? `: ${e.message}` : '.'}`;
        for (const id of subagents.callsOf(e.subagentRunId as string)) {
          const call = calls.get(id);
          if (!call || call.state === 'ended') continue;
          call.state = 'ended';
          out.push({ type: 'step-cancelled', id, reason });
        }
        return;
      }
      case 'CUSTOM': {
        const name = wireText(e.name);
        const mapped = options.custom?.(name, e.value) ?? tanstackCustom(name, e.value, customCalls, out);
        if (mapped) for (const event of mapped) out.push(event);
        return;
      }
    }
  }

  return {
    protocol: PROTOCOL,
    push(frame) {
      const parsed = parseFrame(PROTOCOL, frame);
      if (parsed.ok === 'skip') return [];
      if (parsed.ok === false) return [parsed.event];
      const e = parsed.value;
      if (!isRecord(e)) return [diagnostic(PROTOCOL, 'an event that is not a JSON object')];
      const type = e.type;
      if (typeof type !== 'string') return [diagnostic(PROTOCOL, 'an event without a "type"')];
      const out: StepEvent[] = [];
      const kind = typeFlags(type);
      if (kind !== 0) {
        if (type !== 'RUN_STARTED') {
          if (!started) {
            started = true;
            if (type !== 'RUN_ERROR') {
              once('no-start', `the stream began with "${type}", not "RUN_STARTED"${REJECTS}`, out);
            }
            out.push({ type: 'run-start' });
          } else if (ended) {
            once('after-end', `"${type}" after the run ended, without a new "RUN_STARTED"${REJECTS}`, out);
          }
        }
        if (kind & CLOSE_ALL) {
          for (const lane of [...lanes.keys()]) closeLane(lane, out);
        } else if (!(kind & KEEP_OPEN) && lanes.size > 0) {
          closeLane(typeof e.subagentRunId === 'string' ? e.subagentRunId : '', out);
        }
      } else {
        once(`type:${type}`, `an event of unknown type "${type}"; ignored`, out);
        return out;
      }
      if (REASONING.test(type)) {
        reasoning(type, e, out);
      } else {
        if (kind & SKIP) return out;
        if (fast[type]?.(e) !== true) {
          const guard = checks[type];
          const checked = guard ? check(guard, e) : { success: true as const, data: e };
          if (!checked.success) {
            out.push(diagnostic(PROTOCOL, `a malformed "${type}" event${describeIssue(checked.error)}`));
            return out;
          }
        }
        translate(type, e, out);
      }
      const at = plausibleTime(e.timestamp);
      if (at !== undefined) for (const event of out) if (event.type !== 'diagnostic') event.at ??= at;
      return out;
    },
    end() {
      if (ended) return [];
      ended = true;
      return [closedEarly(started)];
    },
  };
}
