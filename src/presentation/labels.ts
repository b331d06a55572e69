/**
 * Every word the kit writes, in one object: statuses, buttons, the approval card, announcements,
 * durations and the derived tool labels with their tenses. English by default; a host passes a
 * whole other locale, or only the words it changes, through `<ToolSteps labels>`.
 * Framework-free: no React here.
 */

import type { ReasonCode, StepStatus } from 'tool-steps/core';
import { defaultToolWords, type ToolLabelInfo, type ToolLabelWords, toolLabelIn } from './derived/tool-words';
import { englishGroupWords, type GroupLabels } from './group-words';
import { formatNumber, plural } from './plural';

export type { GroupLabels, ToolLabelInfo, ToolLabelWords };
export { plural, toolLabelIn };

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
  /** What a row's status says where the wire's status does not tell it (`outcomeOf`). */
  outcome: OutcomeLabels;
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
    /** The heading over a file to be written, with its content ("Will write"). */
    willWrite: string;
    /** The heading over a change to a file, as a diff ("Will edit"). */
    willEdit: string;
    /** The heading over what will be deleted ("Will delete"). */
    willDelete: string;
    /** The heading over a command, in full ("Will run"). */
    willRun: string;
    /** The heading over a URL to be fetched ("Will fetch"). */
    willFetch: string;
    /** The heading over a message's recipient ("Will send to"). */
    willSend: string;
    /** The heading over what any other call gets: its most telling argument, else all of them ("Input"). */
    toolInput: string;
    /** The heading over the side effects. */
    sideEffects: string;
    /** The heading over what the host says will happen ("47 records will be deleted"). */
    consequences: string;
    /** The optional reason field's label. */
    reason: string;
    /** Over a card whose arguments changed while it waited (its buttons are off for a moment). */
    argumentsChanged: string;
    /** On a call that carries another waiting call's approval id: it cannot be decided here. */
    approvalIdReused: string;
    /** The heading over the arguments the preview above does not show ("Other arguments"). */
    otherArguments: string;
    /** The tool's own name, on a card whose header shows a label the server gave: "Tool: run_command". */
    tool: (name: string) => string;
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
    /** A call that ended because the person pressed Stop. */
    stopped: (step: AnnouncedStep) => string;
  };
  /** The details disclosure's button and its sections' headings. */
  details: {
    trigger: string;
    details: string;
    modelRead: string;
    /** The heading of a lone result (no details beside it): what the call returned. */
    result: string;
    /** The same for a command's output (a terminal block). */
    output: string;
    lastUpdate: string;
    arguments: string;
  };
  /**
   * A measured duration, in the locale: "120ms", "8.4s", "45s", "2m 5s". One clock: the header, the
   * group and turn summaries and the terminal block all write it.
   */
  duration: (ms: number) => string;
  /** The elapsed time of a running step, in whole seconds: "12s", "2m 5s". */
  elapsed: (ms: number) => string;
  /**
   * The time a call waited for a person's decision, apart from its run time (the duration's title):
   * "Waited 12s for approval". `duration` is `duration(ms)`.
   */
  approvalWait: (duration: string) => string;
  tools: ToolLabelWords;
  /** Groups of finished steps, nested steps and the turn summary line. */
  groups: GroupLabels;
  /** The model's reasoning between the calls. */
  reasoning: ReasoningLabels;
  /** The summary line's switch between the collapsed turn and one line per step. */
  verbosity: {
    /** Shown while the list is collapsed: "Show steps". */
    show: string;
    /** Shown while it draws the steps: "Hide steps". */
    hide: string;
  };
  /** The note and button of a block whose secrets are masked. */
  redaction: RedactionLabels;
  /** The copy buttons of the details blocks. */
  copy: CopyLabels;
  /** The line after the list when the run ended interrupted (no error): "Interrupted: connection lost". */
  interrupted: (reason: string) => string;
  /** A determinate progress update without text of its own: "2 of 4" (the numbers formatted in the locale). */
  progress: (value: string, total: string) => string;
  /**
   * Why a run ended or a call failed, by the kit's code on the state (`run.reasonCode`, an error's
   * `code`; `ReasonCode`): one sentence each. The wire's own text, when there is one, follows it.
   */
  reasons: Readonly<Record<ReasonCode, string>>;
  /** A code this table does not know, without text of the wire's: "Unknown reason: quota". */
  unknownReason: (code: string) => string;
  /** The words of the details views (terminal, text, JSON, table, diff, code, sources, media). */
  views: ViewLabels;
}

