// The reducer: every rule of ARCHITECTURE.md §2, every StepEvent type.
import fc from 'fast-check';
import {
  emptyStepsState,
  isTerminalStatus,
  reduceSteps,
  type Step,
  type StepEvent,
  type StepStatus,
  type StepsState,
} from 'tool-steps/core';
import { describe, expect, it } from 'vitest';

/** Folds events one by one (the reference `reduceSteps` must match). */
function fold(events: readonly StepEvent[], now?: number, from: StepsState = emptyStepsState): StepsState {
  return events.reduce<StepsState>((state, event) => reduceSteps(state, event, { now }), from);
}

/** A hand-made event that is not a valid StepEvent: the reducer must survive it. */
const bad = (value: unknown) => value as StepEvent;

const start = (id: string, toolName = 'read_file'): StepEvent => ({ type: 'step-start', id, toolName });

/** Each terminal status, and the events that put a fresh running step "c1" into it. */
const TERMINAL: ReadonlyArray<[StepStatus, StepEvent]> = [
  ['succeeded', { type: 'step-result', id: 'c1', result: 'ok' }],
  ['failed', { type: 'step-error', id: 'c1', message: 'boom' }],
  ['denied', { type: 'step-denied', id: 'c1', reason: 'no' }],
  ['cancelled', { type: 'step-cancelled', id: 'c1' }],
];

describe('step-start', () => {
  it('creates a step in input-streaming, appended to ids', () => {
    const state = reduceSteps(emptyStepsState, start('c1', 'read_file'));
    expect(state.ids).toEqual(['c1']);
    expect(state.byId.c1).toStrictEqual({ id: 'c1', toolName: 'read_file', status: 'input-streaming', inputText: '' });
    expect(state.run).toEqual({ status: 'idle' });
    expect(state.diagnostics).toEqual({ count: 0 });
  });

  it('keeps parentId and presentation', () => {
    const state = reduceSteps(emptyStepsState, {
      type: 'step-start',
      id: 'c2',
      toolName: 'grep',
      parentId: 'c1',
      presentation: { label: 'Search', icon: 'text-search', detail: 'foo' },
    });
    expect(state.byId.c2).toStrictEqual({
      id: 'c2',
      toolName: 'grep',
      parentId: 'c1',
      status: 'input-streaming',
      inputText: '',
      presentation: { label: 'Search', icon: 'text-search', detail: 'foo' },
    });
  });

  it('keeps ids in order of first appearance, one per id', () => {
    const state = reduceSteps(emptyStepsState, [
      start('b'),
      start('a'),
      { type: 'step-result', id: 'c' },
      start('b'),
      { type: 'step-progress', id: 'a', content: 'x' },
    ]);
    expect(state.ids).toEqual(['b', 'a', 'c']);
  });

  it('a start after a result (the step already ended) is dropped and counted: the step does not change', () => {
    const ended = reduceSteps(emptyStepsState, { type: 'step-result', id: 'c1', result: 1 });
    const state = reduceSteps(ended, start('c1', 'grep'));
    expect(state.byId.c1).toBe(ended.byId.c1);
    expect(state.diagnostics.count).toBe(1);
  });

  it('a second start with another tool name keeps the first name and is counted', () => {
    const state = reduceSteps(emptyStepsState, [start('c1', 'grep'), start('c1', 'glob')]);
    expect(state.byId.c1?.toolName).toBe('grep');
    expect(state.diagnostics).toEqual({
      count: 1,
      last: { reason: 'step "c1" was started again as "glob"; it stays "grep"' },
    });
  });

  it('a late start does not replace the presentation of a step that already ended', () => {
    const state = reduceSteps(emptyStepsState, [
      start('c1', 'read_file'),
      { type: 'step-result', id: 'c1', presentation: { label: 'Read file', detail: 'src/a.ts' } },
      { type: 'step-start', id: 'c1', toolName: 'read_file', presentation: { label: 'Stale' } },
    ]);
    expect(state.byId.c1?.status).toBe('succeeded');
    expect(state.byId.c1?.presentation).toEqual({ label: 'Read file', detail: 'src/a.ts' });
  });
});

