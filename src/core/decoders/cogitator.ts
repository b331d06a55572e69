/**
 * Cogitator's SSE stream (`POST /agents/:name/stream`): one JSON event per `data:` line.
 * Tool calls are keyed by their call id: `tool-call-start.id` and
 * `tool-result.toolCallId` (a result's own `id` is a `res_…` id, never a call id).
 */
import {
  array,
  type Check,
  check,
  isId,
  isNullishText,
  isText,
  nonEmpty,
  nullish,
  object,
  optional,
  string,
  unknown,
} from '../check';
import { checkPresentation } from '../event-check';
import type { StepEvent } from '../events';
import type { ToolPresentation } from '../step';
import { closedEarly, describeIssue, diagnostic, parseFrame, type StepDecoder } from './types';

const str = optional(string);
const presentation = optional(checkPresentation);
const pendingApproval = object(
  { toolCallId: nonEmpty, toolName: str, arguments: unknown, description: str, sideEffects: optional(array(string)) },
  true,
);

/** The check of each event type (unknown keys pass through; test/core/oracles/cogitator.ts is its oracle). */
const checks: { readonly [T in CogitatorType]: Check } = {
  'tool-call-start': object({ id: nonEmpty, toolName: string }, true),
  'tool-call-delta': object({ id: nonEmpty, argsTextDelta: string }, true),
  'tool-call-end': object({ id: nonEmpty }, true),
  'tool-update': object(
    { toolCallId: nonEmpty, content: unknown, details: unknown, presentation, arguments: unknown },
    true,
  ),
  'tool-result': object(
    {
      toolCallId: nonEmpty,
      result: unknown,
      details: unknown,
      presentation,
      error: nullish(string),
      errorCode: nullish(string),
    },
    true,
  ),
  'approval-required': object({ approvals: array(pendingApproval) }, true),
  error: object({ message: str, code: nullish(string) }, true),
  finish: object({ status: str, pendingApprovals: optional(array(pendingApproval)) }, true),
  start: object({ messageId: str }, true),
  'reasoning-start': object({ id: nonEmpty }, true),
  'reasoning-delta': object({ id: nonEmpty, delta: string }, true),
  'reasoning-end': object({ id: nonEmpty }, true),
};

/** For tests: the check of each event type. */
export const cogitatorChecks: Readonly<Record<string, Check>> = checks;

/**
 * The frames of a call, tested without the generic check: `true` only where `checks` keeps the frame as
 * it is (a `presentation` goes to the full check, which drops its unknown keys). These come once per
 * argument fragment or progress update: the decoder's hot path. test/core/check.test.ts holds each to
 * its check.
 */
const fast: Readonly<Record<string, (e: Record<string, unknown>) => boolean>> = {
  'tool-call-start': (e) => isId(e.id) && isText(e.toolName),
  'tool-call-delta': (e) => isId(e.id) && isText(e.argsTextDelta),
  'tool-call-end': (e) => isId(e.id),
  'tool-update': (e) => isId(e.toolCallId) && e.presentation === undefined,
  'tool-result': (e) =>
    isId(e.toolCallId) && e.presentation === undefined && isNullishText(e.error) && isNullishText(e.errorCode),
  'reasoning-delta': (e) => isId(e.id) && isText(e.delta),
};

/** For tests: the fast tests of the frames of a call. */
export const cogitatorFastChecks: Readonly<Record<string, (e: Record<string, unknown>) => boolean>> = fast;

/** One pending approval (`approval-required.approvals[]`, `finish.pendingApprovals[]`). */
interface CogitatorPendingApproval {
  toolCallId: string;
  toolName?: string;
  arguments?: unknown;
  description?: string;
  sideEffects?: string[];
}
/** The Cogitator events the decoder reads, as `checks` passes them. */
interface CogitatorEvents {
  'tool-call-start': { id: string; toolName: string };
  'tool-call-delta': { id: string; argsTextDelta: string };
  'tool-call-end': { id: string };
  'tool-update': {
    toolCallId: string;
    content?: unknown;
    details?: unknown;
    presentation?: ToolPresentation;
    arguments?: unknown;
  };
  'tool-result': {
    toolCallId: string;
    result?: unknown;
    details?: unknown;
    presentation?: ToolPresentation;
    error?: string | null;
    errorCode?: string | null;
  };
  'approval-required': { approvals: CogitatorPendingApproval[] };
  error: { message?: string; code?: string | null };
  finish: { status?: string; pendingApprovals?: CogitatorPendingApproval[] };
  start: { messageId?: string };
  'reasoning-start': { id: string };
  'reasoning-delta': { id: string; delta: string };
  'reasoning-end': { id: string };
}
type CogitatorType = keyof CogitatorEvents;
type Cog<T extends CogitatorType> = CogitatorEvents[T];

/** Events read and deliberately ignored: text parts, other routes' events. */
const IGNORED = new Set(['text-start', 'text-delta', 'text-end', 'workflow', 'swarm']);

function approvalEvents(approvals: readonly CogitatorPendingApproval[]): StepEvent[] {
  return approvals.map((a) => {
    const event: StepEvent = { type: 'step-approval', id: a.toolCallId };
    if (a.toolName) event.toolName = a.toolName;
    if (a.arguments !== undefined) event.input = a.arguments;
    if (a.description) event.description = a.description;
    if (a.sideEffects) event.sideEffects = a.sideEffects;
    return event;
  });
}

