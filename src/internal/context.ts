'use client';

// The contexts the parts, the renderers and the internal helpers share, in one bottom module: everything
// above it (src/components, src/renderers) reads them from here, so nothing below reaches up into the parts.
import type { LucideProps } from 'lucide-react';
import { type ComponentType, createContext, type ReactElement, type ReactNode, useContext, useRef } from 'react';
import type { Step } from 'tool-steps/core';
import type {
  RedactOption,
  ResolvedPresentation,
  ToolPresentationOverride,
  ToolStepsLabels,
} from 'tool-steps/presentation';
import type { DetailsRenderers } from 'tool-steps/renderers';
import { defaultLabels } from '../presentation/labels';

/** What an icon component receives: an SVG's props (size, stroke width, class, ARIA). */
export type ToolIconProps = Omit<LucideProps, 'ref'>;

/** An icon component: any Lucide icon, or a host component taking the same props. */
export type ToolIconComponent = ComponentType<ToolIconProps>;

/** Icons by kebab-case name, as a host app passes them to extend or replace the built-in ones. */
export type ToolIconMap = Readonly<Record<string, ComponentType<Omit<LucideProps, 'ref'>>>>;

/** The words every part writes; English unless a `<ToolSteps labels>` (or `ToolStepsLabelsProvider`) says otherwise. */
export const ToolStepsLabelsContext = createContext<ToolStepsLabels>(defaultLabels);
ToolStepsLabelsContext.displayName = 'ToolStepsLabelsContext';

/** The words in effect: the nearest `labels` laid over the English defaults. */
export function useToolStepsLabels(): ToolStepsLabels {
  return useContext(ToolStepsLabelsContext);
}

/** What a row's component (`tools[name].Row`) receives: the row's step and state, and the default parts. */
export interface ToolRowProps {
  /** The step to draw. */
  step: Step;
  /** The step's presentation (label, icon, detail) with the `tools` entry applied. */
  presentation: ResolvedPresentation;
  /** Whether the details are open. */
  open: boolean;
  /** Opens or closes the details. */
  setOpen: (open: boolean) => void;
  /**
   * The default row's parts, as elements ready to return among your own: they read the row they are
   * drawn in, so they need no props.
   */
  parts: ToolRowProps.Parts;
  /** What the default row draws inside its root: return it for the steps this component does not want to draw. */
  defaultRow: ReactElement;
  /** The nested steps' list (agents calling agents): return it last. */
  children?: ReactNode;
}

/** The types of `ToolRowProps`. */
export declare namespace ToolRowProps {
  /** The default row's parts (see `ToolRowProps.parts`), each `null` where the default row draws nothing. */
  interface Parts {
    /** Icon, label, detail, status, duration and actions. */
    header: ReactElement;
    /** The latest progress, while the step is active. */
    progress: ReactElement | null;
    error: ReactElement;
    /** The approval, while it waits or once decided. */
    approval: ReactElement | null;
    /** The details disclosure (trigger and content). */
    details: ReactElement;
  }
}

/** One tool's presentation: label, icon and detail (values or functions of the step), and optionally a whole row. */
export interface ToolConfig extends ToolPresentationOverride {
  /**
   * Draws what this tool's rows hold instead of the default parts: return `parts` and `children` among
   * your own elements, or `defaultRow`. The row draws its root around what you return (`ToolStepRoot`:
   * the list's `<li>`, its attributes, its measurement and place in a windowed list), so return its
   * content, not a `<ToolStepRoot>`. A component that throws is replaced by the default parts for that
   * row only (with a development warning).
   */
  Row?: ComponentType<ToolRowProps>;
  /**
   * This tool's rows at their own verbosity, whatever the list's (`ToolStepsRoot.VerbosityOptions`):
   * `'expanded'` opens their details, `'steps'` keeps them as one line in a collapsed list, `'collapsed'`
   * hides them unless they need a person (an approval waiting, a failure).
   */
  verbosity?: 'collapsed' | 'steps' | 'expanded';
}

/** Per-tool presentation, by tool name. */
export type ToolsConfig = Readonly<Record<string, ToolConfig>>;

/** Options shared by every row of a list: registries, per-tool presentation and callbacks. */
export interface ToolStepsOptions {
  /** Details renderers, most specific first: by tool name, then by kind. */
  renderers?: DetailsRenderers;
  /** Extra icons by kebab-case name; they win over the built-in ones. */
  icons?: ToolIconMap;
  /** Per tool name: `label`, `icon`, `detail` (values or functions of the step) and an optional whole-row `Row`. */
  tools?: ToolsConfig;
  /**
   * Masks recognizable secrets (API keys, bearer tokens, JWTs, private keys, `password=` pairs, `.env`
   * lines) in everything drawn, with a "Reveal" button per block; the step is never changed. `false`
   * turns it off; extra patterns are added to the built-in ones; a function runs after them; or a
   * `RedactConfig`. Pass a stable value (a new array each render re-reads every row).
   * @default true
   */
  redact?: RedactOption;
  /**
   * Called with the step and `{ reason, inputDigest }` when a person presses "Approve": the reason
   * when one was typed (so `(step, { reason })` always reads), and from the approval card the digest
   * of the arguments the person saw (`inputDigest` of `tool-steps/presentation`), for the agent to
   * check against what it will run. A handler that throws leaves the call waiting.
   */
  onApprove?: (step: Step, decision: { reason?: string; inputDigest?: string }) => void;
  /** Called with the step and `{ reason, inputDigest }` when a person presses "Deny" (as `onApprove`). */
  onDeny?: (step: Step, decision: { reason?: string; inputDigest?: string }) => void;
  /**
   * What approving a waiting call will do, in the host's words, shown on its approval card
   * ("47 records will be deleted"). Called while the card is drawn; `undefined` shows nothing.
   */
  consequences?: (step: Step) => ReactNode;
  /** When given, active steps show a "Cancel" button that calls it with the step. */
  onCancel?: (step: Step) => void;
  /** When given, failed and interrupted steps show a "Retry" button that calls it with the step. */
  onRetry?: (step: Step) => void;
}