describe('arguments: step-input-delta and step-input', () => {
  it('parses the streamed text partially while it streams', () => {
    const state = reduceSteps(emptyStepsState, [
      start('c1'),
      { type: 'step-input-delta', id: 'c1', delta: '{"path":' },
      { type: 'step-input-delta', id: 'c1', delta: '"src/a' },
    ]);
    expect(state.byId.c1).toEqual({
      id: 'c1',
      toolName: 'read_file',
      status: 'input-streaming',
      inputText: '{"path":"src/a',
      input: { path: 'src/a' },
    });
  });

  it('parses partially after every single event too', () => {
    let state = reduceSteps(emptyStepsState, start('c1'));
    state = reduceSteps(state, { type: 'step-input-delta', id: 'c1', delta: '{"path":"src/a' });
    expect(state.byId.c1?.input).toEqual({ path: 'src/a' });
    state = reduceSteps(state, { type: 'step-input-delta', id: 'c1', delta: '.ts","limit":2' });
    expect(state.byId.c1?.input).toEqual({ path: 'src/a.ts', limit: 2 });
  });

  it('replace: true sets the whole text', () => {
    const state = reduceSteps(emptyStepsState, [
      start('c1'),
      { type: 'step-input-delta', id: 'c1', delta: '{"path":"old"}' },
      { type: 'step-input-delta', id: 'c1', delta: '{"path":"new"', replace: true },
    ]);
    expect(state.byId.c1?.inputText).toBe('{"path":"new"');
    expect(state.byId.c1?.input).toEqual({ path: 'new' });
  });

  it('a delta without a start creates a nameless step', () => {
    const state = reduceSteps(emptyStepsState, { type: 'step-input-delta', id: 'c9', delta: '{"a":1' });
    expect(state.ids).toEqual(['c9']);
    expect(state.byId.c9).toEqual({
      id: 'c9',
      toolName: '',
      status: 'input-streaming',
      inputText: '{"a":1',
      input: { a: 1 },
    });
  });

  it('step-input without input makes the step running and parses the whole text', () => {
    const state = reduceSteps(emptyStepsState, [
      start('c1', 'edit_file'),
      { type: 'step-input-delta', id: 'c1', delta: '{"path":"src/a.ts","old' },
      { type: 'step-input-delta', id: 'c1', delta: 'Text":"foo","newText":"bar","n":[1,2]}' },
      { type: 'step-input', id: 'c1' },
    ]);
    expect(state.byId.c1).toEqual({
      id: 'c1',
      toolName: 'edit_file',
      status: 'running',
      inputText: '{"path":"src/a.ts","oldText":"foo","newText":"bar","n":[1,2]}',
      input: { path: 'src/a.ts', oldText: 'foo', newText: 'bar', n: [1, 2] },
    });
  });

  it('step-input with no text at all leaves input undefined', () => {
    const state = reduceSteps(emptyStepsState, [start('c1'), { type: 'step-input', id: 'c1' }]);
    expect(state.byId.c1).toStrictEqual({ id: 'c1', toolName: 'read_file', status: 'running', inputText: '' });
  });

  it('text that is not JSON never throws: kept as text, no input', () => {
    const state = reduceSteps(emptyStepsState, [
      start('c1'),
      { type: 'step-input-delta', id: 'c1', delta: 'hello there' },
      { type: 'step-input', id: 'c1' },
    ]);
    expect(state.byId.c1?.status).toBe('running');
    expect(state.byId.c1?.inputText).toBe('hello there');
    expect(state.byId.c1?.input).toBeUndefined();
  });

  it('step-input with input sets the arguments and keeps the streamed text', () => {
    const state = reduceSteps(emptyStepsState, [
      start('c1', 'run_command'),
      { type: 'step-input-delta', id: 'c1', delta: '{"command":"pnpm test"}' },
      { type: 'step-input', id: 'c1', input: { command: 'pnpm test --reporter=dot' } },
    ]);
    expect(state.byId.c1).toEqual({
      id: 'c1',
      toolName: 'run_command',
      status: 'running',
      inputText: '{"command":"pnpm test"}',
      input: { command: 'pnpm test --reporter=dot' },
    });
  });

  it('a later step-input with input (tool-update arguments) replaces the input and keeps inputText', () => {
    const state = reduceSteps(emptyStepsState, [
      start('c1', 'run_command'),
      { type: 'step-input-delta', id: 'c1', delta: '{"command":"pnpm test"}' },
      { type: 'step-input', id: 'c1' },
      { type: 'step-progress', id: 'c1', content: 'started' },
      { type: 'step-input', id: 'c1', input: { command: 'pnpm test --reporter=dot', cwd: '.' } },
    ]);
    const step = state.byId.c1;
    expect(step?.status).toBe('running');
    expect(step?.inputText).toBe('{"command":"pnpm test"}');
    expect(step?.input).toEqual({ command: 'pnpm test --reporter=dot', cwd: '.' });
    expect(step?.progress).toEqual({ content: 'started', count: 1 });
  });

  it('the replacement survives a later fold step (not re-parsed from the text)', () => {
    const events: StepEvent[] = [
      start('c1', 'run_command'),
      { type: 'step-input-delta', id: 'c1', delta: '{"command":"a"}' },
      { type: 'step-input', id: 'c1', input: { command: 'b' } },
      { type: 'step-result', id: 'c1', result: 0 },
    ];
    expect(fold(events).byId.c1?.input).toEqual({ command: 'b' });
    expect(reduceSteps(emptyStepsState, events).byId.c1?.input).toEqual({ command: 'b' });
  });

  it('a delta after the arguments completed is dropped and counted', () => {
    const before = reduceSteps(emptyStepsState, [
      start('c1'),
      { type: 'step-input-delta', id: 'c1', delta: '{"a":1}' },
      { type: 'step-input', id: 'c1' },
    ]);
    const after = reduceSteps(before, { type: 'step-input-delta', id: 'c1', delta: 'more' });
    expect(after.byId.c1).toBe(before.byId.c1);
    expect(after.diagnostics).toEqual({
      count: 1,
      last: { reason: 'argument text for step "c1" arrived after its arguments were complete; dropped' },
    });
  });

  it('fold and batch agree when parseable text is replaced by text that does not parse', () => {
    const events: StepEvent[] = [
      start('c1'),
      { type: 'step-input-delta', id: 'c1', delta: '{"a":1}' },
      { type: 'step-input-delta', id: 'c1', delta: 'abc', replace: true },
    ];
    expect(reduceSteps(emptyStepsState, events)).toEqual(fold(events));
  });
});

describe('step-progress', () => {
  it('merges field by field, counts, and makes the step running', () => {
    const state = reduceSteps(emptyStepsState, [
      start('c1', 'run_command'),
      { type: 'step-input-delta', id: 'c1', delta: '{"command":"ls"}' },
      { type: 'step-progress', id: 'c1', content: 'one', details: { n: 1 } },
      { type: 'step-progress', id: 'c1', content: 'two' },
      { type: 'step-progress', id: 'c1', details: { n: 3 } },
    ]);
    expect(state.byId.c1).toEqual({
      id: 'c1',
      toolName: 'run_command',
      status: 'running',
      inputText: '{"command":"ls"}',
      input: { command: 'ls' },
      progress: { content: 'two', details: { n: 3 }, count: 3 },
    });
  });

  it('an empty update only counts', () => {
    const state = reduceSteps(emptyStepsState, [
      start('c1'),
      { type: 'step-progress', id: 'c1', content: 'a' },
      { type: 'step-progress', id: 'c1' },
    ]);
    expect(state.byId.c1?.progress).toEqual({ content: 'a', count: 2 });
  });

  it('the latest presentation wins, and stays when an update carries none', () => {
    const state = reduceSteps(emptyStepsState, [
      { type: 'step-start', id: 'c1', toolName: 'run_command', presentation: { label: 'A' } },
      { type: 'step-progress', id: 'c1', presentation: { label: 'B', icon: 'terminal' } },
      { type: 'step-progress', id: 'c1', content: 'x' },
    ]);
    expect(state.byId.c1?.presentation).toEqual({ label: 'B', icon: 'terminal' });
    const done = reduceSteps(state, { type: 'step-result', id: 'c1', presentation: { label: 'C', detail: 'd' } });
    expect(done.byId.c1?.presentation).toEqual({ label: 'C', detail: 'd' });
  });

  it('progress without a start creates a running step', () => {
    const state = reduceSteps(emptyStepsState, { type: 'step-progress', id: 'c7', toolName: 'grep', content: 'half' });
    expect(state.ids).toEqual(['c7']);
    expect(state.byId.c7).toEqual({
      id: 'c7',
      toolName: 'grep',
      status: 'running',
      inputText: '',
      progress: { content: 'half', count: 1 },
    });
  });

  it('progress after the result is dropped and counted', () => {
    const ended = reduceSteps(emptyStepsState, [
      start('c1'),
      { type: 'step-progress', id: 'c1', content: 'a' },
      { type: 'step-result', id: 'c1', result: 'r' },
    ]);
    const late = reduceSteps(ended, { type: 'step-progress', id: 'c1', content: 'late' });
    expect(late.byId.c1).toBe(ended.byId.c1);
    expect(late.byId.c1?.progress).toEqual({ content: 'a', count: 1 });
    expect(late.diagnostics).toEqual({
      count: 1,
      last: { reason: '"step-progress" for step "c1" arrived after it ended (succeeded); dropped' },
    });
  });
});

