/**
 * AG-UI sub-agents against `@ag-ui/client` 1.0.0 on the same bytes (`HttpAgent.runAgent` over a fake fetch,
 * as in ag-ui-differential.test.ts). The reference does not nest: `defaultApplyEvents` hands `SUBAGENT_*` to
 * its subscribers (`onSubagentStartedEvent`, ...) and changes no message for them, and it stamps the
 * `subagentRunId` of `TOOL_CALL_START` on the assistant message it makes for the call; `verifyEvents` keeps
 * each run's sub-agents (started, active, finished) and rejects the run on an end of one not active. So the
 * reference's nesting is read from its own output: a call's parent is the `parentToolCallId` of the
 * `SUBAGENT_STARTED` (as its subscriber got it) of the run its message is attributed to, else that run's
 * parent run's.
 */
import { HttpAgent } from '@ag-ui/client';
import { EventSchema } from '@ag-ui/core/schemas';
import { EventEncoder } from '@ag-ui/encoder';
import { reduceSteps, type StepsState } from 'tool-steps/core';
import { eventsFromText } from 'tool-steps/wires';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyStepsState } from '../../../src/core/step';

type Event = Record<string, unknown>;

interface Vendor {
  messages: Record<string, unknown>[];
  pendingInterrupts: { id: string; toolCallId?: string }[];
  /** The `SUBAGENT_STARTED` events its subscriber got, by run id. */
  subagents: Map<string, { parentToolCallId?: string; parentSubagentRunId?: string }>;
  outcomes: (string | undefined)[];
  rejected: (string | undefined)[];
}

const encode = (events: Event[]) => {
  const encoder = new EventEncoder();
  return events.map((e) => encoder.encodeSSE(EventSchema.parse(e) as never)).join('');
};

async function vendor(runs: string[], resume: { interruptId: string; status: 'resolved' }[][] = []): Promise<Vendor> {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  let current = 0;
  const agent = new HttpAgent({
    url: 'http://agent.test/run',
    threadId: 'thread_1',
    initialMessages: [{ id: 'user_1', role: 'user', content: 'Review the project.' }],
    fetch: async () => new Response(runs[current] ?? '', { headers: { 'content-type': 'text/event-stream' } }),
  });
  const out: Vendor = { messages: [], pendingInterrupts: [], subagents: new Map(), outcomes: [], rejected: [] };
  for (current = 0; current < runs.length; current++) {
    const answers = resume[current] ?? [];
    out.outcomes.push(undefined);
    out.rejected.push(undefined);
    try {
      await agent.runAgent(
        { runId: `run_${current + 1}`, ...(answers.length > 0 && { resume: answers }) },
        {
          onSubagentStartedEvent({ event }) {
            out.subagents.set(event.subagentRunId, {
              parentToolCallId: event.parentToolCallId,
              parentSubagentRunId: event.parentSubagentRunId,
            });
          },
          onRunFinishedEvent(p) {
            out.outcomes[current] = p.outcome;
          },
        },
      );
    } catch (e) {
      out.rejected[current] = (e as Error).message;
    }
  }
  out.messages = agent.messages as unknown as Record<string, unknown>[];
  out.pendingInterrupts = agent.pendingInterrupts as Vendor['pendingInterrupts'];
  return out;
}

/** Each call of the reference's messages: its name, input, result and the parent its attribution gives. */
function vendorCalls(v: Vendor) {
  const parentOf = (runId: unknown): string | undefined => {
    const seen = new Set<unknown>();
    for (let at = runId; typeof at === 'string' && !seen.has(at); ) {
      seen.add(at);
      const run = v.subagents.get(at);
      if (run?.parentToolCallId) return run.parentToolCallId;
      at = run?.parentSubagentRunId;
    }
    return undefined;
  };
  const calls = new Map<string, { name: string; input: unknown; parentId?: string; result?: unknown }>();
  for (const m of v.messages) {
    if (m.role !== 'assistant' || !Array.isArray(m.toolCalls)) continue;
    for (const tc of m.toolCalls as { id: string; function: { name: string; arguments: string } }[]) {
      calls.set(tc.id, {
        name: tc.function.name,
        input: JSON.parse(tc.function.arguments),
        parentId: parentOf(m.subagentRunId),
      });
    }
  }
  for (const m of v.messages) {
    const call = m.role === 'tool' ? calls.get(m.toolCallId as string) : undefined;
    if (call) call.result = m.content;
  }
  return calls;
}

