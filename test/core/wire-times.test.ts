/**
 * Times that survive a reload: the times a wire carries reach the steps the same way live and when the
 * recording is read later; a history or capture without times gives no duration (never one measured
 * while reading it); a hostile time is a diagnostic and loses nothing else.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { StepEvent } from '../../src/core/events';
import { reduceSteps } from '../../src/core/reduce';
import { repairStep } from '../../src/core/repair';
import { segmentOf } from '../../src/core/segments';
import { emptyStepsState, type Step, type StepsState } from '../../src/core/step';
import { createStepStore } from '../../src/core/store';
import { stepsFromUIMessages } from '../../src/core/ui-messages';
import { approvalWaitMs, stepDurationMs } from '../../src/presentation/duration';
import { eventsFromCogitatorThread, stepsFromCogitatorThread } from '../../src/wires/cogitator-history';
import { eventsFromText, stepsFromText } from '../../src/wires/read-text';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

/** The live path: each event in its own batch, through a store whose clock moves 700 ms per event. */
function live(events: readonly StepEvent[]): StepsState {
  let clock = 5_000_000;
  const store = createStepStore({ now: () => clock, schedule: (flush) => flush() });
  for (const event of events) {
    store.apply(event);
    clock += 700;
  }
  return store.getSnapshot();
}

const durationOf = (step: Step | undefined) => (step ? stepDurationMs(step) : undefined);

const times = (state: StepsState) =>
  state.ids.map((id) => {
    const step = state.byId[id];
    return { id, startedAt: step?.startedAt, endedAt: step?.endedAt, ms: step && stepDurationMs(step) };
  });

describe('a wire that carries times: a later read gives the live times', () => {
  it('AG-UI: each step has the timestamps of its events, read live or from the capture', () => {
    const text = fixture('wires/ag-ui-tools.sse');
    const later = stepsFromText(text, { protocol: 'ag-ui' });
    expect(times(later)).toEqual(times(live(eventsFromText(text, { protocol: 'ag-ui' }))));
    // call_b started at its TOOL_CALL_START and ended at its TOOL_CALL_RESULT
    expect(later.byId.call_b).toMatchObject({ startedAt: 1767225601750, endedAt: 1767225604750 });
  });

  it('AG-UI: a reasoning message has the timestamps of its start and end, read live or later', () => {
    const text = [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r', timestamp: 1767225600000 },
      { type: 'REASONING_MESSAGE_START', messageId: 'th1', role: 'reasoning', timestamp: 1767225600100 },
      { type: 'REASONING_MESSAGE_CONTENT', messageId: 'th1', delta: 'Which file?', timestamp: 1767225603000 },
      { type: 'REASONING_MESSAGE_END', messageId: 'th1', timestamp: 1767225612100 },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r', timestamp: 1767225613000 },
    ]
      .map((event) => `data: ${JSON.stringify(event)}\n\n`)
      .join('');
    const segments = (state: StepsState) =>
      state.reasoning?.ids.map((id) => {
        const segment = segmentOf(state.reasoning, id);
        return { id, startedAt: segment?.startedAt, endedAt: segment?.endedAt };
      });
    const later = stepsFromText(text, { protocol: 'ag-ui' });
    expect(segments(later)).toEqual([{ id: expect.any(String), startedAt: 1767225600100, endedAt: 1767225612100 }]);
    expect(segments(later)).toEqual(segments(live(eventsFromText(text, { protocol: 'ag-ui' }))));
  });

  it('native: `at` gives the steps their times, read live or from the capture', () => {
    const text = [
      { type: 'run-start', at: 1767225600000 },
      { type: 'step-start', id: 'a', toolName: 'read_file', at: 1767225600100 },
      { type: 'step-input', id: 'a', input: { path: 'a.ts' }, at: 1767225600200 },
      { type: 'step-result', id: 'a', result: 'x', at: 1767225608500 },
      { type: 'run-finish', at: 1767225609000 },
    ]
      .map((event) => JSON.stringify(event))
      .join('\n');
    const later = stepsFromText(text, { protocol: 'native' });
    expect(times(later)).toEqual(times(live(eventsFromText(text, { protocol: 'native' }))));
    expect(durationOf(later.byId.a)).toBe(8400);
  });

  it("Cogitator: a thread's saved details give the duration the live run showed", () => {
    const text = fixture('cogitator-run-command-progress.sse');
    const liveState = live(eventsFromText(text, { protocol: 'cogitator' }));
    const id = liveState.ids[0] as string;
    const step = liveState.byId[id] as Step;
    const thread = {
      id: 'thread_1',
      entries: [
        {
          message: { role: 'assistant', content: '', toolCalls: [{ id, name: 'run_command', arguments: step.input }] },
        },
        {
          message: { role: 'tool', toolCallId: id, name: 'run_command', content: JSON.stringify(step.result) },
          metadata: { details: step.details },
        },
      ],
    };
    const later = stepsFromCogitatorThread(thread);
    expect(durationOf(later.byId[id])).toBe(8421);
    expect(durationOf(later.byId[id])).toBe(stepDurationMs(step));
  });
});

