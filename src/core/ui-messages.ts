/**
 * AI SDK `UIMessage`s (what `useChat` returns) → `StepsState`, so `<ToolSteps state={...}/>` can sit
 * next to `useChat` without a second connection. Framework-free, and independent of the `ai` package:
 * the shapes below are structural, read from the SDK's `ui-messages.ts` (5.x to 7.x).
 *
 * Part states map onto step statuses as the AI SDK decoder maps chunks (see the table in
 * `decoders/ai-sdk.ts`): `input-streaming` → `input-streaming`; `input-available` → `running`;
 * `approval-requested` → `awaiting-approval`; `approval-responded` → `running`, or `denied` when not
 * approved; `output-available` → `succeeded`, or `running` while `preliminary`; `output-error` →
 * `failed`; `output-denied` → `denied`.
 *
 * Sub-agents (a tool whose outputs are another agent's whole `UIMessage`, the SDK's documented way to
 * stream one) give child steps: each of the inner message's tool parts is a step with `parentId` set
 * to the outer call and the id `<outer call id>/<inner call id>`, at any depth up to 8; the outer
 * call's progress and result are the inner message's latest text.
 */
import type { StepEvent } from './events';
import { isMastraPartType, mastraRunOfPart } from './mastra-parts';
import { repairStep } from './repair';
import { segmentOf } from './segments';
import {
  emptyStepsState,
  type ReasoningSegment,
  type Step,
  type StepApproval,
  type StepStatus,
  type StepsState,
} from './step';
import { isRecord } from './values';

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

/** The step id of a sub-agent's call: its call id under the parent's (ids of two sub-agents may repeat). */
export function subAgentStepId(parentId: string, toolCallId: string): string {
  return `${parentId}/${toolCallId}`;
}

/** How deep sub-agents inside sub-agents are read; deeper calls are not drawn. */
const SUB_AGENT_DEPTH = 8;

/** The tool parts of a sub-agent message, each with the step id it gets under `parentId` (recursively). */
function subAgentParts(
  parentId: string,
  output: unknown,
  depth: number,
  visit: (part: ToolUIPartLike, id: string, parentId: string) => void,
): void {
  if (depth > SUB_AGENT_DEPTH || !isUIMessageLike(output)) return;
  for (const part of output.parts) {
    if (!isToolUIPart(part)) continue;
    const id = subAgentStepId(parentId, part.toolCallId);
    visit(part, id, parentId);
    if (part.state === 'output-available') subAgentParts(id, part.output, depth + 1, visit);
  }
}

/** The child step a sub-agent's tool part stands for (id under its parent, `parentId` set). */
function childStep(part: ToolUIPartLike, id: string, parentId: string, previous?: Step): Step | undefined {
  const step = stepFromToolUIPart(part, previous);
  if (!step) return undefined;
  step.id = id;
  step.parentId = parentId;
  return step;
}

/**
 * The events that move a stream's store from the sub-agent steps it has (`known`, updated here) to the
 * ones a new snapshot of the sub-agent's message shows under the call `parentId`: a `step-start` (with
 * `parentId`) for each new call, then what changed (input, progress, approval, result, error, denial).
 * The AI SDK decoder calls it for each `tool-output-available` whose output is a `UIMessage`.
 */
export function eventsFromSubAgentMessage(parentId: string, message: unknown, known: Map<string, Step>): StepEvent[] {
  const out: StepEvent[] = [];
  subAgentParts(parentId, message, 1, (part, id, parent) => {
    const before = known.get(id);
    const step = childStep(part, id, parent, before);
    if (!step) return;
    known.set(id, step);
    if (!before) {
      const start: StepEvent = { type: 'step-start', id, toolName: step.toolName, parentId: parent };
      if (step.presentation) start.presentation = step.presentation;
      out.push(start);
    }
    const was = before?.status ?? 'input-streaming';
    if (
      was === step.status &&
      before &&
      deepEqual(before.input, step.input) &&
      deepEqual(before.progress, step.progress)
    ) {
      return;
    }
    const inputChanged = step.input !== undefined && !deepEqual(before?.input, step.input);
    if (step.status !== 'input-streaming' && (inputChanged || was === 'input-streaming')) {
      out.push(step.input === undefined ? { type: 'step-input', id } : { type: 'step-input', id, input: step.input });
    }
    switch (step.status) {
      case 'running':
        if (step.progress && !deepEqual(before?.progress?.content, step.progress.content)) {
          out.push({ type: 'step-progress', id, content: step.progress.content });
        }
        break;
      case 'awaiting-approval':
        if (was !== 'awaiting-approval') {
          const approval: StepEvent = { type: 'step-approval', id };
          if (step.approval?.id !== undefined) approval.approvalId = step.approval.id;
          if (step.approval?.description !== undefined) approval.description = step.approval.description;
          out.push(approval);
        }
        break;
      case 'succeeded':
        out.push(
          step.result === undefined ? { type: 'step-result', id } : { type: 'step-result', id, result: step.result },
        );
        break;
      case 'failed':
        out.push({ type: 'step-error', id, message: step.error?.message ?? '' });
        break;
      case 'denied':
        out.push({ type: 'step-denied', id });
        break;
      default:
        break;
    }
  });
  return out;
}