describe('approvals: step-approval and step-decision', () => {
  const waiting = reduceSteps(emptyStepsState, [
    start('c1', 'run_command'),
    { type: 'step-input-delta', id: 'c1', delta: '{"command":"git push"}' },
    { type: 'step-input', id: 'c1' },
    {
      type: 'step-approval',
      id: 'c1',
      approvalId: 'ap_1',
      description: 'Runs a shell command',
      sideEffects: ['process'],
      input: { command: 'git push origin main' },
    },
  ]);

  it('moves the step to awaiting-approval with the request recorded', () => {
    expect(waiting.byId.c1).toEqual({
      id: 'c1',
      toolName: 'run_command',
      status: 'awaiting-approval',
      inputText: '{"command":"git push"}',
      input: { command: 'git push origin main' },
      approval: { id: 'ap_1', description: 'Runs a shell command', sideEffects: ['process'] },
    });
  });

  it('an approval for an unknown id creates the step', () => {
    const state = reduceSteps(emptyStepsState, {
      type: 'step-approval',
      id: 'c5',
      toolName: 'write_file',
      input: { path: 'a' },
    });
    expect(state.byId.c5).toEqual({
      id: 'c5',
      toolName: 'write_file',
      status: 'awaiting-approval',
      inputText: '',
      input: { path: 'a' },
      approval: {},
    });
  });

  it('approved → running, with the decision recorded', () => {
    const state = reduceSteps(waiting, { type: 'step-decision', id: 'c1', approved: true });
    expect(state.byId.c1?.status).toBe('running');
    expect(state.byId.c1?.approval).toEqual({
      id: 'ap_1',
      description: 'Runs a shell command',
      sideEffects: ['process'],
      decision: { approved: true },
    });
  });

  it('declined → denied, with the decision and reason recorded', () => {
    const state = reduceSteps(
      waiting,
      { type: 'step-decision', id: 'c1', approved: false, reason: 'not now' },
      { now: 50 },
    );
    expect(state.byId.c1?.status).toBe('denied');
    expect(state.byId.c1?.approval?.decision).toEqual({ approved: false, reason: 'not now' });
    expect(state.byId.c1?.endedAt).toBe(50);
  });

  it('a decision for an unknown step is dropped and counted', () => {
    const state = reduceSteps(emptyStepsState, { type: 'step-decision', id: 'zz', approved: true });
    expect(state.ids).toEqual([]);
    expect(state.diagnostics).toEqual({ count: 1, last: { reason: 'a decision for unknown step "zz"; dropped' } });
  });

  it('step-denied records a declined decision unless one is there', () => {
    const denied = reduceSteps(waiting, { type: 'step-denied', id: 'c1', reason: 'policy' });
    expect(denied.byId.c1?.status).toBe('denied');
    expect(denied.byId.c1?.approval?.decision).toEqual({ approved: false, reason: 'policy' });
    const decided = reduceSteps(waiting, { type: 'step-decision', id: 'c1', approved: true, reason: 'ok' });
    const thenDenied = reduceSteps(decided, { type: 'step-denied', id: 'c1' });
    expect(thenDenied.byId.c1?.status).toBe('denied');
    expect(thenDenied.byId.c1?.approval?.decision).toEqual({ approved: true, reason: 'ok' });
  });

  it('a denial without a start creates a denied step', () => {
    const state = reduceSteps(emptyStepsState, { type: 'step-denied', id: 'd1', toolName: 'grep' });
    expect(state.byId.d1).toEqual({
      id: 'd1',
      toolName: 'grep',
      status: 'denied',
      inputText: '',
      approval: { decision: { approved: false } },
    });
  });
});

