'use client';

import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { defaultLabels, mergeLabels, type ToolStepsLabels, type ToolStepsLabelsInput } from '../core/labels';

/** The words every part writes; English unless a `<ToolSteps labels>` (or this provider) says otherwise. */
export const ToolStepsLabelsContext = createContext<ToolStepsLabels>(defaultLabels);
ToolStepsLabelsContext.displayName = 'ToolStepsLabelsContext';

/** The words in effect: the nearest `labels` laid over the English defaults. */
export function useToolStepsLabels(): ToolStepsLabels {
  return useContext(ToolStepsLabelsContext);
}

/** Props of `ToolStepsLabelsProvider`. */
export interface ToolStepsLabelsProviderProps {
  /** Some or all of the words; missing ones come from the enclosing provider (else English). Keep it stable (a module constant). */
  labels: ToolStepsLabelsInput | undefined;
  children?: ReactNode;
}

/**
 * Gives the parts inside it their words (`<ToolSteps labels>` uses it; wrap a lone `<ToolStep>` or a
 * composed row in it yourself). Nested providers merge, the inner one winning.
 */
export function ToolStepsLabelsProvider({ labels, children }: ToolStepsLabelsProviderProps) {
  const outer = useContext(ToolStepsLabelsContext);
  const value = useMemo(() => mergeLabels(labels, outer), [labels, outer]);
  if (!labels) return <>{children}</>;
  return <ToolStepsLabelsContext.Provider value={value}>{children}</ToolStepsLabelsContext.Provider>;
}
