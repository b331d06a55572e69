'use client';

import { type ComponentPropsWithoutRef, forwardRef, type Ref, useId, useMemo } from 'react';
import type { ReasoningSegment } from 'tool-steps/core';
import type { ToolStepsLabels } from 'tool-steps/presentation';
import { useToolStepsLabels } from '../internal/context';
import { mergeRefs } from '../internal/render';
import { useRowTabStop } from '../internal/row-focus';
import { slotClass } from '../internal/slot-class';
import { screenLine, screenName, useRedactor } from '../internal/visible-text';
import { segmentDurationMs } from '../presentation/duration';

/** How much of the end of a streaming segment's last line is screened and drawn as its live line (UTF-16 units). */
const LIVE_WINDOW = 1000;

/**
 * The latest line of a streaming text, read from the text's end only: a token costs the same at the
 * 100th line as at the first. A line longer than `LIVE_WINDOW` is cut (`…` before it) at a space inside
 * that window (a secret holds none, so a cut never leaves the tail of one that its pattern no longer
 * recognizes); with no space there, nothing is drawn.
 */
export function latestLine(text: string): string {
  let end = text.length;
  while (end > 0 && /\s/.test(text.charAt(end - 1))) end--;
  if (end === 0) return '';
  const newline = text.lastIndexOf('\n', end - 1);
  const start = newline + 1;
  if (end - start <= LIVE_WINDOW) return text.slice(start, end).trim();
  const window = text.slice(end - LIVE_WINDOW, end);
  const space = window.search(/\s/);
  return space < 0 ? '' : `…${window.slice(space + 1).trimStart()}`;
}

/** A segment's line: "Thinking…" while it streams, "Stopped thinking", "Thought for 12s", "Thought briefly", "Thought". */
export function thoughtHeadline(segment: ReasoningSegment, labels: ToolStepsLabels): string {
  const words = labels.reasoning;
  if (segment.status === 'streaming') return words.thinking;
  if (segment.status === 'interrupted') return words.stopped;
  const ms = segmentDurationMs(segment);
  if (ms === undefined) return words.thought(undefined);
  return ms < 1000 ? words.briefly : words.thought(labels.duration(ms));
}

const isHidden = (segment: ReasoningSegment) => segment.visibility === 'redacted' || segment.visibility === 'encrypted';

/** The types of `ToolStepsThought`. */
export declare namespace ToolStepsThought {
  /** Props of `ToolStepsThought`. */
  interface Props extends Omit<ComponentPropsWithoutRef<'li'>, 'children'> {
    segment: ReasoningSegment;
    /** Whether its text is shown. */
    open: boolean;
    onOpenChange: (open: boolean) => void;
  }
}

/**
 * One reasoning segment in the list, where it happened among the calls: its line ("Thinking…",
 * "Thought for 12s", "Thought briefly", "Stopped thinking") as a button that shows or hides its text.
 * While it streams, the latest line of its text follows the button, updated in place and never
 * announced (no live region: a screen reader is not read every token). A redacted or encrypted
 * segment says that reasoning happened and was hidden ("Reasoning hidden"), with nothing to open; a
 * summary is marked as one. The text is wire text: masked and made visible as every other field.
 *
 * Renders `<li data-slot="tool-steps-thought" data-status="streaming" | "done" | "interrupted"
 * data-visibility="full" | "summary" | "redacted" | "encrypted" data-state="open" | "closed">` with
 * `<button data-slot="tool-steps-thought-trigger" aria-expanded aria-controls>` (without text to show,
 * `<span data-slot="tool-steps-thought-line">` instead) holding its line in `<span
 * data-slot="tool-steps-thought-summary">` and, hidden, `<span data-slot="tool-steps-thought-note">`;
 * while streaming `<span
 * data-slot="tool-steps-thought-live">` (its text in `<span data-slot="tool-steps-thought-live-text"
 * dir="auto">`), and, open, `<div data-slot="tool-steps-thought-text"
 * dir="auto">` (a summary's headed by `<span data-slot="tool-steps-thought-kind">`). Other props go to
 * the `<li>` (a windowed list places it).
 */
export const ToolStepsThought = forwardRef<HTMLLIElement, ToolStepsThought.Props>(function ToolStepsThought(
  { segment, open, onOpenChange, ...props },
  ref,
) {
  const labels = useToolStepsLabels();
  const redactor = useRedactor();
  const textId = useId();
  const stop = useRowTabStop(`reasoning:${segment.id}`);
  const hidden = isHidden(segment);
  // a state from elsewhere (JSON, a host's own) may hold anything: text that is not a string has none to show
  const text = hidden || typeof segment.text !== 'string' ? '' : segment.text;
  const expandable = text.trim() !== '';
  const shown = open && expandable;
  const streaming = segment.status === 'streaming';
  const live = useMemo(
    () => (streaming && !shown ? screenLine(latestLine(text), redactor) : ''),
    [streaming, shown, text, redactor],
  );
  const body = useMemo(() => (shown ? screenLine(text, redactor, true) : ''), [shown, text, redactor]);
  const headline = (
    <>
      <span data-slot="tool-steps-thought-summary" className="tool-steps-thought-summary">
        {thoughtHeadline(segment, labels)}
      </span>
      {hidden ? (
        <span data-slot="tool-steps-thought-note" className="tool-steps-thought-note">
          {labels.reasoning.hidden}
        </span>
      ) : null}
    </>
  );
  return (
    <li
      data-slot="tool-steps-thought"
      data-status={segment.status}
      data-visibility={segment.visibility}
      data-state={shown ? 'open' : 'closed'}
      data-reasoning-id={screenName(segment.id, redactor)}
      tabIndex={stop?.tabIndex}
      onFocus={stop?.onFocus}
      {...props}
      className={slotClass('tool-steps-thought', props.className)}
      ref={mergeRefs<HTMLLIElement>(ref, stop?.ref as Ref<HTMLLIElement> | undefined)}
    >
      {expandable ? (
        <button
          type="button"
          data-slot="tool-steps-thought-trigger"
          className="tool-steps-thought-trigger"
          aria-expanded={shown}
          aria-controls={shown ? textId : undefined}
          onClick={() => onOpenChange(!shown)}
        >
          {headline}
        </button>
      ) : (
        <span data-slot="tool-steps-thought-line" className="tool-steps-thought-line">
          {headline}
        </span>
      )}
      {live ? (
        <span data-slot="tool-steps-thought-live" className="tool-steps-thought-live">
          <span data-slot="tool-steps-thought-live-text" className="tool-steps-thought-live-text" dir="auto">
            <bdi>{live}</bdi>
          </span>
        </span>
      ) : null}
      {shown ? (
        <div data-slot="tool-steps-thought-text" className="tool-steps-thought-text" id={textId} dir="auto">
          {segment.visibility === 'summary' ? (
            <span data-slot="tool-steps-thought-kind" className="tool-steps-thought-kind">
              {labels.reasoning.summary}
            </span>
          ) : null}
          {body}
        </div>
      ) : null}
    </li>
  );
});
ToolStepsThought.displayName = 'ToolStepsThought';
