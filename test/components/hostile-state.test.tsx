// Display fields of the wrong type: hand-made events, stored states and persisted messages with fields of the wrong
// type. Whatever the reducer, the store and the readers let into a state, <ToolSteps> draws it: every
// row is there, nothing throws, and no error boundary had to catch anything.
import { act, render } from '@testing-library/react';
import { createStepStore, type StepEvent, type StepsState, ToolStep, ToolSteps } from 'tool-steps';
import { emptyStepsState, reduceSteps } from 'tool-steps/core';
import {
  eventsFromAnviaToolResult,
  eventsFromDualChannelResult,
  stepsFromCogitatorThread,
  stepsFromUIMessages,
} from 'tool-steps/wires';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const bad = (value: unknown) => value as StepEvent;
const throwing = { toString: null, valueOf: null };

/** The 13 hand-made events of the red team's report, and more of the same kind. */
const HOSTILE_EVENTS: StepEvent[] = [
  bad({ type: 'step-start', id: 'icon', toolName: 'read_file', presentation: { label: 'Read', icon: 7 } }),
  bad({ type: 'step-start', id: 'label', toolName: 'x', presentation: { label: { text: 'L' }, detail: [1] } }),
  bad({ type: 'step-start', id: 'pres', toolName: 'x', presentation: 'Reading' }),
  bad({ type: 'step-start', id: 'name', toolName: {} }),
  bad({ type: 'step-start', id: 'name2', toolName: throwing }),
  bad({ type: 'step-start', id: 'parent', toolName: 'x', parentId: 42 }),
  bad({ type: 'step-error', id: 'err', message: { text: 'boom' } }),
  bad({ type: 'step-error', id: 'err2', message: throwing, code: 500 }),
  bad({ type: 'step-approval', id: 'fx', sideEffects: 'deletes files', description: ['x'], approvalId: 3 }),
  bad({ type: 'step-approval', id: 'fx2', sideEffects: [1, null, 'ok'] }),
  bad({ type: 'step-start', id: 'time', toolName: 'x', at: 'yesterday' }),
  bad({ type: 'step-denied', id: 'deny', reason: throwing }),
  bad({ type: 'step-input-delta', id: 'delta', delta: 5 }),
  bad({ type: 'step-decision', id: 'fx', approved: 'yes' }),
  bad({ type: 'step-start', id: 'cmd', toolName: 'run_command' }),
  bad({ type: 'step-input', id: 'cmd', input: { command: { rm: true }, path: 7 } }),
  bad({ type: 'step-progress', id: 'prog', content: throwing, details: { kind: 'diff', patch: 5 } }),
  bad({ type: 'step-result', id: 'res', result: throwing, details: { kind: 'terminal', text: 3 } }),
  bad({ type: 'step-result', id: 'res2', result: { a: 1 }, details: { kind: 'media', parts: 'x' } }),
  bad({ type: 'run-error', message: { message: 'the run failed' }, code: {} }),
];

const STORED = {
  ids: ['s1', 's2', 7, 'missing', 's1'],
  byId: {
    s1: {
      id: 's1',
      toolName: 12,
      status: 'failed',
      inputText: null,
      error: { message: throwing, code: [] },
      presentation: { label: 'L', icon: 3 },
      approval: { sideEffects: 'x', decision: { approved: 'no' } },
      startedAt: 'now',
    },
    s2: { id: 's2', toolName: 'grep', status: 'exploded', inputText: '' },
  },
  run: { status: 'error', error: 'down' },
  diagnostics: { count: 'many' },
} as unknown as StepsState;

function states(): Array<[string, StepsState]> {
  return [
    ['hand-made events, one batch', reduceSteps(emptyStepsState, HOSTILE_EVENTS)],
    [
      'hand-made events, one by one',
      HOSTILE_EVENTS.reduce((state, event) => reduceSteps(state, event), emptyStepsState),
    ],
    [
      'stepsFromUIMessages',
      stepsFromUIMessages([
        {
          parts: [
            { type: 'dynamic-tool', toolCallId: 'a', toolName: {}, state: 'output-error', errorText: {} },
            { type: 'tool-x', toolCallId: 'b', state: 'output-error', errorText: throwing, title: 5 },
            { type: 'tool-y', toolCallId: 'c', state: 'approval-requested', approval: { id: 4, requestReason: {} } },
          ],
        },
      ]),
    ],
    [
      'eventsFromAnviaToolResult',
      reduceSteps(emptyStepsState, [
        ...eventsFromAnviaToolResult({
          toolCallId: 'a',
          toolName: {},
          output: { type: 'error-text', value: throwing },
        }),
        ...eventsFromAnviaToolResult({ toolCallId: 'b', output: { type: 'content', value: [throwing, 5] } }),
      ]),
    ],
    [
      'eventsFromDualChannelResult',
      reduceSteps(
        emptyStepsState,
        eventsFromDualChannelResult({ tool_name: {}, llm_content: 5, success: false, error: {} }, { id: 'v' }),
      ),
    ],
    [
      'stepsFromCogitatorThread',
      stepsFromCogitatorThread({
        messages: [
          { role: 'assistant', toolCalls: [{ id: 't1', name: {}, arguments: throwing }] },
          { role: 'tool', toolCallId: 't1', content: throwing, metadata: { presentation: { label: 1 } } },
        ],
      }),
    ],
    ['a stored state through a store', createStepStore({ initialState: STORED }).getSnapshot()],
  ];
}

describe('<ToolSteps> over states made from data of the wrong type', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    consoleError.mockRestore();
  });

  it.each(states())('%s: every step is drawn and no boundary caught anything', (_name, state) => {
    // the list, and each row again with its details open (what a renderer draws of the wrong types)
    const { container } = render(
      <>
        <ToolSteps state={state} />
        <ol>
          {state.ids.map((id) => {
            const step = state.byId[id];
            return step ? <ToolStep key={id} step={step} defaultOpen /> : null;
          })}
        </ol>
      </>,
    );
    const rows = container.querySelectorAll('[data-slot="tool-step"]');
    expect(rows.length).toBe(state.ids.length * 2);
    for (const row of rows) expect(row.getAttribute('data-status')).toMatch(/^[a-z-]+$/);
    // React reports an error a boundary caught with console.error; a fallback is not what a user asked for.
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('a store fed the hand-made events draws them as they arrive', () => {
    const store = createStepStore({ schedule: (flush) => flush(), now: () => 1000 });
    const { container } = render(<ToolSteps store={store} />);
    for (const event of HOSTILE_EVENTS) act(() => store.apply(event));
    expect(container.querySelectorAll('[data-slot="tool-step"]').length).toBe(store.getSnapshot().ids.length);
    expect(consoleError).not.toHaveBeenCalled();
  });
});
