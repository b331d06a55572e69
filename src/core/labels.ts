/**
 * Every word the kit writes, in one object: statuses, buttons, the approval card, announcements,
 * durations and the derived tool labels with their tenses. English by default; a host passes a
 * whole other locale, or only the words it changes, through `<ToolSteps labels>`.
 * Framework-free: no React here.
 */
import { labelInTense, type Tense, tenseOf, type VerbForms } from './presentation/words';
import type { StepStatus } from './step';

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

/** What an announcement is about: the step's label and detail as shown on its row. */
export interface AnnouncedStep {
  label: string;
  detail?: string;
  code?: string;
}

/** Every word the kit writes. */
export interface ToolStepsLabels {
  /** A BCP 47 tag, for plurals, numbers and durations (`Intl`). */
  locale: string;
  /** The list's accessible name. */
  list: string;
  /** The muted line under the list when frames were skipped: "2 malformed or late events skipped". */
  skipped: (count: number) => string;
  /** Each status as text ("Running", "Failed", "Cancelled"). */
  status: Readonly<Record<StepStatus, string>>;
  /** The header once a person approved and the wire has not yet said the call runs. */
  approvedRunning: string;
  actions: {
    cancel: string;
    retry: string;
  };
  approval: {
    approve: string;
    deny: string;
    /** The bulk buttons: "Approve all 3". */
    approveAll: (count: number) => string;
    denyAll: (count: number) => string;
    /** Above the bulk buttons: "3 calls wait for your approval". */
    waiting: (count: number) => string;
    /** The card of a call waiting for this person. */
    waitsForYou: string;
    /** The card when nobody here can decide (no `onApprove` / `onDeny`): server rendering, a capture. */
    waitsElsewhere: string;
    /** The heading over what will run (the command, path or query, in full). */
    willRun: string;
    /** The heading over the side effects. */
    sideEffects: string;
    /** The heading over what the host says will happen ("47 records will be deleted"). */
    consequences: string;
    /** The optional reason field's label. */
    reason: string;
    approved: string;
    denied: string;
    /** The decision with its reason: "Approved: looks fine". */
    withReason: (decision: string, reason: string) => string;
    /** A denial's reason on its card (the header already says "Denied"): "Reason: not now". */
    because: (reason: string) => string;
  };
  /** Screen-reader announcements of transitions (never per token or progress update). */
  announce: {
    succeeded: (step: AnnouncedStep) => string;
    failed: (step: AnnouncedStep) => string;
    awaitingApproval: (step: AnnouncedStep) => string;
    denied: (step: AnnouncedStep) => string;
    cancelled: (step: AnnouncedStep) => string;
    interrupted: (step: AnnouncedStep) => string;
  };
  /** The details disclosure's button and its sections' headings. */
  details: {
    trigger: string;
    details: string;
    modelRead: string;
    lastUpdate: string;
    arguments: string;
  };
  /** A duration for people, in the locale ("8.4 s", "2 min, 5 s"). */
  duration: (ms: number) => string;
  tools: ToolLabelWords;
  // Other helpers' sections (time, groups, turn summary, keyboard) are folded in here at merge,
  // each as its own object: `time: timeWords`, `groups: groupWords`, ...
}

/** Some of the words: each section may be given in part; the rest come from the defaults. */
export type ToolStepsLabelsInput = {
  [K in keyof ToolStepsLabels]?: ToolStepsLabels[K] extends (...args: never[]) => unknown
    ? ToolStepsLabels[K]
    : ToolStepsLabels[K] extends object
      ? Partial<ToolStepsLabels[K]>
      : ToolStepsLabels[K];
};

/**
 * Picks the form for a count with `Intl.PluralRules`: `plural('en', 3, { one: '# call', other: '# calls' })`
 * → "3 calls" (`#` is the count, formatted for the locale). `other` is the fallback for any category.
 */
export function plural(
  locale: string,
  count: number,
  forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string },
): string {
  const form = forms[pluralRules(locale).select(count)] ?? forms.other;
  return form.replaceAll('#', formatNumber(locale, count));
}

const rules = new Map<string, Intl.PluralRules>();
function pluralRules(locale: string): Intl.PluralRules {
  let found = rules.get(locale);
  if (!found) {
    found = new Intl.PluralRules(locale);
    rules.set(locale, found);
  }
  return found;
}

