'use client';

import ChevronRight from 'lucide-react/icons/chevron-right';
import {
  type ComponentProps,
  type ComponentPropsWithoutRef,
  createContext,
  forwardRef,
  Suspense,
  useContext,
  useEffect,
  useId,
  useMemo,
} from 'react';
import type { Step } from 'tool-steps/core';
import type { DetailsRenderers, DetailsView } from 'tool-steps/renderers';
import { chunked, useChunk } from '../internal/chunk';
import { ToolStepContext, useLabelId, useStepOf, useToolStepsLabels, useToolStepsOptions } from '../internal/context';
import { drawPart, type RenderProp } from '../internal/render';
import { RendererBoundary } from '../internal/renderer-boundary';
import { hasDetailsContent, useStepDisclosure } from '../internal/step-disclosure';
import { detectDetailsKind } from '../renderers/detect';
import type { DetailsKind } from '../renderers/types';
import type { DetailsBody as DetailsBodyComponent, DetailsBodyState } from './details-body';

/** The body chunk's `preloadRendererOf`, once that chunk has loaded. */
let preloadRenderer: ((kind: DetailsKind) => void) | undefined;

/**
 * The details body (`details-body.tsx`, a chunk of its own: the renderer registry and the eager
 * renderers), drawn directly once loaded (`useChunk`).
 */
const body = chunked(() =>
  import('./details-body').then((module) => {
    preloadRenderer = module.preloadRendererOf;
    return { default: module.DetailsBody };
  }),
);

/**
 * Loads the details body once; a failed load may be tried again. Not public: the jsdom tests' setup
 * awaits it.
 */
export const loadDetailsBody = body.load;

/** The body: drawn directly when its chunk is there as the content opens, through `React.lazy` otherwise. */
function BodyOnce(props: ComponentProps<typeof DetailsBodyComponent>) {
  const Body = useChunk(body);
  return <Body {...props} />;
}

/** The kind named by `data-kind`: the details' kind, else the result's, else `json` (the arguments). */
export function detailsBlockKind(step: Pick<Step, 'details' | 'result'>): DetailsKind {
  if (step.details !== undefined && step.details !== null) return detectDetailsKind(step.details);
  if (step.result !== undefined && step.result !== null) return detectDetailsKind(step.result);
  return 'json';
}

/** The types of `ToolStepDetails`. */
export declare namespace ToolStepDetails {
  /** A block of the open details whose secrets "Reveal" shows: the output, the last update, the arguments. */
  type Block = 'output' | 'progress' | 'input';

  /** What a `render` function of the details parts receives besides the props. */
  interface State {
    step: Step;
    open: boolean;
  }

  /** Props of `ToolStepDetails`. */
  interface Props extends ComponentPropsWithoutRef<'div'> {
    /** The step; defaults to the row's. */
    step?: Step;
    /** Whether the block is open (controlled). Inside a row, the row's state is used unless this is given. */
    open?: boolean;
    /**
     * Whether the block starts open (uncontrolled, outside a row).
     * @default true for failed steps, else false
     */
    defaultOpen?: boolean;
    /** Called with the new state when the person opens or closes the block. */
    onOpenChange?: (open: boolean) => void;
    /** Details renderers for the content; defaults to the list's `renderers`. */
    renderers?: DetailsRenderers;
    /** Which side of an output with both is shown (controlled): `details` (what the application sees) or `result` (what the model read). */
    view?: DetailsView;
    /**
     * Which side is shown first (uncontrolled).
     * @default 'details'
     */
    defaultView?: DetailsView;
    /** Called with the side the person picks. */
    onViewChange?: (view: DetailsView) => void;
    /** The blocks whose masked secrets are shown (controlled); unknown names are ignored. */
    revealed?: readonly ToolStepDetails.Block[];
    /**
     * The blocks whose secrets are shown at first (uncontrolled; hidden again once the details close).
     * @default []
     */
    defaultRevealed?: readonly ToolStepDetails.Block[];
    /** Called with the revealed blocks after the person presses "Reveal" or "Hide". */
    onRevealedChange?: (revealed: ToolStepDetails.Block[]) => void;
    /** Swaps the element: `render={<section />}` or `(props, state) => element`. */
    render?: RenderProp<ToolStepDetails.State>;
  }
}

interface DetailsContextValue {
  step: Step;
  open: boolean;
  setOpen: (open: boolean) => void;
  contentId: string;
  renderers: DetailsRenderers | undefined;
  /** The block's kind (`detailsBlockKind`), detected once per change of the details or result. */
  kind?: DetailsKind;
  /** The view and the revealed blocks, as the details root's props give them. */
  body?: DetailsBodyState;
}

const DetailsContext = createContext<DetailsContextValue | null>(null);
DetailsContext.displayName = 'ToolStepDetailsContext';

/**
 * The details disclosure (Radix Collapsible style): a root around `ToolStepDetailsTrigger` and
 * `ToolStepDetailsContent` (its default children). Inside a row it reads and sets the row's open
 * state (so the row's `data-state` follows); outside a row, or with `open` / `defaultOpen` /
 * `onOpenChange`, it owns it. Renders nothing when the step has nothing to show.
 *
 * Renders `<div data-slot="tool-step-details" data-kind="<kind>" data-state="open" | "closed">`.
 */
