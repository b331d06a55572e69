'use client';

import { ChevronRight } from 'lucide-react';
import {
  type ComponentPropsWithoutRef,
  createContext,
  forwardRef,
  type ReactNode,
  Suspense,
  useContext,
  useId,
  useMemo,
  useState,
} from 'react';
import type { Step } from '../core';
import { drawPart, type RenderProp } from '../internal/render';
import { RendererBoundary } from '../internal/renderer-boundary';
import { hasDetailsContent, inputText, lastUpdateText, useStepDisclosure } from '../internal/step-disclosure';
import { useScreenValue } from '../internal/visible-text';
import { builtinRenderers } from '../renderers/builtin';
import { CopyButton } from '../renderers/copy';
import { detectDetailsKind } from '../renderers/detect';
import { hasBothViews, ModelViewSwitch } from '../renderers/model-view';
import type { DetailsKind, DetailsRenderer, DetailsRenderers, DetailsView } from '../renderers/types';
import { ToolStepContext, useLabelId, useStepOf, useToolStepsOptions } from './context';
import { useToolStepsLabels } from './labels';

function own<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * The renderer of a value, most specific first: by tool name (`details` only: a tool's renderer is
 * made for its details), by kind, the built-in renderer of the kind, the JSON tree. Own keys only.
 */