function ours(runs: string[], decisions: string[][] = []): StepsState {
  let state = emptyStepsState;
  runs.forEach((bytes, i) => {
    for (const id of decisions[i] ?? []) state = reduceSteps(state, { type: 'step-decision', id, approved: true });
    state = reduceSteps(state, eventsFromText(bytes));
  });
  return state;
}

const started = (runId: string): Event => ({ type: 'RUN_STARTED', threadId: 'thread_1', runId });
const call = (toolCallId: string, name: string, args: object, subagentRunId?: string): Event[] => {
  const sub = subagentRunId ? { subagentRunId } : {};
  return [
    { type: 'TOOL_CALL_START', toolCallId, toolCallName: name, ...sub },
    { type: 'TOOL_CALL_ARGS', toolCallId, delta: JSON.stringify(args), ...sub },
    { type: 'TOOL_CALL_END', toolCallId, ...sub },
  ];
};
const result = (toolCallId: string, content: string, subagentRunId?: string): Event => ({
  type: 'TOOL_CALL_RESULT',
  messageId: `tool_${toolCallId}`,
  toolCallId,
  content,
  ...(subagentRunId ? { subagentRunId } : {}),
});

/**
 * A task call runs a reviewer sub-agent; the reviewer's own sub-agent names only its parent run (so it hangs
 * under the task call), a call of the reviewer starts a third (under that call); the reviewer is suspended
 * on a call that needs approval, and the next run, answering the interrupt, finishes it.
 */
const runs: Event[][] = [
  [
    started('run_1'),
    ...call('call_task', 'task', { agent: 'reviewer' }),
    { type: 'SUBAGENT_STARTED', subagentRunId: 'sa_1', name: 'reviewer', parentToolCallId: 'call_task' },
    ...call('call_ls', 'list_files', { path: 'src' }, 'sa_1'),
    result('call_ls', 'a.ts b.ts', 'sa_1'),
    { type: 'SUBAGENT_STARTED', subagentRunId: 'sa_2', name: 'counter', parentSubagentRunId: 'sa_1' },
    ...call('call_wc', 'count_lines', { path: 'src/a.ts' }, 'sa_2'),
    result('call_wc', '42', 'sa_2'),
    { type: 'SUBAGENT_FINISHED', subagentRunId: 'sa_2', outcome: { type: 'success' } },
    { type: 'SUBAGENT_STARTED', subagentRunId: 'sa_3', name: 'reader', parentToolCallId: 'call_ls' },
    ...call('call_cat', 'read_file', { path: 'src/b.ts' }, 'sa_3'),
    result('call_cat', 'export {}', 'sa_3'),
    { type: 'SUBAGENT_FINISHED', subagentRunId: 'sa_3' },
    ...call('call_rm', 'delete_path', { path: 'build' }, 'sa_1'),
    { type: 'SUBAGENT_FINISHED', subagentRunId: 'sa_1', outcome: { type: 'suspended', interruptIds: ['int_1'] } },
    {
      type: 'RUN_FINISHED',
      threadId: 'thread_1',
      runId: 'run_1',
      outcome: {
        type: 'interrupt',
        interrupts: [
          {
            id: 'int_1',
            reason: 'tool_approval',
            toolCallId: 'call_rm',
            subagentRunId: 'sa_1',
            message: 'Delete build/?',
          },
        ],
      },
    },
  ],
  [
    started('run_2'),
    { type: 'SUBAGENT_STARTED', subagentRunId: 'sa_1', name: 'reviewer', parentToolCallId: 'call_task' },
    result('call_rm', 'deleted', 'sa_1'),
    { type: 'SUBAGENT_FINISHED', subagentRunId: 'sa_1' },
    result('call_task', 'Reviewed: 2 files, build/ removed.'),
    { type: 'RUN_FINISHED', threadId: 'thread_1', runId: 'run_2' },
  ],
];