export const ToolStepDetails = forwardRef<HTMLDivElement, ToolStepDetails.Props>(function ToolStepDetails(
  {
    step: explicit,
    open,
    defaultOpen,
    onOpenChange,
    renderers,
    view,
    defaultView,
    onViewChange,
    revealed,
    defaultRevealed,
    onRevealedChange,
    render,
    ...props
  },
  ref,
) {
  const row = useContext(ToolStepContext);
  const step = useStepOf(explicit, 'ToolStepDetails');
  const ownId = useId();
  const [ownOpen, setOwnOpen] = useStepDisclosure(step, open, defaultOpen, onOpenChange);
  const byRow =
    row !== null && row.step === step && open === undefined && defaultOpen === undefined && onOpenChange === undefined;
  const isOpen = byRow ? row.open : ownOpen;
  const setOpen = byRow ? row.setOpen : setOwnOpen;
  const contentId = byRow ? row.contentId : ownId;
  const { details, result } = step;
  const kind = useMemo(() => detailsBlockKind({ details, result }), [details, result]);
  const body = useMemo<DetailsBodyState>(
    () => ({ view, defaultView, onViewChange, revealed, defaultRevealed, onRevealedChange }),
    [view, defaultView, onViewChange, revealed, defaultRevealed, onRevealedChange],
  );
  const value = useMemo<DetailsContextValue>(
    () => ({ step, open: isOpen, setOpen, contentId, renderers, kind, body }),
    [step, isOpen, setOpen, contentId, renderers, kind, body],
  );
  if (!hasDetailsContent(step)) return null;
  return (
    <DetailsContext.Provider value={value}>
      {drawPart(
        'div',
        render,
        {
          'data-slot': 'tool-step-details',
          'data-kind': kind,
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

/** The types of `ToolStepDetailsTrigger`. */
export declare namespace ToolStepDetailsTrigger {
  /** Props of `ToolStepDetailsTrigger`. */
  interface Props extends ComponentPropsWithoutRef<'button'> {
    /** Swaps the element: `render={<MyButton />}` or `(props, state) => element`. */
    render?: RenderProp<ToolStepDetails.State>;
  }
}

/**
 * The button that opens and closes the details; children replace the chevron and "Details".
 *
 * Renders `<button type="button" data-slot="tool-step-details-trigger" aria-expanded aria-controls data-state>`.
 */
export const ToolStepDetailsTrigger = forwardRef<HTMLButtonElement, ToolStepDetailsTrigger.Props>(
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
            <ChevronRight
              aria-hidden="true"
              focusable="false"
              size={14}
              data-slot="tool-step-details-chevron"
              className="tool-step-details-chevron"
            />
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

/** The types of `ToolStepDetailsContent`. */
export declare namespace ToolStepDetailsContent {
  /** Props of `ToolStepDetailsContent`. */
  interface Props extends ComponentPropsWithoutRef<'div'> {
    /** The step; defaults to the details' or the row's. */
    step?: Step;
    /** Details renderers; defaults to the details root's, else the list's `renderers`. */
    renderers?: DetailsRenderers;
    /** Swaps the element: `render={<section />}` or `(props, state) => element`. */
    render?: RenderProp<ToolStepDetails.State>;
  }
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
export const ToolStepDetailsContent = forwardRef<HTMLDivElement, ToolStepDetailsContent.Props>(
  function ToolStepDetailsContent({ step: explicit, renderers, render, ...props }, ref) {
    const disclosure = useDisclosure('ToolStepDetailsContent');
    const options = useToolStepsOptions();
    const fallbackId = useId();
    const step = useStepOf(explicit ?? disclosure?.step, 'ToolStepDetailsContent');
    const open = disclosure?.open ?? true;
    const loading = useToolStepsLabels().views.loading;
    const hasContent = hasDetailsContent(step);
    // Start loading the body, then the built-in renderer of the block's kind, as soon as there is
    // something to open, so that a click finds both ready and draws at once (a renderer that suspends
    // on its first render is held by React until 300 ms after its fallback showed).
    // the root's kind when there is one (detected once there), else this step's
    const { details, result } = step;
    const known = disclosure?.kind;
    useEffect(() => {
      if (!hasContent) return;
      body
        .load()
        .then(() => preloadRenderer?.(known ?? detailsBlockKind({ details, result })))
        .catch(() => undefined);
    }, [hasContent, known, details, result]);
    return drawPart(
      'div',
      render,
      {
        'data-slot': 'tool-step-details-content',
        'data-state': open ? 'open' : 'closed',
        id: disclosure?.contentId ?? fallbackId,
        hidden: !open,
        children: open ? (
          <RendererBoundary resetKey={step}>
            <Suspense
              fallback={
                <span data-slot="tool-step-details-loading" className="tool-step-details-loading">
                  {loading}
                </span>
              }
            >
              <BodyOnce
                step={step}
                renderers={renderers ?? disclosure?.renderers ?? options.renderers}
                state={disclosure?.body}
              />
            </Suspense>
          </RendererBoundary>
        ) : null,
      },
      props,
      ref,
      { step, open },
    );
  },
);