describe('a history or capture without times gives no duration', () => {
  it('stepsFromUIMessages: stored parts carry no times, so no step has one', () => {
    const state = stepsFromUIMessages([
      {
        id: 'm1',
        role: 'assistant',
        parts: [
          { type: 'reasoning', text: 'Let me look.' },
          { type: 'tool-read_file', toolCallId: 'c1', state: 'output-available', input: { path: 'a' }, output: 'x' },
        ],
      },
    ]);
    expect(state.byId.c1).not.toHaveProperty('startedAt');
    expect(state.byId.c1).not.toHaveProperty('endedAt');
    expect(durationOf(state.byId.c1)).toBeUndefined();
    expect(segmentOf(state.reasoning, 'm1/reasoning/0')).not.toHaveProperty('startedAt');
  });

  it('an AI SDK capture applied to a store at once: no duration, whatever the clock', () => {
    let clock = 1_000;
    const store = createStepStore({ now: () => (clock += 1000), schedule: (flush) => flush() });
    store.apply(eventsFromText(fixture('ai-sdk-tool-result.sse'), { protocol: 'ai-sdk' }));
    const state = store.getSnapshot();
    expect(state.ids.length).toBeGreaterThan(0);
    for (const id of state.ids) expect(durationOf(state.byId[id])).toBeUndefined();
  });

  it('a Cogitator thread of messages applied to a store: no duration', () => {
    let clock = 1_000;
    const store = createStepStore({ now: () => (clock += 1000), schedule: (flush) => flush() });
    store.apply(eventsFromCogitatorThread(JSON.parse(fixture('cogitator-thread-workspace-edit.json'))));
    const state = store.getSnapshot();
    expect(state.ids.length).toBe(4);
    for (const id of state.ids) expect(durationOf(state.byId[id])).toBeUndefined();
  });
});

