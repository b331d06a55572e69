/**
 * The reducer's table: one small handler per event type, each reading and writing the batch's draft.
 */
import type { StepEventOf, StepEventType } from '../events';
import {
  isTerminalStatus,
  type RunError,
  type RunStatus,
  type Step,
  type StepApproval,
  type StepStatus,
  type StepsState,
} from '../step';
import type { Draft } from './draft';
import { closeOpenSegments, reasoningHandlers } from './reasoning';

export type Handler<K extends StepEventType> = (draft: Draft, event: StepEventOf<K>, now: number | undefined) => void;
/** One handler per event type: adding an event to the union fails to compile until it is handled here. */
type HandlerTable = { [K in StepEventType]: Handler<K> };

function newStep(id: string, toolName: string | undefined, status: StepStatus, at: number | undefined): Step {
  const step: Step = { id, toolName: toolName ?? '', status, inputText: '' };
  if (at !== undefined) step.startedAt = at;
  return step;
}

/** Fills in the tool name when the step does not know it yet. */
function named(step: Step, toolName: string | undefined): Step {
  return toolName && !step.toolName ? { ...step, toolName } : step;
}

function ended(step: Step, status: StepStatus, at: number | undefined): Step {
  const next: Step = { ...step, status };
  if (at !== undefined && (next.endedAt === undefined || step.status === 'interrupted')) next.endedAt = at;
  // A call that ends while it waits (a continued run's result, without the decision) was answered by then.
  if (step.status === 'awaiting-approval' && step.approval && step.approval.answeredAt === undefined) {
    next.approval = answered(step.approval, at);
  }
  return next;
}

/** The approval with the time it was answered, when it was asked for (a decision alone waited for nothing). */
function answered(approval: StepApproval, at: number | undefined): StepApproval {
  return at !== undefined && approval.requestedAt !== undefined ? { ...approval, answeredAt: at } : approval;
}

/** An interrupted (or not yet running) step runs again: it has no end time until it really ends. */
function resumed(step: Step): Step {
  const { endedAt: _interruptedAt, ...rest } = step;
  return { ...rest, status: 'running' };
}

/**
 * The step an event is about; made when the wire never announced it (a result without a start, a
 * resumed run). Returns `undefined`, with a diagnostic, when the step is terminal and so must not move.
 */
function openStep(
  draft: Draft,
  event: { id: string; type: string; toolName?: string; at?: number },
  statusIfNew: StepStatus,
): Step | undefined {
  const existing = draft.get(event.id);
  if (!existing) return newStep(event.id, event.toolName, statusIfNew, event.at);
  if (isTerminalStatus(existing.status)) {
    draft.diagnose(`"${event.type}" for step "${event.id}" arrived after it ended (${existing.status}); dropped`);
    return undefined;
  }
  return named(existing, event.toolName);
}

/** The arguments are final: parse what streamed, if the event did not bring them. */
function withFinalInput(draft: Draft, step: Step): Step {
  if (step.status === 'input-streaming' && step.inputText !== '') draft.parseLater(step.id);
  return step;
}

/** Ends every open step of the run: `interrupted`, or `awaiting-approval` when the run paused. */
function closeOpenSteps(draft: Draft, to: StepStatus, at: number | undefined, keepOpen?: readonly string[]): void {
  const keep = keepOpen && keepOpen.length > 0 ? new Set(keepOpen) : undefined;
  for (let place = 0, count = draft.stepCount(); place < count; place++) {
    const id = draft.idAt(place) as string;
    const step = draft.get(id);
    if (!step || (step.status !== 'input-streaming' && step.status !== 'running') || keep?.has(id)) continue;
    if (step.status === 'input-streaming') draft.parseLater(id);
    draft.set(to === 'interrupted' ? ended(step, to, at) : { ...step, status: to });
  }
}

