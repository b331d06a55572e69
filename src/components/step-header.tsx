'use client';

import { type ComponentPropsWithoutRef, forwardRef, useContext } from 'react';
import type { Step } from 'tool-steps/core';
import { ToolStepContext } from '../internal/context';
import { drawPart, type RenderProp } from '../internal/render';

/** The types of `ToolStepHeader`. */
export declare namespace ToolStepHeader {
  /** What a `render` function of `ToolStepHeader` receives besides the props. */
  interface State {
    /** The row's step (`undefined` outside a row). */
    step: Step | undefined;
    /** Whether the row's details are open. */
    open: boolean;
  }

  /** Props of `ToolStepHeader`. */
  interface Props extends ComponentPropsWithoutRef<'div'> {
    /** Swaps the element: `render={<header />}` or `(props, state) => element`. */
    render?: RenderProp<ToolStepHeader.State>;
  }
}

/**
 * The row's first line: in the default row, icon, label, detail, status and duration (inside one
 * `<span data-slot="tool-step-meta">`, which a narrow header wraps as a unit) and actions.
 *
 * Renders `<div data-slot="tool-step-header">` around its children.
 */
export const ToolStepHeader = forwardRef<HTMLDivElement, ToolStepHeader.Props>(function ToolStepHeader(
  { render, ...props },
  ref,
) {
  const row = useContext(ToolStepContext);
  return drawPart('div', render, { 'data-slot': 'tool-step-header' }, props, ref, {
    step: row?.step,
    open: row?.open ?? false,
  });
});
