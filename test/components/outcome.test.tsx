// What a row says it came to: a command the wire calls a success but that exited 1 reads as a failure
// in its header ("Exit 1"), its group, the turn summary and the announcer, while the state keeps the
// wire's `succeeded`; a run the person stopped reads "Stopped" with a stop sign, in one line.
import { act, render } from '@testing-library/react';
import { createStepStore, createToolStream, type StepEvent, type StepsState, ToolStep, ToolSteps } from 'tool-steps';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStep, reduce, stateOf } from './step-fixtures';

const slotIn = (root: Element, slot: string) => root.querySelector<HTMLElement>(`[data-slot="${slot}"]`);
const rowOf = (root: Element, id: string) => root.querySelector<HTMLElement>(`[data-step-id="${id}"]`) as HTMLElement;
const statusOf = (row: Element) => slotIn(row, 'tool-step-status') as HTMLElement;
const summaryOf = (root: Element) => slotIn(root, 'tool-steps-summary');

const t0 = 1_767_225_600_000;

/** The events of one command that the wire says succeeded, with what it reported. */
function ranCommand(id: string, report: { result?: unknown; details?: unknown }, ms = 6400): StepEvent[] {
  return [
    { type: 'step-start', id, toolName: 'run_command', at: t0 },
    { type: 'step-input', id, input: { command: 'npm test' }, at: t0 },
    { type: 'step-result', id, ...report, at: t0 + ms },
  ];
}

