/**
 * Decisions on waiting calls, in each wire's own shape: Cogitator's `resume` request (HTTP body and
 * WebSocket message), the AI SDK's `addToolApprovalResponse` argument, and Anvia's
 * `interaction_response` frame. Framework-free: no React here.
 *
 * A decision for a call that is not waiting (unknown id, already decided or finished) is dropped with
 * a development warning: it never reaches the server.
 */

import type { Step, StepsState } from './step';
import { setOwn } from './values';
import { warnOnce } from './warn';

/** A person's decision on one call, with an optional reason (the model reads it on Cogitator and Anvia). */
export interface ApprovalDecision {
  approved: boolean;
  reason?: string;
}

/** A step that waits for a decision and whose wire named the approval (`approval.id` is a string). */
export type AwaitingApprovalStep = Step & {
  status: 'awaiting-approval';
  approval: NonNullable<Step['approval']> & { id: string };
};

/** Whether a step waits for a decision and carries the wire's approval id (AI SDK, Anvia). */
export function isAwaitingApproval(step: Step | undefined): step is AwaitingApprovalStep {
  return step?.status === 'awaiting-approval' && typeof step.approval?.id === 'string' && step.approval.id !== '';
}

/** The steps waiting for a decision, in order. */
export function pendingApprovals(state: StepsState): Step[] {
  const out: Step[] = [];
  for (const id of state.ids) {
    const step = state.byId[id];
    if (step?.status === 'awaiting-approval') out.push(step);
  }
  return out;
}

function decisionOf(decision: ApprovalDecision): ApprovalDecision {
  const out: ApprovalDecision = { approved: decision.approved === true };
  if (typeof decision.reason === 'string' && decision.reason.trim() !== '') out.reason = decision.reason.trim();
  return out;
}

/**
 * Whether a decision may go out for `step`: it exists and waits. Otherwise warns (development) and
 * says no, so nothing is sent for an unknown call or one that already finished.
 */
export function canDecide(step: Step | undefined, id: string, wire: string): step is Step {
  if (!step) {
    warnOnce(`a decision for the unknown call "${id}" was ignored: no step has that id`, wire);
    return false;
  }
  if (step.status !== 'awaiting-approval') {
    warnOnce(`a decision for the call "${id}" was ignored: it is ${step.status}, not awaiting approval`, wire);
    return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------- Cogitator

/** The body of Cogitator's `POST {base}/agents/:name/resume`. */
export interface CogitatorResumeBody {
  threadId: string;
  /** Per tool call id; calls without one keep the run paused (unless `defaultDecision`). */
  decisions?: Record<string, ApprovalDecision>;
  /** Answers every waiting call that has no decision of its own. */
  defaultDecision?: ApprovalDecision;
}

/** Options of `cogitatorResume`. */
export interface CogitatorResumeOptions {
  /** The server's base URL, as mounted (`https://host/cogitator`); a trailing `/` is fine. */
  base: string;
  /** The agent's name (`:name`). */
  agent: string;
  threadId: string;
  /** Decisions by tool call id (a step's `id`), or as `[step or id, decision]` pairs. */
  decisions?: Readonly<Record<string, ApprovalDecision>> | Iterable<readonly [Step | string, ApprovalDecision]>;
  defaultDecision?: ApprovalDecision;
  /** The run's state: decisions for calls that are not waiting in it are dropped with a warning. */
  state?: StepsState;
  /** Extra request headers (authorization). */
  headers?: Record<string, string>;
}

function entriesOf(decisions: CogitatorResumeOptions['decisions']): [string, ApprovalDecision][] {
  if (!decisions) return [];
  const pairs: Iterable<readonly [Step | string, ApprovalDecision]> =
    Symbol.iterator in decisions
      ? (decisions as Iterable<readonly [Step | string, ApprovalDecision]>)
      : Object.entries(decisions as Record<string, ApprovalDecision>);
  const out: [string, ApprovalDecision][] = [];
  for (const [key, decision] of pairs) out.push([typeof key === 'string' ? key : key.id, decision]);
  return out;
}

/** The resume body: decisions per call id, checked against `state` when given. */
export function cogitatorResumeBody(
  options: Omit<CogitatorResumeOptions, 'base' | 'agent' | 'headers'>,
): CogitatorResumeBody {
  const body: CogitatorResumeBody = { threadId: options.threadId };
  const decisions: Record<string, ApprovalDecision> = {};
  let any = false;
  for (const [id, decision] of entriesOf(options.decisions)) {
    if (options.state) {
      const step = Object.hasOwn(options.state.byId, id) ? options.state.byId[id] : undefined;
      if (!canDecide(step, id, 'cogitator')) continue;
    }
    setOwn(decisions, id, decisionOf(decision));
    any = true;
  }
  if (any) body.decisions = decisions;
  if (options.defaultDecision) body.defaultDecision = decisionOf(options.defaultDecision);
  return body;
}

/**
 * The request that resumes a paused Cogitator run: `fetch(...cogitatorResume(options))`. The answer
 * is the JSON run response (not a stream); its `status` says whether the run paused again.
 */
export function cogitatorResume(options: CogitatorResumeOptions): [url: string, init: RequestInit] {
  const url = `${options.base.replace(/\/+$/, '')}/agents/${encodeURIComponent(options.agent)}/resume`;
  return [
    url,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...options.headers },
      body: JSON.stringify(cogitatorResumeBody(options)),
    },
  ];
}

