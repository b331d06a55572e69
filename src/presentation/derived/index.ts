/**
 * What a step is called on screen: the host's `tools` entry, else the server's presentation, else the
 * built-in table of well-known tools, else a presentation derived from the call (name, arguments).
 */

import type { Step } from 'tool-steps/core';
import { isDevelopment, warnOnce } from '../../core/warn';
import { holdsSecret } from '../redact';
import { visibleText } from '../visible-text';
import { type Detail, detailFromInput, detailFromKnown } from './detail';
import { cleanText, readName } from './humanize';
import { iconForWords } from './icon';
import { isLookalikeName, markLookalike } from './lookalike';
import { defaultToolWords, type ToolLabelWords, toolLabelIn } from './tool-words';
import { labelInTense, type Tense, tenseOf } from './words';

export { type ApprovalAction, type ApprovalPreview, approvalActionOf, approvalPreview, inputDigest } from './approval';
export { DETAIL_MAX } from './detail';
export { type HumanizedToolName, humanizeToolName, LABEL_MAX } from './humanize';
export { type Tense, tenseOf, type VerbForms, verbForms } from './words';

/** A built-in presentation: a label, a Lucide icon name and the argument that makes the detail line. */
export interface KnownToolPresentation {
  label: string;
  icon: string;
  /** The argument whose value is the detail line, in order of preference. */
  detailFrom: readonly string[];
  /** The detail when the arguments have none of those (`list_files` → `.`). */
  detailDefault?: string;
}

/** Cogitator's workspace tools (`workspaceTools()`), as its documentation presents them. */
export const knownTools: Readonly<Record<string, KnownToolPresentation>> = {
  read_file: { label: 'Read file', icon: 'file-text', detailFrom: ['path'] },
  write_file: { label: 'Write file', icon: 'file-plus', detailFrom: ['path'] },
  edit_file: { label: 'Edit file', icon: 'file-pen', detailFrom: ['path'] },
  list_files: { label: 'List files', icon: 'folder', detailFrom: ['path'], detailDefault: '.' },
  glob: { label: 'Find files', icon: 'search', detailFrom: ['pattern'] },
  grep: { label: 'Search files', icon: 'text-search', detailFrom: ['pattern'] },
  run_command: { label: 'Run command', icon: 'terminal', detailFrom: ['command'] },
};

/** What a row shows: always a label; an icon name and a detail line when there is one. */
export interface ResolvedPresentation {
  label: string;
  icon?: string;
  detail?: string;
  /** The full detail when `detail` was shortened for the row (for a tooltip). */
  detailTitle?: string;
  /**
   * Where the label came from: the host's `tools` entry, the server, the built-in table, the tool's
   * name read for people (`derived`), or nothing better than "Tool call" (`name`).
   */
  source: 'override' | 'server' | 'known' | 'derived' | 'name';
  /** The server or namespace the tool name carries (`mcp__github__create_issue` → `github`). */
  server?: string;
}

/** One field of a host's presentation for a tool: a value, or a function of the step. */
export type ToolPresentationField = string | ((step: Step) => string | undefined);

/** A host's presentation of one tool: label, icon name and detail line, each a value or a function of the step. */
export interface ToolPresentationOverride {
  label?: ToolPresentationField;
  icon?: ToolPresentationField;
  detail?: ToolPresentationField;
}

/** A host's presentations, by tool name. */
export type ToolPresentationOverrides = Readonly<Record<string, ToolPresentationOverride>>;

/** What `presentStep` reads of a step: the name, the arguments and the server's presentation (the status for tense). */
export type PresentableStep = Pick<Step, 'toolName' | 'input' | 'presentation'> & Partial<Step>;

type Field = 'label' | 'icon' | 'detail';

/** A usable value: a string with something in it. */
function usable(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** One field of the host's entry: its value, or what its function returns; a throw or a non-string is skipped with a warning. */
function hostField(step: PresentableStep, name: string, field: Field, value: unknown): string | undefined {
  if (value === undefined || value === '') return undefined;
  let problem: string;
  if (typeof value === 'function') {
    try {
      const result: unknown = value(step);
      if (result === undefined) return undefined;
      if (typeof result === 'string') return usable(result) ? result : undefined;
      problem = `returned ${result === null ? 'null' : typeof result} instead of a string`;
    } catch (error) {
      problem = `threw (${cleanText(error instanceof Error ? error.message : String(error), 120)})`;
    }
  } else if (typeof value === 'string') {
    return usable(value) ? value : undefined;
  } else {
    problem = `is a ${value === null ? 'null' : typeof value}, not a string or a function`;
  }
  if (isDevelopment()) {
    // One warning per tool and field: the tool name is part of the message's kind (unquoted on purpose).
    warnOnce(
      `tools.${cleanText(name, 60) || '""'}.${field} ${problem}: the row shows the ${field} the kit derives instead. Fix the tools entry so it returns a string (or undefined to keep the default).`,
    );
  }
  return undefined;
}

function serverField(presentation: unknown, field: Field): string | undefined {
  if (typeof presentation !== 'object' || presentation === null) return undefined;
  const value = (presentation as Record<string, unknown>)[field];
  return usable(value) ? visibleText(value) : undefined;
}

function argument(input: unknown, keys: readonly string[]): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  for (const key of keys) {
    const value = Object.hasOwn(input, key) ? (input as Record<string, unknown>)[key] : undefined;
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  }
  return undefined;
}

