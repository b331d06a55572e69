'use client';

import { type ComponentPropsWithoutRef, forwardRef, useContext, useId, useMemo } from 'react';
import type { Step } from 'tool-steps/core';
import { warnOnce } from '../core/warn';
import {
  InListContext,
  ToolStepContext,
  type useToolStep,
  useToolStepsLabels,
  useToolStepsOptions,
} from '../internal/context';
import { presence } from '../internal/data-attrs';
import { drawPart, mergeRefs, type RenderProp } from '../internal/render';
import { useRowTabStop } from '../internal/row-focus';
import { useRunStopped } from '../internal/run-stopped';
import { hasDetailsContent, useStepDisclosure } from '../internal/step-disclosure';
import { screenName, useRedactor } from '../internal/visible-text';
import { presentStep } from '../presentation';
import { outcomeOf } from '../presentation/outcome';

/** The types of `ToolStepRoot`. */
export declare namespace ToolStepRoot {
  /** What a `render` function of `ToolStepRoot` receives besides the props. */
  interface State {
    step: Step;
    /** Whether the row's details are open. */
    open: boolean;
  }

  /** Props of `ToolStepRoot`. */
  interface Props extends ComponentPropsWithoutRef<'li'> {
    /** The step this row draws; its parts read it from here. `<ToolStep>` gives it to the root it draws. */
    step?: Step;
    /** Whether the row's details are open (controlled). */
    open?: boolean;
    /**
     * Whether the details start open (uncontrolled).
     * @default true for failed steps (until the person toggles), else false (an approval card shows what the call will do)
     */
    defaultOpen?: boolean;
    /** Called with the new state when the person opens or closes the details. */
    onOpenChange?: (open: boolean) => void;
    /** Swaps the element: `render={<article />}` or `(props, state) => element`. */
    render?: RenderProp<ToolStepRoot.State>;
  }
}

/**
 * One step's row; gives its parts the step, the presentation, the details' open state and the ids
 * that tie them together (read them with `useToolStep()`).
 *
 * Renders `<li>` inside a `<ToolSteps>` list and `<div>` alone, with `data-slot="tool-step"`,
 * `data-step-id`, `data-tool` (both screened as wire text: one holding a secret is masked, so a selector
 * on the raw value misses that row; the kit's keyboard does not read them), `data-status` (the wire's), `data-outcome="failed" | "stopped"` where
 * the row shows another (`outcomeOf`: a success that exited 1, a call the person stopped),
 * `data-state="open" | "closed"` (its details; "closed"
 * when there are none) and the presence flag `data-has-details`.
 */
export const ToolStepRoot = forwardRef<HTMLElement, ToolStepRoot.Props>(function ToolStepRoot(
  { step: explicit, open, defaultOpen, onOpenChange, render, children, ...props },
  ref,
) {
  const outer = useContext(ToolStepContext);
  const inList = useContext(InListContext);
  const { tools } = useToolStepsOptions();
  const step = explicit ?? outer?.step;
  if (!step) {
    throw new Error('<ToolStepRoot> has no step to draw: pass it a `step` prop.');
  }
  if (outer && step === outer.step) {
    warnOnce(
      "<ToolStepRoot> inside the row of the same step: a `tools` Row returns the row's parts, and the row draws its root around them",
    );
  }
  const [isOpen, setOpen] = useStepDisclosure(step, open, defaultOpen, onOpenChange);
  const labelId = useId();
  const contentId = useId();
  const hasDetails = hasDetailsContent(step);
  const words = useToolStepsLabels().tools;
  const presentation = useMemo(() => presentStep(step, tools, words), [step, tools, words]);
  const outcome = outcomeOf(step, { stopped: useRunStopped() });
  const redactor = useRedactor();
  // in a list, the row is one of its rows for the keyboard (its tab stop, or focusable by the arrows)
  const stop = useRowTabStop(inList ? step.id : undefined);
  const value = useMemo<useToolStep.Result>(
    () => ({ step, presentation, open: isOpen, setOpen, hasDetails, labelId, contentId }),
    [step, presentation, isOpen, setOpen, hasDetails, labelId, contentId],
  );
  const own = {
    'data-slot': 'tool-step',
    // screened as wire text: an id or a tool name holding a secret (or invisible characters) carries its
    // masked form, so a host's selector on the raw value misses that row; every other value is as it came
    'data-step-id': screenName(step.id, redactor),
    'data-tool': screenName(step.toolName, redactor),
    'data-status': step.status,
    'data-outcome': outcome.derived ? outcome.status : undefined,
    'data-state': hasDetails && isOpen ? 'open' : 'closed',
    'data-has-details': presence(hasDetails),
    tabIndex: stop?.tabIndex,
    onFocus: stop?.onFocus,
    children: (
      <InListContext.Provider value={false}>
        <ToolStepContext.Provider value={value}>{children}</ToolStepContext.Provider>
      </InListContext.Provider>
    ),
  };
  return drawPart(inList ? 'li' : 'div', render, own, props, mergeRefs(ref, stop?.ref), { step, open: isOpen });
});