export const handlers: HandlerTable = {
  'step-start'(draft, e) {
    const existing = draft.get(e.id);
    if (!existing) {
      const step = newStep(e.id, e.toolName, 'input-streaming', e.at);
      if (e.parentId) step.parentId = e.parentId;
      if (e.presentation) step.presentation = e.presentation;
      draft.set(step);
      return;
    }
    if (isTerminalStatus(existing.status)) {
      // A start after the end would rename or re-parent a finished step: late, like any other late event.
      draft.diagnose(`"step-start" for step "${e.id}" arrived after it ended (${existing.status}); dropped`);
      return;
    }
    let next = named(existing, e.toolName);
    if (existing.toolName && e.toolName && existing.toolName !== e.toolName) {
      draft.diagnose(`step "${e.id}" was started again as "${e.toolName}"; it stays "${existing.toolName}"`);
    }
    if (e.parentId && !next.parentId) next = { ...next, parentId: e.parentId };
    if (e.presentation) next = { ...next, presentation: e.presentation };
    if (next !== existing) draft.set(next);
  },

  'step-input-delta'(draft, e) {
    const existing = draft.get(e.id);
    const step = existing ?? newStep(e.id, undefined, 'input-streaming', e.at);
    if (step.status !== 'input-streaming') {
      draft.diagnose(`argument text for step "${e.id}" arrived after its arguments were complete; dropped`);
      return;
    }
    const inputText = e.replace ? e.delta : step.inputText + e.delta;
    // The second delta of a batch appends to the copy the first one made, instead of copying again.
    if (existing && draft.owns(existing)) existing.inputText = inputText;
    else draft.set({ ...step, inputText });
    draft.parseLater(e.id, e.replace === true);
  },

  'step-input'(draft, e) {
    const step = openStep(draft, e, 'input-streaming');
    if (!step) return;
    let next = step;
    if ('input' in e && e.input !== undefined) {
      next = { ...next, input: e.input };
      draft.parseNotNeeded(e.id);
    } else {
      withFinalInput(draft, next);
    }
    if (next.status === 'input-streaming' || next.status === 'interrupted') next = resumed(next);
    if (next !== draft.get(e.id)) draft.set(next);
  },

  'step-progress'(draft, e) {
    const step = openStep(draft, e, 'running');
    if (!step) return;
    const prev = step.progress;
    const progress = {
      content: e.content !== undefined ? e.content : prev?.content,
      details: e.details !== undefined ? e.details : prev?.details,
      count: (prev?.count ?? 0) + 1,
    };
    // The second update of a batch to a running step changes the copy the first one made.
    if (step.status === 'running' && !e.presentation && step === draft.get(e.id) && draft.owns(step)) {
      step.progress = progress;
      return;
    }
    const next: Step = { ...withFinalInput(draft, step), progress };
    if (e.presentation) next.presentation = e.presentation;
    draft.set(next.status === 'input-streaming' || next.status === 'interrupted' ? resumed(next) : next);
  },

  'step-approval'(draft, e) {
    const step = openStep(draft, e, 'awaiting-approval');
    if (!step) return;
    const approval = { ...step.approval };
    if (e.at !== undefined && approval.requestedAt === undefined) approval.requestedAt = e.at;
    if (e.approvalId !== undefined) approval.id = e.approvalId;
    if (e.description !== undefined) approval.description = e.description;
    if (e.sideEffects !== undefined) approval.sideEffects = e.sideEffects;
    const base = step.status === 'interrupted' ? resumed(step) : step;
    const next: Step = { ...withFinalInput(draft, base), status: 'awaiting-approval', approval };
    if (e.input !== undefined) {
      next.input = e.input;
      draft.parseNotNeeded(e.id);
    }
    draft.set(next);
  },

  'step-decision'(draft, e) {
    const step = draft.get(e.id);
    if (!step) {
      draft.diagnose(`a decision for unknown step "${e.id}"; dropped`);
      return;
    }
    if (isTerminalStatus(step.status)) {
      draft.diagnose(`a decision for step "${e.id}" arrived after it ended (${step.status}); dropped`);
      return;
    }
    const decision = e.reason !== undefined ? { approved: e.approved, reason: e.reason } : { approved: e.approved };
    const next: Step = { ...step, approval: answered({ ...step.approval, decision }, e.at) };
    if (!e.approved) draft.set(ended(next, 'denied', e.at));
    else draft.set(next.status === 'awaiting-approval' ? { ...next, status: 'running' } : next);
  },

  'step-result'(draft, e) {
    const step = openStep(draft, e, 'running');
    if (!step) return;
    const next = ended(withFinalInput(draft, step), 'succeeded', e.at);
    if (e.result !== undefined) next.result = e.result;
    if (e.details !== undefined) next.details = e.details;
    if (e.presentation) next.presentation = e.presentation;
    draft.set(next);
  },

  'step-error'(draft, e) {
    const step = openStep(draft, e, 'running');
    if (!step) return;
    const next = ended(withFinalInput(draft, step), 'failed', e.at);
    next.error = e.code !== undefined ? { message: e.message, code: e.code } : { message: e.message };
    if (e.result !== undefined) next.result = e.result;
    if (e.details !== undefined) next.details = e.details;
    if (e.presentation) next.presentation = e.presentation;
    draft.set(next);
  },

  'step-denied'(draft, e) {
    // A local Deny followed by the server's own denial is one decision, not an anomaly.
    if (draft.get(e.id)?.status === 'denied') return;
    const step = openStep(draft, e, 'awaiting-approval');
    if (!step) return;
    const next = ended(withFinalInput(draft, step), 'denied', e.at);
    if (!step.approval?.decision) {
      next.approval = answered(
        {
          ...step.approval,
          decision: e.reason !== undefined ? { approved: false, reason: e.reason } : { approved: false },
        },
        e.at,
      );
    }
    draft.set(next);
  },

  'step-cancelled'(draft, e) {
    const step = draft.get(e.id);
    if (!step) {
      draft.diagnose(`a cancel for unknown step "${e.id}"; dropped`);
      return;
    }
    if (isTerminalStatus(step.status)) return; // cancelling what already ended is a no-op, not an anomaly
    draft.set(ended(withFinalInput(draft, step), 'cancelled', e.at));
  },

  ...reasoningHandlers,

  'run-start'(draft) {
    setRun(draft, 'streaming');
  },

  'run-finish'(draft, e) {
    if (e.status === 'paused') {
      closeOpenSteps(draft, 'awaiting-approval', e.at, e.keepOpen);
      setRun(draft, 'paused');
    } else {
      closeOpenSteps(draft, 'interrupted', e.at, e.keepOpen);
      setRun(draft, 'done');
    }
    closeOpenSegments(draft, 'done', e.at);
  },

  'run-error'(draft, e) {
    closeOpenSteps(draft, 'interrupted', e.at);
    closeOpenSegments(draft, 'interrupted', e.at);
    const error: RunError = { message: e.message };
    if (e.code !== undefined) error.code = e.code;
    if (e.status !== undefined) error.status = e.status;
    draft.setRun({ status: 'error', error });
  },

  'run-abort'(draft, e) {
    const status = draft.runState.status;
    // An abort after the run already ended (the connection closing after `finish`) changes nothing.
    if (status === 'done' || status === 'error' || status === 'paused') return;
    closeOpenSteps(draft, 'interrupted', e.at);
    closeOpenSegments(draft, 'interrupted', e.at);
    // The first reason says what happened (a cut frame, an empty body); a later abort of the same run keeps it.
    const run = draft.runState;
    if (status === 'interrupted' && (run.reason !== undefined || run.reasonCode !== undefined)) return;
    if (status !== 'interrupted' || e.reason !== undefined || e.code !== undefined) {
      const next: StepsState['run'] = { status: 'interrupted' };
      if (e.reason !== undefined) next.reason = e.reason;
      if (e.code !== undefined) next.reasonCode = e.code;
      draft.setRun(next);
    }
  },

  diagnostic(draft, e) {
    draft.diagnose(e.reason, e.protocol);
  },
};

function setRun(draft: Draft, status: RunStatus): void {
  const run = draft.runState;
  if (run.status !== status || run.error) draft.setRun({ status });
}
