/**
 * AG-UI sub-agent runs (`SUBAGENT_STARTED / FINISHED / ERROR`), TanStack AI's `CUSTOM` approvals and
 * inputs, and `REASONING_ENCRYPTED_VALUE`, through the AG-UI decoder and the reducer.
 */
import { emptyStepsState, reduceSteps, type StepsState } from 'tool-steps/core';
import { describe, expect, it } from 'vitest';
import { agUi } from '../../../src/core/decoders/ag-ui';

function decode(events: readonly Record<string, unknown>[]): StepsState {
  const decoder = agUi();
  let state: StepsState = emptyStepsState;
  for (const event of events) state = reduceSteps(state, decoder.push(JSON.stringify(event)));
  return reduceSteps(state, decoder.end());
}

const tree = (state: StepsState) =>
  state.ids.map((id) => `${id} ${state.byId[id]?.status} <${state.byId[id]?.parentId ?? ''}>`);
const run = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };
const call = (id: string, subagentRunId?: string) => [
  { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: `tool_${id}`, ...(subagentRunId ? { subagentRunId } : {}) },
  { type: 'TOOL_CALL_END', toolCallId: id, ...(subagentRunId ? { subagentRunId } : {}) },
];

describe('AG-UI sub-agent runs', () => {
  it('nests a sub-agent’s calls under its parent call, and a sub-agent of a sub-agent under that one’s call', () => {
    const state = decode([
      run,
      ...call('a'),
      { type: 'SUBAGENT_STARTED', subagentRunId: 's1', name: 'one', parentToolCallId: 'a' },
      ...call('b', 's1'),
      // names only its parent run: it hangs under that run's call
      { type: 'SUBAGENT_STARTED', subagentRunId: 's0', name: 'zero', parentSubagentRunId: 's1' },
      ...call('c', 's0'),
      { type: 'SUBAGENT_STARTED', subagentRunId: 's2', name: 'two', parentToolCallId: 'b' },
      ...call('d', 's2'),
      { type: 'TOOL_CALL_RESULT', toolCallId: 'd', content: 'ok', subagentRunId: 's2' },
      { type: 'SUBAGENT_FINISHED', subagentRunId: 's2' },
    ]);
    expect(tree(state)).toEqual(['a interrupted <>', 'b interrupted <a>', 'c interrupted <a>', 'd succeeded <b>']);
    expect(state.diagnostics.count).toBe(0);
  });

  it('draws the calls flat with a diagnostic when the parent is unknown or the run never started', () => {
    const state = decode([
      run,
      { type: 'SUBAGENT_STARTED', subagentRunId: 's1', name: 'one', parentToolCallId: 'nowhere' },
      ...call('b', 's1'),
      ...call('c', 'never-started'),
    ]);
    expect(tree(state).map((line) => line.split(' ')[2])).toEqual(['<>', '<>']);
    expect(state.ids).toEqual(['b', 'c']);
    expect(state.diagnostics.count).toBe(2);
  });

  it('reads a cycle of sub-agent runs as a diagnostic and loses nothing else', () => {
    const state = decode([
      run,
      { type: 'SUBAGENT_STARTED', subagentRunId: 's1', name: 'one', parentSubagentRunId: 's2' },
      { type: 'SUBAGENT_STARTED', subagentRunId: 's2', name: 'two', parentSubagentRunId: 's1' },
      ...call('a', 's1'),
      { type: 'TOOL_CALL_RESULT', toolCallId: 'a', content: 'fine' },
    ]);
    expect(tree(state)).toEqual(['a succeeded <>']);
    expect(state.diagnostics.last?.reason).toMatch(/cycle/);
  });

  it('nests no deeper than the limit: a deeper call hangs at level 8, with a diagnostic', () => {
    const events: Record<string, unknown>[] = [run, ...call('c0')];
    for (let level = 1; level <= 10; level++) {
      events.push({
        type: 'SUBAGENT_STARTED',
        subagentRunId: `s${level}`,
        name: 'x',
        parentToolCallId: `c${level - 1}`,
      });
      events.push(...call(`c${level}`, `s${level}`));
    }
    const state = decode(events);
    const depth = (id: string) => {
      let n = 0;
      for (let at = state.byId[id]?.parentId; at !== undefined; at = state.byId[at]?.parentId) n++;
      return n;
    };
    expect(state.ids).toHaveLength(11);
    expect(Math.max(...state.ids.map(depth))).toBe(8);
    expect(state.diagnostics.last?.reason).toMatch(/deeper than 8 levels/);
  });

  it('ends the open calls of a sub-agent run that failed, with its message', () => {
    const state = decode([
      run,
      ...call('a'),
      { type: 'SUBAGENT_STARTED', subagentRunId: 's1', name: 'one', parentToolCallId: 'a' },
      ...call('b', 's1'),
      { type: 'SUBAGENT_ERROR', subagentRunId: 's1', message: 'model overloaded' },
      { type: 'SUBAGENT_ERROR', subagentRunId: 'ghost', message: 'x' },
    ]);
    expect(state.byId.b?.status).toBe('cancelled');
    expect(state.byId.a?.status).toBe('interrupted');
    expect(state.diagnostics.last?.reason).toMatch(/"SUBAGENT_ERROR" for sub-agent run "ghost" that never started/);
  });

  // A suspended sub-agent (`SUBAGENT_FINISHED { outcome: { type: 'suspended', interruptIds } }`) is paused
  // for outside input: a later run continues it. Its calls are neither done nor failed, they wait.
  const suspended = (interruptIds?: string[]) => ({
    type: 'SUBAGENT_FINISHED',
    subagentRunId: 's1',
    outcome: { type: 'suspended', ...(interruptIds ? { interruptIds } : {}) },
  });
  const suspendedStream = [
    run,
    ...call('a'),
    { type: 'SUBAGENT_STARTED', subagentRunId: 's1', name: 'one', parentToolCallId: 'a' },
    ...call('b', 's1'),
    ...call('c', 's1'),
    { type: 'TOOL_CALL_RESULT', toolCallId: 'c', content: 'read', subagentRunId: 's1' },
  ];

  it('reads a suspended sub-agent and the interrupt that names its call as awaiting approval, the run paused', () => {
    const state = decode([
      ...suspendedStream,
      suspended(['i1']),
      {
        type: 'RUN_FINISHED',
        threadId: 't',
        runId: 'r',
        outcome: {
          type: 'interrupt',
          interrupts: [
            { id: 'i1', reason: 'approval', toolCallId: 'b', subagentRunId: 's1', message: 'Delete 3 files?' },
          ],
        },
      },
    ]);
    expect(tree(state)).toEqual(['a awaiting-approval <>', 'b awaiting-approval <a>', 'c succeeded <a>']);
    expect(state.byId.b?.approval).toMatchObject({ id: 'i1', description: 'Delete 3 files?' });
    expect(state.run.status).toBe('paused');
    expect(state.diagnostics.count).toBe(0);
  });

  it('holds a suspended sub-agent’s open calls and the calls above it when the run ends without an interrupt', () => {
    const state = decode([
      ...suspendedStream,
      ...call('f'),
      suspended(),
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { type: 'success', pendingToolCallIds: ['f'] } },
    ]);
    // `f` is a frontend call the app answers: it stays running; the sub-agent's calls wait with the run paused.
    expect(tree(state)).toEqual([
      'a awaiting-approval <>',
      'b awaiting-approval <a>',
      'c succeeded <a>',
      'f running <>',
    ]);
    expect(state.run.status).toBe('paused');
    expect(state.diagnostics.count).toBe(1);
    expect(state.diagnostics.last?.reason).toMatch(/sub-agent run "s1" is suspended; its calls wait/);
  });

  it('drops an end after an end with a diagnostic, loses nothing else, and lets a later run end a suspended one', () => {
    const first = decode([
      ...suspendedStream,
      suspended(),
      { type: 'SUBAGENT_ERROR', subagentRunId: 's1', message: 'late' },
      { type: 'SUBAGENT_FINISHED', subagentRunId: 'ghost', outcome: { type: 'suspended' } },
      { type: 'SUBAGENT_STARTED', subagentRunId: 's2', name: 'two', parentToolCallId: 'a' },
      { type: 'SUBAGENT_FINISHED', subagentRunId: 's2', outcome: { type: 'later' } },
      { type: 'SUBAGENT_FINISHED', subagentRunId: 's2' },
    ]);
    // The error after the suspension cancels nothing: `b` still waits for the sub-agent.
    expect(first.byId.b?.status).toBe('interrupted');
    expect(first.diagnostics.count).toBe(4);

    const decoder = agUi();
    let state: StepsState = emptyStepsState;
    const push = (event: Record<string, unknown>) => {
      state = reduceSteps(state, decoder.push(JSON.stringify(event)));
    };
    for (const event of [...suspendedStream, suspended(), { type: 'RUN_FINISHED', threadId: 't', runId: 'r' }])
      push(event);
    const count = state.diagnostics.count;
    push({ type: 'RUN_STARTED', threadId: 't', runId: 'r2' });
    push({ type: 'TOOL_CALL_RESULT', toolCallId: 'b', content: 'deleted', subagentRunId: 's1' });
    push({ type: 'SUBAGENT_FINISHED', subagentRunId: 's1' });
    push({ type: 'TOOL_CALL_RESULT', toolCallId: 'a', content: 'done' });
    push({ type: 'RUN_FINISHED', threadId: 't', runId: 'r2' });
    expect(state.diagnostics.count).toBe(count);
    expect(tree(state)).toEqual(['a succeeded <>', 'b succeeded <a>', 'c succeeded <a>']);
    expect(state.run.status).toBe('done');
  });
});

