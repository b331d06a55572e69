import { describe, expect, it } from 'vitest';
import { emptyStepsState, reduceSteps, type StepEvent } from '../../src/core';

const progress = (content: string): StepEvent => ({ type: 'step-progress', id: 'r', content });

describe('progress updates in one batch', () => {
  it('change the copy the batch made, never a step of the state they were given', () => {
    const before = reduceSteps(emptyStepsState, [
      { type: 'step-start', id: 'r', toolName: 'run_command' },
      { type: 'step-input', id: 'r', input: { command: 'ls' } },
      progress('one'),
    ]);
    const copy = structuredClone(before);
    const after = reduceSteps(before, [progress('two'), progress('three'), progress('four')]);
    expect(before).toEqual(copy);
    expect(after.byId.r?.progress).toEqual({ content: 'four', details: undefined, count: 4 });
    expect(after.byId.r).not.toBe(before.byId.r);
  });

  it('give the same state in one batch as one by one', () => {
    const events: StepEvent[] = [
      { type: 'step-start', id: 'r', toolName: 'run_command' },
      { type: 'step-input-delta', id: 'r', delta: '{"command":"ls"}' },
      progress('a'),
      progress('b'),
      { type: 'step-progress', id: 'r', details: { kind: 'text', text: 'x' } },
      { type: 'step-progress', id: 'r', content: 'c', presentation: { label: 'Listing' } },
      progress('d'),
    ];
    let one = emptyStepsState;
    for (const e of events) one = reduceSteps(one, e, { now: 5 });
    expect(reduceSteps(emptyStepsState, events, { now: 5 })).toEqual(one);
  });
});
