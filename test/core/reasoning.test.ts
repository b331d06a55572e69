import {
  createStepStore,
  emptyStepsState,
  reduceSteps,
  type StepEvent,
  type StepsState,
  segmentOf,
  turnItems,
} from 'tool-steps/core';
import { describe, expect, it } from 'vitest';
import { repairState } from '../../src/core/repair';

const run = (events: StepEvent[], now?: number) =>
  reduceSteps(emptyStepsState, events, now === undefined ? {} : { now });

describe('reasoning segments', () => {
  it('streams a segment, keeps its start and end, and ends it', () => {
    const state = run([
      { type: 'reasoning-start', id: 'r1', at: 10 },
      { type: 'reasoning-delta', id: 'r1', delta: 'Let me ' },
      { type: 'reasoning-delta', id: 'r1', delta: 'look.' },
      { type: 'reasoning-end', id: 'r1', at: 30 },
    ]);
    expect(state.reasoning?.ids).toEqual(['r1']);
    expect(segmentOf(state.reasoning, 'r1')).toEqual({
      id: 'r1',
      visibility: 'full',
      status: 'done',
      text: 'Let me look.',
      stepsBefore: 0,
      startedAt: 10,
      endedAt: 30,
    });
    expect(state.diagnostics.count).toBe(0);
  });

  it("times a segment with the store's clock when the wire has no time", () => {
    let t = 100;
    const store = createStepStore({ now: () => t, schedule: (f) => f() });
    store.apply({ type: 'reasoning-start', id: 'r' });
    t = 150;
    store.apply({ type: 'reasoning-delta', id: 'r', delta: 'x' });
    t = 1300;
    store.apply({ type: 'reasoning-end', id: 'r' });
    expect(segmentOf(store.getSnapshot().reasoning, 'r')).toMatchObject({ startedAt: 100, endedAt: 1300, text: 'x' });
  });

  it("gives steps and segments in the order they arrived, a sub-agent's under its parent", () => {
    const state = run([
      { type: 'reasoning-start', id: 'r1' },
      { type: 'reasoning-end', id: 'r1', text: 'first' },
      { type: 'step-start', id: 'c1', toolName: 'read' },
      { type: 'reasoning-start', id: 'r2' },
      { type: 'step-start', id: 'c2', toolName: 'agent' },
      { type: 'reasoning-start', id: 'r3', parentId: 'c2' },
      { type: 'step-start', id: 'c3', toolName: 'grep', parentId: 'c2' },
      { type: 'reasoning-start', id: 'r4' },
    ]);
    expect(turnItems(state)).toEqual([
      { kind: 'reasoning', id: 'r1' },
      { kind: 'step', id: 'c1' },
      { kind: 'reasoning', id: 'r2' },
      { kind: 'step', id: 'c2' },
      { kind: 'reasoning', id: 'r4' },
    ]);
    expect(turnItems(state, 'c2')).toEqual([
      { kind: 'reasoning', id: 'r3' },
      { kind: 'step', id: 'c3' },
    ]);
    expect(turnItems(state, 'c1')).toEqual([]);
  });

  it('a delta changes only its segment: other segments, the steps and the items keep their identity', () => {
    const before = run([
      { type: 'reasoning-start', id: 'r1' },
      { type: 'step-start', id: 'c1', toolName: 'read' },
      { type: 'reasoning-start', id: 'r2' },
    ]);
    const items = turnItems(before);
    const after = reduceSteps(before, { type: 'reasoning-delta', id: 'r2', delta: 'hm' });
    expect(segmentOf(after.reasoning, 'r2')?.text).toBe('hm');
    expect(segmentOf(after.reasoning, 'r1')).toBe(segmentOf(before.reasoning, 'r1'));
    expect(after.byId).toBe(before.byId);
    expect(after.ids).toBe(before.ids);
    expect(after.reasoning?.ids).toBe(before.reasoning?.ids);
    expect(turnItems(after)).toBe(items);
    // a step's progress changes no item either
    const progressed = reduceSteps(after, { type: 'step-progress', id: 'c1', content: 'half' });
    expect(turnItems(progressed)).toBe(items);
    expect(progressed.reasoning).toBe(after.reasoning);
  });

  it('leaves a state without reasoning as it was (no reasoning key)', () => {
    const state = run([{ type: 'step-start', id: 'c1', toolName: 'read' }]);
    expect('reasoning' in state).toBe(false);
    expect(turnItems(state)).toEqual([{ kind: 'step', id: 'c1' }]);
  });

  it('keeps redacted and encrypted segments without text', () => {
    const state = run([
      { type: 'reasoning-start', id: 'r1', visibility: 'redacted' },
      { type: 'reasoning-delta', id: 'r1', delta: 'invented' },
      { type: 'reasoning-end', id: 'r1', text: 'also invented' },
      { type: 'reasoning-start', id: 'r2' },
      { type: 'reasoning-end', id: 'r2', visibility: 'encrypted' },
    ]);
    expect(segmentOf(state.reasoning, 'r1')).toMatchObject({ visibility: 'redacted', text: '', status: 'done' });
    expect(segmentOf(state.reasoning, 'r2')).toMatchObject({ visibility: 'encrypted', text: '', status: 'done' });
    expect(state.diagnostics.count).toBe(2);
  });

  it('reads bad input with a diagnostic each and loses nothing else', () => {
    const state = run([
      { type: 'step-start', id: 'c1', toolName: 'read' },
      { type: 'reasoning-delta', id: 'ghost', delta: 'orphan text' },
      { type: 'reasoning-end', id: 'never-started', text: 'whole' },
      { type: 'reasoning-start', id: 'r1' },
      { type: 'reasoning-end', id: 'r1', text: 'done' },
      { type: 'reasoning-delta', id: 'r1', delta: ' late' },
      { type: 'reasoning-start', id: 'r1' },
      { type: 'reasoning-delta', id: '', delta: 'x' } as StepEvent,
      { type: 'reasoning-delta', id: 'r2', delta: 42 } as unknown as StepEvent,
      { type: 'reasoning-start', id: 'r3', visibility: 'secret' } as unknown as StepEvent,
    ]);
    expect(segmentOf(state.reasoning, 'ghost')).toMatchObject({ text: 'orphan text', status: 'streaming' });
    expect(segmentOf(state.reasoning, 'never-started')).toMatchObject({ text: 'whole', status: 'done' });
    expect(segmentOf(state.reasoning, 'r1')?.text).toBe('done');
    expect(segmentOf(state.reasoning, 'r3')?.visibility).toBe('full');
    expect(state.byId.c1?.toolName).toBe('read');
    expect(state.diagnostics.count).toBe(7);
  });

  it('ends open segments with the run: done when it finished, interrupted when it was cut', () => {
    const open = run([{ type: 'reasoning-start', id: 'r' }]);
    expect(segmentOf(reduceSteps(open, { type: 'run-finish', at: 5 }).reasoning, 'r')).toMatchObject({
      status: 'done',
      endedAt: 5,
    });
    const cut = reduceSteps(open, { type: 'run-abort', at: 7 });
    expect(segmentOf(cut.reasoning, 'r')).toMatchObject({ status: 'interrupted', endedAt: 7 });
    const resumed = reduceSteps(cut, { type: 'reasoning-delta', id: 'r', delta: 'on' });
    expect(segmentOf(resumed.reasoning, 'r')).toMatchObject({ status: 'streaming', text: 'on' });
    expect(segmentOf(resumed.reasoning, 'r')?.endedAt).toBeUndefined();
  });

  it('keeps reasoning text as the wire sent it: secrets and invisible characters are screened when drawn', () => {
    const text = 'key sk-proj-abcdefghijklmnopqrstuvwxyz0123456789 \u202Eevil\u200B';
    const state = run([
      { type: 'reasoning-start', id: 'r' },
      { type: 'reasoning-delta', id: 'r', delta: text },
    ]);
    expect(segmentOf(state.reasoning, 'r')?.text).toBe(text);
  });

  it('appends 200,000 deltas linearly, one batch per delta', () => {
    let state: StepsState = run([{ type: 'reasoning-start', id: 'r' }]);
    for (let i = 0; i < 200_000; i++) state = reduceSteps(state, { type: 'reasoning-delta', id: 'r', delta: 'ab' });
    expect(segmentOf(state.reasoning, 'r')?.text.length).toBe(400_000);
  });
});

