/**
 * The words of the derived tool labels (a section of `labels`), apart from the rest of the words so
 * that the presentation, which server code uses, does not bundle every word of the interface.
 */

import type { StepStatus } from 'tool-steps/core';
import { labelInTense, type Tense, tenseOf, type VerbForms } from './words';

/** What a tool label function receives: the English label the kit derived and the call it names. */
export interface ToolLabelInfo {
  /** The tool's name as the wire gives it (`read_file`, `mcp__github__create_issue`). */
  toolName: string;
  /** The English label in its base form ("Read file", "Create issue"). */
  label: string;
  /** The tense the status reads best in (`tenseOf`). */
  tense: Tense;
  status: StepStatus | undefined;
}

/** The words of the derived tool labels (when neither the host's `tools` nor the server name one). */
export interface ToolLabelWords {
  /** The label when the wire never named the tool. */
  fallback: string;
  /** The tense a status reads in (default: present while running, past once succeeded, else base). */
  tenseOf: (status: StepStatus | undefined) => Tense;
  /** A verb's forms (default: the English table and rules). */
  verbForms?: (verb: string) => VerbForms;
  /**
   * The label shown for a tool in a tense. Default: the English label with its first word conjugated
   * (through `verbForms` when given). A locale translates here, e.g. by `toolName`.
   */
  label?: (info: ToolLabelInfo) => string | undefined;
}

/** The English words of the derived tool labels (`defaultLabels.tools`). */
export const defaultToolWords: ToolLabelWords = { fallback: 'Tool call', tenseOf };

/**
 * A tool's label in a tense with these words: the locale's `label` function first, else the English
 * label with its first word conjugated by the locale's `verbForms` (or the English ones).
 */
export function toolLabelIn(words: ToolLabelWords, info: ToolLabelInfo): string {
  const own = words.label?.(info);
  if (typeof own === 'string' && own.trim() !== '') return own;
  return labelInTense(info.label, info.tense, words.verbForms);
}
