/**
 * Mastra's sub-agent data parts (`@mastra/ai-sdk`), read as the AI SDK sub-agent pattern reads a
 * `UIMessage` output: each part becomes a message of tool parts, whose calls are child steps of the
 * call that started the run (see `eventsFromSubAgentMessage` and `stepsFromUIMessages`).
 *
 * - `data-tool-agent { id: <sub-agent run id>, data: { text, reasoning: string[], toolCalls,
 *   toolResults, toolErrors?, pendingToolCalls?, steps: [{ toolCalls, toolResults, toolErrors?,
 *   reasoningText? }], status: 'running' | 'finished' } }`: a delegated agent's snapshot so far;
 * - `data-tool-workflow { id, data: { name, status, steps: { [id]: { name, status, input, output } } } }`;
 * - `data-tool-network { id, data: { name, status, steps: [{ id?, name, status, input, output }] } }`.
 *
 * The part names its run, not the call that started it: that is the latest open call named like the
 * run's kind (`agent-<name>`, `workflow-<name>`), else the latest open call. With none, the calls are
 * drawn at the top level with a diagnostic.
 */
import type { ReasoningSegment, Step } from './step';
import type { UIMessageLike } from './ui-messages/parts';
import { isRecord } from './values';

const KINDS: Readonly<Record<string, string>> = {
  'data-tool-agent': 'agent-',
  'data-tool-workflow': 'workflow-',
  'data-tool-network': 'network-',
};

/** Whether a chunk or part `type` is one of Mastra's sub-agent data parts. */
export function isMastraPartType(type: unknown): boolean {
  return typeof type === 'string' && Object.hasOwn(KINDS, type);
}

/** The prefix of the tool names that start a run of this part type (`agent-` for `data-tool-agent`). */
export function mastraToolPrefix(type: string): string {
  return KINDS[type] ?? '';
}

/** What a Mastra data part shows: its calls as a message of tool parts, its reasoning, and whether it ended. */
export interface MastraRun {
  readonly runId: string;
  readonly message: UIMessageLike;
  readonly reasoning: string;
  readonly finished: boolean;
}

/** A call record of an agent snapshot: `{ toolCallId, toolName, args }`, or a whole chunk with them in `payload`. */
function callRecord(value: unknown): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  const record = isRecord(value.payload) ? value.payload : value;
  return typeof record.toolCallId === 'string' && record.toolCallId !== '' ? record : undefined;
}

const list = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

interface Call {
  toolCallId: string;
  toolName: string;
  input?: unknown;
  state: string;
  output?: unknown;
  errorText?: string;
}

function agentRun(data: Record<string, unknown>): { parts: Call[]; reasoning: string } {
  const calls = new Map<string, Call>();
  const steps = list(data.steps).filter(isRecord);
  const layers = [...steps, data];
  const call = (record: Record<string, unknown>, state: string): Call => {
    const id = record.toolCallId as string;
    let found = calls.get(id);
    if (!found) {
      found = { toolCallId: id, toolName: text(record.toolName), state };
      calls.set(id, found);
    }
    if (found.toolName === '' && typeof record.toolName === 'string') found.toolName = record.toolName;
    const input = record.args ?? record.input;
    if (input !== undefined) found.input = input;
    return found;
  };
  for (const layer of layers) {
    for (const item of list(layer.pendingToolCalls)) {
      const record = callRecord(item);
      if (record) call(record, 'input-streaming');
    }
    for (const item of list(layer.toolCalls)) {
      const record = callRecord(item);
      if (!record) continue;
      const found = call(record, 'input-available');
      if (found.state === 'input-streaming') found.state = 'input-available';
    }
  }
  for (const layer of layers) {
    for (const item of list(layer.toolResults)) {
      const record = callRecord(item);
      if (!record) continue;
      const found = call(record, 'output-available');
      found.state = 'output-available';
      found.output = record.result ?? record.output;
    }
    for (const item of list(layer.toolErrors)) {
      const record = callRecord(item);
      if (!record) continue;
      const found = call(record, 'output-error');
      found.state = 'output-error';
      found.errorText = text(record.errorText) || text(record.error);
    }
  }
  // The run's own `reasoning` holds every delta so far; its steps hold theirs (older versions reset it per step).
  const own = list(data.reasoning).map(text).join('');
  const before = steps.map((step) => text(step.reasoningText) || list(step.reasoning).map(text).join('')).join('');
  return { parts: [...calls.values()], reasoning: own.startsWith(before) ? own : before + own };
}

/** A workflow or network step's status as a tool part's state. */
function stepState(status: unknown): string {
  switch (status) {
    case 'success':
    case 'completed':
      return 'output-available';
    case 'failed':
      return 'output-error';
    case 'suspended':
      return 'approval-requested';
    default:
      return 'input-available';
  }
}

function stepCall(id: string, step: Record<string, unknown>): Call {
  const found: Call = { toolCallId: id, toolName: text(step.name) || id, state: stepState(step.status) };
  if (step.input !== undefined && step.input !== null) found.input = step.input;
  if (found.state === 'output-available' && step.output !== null) found.output = step.output;
  if (found.state === 'output-error') {
    const error = step.error ?? step.output;
    found.errorText = typeof error === 'string' ? error : isRecord(error) ? text(error.message) : '';
  }
  return found;
}