describe('a hostile time is a diagnostic and loses nothing else', () => {
  const nativeRun = (at: unknown) =>
    stepsFromText(
      [
        { type: 'step-start', id: 'a', toolName: 'grep', at: 1767225600000 },
        { type: 'step-result', id: 'a', result: 'found', at },
      ]
        .map((event) => JSON.stringify(event))
        .join('\n'),
      { protocol: 'native' },
    );

  it.each([
    ['a string', 'yesterday'],
    ['negative', -5],
    ['the year 3000', 32_503_680_000_000],
    ['an object', { ms: 1 }],
  ])('native: a result whose `at` is %s keeps its result, without that time', (_name, at) => {
    const state = nativeRun(at);
    expect(state.byId.a).toMatchObject({ status: 'succeeded', result: 'found', startedAt: 1767225600000 });
    expect(state.byId.a).not.toHaveProperty('endedAt');
    expect(durationOf(state.byId.a)).toBeUndefined();
    expect(state.diagnostics.count).toBeGreaterThan(0);
    expect(state.diagnostics.last?.reason).toMatch(/"at"/);
  });

  it.each([
    ['NaN', Number.NaN],
    ['negative', -1],
    ['the year 3000', 32_503_680_000_000],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('a hand-made event whose `at` is %s takes the clock instead, with a diagnostic', (_name, at) => {
    const start = reduceSteps(emptyStepsState, { type: 'step-start', id: 'a', toolName: 'grep' }, { now: 1000 });
    const state = reduceSteps(start, { type: 'step-result', id: 'a', result: 'found', at }, { now: 3500 });
    expect(state.byId.a).toMatchObject({ status: 'succeeded', result: 'found', startedAt: 1000, endedAt: 3500 });
    expect(state.diagnostics.count).toBe(1);
  });

  it('an end before the start is no duration (not a negative one), and the step is kept', () => {
    const state = nativeRun(1767225500000);
    expect(state.byId.a).toMatchObject({ status: 'succeeded', result: 'found' });
    expect(durationOf(state.byId.a)).toBeUndefined();
  });
});

describe('the wait for approval is kept apart from the run time', () => {
  const asked: StepEvent[] = [
    { type: 'step-start', id: 'a', toolName: 'run_command', at: 1000 },
    { type: 'step-input', id: 'a', input: { command: 'rm -rf build' }, at: 1500 },
    { type: 'step-approval', id: 'a', approvalId: 'ap1', at: 2000 },
  ];

  it('keeps when the approval was asked and answered, and the run time leaves the wait out', () => {
    const state = reduceSteps(emptyStepsState, [
      ...asked,
      { type: 'step-decision', id: 'a', approved: true, at: 14_000 },
      { type: 'step-result', id: 'a', result: 'ok', at: 16_400 },
    ]);
    const step = state.byId.a as Step;
    expect(step.approval).toMatchObject({ id: 'ap1', requestedAt: 2000, answeredAt: 14_000 });
    expect(approvalWaitMs(step)).toBe(12_000);
    expect(stepDurationMs(step)).toBe(3400);
  });

  it("takes the store's clock for a request and a decision that carry no time", () => {
    let clock = 10_000;
    const store = createStepStore({ now: () => clock, schedule: (flush) => flush() });
    store.apply({ type: 'step-start', id: 'a', toolName: 'write_file' });
    clock = 11_000;
    store.apply({ type: 'step-approval', id: 'a' });
    clock = 31_000;
    store.apply({ type: 'step-decision', id: 'a', approved: true });
    clock = 33_500;
    store.apply({ type: 'step-result', id: 'a', result: 'ok' });
    const step = store.getSnapshot().byId.a as Step;
    expect(step.approval).toMatchObject({ requestedAt: 11_000, answeredAt: 31_000 });
    expect(stepDurationMs(step)).toBe(3500);
  });

  it('an AI SDK call continued in the next response was answered by then: its wait ends there', () => {
    let clock = 1_000_000;
    const store = createStepStore({ now: () => clock, schedule: (flush) => flush() });
    for (const event of eventsFromText(fixture('ai-sdk-approval.sse'), { protocol: 'ai-sdk' })) {
      store.apply(event);
      clock += 100;
    }
    const asked = store.getSnapshot().byId['call-1']?.approval?.requestedAt;
    clock += 30_000; // the person reads the card, decides, and the app sends the next request
    const answeredAt = clock;
    store.apply(eventsFromText(fixture('ai-sdk-approval-continued.sse'), { protocol: 'ai-sdk' }));
    const step = store.getSnapshot().byId['call-1'] as Step;
    expect(step.status).toBe('succeeded');
    expect(step.approval).toMatchObject({ requestedAt: asked, answeredAt });
    expect(approvalWaitMs(step)).toBe(answeredAt - (asked as number));
    // the call's own time is what it took before it asked: the wait is not in it
    expect(stepDurationMs(step)).toBe((asked as number) - (step.startedAt as number));
  });

  it('a second request while the call still waits keeps the first time it was asked', () => {
    const state = reduceSteps(emptyStepsState, [
      ...asked,
      { type: 'step-approval', id: 'a', description: 'Deletes build/', at: 5000 },
    ]);
    expect(state.byId.a?.approval?.requestedAt).toBe(2000);
  });

  it("a server's denial is the answer", () => {
    const state = reduceSteps(emptyStepsState, [...asked, { type: 'step-denied', id: 'a', at: 9000 }]);
    expect(state.byId.a?.approval).toMatchObject({ requestedAt: 2000, answeredAt: 9000 });
  });

  it('an answer before the request, or outside the step, is no wait (the times are kept as they are)', () => {
    const step: Step = {
      id: 'a',
      toolName: 'x',
      status: 'succeeded',
      inputText: '',
      startedAt: 1000,
      endedAt: 9000,
      approval: { requestedAt: 5000, answeredAt: 4000 },
    };
    expect(approvalWaitMs(step)).toBeUndefined();
    expect(stepDurationMs(step)).toBe(8000);
    expect(approvalWaitMs({ ...step, approval: { requestedAt: 500, answeredAt: 4000 } })).toBeUndefined();
    expect(approvalWaitMs({ ...step, approval: { requestedAt: 5000, answeredAt: 9500 } })).toBeUndefined();
  });

  it('a stored step whose approval times are not numbers is repaired, its decision kept', () => {
    const problems: string[] = [];
    const stored = {
      id: 'a',
      toolName: 'x',
      status: 'succeeded',
      inputText: '',
      approval: { requestedAt: 'soon', answeredAt: Number.NaN, decision: { approved: true } },
    };
    const step = repairStep(stored, problems);
    expect(step?.approval).toEqual({ decision: { approved: true } });
    expect(problems.join('\n')).toMatch(/"requestedAt" is a string, not a time/);
    expect(problems.join('\n')).toMatch(/"answeredAt" is a number, not a time/);
  });
});
