'use client';

import { Component, type ComponentPropsWithoutRef, forwardRef, type ReactElement, type ReactNode } from 'react';
import { isActiveStatus, type Step } from '../core';
import { warnOnce } from '../core/warn';
import {
  mergeOptions,
  type RowSeed,
  RowSeedContext,
  type ToolRowParts,
  type ToolRowProps,
  type ToolStepsOptions,
  ToolStepsOptionsContext,
  takeOptions,
  useSameOptions,
  useToolStepsLabels,
  useToolStepsOptions,
} from '../internal/context';
import { DecisionScopeProvider } from '../internal/decisions';
import type { RenderProp } from '../internal/render';
import { useStepDisclosure } from '../internal/step-disclosure';
import { presentStep } from '../presentation';
import { ToolStepActions } from './step-actions';
import { ToolStepApproval } from './step-approval';
import { ToolStepDetails } from './step-details';
import { ToolStepDuration } from './step-duration';
import { ToolStepError } from './step-error';
import { ToolStepHeader } from './step-header';
import { ToolStepIcon } from './step-icon';
import { ToolStepProgress } from './step-progress';
import { ToolStepRoot, type ToolStepRootState } from './step-root';
import { ToolStepStatus } from './step-status';
import { ToolStepDetail, ToolStepLabel } from './step-text';

/** Props of `ToolStep`. */
export interface ToolStepProps extends ToolStepsOptions, Omit<ComponentPropsWithoutRef<'li'>, 'children'> {
  /** The step to draw. */
  step: Step;
  /** Whether the details are open (controlled). */
  open?: boolean;
  /**
   * Whether the details start open (uncontrolled).
   * @default true for failed steps (until the person toggles), else false (an approval card shows what the call will do)
   */
  defaultOpen?: boolean;
  /** Called with the new state when the person opens or closes the details. */
  onOpenChange?: (open: boolean) => void;
  /** Swaps the root element (see `ToolStepRoot`). */
  render?: RenderProp<ToolStepRootState>;
  /** Drawn last inside the row (the default list puts nested steps here). */
  children?: ReactNode;
}

// The default row's parts. Each reads the row from context, so one element serves every row.
const HEADER = (
  <ToolStepHeader>
    {/* the spaces keep words apart when no stylesheet lays the header out (flex drops them) */}
    <ToolStepIcon /> <ToolStepLabel /> <ToolStepDetail /> <ToolStepStatus /> <ToolStepDuration />
    <ToolStepActions />
  </ToolStepHeader>
);
const PROGRESS = <ToolStepProgress />;
const ERROR = <ToolStepError />;
const APPROVAL = <ToolStepApproval />;
const DETAILS = <ToolStepDetails />;

function partsOf(step: Step): ToolRowParts {
  const showApproval = step.status === 'awaiting-approval' || step.approval?.decision !== undefined;
  return {
    header: HEADER,
    progress: isActiveStatus(step.status) ? PROGRESS : null,
    error: ERROR,
    approval: showApproval ? APPROVAL : null,
    details: DETAILS,
  };
}

function DefaultRow({ parts, children }: { parts: ToolRowParts; children?: ReactNode }) {
  return (
    <ToolStepRoot>
      {parts.header}
      {parts.progress}
      {parts.error}
      {parts.approval}
      {parts.details}
      {children}
    </ToolStepRoot>
  );
}

interface RowBoundaryProps {
  toolName: string;
  /** The host component: when it changes, a failed row tries it again. */
  resetKey: unknown;
  fallback: ReactElement;
  children: ReactNode;
}

const NONE: unique symbol = Symbol('none');

interface RowBoundaryState {
  failed: boolean;
  /** The `resetKey` the row failed with (`NONE` until recorded). */
  failedKey: unknown;
}

/** Contains a host `Row` that throws: that row falls back to the default row; the list keeps working. */
class RowBoundary extends Component<RowBoundaryProps, RowBoundaryState> {
  override state: RowBoundaryState = { failed: false, failedKey: NONE };

  static getDerivedStateFromError(): Partial<RowBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: RowBoundaryProps, state: RowBoundaryState): Partial<RowBoundaryState> | null {
    if (!state.failed) return null;
    if (state.failedKey === NONE) return { failedKey: props.resetKey };
    // a new component (the host fixed it, or hot reload): try it again
    return Object.is(props.resetKey, state.failedKey) ? null : { failed: false, failedKey: NONE };
  }

  override componentDidCatch(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    warnOnce(`the Row of tool "${this.props.toolName}" threw (${message}); the default row is drawn instead`);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * One step, drawn with the default parts: `ToolStepHeader` (icon, label, detail, status, duration
 * once ended, `ToolStepActions` with "Cancel" / "Retry" when the host handles them), the latest
 * progress while it runs, the error, the approval, and the details disclosure (open from the start
 * for failed steps). A `tools[toolName].Row` draws the row instead (falling
 * back to this one if it throws).
 *
 * Renders `ToolStepRoot`: `<div data-slot="tool-step" …>` alone (in a chat message), `<li>` inside
 * `<ToolSteps>`.
 */
export const ToolStep = forwardRef<HTMLElement, ToolStepProps>(function ToolStep(
  { step, open, defaultOpen, onOpenChange, children, ...given },
  ref,
) {
  const [own, props] = takeOptions(given);
  const options = useSameOptions(mergeOptions(own, useToolStepsOptions()));
  const words = useToolStepsLabels().tools;
  const [isOpen, setOpen] = useStepDisclosure(step, open, defaultOpen, onOpenChange);
  const seed: RowSeed = { step, open: isOpen, setOpen, props: ref ? { ...props, ref } : props };
  const parts = partsOf(step);
  const defaultRow = <DefaultRow parts={parts}>{children}</DefaultRow>;
  const entry = options.tools && Object.hasOwn(options.tools, step.toolName) ? options.tools[step.toolName] : undefined;
  const Row = entry?.Row;
  let row = defaultRow;
  if (Row) {
    const rowProps: ToolRowProps = {
      step,
      presentation: presentStep(step, options.tools, words),
      open: isOpen,
      setOpen,
      parts,
      defaultRow,
      children,
    };
    row = (
      <RowBoundary toolName={step.toolName} resetKey={Row} fallback={defaultRow}>
        <Row {...rowProps} />
      </RowBoundary>
    );
  }
  return (
    <ToolStepsOptionsContext.Provider value={options}>
      <RowSeedContext.Provider value={seed}>
        <DecisionScopeProvider>{row}</DecisionScopeProvider>
      </RowSeedContext.Provider>
    </ToolStepsOptionsContext.Provider>
  );
});
