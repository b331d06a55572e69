'use client';

import { type ComponentPropsWithRef, useContext } from 'react';
import { type PresentationOverrides, presentStep, type Step } from '../core';
import { ToolStepContext, useToolStepsOptions } from './context';
import { resolveToolIcon, type ToolIconMap } from './icons';

/** Props of `ToolStepIcon`. */
export interface ToolStepIconProps extends Omit<ComponentPropsWithRef<'span'>, 'children'> {
  /** The step; defaults to the row's. */
  step?: Step;
  /** An icon name to draw instead of the step's. */
  name?: string;
  /** Extra icons by kebab-case name; defaults to the list's `icons`. */
  icons?: ToolIconMap;
  /** Presentation overrides by tool name; defaults to the list's `labels`. */
  labels?: PresentationOverrides;
  /** The icon's size in pixels when no stylesheet sizes it. @default 16 */
  size?: number;
}

/**
 * The tool's icon, from the curated Lucide table (or the host's `icons`); an unknown or missing name
 * draws `wrench`. Decorative: the label says what the step is.
 *
 * Renders `<span data-slot="tool-step-icon" data-icon="<name drawn>" aria-hidden="true">` around the SVG.
 */
export function ToolStepIcon({ step: explicit, name, icons, labels, size = 16, ...props }: ToolStepIconProps) {
  const options = useToolStepsOptions();
  const context = useContext(ToolStepContext);
  const step = explicit ?? context?.step;
  const requested = name ?? (step ? presentStep(step, labels ?? options.labels).icon : undefined);
  const { name: drawn, Icon } = resolveToolIcon(requested, icons ?? options.icons);
  return (
    <span data-slot="tool-step-icon" data-icon={drawn} aria-hidden="true" {...props}>
      <Icon size={size} aria-hidden="true" focusable="false" />
    </span>
  );
}
