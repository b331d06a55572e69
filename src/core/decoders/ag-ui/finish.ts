/**
 * The end of an AG-UI run for the AG-UI decoder: `RUN_FINISHED`'s outcome to the calls' and the run's end.
 * An interrupt naming a call asks for its approval and pauses the run; a cancelled run cancels its open
 * calls; a successful one keeps its frontend calls running (`pendingToolCallIds`, else every call of the
 * run without a result, as the reference derives it), except the calls a suspended sub-agent holds: they
 * wait, and the run ends paused (see ARCHITECTURE.md, AG-UI).
 */
import type { StepEvent } from '../../events';
import { isRecord } from '../../values';
import { REJECTS } from './checks';

/** What the end of a run reads of a call (`open`: arguments streaming; `running`; `ended`: it has its outcome). */
export interface RunCall {
  state: 'open' | 'running' | 'ended';
  name: string;
}

/** What the end of a run reads and changes of the decoder's calls. */
export interface FinishingRun {
  /** Every call of the stream by id; an interrupt naming a call never seen adds it. */
  readonly calls: Map<string, RunCall>;
  /** The calls started in this run, in order. */
  readonly runCalls: readonly string[];
  /** Calls a `CUSTOM` approval request holds: the run that ends with one pauses. */
  readonly awaiting: ReadonlySet<string>;
  /** Calls a suspended sub-agent holds (its run id by call): the run that ends with one pauses. */
  readonly waiting: ReadonlyMap<string, string>;
  /** Reports a kind of reason once per stream. */
  once(key: string, reason: string, out: StepEvent[]): void;
}

/** Reads `RUN_FINISHED` (checked: `outcome` is any value) into the calls' ends and `run-finish`. */
export function finishRun(e: Record<string, unknown>, run: FinishingRun, out: StepEvent[]): void {
  const outcome = isRecord(e.outcome) ? e.outcome : undefined;
  const open = run.runCalls.filter((id) => run.calls.get(id)?.state !== 'ended');
  const streaming = open.filter((id) => run.calls.get(id)?.state === 'open');
  if (streaming.length > 0) {
    run.once(
      'finish-open',
      `"RUN_FINISHED" with call "${streaming[0]}" still streaming its arguments${REJECTS}; it ends interrupted`,
      out,
    );
  }
  // Interrupts that name no call (a graph node asking a question) have no step to show on.
  const interrupts = outcome?.type === 'interrupt' ? outcome.interrupts : [];
  if (Array.isArray(interrupts) && interrupts.length > 0) {
    for (const interrupt of interrupts) {
      if (!isRecord(interrupt) || typeof interrupt.toolCallId !== 'string' || interrupt.toolCallId === '') continue;
      const id = interrupt.toolCallId;
      const approval: StepEvent = { type: 'step-approval', id };
      if (typeof interrupt.id === 'string') approval.approvalId = interrupt.id;
      const description = typeof interrupt.message === 'string' ? interrupt.message : interrupt.reason;
      if (typeof description === 'string') approval.description = description;
      if (!run.calls.has(id)) run.calls.set(id, { state: 'running', name: '' });
      out.push(approval);
    }
    out.push({ type: 'run-finish', status: 'paused' });
    return;
  }
  if (outcome?.type === 'cancelled') {
    for (const id of open) {
      out.push({ type: 'step-cancelled', id, reason: 'The run was cancelled.' });
      (run.calls.get(id) as RunCall).state = 'ended';
    }
    out.push({ type: 'run-finish', status: 'done' });
    return;
  }
  // Frontend tools: the client runs them after the run ends, so they stay running. The producer's
  // list wins; without one, every call of this run that got no result (as the reference derives it).
  const given = Array.isArray(outcome?.pendingToolCallIds)
    ? outcome.pendingToolCallIds.filter((id): id is string => typeof id === 'string')
    : [];
  const keepOpen = (given.length > 0 ? given : open).filter((id) => run.calls.get(id)?.state === 'running');
  // A call a `CUSTOM` approval request holds makes the run wait for the decision; a suspended sub-agent's
  // calls wait for its input. Neither is a frontend call the app answers.
  const held = [...run.waiting.keys()].filter((id) => run.calls.get(id)?.state !== 'ended');
  if (held.length > 0) {
    run.once(
      'finish-suspended',
      `"RUN_FINISHED" without an interrupt while sub-agent run "${run.waiting.get(held[0] as string)}" is suspended; its calls wait (the run ends paused)`,
      out,
    );
  }
  if (held.length > 0 || open.some((id) => run.awaiting.has(id))) {
    out.push({
      type: 'run-finish',
      status: 'paused',
      keepOpen: keepOpen.filter((id) => !run.awaiting.has(id) && !run.waiting.has(id)),
    });
    return;
  }
  out.push(
    keepOpen.length > 0 ? { type: 'run-finish', status: 'done', keepOpen } : { type: 'run-finish', status: 'done' },
  );
}