describe('results, errors, cancels', () => {
  it('step-result → succeeded with result, details and presentation', () => {
    const state = reduceSteps(emptyStepsState, [
      start('c1', 'edit_file'),
      { type: 'step-input-delta', id: 'c1', delta: '{"path":"a.ts"}' },
      { type: 'step-input', id: 'c1' },
      {
        type: 'step-result',
        id: 'c1',
        result: { replacements: 1 },
        details: { diff: '-a\n+b\n' },
        presentation: { label: 'Edit file', icon: 'file-pen', detail: 'a.ts' },
      },
    ]);
    expect(state.byId.c1).toEqual({
      id: 'c1',
      toolName: 'edit_file',
      status: 'succeeded',
      inputText: '{"path":"a.ts"}',
      input: { path: 'a.ts' },
      result: { replacements: 1 },
      details: { diff: '-a\n+b\n' },
      presentation: { label: 'Edit file', icon: 'file-pen', detail: 'a.ts' },
    });
  });

  it('a result straight after the streamed text parses the text as final', () => {
    const state = reduceSteps(emptyStepsState, [
      start('c1'),
      { type: 'step-input-delta', id: 'c1', delta: '{"path":"a.ts"}' },
      { type: 'step-result', id: 'c1', result: 'x' },
    ]);
    expect(state.byId.c1?.input).toEqual({ path: 'a.ts' });
    expect(state.byId.c1?.status).toBe('succeeded');
  });

  it('a result without a start creates a succeeded step', () => {
    const state = reduceSteps(emptyStepsState, { type: 'step-result', id: 'r1', toolName: 'glob', result: ['a'] });
    expect(state.ids).toEqual(['r1']);
    expect(state.byId.r1).toStrictEqual({
      id: 'r1',
      toolName: 'glob',
      status: 'succeeded',
      inputText: '',
      result: ['a'],
    });
  });

  it('a second result is dropped and counted; the first stays', () => {
    const first = reduceSteps(emptyStepsState, [start('c1'), { type: 'step-result', id: 'c1', result: 'first' }]);
    const second = reduceSteps(first, { type: 'step-result', id: 'c1', result: 'second' });
    expect(second.byId.c1).toBe(first.byId.c1);
    expect(second.byId.c1?.result).toBe('first');
    expect(second.diagnostics).toEqual({
      count: 1,
      last: { reason: '"step-result" for step "c1" arrived after it ended (succeeded); dropped' },
    });
  });

  it('step-error → failed with message and code, result, details and presentation', () => {
    const state = reduceSteps(emptyStepsState, [
      start('c1', 'run_command'),
      {
        type: 'step-error',
        id: 'c1',
        message: 'Tool "run_command" timed out after 60000ms',
        code: 'TOOL_TIMEOUT',
        result: { partial: true },
        details: { stdout: '...' },
        presentation: { label: 'Run command', icon: 'terminal', detail: 'pnpm build' },
      },
    ]);
    expect(state.byId.c1).toEqual({
      id: 'c1',
      toolName: 'run_command',
      status: 'failed',
      inputText: '',
      error: { message: 'Tool "run_command" timed out after 60000ms', code: 'TOOL_TIMEOUT' },
      result: { partial: true },
      details: { stdout: '...' },
      presentation: { label: 'Run command', icon: 'terminal', detail: 'pnpm build' },
    });
  });

  it('step-error without a code has no code key', () => {
    const state = reduceSteps(emptyStepsState, { type: 'step-error', id: 'c1', message: 'nope' });
    expect(state.byId.c1?.status).toBe('failed');
    expect(state.byId.c1?.error).toStrictEqual({ message: 'nope' });
  });

  it('step-cancelled → cancelled; for an unknown id it is counted and makes no step', () => {
    const state = reduceSteps(emptyStepsState, [start('c1'), { type: 'step-cancelled', id: 'c1' }]);
    expect(state.byId.c1?.status).toBe('cancelled');
    const unknown = reduceSteps(emptyStepsState, { type: 'step-cancelled', id: 'x' });
    expect(unknown.ids).toEqual([]);
    expect(unknown.diagnostics).toEqual({ count: 1, last: { reason: 'a cancel for unknown step "x"; dropped' } });
  });

  it('cancelling a step that already ended returns the state as is', () => {
    const done = reduceSteps(emptyStepsState, [start('c1'), { type: 'step-result', id: 'c1' }]);
    expect(reduceSteps(done, { type: 'step-cancelled', id: 'c1' })).toBe(done);
  });
});

describe('terminal statuses never go back', () => {
  const late: StepEvent[] = [
    { type: 'step-start', id: 'c1', toolName: 'read_file' },
    { type: 'step-input-delta', id: 'c1', delta: '{"x":1}' },
    { type: 'step-input', id: 'c1', input: { x: 2 } },
    { type: 'step-progress', id: 'c1', content: 'late' },
    { type: 'step-approval', id: 'c1', description: 'again?' },
    { type: 'step-decision', id: 'c1', approved: true },
    { type: 'step-decision', id: 'c1', approved: false },
    { type: 'step-result', id: 'c1', result: 'other' },
    { type: 'step-error', id: 'c1', message: 'other' },
    { type: 'step-denied', id: 'c1' },
    { type: 'step-cancelled', id: 'c1' },
    { type: 'run-finish', status: 'done' },
    { type: 'run-finish', status: 'paused' },
    { type: 'run-error', message: 'x' },
    { type: 'run-abort' },
  ];
  for (const [status, ending] of TERMINAL) {
    for (const event of late) {
      it(`${status} stays ${status} after ${event.type}${'status' in event ? ` ${event.status}` : ''}${'approved' in event ? ` ${event.approved}` : ''}`, () => {
        const ended = reduceSteps(emptyStepsState, [start('c1'), { type: 'step-input', id: 'c1' }, ending]);
        expect(ended.byId.c1?.status).toBe(status);
        const after = reduceSteps(ended, event);
        expect(after.byId.c1?.status).toBe(status);
        if (event.type !== 'step-start') expect(after.byId.c1).toBe(ended.byId.c1);
      });
    }
  }

  it('late step events are counted (cancel of an ended step is not an anomaly)', () => {
    const ended = reduceSteps(emptyStepsState, [start('c1'), { type: 'step-result', id: 'c1' }]);
    const after = reduceSteps(
      ended,
      late.filter((e) => e.type.startsWith('step-') && e.type !== 'step-start' && e.type !== 'step-cancelled'),
    );
    expect(after.diagnostics.count).toBe(9);
  });
});