function pickRenderer(
  renderers: DetailsRenderers | undefined,
  toolName: string | undefined,
  kind: DetailsKind,
): DetailsRenderer {
  return (
    (toolName !== undefined ? own(renderers?.byTool, toolName) : undefined) ??
    own(renderers?.byKind as Readonly<Record<string, DetailsRenderer>> | undefined, kind) ??
    own(builtinRenderers, kind) ??
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
  const loading = useToolStepsLabels().views.loading;
  return (
    <RendererBoundary resetKey={value}>
      <Suspense fallback={<span data-slot="tool-step-details-loading">{loading}</span>}>
        <Renderer step={step} details={value} kind={kind} />
      </Suspense>
    </RendererBoundary>
  );
}

type Block = 'output' | 'progress' | 'input';

/**
 * "Reveal" / "Hide" for the secrets one block masks, with how many it hides; nothing when it hides none.
 * Renders `<span data-slot="tool-step-redaction" data-state="hidden" | "revealed">`.
 */
function RevealToggle({ count, revealed, onChange }: { count: number; revealed: boolean; onChange: () => void }) {
  const words = useToolStepsLabels().redaction;
  if (count === 0) return null;
  return (
    <span data-slot="tool-step-redaction" data-state={revealed ? 'revealed' : 'hidden'}>
      {revealed ? null : <span data-slot="tool-step-redaction-note">{words.hidden(count)}</span>}{' '}
      <button
        type="button"
        data-slot="tool-step-reveal"
        aria-pressed={revealed}
        aria-label={revealed ? undefined : words.revealLabel(count)}
        onClick={onChange}
      >
        {revealed ? words.hide : words.reveal}
      </button>
    </span>
  );
}

/**
 * The open block: the output (what the application sees, or what the model read, with a switch when
 * there are both), the last update, the arguments; each renderer contained on its own. Every block is
 * drawn from a screened copy of its value (secrets masked, invisible characters shown), never the state.
 */
function DetailsBody({ step, renderers }: { step: Step; renderers: DetailsRenderers | undefined }) {
  const [view, setView] = useState<DetailsView>('details');
  const labels = useToolStepsLabels();
  const words = labels.details;
  const copyWords = labels.copy;
  const [revealed, setRevealed] = useState<ReadonlySet<Block>>(() => new Set());
  const toggle = (block: Block) =>
    setRevealed((current) => {
      const next = new Set(current);
      if (!next.delete(block)) next.add(block);
      return next;
    });
  const rawArgs = inputText(step);
  const rawLastUpdate = lastUpdateText(step);
  const hasResult = step.result !== undefined && step.result !== null;
  const hasDetails = step.details !== undefined && step.details !== null;
  const both = hasBothViews(step);
  // With both sides the switch picks one; a by-tool renderer is made for the tool's details only.
  const shown: 'details' | 'result' | undefined =
    hasDetails && (!both || view === 'details') ? 'details' : hasResult ? 'result' : undefined;
  const raw = shown === 'details' ? step.details : step.result;
  const rawKind = shown ? detectDetailsKind(raw) : undefined;
  const output = useScreenValue(raw, revealed.has('output'), rawKind === 'terminal');
  const lastUpdate = useScreenValue(rawLastUpdate, revealed.has('progress'));
  const args = useScreenValue(rawArgs, revealed.has('input'));
  const value = output.value;
  // renderers read the step too (the terminal its status): they get a copy with the screened value
  const shownStep = useMemo(
    () => (shown && value !== raw ? { ...step, [shown]: value } : step),
    [step, shown, value, raw],
  );
  const kind = rawKind;
  const reveal = (block: Block, count: number) => (
    <RevealToggle count={count} revealed={revealed.has(block)} onChange={() => toggle(block)} />
  );
  return (
    <>
      {shown && kind ? (
        <Section
          name={shown}
          title={both ? undefined : shown === 'details' ? words.details : words.modelRead}
          kind={kind}
          bar={
            <>
              <ModelViewSwitch step={step} value={view} onValueChange={setView} />
              {reveal('output', output.count)}
            </>
          }
        >
          <Rendered
            step={shownStep}
            value={value}
            kind={kind}
            renderer={pickRenderer(renderers, shown === 'details' ? step.toolName : undefined, kind)}
          />
        </Section>
      ) : null}
      {typeof lastUpdate.value === 'string' ? (
        <Section
          name="progress"
          title={words.lastUpdate}
          bar={
            <>
              {reveal('progress', lastUpdate.count)}
              <CopyButton text={lastUpdate.value} label={copyWords.lastUpdate} compact />
            </>
          }
        >
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be reachable by keyboard to scroll it */}
          <pre data-slot="tool-step-last-update" tabIndex={0}>
            {lastUpdate.value}
          </pre>
        </Section>
      ) : null}
      {typeof args.value === 'string' ? (
        <Section
          name="input"
          title={words.arguments}
          kind="json"
          bar={
            <>
              {reveal('input', args.count)}
              <CopyButton text={args.value} label={copyWords.arguments} compact />
            </>
          }
        >
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be reachable by keyboard to scroll it */}
          <pre data-slot="tool-step-input" tabIndex={0}>
            {args.value}
          </pre>
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

/** What a `render` function of the details parts receives besides the props. */
export interface ToolStepDetailsState {
  step: Step;
  open: boolean;
}

interface DetailsContextValue {
  step: Step;
  open: boolean;
  setOpen: (open: boolean) => void;
  contentId: string;
  renderers: DetailsRenderers | undefined;
}

const DetailsContext = createContext<DetailsContextValue | null>(null);
DetailsContext.displayName = 'ToolStepDetailsContext';

/** Props of `ToolStepDetails`. */
export interface ToolStepDetailsProps extends ComponentPropsWithoutRef<'div'> {
  /** The step; defaults to the row's. */
  step?: Step;
  /** Whether the block is open (controlled). Inside a row, the row's state is used unless this is given. */
  open?: boolean;
  /**
   * Whether the block starts open (uncontrolled, outside a row).
   * @default true for failed and awaiting-approval steps, else false
   */
  defaultOpen?: boolean;
  /** Called with the new state when the person opens or closes the block. */
  onOpenChange?: (open: boolean) => void;
  /** Details renderers for the content; defaults to the list's `renderers`. */
  renderers?: DetailsRenderers;
  /** Swaps the element: `render={<section />}` or `(props, state) => element`. */
  render?: RenderProp<ToolStepDetailsState>;
}

/**
 * The details disclosure (Radix Collapsible style): a root around `ToolStepDetailsTrigger` and
 * `ToolStepDetailsContent` (its default children). Inside a row it reads and sets the row's open
 * state (so the row's `data-state` follows); outside a row, or with `open` / `defaultOpen` /
 * `onOpenChange`, it owns it. Renders nothing when the step has nothing to show.
 *
 * Renders `<div data-slot="tool-step-details" data-kind="<kind>" data-state="open" | "closed">`.
 */
export const ToolStepDetails = forwardRef<HTMLDivElement, ToolStepDetailsProps>(function ToolStepDetails(
  { step: explicit, open, defaultOpen, onOpenChange, renderers, render, ...props },
  ref,
) {
  const row = useContext(ToolStepContext);
  const step = useStepOf(explicit, 'ToolStepDetails');
  const ownId = useId();
  const [ownOpen, setOwnOpen] = useStepDisclosure(step.status, open, defaultOpen, onOpenChange);
  const byRow =
    row !== null && row.step === step && open === undefined && defaultOpen === undefined && onOpenChange === undefined;
  const isOpen = byRow ? row.open : ownOpen;
  const setOpen = byRow ? row.setOpen : setOwnOpen;
  const contentId = byRow ? row.contentId : ownId;
  const value = useMemo<DetailsContextValue>(
    () => ({ step, open: isOpen, setOpen, contentId, renderers }),
    [step, isOpen, setOpen, contentId, renderers],
  );
  if (!hasDetailsContent(step)) return null;
  return (
    <DetailsContext.Provider value={value}>
      {drawPart(
        'div',
        render,
        {
          'data-slot': 'tool-step-details',
          'data-kind': detailsBlockKind(step),
          'data-state': isOpen ? 'open' : 'closed',
          children: (
            <>
              <ToolStepDetailsTrigger />
              <ToolStepDetailsContent />
            </>
          ),
        },
        props,
        ref,
        { step, open: isOpen },
      )}
    </DetailsContext.Provider>
  );
});

/** The disclosure a trigger or content part follows: its `ToolStepDetails`, else its row. */
function useDisclosure(part: string): DetailsContextValue | undefined {
  const details = useContext(DetailsContext);
  const row = useContext(ToolStepContext);
  if (details) return details;
  if (row) {
    return { step: row.step, open: row.open, setOpen: row.setOpen, contentId: row.contentId, renderers: undefined };
  }
  if (part === 'ToolStepDetailsTrigger') {
    throw new Error('<ToolStepDetailsTrigger> must be inside <ToolStepDetails> or a row.');
  }
  return undefined;
}

/** Props of `ToolStepDetailsTrigger`. */
export interface ToolStepDetailsTriggerProps extends ComponentPropsWithoutRef<'button'> {
  /** Swaps the element: `render={<MyButton />}` or `(props, state) => element`. */
  render?: RenderProp<ToolStepDetailsState>;
}

/**
 * The button that opens and closes the details; children replace the chevron and "Details".
 *
 * Renders `<button type="button" data-slot="tool-step-details-trigger" aria-expanded aria-controls data-state>`.
 */
export const ToolStepDetailsTrigger = forwardRef<HTMLButtonElement, ToolStepDetailsTriggerProps>(
  function ToolStepDetailsTrigger({ render, ...props }, ref) {
    const disclosure = useDisclosure('ToolStepDetailsTrigger') as DetailsContextValue;
    const labelId = useLabelId();
    const words = useToolStepsLabels().details;
    const { open, setOpen, contentId, step } = disclosure;
    return drawPart(
      'button',
      render,
      {
        type: 'button',
        'data-slot': 'tool-step-details-trigger',
        'data-state': open ? 'open' : 'closed',
        'aria-expanded': open,
        'aria-controls': contentId,
        'aria-describedby': labelId,
        onClick: () => setOpen(!open),
        children: (
          <>
            <ChevronRight aria-hidden="true" focusable="false" size={14} data-slot="tool-step-details-chevron" />
            {words.trigger}
          </>
        ),
      },
      props,
      ref,
      { step, open },
    );
  },
);

/** Props of `ToolStepDetailsContent`. */
export interface ToolStepDetailsContentProps extends ComponentPropsWithoutRef<'div'> {
  /** The step; defaults to the details' or the row's. */
  step?: Step;
  /** Details renderers; defaults to the details root's, else the list's `renderers`. */
  renderers?: DetailsRenderers;
  /** Swaps the element: `render={<section />}` or `(props, state) => element`. */
  render?: RenderProp<ToolStepDetailsState>;
}

/**
 * The details content, drawn only while open: the output through the renderer registry
 * (`renderers.byTool[toolName]`, then `renderers.byKind[kind]`, then the built-in renderer of the
 * kind, then the JSON tree) with a switch to "what the model read" when there are both, the last
 * progress update once the step stopped running, and the arguments, as labelled sections. A renderer
 * that throws shows a small fallback in its own section only. Children replace the sections. Used
 * alone (outside details and rows) with a `step`, it is open.
 *
 * Renders `<div data-slot="tool-step-details-content" data-state>` (`hidden` while closed).
 */
export const ToolStepDetailsContent = forwardRef<HTMLDivElement, ToolStepDetailsContentProps>(
  function ToolStepDetailsContent({ step: explicit, renderers, render, ...props }, ref) {
    const disclosure = useDisclosure('ToolStepDetailsContent');
    const options = useToolStepsOptions();
    const fallbackId = useId();
    const step = useStepOf(explicit ?? disclosure?.step, 'ToolStepDetailsContent');
    const open = disclosure?.open ?? true;
    return drawPart(
      'div',
      render,
      {
        'data-slot': 'tool-step-details-content',
        'data-state': open ? 'open' : 'closed',
        id: disclosure?.contentId ?? fallbackId,
        hidden: !open,
        children: open ? (
          <DetailsBody step={step} renderers={renderers ?? disclosure?.renderers ?? options.renderers} />
        ) : null,
      },
      props,
      ref,
      { step, open },
    );
  },
);