describe('TanStack AI CUSTOM approvals and inputs', () => {
  it('reads approval-requested as the call awaiting approval (the run paused), tool-input-available as its input', () => {
    const state = decode([
      run,
      ...call('pay'),
      {
        type: 'CUSTOM',
        name: 'approval-requested',
        value: {
          toolCallId: 'pay',
          toolName: 'tool_pay',
          input: { amount: 5 },
          approval: { id: 'ap-1', needsApproval: true },
        },
      },
      {
        type: 'CUSTOM',
        name: 'tool-input-available',
        value: { toolCallId: 'geo', toolName: 'get_location', input: { precise: true } },
      },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ]);
    expect(state.byId.pay).toMatchObject({
      status: 'awaiting-approval',
      input: { amount: 5 },
      approval: { id: 'ap-1' },
    });
    expect(state.byId.geo).toMatchObject({ toolName: 'get_location', status: 'running', input: { precise: true } });
    expect(state.run.status).toBe('paused');
    expect(state.diagnostics.count).toBe(0);
  });

  it('reads a malformed one as a diagnostic, and leaves other names to the app', () => {
    const state = decode([
      run,
      ...call('a'),
      { type: 'CUSTOM', name: 'approval-requested', value: { toolName: 'x' } },
      { type: 'CUSTOM', name: 'my-app-event', value: 1 },
      { type: 'TOOL_CALL_RESULT', toolCallId: 'a', content: 'ok' },
    ]);
    expect(tree(state)).toEqual(['a succeeded <>']);
    expect(state.diagnostics.count).toBe(1);
    expect(state.diagnostics.last?.reason).toMatch(/without a "toolCallId"/);
  });
});

