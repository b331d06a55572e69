/**
 * AI SDK sub-agents: a tool whose outputs are another agent's whole `UIMessage`. Each of the inner
 * message's tool parts is a child step with `parentId` set to the outer call and the id
 * `<outer call id>/<inner call id>`, at any depth up to 8.
 */
import type { StepEvent } from '../events';
import type { Step } from '../step';
import { deepEqual, isToolUIPart, isUIMessageLike, stepFromToolUIPart, type ToolUIPartLike } from './parts';

/** The step id of a sub-agent's call: its call id under the parent's (ids of two sub-agents may repeat). */
export function subAgentStepId(parentId: string, toolCallId: string): string {
  return `${parentId}/${toolCallId}`;
}

/** How deep sub-agents inside sub-agents are read; deeper calls are not drawn. */
const SUB_AGENT_DEPTH = 8;

/** The tool parts of a sub-agent message, each with the step id it gets under `parentId` (recursively). */
export function subAgentParts(
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
export function childStep(part: ToolUIPartLike, id: string, parentId: string, previous?: Step): Step | undefined {
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