/** Deep equality of JSON-like values (what parts hold), with a shortcut for the same reference. */
function deepEqual(a: unknown, b: unknown): boolean {
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
function sameToolPart(a: ToolUIPartLike, b: ToolUIPartLike): boolean {
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

/** The part each step was made from, to tell next time whether the step can be reused as it is. */
const sources = new WeakMap<Step, ToolUIPartLike>();
/** What was repaired in a step made from a part, counted again each time the step is reused. */
const repairs = new WeakMap<Step, readonly string[]>();

/**
 * Turns AI SDK `UIMessage`s into steps: one per tool part (`tool-<name>` and `dynamic-tool`), in the
 * order the calls first appear. Pass the previous result to keep identity: a step whose part did not
 * change (the same object, or the same fields) is the same object as before, and so are `ids` and
 * `byId` when nothing in them changed, so one streamed update re-renders one row. `run` stays `idle`:
 * `useChat`'s own `status` is the run's status.
 *
 * A sub-agent's calls (tool parts of a `UIMessage` output) follow their parent as child steps.
 * Parts with a state this kit does not know are skipped and counted in `diagnostics`.
 */
export function stepsFromUIMessages(messages: readonly UIMessageLike[], previous?: StepsState): StepsState {
  const before = previous?.byId ?? {};
  const byId: Record<string, Step> = {};
  const ids: string[] = [];
  let skipped = 0;
  const problems: string[] = [];
  let changed = false;
  const previousById = before;
  const put = (id: string, step: Step) => {
    if (Object.hasOwn(byId, id)) {
      skipped++; // the same call twice: the later part is the newer state
    } else {
      ids.push(id);
    }
    // A plain assignment of "__proto__" would replace the map's prototype instead of adding a step.
    if (id === '__proto__')
      Object.defineProperty(byId, id, { value: step, enumerable: true, writable: true, configurable: true });
    else byId[id] = step;
  };
  /** A sub-agent's calls (the tool parts of `output`) as child steps of `parentId`; `flat`: at the top level. */
  const putChildren = (parentId: string, output: unknown, flat: boolean) => {
    subAgentParts(parentId, output, 1, (child, childId, parent) => {
      const before = Object.hasOwn(previousById, childId) ? previousById[childId] : undefined;
      const source = before && sources.get(before);
      let made: Step | undefined;
      if (before && source && sameToolPart(source, child)) {
        made = before;
      } else {
        made = childStep(child, childId, parent, before);
        if (!made) {
          skipped++;
          return;
        }
        if (flat && made.parentId === parentId) delete made.parentId;
      }
      sources.set(made, child);
      if (made !== before) changed = true;
      put(childId, made);
    });
  };
  const segmentIds: string[] = [];
  const segments: ReasoningSegment[] = [];
  const seenSegments = new Set<string>();
  let segmentsChanged = false;
  const addSegment = (made: ReasoningSegment) => {
    const old = segmentOf(previous?.reasoning, made.id);
    const segment = old && sameSegment(old, made) ? old : made;
    if (segment !== old) segmentsChanged = true;
    seenSegments.add(made.id);
    segmentIds.push(made.id);
    segments.push(segment);
  };
  for (const [messageIndex, message] of messages.entries()) {
    // A message without parts (a hand-made or older message) has no tool calls; it must not throw.
    const parts: readonly unknown[] = Array.isArray(message?.parts) ? message.parts : [];
    const firstOfMessage = ids.length;
    for (const [partIndex, part] of parts.entries()) {
      if (isRecord(part) && isMastraPartType(part.type)) {
        const found = mastraRunOfPart(part, ids.slice(firstOfMessage), byId, problems, ids.length);
        if (!found) continue;
        putChildren(found.root, found.run.message, found.parent === undefined);
        if (found.segment) addSegment(found.segment);
        continue;
      }
      if (isReasoningPart(part)) {
        const messageId = (message as { id?: unknown }).id;
        const id = `${typeof messageId === 'string' ? messageId : messageIndex}/reasoning/${partIndex}`;
        if (seenSegments.has(id)) continue;
        if (part.text !== undefined && typeof part.text !== 'string') {
          problems.push(`stored reasoning part "${id}" has a "text" that is not text; read as ""`);
        }
        addSegment(segmentFromPart(part, id, ids.length));
        continue;
      }
      if (!isToolUIPart(part)) continue;
      const id = part.toolCallId;
      const old = Object.hasOwn(before, id) ? before[id] : undefined;
      const source = old && sources.get(old);
      let step: Step | undefined;
      if (old && source && sameToolPart(source, part)) {
        step = old;
        sources.set(old, part);
      } else {
        step = stepFromToolUIPart(part, old);
        if (!step) {
          skipped++;
          continue;
        }
        // Persisted messages are data the kit did not make: fields of the wrong type are typed here.
        const found: string[] = [];
        const made = step;
        step = repairStep(step, found);
        if (!step) continue;
        if (step !== made) {
          sources.set(step, part);
          repairs.set(step, found);
        }
        sources.set(step, part);
      }
      const repaired = repairs.get(step);
      if (repaired) problems.push(...repaired);
      if (step !== old) changed = true;
      put(id, step);
      if (part.state === 'output-available') putChildren(id, part.output, false);
    }
  }
  const base = previous ?? emptyStepsState;
  const sameIds = ids.length === base.ids.length && ids.every((id, i) => id === base.ids[i]);
  const diagnostics =
    skipped + problems.length === 0
      ? emptyStepsState.diagnostics
      : {
          count: skipped + problems.length,
          last: {
            reason: problems.at(-1) ?? 'tool parts with an unknown state, or the same call twice',
            protocol: 'ai-sdk',
          },
        };
  const sameDiagnostics = diagnostics.count === base.diagnostics.count;
  const baseSegments = base.reasoning;
  const sameSegmentIds =
    segmentIds.length === (baseSegments?.ids.length ?? 0) && segmentIds.every((id, i) => id === baseSegments?.ids[i]);
  const sameReasoning = sameSegmentIds && !segmentsChanged;
  if (previous && sameIds && !changed && sameDiagnostics && sameReasoning && previous.run === emptyStepsState.run)
    return previous;
  const state: StepsState = {
    ids: sameIds ? base.ids : ids,
    byId: sameIds && !changed ? base.byId : byId,
    run: emptyStepsState.run,
    diagnostics: sameDiagnostics ? base.diagnostics : diagnostics,
  };
  if (segmentIds.length > 0) {
    state.reasoning =
      sameReasoning && baseSegments
        ? baseSegments
        : { ids: sameSegmentIds && baseSegments ? baseSegments.ids : segmentIds, segments };
  }
  return state;
}

/** A `reasoning` part of a `UIMessage`: `{ type: 'reasoning', text, state?, providerMetadata? }`. */
interface ReasoningPartLike {
  type: 'reasoning';
  text?: unknown;
  state?: unknown;
  providerMetadata?: unknown;
}

function isReasoningPart(part: unknown): part is ReasoningPartLike {
  return isRecord(part) && part.type === 'reasoning';
}

/** Whether a provider's metadata holds a text under one of `keys` (any provider's entry). */
function metadataHolds(metadata: unknown, keys: readonly string[]): boolean {
  if (!isRecord(metadata)) return false;
  for (const entry of Object.values(metadata)) {
    if (isRecord(entry) && keys.some((key) => typeof entry[key] === 'string')) return true;
  }
  return false;
}

/**
 * The segment of a stored reasoning part, by the AI SDK decoder's rules: the Anthropic provider's
 * `redactedData` is `redacted`, no text but an encrypted blob `encrypted`; a part still `streaming` is
 * a segment that streams. Stored parts carry no times.
 */
function segmentFromPart(part: ReasoningPartLike, id: string, stepsBefore: number): ReasoningSegment {
  const text = typeof part.text === 'string' ? part.text : '';
  const visibility = metadataHolds(part.providerMetadata, ['redactedData'])
    ? 'redacted'
    : text === '' && metadataHolds(part.providerMetadata, ['reasoningEncryptedContent', 'encryptedContent'])
      ? 'encrypted'
      : 'full';
  return {
    id,
    visibility,
    status: part.state === 'streaming' ? 'streaming' : 'done',
    text: visibility === 'full' ? text : '',
    stepsBefore,
  };
}

function sameSegment(a: ReasoningSegment, b: ReasoningSegment): boolean {
  return (
    a.text === b.text &&
    a.status === b.status &&
    a.visibility === b.visibility &&
    a.stepsBefore === b.stepsBefore &&
    a.parentId === b.parentId
  );
}