function resolve(
  step: PresentableStep,
  tools: ToolPresentationOverrides | undefined,
  words: ToolLabelWords | undefined,
): ResolvedPresentation {
  const name = typeof step.toolName === 'string' ? step.toolName : '';
  // A huge name is no key of either table (and hashing it for the lookup would cost as much as reading it).
  const short = name.length <= 1000;
  const entry: unknown = tools && short && Object.hasOwn(tools, name) ? tools[name] : undefined;
  const host = typeof entry === 'object' && entry !== null ? (entry as Record<Field, unknown>) : undefined;
  const server = step.presentation;
  // A name that imitates another (Cyrillic `а` in `read_file`) is neither looked up nor read for people.
  // A name holding a secret (a key pasted as the tool's name) is not read either: humanized ("Sk ant
  // api03 …") the drawing-time mask would no longer recognise the key. The row shows the name, masked.
  const secret = short && holdsSecret(name);
  const lookalike = secret || isLookalikeName(name);
  const known = short && !lookalike && Object.hasOwn(knownTools, name) ? knownTools[name] : undefined;
  const read = secret ? asIs(name) : lookalike ? asIs(markLookalike(name)) : readName(name);
  const tense = (words?.tenseOf ?? tenseOf)(step.status);
  // Another locale's words (the default English ones take the memoized path below).
  const tensed = (label: string) =>
    words ? toolLabelIn(words, { toolName: name, label, tense, status: step.status }) : undefined;

  const hostLabel = host && hostField(step, name, 'label', host.label);
  const serverLabel = serverField(server, 'label');
  const resolved: ResolvedPresentation = hostLabel
    ? { label: hostLabel, source: 'override' }
    : serverLabel
      ? { label: serverLabel, source: 'server' }
      : known
        ? { label: tensed(known.label) ?? labelInTenseCached(known.label, tense), source: 'known' }
        : read.derived
          ? { label: tensed(read.label) ?? read.tensed[tense], source: 'derived' }
          : { label: words?.fallback ?? read.label, source: 'name' };

  // The derived detail, read at most once: for the detail line and for the icon's file variant.
  let derived: Detail | undefined | null = null;
  const derivedDetail = () => {
    if (derived === null) derived = detailFromInput(step.input);
    return derived;
  };

  const icon =
    (host && hostField(step, name, 'icon', host.icon)) ??
    serverField(server, 'icon') ??
    known?.icon ??
    (lookalike ? undefined : iconForWords(read.words, read.serverWords, derivedDetail()?.file));
  if (icon) resolved.icon = icon;

  const hostDetail = host && hostField(step, name, 'detail', host.detail);
  const serverDetail = serverField(server, 'detail');
  const detail: Detail | undefined = hostDetail
    ? { detail: hostDetail }
    : serverDetail
      ? { detail: serverDetail }
      : known
        ? knownDetail(step.input, known)
        : derivedDetail();
  if (detail) {
    resolved.detail = detail.detail;
    if (detail.title) resolved.detailTitle = detail.title;
  }
  if (read.server) resolved.server = read.server;
  return resolved;
}

/** A name shown as it is, not read for people. */
function asIs(label: string): ReturnType<typeof readName> {
  return { label, words: [], serverWords: [], tensed: { base: label, present: label, past: label }, derived: false };
}

function knownDetail(input: unknown, known: KnownToolPresentation): Detail | undefined {
  const value = argument(input, known.detailFrom);
  if (value) return detailFromKnown(value);
  return known.detailDefault ? { detail: known.detailDefault } : undefined;
}

const resolved = new WeakMap<
  object,
  [ToolPresentationOverrides | undefined, ToolLabelWords | undefined, ResolvedPresentation]
>();
const knownLabels = new Map<string, string>();
function labelInTenseCached(label: string, tense: Tense): string {
  if (tense === 'base') return label;
  const key = `${tense}|${label}`;
  let tensed = knownLabels.get(key);
  if (tensed === undefined) {
    tensed = labelInTense(label, tense);
    if (knownLabels.size < 64) knownLabels.set(key, tensed);
  }
  return tensed;
}

/**
 * Resolves a step's label, icon and detail line. Field by field, the first that has one wins: the
 * host's `tools` entry for the tool (a value or a function of the step), the server's presentation,
 * the built-in table, then what the kit derives from the call: the name read for people in the tense
 * of the status ("Deleting file" while running, "Deleted file" when done, "Delete file" otherwise),
 * an icon from the name's verb and noun, and the most telling argument as the detail line ("Tool
 * call" when the wire never named the tool). `words` (a `labels.tools` section) replaces the derived
 * labels' language: their tenses, verb forms and fallback. A host function that throws or returns a
 * non-string is skipped with a development warning. Never throws.
 */
export function presentStep(
  step: PresentableStep,
  tools?: ToolPresentationOverrides,
  words?: ToolLabelWords,
): ResolvedPresentation {
  // The English words take the memoized path; only another locale's words are called.
  const own = words && words !== defaultToolWords ? words : undefined;
  const fallback = own?.fallback ?? 'Tool call';
  if (typeof step !== 'object' || step === null) return { label: fallback, source: 'name' };
  try {
    // Steps are immutable snapshots and a row asks for its label, icon and detail on every render:
    // the same step object with the same tools gives the same presentation.
    // Host functions are called every time: they may read more than the step (a locale, a clock).
    const hit = resolved.get(step);
    if (hit && hit[0] === tools && hit[1] === own) return hit[2];
    const result = resolve(step, tools, own);
    const entry =
      tools && typeof step.toolName === 'string' && Object.hasOwn(tools, step.toolName)
        ? tools[step.toolName]
        : undefined;
    if (!entry || !Object.values(entry).some((value) => typeof value === 'function'))
      resolved.set(step, [tools, own, result]);
    return result;
  } catch {
    // Only a hostile step gets here (a throwing getter or proxy): show what needs no reading of it.
    return { label: fallback, source: 'name' };
  }
}