describe('AG-UI sub-agents: our nesting against @ag-ui/client 1.0.0 on the same bytes', () => {
  afterEach(() => vi.restoreAllMocks());
  const bytes = runs.map(encode);

  it('agrees on every call’s parent, name, input and result, before and after the suspended sub-agent resumes', async () => {
    for (const count of [1, 2]) {
      const v = await vendor(bytes.slice(0, count), [[], [{ interruptId: 'int_1', status: 'resolved' }]]);
      expect(v.rejected).toEqual(Array(count).fill(undefined));
      const state = ours(bytes.slice(0, count), [[], ['call_rm']]);
      const calls = vendorCalls(v);
      expect(new Set(state.ids)).toEqual(new Set(calls.keys()));
      for (const [id, want] of calls) {
        const step = state.byId[id];
        expect(step?.parentId, id).toBe(want.parentId);
        expect(step?.toolName, id).toBe(want.name);
        expect(step?.input, id).toEqual(want.input);
        expect(step?.result, id).toEqual(want.result);
      }
      expect(state.diagnostics.count).toBe(0);
      // the nesting is not trivially flat: depth 2 under the task call, and the run-named sub-agent under it
      expect(calls.get('call_cat')?.parentId).toBe('call_ls');
      expect(calls.get('call_wc')?.parentId).toBe('call_task');
    }
  });

  it('while suspended: the interrupt’s call waits with the call above it; the reference holds the same interrupt', async () => {
    const v = await vendor(bytes.slice(0, 1));
    expect(v.outcomes[0]).toBe('interrupt');
    expect(v.pendingInterrupts.map((i) => [i.id, i.toolCallId])).toEqual([['int_1', 'call_rm']]);
    const state = ours(bytes.slice(0, 1));
    expect(state.run.status).toBe('paused');
    expect(state.byId.call_rm).toMatchObject({ status: 'awaiting-approval', approval: { id: 'int_1' } });
    // The reference has no status: the task call has no result there, and it waits here with its sub-agent.
    expect(state.byId.call_task?.status).toBe('awaiting-approval');
    const after = ours(bytes, [[], ['call_rm']]);
    expect(after.ids.map((id) => after.byId[id]?.status)).toEqual(Array(5).fill('succeeded'));
    expect(after.run.status).toBe('done');
  });

  it('an end of a sub-agent not active: the reference rejects the run, we read it with a diagnostic', async () => {
    const sse = (events: Event[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
    const stream = sse([
      started('run_1'),
      ...call('call_task', 'task', {}),
      { type: 'SUBAGENT_STARTED', subagentRunId: 'sa_1', name: 'reviewer', parentToolCallId: 'call_task' },
      ...call('call_ls', 'list_files', {}, 'sa_1'),
      result('call_ls', 'a.ts', 'sa_1'),
      { type: 'SUBAGENT_FINISHED', subagentRunId: 'sa_1' },
      { type: 'SUBAGENT_FINISHED', subagentRunId: 'sa_1' },
      result('call_task', 'done'),
      { type: 'RUN_FINISHED', threadId: 'thread_1', runId: 'run_1' },
    ]);
    const v = await vendor([stream]);
    expect(v.rejected[0]).toMatch(/no active subagent found with ID 'sa_1'/);
    const state = ours([stream]);
    expect(state.diagnostics.count).toBe(1);
    expect(state.diagnostics.last?.reason).toMatch(/sub-agent run "sa_1" that already ended/);
    expect(state.byId.call_ls).toMatchObject({ parentId: 'call_task', status: 'succeeded' });
    expect(state.byId.call_task?.status).toBe('succeeded');
  });
});