describe('AG-UI REASONING_ENCRYPTED_VALUE', () => {
  const segments = (state: StepsState) => state.reasoning?.segments ?? [];

  it('shows an encrypted message as reasoning that happened, never its value as text', () => {
    const state = decode([
      run,
      { type: 'REASONING_START', messageId: 'm1' },
      { type: 'REASONING_MESSAGE_START', messageId: 'm1', role: 'reasoning' },
      { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 'm1', encryptedValue: 'gAAAA-secret' },
      { type: 'REASONING_MESSAGE_END', messageId: 'm1' },
      { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 'm2', encryptedValue: 'gAAAA-other' },
      { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'tool-call', entityId: 'call-1', encryptedValue: 'x' },
      { type: 'REASONING_END', messageId: 'm1' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ]);
    expect(segments(state)).toMatchObject([
      { id: 'm1', visibility: 'encrypted', text: '', status: 'done' },
      { id: 'm2', visibility: 'encrypted', text: '', status: 'done' },
    ]);
    expect(JSON.stringify(state)).not.toContain('gAAAA');
    expect(state.diagnostics.count).toBe(0);
  });

  it('keeps a message with text as it is: the encrypted value is only its opaque copy', () => {
    const state = decode([
      run,
      { type: 'REASONING_MESSAGE_START', messageId: 'm1', role: 'reasoning' },
      { type: 'REASONING_MESSAGE_CONTENT', messageId: 'm1', delta: 'Checking the file' },
      { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 'm1', encryptedValue: 'gAAAA' },
      { type: 'REASONING_MESSAGE_END', messageId: 'm1' },
      { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', encryptedValue: 'gAAAA' },
    ]);
    expect(segments(state)).toMatchObject([{ id: 'm1', visibility: 'full', text: 'Checking the file' }]);
    expect(state.diagnostics.count).toBe(1);
  });
});