const translate: { [T in CogitatorType]: (e: Cog<T>) => StepEvent[] } = {
  start: (e) => [e.messageId ? { type: 'run-start', runId: e.messageId } : { type: 'run-start' }],
  'tool-call-start': (e) => [{ type: 'step-start', id: e.id, toolName: e.toolName }],
  'tool-call-delta': (e) =>
    e.argsTextDelta === '' ? [] : [{ type: 'step-input-delta', id: e.id, delta: e.argsTextDelta }],
  'tool-call-end': (e) => [{ type: 'step-input', id: e.id }],
  'tool-update'(e) {
    const out: StepEvent[] = [];
    if (e.arguments !== undefined) out.push({ type: 'step-input', id: e.toolCallId, input: e.arguments });
    if (e.content !== undefined || e.details !== undefined || e.presentation || e.arguments === undefined) {
      const progress: StepEvent = { type: 'step-progress', id: e.toolCallId };
      if (e.content !== undefined) progress.content = e.content;
      if (e.details !== undefined) progress.details = e.details;
      if (e.presentation) progress.presentation = e.presentation;
      out.push(progress);
    }
    return out;
  },
  'tool-result'(e) {
    if (typeof e.error === 'string') {
      const failed: StepEvent = { type: 'step-error', id: e.toolCallId, message: e.error };
      if (e.errorCode) failed.code = e.errorCode;
      if (e.result !== undefined && e.result !== null) failed.result = e.result;
      if (e.details !== undefined) failed.details = e.details;
      if (e.presentation) failed.presentation = e.presentation;
      return [failed];
    }
    const done: StepEvent = { type: 'step-result', id: e.toolCallId };
    if (e.result !== undefined) done.result = e.result;
    if (e.details !== undefined) done.details = e.details;
    if (e.presentation) done.presentation = e.presentation;
    return [done];
  },
  'approval-required': (e) => approvalEvents(e.approvals),
  error: (e) => [
    e.code
      ? { type: 'run-error', message: e.message || 'The agent reported an error', code: e.code }
      : { type: 'run-error', message: e.message || 'The agent reported an error' },
  ],
  finish: (e) => [
    ...approvalEvents(e.pendingApprovals ?? []),
    { type: 'run-finish', status: e.status === 'paused' ? 'paused' : 'done' },
  ],
  // a reasoning part is a segment of the same id (`rsn_…`, unique per part)
  'reasoning-start': (e) => [{ type: 'reasoning-start', id: e.id }],
  'reasoning-delta': (e) => (e.delta === '' ? [] : [{ type: 'reasoning-delta', id: e.id, delta: e.delta }]),
  'reasoning-end': (e) => [{ type: 'reasoning-end', id: e.id }],
};

/**
 * Older servers and docs wrote `tool_call_start`, `name` and `callId`; read them
 * as the current names.
 */
function normalize(raw: Record<string, unknown>): Record<string, unknown> {
  // Today's frames (all but a few) need nothing: no regular expression runs on them.
  if (raw.name === undefined && raw.callId === undefined && (typeof raw.type !== 'string' || !raw.type.includes('_')))
    return raw;
  const type = typeof raw.type === 'string' ? raw.type.replace(/_/g, '-') : raw.type;
  if (type === raw.type && !('name' in raw && !('toolName' in raw)) && !('callId' in raw && !('toolCallId' in raw))) {
    return raw;
  }
  const out: Record<string, unknown> = { ...raw, type };
  if (out.toolName === undefined && typeof out.name === 'string') out.toolName = out.name;
  if (out.toolCallId === undefined && typeof out.callId === 'string') out.toolCallId = out.callId;
  if (out.id === undefined && typeof out.callId === 'string') out.id = out.callId;
  return out;
}

/** Makes a decoder for one Cogitator stream. */
export function cogitator(): StepDecoder {
  let ended = false;
  let started = false;
  return {
    protocol: 'cogitator',
    push(frame) {
      const parsed = parseFrame('cogitator', frame);
      if (parsed.ok === 'skip') return [];
      if (parsed.ok === false) return [parsed.event];
      const raw = parsed.value;
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
        return [diagnostic('cogitator', 'a frame that is not a JSON object')];
      }
      const event = normalize(raw as Record<string, unknown>);
      const type = event.type;
      if (typeof type !== 'string') return [diagnostic('cogitator', 'an event without a "type"')];
      if (IGNORED.has(type)) return [];
      if (!Object.hasOwn(checks, type)) {
        return [diagnostic('cogitator', `an event of unknown type "${type}"; ignored`)];
      }
      let data: unknown = event;
      if (fast[type]?.(event) !== true) {
        const checked = check(checks[type as CogitatorType], event);
        if (!checked.success) {
          return [diagnostic('cogitator', `a malformed "${type}" event${describeIssue(checked.error)}`)];
        }
        data = checked.data;
      }
      if (type === 'start') started = true;
      if (type === 'finish' || type === 'error') ended = true;
      return (translate[type as CogitatorType] as (e: unknown) => StepEvent[])(data);
    },
    end() {
      if (ended) return [];
      ended = true;
      return [closedEarly(started)];
    },
  };
}
