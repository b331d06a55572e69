'use client';

/**
 * The open details block's body, a chunk of its own: `ToolStepDetailsContent` loads it on demand (and
 * starts loading it as soon as a row with details mounts), so the renderer registry, the eager renderers
 * (JSON tree, table, media, text), the "what the model read" switch and the reveal toggles cost an app
 * nothing until a row has something to open.
 */

import { memo, type ReactNode, Suspense, useMemo } from 'react';
import { useControllable } from '../internal/controllable';
import { RendererBoundary } from '../internal/renderer-boundary';
import { inputText, lastUpdateText } from '../internal/step-disclosure';
import { useScreenValue } from '../internal/visible-text';
import { builtinRenderers } from '../renderers/builtin';

export { preloadRendererOf } from '../renderers/builtin';

import type { Step } from 'tool-steps/core';
import type { DetailsRenderers, DetailsView } from 'tool-steps/renderers';
import { useToolStepsLabels } from '../internal/context';
import { CopyButton } from '../renderers/copy';
import { detectDetailsKind } from '../renderers/detect';
import { hasBothViews, ModelViewSwitch } from '../renderers/model-view';
import type { DetailsKind, DetailsRenderer } from '../renderers/types';
import type { ToolStepDetails } from './step-details';

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
    <div
      data-slot="tool-step-details-section"
      className="tool-step-details-section"
      data-section={name}
      data-kind={kind}
    >
      {title !== undefined || bar ? (
        <div data-slot="tool-step-details-section-header" className="tool-step-details-section-header">
          {title !== undefined ? (
            <div data-slot="tool-step-details-heading" className="tool-step-details-heading">
              {title}
            </div>
          ) : null}
          {bar}
        </div>
      ) : null}
      {children}
    </div>
  );
}

/**
 * A view under its own Suspense boundary. Memoized: the body re-renders once after hydration (the
 * screening switches from whole to in pieces, `useScreened`), and a re-render that reaches a boundary
 * still to hydrate makes React draw it afresh, its fallback in place of the server's HTML, until the
 * view's chunk arrives.
 */
const Rendered = memo(function Rendered({
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
      <Suspense
        fallback={
          <span data-slot="tool-step-details-loading" className="tool-step-details-loading">
            {loading}
          </span>
        }
      >
        <Renderer step={step} details={value} kind={kind} />
      </Suspense>
    </RendererBoundary>
  );
});

const BLOCKS: readonly ToolStepDetails.Block[] = ['output', 'progress', 'input'];
const NONE: readonly ToolStepDetails.Block[] = [];

/** The view and the revealed blocks, controlled or not (the details root's props). */
export interface DetailsBodyState {
  view?: DetailsView;
  defaultView?: DetailsView;
  onViewChange?: (view: DetailsView) => void;
  revealed?: readonly ToolStepDetails.Block[];
  defaultRevealed?: readonly ToolStepDetails.Block[];
  onRevealedChange?: (revealed: ToolStepDetails.Block[]) => void;
}

/**
 * "Reveal" / "Hide" for the secrets one block masks, with how many it hides; nothing when it hides none.
 * Renders `<span data-slot="tool-step-redaction" data-state="hidden" | "revealed">`.
 */
function RevealToggle({ count, revealed, onChange }: { count: number; revealed: boolean; onChange: () => void }) {
  const words = useToolStepsLabels().redaction;
  if (count === 0) return null;
  return (
    <span data-slot="tool-step-redaction" className="tool-step-redaction" data-state={revealed ? 'revealed' : 'hidden'}>
      {revealed ? null : (
        <span data-slot="tool-step-redaction-note" className="tool-step-redaction-note">
          {words.hidden(count)}
        </span>
      )}{' '}
      <button
        type="button"
        data-slot="tool-step-reveal"
        className="tool-step-reveal"
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
export function DetailsBody({
  step,
  renderers,
  state = {},
}: {
  step: Step;
  renderers: DetailsRenderers | undefined;
  state?: DetailsBodyState;
}) {
  const [view, setView] = useControllable(state.view, state.defaultView ?? 'details', state.onViewChange);
  const labels = useToolStepsLabels();
  const words = labels.details;
  const copyWords = labels.copy;
  // anything but block names reveals nothing
  const [chosen, setRevealed] = useControllable(
    state.revealed,
    Array.isArray(state.defaultRevealed) ? state.defaultRevealed : NONE,
    state.onRevealedChange as ((blocks: readonly ToolStepDetails.Block[]) => void) | undefined,
  );
  const revealed = new Set(Array.isArray(chosen) ? chosen.filter((block) => BLOCKS.includes(block)) : NONE);
  const toggle = (block: ToolStepDetails.Block) =>
    setRevealed(revealed.has(block) ? [...revealed].filter((each) => each !== block) : [...revealed, block]);
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
  const reveal = (block: ToolStepDetails.Block, count: number) => (
    <RevealToggle count={count} revealed={revealed.has(block)} onChange={() => toggle(block)} />
  );
  return (
    <>
      {shown && kind ? (
        <Section
          name={shown}
          title={
            both ? undefined : shown === 'details' ? words.details : kind === 'terminal' ? words.output : words.result
          }
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
          <pre data-slot="tool-step-last-update" className="tool-step-last-update" tabIndex={0}>
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
          <pre data-slot="tool-step-input" className="tool-step-input" tabIndex={0}>
            {args.value}
          </pre>
        </Section>
      ) : null}
    </>
  );
}
