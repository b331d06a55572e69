'use client';

import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useToolStepsLabels } from '../internal/context';
import { grammarFor } from './code-languages';
import { type CodeInput, toCodeInput } from './code-model';
import { CopyButton } from './copy';
import { detailsValue } from './detect';
import type { HighlightToken } from './highlight';
import type { DetailsRendererProps } from './types';
import { ROW_HEIGHT, useWindow, WindowedRows } from './window';

/**
 * The coloured tokens of `lines`, line by line as they are done (slices of a long file arrive one after
 * another); `undefined` until the first slice, and for a language without a grammar. Shiki is loaded on
 * first use, only here.
 */
function useHighlight(lines: string[], language: string | undefined): HighlightToken[][] | undefined {
  const [state, setState] = useState<{ lines: string[]; tokens: HighlightToken[][] }>();
  useEffect(() => {
    if (language === undefined || grammarFor(language) === undefined || lines.length === 0) return;
    const controller = new AbortController();
    import('./highlight')
      .then((m) => m.highlightLines(lines, language, (tokens) => setState({ lines, tokens }), controller.signal))
      // A grammar that cannot load leaves the text plain: colour is never worth an error.
      .catch(() => {});
    return () => controller.abort();
  }, [lines, language]);
  return state?.lines === lines ? state.tokens : undefined;
}

/** Without a language, the one its path's extension names (`NOTES.md` → markdown), if the view knows it. */
function withLanguageOfPath(input: CodeInput): CodeInput {
  if (input.language !== undefined || input.path === undefined) return input;
  const extension = /\.([A-Za-z0-9]+)$/.exec(input.path)?.[1];
  const language = extension === undefined ? undefined : grammarFor(extension);
  return language ? { ...input, language } : input;
}

/**
 * A file or a snippet with line numbers (starting at `startLine`), its path and language on the toolbar
 * and a copy button (the language, when not given, from the path's extension). Long files are windowed like the diff and terminal views (fixed 20 px rows). A known
 * language is coloured once its grammar has loaded (`data-highlighted`), slice by slice for long files.
 *
 * Renders `<div data-slot="tool-step-code-view" data-renderer="code" data-language?>`; lines are
 * `data-slot="tool-step-code-line"` with `tool-step-code-line-number` and `tool-step-code-text`.
 */
export function CodeView({ details }: DetailsRendererProps) {
  const input = useMemo(() => withLanguageOfPath(toCodeInput(detailsValue(details))), [details]);
  const win = useWindow(input.lines.length);
  const tokens = useHighlight(input.lines, input.language);
  const labels = useToolStepsLabels();
  const words = labels.views;
  const last = input.startLine + input.lines.length - 1;
  const digits = String(last).length;
  const row = (i: number): ReactNode => (
    <div key={i} data-slot="tool-step-code-line" className="tool-step-code-line" style={{ height: ROW_HEIGHT }}>
      <span
        data-slot="tool-step-code-line-number"
        className="tool-step-code-line-number"
        aria-hidden="true"
        style={{ width: `${digits}ch` }}
      >
        {input.startLine + i}
      </span>
      <span data-slot="tool-step-code-text" className="tool-step-code-text">
        {tokens?.[i]
          ? tokens[i].map((token, k) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the tokens of a line never reorder
              <span key={k} style={token.style}>
                {token.content}
              </span>
            ))
          : input.lines[i]}
      </span>
    </div>
  );
  return (
    <div
      data-slot="tool-step-code-view"
      className="tool-step-code-view"
      data-renderer="code"
      data-language={input.language}
      data-highlighted={tokens ? '' : undefined}
    >
      <div data-slot="tool-step-renderer-toolbar" className="tool-step-renderer-toolbar">
        {input.path ? (
          <code data-slot="tool-step-code-path" className="tool-step-code-path">
            {input.path}
          </code>
        ) : null}
        {input.language ? (
          <span data-slot="tool-step-code-language" className="tool-step-code-language">
            {input.language}
          </span>
        ) : null}
        <span data-slot="tool-step-renderer-summary" className="tool-step-renderer-summary">
          {words.lines(input.lines.length)}
        </span>
        <CopyButton text={input.code} label={labels.copy.code} />
      </div>
      {input.lines.length === 0 ? (
        <p data-slot="tool-step-renderer-note" className="tool-step-renderer-note">
          {words.emptyFile}
        </p>
      ) : (
        <WindowedRows
          count={input.lines.length}
          window={win}
          row={row}
          label={words.codeOf(input.path)}
          slot="tool-step-code-lines"
        />
      )}
    </div>
  );
}

export default CodeView;
