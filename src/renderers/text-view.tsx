'use client';

import { type ReactNode, useMemo, useState } from 'react';
import { useToolStepsLabels } from '../internal/context';
import { CopyButton } from './copy';
import { detailsValue } from './detect';
import { toDisplayText } from './normalize';
import type { DetailsRendererProps } from './types';

/** Past this many lines the text is cut, with an expander. */
export const TEXT_MAX_LINES = 300;
/** How many lines a cut text shows. */
export const TEXT_SHOWN_LINES = 200;
/** Past this many characters (a huge single line) the text is cut too. */
export const TEXT_MAX_CHARS = 20_000;

/** Props of `TextView`. */
export interface TextViewProps extends DetailsRendererProps {
  /** A note shown above the text, e.g. why a diff fell back to text. */
  note?: ReactNode;
}

function cut(text: string): { shown: string; lines: number; cutAt?: 'lines' | 'chars' } {
  let lines = 1;
  let cutIndex = -1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    lines++;
    if (lines === TEXT_SHOWN_LINES + 1) cutIndex = i;
  }
  // a text ending with a newline has no empty line after it ("a\nb\n" is 2 lines, as the code view counts)
  if (text.length > 1 && text.endsWith('\n')) lines--;
  if (lines > TEXT_MAX_LINES && cutIndex !== -1) return { shown: text.slice(0, cutIndex), lines, cutAt: 'lines' };
  if (text.length > TEXT_MAX_CHARS) return { shown: text.slice(0, TEXT_MAX_CHARS), lines, cutAt: 'chars' };
  return { shown: text, lines };
}

/**
 * Plain text with its whitespace kept and long lines wrapped; past `TEXT_MAX_LINES` lines (or
 * `TEXT_MAX_CHARS` characters) it shows the start and a "Show all" button. Non-string values are shown as
 * indented JSON. Renders `<div data-slot="tool-step-text-view" data-renderer="text">` holding a `<pre>`.
 */
export function TextView({ details, note }: TextViewProps) {
  const text = useMemo(() => toDisplayText(detailsValue(details)), [details]);
  const [all, setAll] = useState(false);
  const part = useMemo(() => cut(text), [text]);
  const cutNow = !all && part.cutAt !== undefined;
  const words = useToolStepsLabels().views;
  const copyWords = useToolStepsLabels().copy;
  return (
    <div data-slot="tool-step-text-view" className="tool-step-text-view" data-renderer="text">
      <div data-slot="tool-step-renderer-toolbar" className="tool-step-renderer-toolbar">
        {note ? (
          <p data-slot="tool-step-renderer-note" className="tool-step-renderer-note">
            {note}
          </p>
        ) : null}
        <span data-slot="tool-step-renderer-summary" className="tool-step-renderer-summary">
          {words.lines(part.lines)}
        </span>
        <CopyButton text={text} label={copyWords.text} />
      </div>
      <pre
        data-slot="tool-step-text-view-body"
        className="tool-step-text-view-body"
        data-truncated={cutNow ? '' : undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be reachable by keyboard to scroll it
        tabIndex={0}
      >
        {cutNow ? part.shown : text}
      </pre>
      {part.cutAt ? (
        <button
          type="button"
          data-slot="tool-step-renderer-expander"
          className="tool-step-renderer-expander"
          aria-expanded={all}
          onClick={() => setAll((v) => !v)}
        >
          {all
            ? words.showLess
            : part.cutAt === 'lines'
              ? words.showAllLines(part.lines)
              : words.showAllCharacters(text.length)}
        </button>
      ) : null}
    </div>
  );
}

export default TextView;
