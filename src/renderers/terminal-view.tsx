'use client';

import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useToolStepsLabels } from '../internal/context';
import { useClientLayoutEffect } from '../internal/layout-effect';
import { visibleText } from '../presentation/visible-text';
import { CopyButton } from './copy';
import { detailsValue } from './detect';
import { type TerminalStream, toTerminalInput } from './normalize';
import { stripSgr, TerminalLines, TerminalParser, type TermLine } from './terminal-model';
import type { DetailsRendererProps } from './types';
import { ROW_HEIGHT, useWindow, WindowedRows } from './window';

type Filter = 'all' | TerminalStream['stream'];

const STREAM_LABEL: Record<TerminalStream['stream'], string> = { output: 'output', stdout: 'stdout', stderr: 'stderr' };

/** Keeps one parser across renders, reusing its work while output only grows at the end. */
function useParser(lines: TerminalLines): TerminalParser {
  const ref = useRef<TerminalParser | undefined>(undefined);
  if (!ref.current || ref.current.lines !== lines)
    ref.current = ref.current ? ref.current.extend(lines) : new TerminalParser(lines);
  return ref.current;
}

/**
 * Terminal output: ANSI colours and styles as styled spans (parsed with anser, never raw escapes, never
 * HTML), carriage-return redraws collapsed to their last state, stdout and stderr told apart (with a
 * filter when both are present), the exit code as a badge, the command and duration when given. While
 * the step runs it follows the tail until you scroll up. Lines are windowed, so 50,000 lines render only
 * what is on screen. Copy gives the plain text without escapes.
 * Renders `<div data-slot="tool-step-terminal-view" data-renderer="terminal">`; lines are `data-slot="tool-step-terminal-line"`
 * with `data-stream="output" | "stdout" | "stderr"`.
 */
export function TerminalView({ step, details }: DetailsRendererProps) {
  const input = useMemo(() => toTerminalInput(detailsValue(details)), [details]);
  // read line by line as drawn: a 50,000-line log costs one scan for its newlines before it shows
  const lines = useMemo(() => new TerminalLines(input), [input]);
  const parser = useParser(lines);
  const streams = lines.streams;
  const [filter, setFilter] = useState<Filter>('all');
  const labels = useToolStepsLabels();
  const words = labels.views;
  const shown = useMemo(() => (filter === 'all' ? undefined : lines.indexesOf(filter)), [lines, filter]);
  const total = shown ? shown.length : lines.length;
  const win = useWindow(total);
  const running = step.status === 'running' || step.status === 'input-streaming';
  const [follow, setFollow] = useState(true);
  const following = running && follow;
  const showStreams = streams.length > 1 || streams[0] === 'stderr';

  useClientLayoutEffect(() => {
    const el = win.ref.current;
    if (following && el && total > 0) el.scrollTop = el.scrollHeight;
  }, [following, total, win.ref]);

  const onScroll = (el: HTMLDivElement) => {
    if (!running) return;
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight <= ROW_HEIGHT * 2;
    if (atBottom !== follow) setFollow(atBottom);
  };

  const digits = String(lines.length).length;
  const row = (i: number): ReactNode => {
    const index = shown ? (shown[i] as number) : i;
    const line = lines.at(index) as TermLine;
    return (
      <div
        key={index}
        data-slot="tool-step-terminal-line"
        className="tool-step-terminal-line"
        data-stream={line.stream}
        style={{ height: ROW_HEIGHT }}
      >
        <span
          data-slot="tool-step-terminal-line-number"
          className="tool-step-terminal-line-number"
          style={{ width: `${digits}ch` }}
        >
          {index + 1}
        </span>
        {showStreams ? (
          <span data-slot="tool-step-terminal-stream" className="tool-step-terminal-stream">
            {line.stream === 'stderr' ? 'err' : line.stream === 'stdout' ? 'out' : ''}
          </span>
        ) : null}
        <span data-slot="tool-step-terminal-text" className="tool-step-terminal-text">
          {parser.spans(index).map((span, k) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: spans of one line never reorder
              key={k}
              data-ansi={span.deco}
              data-concealed={span.concealed ? '' : undefined}
              title={span.concealed ? words.concealed : undefined}
              style={span.fg || span.bg ? { color: span.fg, backgroundColor: span.bg } : undefined}
            >
              {span.text}
            </span>
          ))}
        </span>
      </div>
    );
  };

  const plain = () => {
    const out: string[] = [];
    const count = shown ? shown.length : lines.length;
    for (let i = 0; i < count; i++) out.push(stripSgr((lines.at(shown ? (shown[i] as number) : i) as TermLine).raw));
    return out.join('\n');
  };

  return (
    <div
      data-slot="tool-step-terminal-view"
      className="tool-step-terminal-view"
      data-renderer="terminal"
      data-following={following ? '' : undefined}
    >
      <div data-slot="tool-step-renderer-toolbar" className="tool-step-renderer-toolbar">
        {input.command ? (
          <code data-slot="tool-step-terminal-command" className="tool-step-terminal-command">
            <span aria-hidden>$ </span>
            {visibleText(input.command)}
          </code>
        ) : null}
        <span data-slot="tool-step-renderer-summary" className="tool-step-renderer-summary">
          {words.lines(lines.length)}
        </span>
        {input.exitCode !== undefined ? (
          <span
            data-slot="tool-step-exit-code"
            className="tool-step-exit-code"
            data-exit-code={input.exitCode}
            data-ok={input.exitCode === 0 ? '' : undefined}
          >
            {words.exit(input.exitCode)}
          </span>
        ) : null}
        {input.durationMs !== undefined ? (
          <span data-slot="tool-step-terminal-duration" className="tool-step-terminal-duration">
            {labels.duration(input.durationMs)}
          </span>
        ) : null}
        {streams.length > 1 ? (
          // biome-ignore lint/a11y/useSemanticElements: a toolbar group of toggle buttons, not a form fieldset
          <div data-slot="tool-step-switch" className="tool-step-switch" role="group" aria-label={words.streams}>
            {(['all', ...streams] as Filter[]).map((f) => (
              <button key={f} type="button" aria-pressed={filter === f} onClick={() => setFilter(f)}>
                {f === 'all' ? words.all : STREAM_LABEL[f]}
              </button>
            ))}
          </div>
        ) : null}
        {running ? (
          <button
            type="button"
            data-slot="tool-step-terminal-follow"
            className="tool-step-terminal-follow"
            aria-pressed={following}
            onClick={() => setFollow((v) => !v)}
          >
            {words.follow}
          </button>
        ) : null}
        <CopyButton text={plain} label={labels.copy.output} />
      </div>
      {total === 0 ? (
        <p data-slot="tool-step-renderer-note" className="tool-step-renderer-note">
          {words.noOutput}
        </p>
      ) : (
        <WindowedRows
          count={total}
          window={win}
          row={row}
          label={words.outputOf(input.command ? visibleText(input.command) : undefined)}
          slot="tool-step-terminal-lines"
          onScroll={onScroll}
        />
      )}
    </div>
  );
}

export default TerminalView;
