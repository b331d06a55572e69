'use client';

import { type ReactNode, useContext, useMemo } from 'react';
import type { ToolStepsLabelsInput } from 'tool-steps/presentation';
import { ToolStepsLabelsContext } from '../internal/context';
import { mergeLabels } from '../presentation/labels';

/** The types of `ToolStepsLabelsProvider`. */
export declare namespace ToolStepsLabelsProvider {
  /** Props of `ToolStepsLabelsProvider`. */
  interface Props {
    /** Some or all of the words; missing ones come from the enclosing provider (else English). Keep it stable (a module constant). */
    labels: ToolStepsLabelsInput | undefined;
    children?: ReactNode;
  }
}

/**
 * Gives the parts inside it their words (`<ToolSteps labels>` uses it; wrap a lone `<ToolStep>` or a
 * composed row in it yourself). Nested providers merge, the inner one winning.
 */
export function ToolStepsLabelsProvider({ labels, children }: ToolStepsLabelsProvider.Props) {
  const outer = useContext(ToolStepsLabelsContext);
  const value = useMemo(() => mergeLabels(labels, outer), [labels, outer]);
  if (!labels) return <>{children}</>;
  return <ToolStepsLabelsContext.Provider value={value}>{children}</ToolStepsLabelsContext.Provider>;
}