/** The WebSocket message that resumes a paused run: `{ type: 'resume', id, payload: { name, threadId, decisions } }`. */
export function cogitatorResumeMessage(
  id: string,
  options: Omit<CogitatorResumeOptions, 'base' | 'headers'>,
): { type: 'resume'; id: string; payload: { name: string } & CogitatorResumeBody } {
  return { type: 'resume', id, payload: { name: options.agent, ...cogitatorResumeBody(options) } };
}

// ----------------------------------------------------------------------------------------------- AI SDK

/** What `useChat`'s `addToolApprovalResponse` takes (the `ai` package's `ChatAddToolApproveResponseFunction`). */
export interface AiSdkApprovalResponse {
  id: string;
  approved: boolean;
  reason?: string;
}

/** The argument for `addToolApprovalResponse` for a waiting step; `undefined` (with a warning) for any other. */
export function aiSdkApprovalResponse(step: Step, decision: ApprovalDecision): AiSdkApprovalResponse | undefined {
  if (!canDecide(step, step?.id, 'ai-sdk')) return undefined;
  if (!isAwaitingApproval(step)) {
    warnOnce(`a decision for the call "${step.id}" was ignored: its approval has no id to answer`, 'ai-sdk');
    return undefined;
  }
  return { id: step.approval.id, ...decisionOf(decision) };
}

/**
 * `onApprove` / `onDeny` for `<ToolSteps>` that answer through the AI SDK's `useChat`:
 * `<ToolSteps {...aiSdkApprovals(addToolApprovalResponse)} />`. No guard on `approval.id` needed.
 */
export function aiSdkApprovals(
  addToolApprovalResponse: (response: AiSdkApprovalResponse) => unknown,
): ApprovalHandlers {
  const answer = (approved: boolean) => (step: Step, decision?: { reason?: string }) => {
    const response = aiSdkApprovalResponse(step, { approved, ...decision });
    if (response) void addToolApprovalResponse(response);
  };
  return { onApprove: answer(true), onDeny: answer(false) };
}

/** `onApprove` and `onDeny`, as `<ToolSteps>` takes them. */
export interface ApprovalHandlers {
  onApprove: (step: Step, decision?: { reason?: string }) => void;
  onDeny: (step: Step, decision?: { reason?: string }) => void;
}

// ------------------------------------------------------------------------------------------------ Anvia

/** Anvia's client request that answers a tool approval (`anvia.client.v3`). */
export interface AnviaInteractionResponse {
  type: 'interaction_response';
  interactionId: string;
  response: { type: 'tool-approval'; approved: boolean; reason?: string };
  metadata?: unknown;
  resume?: { streamId: string; after: number };
}

/**
 * The `interaction_response` request for a waiting step (its `approval.id` is the interaction id);
 * `undefined` (with a warning) for a step that does not wait.
 */
export function anviaInteractionResponse(
  step: Step,
  decision: ApprovalDecision,
  extra?: Pick<AnviaInteractionResponse, 'metadata' | 'resume'>,
): AnviaInteractionResponse | undefined {
  if (!canDecide(step, step?.id, 'anvia')) return undefined;
  if (!isAwaitingApproval(step)) {
    warnOnce(`a decision for the call "${step.id}" was ignored: its approval has no interaction id`, 'anvia');
    return undefined;
  }
  return {
    type: 'interaction_response',
    interactionId: step.approval.id,
    response: { type: 'tool-approval', ...decisionOf(decision) },
    ...extra,
  };
}