describe('run events', () => {
  const open = reduceSteps(emptyStepsState, [
    { type: 'run-start' },
    start('streaming', 'edit_file'),
    { type: 'step-input-delta', id: 'streaming', delta: '{"path":"src/a' },
    start('running', 'run_command'),
    { type: 'step-input', id: 'running', input: { command: 'ls' } },
    { type: 'step-approval', id: 'waiting', toolName: 'write_file' },
    start('done', 'grep'),
    { type: 'step-result', id: 'done', result: 'r' },
  ]);

  it('run-start → streaming; a second run-start changes nothing', () => {
    const state = reduceSteps(emptyStepsState, { type: 'run-start' });
    expect(state.run).toEqual({ status: 'streaming' });
    expect(reduceSteps(state, { type: 'run-start', runId: 'msg_2' })).toBe(state);
  });

  it('run-finish done: open steps → interrupted, awaiting stays awaiting, ended stay', () => {
    const state = reduceSteps(open, { type: 'run-finish', status: 'done' }, { now: 900 });
    expect(state.run).toEqual({ status: 'done' });
    expect(state.byId.streaming).toEqual({
      id: 'streaming',
      toolName: 'edit_file',
      status: 'interrupted',
      inputText: '{"path":"src/a',
      input: { path: 'src/a' },
      endedAt: 900,
    });
    expect(state.byId.running?.status).toBe('interrupted');
    expect(state.byId.running?.endedAt).toBe(900);
    expect(state.byId.waiting).toBe(open.byId.waiting);
    expect(state.byId.done).toBe(open.byId.done);
  });

  it('run-finish without a status is done', () => {
    expect(reduceSteps(open, { type: 'run-finish' }).run).toEqual({ status: 'done' });
  });

  it('run-finish paused: open steps → awaiting-approval, not ended', () => {
    const state = reduceSteps(open, { type: 'run-finish', status: 'paused' }, { now: 900 });
    expect(state.run).toEqual({ status: 'paused' });
    expect(state.byId.streaming?.status).toBe('awaiting-approval');
    expect(state.byId.streaming?.input).toEqual({ path: 'src/a' });
    expect(state.byId.running?.status).toBe('awaiting-approval');
    expect(state.byId.running?.endedAt).toBeUndefined();
    expect(state.byId.waiting).toBe(open.byId.waiting);
    expect(state.byId.done).toBe(open.byId.done);
  });

  it('run-error: open steps → interrupted, run error with message and code', () => {
    const state = reduceSteps(open, { type: 'run-error', message: 'Internal server error', code: 'INTERNAL' });
    expect(state.run).toStrictEqual({ status: 'error', error: { message: 'Internal server error', code: 'INTERNAL' } });
    expect(state.byId.streaming?.status).toBe('interrupted');
    expect(state.byId.running?.status).toBe('interrupted');
    expect(state.byId.waiting?.status).toBe('awaiting-approval');
    expect(state.byId.done?.status).toBe('succeeded');
    const noCode = reduceSteps(open, { type: 'run-error', message: 'x' });
    expect(noCode.run).toStrictEqual({ status: 'error', error: { message: 'x' } });
  });

  it('run-abort: open steps → interrupted, run interrupted', () => {
    const state = reduceSteps(open, { type: 'run-abort', reason: 'cut' });
    expect(state.run).toEqual({ status: 'interrupted', reason: 'cut' });
    expect(state.byId.streaming?.status).toBe('interrupted');
    expect(state.byId.running?.status).toBe('interrupted');
    expect(state.byId.waiting?.status).toBe('awaiting-approval');
  });

  it('run-abort after the run ended changes nothing', () => {
    for (const end of [
      { type: 'run-finish', status: 'done' },
      { type: 'run-finish', status: 'paused' },
      { type: 'run-error', message: 'x' },
    ] as const) {
      const ended = reduceSteps(open, end);
      expect(reduceSteps(ended, { type: 'run-abort' })).toBe(ended);
    }
  });

  it('a new run-start after an error clears the error', () => {
    const failed = reduceSteps(open, { type: 'run-error', message: 'x' });
    expect(reduceSteps(failed, { type: 'run-start' }).run).toStrictEqual({ status: 'streaming' });
  });

  it('an interrupted step may still be finished by a resumed run', () => {
    const cut = reduceSteps(open, { type: 'run-abort' });
    const resumed = reduceSteps(cut, [
      { type: 'run-start' },
      { type: 'step-result', id: 'running', result: 'late but real' },
      { type: 'step-progress', id: 'streaming', content: 'again' },
    ]);
    expect(resumed.byId.running?.status).toBe('succeeded');
    expect(resumed.byId.running?.result).toBe('late but real');
    expect(resumed.byId.streaming?.status).toBe('running');
    expect(resumed.diagnostics.count).toBe(0);
  });

  it('a paused step is finished by the result of the resumed run', () => {
    const paused = reduceSteps(open, { type: 'run-finish', status: 'paused' });
    const resumed = reduceSteps(paused, [
      { type: 'step-decision', id: 'running', approved: true },
      { type: 'step-result', id: 'running', result: 'ok' },
      { type: 'step-decision', id: 'waiting', approved: false, reason: 'no' },
    ]);
    expect(resumed.byId.running?.status).toBe('succeeded');
    expect(resumed.byId.running?.approval).toEqual({ decision: { approved: true } });
    expect(resumed.byId.waiting?.status).toBe('denied');
  });
});

describe('diagnostic events and totality', () => {
  it('a diagnostic event is counted with its reason and protocol', () => {
    const one = reduceSteps(emptyStepsState, {
      type: 'diagnostic',
      reason: 'a frame that is not JSON: x',
      protocol: 'cogitator',
    });
    expect(one.diagnostics).toEqual({
      count: 1,
      last: { reason: 'a frame that is not JSON: x', protocol: 'cogitator' },
    });
    const two = reduceSteps(one, { type: 'diagnostic', reason: 'other' });
    expect(two.diagnostics).toStrictEqual({ count: 2, last: { reason: 'other' } });
    expect(two.ids).toBe(emptyStepsState.ids);
    expect(two.byId).toBe(emptyStepsState.byId);
  });

  const broken: Array<[string, unknown, string]> = [
    ['null', null, 'an event that is not an object with a string "type"; dropped'],
    ['undefined', undefined, 'an event that is not an object with a string "type"; dropped'],
    ['a number', 42, 'an event that is not an object with a string "type"; dropped'],
    ['a string', 'step-start', 'an event that is not an object with a string "type"; dropped'],
    ['an object without type', { id: 'c1' }, 'an event that is not an object with a string "type"; dropped'],
    ['a numeric type', { type: 7 }, 'an event that is not an object with a string "type"; dropped'],
    ['an unknown type', { type: 'step-teleport', id: 'c1' }, 'unknown event type "step-teleport"; dropped'],
    ['a prototype key as type', { type: 'toString' }, 'unknown event type "toString"; dropped'],
    ['a result without id', { type: 'step-result', result: 1 }, '"step-result" without a step id; dropped'],
    [
      'a start with an empty id',
      { type: 'step-start', id: '', toolName: 'x' },
      '"step-start" without a step id; dropped',
    ],
    ['a progress with a numeric id', { type: 'step-progress', id: 3 }, '"step-progress" without a step id; dropped'],
  ];
  it('an array is read as a batch: each element that is not an event is counted, no step is touched', () => {
    const base = reduceSteps(emptyStepsState, start('c1'));
    const next = reduceSteps(base, bad([1, [2]]));
    expect(next.diagnostics).toEqual({
      count: 2,
      last: { reason: 'an event that is not an object with a string "type"; dropped' },
    });
    expect(next.byId).toBe(base.byId);
  });

  for (const [name, event, reason] of broken) {
    it(`${name} never throws, is counted, and touches no step`, () => {
      const base = reduceSteps(emptyStepsState, start('c1'));
      let next: StepsState | undefined;
      expect(() => {
        next = reduceSteps(base, bad(event));
      }).not.toThrow();
      expect(next?.diagnostics).toEqual({ count: 1, last: { reason } });
      expect(next?.ids).toBe(base.ids);
      expect(next?.byId).toBe(base.byId);
      expect(next?.run).toBe(base.run);
      expect(() => reduceSteps(base, [bad(event), bad(event)])).not.toThrow();
      expect(reduceSteps(base, [bad(event), bad(event)]).diagnostics.count).toBe(2);
    });
  }

  it('odd but well-typed field values never throw', () => {
    const odd = [
      { type: 'step-start', id: 'c1' },
      { type: 'step-input-delta', id: 'c1' },
      { type: 'step-input-delta', id: 'c1', delta: 5 },
      { type: 'step-approval', id: 'c1', sideEffects: 'process' },
      { type: 'step-error', id: 'c2' },
      { type: 'run-finish', status: 'weird' },
      { type: 'run-error' },
      { type: 'diagnostic' },
    ];
    expect(() => reduceSteps(emptyStepsState, odd.map(bad))).not.toThrow();
    expect(() => fold(odd.map(bad))).not.toThrow();
  });
});

