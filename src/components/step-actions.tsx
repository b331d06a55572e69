'use client';

import { type ComponentPropsWithoutRef, forwardRef, type MouseEvent, type ReactElement } from 'react';
import type { Step } from 'tool-steps/core';
import { isActiveStatus } from '../core';
import { warnOnce } from '../core/warn';
import { useLabelId, useStepOf, useToolStepsLabels, useToolStepsOptions } from '../internal/context';
import { drawPart, type RenderProp } from '../internal/render';
import { focusRowOf } from './step-approval';

/** The types of `ToolStepActions`. */
export declare namespace ToolStepActions {
  /** What a `render` function of the action parts receives besides the props. */
  interface State {
    step: Step;
  }

  /** Props of `ToolStepActions`. */
  interface Props extends ComponentPropsWithoutRef<'div'> {
    /** The step; defaults to the row's. */
    step?: Step;
    /** Swaps the element: `render={<menu />}` or `(props, state) => element`. */
    render?: RenderProp<ToolStepActions.State>;
  }
}

function canCancel(step: Step): boolean {
  return isActiveStatus(step.status);
}

function canRetry(step: Step): boolean {
  return step.status === 'failed' || step.status === 'interrupted';
}

/**
 * The row's buttons. Without children it holds `ToolStepCancel` and `ToolStepRetry`, and renders
 * nothing when neither applies (no handler, or a status that has none).
 *
 * Renders `<div data-slot="tool-step-actions">`.
 */
export const ToolStepActions = forwardRef<HTMLDivElement, ToolStepActions.Props>(function ToolStepActions(
  { step: explicit, render, ...props },
  ref,
) {
  const step = useStepOf(explicit, 'ToolStepActions');
  const options = useToolStepsOptions();
  let children = props.children;
  if (children === undefined) {
    const cancel = options.onCancel && canCancel(step);
    const retry = options.onRetry && canRetry(step);
    if (!cancel && !retry) return null;
    children = (
      <>
        {cancel ? <ToolStepCancel step={explicit} /> : null}
        {retry ? <ToolStepRetry step={explicit} /> : null}
      </>
    );
  }
  return drawPart('div', render, { 'data-slot': 'tool-step-actions', children }, props, ref, { step });
});

/** The types of `ToolStepCancel`. */
export declare namespace ToolStepCancel {
  type State = ToolStepActions.State;

  /** Props of `ToolStepCancel` (and `ToolStepRetry`). */
  interface Props extends ComponentPropsWithoutRef<'button'> {
    /** The step; defaults to the row's. */
    step?: Step;
    /** Called with the step on a press; defaults to the list's `onCancel` / `onRetry`. */
    onAction?: (step: Step) => void;
    /** Swaps the element: `render={<a href="…" />}` or `(props, state) => element`. */
    render?: RenderProp<ToolStepActions.State>;
  }
}

function useActionButton(
  cancel: boolean,
  { step: explicit, onAction, render, ...props }: ToolStepCancel.Props,
  ref: unknown,
): ReactElement | null {
  const step = useStepOf(explicit, cancel ? 'ToolStepCancel' : 'ToolStepRetry');
  const options = useToolStepsOptions();
  const labelId = useLabelId();
  const words = useToolStepsLabels().actions;
  const handler = onAction ?? (cancel ? options.onCancel : options.onRetry);
  const allowed = cancel ? canCancel : canRetry;
  if (!allowed(step) || (!handler && !props.onClick)) return null;
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    if (!allowed(step)) {
      warnOnce(`a ${cancel ? 'cancel' : 'retry'} of the call "${step.id}" was ignored: it is ${step.status}`);
      return;
    }
    // The button goes once the step moves on: focus stays on its row, never falls to the page.
    focusRowOf(event.currentTarget);
    handler?.(step);
  };
  return drawPart(
    'button',
    render,
    {
      type: 'button',
      'data-slot': cancel ? 'tool-step-cancel' : 'tool-step-retry',
      'aria-describedby': labelId,
      onClick: press,
      children: cancel ? words.cancel : words.retry,
    },
    props,
    ref,
    { step },
  );
}

/**
 * "Cancel": calls `onAction` (default: the list's `onCancel`) with the step, and moves focus to the
 * step's row (the button goes once the step is cancelled). Renders nothing unless the step is active
 * and there is a handler (or an `onClick`).
 *
 * Renders `<button type="button" data-slot="tool-step-cancel">Cancel</button>`.
 */
export const ToolStepCancel = forwardRef<HTMLButtonElement, ToolStepCancel.Props>(function ToolStepCancel(props, ref) {
  return useActionButton(true, props, ref);
});

/**
 * "Retry": calls `onAction` (default: the list's `onRetry`) with the step, and moves focus to the
 * step's row. Renders nothing unless the step failed or was interrupted and there is a handler (or
 * an `onClick`); a press after the step moved on is ignored with a development warning.
 *
 * Renders `<button type="button" data-slot="tool-step-retry">Retry</button>`.
 */
/** The types of `ToolStepRetry`: the same as `ToolStepCancel`'s. */
export declare namespace ToolStepRetry {
  type Props = ToolStepCancel.Props;
  type State = ToolStepActions.State;
}

export const ToolStepRetry = forwardRef<HTMLButtonElement, ToolStepRetry.Props>(function ToolStepRetry(props, ref) {
  return useActionButton(false, props, ref);
});
