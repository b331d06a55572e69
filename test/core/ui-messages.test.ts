import { readFileSync } from 'node:fs';
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { convertArrayToReadableStream } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { emptyStepsState } from '../../src/core/step';
import {
  stepFromToolUIPart,
  stepsFromUIMessages,
  type ToolUIPartLike,
  type UIMessageLike,
} from '../../src/core/ui-messages';

const message = (parts: unknown[], id = 'm1'): UIMessageLike => ({ id, role: 'assistant', parts });

/** The SDK's own snapshots of a recorded stream (ai 7.0.173), one per write. */
async function snapshotsOf(name: string, start?: UIMessage): Promise<UIMessage[]> {
  const text = readFileSync(new URL(`../fixtures/ai-sdk-${name}.sse`, import.meta.url), 'utf8');
  const chunks = text
    .split('\n\n')
    .map((f) => f.replace(/^data: /, ''))
    .filter((f) => f.trim() !== '' && f !== '[DONE]')
    .map((f) => JSON.parse(f) as UIMessageChunk);
  const out: UIMessage[] = [];
  for await (const snapshot of readUIMessageStream({ stream: convertArrayToReadableStream(chunks), message: start }))
    out.push(snapshot);
  return out;
}

describe('stepFromToolUIPart: every part state', () => {
  const base = { type: 'tool-read_file', toolCallId: 'c1', input: { path: 'a.ts' } };
  it.each([
    [
      { ...base, state: 'input-streaming', input: { path: 'a' }, rawInput: '{"path":"a' },
      { status: 'input-streaming', input: { path: 'a' }, inputText: '{"path":"a' },
    ],
    [
      { ...base, state: 'input-available' },
      { status: 'running', inputText: '{"path":"a.ts"}' },
    ],
    [
      { ...base, state: 'approval-requested', approval: { id: 'ap', requestReason: 'Reads outside the workspace' } },
      { status: 'awaiting-approval', approval: { id: 'ap', description: 'Reads outside the workspace' } },
    ],
    [
      { ...base, state: 'approval-responded', approval: { id: 'ap', approved: true } },
      { status: 'running', approval: { id: 'ap', decision: { approved: true } } },
    ],
    [
      { ...base, state: 'approval-responded', approval: { id: 'ap', approved: false, reason: 'No' } },
      { status: 'denied', approval: { id: 'ap', decision: { approved: false, reason: 'No' } } },
    ],
    [
      { ...base, state: 'output-available', output: 'partial', preliminary: true },
      { status: 'running', progress: { content: 'partial', count: 1 } },
    ],
    [
      { ...base, state: 'output-available', output: 'text', approval: { id: 'ap', approved: true } },
      { status: 'succeeded', result: 'text', approval: { id: 'ap', decision: { approved: true } } },
    ],
    [
      { ...base, state: 'output-error', errorText: 'ENOENT' },
      { status: 'failed', error: { message: 'ENOENT' } },
    ],
    [
      { ...base, state: 'output-error', input: undefined, rawInput: { path: 7 }, errorText: 'bad' },
      { status: 'failed', input: { path: 7 } },
    ],
    [
      { ...base, state: 'output-denied' },
      { status: 'denied', approval: { decision: { approved: false } } },
    ],
    [
      { ...base, state: 'output-denied', approval: { id: 'ap', approved: false, reason: 'policy' } },
      { status: 'denied', approval: { id: 'ap', decision: { approved: false, reason: 'policy' } } },
    ],
  ])('%o', (part, expected) => {
    const step = stepFromToolUIPart(part as ToolUIPartLike);
    expect(step).toMatchObject({ id: 'c1', toolName: 'read_file', input: { path: 'a.ts' }, ...expected });
    if (step?.status !== 'succeeded') expect(step).not.toHaveProperty('result');
  });

  it('names a dynamic tool by toolName and labels any tool by its title', () => {
    expect(
      stepFromToolUIPart({
        type: 'dynamic-tool',
        toolName: 'mcp__search',
        toolCallId: 'd',
        state: 'input-available',
        input: {},
        title: 'Search',
      }),
    ).toEqual({
      id: 'd',
      toolName: 'mcp__search',
      status: 'running',
      inputText: '{}',
      input: {},
      presentation: { label: 'Search' },
    });
  });

  it('keeps a raw-text input as text', () => {
    expect(
      stepFromToolUIPart({
        type: 'tool-shell',
        toolCallId: 's',
        state: 'input-available',
        input: 'ls -la',
        inputEncoding: 'text',
      })?.inputText,
    ).toBe('ls -la');
  });

  it('returns undefined for a state it does not know', () => {
    expect(stepFromToolUIPart({ type: 'tool-x', toolCallId: 'x', state: 'output-teleported' })).toBeUndefined();
  });
});

