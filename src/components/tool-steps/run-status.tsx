'use client';

import { useSyncExternalStore } from 'react';
import type { StepsDiagnostics, StepsState } from '../../core';
import { errorText, reasonText } from '../../core/labels';
import { isStoppedRun } from '../../core/outcome';
import { useToolStepsLabels } from '../../internal/context';
import type { StepSource } from '../../internal/list-view';
import { screenLine, screenName, useRedactor, WireText } from '../../internal/visible-text';

// The error and the interrupted line are not live regions of their own (one mounting with its text
// already in it is said by few screen readers): the announcer's regions, there from the start, say them.
function RunError({ run }: { run: StepsState['run'] }) {
  const labels = useToolStepsLabels();
  const redactor = useRedactor();
  if (!run.error) return null;
  // a kit code is written as its sentence (`labels.reasons`); a wire's code as a badge
  const { code, message } = errorText(labels, run.error);
  return (
    <div
      data-slot="tool-steps-error"
      className="tool-steps-error"
      data-error-code={run.error.code ? screenName(run.error.code, redactor) : undefined}
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
function RunInterrupted({ run, summary }: { run: StepsState['run']; summary: boolean }) {
  const labels = useToolStepsLabels();
  const redactor = useRedactor();
  if (run.status !== 'interrupted' || run.error) return null;
  // the kit's code as its sentence, else the wire's text (masked and made visible before it goes in)
  const reason = reasonText(labels, run.reasonCode, run.reason);
  if (reason === '') return null;
  if (summary && isStoppedRun(run)) return null; // the summary line says "Stopped", with its stop icon
  return (
    <p data-slot="tool-steps-interrupted" className="tool-steps-interrupted">
      {labels.interrupted(screenLine(reason, redactor))}
    </p>
  );
}

/** The skipped-events line, drawn only when the host asks for it (`diagnostics`). */
function Diagnostics({ diagnostics, show }: { diagnostics: StepsDiagnostics; show: boolean }) {
  const labels = useToolStepsLabels();
  const redactor = useRedactor();
  if (!show || diagnostics.count <= 0) return null;
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

const selectRun = (source: StepSource) => () => source.getSnapshot().run;

/** The run's error, its interrupted line and (with `diagnostics`) the skipped-events line, after the list. */
export function RunStatus({
  source,
  summary,
  diagnostics,
}: {
  source: StepSource;
  summary: boolean;
  diagnostics: boolean;
}) {
  const run = useSyncExternalStore(source.subscribe, selectRun(source), selectRun(source));
  const skipped = useSkipped(source);
  return (
    <>
      <RunError run={run} />
      <RunInterrupted run={run} summary={summary} />
      <Diagnostics diagnostics={skipped} show={diagnostics} />
    </>
  );
}

/** The source's diagnostics (what the decoders and the reducer skipped). */
export function useSkipped(source: StepSource): StepsDiagnostics {
  const read = () => source.getSnapshot().diagnostics;
  return useSyncExternalStore(source.subscribe, read, read);
}
