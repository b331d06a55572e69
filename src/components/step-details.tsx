'use client';

import { ChevronRight } from 'lucide-react';
import { type ComponentPropsWithRef, type ReactNode, Suspense, useId, useState } from 'react';
import type { Step } from '../core';
import { RendererBoundary } from '../internal/renderer-boundary';
import { hasDetailsContent, inputText, lastUpdateText, useStepDisclosure } from '../internal/step-disclosure';
import { builtinRenderers } from '../renderers/builtin';
import { CopyButton } from '../renderers/copy';
import { detectDetailsKind } from '../renderers/detect';
import { hasBothViews, ModelViewSwitch } from '../renderers/model-view';
import type { DetailsKind, DetailsRenderer, DetailsRenderers, DetailsView } from '../renderers/types';
import { useLabelId, useStepOf, useToolStepsOptions } from './context';

/** Props of `ToolStepDetails`. */
export interface ToolStepDetailsProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** The step; defaults to the row's. */
  step?: Step;
  /** Whether the block is open (controlled). */
  open?: boolean;
  /**
   * Whether the block starts open (uncontrolled).
   * @default true for failed and awaiting-approval steps, else false
   */
  defaultOpen?: boolean;
  /** Called with the new state when the person opens or closes the block. */
  onOpenChange?: (open: boolean) => void;
  /** Details renderers; defaults to the list's `renderers`. */
  renderers?: DetailsRenderers;
  /** The disclosure button's text. @default "Details" */
  triggerLabel?: ReactNode;
}

function own<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The renderer of a value, most specific first: by tool (details only), by kind, built in. */
function pickRenderer(
  renderers: DetailsRenderers | undefined,
  toolName: string | undefined,
  kind: DetailsKind,
): DetailsRenderer {
  return (
    (toolName !== undefined ? own(renderers?.byTool, toolName) : undefined) ??
    own(renderers?.byKind as Readonly<Record<string, DetailsRenderer>> | undefined, kind) ??
    builtinRenderers[kind] ??
    builtinRenderers.json
  );
}

interface SectionProps {
  name: 'details' | 'result' | 'progress' | 'input';
  /** The heading; none where a switch above already names what is shown. */
  title?: string;
  kind?: DetailsKind;
  /** Shown above the content, after the heading. */
  bar?: ReactNode;
  children: ReactNode;
}

function Section({ name, title, kind, bar, children }: SectionProps) {
  return (
    <div data-slot="tool-step-details-section" data-section={name} data-kind={kind}>
      {title !== undefined || bar ? (
        <div data-slot="tool-step-details-section-header">
          {title !== undefined ? <div data-slot="tool-step-details-heading">{title}</div> : null}
          {bar}
        </div>
      ) : null}
      {children}
    </div>
  );
}

function Rendered({
  step,
  value,
  renderer,
  kind,
}: {
  step: Step;
  value: unknown;
  renderer: DetailsRenderer;
  kind: DetailsKind;
}) {
  const Renderer = renderer;
  return (
    <RendererBoundary resetKey={value}>
      <Suspense fallback={<span data-slot="tool-step-details-loading">Loading…</span>}>
        <Renderer step={step} details={value} kind={kind} />
      </Suspense>
    </RendererBoundary>
  );
}

/**
 * The open block: the output (what the application sees, or what the model read, with a switch when
 * there are both), the last update, the arguments; each renderer contained on its own.
 */
function DetailsBody({ step, renderers }: { step: Step; renderers: DetailsRenderers | undefined }) {
  const [view, setView] = useState<DetailsView>('details');
  const args = inputText(step);
  const lastUpdate = lastUpdateText(step);
  const hasResult = step.result !== undefined && step.result !== null;
  const hasDetails = step.details !== undefined && step.details !== null;
  const both = hasBothViews(step);
  // With both sides the switch picks one; a by-tool renderer is made for the tool's details only.
  const shown: 'details' | 'result' | undefined =
    hasDetails && (!both || view === 'details') ? 'details' : hasResult ? 'result' : undefined;
  const value = shown === 'details' ? step.details : step.result;
  const kind = shown ? detectDetailsKind(value) : undefined;
  return (
    <>
      {shown && kind ? (
        <Section
          name={shown}
          title={both ? undefined : shown === 'details' ? 'Details' : 'What the model read'}
          kind={kind}
          bar={<ModelViewSwitch step={step} value={view} onValueChange={setView} />}
        >
          <Rendered
            step={step}
            value={value}
            kind={kind}
            renderer={pickRenderer(renderers, shown === 'details' ? step.toolName : undefined, kind)}
          />
        </Section>
      ) : null}
      {lastUpdate !== undefined ? (
        <Section name="progress" title="Last update" bar={<CopyButton text={lastUpdate} label="last update" compact />}>
          <pre data-slot="tool-step-last-update">{lastUpdate}</pre>
        </Section>
      ) : null}
      {args !== undefined ? (
        <Section name="input" title="Arguments" kind="json" bar={<CopyButton text={args} label="arguments" compact />}>
          <pre data-slot="tool-step-input">{args}</pre>
        </Section>
      ) : null}
    </>
  );
}

/** The kind named by `data-kind`: the details' kind, else the result's, else `json` (the arguments). */
export function detailsBlockKind(step: Step): DetailsKind {
  if (step.details !== undefined && step.details !== null) return detectDetailsKind(step.details);
  if (step.result !== undefined && step.result !== null) return detectDetailsKind(step.result);
  return 'json';
}

/**
 * The details block behind a disclosure: a real `<button aria-expanded aria-controls>` opens a panel
 * that shows the step's `details` through the renderer registry (`renderers.byTool[toolName]`, then
 * `renderers.byKind[kind]`, then the built-in renderer of the kind), what the model read (`result`)
 * the last progress update once the step stopped running, and the arguments, as labelled sections. A renderer that throws shows a small fallback in its own
 * section only. The panel's content is rendered only while open. Renders nothing when the step has
 * nothing to show.
 *
 * Renders `<div data-slot="tool-step-details" data-kind="<kind>">` (`data-open` while open), holding
 * `<button data-slot="tool-step-details-trigger">` and `<div data-slot="tool-step-details-panel">`.
 */
export function ToolStepDetails({
  step: explicit,
  open,
  defaultOpen,
  onOpenChange,
  renderers,
  triggerLabel = 'Details',
  ...props
}: ToolStepDetailsProps) {
  const step = useStepOf(explicit, 'ToolStepDetails');
  const options = useToolStepsOptions();
  const labelId = useLabelId();
  const panelId = useId();
  const [isOpen, setOpen] = useStepDisclosure(step.status, open, defaultOpen, onOpenChange);
  if (!hasDetailsContent(step)) return null;
  return (
    <div
      data-slot="tool-step-details"
      data-kind={detailsBlockKind(step)}
      data-open={isOpen ? '' : undefined}
      {...props}
    >
      <button
        type="button"
        data-slot="tool-step-details-trigger"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-describedby={labelId}
        onClick={() => setOpen(!isOpen)}
      >
        <ChevronRight aria-hidden="true" focusable="false" size={14} data-slot="tool-step-details-chevron" />
        {triggerLabel}
      </button>
      <div data-slot="tool-step-details-panel" id={panelId} hidden={!isOpen}>
        {isOpen ? <DetailsBody step={step} renderers={renderers ?? options.renderers} /> : null}
      </div>
    </div>
  );
}