function formatNumber(locale: string, value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale, options).format(value);
}

/**
 * A duration in the locale, with `Intl.NumberFormat`'s unit style: "120 ms", "8.4 s", "2 min, 5 s"
 * (each part through the locale's own unit names and separators).
 */
export function formatDurationIn(locale: string, ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '';
  const unit = (value: number, name: string, digits = 0) =>
    formatNumber(locale, value, { style: 'unit', unit: name, unitDisplay: 'narrow', maximumFractionDigits: digits });
  if (ms < 1000) return unit(Math.round(ms), 'millisecond');
  if (ms < 60_000) return unit(ms / 1000, 'second', ms < 10_000 ? 1 : 0);
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  if (seconds === 0) return unit(minutes, 'minute');
  return new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }).format([
    unit(minutes, 'minute'),
    unit(seconds, 'second'),
  ]);
}

const named = (step: AnnouncedStep) => (step.detail ? `${step.label} ${step.detail}` : step.label);

/** The English words. */
export const defaultLabels: ToolStepsLabels = {
  locale: 'en',
  list: 'Tool calls',
  skipped: (count) =>
    plural('en', count, { one: '# malformed or late event skipped', other: '# malformed or late events skipped' }),
  status: {
    'input-streaming': 'Preparing',
    running: 'Running',
    'awaiting-approval': 'Waiting for approval',
    succeeded: 'Done',
    failed: 'Failed',
    denied: 'Denied',
    cancelled: 'Cancelled',
    interrupted: 'Interrupted',
  },
  approvedRunning: 'Approved, running…',
  actions: { cancel: 'Cancel', retry: 'Retry' },
  approval: {
    approve: 'Approve',
    deny: 'Deny',
    approveAll: (count) => plural('en', count, { one: 'Approve', other: 'Approve all #' }),
    denyAll: (count) => plural('en', count, { one: 'Deny', other: 'Deny all #' }),
    waiting: (count) =>
      plural('en', count, { one: '# call waits for your approval', other: '# calls wait for your approval' }),
    waitsForYou: 'This call waits for your approval.',
    waitsElsewhere: 'This call waits for approval elsewhere.',
    willRun: 'Will run',
    sideEffects: 'Side effects',
    consequences: 'What will happen',
    reason: 'Reason (optional)',
    approved: 'Approved',
    denied: 'Denied',
    withReason: (decision, reason) => `${decision}: ${reason}`,
    because: (reason) => `Reason: ${reason}`,
  },
  announce: {
    succeeded: (step) => `${named(step)} finished`,
    failed: (step) => `${named(step)} failed${step.code ? `: ${step.code}` : ''}`,
    awaitingApproval: (step) => `${named(step)} is waiting for your approval`,
    denied: (step) => `${named(step)} was denied`,
    cancelled: (step) => `${named(step)} was cancelled`,
    interrupted: (step) => `${named(step)} was interrupted`,
  },
  details: {
    trigger: 'Details',
    details: 'Details',
    modelRead: 'What the model read',
    lastUpdate: 'Last update',
    arguments: 'Arguments',
  },
  duration: (ms) => formatDurationIn('en', ms),
  tools: { fallback: 'Tool call', tenseOf },
};

/**
 * The defaults with a host's words laid over them, section by section: `mergeLabels({ approval: {
 * approve: 'Allow' } })` changes one button and keeps every other word. The same input gives a new
 * object each call: memoize it (the `labels` prop does).
 */
export function mergeLabels(
  input: ToolStepsLabelsInput | undefined,
  base: ToolStepsLabels = defaultLabels,
): ToolStepsLabels {
  if (!input) return base;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const previous = (base as unknown as Record<string, unknown>)[key];
    merged[key] =
      typeof value === 'object' && value !== null && typeof previous === 'object' && previous !== null
        ? { ...previous, ...value }
        : value;
  }
  return merged as unknown as ToolStepsLabels;
}

/**
 * A tool's label in a tense with these words: the locale's `label` function first, else the English
 * label with its first word conjugated by the locale's `verbForms` (or the English ones).
 */
export function toolLabelIn(words: ToolLabelWords, info: ToolLabelInfo): string {
  const own = words.label?.(info);
  if (typeof own === 'string' && own.trim() !== '') return own;
  return labelInTense(info.label, info.tense, words.verbForms);
}
