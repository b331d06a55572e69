'use client';

import type { ReactNode } from 'react';
import type { StepStore } from '../core';
import type { ToolStepsLabelsInput } from '../core/labels';
import { DecisionScopeProvider } from '../internal/decisions';
import { RunStoppedProvider } from '../internal/run-stopped';
import { ToolStepsAnnouncer } from './announcer';
import { ToolStepsLabelsProvider } from './labels';

/**
 * What `<ToolSteps>` puts around its list for approvals, announcements and words (issue 8): the
 * words (`labels`), one scope of decisions made here, whether the person stopped the run (its rows
 * say "Stopped") and the live regions after the list.
 */
export function ToolStepsFrame({
  labels,
  store,
  children,
}: {
  labels: ToolStepsLabelsInput | undefined;
  /** The list's source: its store, or the store its `state` prop is adapted into. */
  store: StepStore;
  children: ReactNode;
}) {
  return (
    <ToolStepsLabelsProvider labels={labels}>
      <DecisionScopeProvider>
        <RunStoppedProvider store={store}>
          {children}
          <ToolStepsAnnouncer store={store} />
        </RunStoppedProvider>
      </DecisionScopeProvider>
    </ToolStepsLabelsProvider>
  );
}
