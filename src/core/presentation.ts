/**
 * What a step is called on screen: the server's presentation, else the built-in table of well-known
 * tools, else the tool name.
 */
import type { Step } from './step';

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

/** What a row shows: always a label; an icon name and a detail line when known. */
export interface ResolvedPresentation {
  label: string;
  icon?: string;
  detail?: string;
  /** The full detail when `detail` was shortened for the row (for a tooltip). */
  detailTitle?: string;
  /** Where the label came from. */
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

/** @deprecated Use `ToolPresentationOverrides`. */
export type PresentationOverrides = ToolPresentationOverrides;

/** What `presentStep` reads of a step: the name, the arguments and the server's presentation (the status for tense). */
export type PresentableStep = Pick<Step, 'toolName' | 'input' | 'presentation'> & Partial<Step>;

function field(step: PresentableStep, value: ToolPresentationField | undefined): string | undefined {
  if (typeof value !== 'function') return value;
  try {
    return value(step as Step);
  } catch {
    return undefined;
  }
}

function argument(input: unknown, keys: readonly string[]): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  for (const key of keys) {
    const value = (input as Record<string, unknown>)[key];
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  }
  return undefined;
}

/**
 * Resolves a step's label, icon and detail line. Field by field, the first that has one wins: the
 * host's override for the tool, the server's presentation, the built-in table, then the tool name
 * (or "Tool call" when the wire never named the tool).
 */
export function presentStep(step: PresentableStep, overrides?: ToolPresentationOverrides): ResolvedPresentation {
  const entry = overrides && Object.hasOwn(overrides, step.toolName) ? overrides[step.toolName] : undefined;
  const override = entry
    ? { label: field(step, entry.label), icon: field(step, entry.icon), detail: field(step, entry.detail) }
    : undefined;
  const server = step.presentation;
  const known = Object.hasOwn(knownTools, step.toolName) ? knownTools[step.toolName] : undefined;
  const knownDetail = known ? (argument(step.input, known.detailFrom) ?? known.detailDefault) : undefined;
  const label = override?.label ?? server?.label ?? known?.label;
  const resolved: ResolvedPresentation = {
    label: label || step.toolName || 'Tool call',
    source: override?.label ? 'override' : server?.label ? 'server' : known ? 'known' : 'name',
  };
  const icon = override?.icon ?? server?.icon ?? known?.icon;
  if (icon) resolved.icon = icon;
  const detail = override?.detail ?? server?.detail ?? knownDetail;
  if (detail) resolved.detail = detail;
  return resolved;
}
