import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { drawPart, type RenderProp } from '../internal/render';

/** Props of `ToolStepHeader`. */
export interface ToolStepHeaderProps extends ComponentPropsWithoutRef<'div'> {
  /** Swaps the element: `render={<header />}` or `(props) => element`. */
  render?: RenderProp<Record<string, never>>;
}

const NO_STATE: Record<string, never> = {};

/**
 * The row's first line: in the default row, icon, label, detail, status, duration and actions.
 *
 * Renders `<div data-slot="tool-step-header">` around its children.
 */
export const ToolStepHeader = forwardRef<HTMLDivElement, ToolStepHeaderProps>(function ToolStepHeader(
  { render, ...props },
  ref,
) {
  return drawPart('div', render, { 'data-slot': 'tool-step-header' }, props, ref, NO_STATE);
});
