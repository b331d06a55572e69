'use client';

import type { Step } from 'tool-steps/core';
import { isActiveStatus } from '../core';
import { outcomeOf } from '../presentation/outcome';
import { useControllable } from './controllable';
import { progressText } from './progress-text';

/**
 * Whether a step's details start open: a person needs to read them (what failed, also when the wire said a
 * call succeeded and its result reports a failure, a non-zero exit code). A call awaiting approval is not
 * one: its card shows what will happen, and the details hold only its arguments.
 */
export function startsExpanded(step: Step): boolean {
  return outcomeOf(step).status === 'failed';
}

/**
 * The disclosure state of a step's details. Controlled when `open` is given. Uncontrolled, it follows
 * `defaultOpen`, else the step (failed open, a non-zero exit code too; a streamed step that fails later
 * opens then), until the person toggles it: from then on their choice wins.
 */
export function useStepDisclosure(
  step: Step,
  open: boolean | undefined,
  defaultOpen: boolean | undefined,
  onOpenChange: ((open: boolean) => void) | undefined,
): [boolean, (open: boolean) => void] {
  return useControllable(open, defaultOpen ?? startsExpanded(step), onOpenChange);
}

/** The arguments as shown: parsed ones as formatted JSON, else the raw text; nothing when empty. */
export function inputText(step: Pick<Step, 'input' | 'inputText'>): string | undefined {
  const { input } = step;
  if (input !== undefined && input !== null) {
    if (typeof input === 'object' && !Array.isArray(input) && Object.keys(input).length === 0) return undefined;
    if (typeof input === 'string') return input === '' ? undefined : input;
    try {
      return JSON.stringify(input, null, 2);
    } catch {
      // fall through to the raw text
    }
  }
  return step.inputText.trim() === '' ? undefined : step.inputText;
}

/**
 * The last progress update of a step that stopped running (where a timed-out command stalled), as
 * text; nothing while it runs (the row shows it live then) or when there was none.
 */
export function lastUpdateText(step: Pick<Step, 'status' | 'progress'>): string | undefined {
  if (isActiveStatus(step.status) || step.progress?.content === undefined) return undefined;
  const text = progressText(step.progress.content, false);
  // a lone bracket or dash (the last line of a JSON print, a separator) says nothing to a person
  return /[\p{L}\p{N}]/u.test(text) ? text : undefined;
}

/** Whether the step has anything for its details block: details, a result, a last update, or arguments. */
export function hasDetailsContent(step: Step): boolean {
  return (
    (step.details !== undefined && step.details !== null) ||
    (step.result !== undefined && step.result !== null) ||
    lastUpdateText(step) !== undefined ||
    inputText(step) !== undefined
  );
}