describe('a success on the wire that reports a failure', () => {
  it('says "Exit 1" in the header as a failure, keeps the wire status in the state and data-status, and opens its details', () => {
    // as the playground's run_command reports it: the exit code in what the model read and in the terminal block
    const state = reduce(
      ranCommand('tests', {
        result: { exitCode: 1, lines: 3 },
        details: { stdout: 'ok 1\nnot ok 2\n', exitCode: 1 },
      }),
    );
    expect(state.byId.tests?.status).toBe('succeeded');
    const { container } = render(<ToolSteps state={state} />);
    const row = rowOf(container, 'tests');
    expect(row.dataset.status).toBe('succeeded');
    expect(row.dataset.outcome).toBe('failed');
    const status = statusOf(row);
    expect(status.dataset.status).toBe('succeeded');
    expect(status.dataset.outcome).toBe('failed');
    expect(slotIn(status, 'tool-step-status-text')?.textContent).toBe('Exit 1');
    expect(status.getAttribute('title')).toBe('Exit 1');
    expect(slotIn(status, 'tool-step-status-icon')?.dataset.icon).toBe('circle-x');
    expect(row.dataset.state).toBe('open');
  });

  it.each([
    ['an AI SDK tool output { exitCode: 1 }', { result: { exitCode: 1 } }, 'Exit 1'],
    ['exit_code in the details', { details: { exit_code: 2, stdout: '' } }, 'Exit 2'],
    ['a terminal block whose code is 127', { details: { kind: 'terminal', text: 'sh: nope', code: 127 } }, 'Exit 127'],
    [
      'an MCP result with isError: true',
      { result: { content: [{ type: 'text', text: 'boom' }], isError: true } },
      'Failed',
    ],
    ['a VT Code result with success: false', { result: { llm_content: 'no', success: false } }, 'Failed'],
  ])('reads %s as a failure', (_name, report, text) => {
    const { container } = render(<ToolSteps state={reduce(ranCommand('c', report))} />);
    const status = statusOf(rowOf(container, 'c'));
    expect(status.dataset.outcome).toBe('failed');
    expect(slotIn(status, 'tool-step-status-text')?.textContent).toBe(text);
  });

  it.each([
    ['exit code 0', { result: { exitCode: 0 }, details: { stdout: 'ok', exitCode: 0 } }],
    ['a code that is no exit code (not a terminal block)', { result: { code: 404, body: 'Not found' } }],
    ['a plain result', { result: 'done' }],
  ])('reads %s as done', (_name, report) => {
    const { container } = render(<ToolSteps state={reduce(ranCommand('c', report))} />);
    const row = rowOf(container, 'c');
    expect(row.dataset.outcome).toBeUndefined();
    expect(slotIn(statusOf(row), 'tool-step-status-text')?.textContent).toBe('Done');
  });

  it('says the exit code of a failed call too, without a data-outcome (its status already says it)', () => {
    const step = makeStep({
      id: 'f',
      toolName: 'run_command',
      status: 'failed',
      details: { stderr: 'boom', exitCode: 3 },
      error: { message: 'Command failed' },
    });
    const { container } = render(<ToolStep step={step} />);
    const status = statusOf(container);
    expect(status.dataset.outcome).toBeUndefined();
    expect(slotIn(status, 'tool-step-status-text')?.textContent).toBe('Exit 3');
  });

  it('counts it as failed in the turn summary and never hides it in a group', () => {
    const state = reduce([
      { type: 'step-start', id: 'r1', toolName: 'read_file', at: t0 },
      { type: 'step-result', id: 'r1', result: 'a', at: t0 + 1000 },
      { type: 'step-start', id: 'r2', toolName: 'read_file', at: t0 + 1000 },
      { type: 'step-result', id: 'r2', result: 'b', at: t0 + 2000 },
      { type: 'step-start', id: 'r3', toolName: 'read_file', at: t0 + 2000 },
      { type: 'step-result', id: 'r3', result: { content: [], isError: true }, at: t0 + 3000 },
      ...ranCommand('tests', { details: { stdout: 'not ok', exitCode: 1 } }, 6400).map((e) => ({
        ...e,
        at: (e.at as number) + 3000,
      })),
    ]);
    const { container } = render(<ToolSteps state={state} />);
    const top = [...container.querySelectorAll(':scope > div > ol > li')].map(
      (li) => (li as HTMLElement).dataset.groupKey ?? (li as HTMLElement).dataset.stepId,
    );
    // r3 reported an error: a row of its own after the group of the two reads that did not
    expect(top).toEqual(['r1', 'r3', 'tests']);
    expect(slotIn(container, 'tool-steps-group-summary')?.textContent).toBe('Read 2 files · 2s');
    expect(summaryOf(container)?.textContent).toBe('Worked 9.4s · 4 steps, 2 failed');
  });

  it("opens a finished sub-agent's nested steps when one of them exited 1, as for a failed one", () => {
    const state = stateOf([
      makeStep({ id: 'agent', toolName: 'delegate', status: 'succeeded', result: 'done' }),
      makeStep({ id: 'agent/ok', toolName: 'read_file', status: 'succeeded', parentId: 'agent', result: 'a' }),
      makeStep({
        id: 'agent/tests',
        toolName: 'run_command',
        status: 'succeeded',
        parentId: 'agent',
        result: { exitCode: 1 },
      }),
    ]);
    const { container } = render(<ToolSteps state={state} />);
    const trigger = slotIn(rowOf(container, 'agent'), 'tool-step-nested-trigger');
    expect(trigger?.getAttribute('aria-expanded')).toBe('true');
    expect(rowOf(container, 'agent/tests').dataset.outcome).toBe('failed');
  });

  it('is announced as a failure, in the assertive region, with its exit code', () => {
    vi.useFakeTimers();
    try {
      const store = createStepStore({ schedule: (flush) => flush(), now: () => t0 });
      store.apply([{ type: 'run-start' }, ...ranCommand('tests', {}).slice(0, 2)]);
      const { container } = render(<ToolSteps store={store} />);
      act(() => store.apply(ranCommand('tests', { details: { stdout: 'x', exitCode: 1 } }).slice(2)));
      act(() => vi.advanceTimersByTime(600));
      expect(slotIn(container, 'tool-steps-announcer-assertive')?.textContent).toBe(
        'Run command npm test failed: Exit 1',
      );
      expect(slotIn(container, 'tool-steps-announcer-polite')?.textContent).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes labels.outcome, which a host overrides as any other word', () => {
    const { container } = render(
      <ToolSteps
        state={reduce(ranCommand('c', { result: { exitCode: 1 } }))}
        labels={{ outcome: { exit: (code) => `Code ${code}` } }}
      />,
    );
    expect(slotIn(statusOf(rowOf(container, 'c')), 'tool-step-status-text')?.textContent).toBe('Code 1');
  });
});

describe('the summary line speaks of time as people do', () => {
  it('gives the count alone when the steps have no times, and no time under a second', () => {
    const untimed = stateOf(
      ['a', 'b', 'c'].map((id) => makeStep({ id, status: 'succeeded' })),
      { run: { status: 'done' } },
    );
    const { container, rerender } = render(<ToolSteps state={untimed} />);
    expect(summaryOf(container)?.textContent).toBe('3 steps');
    const quick = stateOf(
      ['a', 'b', 'c', 'd'].map((id, i) =>
        makeStep({ id, toolName: 'bash', status: 'succeeded', startedAt: t0 + i, endedAt: t0 + i + 1 }),
      ),
      { run: { status: 'done' } },
    );
    rerender(<ToolSteps state={quick} />);
    expect(summaryOf(container)?.textContent).toBe('4 steps');
  });

  it('says the duration the row says: a replayed row of 8.4s (the wire measured it) is not "Worked 2.7s"', () => {
    // a replay: the events arrive 2.7 s apart, the terminal block says the command took 8.4 s
    const state = reduce([
      ...ranCommand('c', { details: { stdout: 'ok', exitCode: 0, durationMs: 8420 } }, 2700),
      ...ranCommand('d', { details: { stdout: 'ok', exitCode: 0 } }, 1000),
    ]);
    const { container, rerender } = render(<ToolSteps state={state} />);
    expect(slotIn(rowOf(container, 'c'), 'tool-step-duration')?.textContent).toBe('8.4s');
    expect(summaryOf(container)?.textContent).toBe('Worked 8.4s · 2 steps');
    // a turn of one step: its row says it all, the summary says nothing
    rerender(<ToolSteps state={reduce(ranCommand('c', { details: { stdout: 'ok', exitCode: 0 } }, 2700))} />);
    expect(rowOf(container, 'c')).not.toBeNull();
    expect(summaryOf(container)).toBeNull();
  });
});

describe('a run the person stopped', () => {
  // the clock the store stamps with
  let now = t0;
  let store = createStepStore();
  let stream = createToolStream({ api: '/agent', store });
  beforeEach(() => {
    now = t0;
    store = createStepStore({ schedule: (flush) => flush(), now: () => now });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const frame = {
          type: 'step-start',
          id: 'tests',
          toolName: 'run_command',
        };
        controller.enqueue(new TextEncoder().encode(`${JSON.stringify(frame)}\n`));
        // the stream stays open: the command runs until the person presses Stop
      },
    });
    const fetch = vi.fn(
      async () => new Response(body, { headers: { 'content-type': 'application/x-ndjson' } }),
    ) as unknown as typeof globalThis.fetch;
    stream = createToolStream({ api: '/agent', store, fetch, protocol: 'native' });
    void stream.send({});
  });
  afterEach(() => stream.destroy());

  // waits for the first frame to reach the store (the stream reader is a lazy chunk: no count of turns
  // holds on a loaded machine), bounded by the test's timeout
  async function started(): Promise<void> {
    const isStarted = () => store.getSnapshot().byId.tests?.status === 'input-streaming';
    if (!isStarted())
      await new Promise<void>((resolve) => {
        const off = store.subscribe(() => {
          if (!isStarted()) return;
          off();
          resolve();
        });
      });
    expect(store.getSnapshot().byId.tests?.status).toBe('input-streaming');
  }

  it('reads "Stopped" with a stop sign on the row and in one line after the list', async () => {
    const { container } = render(<ToolSteps store={store} minRunningMs={0} />);
    await act(started);
    now += 8800; // the person presses Stop 8.8 s after the command started
    act(() => stream.stop());
    const state: StepsState = store.getSnapshot();
    // the state keeps what happened on the wire: the step was interrupted, the run too
    expect(state.byId.tests?.status).toBe('interrupted');
    expect(state.run.status).toBe('interrupted');
    const row = rowOf(container, 'tests');
    expect(row.dataset.status).toBe('interrupted');
    expect(row.dataset.outcome).toBe('stopped');
    const status = statusOf(row);
    expect(slotIn(status, 'tool-step-status-text')?.textContent).toBe('Stopped');
    expect(slotIn(status, 'tool-step-status-icon')?.dataset.icon).toBe('circle-stop');
    // one line, not "Interrupted: Stopped before the run finished." above "Worked 8.8s · 1 step"
    expect(slotIn(container, 'tool-steps-interrupted')).toBeNull();
    const summary = summaryOf(container) as HTMLElement;
    expect(summary.dataset.state).toBe('stopped');
    expect(summary.textContent?.trim()).toBe('Stopped after 8.8s · 1 step');
    expect(slotIn(summary, 'tool-steps-summary-icon')?.dataset.icon).toBe('circle-stop');
  });

  it('keeps the reason line when the summary is off, and a cut stream still reads Interrupted', async () => {
    const { container } = render(<ToolSteps store={store} summary={false} minRunningMs={0} />);
    await act(started);
    act(() => stream.stop());
    expect(slotIn(container, 'tool-steps-interrupted')?.textContent).toBe(
      'Interrupted: Stopped before the run finished.',
    );
    const cut = stateOf([makeStep({ id: 'x', status: 'interrupted' })], {
      run: { status: 'interrupted', reason: 'The connection was lost.' },
    });
    const other = render(<ToolSteps state={cut} />);
    const status = statusOf(rowOf(other.container, 'x'));
    expect(status.dataset.outcome).toBeUndefined();
    expect(slotIn(status, 'tool-step-status-text')?.textContent).toBe('Interrupted');
    expect(slotIn(other.container, 'tool-steps-interrupted')?.textContent).toBe(
      'Interrupted: The connection was lost.',
    );
  });
});