/** What a row's status says where the wire's status does not tell it. */
export interface OutcomeLabels {
  /**
   * A call whose result reports a non-zero exit code, in its header (the wire said it succeeded):
   * "Exit 1". A reported failure without a code reads `status.failed`.
   */
  exit: (code: number) => string;
  /** A call that ended because the person pressed Stop ("Stopped"), in its header. */
  stopped: string;
}

/** The words of a reasoning segment's row. */
export interface ReasoningLabels {
  /** A segment while its text arrives: "Thinking…". */
  thinking: string;
  /** An ended segment: "Thought for 12s"; `undefined` when its duration is not known: "Thought". */
  thought: (duration: string | undefined) => string;
  /** An ended segment that took under a second: "Thought briefly". */
  briefly: string;
  /** A segment the run cut before it ended: "Stopped thinking". */
  stopped: string;
  /** A segment whose text the provider withheld or encrypted: "Reasoning hidden". */
  hidden: string;
  /** Over the text of a segment that is the provider's summary of the reasoning: "Summary". */
  summary: string;
  /** A parent whose nested items are reasoning only, on its button: "1 thought". */
  count: (count: number) => string;
}

/** The words of masked secrets. */
export interface RedactionLabels {
  /** The note beside the button: "2 secrets hidden". */
  hidden: (count: number) => string;
  /** The button that shows a block's secrets. */
  reveal: string;
  /** Its accessible name: "Reveal 2 hidden secrets". */
  revealLabel: (count: number) => string;
  /** The button that masks them again. */
  hide: string;
}

/** The words of the copy buttons. */
export interface CopyLabels {
  copy: string;
  copied: string;
  failed: string;
  /** The accessible name: "Copy output" (`what` is one of the nouns below, or a JSON path's value). */
  copyWhat: (what: string) => string;
  /** What the buttons copy. */
  text: string;
  output: string;
  code: string;
  error: string;
  table: string;
  diff: string;
  lastUpdate: string;
  arguments: string;
  /** A JSON value at a path: "value of $.items[0]". */
  valueOf: (path: string) => string;
}

/** The words inside the details views. */
export interface ViewLabels {
  /** While a lazily loaded view arrives. */
  loading: string;
  /** A view that threw: "This block could not be shown: <message>". */
  blockFailed: (message: string) => string;
  unknownError: string;
  /** The toggle group between what the application sees and what the model read. */
  show: string;
  /** The files a result names, as chips. */
  files: string;
  /** "227 → 52 tokens, 77% saved". */
  tokens: (ui: number, llm: number, savedPercent: number) => string;
  /** "1 line", "120 lines". */
  lines: (count: number) => string;
  showLess: string;
  showAllLines: (count: number) => string;
  showAllCharacters: (count: number) => string;
  /** The terminal's stream filter and its buttons. */
  streams: string;
  all: string;
  /** The exit code: "exit 1". */
  exit: (code: number) => string;
  follow: string;
  noOutput: string;
  /** The terminal's scroll region: "Output of npm test", or without a command "Terminal output". */
  outputOf: (command: string | undefined) => string;
  /** The tooltip of concealed (SGR 8) text, which is shown anyway. */
  concealed: string;
  /** JSON: `[3 items]`, `{2 keys}`, and the button that shows more of a long array. */
  items: (count: number) => string;
  keys: (count: number) => string;
  showMore: (count: number, remaining: number) => string;
  /** Table: "3 rows", "2 columns", the table's accessible name and its buttons. */
  rows: (count: number) => string;
  columns: (count: number) => string;
  table: (rows: number) => string;
  showFirstRows: (count: number) => string;
  showAllRows: (count: number) => string;
  /** Diff. */
  filesChanged: (count: number) => string;
  diffLayout: string;
  unified: string;
  split: string;
  notDiff: string;
  showUnchanged: (count: number) => string;
  diffUnreadable: (reason: string) => string;
  fileStatus: { added: string; deleted: string; renamed: string; binary: string };
  unchangedLines: (count: number) => string;
  binaryFile: string;
  noLineChanged: string;
  diffOf: (path: string) => string;
  noNewline: string;
  /** Code. */
  emptyFile: string;
  codeOf: (path: string | undefined) => string;
  /** Sources. */
  sources: string;
  sourceCount: (count: number) => string;
  noSources: string;
  notLink: string;
  newTab: string;
  /** Media. */
  imageAlt: string;
  notRaster: string;
  /** A URL that is not shown as a link or image, before the URL. */
  refusedUrl: string;
  /** A file's download link: "Download report.pdf". */
  download: (name: string) => string;
  /** A file or image without a name. */
  file: string;
  image: string;
  noMedia: string;
}

