/**
 * AG-UI sub-agent runs for the AG-UI decoder: `SUBAGENT_STARTED { subagentRunId, parentToolCallId?,
 * parentSubagentRunId? }` says which call started a sub-agent; each later event carrying that
 * `subagentRunId` belongs to it, so its calls are child steps (`parentId`) of that call. A sub-agent
 * that names no parent call inherits its parent run's call.
 *
 * `SUBAGENT_FINISHED { outcome: { type: 'suspended' } }` ends the sub-agent's part of this run without
 * ending its work: it waits for outside input, and a later run may continue it. An end after an end (a
 * second `SUBAGENT_FINISHED` or `SUBAGENT_ERROR`, unless a new `SUBAGENT_STARTED` began it again or a later
 * run continues a suspended one) is dropped with a diagnostic; an outcome of another type is read as
 * finished, with a diagnostic.
 *
 * What cannot be nested is drawn flat, with one diagnostic each: a run never started, a parent call the
 * stream never showed, a parent chain that loops back (a cycle), and a chain deeper than
 * `SUBAGENT_DEPTH` levels (the call goes under the deepest call allowed, so nothing is lost).
 */
import type { StepEvent } from '../../events';
import { isRecord } from '../../values';
import { diagnostic } from '../types';
import { REJECTS } from './checks';

/** How many sub-agent levels are nested; a deeper call hangs under the call at this depth. */
export const SUBAGENT_DEPTH = 8;

interface Run {
  parentCall?: string;
  parentRun?: string;
  /** How its part of a run ended, and in which run of the stream (`streamRuns` then). */
  ended?: SubagentEnd;
  endedIn?: number;
}

/** How a sub-agent's part of the run ended. */
export type SubagentEnd = 'finished' | 'suspended' | 'failed';

/** The sub-agent runs of one AG-UI stream, and the parent and depth of every call. */
export interface SubagentRuns {
  /**
   * Reads `SUBAGENT_STARTED` (`true`), `SUBAGENT_FINISHED` and `SUBAGENT_ERROR` (how the sub-agent ended);
   * `undefined` for the end of a run never started or already ended.
   */
  read(type: string, e: Record<string, unknown>, out: StepEvent[]): SubagentEnd | true | undefined;
  /** A new run of the stream began: a sub-agent suspended in an earlier one may end again. */
  runStarted(): void;
  /** The parent a new call of run `subagentRunId` gets (`undefined`: top level), remembered for its own children. */
  parentOf(
    callId: string,
    subagentRunId: unknown,
    known: (id: string) => boolean,
    out: StepEvent[],
  ): string | undefined;
  /** The calls of a sub-agent run (a run that failed ends them with its message). */
  callsOf(subagentRunId: string): readonly string[];
  /** The calls a sub-agent run hangs under, nearest first: a suspended sub-agent holds them open. */
  callsAbove(subagentRunId: string, out: StepEvent[]): readonly string[];
}