describe('stepsFromUIMessages', () => {
  it('collects tool parts of every message in order, ignoring other parts', () => {
    const state = stepsFromUIMessages([
      { id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] },
      message([
        { type: 'step-start' },
        { type: 'text', text: 'x', state: 'done' },
        { type: 'tool-a', toolCallId: '1', state: 'input-available', input: {} },
        { type: 'data-x', data: 1 },
      ]),
      message(
        [{ type: 'dynamic-tool', toolName: 'b', toolCallId: '2', state: 'output-available', input: {}, output: 5 }],
        'm2',
      ),
    ]);
    expect(state.ids).toEqual(['1', '2']);
    expect(state.byId['2']).toMatchObject({ toolName: 'b', status: 'succeeded', result: 5 });
    expect(state.run).toEqual({ status: 'idle' });
    expect(state.diagnostics).toEqual({ count: 0 });
  });

  it('skips and counts parts with an unknown state or a repeated call id (the later one wins)', () => {
    const state = stepsFromUIMessages([
      message([
        { type: 'tool-a', toolCallId: '1', state: 'input-available', input: {} },
        { type: 'tool-a', toolCallId: '2', state: 'weird' },
        { type: 'tool-a', toolCallId: '1', state: 'output-available', input: {}, output: 'ok' },
        { type: 'tool-a', state: 'input-available' },
      ]),
    ]);
    expect(state.ids).toEqual(['1']);
    expect(state.byId['1']?.status).toBe('succeeded');
    expect(state.diagnostics.count).toBe(2);
  });

  it('returns the previous state itself when nothing changed, even for copied parts', () => {
    const messages = [
      message([
        { type: 'tool-a', toolCallId: '1', state: 'output-available', input: { q: [1] }, output: { rows: [{ a: 1 }] } },
      ]),
    ];
    const first = stepsFromUIMessages(messages);
    expect(stepsFromUIMessages(messages, first)).toBe(first);
    expect(stepsFromUIMessages(structuredClone(messages), first)).toBe(first);
  });

  it('makes a new object only for the step whose part changed', () => {
    const a = { type: 'tool-a', toolCallId: '1', state: 'output-available', input: {}, output: 1 };
    const b = { type: 'tool-b', toolCallId: '2', state: 'input-available', input: { x: 1 } };
    const first = stepsFromUIMessages([message([a, b])]);
    const next = stepsFromUIMessages([message([{ ...a }, { ...b, state: 'output-available', output: 2 }])], first);
    expect(next).not.toBe(first);
    expect(next.byId['1']).toBe(first.byId['1']);
    expect(next.byId['2']).not.toBe(first.byId['2']);
    expect(next.byId['2']?.status).toBe('succeeded');
    expect(next.ids).toBe(first.ids);
    const more = stepsFromUIMessages(
      [message([{ ...a }, { ...b, state: 'output-available', output: 2 }, { ...b, toolCallId: '3' }])],
      next,
    );
    expect(more.ids).toEqual(['1', '2', '3']);
    expect(more.byId['2']).toBe(next.byId['2']);
  });

  it('does not reuse steps of a state it did not make', () => {
    const messages = [message([{ type: 'tool-a', toolCallId: '1', state: 'input-available', input: {} }])];
    const foreign = {
      ...emptyStepsState,
      ids: ['1'],
      byId: { '1': { id: '1', toolName: 'a', status: 'running' as const, inputText: '' } },
    };
    const state = stepsFromUIMessages(messages, foreign);
    expect(state.byId['1']).not.toBe(foreign.byId['1']);
    expect(state.byId['1']).toMatchObject({ status: 'running', input: {} });
  });
});

