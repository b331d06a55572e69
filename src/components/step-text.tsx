'use client';

import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import type { Step } from 'tool-steps/core';
import { type ToolsConfig, useLabelId, useStepOf } from '../internal/context';
import { drawPart, type RenderProp } from '../internal/render';
import { screenLine, useRedactor } from '../internal/visible-text';
import { usePresentationOf } from './use-presentation';

/** The types of `ToolStepLabel`. */
export declare namespace ToolStepLabel {
  /** What a `render` function of the label and detail parts receives besides the props. */
  interface State {
    step: Step;
  }

  /** Props of `ToolStepLabel`. */
  interface Props extends ComponentPropsWithoutRef<'span'> {
    /** The step; defaults to the row's. */
    step?: Step;
    /** Per-tool presentation; defaults to the list's `tools`. */
    tools?: ToolsConfig;
    /** Swaps the element: `render={<strong />}` or `(props, state) => element`. */
    render?: RenderProp<ToolStepLabel.State>;
  }
}

/**
 * What the step is, for people: the host's `tools` label, else the server's, else the kit's
 * ("Read file", or one derived from the tool name). Children replace the text. The text is isolated
 * (`dir="auto"`), its secrets masked and its bidi, zero-width and tag characters shown (`⟨U+202E⟩`).
 *
 * Renders `<span data-slot="tool-step-label" dir="auto">`; inside a row it carries the row's label id.
 */
export const ToolStepLabel = forwardRef<HTMLSpanElement, ToolStepLabel.Props>(function ToolStepLabel(
  { step: explicit, tools, render, ...props },
  ref,
) {
  const step = useStepOf(explicit, 'ToolStepLabel');
  const presentation = usePresentationOf(explicit, tools, 'ToolStepLabel');
  const labelId = useLabelId();
  const redactor = useRedactor();
  return drawPart(
    'span',
    render,
    // `dir="auto"` isolates the text (`unicode-bidi: isolate` in every browser's own stylesheet), so it
    // cannot reorder the detail or the status beside it, with or without the kit's stylesheet
    { 'data-slot': 'tool-step-label', id: labelId, dir: 'auto', children: screenLine(presentation.label, redactor) },
    props,
    ref,
    { step },
  );
});

/** The types of `ToolStepDetail`. */
export declare namespace ToolStepDetail {
  type State = ToolStepLabel.State;

  /** Props of `ToolStepDetail`. */
  interface Props extends ComponentPropsWithoutRef<'span'> {
    /** The step; defaults to the row's. */
    step?: Step;
    /** Per-tool presentation; defaults to the list's `tools`. */
    tools?: ToolsConfig;
    /** Swaps the element: `render={<code />}` or `(props, state) => element`. */
    render?: RenderProp<ToolStepLabel.State>;
  }
}

/**
 * The detail line: the path, pattern or command the call is about, with the full value as `title`
 * when it was shortened. Renders nothing when there is none (and no children). Drawn like the label:
 * isolated, secrets masked, invisible characters shown.
 *
 * Renders `<span data-slot="tool-step-detail" dir="auto">`.
 */
export const ToolStepDetail = forwardRef<HTMLSpanElement, ToolStepDetail.Props>(function ToolStepDetail(
  { step: explicit, tools, render, ...props },
  ref,
) {
  const step = useStepOf(explicit, 'ToolStepDetail');
  const presentation = usePresentationOf(explicit, tools, 'ToolStepDetail');
  const redactor = useRedactor();
  const detail = props.children ?? presentation.detail;
  if (detail === undefined || detail === null || detail === '') return null;
  return drawPart(
    'span',
    render,
    {
      'data-slot': 'tool-step-detail',
      dir: 'auto',
      title: presentation.detailTitle === undefined ? undefined : screenLine(presentation.detailTitle, redactor),
      children: presentation.detail === undefined ? undefined : screenLine(presentation.detail, redactor),
    },
    props,
    ref,
    { step },
  );
});
