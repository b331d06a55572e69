'use client';

import {
  Component,
  type ComponentPropsWithoutRef,
  type ComponentType,
  forwardRef,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { Step } from 'tool-steps/core';
import { isActiveStatus } from '../core';
import { warnOnce } from '../core/warn';
import {
  mergeOptions,
  type ToolRowProps,
  type ToolStepsOptions,
  ToolStepsOptionsContext,
  takeOptions,
  useSameOptions,
  useToolStep,
  useToolStepsOptions,
} from '../internal/context';
import { DecisionScopeProvider } from '../internal/decisions';
import type { RenderProp } from '../internal/render';
import { ToolStepActions } from './step-actions';
import { ToolStepApproval } from './step-approval';
import { ToolStepDetails } from './step-details';
import { ToolStepDuration } from './step-duration';
import { ToolStepError } from './step-error';
import { ToolStepHeader } from './step-header';
import { ToolStepIcon } from './step-icon';
import { ToolStepProgress } from './step-progress';
import { ToolStepRoot } from './step-root';
import { ToolStepStatus } from './step-status';
import { ToolStepDetail, ToolStepLabel } from './step-text';

/** The types of `ToolStep`. */
export declare namespace ToolStep {
  /** Props of `ToolStep`. */
  interface Props extends ToolStepsOptions, Omit<ComponentPropsWithoutRef<'li'>, 'children'> {
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
    render?: RenderProp<ToolStepRoot.State>;
    /** Drawn last inside the row (the default list puts nested steps here). */
    children?: ReactNode;
  }
}

// The default row's parts. Each reads the row from context, so one element serves every row.
const HEADER = (
  <ToolStepHeader>
    {/* the spaces keep words apart when no stylesheet lays the header out (flex drops them) */}
    <ToolStepIcon /> <ToolStepLabel /> <ToolStepDetail />{' '}
    {/* the status and its time, one unit: a narrow header wraps them together, never the time alone */}
    <span data-slot="tool-step-meta" className="tool-step-meta">
      <ToolStepStatus /> <ToolStepDuration />
    </span>{' '}
    <ToolStepActions />
  </ToolStepHeader>
);
const PROGRESS = <ToolStepProgress />;
const ERROR = <ToolStepError />;
const APPROVAL = <ToolStepApproval />;
const DETAILS = <ToolStepDetails />;

function partsOf(step: Step): ToolRowProps.Parts {
  const showApproval = step.status === 'awaiting-approval' || step.approval?.decision !== undefined;
  return {
    header: HEADER,
    progress: isActiveStatus(step.status) ? PROGRESS : null,
    error: ERROR,
    approval: showApproval ? APPROVAL : null,
    details: DETAILS,
  };
}

/** What the default row draws inside its root: the parts that apply to the step, then `children`. */
function DefaultParts({ parts, children }: { parts: ToolRowProps.Parts; children?: ReactNode }) {
  return (
    <>
      {parts.header}
      {parts.progress}
      {parts.error}
      {parts.approval}
      {parts.details}
      {children}
    </>
  );
}

/** A host's `Row` inside the root, with the row's step and state; the default parts if it throws. */
function HostRow({
  Row,
  parts,
  defaultRow,
  children,
}: {
  Row: ComponentType<ToolRowProps>;
  parts: ToolRowProps.Parts;
  defaultRow: ReactElement;
  children?: ReactNode;
}) {
  const { step, presentation, open, setOpen } = useToolStep();
  return (
    <RowBoundary toolName={step.toolName} resetKey={Row} fallback={defaultRow}>
      <Row
        step={step}
        presentation={presentation}
        open={open}
        setOpen={setOpen}
        parts={parts}
        defaultRow={defaultRow}
        // biome-ignore lint/correctness/noChildrenProp: the nested steps are a prop of the host's Row, placed where it wants
        children={children}
      />
    </RowBoundary>
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
 * for failed steps). A `tools[toolName].Row` draws the row's content instead (falling back to the
 * default parts if it throws); the root is this row's either way.
 *
 * Renders `ToolStepRoot`: `<div data-slot="tool-step" …>` alone (in a chat message), `<li>` inside
 * `<ToolSteps>`.
 */
export const ToolStep = forwardRef<HTMLElement, ToolStep.Props>(function ToolStep({ step, children, ...given }, ref) {
  const [own, props] = takeOptions(given);
  const options = useSameOptions(mergeOptions(own, useToolStepsOptions()));
  const parts = partsOf(step);
  const defaultRow = <DefaultParts parts={parts}>{children}</DefaultParts>;
  const entry = options.tools && Object.hasOwn(options.tools, step.toolName) ? options.tools[step.toolName] : undefined;
  const Row = entry?.Row;
  return (
    <ToolStepsOptionsContext.Provider value={options}>
      <DecisionScopeProvider>
        <ToolStepRoot {...props} step={step} ref={ref}>
          {Row ? (
            <HostRow Row={Row} parts={parts} defaultRow={defaultRow}>
              {children}
            </HostRow>
          ) : (
            defaultRow
          )}
        </ToolStepRoot>
      </DecisionScopeProvider>
    </ToolStepsOptionsContext.Provider>
  );
});