/** Some of the words: each section may be given in part; the rest come from the defaults. */
export type ToolStepsLabelsInput = {
  [K in keyof ToolStepsLabels]?: ToolStepsLabels[K] extends (...args: never[]) => unknown
    ? ToolStepsLabels[K]
    : ToolStepsLabels[K] extends object
      ? Partial<ToolStepsLabels[K]>
      : ToolStepsLabels[K];
};

const unitFormats = new Map<string, Intl.NumberFormat>();
function unit(locale: string, value: number, name: 'millisecond' | 'second' | 'minute' | 'hour', digits = 0) {
  const key = `${locale}|${name}|${digits}`;
  let format = unitFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: name,
      unitDisplay: 'narrow',
      maximumFractionDigits: digits,
    });
    unitFormats.set(key, format);
  }
  return format.format(value);
}

const listFormats = new Map<string, Intl.ListFormat>();
function longDuration(locale: string, totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(unit(locale, hours, 'hour'));
  if (minutes > 0) parts.push(unit(locale, minutes, 'minute'));
  if (seconds > 0 && hours === 0) parts.push(unit(locale, seconds, 'second'));
  let list = listFormats.get(locale);
  if (!list) {
    list = new Intl.ListFormat(locale, { type: 'unit', style: 'narrow' });
    listFormats.set(locale, list);
  }
  return list.format(parts);
}

/**
 * A measured duration in the locale, with `Intl.NumberFormat`'s narrow units: "120ms", "8.4s", "45s",
 * "2m 5s", "1h 3m" (each part through the locale's own unit names and separators). Empty for a
 * negative or non-finite value.
 */
export function formatDurationIn(locale: string, ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return unit(locale, Math.round(ms), 'millisecond');
  if (ms < 10_000) return unit(locale, Math.round(ms / 100) / 10, 'second', 1);
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? unit(locale, seconds, 'second') : longDuration(locale, seconds);
}

