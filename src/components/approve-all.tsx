'use client';

import { type ComponentPropsWithoutRef, forwardRef, type MouseEvent, useCallback, useId, useMemo } from 'react';
import type { Step, StepStore, StepsState } from '../core';
import { pendingApprovals } from '../core/approvals';
import { decideHere, useDecisionScope, useDecisionsVersion } from '../internal/decisions';
import { drawPart, type RenderProp } from '../internal/render';
import { useSteps } from '../react/use-steps';
import { useToolStepsOptions } from './context';
import { useToolStepsLabels } from './labels';

/** What a `render` function of `ToolStepsApproveAll` receives besides the props. */
export interface ToolStepsApproveAllState {
  /** The calls still waiting for a decision made here. */
  steps: readonly Step[];
}

/** Props of `ToolStepsApproveAll`. */
export interface ToolStepsApproveAllProps extends ComponentPropsWithoutRef<'div'> {
  /** The list's store (or its `state`). */
  store?: StepStore;
  state?: StepsState;
  /** Shown from this many waiting calls on. @default 2 */
  min?: number;
  /** Swaps the element: `render={<section />}` or `(props, state) => element`. */
  render?: RenderProp<ToolStepsApproveAllState>;
}

const NONE: readonly Step[] = [];

/** A selector of the waiting steps that returns the same array while they are the same steps. */
function pendingSelector(): (state: StepsState) => readonly Step[] {
  let last: readonly Step[] = NONE;
  let lastState: StepsState | undefined;
  return (state) => {
    if (state === lastState) return last;
    lastState = state;
    const next = pendingApprovals(state);
    if (next.length !== last.length || next.some((step, i) => step !== last[i])) last = next.length ? next : NONE;
    return last;
  };
}

const idleStore: StepStore = {
  getSnapshot: () => EMPTY,
  subscribe: () => () => {},
  apply: () => {},
  reset: () => {},
};
const EMPTY: StepsState = { ids: [], byId: {}, run: { status: 'idle' }, diagnostics: { count: 0 } };

/**
 * Decides every waiting call at once: "3 calls wait for your approval · Approve all 3 · Deny all 3".
 * Shown while at least `min` calls (2) wait for a decision made here and the list has `onApprove` or
 * `onDeny`; each call is decided one by one with the list's handlers (so every wire helper works
 * unchanged), and every row's header and card say so at once. Focus moves to the first decided row.
 * `<ToolSteps>` draws it above its list.
 *
 * Renders `<div data-slot="tool-steps-approve-all" role="group">` with the count
 * (`tool-steps-approve-all-text`) and `<button data-slot="tool-steps-approve-all-button" data-decision="approved" | "denied">`.
 */
export const ToolStepsApproveAll = forwardRef<HTMLDivElement, ToolStepsApproveAllProps>(function ToolStepsApproveAll(
  { store, state, min = 2, render, ...props },
  ref,
) {
  const options = useToolStepsOptions();
  const words = useToolStepsLabels().approval;
  const textId = useId();
  const select = useMemo(pendingSelector, []);
  const fromStore = useSteps(store ?? idleStore, select);
  const waiting = store ? fromStore : select(state ?? EMPTY);
  const version = useDecisionsVersion();
  const scope = useDecisionScope();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` says when decisions made here changed
  const steps = useMemo(() => waiting.filter((step) => !scope.get(step)), [waiting, scope, version]);
  const { onApprove, onDeny } = options;
  const decideAll = useCallback(
    (approved: boolean, event: MouseEvent<HTMLButtonElement>) => {
      const handler = approved ? onApprove : onDeny;
      if (!handler) return;
      const bar = event.currentTarget.closest('[data-slot="tool-steps-approve-all"]');
      const list = bar?.nextElementSibling ?? bar?.parentElement;
      const first = steps[0];
      const row = first ? list?.querySelector(`[data-slot="tool-step"][data-step-id="${CSS.escape(first.id)}"]`) : null;
      // The bar goes once nothing waits: focus moves to the first decided row, never to the page.
      if (row instanceof HTMLElement) {
        if (!row.hasAttribute('tabindex')) row.tabIndex = -1;
        row.focus();
      }
      // every waiting call is decided even when one handler throws; the first error goes on after
      let failed: { error: unknown } | undefined;
      for (const step of steps) {
        try {
          decideHere(scope, step, { approved }, handler);
        } catch (error) {
          failed ??= { error };
        }
      }
      if (failed) throw failed.error;
    },
    [steps, scope, onApprove, onDeny],
  );
  if (steps.length < min || (!onApprove && !onDeny)) return null;
  const count = steps.length;
  return drawPart(
    'div',
    render,
    {
      'data-slot': 'tool-steps-approve-all',
      role: 'group',
      'aria-labelledby': textId,
      children: (
        <>
          <p data-slot="tool-steps-approve-all-text" className="tool-steps-approve-all-text" id={textId}>
            {words.waiting(count)}
          </p>{' '}
          {onApprove ? (
            <button
              type="button"
              data-slot="tool-steps-approve-all-button"
              className="tool-steps-approve-all-button"
              data-decision="approved"
              onClick={(event) => decideAll(true, event)}
            >
              {words.approveAll(count)}
            </button>
          ) : null}{' '}
          {onDeny ? (
            <button
              type="button"
              data-slot="tool-steps-approve-all-button"
              className="tool-steps-approve-all-button"
              data-decision="denied"
              onClick={(event) => decideAll(false, event)}
            >
              {words.denyAll(count)}
            </button>
          ) : null}
        </>
      ),
    },
    props,
    ref,
    { steps },
  );
});