describe('identity preservation', () => {
  const base = reduceSteps(emptyStepsState, [
    start('a', 'read_file'),
    start('b', 'grep'),
    { type: 'step-input', id: 'a' },
    { type: 'step-input', id: 'b' },
  ]);

  it('an update to one step keeps every other step object and the ids array', () => {
    const next = reduceSteps(base, { type: 'step-progress', id: 'b', content: 'x' });
    expect(next).not.toBe(base);
    expect(next.byId.a).toBe(base.byId.a);
    expect(next.byId.b).not.toBe(base.byId.b);
    expect(next.ids).toBe(base.ids);
    expect(next.run).toBe(base.run);
    expect(next.diagnostics).toBe(base.diagnostics);
  });

  it('adding a step makes a new ids array and keeps the old steps', () => {
    const next = reduceSteps(base, start('c', 'glob'));
    expect(next.ids).toEqual(['a', 'b', 'c']);
    expect(next.ids).not.toBe(base.ids);
    expect(next.byId.a).toBe(base.byId.a);
    expect(next.byId.b).toBe(base.byId.b);
  });

  it('a batch touching one step keeps the others', () => {
    const next = reduceSteps(base, [
      { type: 'step-progress', id: 'a', content: 1 },
      { type: 'step-progress', id: 'a', content: 2 },
      { type: 'step-result', id: 'a', result: 3 },
    ]);
    expect(next.byId.b).toBe(base.byId.b);
    expect(next.ids).toBe(base.ids);
  });

  it('returns the whole state as is for a no-op', () => {
    expect(reduceSteps(base, start('a', 'read_file'))).toBe(base);
    expect(reduceSteps(base, [])).toBe(base);
    const done = reduceSteps(base, { type: 'run-finish', status: 'done' });
    expect(reduceSteps(done, { type: 'run-abort' })).toBe(done);
  });

  it('a repeated step-input without input on a running step is a no-op', () => {
    expect(reduceSteps(base, { type: 'step-input', id: 'a' })).toBe(base);
  });

  it('never mutates the state it was given', () => {
    const frozen = structuredClone(base);
    reduceSteps(base, [
      { type: 'step-input-delta', id: 'z', delta: '{' },
      { type: 'step-progress', id: 'a', content: 1 },
      { type: 'run-finish', status: 'done' },
      { type: 'diagnostic', reason: 'r' },
    ]);
    expect(base).toEqual(frozen);
  });

  it('works from the frozen emptyStepsState', () => {
    expect(Object.isFrozen(emptyStepsState)).toBe(true);
    expect(() => reduceSteps(emptyStepsState, start('a'))).not.toThrow();
    expect(emptyStepsState).toEqual({ ids: [], byId: {}, run: { status: 'idle' }, diagnostics: { count: 0 } });
  });
});

describe('ids that are Object.prototype keys', () => {
  for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
    it(`"${id}" is an ordinary step id`, () => {
      const state = reduceSteps(emptyStepsState, [
        start(id, 'grep'),
        { type: 'step-input-delta', id, delta: '{"pattern":"x"}' },
        { type: 'step-result', id, result: 1 },
      ]);
      expect(state.ids).toEqual([id]);
      expect(Object.keys(state.byId)).toEqual([id]);
      expect(Object.hasOwn(state.byId, id)).toBe(true);
      expect(state.byId[id]).toEqual({
        id,
        toolName: 'grep',
        status: 'succeeded',
        inputText: '{"pattern":"x"}',
        input: { pattern: 'x' },
        result: 1,
      });
      expect(fold([start(id, 'grep'), { type: 'step-result', id }]).ids).toEqual([id]);
    });
  }

  it('a later batch copies the map with such a step in it: own keys in order, untouched steps the same objects', () => {
    const first = reduceSteps(emptyStepsState, [start('a'), start('__proto__'), start('constructor')]);
    const next = reduceSteps(first, { type: 'step-result', id: 'a', result: 1 });
    expect(next.byId).not.toBe(first.byId);
    expect(Object.keys(next.byId)).toEqual(['a', '__proto__', 'constructor']);
    expect(Object.getPrototypeOf(next.byId)).toBe(Object.prototype);
    expect(Object.hasOwn(next.byId, '__proto__')).toBe(true);
    const own = (state: StepsState) => Object.getOwnPropertyDescriptor(state.byId, '__proto__')?.value;
    expect(own(next)).toBe(own(first));
    expect(own(next)?.id).toBe('__proto__');
    expect(next.byId.constructor).toBe(first.byId.constructor);
    expect(next.byId.a?.status).toBe('succeeded');
    expect(first.byId.a?.status).toBe('input-streaming');
  });
});