// Every key of `ToolStepsOptions` (a key left out is a type error here): `ToolStep` and `ToolSteps` take
// these out of their props (the rest go to the root element) and compare them to keep the options' context
// the same object.
const OPTIONS: { readonly [K in keyof Required<ToolStepsOptions>]: true } = {
  renderers: true,
  icons: true,
  tools: true,
  redact: true,
  onApprove: true,
  onDeny: true,
  consequences: true,
  onCancel: true,
  onRetry: true,
};
const OPTION_KEYS = Object.keys(OPTIONS) as readonly (keyof ToolStepsOptions)[];

/** Props split into the options every row shares and the rest. */
export function takeOptions<P extends object>(props: P): [ToolStepsOptions, Omit<P, keyof ToolStepsOptions>] {
  const options: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const key in props) {
    if (!Object.hasOwn(props, key)) continue;
    if (Object.hasOwn(OPTIONS, key)) options[key] = props[key];
    else rest[key] = props[key];
  }
  return [options as ToolStepsOptions, rest as Omit<P, keyof ToolStepsOptions>];
}

/** `own` over `outer`, option by option: what `own` leaves undefined comes from `outer`. */
export function mergeOptions(own: ToolStepsOptions, outer: ToolStepsOptions): ToolStepsOptions {
  const merged: Record<string, unknown> = {};
  for (const key of OPTION_KEYS) merged[key] = own[key] ?? outer[key];
  return merged as ToolStepsOptions;
}

/** `next`, or the options object returned last time when every option is the same one. */
export function useSameOptions(next: ToolStepsOptions): ToolStepsOptions {
  const last = useRef(next);
  if (OPTION_KEYS.some((key) => last.current[key] !== next[key])) last.current = next;
  return last.current;
}

/** A row's step and state; `null` outside a row. */
export const ToolStepContext = createContext<useToolStep.Result | null>(null);
ToolStepContext.displayName = 'ToolStepContext';

export const ToolStepsOptionsContext = createContext<ToolStepsOptions>({});
ToolStepsOptionsContext.displayName = 'ToolStepsOptionsContext';

/** `true` directly inside a `<ToolSteps>` list, where a row is an `<li>`; a row resets it for its content. */
export const InListContext = createContext(false);
InListContext.displayName = 'ToolStepsInListContext';

/**
 * The row the parts are in: its step, presentation, details open state (`open`, `setOpen`,
 * `hasDetails`) and the ids that tie its parts together (`labelId`, `contentId`). For custom parts
 * and whole-row components. Throws outside a row (`<ToolStep>` or `<ToolStepRoot>`), unless called
 * with `{ optional: true }`: then a part that also works alone gets `undefined` there.
 */
export function useToolStep(): useToolStep.Result;
export function useToolStep(options: { optional: true }): useToolStep.Result | undefined;
export function useToolStep(options?: { optional?: boolean }): useToolStep.Result | undefined {
  const row = useContext(ToolStepContext);
  if (!row) {
    if (options?.optional) return undefined;
    throw new Error('useToolStep() must be called inside a row: <ToolStep>, <ToolSteps> or <ToolStepRoot step={…}>.');
  }
  return row;
}

/** The types of `useToolStep`. */
export declare namespace useToolStep {
  /** What a row's parts share (read it with `useToolStep()`). */
  interface Result {
    /** The step the row draws. */
    step: Step;
    /** How the step is presented (label, icon, detail), with the list's `tools` applied. */
    presentation: ResolvedPresentation;
    /** Whether the row's details are open. */
    open: boolean;
    /** Opens or closes the row's details. */
    setOpen: (open: boolean) => void;
    /** Whether the step has anything for its details block. */
    hasDetails: boolean;
    /** The id of the row's label, so buttons ("Approve", "Details") can be described by it. */
    labelId: string;
    /** The id of the row's details content, for the trigger's `aria-controls`. */
    contentId: string;
  }
}

/**
 * The step a part draws: its explicit `step` prop, else the row's context. A part used outside a
 * row and without a `step` has nothing to draw: that is a programming error, reported at once.
 */
export function useStepOf(explicit: Step | undefined, part: string): Step {
  const context = useContext(ToolStepContext);
  const step = explicit ?? context?.step;
  if (!step) throw missingStep(part);
  return step;
}

/** The error a part without a step throws. */
export function missingStep(part: string): Error {
  return new Error(
    `<${part}> has no step to draw: render it inside <ToolStepRoot step={…}> (or <ToolStep>), or pass it a \`step\` prop.`,
  );
}

/** The row's label id, when the part is inside a row. */
export function useLabelId(): string | undefined {
  return useContext(ToolStepContext)?.labelId;
}

/** The list's shared options. */
export function useToolStepsOptions(): ToolStepsOptions {
  return useContext(ToolStepsOptionsContext);
}
