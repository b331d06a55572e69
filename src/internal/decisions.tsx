'use client';

/**
 * Decisions a person made here that the wire has not confirmed yet, shared by every part that shows
 * the step (the header's status, the approval card, the list's "Approve all"), so they agree at once.
 * One scope per list (`<ToolSteps>`) or lone row (`<ToolStep>`), so two runs that reuse a call id
 * never share a decision. An entry counts only while its step still awaits approval.
 */
import { createContext, type ReactNode, useContext, useState, useSyncExternalStore } from 'react';
import type { Step } from 'tool-steps/core';
import { warnOnce } from '../core/warn';
import { inputDigest } from '../presentation/derived/approval';

/** A decision made here: approved or not, the reason typed with it, and the digest of the arguments seen. */
export interface LocalDecision {
  approved: boolean;
  reason?: string;
  /** `inputDigest` of the arguments the person saw when deciding (the card's decisions carry one). */
  inputDigest?: string;
}

/** What a host's `onApprove` / `onDeny` gets with the step. */
export interface DecisionDetails {
  reason?: string;
  inputDigest?: string;
}

/** Where a list's (or a row's) decisions are kept. */
export interface DecisionScope {
  get(step: Step): LocalDecision | undefined;
  set(step: Step, decision: LocalDecision): void;
  /** Drops the decision of a step that moved on (the wire's own state says what happened). */
  forget(step: Step): void;
  /** Takes back a decision whose handler failed: the step waits again, whatever its status. */
  withdraw(step: Step): void;
  /**
   * The id of another call that showed the same approval id first, else `undefined` (and this call
   * holds the id from now on): one approval id on two calls cannot be told apart by the app.
   */
  holderOf(step: Step): string | undefined;
  subscribe(listener: () => void): () => void;
  version(): number;
}

const MAX = 1000;

/**
 * A scope keyed by call and approval id (it survives a new snapshot of a still-waiting step), or, for
 * parts drawn alone with no list or row around them, by the step object itself.
 */
export function createDecisionScope(byObject = false): DecisionScope {
  const byKey = new Map<string, LocalDecision>();
  const byStep = new WeakMap<Step, LocalDecision>();
  const holders = new Map<string, string>();
  const listeners = new Set<() => void>();
  let version = 0;
  const keyOf = (step: Step) => `${step.id}\u0000${step.approval?.id ?? ''}`;
  const notify = () => {
    version++;
    for (const listener of listeners) listener();
  };
  return {
    get: (step) =>
      step.status !== 'awaiting-approval' ? undefined : byObject ? byStep.get(step) : byKey.get(keyOf(step)),
    set(step, decision) {
      if (byObject) byStep.set(step, decision);
      else {
        if (byKey.size >= MAX) byKey.delete(byKey.keys().next().value as string);
        byKey.set(keyOf(step), decision);
      }
      notify();
    },
    forget(step) {
      if (step.status !== 'awaiting-approval' && !byObject && byKey.delete(keyOf(step))) notify();
    },
    withdraw(step) {
      if (byObject ? byStep.delete(step) : byKey.delete(keyOf(step))) notify();
    },
    holderOf(step) {
      const approvalId = step.approval?.id;
      if (typeof approvalId !== 'string' || approvalId === '') return undefined;
      const holder = holders.get(approvalId);
      if (holder === undefined) {
        if (holders.size >= MAX) holders.delete(holders.keys().next().value as string);
        holders.set(approvalId, step.id);
        return undefined;
      }
      return holder === step.id ? undefined : holder;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}

/** One press of "Approve" or "Deny", from the card, a lone button or "Approve all". */
export interface Press {
  scope: DecisionScope;
  step: Step;
  approved: boolean;
  /** The host's `onApprove` / `onDeny`; without one nothing is decided. */
  handler: ((step: Step, decision: DecisionDetails) => void) | undefined;
  /** The reason typed with it (trimmed; an empty one is none). */
  reason?: string;
  /**
   * `inputDigest` of the arguments on screen, from a part that shows them (the card): a press whose
   * step's arguments no longer match is not sent, and the decision carries the digest.
   */
  shown?: string;
}

/**
 * Every press decides through here: a step that no longer waits is ignored (with a development
 * warning), a step already decided here is not decided again (a double press, the bar and a card in
 * one event), arguments that changed after they were shown are not sent; then the decision is
 * recorded (every part shows it at once) and handed to the host's handler with `{ reason,
 * inputDigest }` (each only when there is one: `{}` from a bare button). A handler that throws takes
 * it back, so the call still waits with its buttons, and the error goes on to the caller (React
 * reports it). Returns whether the decision was sent.
 */
export function decide({ scope, step, approved, handler, reason, shown }: Press): boolean {
  if (step.status !== 'awaiting-approval') {
    warnOnce(`a decision for the call "${step.id}" was ignored: it is ${step.status}, not awaiting approval`);
    return false;
  }
  if (!handler || scope.get(step)) return false;
  const decision: LocalDecision = { approved };
  if (shown !== undefined) {
    const now = inputDigest(step);
    if (now !== shown) {
      warnOnce(`a decision for the call "${step.id}" was not sent: its arguments changed after they were shown`);
      return false;
    }
    decision.inputDigest = now;
  }
  const trimmed = reason?.trim();
  if (trimmed) decision.reason = trimmed;
  scope.set(step, decision);
  const details: DecisionDetails = {};
  if (decision.reason !== undefined) details.reason = decision.reason;
  if (decision.inputDigest !== undefined) details.inputDigest = decision.inputDigest;
  try {
    handler(step, details);
  } catch (error) {
    scope.withdraw(step);
    throw error;
  }
  return true;
}

const loose = createDecisionScope(true);
const DecisionScopeContext = createContext<DecisionScope>(loose);
DecisionScopeContext.displayName = 'ToolStepsDecisionScopeContext';

/** Gives the parts inside one scope of decisions, unless a list or row around already does. */
export function DecisionScopeProvider({ children }: { children?: ReactNode }) {
  const outer = useContext(DecisionScopeContext);
  const [own] = useState(createDecisionScope);
  if (outer !== loose) return <>{children}</>;
  return <DecisionScopeContext.Provider value={own}>{children}</DecisionScopeContext.Provider>;
}

/** The decisions scope the part is in. */
export function useDecisionScope(): DecisionScope {
  return useContext(DecisionScopeContext);
}

const idle = () => () => {};

/**
 * The decision made here on a step that still awaits approval, re-rendering when it changes. Only
 * waiting steps listen, and a part re-renders only when its own step's decision changed.
 */
export function useLocalDecision(step: Step): LocalDecision | undefined {
  const scope = useContext(DecisionScopeContext);
  const get = () => scope.get(step);
  return useSyncExternalStore(step.status === 'awaiting-approval' ? scope.subscribe : idle, get, get);
}

/** Re-renders when any decision in the scope is recorded (for parts that count them). */
export function useDecisionsVersion(): number {
  const scope = useContext(DecisionScopeContext);
  return useSyncExternalStore(scope.subscribe, scope.version, scope.version);
}
