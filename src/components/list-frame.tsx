'use client';

import type { ReactNode } from 'react';
import type { StepStore } from '../core';
import type { ToolStepsLabelsInput } from '../core/labels';
import { DecisionScopeProvider } from '../internal/decisions';
import { RunStoppedProvider } from '../internal/run-stopped';
import { ToolStepsAnnouncer } from './announcer';
import { ToolStepsApproveAll } from './approve-all';
import { ToolStepsLabelsProvider } from './labels';

/**
 * What `<ToolSteps>` puts around its list for approvals, announcements and words (issue 8): the
 * words (`labels`), one scope of decisions made here, whether the person stopped the run (its rows
 * say "Stopped"), "Approve all" above the list and the live regions after it.
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
          <ToolStepsApproveAll store={store} />
          {children}
          <ToolStepsAnnouncer store={store} />
        </RunStoppedProvider>
      </DecisionScopeProvider>
    </ToolStepsLabelsProvider>
  );
}
