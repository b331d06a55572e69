'use client';

import { forwardRef } from 'react';
import { ToolStepsAnnouncer } from '../announcer';
import { ToolStepsApproveAll } from '../approve-all';
import { ToolStepsSummary } from '../turn-summary';
import { ToolStepsList } from './list';
import { ToolStepsRoot } from './root';
import { ToolStepsRunStatus } from './run-status';

export { ToolStepsList } from './list';
export { ToolStepsRoot } from './root';
export { ToolStepsRunStatus } from './run-status';

/** The types of `ToolSteps`. */
export declare namespace ToolSteps {
  /** Which of the list's parts `<ToolSteps>` draws around its rows. */
  interface Parts extends Pick<ToolStepsList.Props, 'virtualize'> {
    /**
     * A line after the list summing up the turn: "Searching files… 12s" while a step runs, "Worked
     * 45s · 14 steps" after (`ToolStepsSummary`).
     * @default true
     */
    summary?: boolean;
    /**
     * Draw the count of events the decoders and the reducer skipped ("2 malformed or late events skipped",
     * with the last reason as its title) under the list (`ToolStepsRunStatus`'s `diagnostics`).
     * @default false
     */
    diagnostics?: boolean;
    /**
     * Draws "Approve all N" / "Deny all N" above the list while two or more calls it draws wait for a
     * decision (with `onApprove` / `onDeny`), naming each call it decides (`ToolStepsApproveAll`). Only
     * calls whose rows are drawn count: a call under closed nested steps, or outside a windowed list's
     * window, is left for its own card.
     * @default false
     */
    approveAll?: boolean;
  }

  /** Props of `ToolSteps`: a `store` or a `state`, the options every row shares, and which parts it draws. */
  type Props = Omit<ToolStepsRoot.Props, 'render' | 'children'> & ToolSteps.Parts;
}

/**
 * The list of a run's steps, with everything around it: `ToolStepsRoot` holding, in order, "Approve
 * all" (with `approveAll`), the rows (`ToolStepsList`), how the run ended (`ToolStepsRunStatus`: its
 * error, or, when it ended interrupted without one, its reason, and with `diagnostics` a muted line
 * when events were skipped), the turn's summary line (`ToolStepsSummary`) and the announcer's live
 * regions (`ToolStepsAnnouncer`). Draw the parts yourself inside a `ToolStepsRoot` to reorder, wrap or
 * leave out any of them. Every word comes from `labels` (English by default).
 *
 * Renders `<div data-slot="tool-steps-root">` (`className`, `ref` and the other props land on it)
 * around `<ol data-slot="tool-steps">`; see each part for its elements.
 */
export const ToolSteps = forwardRef<HTMLDivElement, ToolSteps.Props>(function ToolSteps(
  { summary = true, diagnostics = false, approveAll = false, virtualize, ...props },
  ref,
) {
  return (
    <ToolStepsRoot {...(props as ToolStepsRoot.Props)} ref={ref}>
      {approveAll ? <ToolStepsApproveAll /> : null}
      <ToolStepsList virtualize={virtualize} />
      <ToolStepsRunStatus diagnostics={diagnostics} hideStopped={summary} />
      {summary ? <ToolStepsSummary /> : null}
      <ToolStepsAnnouncer />
    </ToolStepsRoot>
  );
});
