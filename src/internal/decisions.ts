/**
 * Decisions a person made here that the wire has not confirmed yet, shared by every part that shows
 * the step (the header's status, the approval card, the list's "Approve all"), so they agree at once.
 * Keyed by call id and approval id; an entry counts only while its step still awaits approval, and is
 * dropped once the step moved on.
 */
import { useSyncExternalStore } from 'react';
import type { Step } from '../core';

/** A decision made here: approved or not, and the reason typed with it. */
export interface LocalDecision {
  approved: boolean;
  reason?: string;
}

const decisions = new Map<string, LocalDecision>();
const listeners = new Set<() => void>();
let version = 0;
const MAX = 1000;

const keyOf = (step: Step) => `${step.id}\u0000${step.approval?.id ?? ''}`;

function notify(): void {
  version++;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Records a decision on a waiting step (all parts showing it re-render). */
export function recordDecision(step: Step, decision: LocalDecision): void {
  if (decisions.size >= MAX) decisions.delete(decisions.keys().next().value as string);
  decisions.set(keyOf(step), decision);
  notify();
}

/** The decision made here on a step that still awaits approval, if any. */
export function localDecisionOf(step: Step): LocalDecision | undefined {
  if (step.status !== 'awaiting-approval') return undefined;
  return decisions.get(keyOf(step));
}

/** Forgets a step's decision (it moved on: the wire's own state says what happened). */
export function forgetDecision(step: Step): void {
  if (step.status !== 'awaiting-approval' && decisions.delete(keyOf(step))) notify();
}

const idle = () => () => {};

/**
 * `localDecisionOf(step)`, re-rendering when it changes. Only waiting steps listen, and a part
 * re-renders only when its own step's decision changed.
 */
export function useLocalDecision(step: Step): LocalDecision | undefined {
  const get = () => localDecisionOf(step);
  return useSyncExternalStore(step.status === 'awaiting-approval' ? subscribe : idle, get, get);
}

const getVersion = () => version;

/** Re-renders when any decision is recorded (for parts that count them). */
export function useDecisionsVersion(): number {
  return useSyncExternalStore(subscribe, getVersion, getVersion);
}