describe('stored reasoning', () => {
  it('repairs a stored segment field by field and keeps its place when steps are dropped', () => {
    const stored = {
      ids: ['bad', 'c1'],
      byId: { bad: 7, c1: { id: 'c1', toolName: 'read', status: 'succeeded', inputText: '' } },
      reasoning: {
        ids: ['r1', 'r2', 3],
        segments: [
          { id: 'r1', visibility: 'full', status: 'done', text: 'ok', stepsBefore: 2 },
          { id: 'r2', visibility: 'hidden', status: 'weird', text: 'made up', stepsBefore: 'x' },
        ],
      },
      run: { status: 'done' },
      diagnostics: { count: 0 },
    } as unknown as StepsState;
    const state = repairState(stored);
    expect(state.reasoning?.ids).toEqual(['r1', 'r2']);
    expect(segmentOf(state.reasoning, 'r1')).toMatchObject({ stepsBefore: 1, text: 'ok' });
    expect(segmentOf(state.reasoning, 'r2')).toMatchObject({
      visibility: 'redacted',
      status: 'done',
      text: '',
      stepsBefore: 1,
    });
    expect(turnItems(state)).toEqual([
      { kind: 'step', id: 'c1' },
      { kind: 'reasoning', id: 'r1' },
      { kind: 'reasoning', id: 'r2' },
    ]);
  });

  it('returns a well-formed stored state with reasoning itself', () => {
    const state = run([
      { type: 'reasoning-start', id: 'r' },
      { type: 'step-start', id: 'c', toolName: 't' },
    ]);
    expect(repairState(state)).toBe(state);
  });
});