/** The elapsed time of a running step in the locale, in whole seconds: "12s", "2m 5s". */
export function formatElapsedIn(locale: string, ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '';
  const seconds = Math.floor(ms / 1000);
  return seconds < 60 ? unit(locale, seconds, 'second') : longDuration(locale, seconds);
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
  outcome: { exit: (code) => `Exit ${code}`, stopped: 'Stopped' },
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
    willWrite: 'Will write',
    willEdit: 'Will edit',
    willDelete: 'Will delete',
    willRun: 'Will run',
    willFetch: 'Will fetch',
    willSend: 'Will send to',
    toolInput: 'Input',
    sideEffects: 'Side effects',
    consequences: 'What will happen',
    reason: 'Reason (optional)',
    argumentsChanged: 'The arguments changed: read them again',
    approvalIdReused: 'Another call has the same approval id, so this one cannot be decided here',
    otherArguments: 'Other arguments',
    tool: (name) => `Tool: ${name}`,
    approved: 'Approved',
    denied: 'Denied',
    // "Approved, running: ship it" (not "running…: ship it")
    withReason: (decision, reason) => `${decision.replace(/…$/, '')}: ${reason}`,
    because: (reason) => `Reason: ${reason}`,
  },
  announce: {
    succeeded: (step) => `${named(step)} finished`,
    failed: (step) => `${named(step)} failed${step.code ? `: ${step.code}` : ''}`,
    awaitingApproval: (step) => `${named(step)} is waiting for your approval`,
    denied: (step) => `${named(step)} was denied`,
    cancelled: (step) => `${named(step)} was cancelled`,
    interrupted: (step) => `${named(step)} was interrupted`,
    stopped: (step) => `${named(step)} was stopped`,
  },
  details: {
    trigger: 'Details',
    details: 'Details',
    modelRead: 'What the model read',
    result: 'Result',
    output: 'Output',
    lastUpdate: 'Last update',
    arguments: 'Arguments',
  },
  duration: (ms) => formatDurationIn('en', ms),
  elapsed: (ms) => formatElapsedIn('en', ms),
  approvalWait: (duration) => `Waited ${duration} for approval`,
  tools: defaultToolWords,
  groups: englishGroupWords,
  reasoning: {
    thinking: 'Thinking…',
    thought: (duration) => (duration ? `Thought for ${duration}` : 'Thought'),
    briefly: 'Thought briefly',
    stopped: 'Stopped thinking',
    hidden: 'Reasoning hidden',
    summary: 'Summary',
    count: (count) => plural('en', count, { one: '# thought', other: '# thoughts' }),
  },
  verbosity: { show: 'Show steps', hide: 'Hide steps' },
  redaction: {
    hidden: (count) => plural('en', count, { one: '# secret hidden', other: '# secrets hidden' }),
    reveal: 'Reveal',
    revealLabel: (count) => plural('en', count, { one: 'Reveal the hidden secret', other: 'Reveal # hidden secrets' }),
    hide: 'Hide',
  },
  copy: {
    copy: 'Copy',
    copied: 'Copied',
    failed: 'Copy failed',
    copyWhat: (what) => `Copy ${what}`,
    text: 'text',
    output: 'output',
    code: 'code',
    error: 'error',
    table: 'table',
    diff: 'diff',
    lastUpdate: 'last update',
    arguments: 'arguments',
    valueOf: (path) => `value of ${path}`,
  },
  interrupted: (reason) => `Interrupted: ${reason}`,
  progress: (value, total) => `${value} of ${total}`,
  reasons: {
    stopped: 'Stopped before the run finished.',
    replaced: 'Replaced by a newer request.',
    'stream-closed': 'The stream closed before the run finished.',
    'closed-before-start': 'The stream closed before any run started.',
    'cut-mid-frame': 'The stream closed in the middle of a frame, before the run finished.',
    'connection-lost': 'The connection was lost.',
    'no-body': 'The server answered without a body: there was no stream to read.',
    cancelled: 'The run was cancelled.',
    restarted: 'A new message began before this one stopped.',
    unreachable: 'The server could not be reached.',
    'http-error': 'The server answered with an error.',
    'stream-error': 'The stream reported an error.',
    'tool-error': 'The tool reported an error.',
  },
  unknownReason: (code) => `Unknown reason: ${code}`,
  views: {
    loading: 'Loading…',
    blockFailed: (message) => `This block could not be shown: ${message}`,
    unknownError: 'unknown error',
    show: 'Show',
    files: 'Files',
    tokens: (ui, llm, saved) => {
      const base = `${formatNumber('en', ui)} → ${formatNumber('en', llm)} tokens`;
      return saved > 0 ? `${base}, ${Math.round(saved)}% saved` : base;
    },
    lines: (count) => plural('en', count, { one: '# line', other: '# lines' }),
    showLess: 'Show less',
    showAllLines: (count) => `Show all ${formatNumber('en', count)} lines`,
    showAllCharacters: (count) => `Show all ${formatNumber('en', count)} characters`,
    streams: 'Streams',
    all: 'All',
    exit: (code) => `exit ${code}`,
    follow: 'Follow output',
    noOutput: 'No output.',
    outputOf: (command) => (command ? `Output of ${command}` : 'Terminal output'),
    concealed: 'Concealed by the program (SGR 8); shown because the model reads it',
    items: (count) => plural('en', count, { one: '[# item]', other: '[# items]' }),
    keys: (count) => plural('en', count, { one: '{# key}', other: '{# keys}' }),
    showMore: (count, remaining) =>
      `Show ${formatNumber('en', count)} more (${formatNumber('en', remaining)} not shown)`,
    rows: (count) => plural('en', count, { one: '# row', other: '# rows' }),
    columns: (count) => plural('en', count, { one: '# column', other: '# columns' }),
    table: (rows) => `Table, ${plural('en', rows, { one: '# row', other: '# rows' })}`,
    showFirstRows: (count) => `Show the first ${formatNumber('en', count)} rows`,
    showAllRows: (count) => `Show all ${formatNumber('en', count)} rows`,
    filesChanged: (count) => plural('en', count, { one: '# file changed', other: '# files changed' }),
    diffLayout: 'Diff layout',
    unified: 'Unified',
    split: 'Side by side',
    notDiff: 'This is not a diff: no unified diff text and no before/after texts. Showing it as it is.',
    showUnchanged: (count) => plural('en', count, { one: 'Show # unchanged line', other: 'Show # unchanged lines' }),
    diffUnreadable: (reason) => `This diff could not be read (${reason}) Showing it as text.`,
    fileStatus: { added: 'new file', deleted: 'deleted', renamed: 'renamed', binary: 'binary' },
    unchangedLines: (count) =>
      plural('en', count, {
        one: '⋯ # unchanged line not in the diff · ',
        other: '⋯ # unchanged lines not in the diff · ',
      }),
    binaryFile: 'Binary file: no text to show.',
    noLineChanged: 'No line changed.',
    diffOf: (path) => `Diff of ${path}`,
    noNewline: '\\ No newline at end of file',
    emptyFile: 'Empty file.',
    codeOf: (path) => (path ? `Code of ${path}` : 'Code'),
    sources: 'Sources',
    sourceCount: (count) => plural('en', count, { one: '# source', other: '# sources' }),
    noSources: 'No sources.',
    notLink: 'not a web link',
    newTab: '(opens in a new tab)',
    imageAlt: 'Image from the tool',
    notRaster: 'Not shown: not a raster image',
    refusedUrl: 'Not shown (only http(s) and raster image data URLs are):',
    download: (name) => `Download ${name}`,
    file: 'file',
    image: 'image',
    noMedia: 'No image or file in these details.',
  },
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
 * What the list writes for why a run ended or a call failed: the sentence of a kit code
 * (`labels.reasons`), then the wire's own text when it says more; else the wire's text; else, for a
 * code the table does not know, `labels.unknownReason(code)`. Empty when there is neither.
 */
export function reasonText(labels: ToolStepsLabels, code: string | undefined, text: string | undefined): string {
  const detail = typeof text === 'string' && text.trim() !== '' ? text : '';
  const sentence = code !== undefined && Object.hasOwn(labels.reasons, code) ? labels.reasons[code as ReasonCode] : '';
  if (sentence) return detail && detail !== code ? `${sentence} ${detail}` : sentence;
  if (detail) return detail;
  return typeof code === 'string' && code !== '' ? labels.unknownReason(code) : '';
}

/**
 * An error as the list writes it: the wire's code as a badge and its message (empty when it would only
 * repeat the badge); a kit code (`labels.reasons`) has no badge: its sentence says it, then the message.
 */
export function errorText(
  labels: ToolStepsLabels,
  error: { message?: unknown; code?: unknown },
): { code: string | undefined; message: string } {
  const raw = typeof error.code === 'string' && error.code !== '' ? error.code : undefined;
  const text = typeof error.message === 'string' ? error.message : String(error.message ?? '');
  if (raw !== undefined && Object.hasOwn(labels.reasons, raw))
    return { code: undefined, message: reasonText(labels, raw, text) };
  return { code: raw, message: text === raw ? '' : text };
}