describe('time stamping', () => {
  it('stamps startedAt and endedAt with now when the event has no at', () => {
    let state = reduceSteps(emptyStepsState, start('c1'), { now: 100 });
    expect(state.byId.c1?.startedAt).toBe(100);
    state = reduceSteps(state, { type: 'step-progress', id: 'c1' }, { now: 150 });
    expect(state.byId.c1?.startedAt).toBe(100);
    expect(state.byId.c1?.endedAt).toBeUndefined();
    state = reduceSteps(state, { type: 'step-result', id: 'c1' }, { now: 250 });
    expect(state.byId.c1?.startedAt).toBe(100);
    expect(state.byId.c1?.endedAt).toBe(250);
  });

  it("the event's own at wins over now", () => {
    const state = reduceSteps(
      emptyStepsState,
      [
        { type: 'step-start', id: 'c1', toolName: 'x', at: 5 },
        { type: 'step-error', id: 'c1', message: 'm', at: 9 },
      ],
      { now: 100 },
    );
    expect(state.byId.c1?.startedAt).toBe(5);
    expect(state.byId.c1?.endedAt).toBe(9);
  });

  it('without now and without at, no timestamps at all', () => {
    const state = reduceSteps(emptyStepsState, [start('c1'), { type: 'step-result', id: 'c1' }]);
    expect(Object.hasOwn(state.byId.c1 as object, 'startedAt')).toBe(false);
    expect(Object.hasOwn(state.byId.c1 as object, 'endedAt')).toBe(false);
  });

  it('a step created by its result is stamped with both', () => {
    const state = reduceSteps(emptyStepsState, { type: 'step-result', id: 'c1' }, { now: 42 });
    expect(state.byId.c1?.startedAt).toBe(42);
    expect(state.byId.c1?.endedAt).toBe(42);
  });

  it('failed, denied, cancelled and interrupted steps get endedAt; paused ones do not', () => {
    const ends: Array<[StepEvent, StepStatus]> = [
      [{ type: 'step-error', id: 'c1', message: 'm' }, 'failed'],
      [{ type: 'step-denied', id: 'c1' }, 'denied'],
      [{ type: 'step-cancelled', id: 'c1' }, 'cancelled'],
      [{ type: 'run-abort' }, 'interrupted'],
      [{ type: 'run-error', message: 'm' }, 'interrupted'],
      [{ type: 'run-finish', status: 'done' }, 'interrupted'],
    ];
    for (const [event, status] of ends) {
      const state = reduceSteps(reduceSteps(emptyStepsState, start('c1'), { now: 1 }), event, { now: 7 });
      expect(state.byId.c1?.status).toBe(status);
      expect(state.byId.c1?.endedAt).toBe(7);
    }
    const paused = reduceSteps(
      reduceSteps(emptyStepsState, start('c1'), { now: 1 }),
      { type: 'run-finish', status: 'paused' },
      { now: 7 },
    );
    expect(paused.byId.c1?.endedAt).toBeUndefined();
  });

  it('an interrupted step finished by a resumed run ends at its result, not at the interruption', () => {
    let state = reduceSteps(emptyStepsState, start('c1'), { now: 1 });
    state = reduceSteps(state, { type: 'run-abort' }, { now: 10 });
    expect(state.byId.c1?.endedAt).toBe(10);
    state = reduceSteps(state, { type: 'step-progress', id: 'c1', content: 'resumed' }, { now: 20 });
    expect(state.byId.c1?.status).toBe('running');
    expect(state.byId.c1?.endedAt).toBeUndefined();
    state = reduceSteps(state, { type: 'step-result', id: 'c1' }, { now: 30 });
    expect(state.byId.c1?.endedAt).toBe(30);
  });

  it('reduceSteps stamps every event of the batch with the same now', () => {
    const state = reduceSteps(emptyStepsState, [start('a'), start('b'), { type: 'step-result', id: 'a' }], { now: 77 });
    expect(state.byId.a).toMatchObject({ startedAt: 77, endedAt: 77 });
    expect(state.byId.b).toMatchObject({ startedAt: 77 });
  });
});

