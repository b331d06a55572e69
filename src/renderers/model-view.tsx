'use client';

import FileText from 'lucide-react/icons/file-text';
import { useState } from 'react';
import type { Step } from 'tool-steps/core';
import { isRecord } from '../core/values';
import { useToolStepsLabels } from '../internal/context';
import { screenLine, useRedactor } from '../internal/visible-text';
import type { DetailsView } from './types';

/** Token counts of both channels, as VT Code's `metadata.token_counts` gives them. */
export interface TokenCounts {
  /** Tokens of what the model read (`llm_tokens`). */
  llm: number;
  /** Tokens of what people see (`ui_tokens`). */
  ui: number;
  /** `ui - llm`, floored at 0 (`savings_tokens`). */
  saved: number;
  /** 0-100 (`savings_percent`). */
  percent: number;
}

/** What the wire says about the model's copy: token counts and the files it names. */
export interface ModelReadInfo {
  tokens?: TokenCounts;
  files: string[];
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function readCounts(value: unknown): TokenCounts | undefined {
  if (!isRecord(value)) return undefined;
  const llm = num(value.llm_tokens ?? value.llmTokens);
  const ui = num(value.ui_tokens ?? value.uiTokens);
  if (llm === undefined || ui === undefined || (llm === 0 && ui === 0)) return undefined;
  const saved = num(value.savings_tokens ?? value.savingsTokens) ?? Math.max(0, ui - llm);
  const percent = num(value.savings_percent ?? value.savingsPercent) ?? (ui > 0 ? (saved / ui) * 100 : 0);
  return { llm, ui, saved, percent };
}

/**
 * Token counts and file paths from a step's details or result, wherever a VT Code-like value keeps them:
 * `metadata.token_counts` / `metadata.files` (the dual-channel `ToolResult`), or `token_counts` / `files`
 * at the top. Counts that are all zero (VT Code's error results) are left out.
 */
export function modelReadInfo(step: Pick<Step, 'details' | 'result'>): ModelReadInfo {
  let tokens: TokenCounts | undefined;
  let files: string[] = [];
  for (const source of [step.details, step.result]) {
    if (!isRecord(source)) continue;
    const meta = isRecord(source.metadata) ? source.metadata : undefined;
    tokens ??=
      readCounts(meta?.token_counts ?? meta?.tokenCounts) ?? readCounts(source.token_counts ?? source.tokenCounts);
    if (files.length === 0) {
      const list = meta?.files ?? source.files;
      if (Array.isArray(list)) files = list.filter((f): f is string => typeof f === 'string');
    }
  }
  return { tokens, files };
}

/** `true` when a step has both what the application sees (`details`) and what the model read (`result`). */
export function hasBothViews(step: Pick<Step, 'details' | 'result'>): boolean {
  return step.details !== undefined && step.details !== null && step.result !== undefined && step.result !== null;
}

/** Props of `ModelViewSwitch`. */
export interface ModelViewSwitchProps {
  step: Step;
  /** The view shown (controlled). */
  value?: DetailsView;
  /** The view first shown (uncontrolled). @default 'details' */
  defaultValue?: DetailsView;
  onValueChange?: (view: DetailsView) => void;
}

/**
 * The bar above a details block: two toggle buttons, "Details" (what the application sees) and "What the
 * model read" (`result`), shown only when the step has both; the token counts of both sides with the
 * saving ("227 → 52 tokens, 77% saved") and the files the result names, as chips, when the wire gives them.
 * Renders `<div data-slot="tool-step-model-view-switch" data-view>` (its toggle group
 * `<div data-slot="tool-step-switch" role="group">`), or nothing when there is nothing to show.
 */
export function ModelViewSwitch({ step, value, defaultValue = 'details', onValueChange }: ModelViewSwitchProps) {
  const [own, setOwn] = useState<DetailsView>(defaultValue);
  const view = value ?? own;
  const both = hasBothViews(step);
  const info = modelReadInfo(step);
  const redactor = useRedactor();
  const labels = useToolStepsLabels();
  if (!both && !info.tokens && info.files.length === 0) return null;
  const choose = (next: DetailsView) => {
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <div data-slot="tool-step-model-view-switch" className="tool-step-model-view-switch" data-view={view}>
      {both ? (
        // biome-ignore lint/a11y/useSemanticElements: a toolbar group of two toggle buttons, not a form fieldset
        <div data-slot="tool-step-switch" className="tool-step-switch" role="group" aria-label={labels.views.show}>
          <button type="button" aria-pressed={view === 'details'} onClick={() => choose('details')}>
            {labels.details.details}
          </button>
          <button type="button" aria-pressed={view === 'result'} onClick={() => choose('result')}>
            {labels.details.modelRead}
          </button>
        </div>
      ) : null}
      {info.tokens ? (
        <span
          data-slot="tool-step-token-savings"
          className="tool-step-token-savings"
          data-significant={info.tokens.percent > 50 ? '' : undefined}
        >
          {labels.views.tokens(info.tokens.ui, info.tokens.llm, info.tokens.saved > 0 ? info.tokens.percent : 0)}
        </span>
      ) : null}
      {info.files.length > 0 ? (
        <ul data-slot="tool-step-file-chips" className="tool-step-file-chips" aria-label={labels.views.files}>
          {info.files.map((file, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a path may repeat
            <li key={i} data-slot="tool-step-file-chip" className="tool-step-file-chip">
              <FileText aria-hidden size={12} />
              <span data-slot="tool-step-file-chip-name" className="tool-step-file-chip-name" dir="auto">
                {screenLine(file, redactor)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