describe('stepsFromUIMessages on the SDK’s own readUIMessageStream snapshots (ai 7.0.173)', () => {
  it('preliminary: counts each new progress output and reuses the step while nothing changes', async () => {
    const snapshots = await snapshotsOf('preliminary');
    let state = emptyStepsState;
    const trail: string[] = [];
    for (const snapshot of snapshots) {
      const next = stepsFromUIMessages([snapshot], state);
      const step = next.byId['call-1'];
      const prev = state.byId['call-1'];
      trail.push(`${step?.status}/${step?.progress?.count ?? '-'}${step && step === prev ? ' (same)' : ''}`);
      state = next;
    }
    expect(trail).toEqual([
      'undefined/-', // start: the message id only
      'input-streaming/-',
      'input-streaming/-',
      'input-streaming/-',
      'running/-',
      'running/1',
      'running/2',
      'running/3',
      'running/4',
      'succeeded/4',
      'succeeded/4 (same)', // text parts of the next step: a new snapshot, the same step
      'succeeded/4 (same)',
      'succeeded/4 (same)',
    ]);
    expect(state.byId['call-1']).toMatchObject({ result: { left: 0 }, input: { from: 3 } });
  });

  it('approval, answered locally, then continued: the same steps end succeeded and denied', async () => {
    const first = await snapshotsOf('approval');
    const paused = first.at(-1) as UIMessage;
    let state = stepsFromUIMessages([paused]);
    expect(state.ids).toEqual(['call-1', 'call-2']);
    expect(state.byId['call-1']).toMatchObject({ status: 'awaiting-approval', approval: { id: 'approval-2' } });

    // what `addToolApprovalResponse` does to the message, on the client
    const answered = structuredClone(paused);
    for (const part of answered.parts as Array<Record<string, unknown>>) {
      if (part.toolCallId === 'call-1')
        Object.assign(part, { state: 'approval-responded', approval: { id: 'approval-2', approved: true } });
      if (part.toolCallId === 'call-2')
        Object.assign(part, {
          state: 'approval-responded',
          approval: { id: 'approval-3', approved: false, reason: 'Not in /etc' },
        });
    }
    const before = state;
    state = stepsFromUIMessages([answered], state);
    expect(state.byId['call-1']).toMatchObject({ status: 'running', approval: { decision: { approved: true } } });
    expect(state.byId['call-2']).toMatchObject({
      status: 'denied',
      approval: { decision: { approved: false, reason: 'Not in /etc' } },
    });
    expect(state.byId['call-1']).not.toBe(before.byId['call-1']);

    const continued = await snapshotsOf('approval-continued', answered);
    let denied = state.byId['call-2'];
    for (const snapshot of continued) {
      state = stepsFromUIMessages([snapshot], state);
      if (state.byId['call-2']?.status === 'denied') denied = state.byId['call-2'];
    }
    expect(state.byId['call-1']).toMatchObject({ status: 'succeeded', result: { deleted: '/tmp/a' } });
    expect(state.byId['call-2']).toMatchObject({
      status: 'denied',
      approval: { id: 'approval-3', decision: { approved: false, reason: 'Not in /etc' } },
    });
    expect(denied?.status).toBe('denied');
  });
});