export function subagentRuns(): SubagentRuns {
  const runs = new Map<string, Run>();
  /** The parent of each call nested so far, and each call's run. */
  const parents = new Map<string, string>();
  const callRuns = new Map<string, string[]>();
  const reported = new Set<string>();
  /** The runs of the stream so far (`RUN_STARTED`s). */
  let streamRuns = 0;
  const once = (key: string, reason: string, out: StepEvent[]) => {
    if (reported.has(key)) return;
    reported.add(key);
    out.push(diagnostic('ag-ui', reason));
  };

  /** Calls above `id`, itself included; `undefined` when the chain loops. */
  function depthOf(id: string): number | undefined {
    const seen = new Set<string>();
    let depth = 0;
    for (let at: string | undefined = id; at !== undefined; at = parents.get(at)) {
      if (seen.has(at)) return undefined;
      seen.add(at);
      depth++;
    }
    return depth - 1;
  }

  /** The call a run hangs under: its own parent call, else its parent run's (walking up, cycles refused). */
  function callOf(runId: string, out: StepEvent[]): string | undefined {
    const seen = new Set<string>();
    for (let at: string | undefined = runId; at !== undefined; ) {
      if (seen.has(at)) {
        once(`cycle:${runId}`, `sub-agent run "${runId}" is its own ancestor (a cycle); its calls are drawn flat`, out);
        return undefined;
      }
      seen.add(at);
      const run = runs.get(at);
      if (!run) return undefined;
      if (run.parentCall !== undefined) return run.parentCall;
      at = run.parentRun;
    }
    return undefined;
  }

  return {
    read(type, e, out) {
      const id = typeof e.subagentRunId === 'string' ? e.subagentRunId : '';
      if (type === 'SUBAGENT_STARTED') {
        const run: Run = {};
        if (typeof e.parentToolCallId === 'string' && e.parentToolCallId !== '') run.parentCall = e.parentToolCallId;
        if (typeof e.parentSubagentRunId === 'string' && e.parentSubagentRunId !== '')
          run.parentRun = e.parentSubagentRunId;
        runs.set(id, run);
        return true;
      }
      const run = runs.get(id);
      if (!run) {
        once(`end:${id}`, `"${type}" for sub-agent run "${id}" that never started; ignored`, out);
        return undefined;
      }
      if (run.ended !== undefined && !(run.ended === 'suspended' && (run.endedIn as number) < streamRuns)) {
        out.push(diagnostic('ag-ui', `"${type}" for sub-agent run "${id}" that already ended (${run.ended}); dropped`));
        return undefined;
      }
      let end: SubagentEnd = type === 'SUBAGENT_ERROR' ? 'failed' : 'finished';
      const outcome = e.outcome;
      if (type === 'SUBAGENT_FINISHED' && outcome != null) {
        const kind = isRecord(outcome) ? outcome.type : undefined;
        if (kind === 'suspended') end = 'suspended';
        else if (kind !== 'success') {
          out.push(
            diagnostic(
              'ag-ui',
              `"SUBAGENT_FINISHED" for sub-agent run "${id}" with an outcome that is neither "success" nor "suspended"${REJECTS}; read as finished`,
            ),
          );
        }
      }
      run.ended = end;
      run.endedIn = streamRuns;
      return end;
    },
    runStarted() {
      streamRuns++;
    },
    parentOf(callId, subagentRunId, known, out) {
      if (typeof subagentRunId !== 'string' || subagentRunId === '') return undefined;
      const list = callRuns.get(subagentRunId) ?? [];
      list.push(callId);
      callRuns.set(subagentRunId, list);
      if (!runs.has(subagentRunId)) {
        once(
          `run:${subagentRunId}`,
          `call "${callId}" names sub-agent run "${subagentRunId}" that no "SUBAGENT_STARTED" began; drawn at the top level`,
          out,
        );
        return undefined;
      }
      let parent = callOf(subagentRunId, out);
      if (parent === undefined) return undefined;
      if (parent === callId) {
        once(`cycle:${callId}`, `call "${callId}" is named as its own sub-agent's parent (a cycle); drawn flat`, out);
        return undefined;
      }
      if (!known(parent)) {
        once(
          `parent:${parent}`,
          `sub-agent run "${subagentRunId}" names parent call "${parent}" that the stream never showed; its calls are drawn at the top level`,
          out,
        );
        return undefined;
      }
      let depth = depthOf(parent);
      if (depth === undefined) {
        once(`cycle:${parent}`, `the calls above "${parent}" loop (a cycle); call "${callId}" is drawn flat`, out);
        return undefined;
      }
      if (depth >= SUBAGENT_DEPTH) {
        once(
          `depth:${subagentRunId}`,
          `sub-agent run "${subagentRunId}" is nested deeper than ${SUBAGENT_DEPTH} levels; its calls are drawn at level ${SUBAGENT_DEPTH}`,
          out,
        );
        while (depth >= SUBAGENT_DEPTH) {
          parent = parents.get(parent) as string;
          depth--;
        }
      }
      parents.set(callId, parent);
      return parent;
    },
    callsOf(subagentRunId) {
      return callRuns.get(subagentRunId) ?? [];
    },
    callsAbove(subagentRunId, out) {
      const above: string[] = [];
      const seen = new Set<string>();
      for (let at = callOf(subagentRunId, out); at !== undefined && !seen.has(at); at = parents.get(at)) {
        seen.add(at);
        above.push(at);
      }
      return above;
    },
  };
}