describe('reduceSteps with a batch', () => {
  it('folds a batch into a fresh state the way one event at a time does; an empty batch changes nothing', () => {
    const events: StepEvent[] = [start('a'), { type: 'step-result', id: 'a', result: 1 }, { type: 'run-finish' }];
    expect(reduceSteps(emptyStepsState, events)).toEqual(fold(events));
    expect(reduceSteps(emptyStepsState, [])).toBe(emptyStepsState);
  });

  it('tells onDiagnostic of each anomaly it counts, with the protocol', () => {
    const heard: [string, string | undefined][] = [];
    const state = reduceSteps(
      emptyStepsState,
      [
        { type: 'step-decision', id: 'ghost', approved: true },
        { type: 'diagnostic', reason: 'a frame that is not JSON', protocol: 'ai-sdk' },
      ],
      { onDiagnostic: (reason, protocol) => heard.push([reason, protocol]) },
    );
    expect(state.diagnostics.count).toBe(2);
    expect(heard).toEqual([
      ['a decision for unknown step "ghost"; dropped', undefined],
      ['a frame that is not JSON', 'ai-sdk'],
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Property tests over random event sequences of a few ids.

const FRAGMENTS = ['{"path":', '"src/a', '.ts"', '}', '{"a":1}', '[1,', '2]', 'abc', '-', ' ', '', 'null', '"x"'];
const presentationArb = fc.option(
  fc.record(
    { label: fc.constantFrom('A', 'B'), icon: fc.constantFrom('file', 'terminal') },
    { requiredKeys: ['label'] },
  ),
  { nil: undefined },
);
const at = fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined });

function eventArb(idArb: fc.Arbitrary<string>): fc.Arbitrary<StepEvent> {
  const defined = <T extends object>(o: T): T =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
  return fc.oneof(
    fc
      .record({ id: idArb, toolName: fc.constantFrom('read_file', 'grep', ''), presentation: presentationArb, at })
      .map((e) => defined({ type: 'step-start' as const, ...e })),
    {
      // argument text is where batching differs from folding (one parse per batch), so draw it often
      weight: 6,
      arbitrary: fc
        .record({
          id: idArb,
          delta: fc.constantFrom(...FRAGMENTS),
          replace: fc.option(fc.boolean(), { nil: undefined }),
          at,
        })
        .map((e) => defined({ type: 'step-input-delta' as const, ...e })),
    },
    fc
      .record({
        id: idArb,
        input: fc.option(fc.dictionary(fc.constantFrom('a', 'b'), fc.integer()), { nil: undefined }),
        at,
      })
      .map((e) => defined({ type: 'step-input' as const, ...e })),
    fc
      .record({
        id: idArb,
        content: fc.option(fc.string({ maxLength: 3 }), { nil: undefined }),
        details: fc.option(fc.integer(), { nil: undefined }),
        presentation: presentationArb,
        at,
      })
      .map((e) => defined({ type: 'step-progress' as const, ...e })),
    fc
      .record({ id: idArb, description: fc.option(fc.constant('d'), { nil: undefined }), at })
      .map((e) => defined({ type: 'step-approval' as const, ...e })),
    fc
      .record({ id: idArb, approved: fc.boolean(), reason: fc.option(fc.constant('r'), { nil: undefined }), at })
      .map((e) => defined({ type: 'step-decision' as const, ...e })),
    fc
      .record({ id: idArb, result: fc.option(fc.jsonValue({ maxDepth: 1 }), { nil: undefined }), at })
      .map((e) => defined({ type: 'step-result' as const, ...e })),
    fc
      .record({
        id: idArb,
        message: fc.constantFrom('m', 'n'),
        code: fc.option(fc.constant('C'), { nil: undefined }),
        at,
      })
      .map((e) => defined({ type: 'step-error' as const, ...e })),
    fc.record({ id: idArb, at }).map((e) => defined({ type: 'step-denied' as const, ...e })),
    fc.record({ id: idArb, at }).map((e) => defined({ type: 'step-cancelled' as const, ...e })),
    fc.constant<StepEvent>({ type: 'run-start' }),
    fc.constantFrom<StepEvent>({ type: 'run-finish', status: 'done' }, { type: 'run-finish', status: 'paused' }),
    fc.constant<StepEvent>({ type: 'run-error', message: 'e' }),
    fc.constant<StepEvent>({ type: 'run-abort' }),
    fc.constant<StepEvent>({ type: 'diagnostic', reason: 'r', protocol: 'cogitator' }),
    fc.constantFrom(bad(null), bad({ type: 'nope' }), bad({ type: 'step-result' }), bad(7)),
  );
}

const events = (ids: readonly string[]) => fc.array(eventArb(fc.constantFrom(...ids)), { maxLength: 40 });
const now = fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: undefined });

function checkInvariants(state: StepsState): void {
  expect(new Set(state.ids).size).toBe(state.ids.length);
  expect([...state.ids].sort()).toEqual(Object.keys(state.byId).sort());
  for (const id of state.ids) expect(state.byId[id]?.id).toBe(id);
}

describe('properties over random event sequences', () => {
  it('reduceSteps equals folding reduceSteps over the same events', () => {
    fc.assert(
      fc.property(events(['a', 'b', 'c']), now, (list, t) => {
        expect(reduceSteps(emptyStepsState, list, { now: t })).toEqual(fold(list, t));
      }),
      { numRuns: 1000 },
    );
  });

  it('batching in any chunks gives the same state as one batch', () => {
    fc.assert(
      fc.property(events(['a', 'b']), fc.array(fc.nat(5), { maxLength: 10 }), (list, cuts) => {
        let state = emptyStepsState;
        let rest = list;
        for (const cut of cuts) {
          state = reduceSteps(state, rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        state = reduceSteps(state, rest);
        expect(state).toEqual(reduceSteps(emptyStepsState, list));
      }),
      { numRuns: 300 },
    );
  });

  it('never throws, keeps ids unique and in step with byId, and terminal steps never change status', () => {
    fc.assert(
      fc.property(events(['a', 'b', 'c']), now, (list, t) => {
        let state = emptyStepsState;
        for (const event of list) {
          const next = reduceSteps(state, event, { now: t });
          for (const id of state.ids) {
            const before = state.byId[id] as Step;
            if (isTerminalStatus(before.status)) expect(next.byId[id]?.status).toBe(before.status);
          }
          expect(next.diagnostics.count).toBeGreaterThanOrEqual(state.diagnostics.count);
          state = next;
        }
        checkInvariants(state);
        checkInvariants(reduceSteps(emptyStepsState, list, { now: t }));
      }),
      { numRuns: 500 },
    );
  });

  it('ids stay unique with ids that are Object.prototype keys', () => {
    fc.assert(
      fc.property(events(['a', '__proto__', 'constructor']), (list) => {
        checkInvariants(reduceSteps(emptyStepsState, list));
        checkInvariants(fold(list));
      }),
      { numRuns: 300 },
    );
  });
});

describe('found in review', () => {
  it('a long argument streamed over many batches parses only its head until it is complete', () => {
    const content = 'x'.repeat(200_000);
    const text = JSON.stringify({ path: 'big.txt', content });
    let state = reduceSteps(emptyStepsState, [{ type: 'step-start', id: 'w', toolName: 'write_file' }]);
    for (let at = 0; at < text.length; at += 1000) {
      state = reduceSteps(state, [{ type: 'step-input-delta', id: 'w', delta: text.slice(at, at + 1000) }]);
    }
    const streaming = state.byId.w;
    expect(streaming?.status).toBe('input-streaming');
    const partial = streaming?.input as { path: string; content: string };
    expect(partial.path).toBe('big.txt');
    // only the head was read while streaming
    expect(partial.content.length).toBeLessThan(70_000);
    state = reduceSteps(state, [{ type: 'step-input', id: 'w' }]);
    expect(state.byId.w?.input).toEqual({ path: 'big.txt', content });
  });

  it('an interrupted step that is then asked for approval has no end time until it really ends', () => {
    let state = reduceSteps(emptyStepsState, [{ type: 'step-start', id: 'a', toolName: 'rm', at: 0 }]);
    state = reduceSteps(state, [{ type: 'run-abort', at: 10 }]);
    expect(state.byId.a?.endedAt).toBe(10);
    state = reduceSteps(state, [{ type: 'step-approval', id: 'a', at: 20 }]);
    expect(state.byId.a?.status).toBe('awaiting-approval');
    expect(state.byId.a?.endedAt).toBeUndefined();
    state = reduceSteps(state, [
      { type: 'step-decision', id: 'a', approved: true, at: 30 },
      { type: 'step-result', id: 'a', result: 'ok', at: 5000 },
    ]);
    expect(state.byId.a?.endedAt).toBe(5000);
  });
});
