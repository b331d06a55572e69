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
import { isMastraPartType, mastraRunOfPart } from '../mastra-parts';
import { repairStep } from '../repair';
import { segmentOf } from '../segments';
import { emptyStepsState, type ReasoningSegment, type Step, type StepsState } from '../step';
import { isRecord } from '../values';
import { isToolUIPart, sameToolPart, stepFromToolUIPart, type ToolUIPartLike, type UIMessageLike } from './parts';
import { isReasoningPart, sameSegment, segmentFromPart } from './reasoning';
import { childStep, subAgentParts } from './sub-agents';

export {
  isToolUIPart,
  isUIMessageLike,
  messageText,
  statusOfToolPart,
  stepFromToolUIPart,
  type ToolUIPartApprovalLike,
  type ToolUIPartLike,
  toolNameOfPart,
  type UIMessageLike,
} from './parts';
export { eventsFromSubAgentMessage, subAgentStepId } from './sub-agents';

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