function workflowRun(data: Record<string, unknown>): Call[] {
  const steps = isRecord(data.steps) ? data.steps : isRecord(data.step) ? { [text(data.step.name)]: data.step } : {};
  return Object.entries(steps).flatMap(([id, step]) => (isRecord(step) && id !== '' ? [stepCall(id, step)] : []));
}

function networkRun(data: Record<string, unknown>): Call[] {
  return list(data.steps).flatMap((step, index) =>
    isRecord(step) ? [stepCall(text(step.id) || `${text(step.name) || 'step'}#${index + 1}`, step)] : [],
  );
}

/** Run statuses after which nothing more comes (agents say `finished`, workflows their outcome). */
const ENDED: ReadonlySet<string> = new Set(['finished', 'success', 'failed', 'canceled', 'bailed', 'tripwire']);

/** Reads one Mastra data part (or chunk); a string says why it cannot be read. */
export function readMastraPart(part: Record<string, unknown>): MastraRun | string {
  const type = part.type as string;
  if (typeof part.id !== 'string' || part.id === '') return `a "${type}" part without an "id"; dropped`;
  if (!isRecord(part.data)) return `a "${type}" part "${part.id}" without a "data" object; dropped`;
  const data = part.data;
  let calls: Call[];
  let reasoning = '';
  if (type === 'data-tool-agent') ({ parts: calls, reasoning } = agentRun(data));
  else calls = type === 'data-tool-workflow' ? workflowRun(data) : networkRun(data);
  const parts = calls.map((call) => ({ type: 'dynamic-tool', ...call }));
  const finished = typeof data.status === 'string' && ENDED.has(data.status);
  return { runId: part.id, message: { role: 'assistant', parts }, reasoning, finished };
}

/** How deep Mastra runs inside runs are nested; a deeper run hangs under the call at this depth. */
export const MASTRA_DEPTH = 8;

/** A call a run may hang under: its step id and tool name. */
export interface CandidateCall {
  readonly id: string;
  readonly toolName: string;
}

/**
 * The call a run of part `type` hangs under: the latest of `calls` (oldest first) named for the run's
 * kind, else the latest; climbed up to `MASTRA_DEPTH` levels (`parentOf` gives a step's parent). `problem`
 * says what could not be kept: no call to hang under (top level) or a chain too deep.
 */
export function mastraParent(
  type: string,
  runId: string,
  calls: readonly CandidateCall[],
  parentOf: (id: string) => string | undefined,
): { parent?: string; problem?: string } {
  const prefix = mastraToolPrefix(type);
  let parent = (calls.filter((call) => call.toolName.startsWith(prefix)).at(-1) ?? calls.at(-1))?.id;
  if (parent === undefined) {
    return { problem: `"${type}" run "${runId}" has no call to hang under; its calls are drawn at the top level` };
  }
  const depthOf = (id: string): number => {
    let depth = 0;
    for (let at = parentOf(id); at !== undefined && depth <= MASTRA_DEPTH; at = parentOf(at)) depth++;
    return depth;
  };
  if (depthOf(parent) < MASTRA_DEPTH) return { parent };
  while (parent !== undefined && depthOf(parent) >= MASTRA_DEPTH) parent = parentOf(parent);
  const problem = `"${type}" run "${runId}" is nested deeper than ${MASTRA_DEPTH} levels; its calls are drawn at level ${MASTRA_DEPTH}`;
  return parent === undefined ? { problem } : { parent, problem };
}

/**
 * A stored Mastra part of a message (`stepsFromUIMessages`): its run, the call it hangs under (the
 * message's steps so far, `ids`, are the candidates) and its reasoning segment. What cannot be kept is
 * pushed to `problems`; `undefined` for a part that cannot be read.
 */
export function mastraRunOfPart(
  part: Record<string, unknown>,
  ids: readonly string[],
  byId: Readonly<Record<string, Step>>,
  problems: string[],
  stepsBefore: number,
): { run: MastraRun; parent?: string; root: string; segment?: ReasoningSegment } | undefined {
  const run = readMastraPart(part);
  if (typeof run === 'string') {
    problems.push(run);
    return undefined;
  }
  const step = (id: string) => (Object.hasOwn(byId, id) ? byId[id] : undefined);
  const calls = ids.flatMap((id) => {
    const found = step(id);
    return found ? [{ id, toolName: found.toolName }] : [];
  });
  const { parent, problem } = mastraParent(part.type as string, run.runId, calls, (id) => step(id)?.parentId);
  if (problem !== undefined) problems.push(problem);
  const root = parent ?? run.runId;
  if (run.reasoning === '') return parent === undefined ? { run, root } : { run, parent, root };
  const segment: ReasoningSegment = {
    id: `${root}/reasoning/${run.runId}`,
    visibility: 'full',
    status: run.finished ? 'done' : 'streaming',
    text: run.reasoning,
    stepsBefore,
  };
  if (parent !== undefined) segment.parentId = parent;
  return parent === undefined ? { run, root, segment } : { run, parent, root, segment };
}
