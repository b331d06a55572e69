'use client';

import { useContext } from 'react';
import type { Step } from 'tool-steps/core';
import type { ResolvedPresentation } from 'tool-steps/presentation';
import {
  missingStep,
  ToolStepContext,
  ToolStepsLabelsContext,
  ToolStepsOptionsContext,
  type ToolsConfig,
} from '../internal/context';
import { presentStep } from '../presentation';

/**
 * The presentation of the step a part draws: the row's (computed once per row) when the part draws
 * the row's step with the row's `tools`, else its own; `undefined` outside a row without a step.
 */
export function usePresentation(
  explicit: Step | undefined,
  tools: ToolsConfig | undefined,
): ResolvedPresentation | undefined {
  const row = useContext(ToolStepContext);
  const options = useContext(ToolStepsOptionsContext);
  const labels = useContext(ToolStepsLabelsContext);
  const step = explicit ?? row?.step;
  if (!step) return undefined;
  if (row && step === row.step && tools === undefined) return row.presentation;
  return presentStep(step, tools ?? options.tools, labels.tools);
}

/** `usePresentation` for parts that cannot draw without a step: a missing one is reported at once. */
export function usePresentationOf(
  explicit: Step | undefined,
  tools: ToolsConfig | undefined,
  part: string,
): ResolvedPresentation {
  const presentation = usePresentation(explicit, tools);
  if (!presentation) throw missingStep(part);
  return presentation;
}
