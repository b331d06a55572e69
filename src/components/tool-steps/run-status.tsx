'use client';

import { type ComponentPropsWithoutRef, forwardRef, memo } from 'react';
import type { StepsDiagnostics, StepsState } from 'tool-steps/core';
import type { ToolStepsLabels } from 'tool-steps/presentation';
import { useToolStepsLabels } from '../../internal/context';
import { drawPart, type RenderProp } from '../../internal/render';
import { screenLine, screenName, useRedactor, WireText } from '../../internal/visible-text';
import { errorText, reasonText } from '../../presentation/labels';
import { isStoppedRun } from '../../presentation/outcome';
import type { Redactor } from '../../presentation/redact';
import { useListShared, useRun, useSkipped } from './shared';

type RunError = NonNullable<StepsState['run']['error']>;

// The error and the interrupted line are not live regions of their own (one mounting with its text
// already in it is said by few screen readers): the announcer's regions, there from the start, say them.
function RunError({ error }: { error: RunError }) {
  const labels = useToolStepsLabels();
  const redactor = useRedactor();
  // a kit code is written as its sentence (`labels.reasons`); a wire's code as a badge
  const { code, message } = errorText(labels, error);
  return (
    <div
      data-slot="tool-steps-error"
      className="tool-steps-error"
      data-error-code={error.code ? screenName(error.code, redactor) : undefined}
    >
      {code ? (
        <code data-slot="tool-steps-error-code" className="tool-steps-error-code">
          <WireText text={code} />
        </code>
      ) : null}{' '}
      <span data-slot="tool-steps-error-message" className="tool-steps-error-message">
        <WireText text={message} />
      </span>
    </div>
  );
}

/**
 * Why the run stopped, when it ended `interrupted` with a reason and no error (the error has its own
 * line), unless the person stopped it and the summary line says so: `<p data-slot="tool-steps-interrupted">`.
 */
function interruptedLine(
  run: StepsState['run'],
  hideStopped: boolean,
  labels: ToolStepsLabels,
  redactor: Redactor | undefined,
) {
  if (run.status !== 'interrupted' || run.error) return null;
  // the kit's code as its sentence, else the wire's text (masked and made visible before it goes in)
  const reason = reasonText(labels, run.reasonCode, run.reason);
  if (reason === '') return null;
  if (hideStopped && isStoppedRun(run)) return null; // the summary line says "Stopped", with its stop icon
  return (
    <p data-slot="tool-steps-interrupted" className="tool-steps-interrupted">
      {labels.interrupted(screenLine(reason, redactor))}
    </p>
  );
}

/** The skipped-events line, drawn only when the host asks for it (`diagnostics`) and events were skipped. */
function diagnosticsLine(diagnostics: StepsDiagnostics, labels: ToolStepsLabels, redactor: Redactor | undefined) {
  if (diagnostics.count <= 0) return null;
  const { count, last } = diagnostics;
  // the reason may quote a malformed frame: screened as wire text
  const title = last
    ? screenName(last.protocol ? `${last.protocol}: ${last.reason}` : last.reason, redactor)
    : undefined;
  return (
    <p data-slot="tool-steps-diagnostics" className="tool-steps-diagnostics" title={title}>
      {labels.skipped(count)}
    </p>
  );
}

/** The types of `ToolStepsRunStatus`. */
export declare namespace ToolStepsRunStatus {
  /** What a `render` function of `ToolStepsRunStatus` receives besides the props. */
  interface State {
    run: StepsState['run'];
    diagnostics: StepsDiagnostics;
  }

  /** Props of `ToolStepsRunStatus`. */
  interface Props extends ComponentPropsWithoutRef<'div'> {
    /**
     * Draws the count of events the decoders and the reducer skipped ("2 malformed or late events
     * skipped", with the last reason as its title). It is for developers: without it the count is only in
     * the list's `data-diagnostics` attribute, and each kind of problem is a console warning in
     * development builds.
     * @default false
     */
    diagnostics?: boolean;
    /**
     * Leaves out the line of a run the person stopped, because the summary line says "Stopped" with its
     * time (`<ToolSteps>` sets it when it draws `ToolStepsSummary`).
     * @default false
     */
    hideStopped?: boolean;
    /** Swaps the element: `render={<section />}` or `(props, state) => element`. */
    render?: RenderProp<ToolStepsRunStatus.State>;
  }
}

/**
 * How the run ended, inside a `ToolStepsRoot`: its error (code and message), else why it stopped when
 * it ended interrupted, and (with `diagnostics`) the skipped-events line. Not a live region: the
 * announcer's regions, there from the start, say the error and the interruption.
 *
 * Renders `<div data-slot="tool-steps-run-status">` holding `<div data-slot="tool-steps-error"
 * data-error-code>`, `<p data-slot="tool-steps-interrupted">` and `<p data-slot="tool-steps-diagnostics"
 * title="<last reason>">`, each when there is one; nothing when there is none.
 */
export const ToolStepsRunStatus = memo(
  forwardRef<HTMLDivElement, ToolStepsRunStatus.Props>(function ToolStepsRunStatus(
    { diagnostics = false, hideStopped = false, render, ...props },
    ref,
  ) {
    const { source } = useListShared('ToolStepsRunStatus');
    const run = useRun(source);
    const skipped = useSkipped(source);
    const redactor = useRedactor();
    const labels = useToolStepsLabels();
    const error = run.error ? <RunError error={run.error} /> : null;
    const interrupted = error ? null : interruptedLine(run, hideStopped, labels, redactor);
    const skippedLine = diagnostics ? diagnosticsLine(skipped, labels, redactor) : null;
    if (!error && !interrupted && !skippedLine) return null;
    return drawPart(
      'div',
      render,
      {
        'data-slot': 'tool-steps-run-status',
        children: (
          <>
            {error}
            {interrupted}
            {skippedLine}
          </>
        ),
      },
      props,
      ref,
      { run, diagnostics: skipped },
    );
  }),
);
ToolStepsRunStatus.displayName = 'ToolStepsRunStatus';
