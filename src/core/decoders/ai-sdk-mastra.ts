/**
 * Mastra's sub-agent data parts in the AI SDK stream (`data-tool-agent`, `data-tool-workflow`,
 * `data-tool-network`; read by ../mastra-parts.ts): each snapshot's calls become child steps of the call
 * that started the run, by the same diff as an AI SDK sub-agent's `UIMessage` outputs, and its reasoning
 * a segment under that call. The parent is chosen once per run, when its first part arrives.
 */
import type { StepEvent } from '../events';
import { type CandidateCall, isMastraPartType, mastraParent, readMastraPart } from '../mastra-parts';
import type { Step } from '../step';
import { eventsFromSubAgentMessage } from '../ui-messages/sub-agents';
import { isRecord } from '../values';
import { diagnostic } from './types';

/** An open call a run may hang under: its step id and tool name, oldest first. */
export type OpenCall = CandidateCall;

export { isMastraPartType };

/**
 * Makes the reader of one stream's Mastra parts. `open` lists the calls still open (top-level calls and
 * child steps, oldest first); `subSteps` is the decoder's record of child steps, shared with the AI SDK
 * sub-agent pattern.
 */
export function mastraParts(open: () => readonly OpenCall[], subSteps: Map<string, Step>) {
  /** The call each run hangs under (`undefined`: the top level), decided at its first part. */
  const parents = new Map<string, string | undefined>();
  const reasoning = new Map<string, { text: string; ended: boolean }>();
  const reported = new Set<string>();
  const once = (key: string, reason: string, out: StepEvent[]) => {
    if (reported.has(key)) return;
    reported.add(key);
    out.push(diagnostic('ai-sdk', reason));
  };

  function parentFor(type: string, runId: string, out: StepEvent[]): string | undefined {
    if (parents.has(runId)) return parents.get(runId);
    const { parent, problem } = mastraParent(type, runId, open(), (id) => subSteps.get(id)?.parentId);
    if (problem !== undefined) once(`parent:${runId}`, problem, out);
    parents.set(runId, parent);
    return parent;
  }

  function thought(
    segment: string,
    parent: string | undefined,
    text: string,
    finished: boolean,
    out: StepEvent[],
  ): void {
    let seen = reasoning.get(segment);
    if (seen?.ended || (!seen && text === '')) return;
    if (!seen) {
      seen = { text: '', ended: false };
      reasoning.set(segment, seen);
      out.push(
        parent === undefined
          ? { type: 'reasoning-start', id: segment }
          : { type: 'reasoning-start', id: segment, parentId: parent },
      );
    }
    const grows = text.startsWith(seen.text);
    if (grows && text.length > seen.text.length) {
      out.push({ type: 'reasoning-delta', id: segment, delta: text.slice(seen.text.length) });
      seen.text = text;
    }
    if (finished) {
      seen.ended = true;
      out.push(grows ? { type: 'reasoning-end', id: segment } : { type: 'reasoning-end', id: segment, text });
    }
  }

  /** The events of one Mastra data chunk. */
  return function read(chunk: Record<string, unknown>): StepEvent[] {
    const out: StepEvent[] = [];
    const run = readMastraPart(chunk);
    if (typeof run === 'string') {
      out.push(diagnostic('ai-sdk', run));
      return out;
    }
    const type = chunk.type as string;
    const parent = parentFor(type, run.runId, out);
    // A run with no parent keeps its calls apart from the parent's under its own id, at the top level.
    const root = parent ?? run.runId;
    for (const event of eventsFromSubAgentMessage(root, run.message, subSteps)) {
      if (parent === undefined && event.type === 'step-start' && event.parentId === root) delete event.parentId;
      out.push(event);
    }
    thought(`${root}/reasoning/${run.runId}`, parent, run.reasoning, run.finished, out);
    return out;
  };
}

/** Whether a chunk is one of Mastra's data parts (checked before the decoder ignores other `data-*` parts). */
export function isMastraChunk(chunk: unknown): chunk is Record<string, unknown> {
  return isRecord(chunk) && isMastraPartType(chunk.type);
}
