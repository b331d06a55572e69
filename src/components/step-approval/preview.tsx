'use client';

// What an approval card shows approving will do: the file to be written, the change, or the command,
// under a heading, with the arguments the preview leaves out below.
import { type ReactNode, Suspense, useEffect, useMemo } from 'react';
import type { Step } from 'tool-steps/core';
import type { ToolStepsLabels } from 'tool-steps/presentation';
import { useToolStepsOptions } from '../../internal/context';
import { RendererBoundary } from '../../internal/renderer-boundary';
import { WireText } from '../../internal/visible-text';
import { type ApprovalAction, approvalPreview } from '../../presentation/derived/approval';
import { CodeRenderer, DiffRenderer, preloadRendererOf } from '../../renderers/lazy-views';

/** The heading of each action, by its word in `labels.approval`. */
const HEADINGS = {
  write: 'willWrite',
  edit: 'willEdit',
  delete: 'willDelete',
  run: 'willRun',
  fetch: 'willFetch',
  send: 'willSend',
  other: 'toolInput',
} as const satisfies Record<ApprovalAction, keyof ToolStepsLabels['approval']>;

function PlainText({ text }: { text: string }) {
  return (
    <pre data-slot="tool-step-approval-input" className="tool-step-approval-input">
      <WireText text={text} lines />
    </pre>
  );
}

/**
 * A file or a change, drawn by the host's renderer of its kind (`renderers.byKind.code` / `.diff`), else
 * the built-in one; plain text while its chunk loads and if it throws.
 */
function PreviewView({
  step,
  kind,
  value,
  plain,
}: {
  step: Step;
  kind: 'code' | 'diff';
  value: object;
  plain: string;
}) {
  const renderers = useToolStepsOptions().renderers;
  const own = renderers?.byKind && Object.hasOwn(renderers.byKind, kind) ? renderers.byKind[kind] : undefined;
  // the details block's own chunks: until the view is there, the card shows the same text plain
  const View = own ?? (kind === 'code' ? CodeRenderer : DiffRenderer);
  useEffect(() => {
    if (!own) preloadRendererOf(kind);
  }, [own, kind]);
  return (
    <div data-slot="tool-step-approval-view" className="tool-step-approval-view" data-kind={kind}>
      <RendererBoundary resetKey={value}>
        <Suspense fallback={<PlainText text={plain} />}>
          <View step={step} details={value} kind={kind} />
        </Suspense>
      </RendererBoundary>
    </div>
  );
}

function othersText(others: Record<string, unknown>): string {
  try {
    return JSON.stringify(others, null, 2) ?? '';
  } catch {
    return Object.keys(others).join(', ');
  }
}

/** What approving will do, under its heading: the file, the change, or the command (path, URL) in full. */
export function Preview({ step, words }: { step: Step; words: ToolStepsLabels['approval'] }) {
  const preview = useMemo(() => approvalPreview(step), [step]);
  const { file, change, text } = preview;
  if (!file && !change && !text) return null;
  return (
    <Section heading={words[HEADINGS[preview.action]]} slot="tool-step-approval-preview" kind={preview.action}>
      {file ? (
        <PreviewView
          step={step}
          kind="code"
          value={{ kind: 'code', code: file.content, path: file.path }}
          plain={file.content}
        />
      ) : change ? (
        <PreviewView
          step={step}
          kind="diff"
          value={{ oldText: change.oldText, newText: change.newText, path: change.path }}
          plain={change.newText}
        />
      ) : (
        <PlainText text={text ?? ''} />
      )}
      {preview.others ? (
        <>
          <p data-slot="tool-step-approval-heading" className="tool-step-approval-heading">
            {words.otherArguments}
          </p>
          <pre data-slot="tool-step-approval-arguments" className="tool-step-approval-arguments">
            <WireText text={othersText(preview.others)} lines />
          </pre>
        </>
      ) : null}
    </Section>
  );
}

/** A part of the card under its heading. */
export function Section({
  heading,
  slot,
  kind,
  children,
}: {
  heading: string;
  slot: string;
  kind?: ApprovalAction;
  children: ReactNode;
}) {
  return (
    <div data-slot={slot} className={slot} data-action={kind}>
      <p data-slot="tool-step-approval-heading" className="tool-step-approval-heading">
        {heading}
      </p>
      {children}
    </div>
  );
}
