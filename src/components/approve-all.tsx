'use client';

import {
  type ComponentPropsWithoutRef,
  forwardRef,
  memo,
  useCallback,
  useContext,
  useId,
  useMemo,
  useSyncExternalStore,
} from 'react';
import type { Step, StepsState } from 'tool-steps/core';
import { pendingApprovals } from '../core/approvals';
import { useToolStepsLabels, useToolStepsOptions } from '../internal/context';
import { decide, useDecisionScope, useDecisionsVersion } from '../internal/decisions';
import { drawPart, type RenderProp } from '../internal/render';
import { ListKeyboardContext } from '../internal/row-focus';
import { screenLine, useRedactor } from '../internal/visible-text';
import { presentStep } from '../presentation';
import { type DrawnWaiting, ListSharedContext } from './tool-steps/shared';

/** The types of `ToolStepsApproveAll`. */
export declare namespace ToolStepsApproveAll {
  /** What a `render` function of `ToolStepsApproveAll` receives besides the props. */
  interface State {
    /** The calls it decides: drawn by the list, still waiting for a decision made here. */
    steps: readonly Step[];
  }

  /** Props of `ToolStepsApproveAll`. */
  interface Props extends ComponentPropsWithoutRef<'div'> {
    /** Shown from this many waiting calls on. @default 2 */
    min?: number;
    /** Swaps the element: `render={<section />}` or `(props, state) => element`. */
    render?: RenderProp<ToolStepsApproveAll.State>;
  }
}

const NONE: readonly Step[] = [];
const idle = () => () => {};
const zero = () => 0;

/** The waiting steps of `state` whose rows are drawn, in list order. */
function drawnWaiting(state: StepsState, drawn: DrawnWaiting): readonly Step[] {
  const out = pendingApprovals(state).filter((step) => drawn.has(step.id));
  return out.length ? out : NONE;
}

/** How the bar names a call: its label and detail as the row's header says them, masked, then cut. */
function nameOf(step: Step, tools: Parameters<typeof presentStep>[1], words: Parameters<typeof presentStep>[2]) {
  const { label, detailTitle, detail } = presentStep({ ...step, status: undefined }, tools, words);
  const shown = detailTitle ?? detail;
  return shown ? `${label} ${shown}` : label;
}

const MAX_NAME = 120;

/**
 * Decides the waiting calls the list draws at once: "3 calls wait for your approval · Approve all 3 ·
 * Deny all 3", with the list of the calls it decides. `<ToolSteps approveAll>` draws it above its list;
 * outside a list it draws nothing. A call counts while its row is drawn: top-level, or inside open
 * nested steps, and, in a windowed list, inside the window. Each call is decided one by one with the
 * list's handlers (so every wire helper works unchanged), and every row's header and card say so at
 * once. Focus moves to the first decided row.
 *
 * Renders `<div data-slot="tool-steps-approve-all" role="group">` with the count
 * (`tool-steps-approve-all-text`), `<ul data-slot="tool-steps-approve-all-calls">` of
 * `<li data-slot="tool-steps-approve-all-call">`, and
 * `<button data-slot="tool-steps-approve-all-button" data-decision="approved" | "denied">`.
 */
export const ToolStepsApproveAll = memo(
  forwardRef<HTMLDivElement, ToolStepsApproveAll.Props>(function ToolStepsApproveAll(
    { min = 2, render, ...props },
    ref,
  ) {
    const options = useToolStepsOptions();
    const labels = useToolStepsLabels();
    const words = labels.approval;
    const redactor = useRedactor();
    const textId = useId();
    const shared = useContext(ListSharedContext);
    const keyboard = useContext(ListKeyboardContext);
    const source = shared?.source;
    const drawn = shared?.drawn;
    const state = useSyncExternalStore(
      source?.subscribe ?? idle,
      () => source?.getSnapshot(),
      () => source?.getSnapshot(),
    );
    const drawnVersion = useSyncExternalStore(drawn?.subscribe ?? idle, drawn?.version ?? zero, drawn?.version ?? zero);
    const version = useDecisionsVersion();
    const scope = useDecisionScope();
    // biome-ignore lint/correctness/useExhaustiveDependencies: the versions say when the drawn rows and the decisions made here changed
    const steps = useMemo(
      () => (state && drawn ? drawnWaiting(state, drawn).filter((step) => !scope.get(step)) : NONE),
      [state, drawn, scope, version, drawnVersion],
    );
    const { onApprove, onDeny, tools } = options;
    const decideAll = useCallback(
      (approved: boolean) => {
        const handler = approved ? onApprove : onDeny;
        if (!handler) return;
        // The bar goes once nothing waits: focus moves to the first decided row, never to the page.
        const first = steps[0];
        if (first) keyboard?.focusRow(first.id);
        // every waiting call is decided even when one handler throws; the first error goes on after
        let failed: { error: unknown } | undefined;
        for (const step of steps) {
          try {
            decide({ scope, step, approved, handler });
          } catch (error) {
            failed ??= { error };
          }
        }
        if (failed) throw failed.error;
      },
      [steps, scope, keyboard, onApprove, onDeny],
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
            <ul data-slot="tool-steps-approve-all-calls" className="tool-steps-approve-all-calls">
              {steps.map((step) => {
                const name = screenLine(nameOf(step, tools, labels.tools), redactor);
                return (
                  <li key={step.id} data-slot="tool-steps-approve-all-call" className="tool-steps-approve-all-call">
                    {name.length > MAX_NAME ? `${name.slice(0, MAX_NAME - 1)}…` : name}
                  </li>
                );
              })}
            </ul>{' '}
            {onApprove ? (
              <button
                type="button"
                data-slot="tool-steps-approve-all-button"
                className="tool-steps-approve-all-button"
                data-decision="approved"
                onClick={() => decideAll(true)}
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
                onClick={() => decideAll(false)}
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
  }),
);
ToolStepsApproveAll.displayName = 'ToolStepsApproveAll';