describe('reasoning parts of stored messages', () => {
  it('reads reasoning parts between the tool parts, in order, and keeps identity when nothing changed', async () => {
    const { stepsFromUIMessages } = await import('tool-steps/wires');
    const messages = [
      {
        id: 'm1',
        role: 'assistant',
        parts: [
          { type: 'reasoning', text: 'Look first.', state: 'done' },
          { type: 'tool-read', toolCallId: 'c1', state: 'output-available', input: {}, output: 'ok' },
          { type: 'reasoning', text: '', providerMetadata: { anthropic: { redactedData: 'opaque' } } },
          { type: 'reasoning', text: 'Now wr', state: 'streaming' },
        ],
      },
    ];
    const state = stepsFromUIMessages(messages);
    expect(turnItems(state)).toEqual([
      { kind: 'reasoning', id: 'm1/reasoning/0' },
      { kind: 'step', id: 'c1' },
      { kind: 'reasoning', id: 'm1/reasoning/2' },
      { kind: 'reasoning', id: 'm1/reasoning/3' },
    ]);
    expect(segmentOf(state.reasoning, 'm1/reasoning/0')).toMatchObject({ text: 'Look first.', status: 'done' });
    expect(segmentOf(state.reasoning, 'm1/reasoning/2')).toMatchObject({ visibility: 'redacted', text: '' });
    expect(segmentOf(state.reasoning, 'm1/reasoning/3')).toMatchObject({ text: 'Now wr', status: 'streaming' });
    expect(stepsFromUIMessages(messages, state)).toBe(state);

    const grown = structuredClone(messages);
    (grown[0]?.parts[3] as { text: string }).text = 'Now write.';
    const next = stepsFromUIMessages(grown, state);
    expect(segmentOf(next.reasoning, 'm1/reasoning/3')?.text).toBe('Now write.');
    expect(segmentOf(next.reasoning, 'm1/reasoning/0')).toBe(segmentOf(state.reasoning, 'm1/reasoning/0'));
    expect(next.byId).toBe(state.byId);
    expect(next.reasoning?.ids).toBe(state.reasoning?.ids);
  });
});
