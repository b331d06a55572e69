/** The tool parts of AI SDK `UIMessage`s: their shapes (structural, 5.x to 7.x), the step each stands for, and when two make the same step. */
import type { Step, StepApproval, StepStatus } from '../step';

/** The approval a tool part carries (6.x and later). */
export interface ToolUIPartApprovalLike {
  readonly id?: string;
  readonly approved?: boolean;
  readonly reason?: string;
  readonly requestReason?: string;
  readonly isAutomatic?: boolean;
}

/** A tool part of a `UIMessage`: `tool-<name>` (static tools) or `dynamic-tool` (with `toolName`). */
export interface ToolUIPartLike {
  readonly type: string;
  readonly toolCallId: string;
  readonly state: string;
  readonly toolName?: string;
  readonly input?: unknown;
  readonly rawInput?: unknown;
  readonly inputEncoding?: string;
  readonly output?: unknown;
  readonly preliminary?: boolean;
  readonly errorText?: string;
  readonly title?: string;
  readonly providerExecuted?: boolean;
  readonly toolMetadata?: unknown;
  readonly approval?: ToolUIPartApprovalLike;
}

/** What `stepsFromUIMessages` reads of a message: its parts (other fields are ignored). */
export interface UIMessageLike {
  readonly id?: string;
  readonly role?: string;
  readonly parts: readonly unknown[];
}

const STATUS: Readonly<Record<string, (part: ToolUIPartLike) => StepStatus>> = {
  'input-streaming': () => 'input-streaming',
  'input-available': () => 'running',
  'approval-requested': () => 'awaiting-approval',
  'approval-responded': (p) => (p.approval?.approved === false ? 'denied' : 'running'),
  'output-available': (p) => (p.preliminary ? 'running' : 'succeeded'),
  'output-error': () => 'failed',
  'output-denied': () => 'denied',
};

/** `true` for a `tool-<name>` or `dynamic-tool` part with a call id and a state. */
export function isToolUIPart(part: unknown): part is ToolUIPartLike {
  if (typeof part !== 'object' || part === null) return false;
  const p = part as { type?: unknown; toolCallId?: unknown; state?: unknown };
  return (
    typeof p.type === 'string' &&
    (p.type.startsWith('tool-') || p.type === 'dynamic-tool') &&
    typeof p.toolCallId === 'string' &&
    p.toolCallId !== '' &&
    typeof p.state === 'string'
  );
}

/** The tool name of a tool part: `toolName` for `dynamic-tool`, else the type after `tool-`. */
export function toolNameOfPart(part: ToolUIPartLike): string {
  return part.type === 'dynamic-tool' ? (part.toolName ?? '') : part.type.slice('tool-'.length);
}

/** The step status a tool part stands for; `undefined` for a state this kit does not know. */
export function statusOfToolPart(part: ToolUIPartLike): StepStatus | undefined {
  const map = Object.hasOwn(STATUS, part.state) ? STATUS[part.state] : undefined;
  return map?.(part);
}

function approvalOf(part: ToolUIPartLike): StepApproval | undefined {
  const a = part.approval;
  const denied = part.state === 'output-denied';
  if (!a && !denied) return undefined;
  const approval: StepApproval = {};
  if (a?.id !== undefined) approval.id = a.id;
  if (a?.requestReason !== undefined) approval.description = a.requestReason;
  const approved = a?.approved ?? (denied ? false : undefined);
  if (approved !== undefined) {
    approval.decision = a?.reason !== undefined ? { approved, reason: a.reason } : { approved };
  }
  return approval;
}

function inputTextOf(part: ToolUIPartLike): string {
  if (typeof part.rawInput === 'string') return part.rawInput;
  if (part.input === undefined) return '';
  if (typeof part.input === 'string' && part.inputEncoding === 'text') return part.input;
  try {
    return JSON.stringify(part.input) ?? '';
  } catch {
    return '';
  }
}

/**
 * The step a tool part stands for. `previous` (the step the same call made before) gives the progress
 * count: each new preliminary output counts one more update.
 */
export function stepFromToolUIPart(part: ToolUIPartLike, previous?: Step): Step | undefined {
  const status = statusOfToolPart(part);
  if (!status) return undefined;
  const step: Step = { id: part.toolCallId, toolName: toolNameOfPart(part), status, inputText: inputTextOf(part) };
  // 6.x keeps a static tool's invalid input in `rawInput` (an object or the raw text), 7.x in `input`.
  const input = part.input === undefined && part.state === 'output-error' ? part.rawInput : part.input;
  if (input !== undefined) step.input = input;
  if (typeof part.title === 'string' && part.title !== '') step.presentation = { label: part.title };
  if (part.state === 'output-available') {
    // a sub-agent's output is its whole UIMessage: its calls become child steps, its text is what it says
    const output = isUIMessageLike(part.output) ? messageText(part.output) : part.output;
    if (part.preliminary) {
      const before = previous?.progress;
      const same = before !== undefined && deepEqual(before.content, output);
      step.progress = { content: output, count: same ? before.count : (before?.count ?? 0) + 1 };
    } else if (output !== undefined) {
      step.result = output;
    }
  }
  // The last progress stays once the final output replaced it, as the reducer keeps it.
  if (!step.progress && previous?.progress) step.progress = previous.progress;
  if (part.state === 'output-error') step.error = { message: part.errorText ?? '' };
  const approval = approvalOf(part);
  if (approval) step.approval = approval;
  return step;
}

/** Deep equality of JSON-like values (what parts hold), with a shortcut for the same reference. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bs = b as unknown[];
    return a.length === bs.length && a.every((item, i) => deepEqual(item, bs[i]));
  }
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  if (ak.length !== bk.length) return false;
  return ak.every(
    (k) => Object.hasOwn(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

const READ_FIELDS = [
  'type',
  'toolName',
  'state',
  'title',
  'preliminary',
  'errorText',
  'rawInput',
  'inputEncoding',
] as const;

/** `true` when two parts would make the same step (only the fields a step reads are compared). */
export function sameToolPart(a: ToolUIPartLike, b: ToolUIPartLike): boolean {
  if (a === b) return true;
  for (const key of READ_FIELDS) if (!Object.is(a[key], b[key])) return false;
  const x = a.approval;
  const y = b.approval;
  if (
    x !== y &&
    (!x ||
      !y ||
      x.id !== y.id ||
      x.approved !== y.approved ||
      x.reason !== y.reason ||
      x.requestReason !== y.requestReason)
  ) {
    return false;
  }
  return deepEqual(a.input, b.input) && deepEqual(a.output, b.output);
}

/**
 * `true` for a whole `UIMessage` (an object with a `role` and a `parts` array): the output of an AI SDK
 * sub-agent, a tool whose `execute` yields the `readUIMessageStream` snapshots of another agent
 * (https://ai-sdk.dev/docs/agents/subagents). Its tool parts are the sub-agent's calls.
 */
export function isUIMessageLike(value: unknown): value is UIMessageLike {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as { role?: unknown; parts?: unknown };
  return typeof v.role === 'string' && Array.isArray(v.parts);
}

/** A sub-agent message's text: its last non-empty text part, as the parent model is usually given it. */
export function messageText(message: UIMessageLike): string | undefined {
  for (let i = message.parts.length - 1; i >= 0; i--) {
    const part = message.parts[i] as { type?: unknown; text?: unknown } | null;
    if (part && part.type === 'text' && typeof part.text === 'string' && part.text !== '') return part.text;
  }
  return undefined;
}
