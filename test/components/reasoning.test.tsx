// Reasoning segments in the list: drawn where they happened among the calls, their line in words, their
// text behind a button, screened, and one delta re-rendering one row.
import { act, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStepStore, type StepEvent, type StepsState, type ToolRowProps, ToolSteps } from 'tool-steps';
import { defaultLabels, mergeLabels } from 'tool-steps/presentation';
import { describe, expect, it } from 'vitest';
import { germanLabels } from '../../stories/support/labels-de';
import { reduce } from './step-fixtures';

const syncStore = (events: StepEvent[] = []) => {
  const store = createStepStore({ schedule: (flush) => flush(), now: () => 1000 });
  if (events.length) store.apply(events);
  return store;
};

/** A finished call of `tool`, started at `at`. */
const call = (id: string, at: number, tool = 'run_command', parentId?: string): StepEvent[] => [
  { type: 'step-start', id, toolName: tool, parentId, at },
  { type: 'step-input', id, input: { command: `echo ${id}` }, at },
  { type: 'step-result', id, result: 'ok', at: at + 5 },
];

/** A finished reasoning segment from `start` to `end`. */
const thought = (id: string, text: string, start?: number, end?: number, parentId?: string): StepEvent[] => [
  { type: 'reasoning-start', id, parentId, at: start },
  { type: 'reasoning-delta', id, delta: text },
  { type: 'reasoning-end', id, at: end },
];

const list = (container: Element) => container.querySelector('[data-slot="tool-steps"]') as HTMLElement;
/** The top-level items in order: a step's id, `thought:<id>`, or `group`. */
const order = (ol: Element) =>
  [...ol.children].map((li) => {
    const slot = li.getAttribute('data-slot');
    if (slot === 'tool-step') return li.getAttribute('data-step-id');
    if (slot === 'tool-steps-thought') return `thought:${li.getAttribute('data-reasoning-id')}`;
    return slot;
  });
const thoughtRow = (container: Element, id: string) =>
  container.querySelector(`[data-slot="tool-steps-thought"][data-reasoning-id="${id}"]`) as HTMLElement;
const lineOf = (row: Element) => row.querySelector('[data-slot="tool-steps-thought-summary"]')?.textContent;

/** Renders of each step's row, counted by a whole-row component that draws the default row. */
const rowRenders = new Map<string, number>();
function CountingRow({ step, defaultRow }: ToolRowProps) {
  rowRenders.set(step.id, (rowRenders.get(step.id) ?? 0) + 1);
  return defaultRow;
}

describe('reasoning segments in the list', () => {
  it('draws each segment between the calls where it happened', () => {
    const state = reduce([
      { type: 'run-start', at: 0 },
      ...thought('r1', 'plan', 0, 2000),
      ...call('a', 2000),
      ...thought('r2', 'next', 3000, 5000),
      ...call('b', 5000),
      ...call('c', 6000),
      ...thought('r3', 'wrap up', 7000, 8000),
    ]);
    const { container } = render(<ToolSteps state={state} />);
    expect(order(list(container))).toEqual(['thought:r1', 'a', 'thought:r2', 'b', 'c', 'thought:r3']);
    const row = thoughtRow(container, 'r1');
    expect(row.tagName).toBe('LI');
    expect(row.getAttribute('data-status')).toBe('done');
    expect(row.getAttribute('data-visibility')).toBe('full');
  });

  it("nests a sub-agent's segment under the step its parentId names, after that step's earlier calls", () => {
    const state = reduce([
      { type: 'step-start', id: 'agent', toolName: 'task', at: 0 },
      ...call('child1', 10, 'run_command', 'agent'),
      ...thought('sub', 'inner', 20, 3000, 'agent'),
      ...call('child2', 3000, 'run_command', 'agent'),
    ]);
    const { container } = render(<ToolSteps state={state} />);
    const ol = list(container);
    expect(order(ol)).toEqual(['agent']);
    const nested = ol.querySelector('[data-step-id="agent"] [data-slot="tool-steps"][data-nested]') as HTMLElement;
    expect(order(nested)).toEqual(['child1', 'thought:sub', 'child2']);
  });

  it('counts the thoughts on the button of a parent whose nested items are reasoning only', () => {
    const state = reduce([
      { type: 'step-start', id: 'agent', toolName: 'task', at: 0 },
      ...thought('sub', 'inner', 20, 3000, 'agent'),
    ]);
    const { container } = render(<ToolSteps state={state} />);
    const trigger = container.querySelector('[data-slot="tool-step-nested-trigger"]');
    expect(trigger?.textContent).toBe('1 thought');
    expect(thoughtRow(container, 'sub')).not.toBeNull();
  });

  it('says how long a finished segment took: "Thought for 12s", "Thought briefly" under a second, never "0s"', () => {
    const state = reduce([
      ...thought('long', 'a', 1000, 13_000),
      ...thought('short', 'b', 1000, 1400),
      ...thought('instant', 'c', 1000, 1000),
      { type: 'reasoning-start', id: 'untimed' },
      { type: 'reasoning-delta', id: 'untimed', delta: 'd' },
      { type: 'reasoning-end', id: 'untimed' },
    ]);
    const { container } = render(<ToolSteps state={state} />);
    expect(lineOf(thoughtRow(container, 'long'))).toBe('Thought for 12s');
    expect(lineOf(thoughtRow(container, 'short'))).toBe('Thought briefly');
    // the same instant is a replay, not a duration; no times, no duration
    expect(lineOf(thoughtRow(container, 'instant'))).toBe('Thought');
    expect(lineOf(thoughtRow(container, 'untimed'))).toBe('Thought');
    expect(list(container).textContent).not.toMatch(/\b0s\b|0ms/);
  });

  it('writes every word of a segment from labels (German)', () => {
    const state = reduce([
      ...thought('long', 'a', 1000, 13_000),
      ...thought('short', 'b', 1000, 1400),
      { type: 'reasoning-start', id: 'live', at: 1 },
      { type: 'reasoning-start', id: 'hidden', visibility: 'redacted', at: 1 },
      { type: 'reasoning-end', id: 'hidden', at: 5000 },
    ]);
    const { container } = render(<ToolSteps state={state} labels={germanLabels} />);
    expect(lineOf(thoughtRow(container, 'long'))).toBe('12 Sek. nachgedacht');
    expect(lineOf(thoughtRow(container, 'short'))).toBe('Kurz nachgedacht');
    expect(lineOf(thoughtRow(container, 'live'))).toBe('Denkt nach…');
    expect(thoughtRow(container, 'hidden').textContent).toContain('Überlegungen verborgen');
  });

  it('opens to the text on its button (aria-expanded) and closes again', async () => {
    const user = userEvent.setup();
    const state = reduce(thought('r1', 'First I read the file.\nThen I run the tests.', 0, 4000));
    const { container } = render(<ToolSteps state={state} />);
    const row = thoughtRow(container, 'r1');
    const button = row.querySelector('button[data-slot="tool-steps-thought-trigger"]') as HTMLButtonElement;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(row.querySelector('[data-slot="tool-steps-thought-text"]')).toBeNull();
    expect(row.getAttribute('data-state')).toBe('closed');
    await user.click(button);
    const text = row.querySelector('[data-slot="tool-steps-thought-text"]') as HTMLElement;
    expect(text.textContent).toBe('First I read the file.\nThen I run the tests.');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(text.id);
    expect(row.getAttribute('data-state')).toBe('open');
    await user.click(button);
    expect(row.querySelector('[data-slot="tool-steps-thought-text"]')).toBeNull();
  });

  it('marks a summary as a summary', async () => {
    const user = userEvent.setup();
    const state = reduce([
      { type: 'reasoning-start', id: 's', visibility: 'summary', at: 0 },
      { type: 'reasoning-delta', id: 's', delta: 'Looked at the config.' },
      { type: 'reasoning-end', id: 's', at: 3000 },
    ]);
    const { container } = render(<ToolSteps state={state} />);
    const row = thoughtRow(container, 's');
    expect(row.getAttribute('data-visibility')).toBe('summary');
    await user.click(row.querySelector('button') as HTMLButtonElement);
    expect(row.querySelector('[data-slot="tool-steps-thought-kind"]')?.textContent).toBe('Summary');
    expect(row.querySelector('[data-slot="tool-steps-thought-text"]')?.textContent).toBe(
      'SummaryLooked at the config.',
    );
  });

  it.each(['redacted', 'encrypted'] as const)(
    'says a %s segment happened and was hidden, with no text and nothing to open',
    (visibility) => {
      const state = reduce([
        { type: 'reasoning-start', id: 'h', visibility, at: 0 },
        // garbage a wire might send for it: never drawn
        { type: 'reasoning-end', id: 'h', text: 'c2VjcmV0IGJsb2I=', at: 6000 },
      ]);
      const { container } = render(<ToolSteps state={state} />);
      const row = thoughtRow(container, 'h');
      expect(row.getAttribute('data-visibility')).toBe(visibility);
      expect(row.textContent).toBe('Thought for 6sReasoning hidden');
      expect(row.querySelector('button')).toBeNull();
      expect(row.querySelector('[data-slot="tool-steps-thought-text"]')).toBeNull();
    },
  );

  it('says "Stopped thinking" for a segment the run cut', () => {
    const state = reduce([
      { type: 'run-start', at: 0 },
      { type: 'reasoning-start', id: 'cut', at: 0 },
      { type: 'reasoning-delta', id: 'cut', delta: 'half a thought' },
      { type: 'run-error', message: 'boom', at: 2000 },
    ]);
    const { container } = render(<ToolSteps state={state} />);
    const row = thoughtRow(container, 'cut');
    expect(row.getAttribute('data-status')).toBe('interrupted');
    expect(lineOf(row)).toBe('Stopped thinking');
  });

  it('screens hostile text: secrets masked and invisible characters shown, in the live line and the text', async () => {
    const user = userEvent.setup();
    const secret = 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789ABCD';
    const store = syncStore([
      { type: 'reasoning-start', id: 'x', at: 0 },
      { type: 'reasoning-delta', id: 'x', delta: `my key is ${secret} \u202Eevil` },
    ]);
    const { container } = render(<ToolSteps store={store} />);
    const row = thoughtRow(container, 'x');
    const live = row.querySelector('[data-slot="tool-steps-thought-live"]')?.textContent ?? '';
    expect(live).not.toContain(secret);
    expect(live).not.toContain('\u202E');
    expect(live).toContain('⟨U+202E⟩');
    await user.click(row.querySelector('button') as HTMLButtonElement);
    const text = row.querySelector('[data-slot="tool-steps-thought-text"]')?.textContent ?? '';
    expect(text).toContain('my key is');
    expect(text).not.toContain(secret);
    expect(text).not.toContain('\u202E');
  });

  it('shows "Thinking…" and the latest line while streaming, and the announcer says nothing per delta', () => {
    const store = syncStore([
      { type: 'run-start', at: 0 },
      { type: 'reasoning-start', id: 'live', at: 0 },
      { type: 'reasoning-delta', id: 'live', delta: 'First line.\nSecond' },
    ]);
    const { container } = render(<ToolSteps store={store} />);
    const row = thoughtRow(container, 'live');
    const live = () => row.querySelector('[data-slot="tool-steps-thought-live"]')?.textContent;
    const regions = () =>
      [...container.querySelectorAll('[data-slot="tool-steps-announcer"] [aria-live]')].map((r) => r.textContent);
    expect(row.getAttribute('data-status')).toBe('streaming');
    expect(lineOf(row)).toBe('Thinking…');
    expect(live()).toBe('Second');
    expect(row.closest('[aria-live]')).toBeNull();
    expect(row.querySelector('[aria-live]')).toBeNull();
    const before = regions();
    expect(before.length).toBeGreaterThan(0);
    for (const delta of [' line', ' goes on.\nThird', ' line.']) {
      act(() => store.apply({ type: 'reasoning-delta', id: 'live', delta }));
      expect(regions()).toEqual(before);
    }
    expect(live()).toBe('Third line.');
    act(() => store.apply({ type: 'reasoning-end', id: 'live', at: 9000 }));
    expect(lineOf(row)).toBe('Thought for 9s');
    expect(live()).toBeUndefined();
    expect(regions()).toEqual(before);
  });

  it('a reasoning delta re-renders that segment row alone', () => {
    const store = syncStore([
      { type: 'run-start', at: 0 },
      ...thought('r1', 'one', 0, 2000),
      ...call('a', 2000),
      ...thought('r2', 'two', 3000, 6000),
      ...call('b', 6000),
      { type: 'reasoning-start', id: 'live', at: 7000 },
      { type: 'reasoning-delta', id: 'live', delta: 'thinking' },
    ]);
    // each finished segment says its own duration, so the calls of `thought` count each row's renders
    const lines = new Map<string, number>();
    const labels = mergeLabels({
      reasoning: {
        ...defaultLabels.reasoning,
        thought: (duration) => {
          lines.set(duration ?? '', (lines.get(duration ?? '') ?? 0) + 1);
          return defaultLabels.reasoning.thought(duration);
        },
      },
      groups: {
        worked: (...args) => {
          lines.set('summary', (lines.get('summary') ?? 0) + 1);
          return defaultLabels.groups.worked(...args);
        },
      },
    });
    const { container } = render(
      <ToolSteps store={store} labels={labels} tools={{ run_command: { Row: CountingRow } }} />,
    );
    expect([...lines.keys()].sort()).toEqual(['2s', '3s', 'summary']);
    lines.clear();
    rowRenders.clear();
    act(() => store.apply({ type: 'reasoning-delta', id: 'live', delta: ' harder' }));
    expect(thoughtRow(container, 'live').querySelector('[data-slot="tool-steps-thought-live"]')?.textContent).toBe(
      'thinking harder',
    );
    expect([...lines]).toEqual([]);
    expect([...rowRenders]).toEqual([]);
  });

  it('draws segments in the windowed list too', async () => {
    const events: StepEvent[] = [{ type: 'run-start', at: 0 }];
    for (let i = 0; i < 150; i++) {
      events.push(...thought(`r${i}`, `why ${i}`, i * 10, i * 10 + 2000));
      events.push(...call(`s${i}`, i * 10));
    }
    const { container } = render(<ToolSteps state={reduce(events)} />);
    await waitFor(() => expect(list(container).querySelector(':scope > [data-index]')).not.toBeNull());
    const ol = list(container);
    expect(ol.hasAttribute('data-windowed')).toBe(true);
    const drawn = order(ol).filter((key) => key !== 'tool-steps-sizer');
    expect(drawn.slice(0, 4)).toEqual(['thought:r0', 's0', 'thought:r1', 's1']);
    expect(drawn.length).toBeLessThan(100);
    const first = thoughtRow(container, 'r0');
    expect(first.getAttribute('data-index')).toBe('0');
    expect(lineOf(first)).toBe('Thought for 2s');
  });

  it('takes a finished segment between grouped calls into the group: "Thought for 8s, read 3 files · 14s"', async () => {
    const user = userEvent.setup();
    const read = (id: string, start: number, end: number): StepEvent[] => [
      { type: 'step-start', id, toolName: 'read_file', at: start },
      { type: 'step-input', id, input: { path: `${id}.ts` }, at: start },
      { type: 'step-result', id, result: 'ok', at: end },
    ];
    const state = reduce([
      { type: 'run-start', at: 0 },
      ...read('a', 0, 2000),
      ...thought('between', 'which file next', 2000, 10_000),
      ...read('b', 10_000, 12_000),
      ...read('c', 12_000, 14_000),
      ...thought('after', 'done reading', 14_000, 15_000),
      { type: 'step-start', id: 'run', toolName: 'run_command', at: 15_000 },
    ]);
    const { container } = render(<ToolSteps state={state} />);
    const ol = list(container);
    // the segment after the group's last call stays a row of its own
    expect(order(ol)).toEqual(['tool-steps-group', 'thought:after', 'run']);
    const group = ol.querySelector('[data-slot="tool-steps-group"]') as HTMLElement;
    expect(group.querySelector('[data-slot="tool-steps-group-summary"]')?.textContent).toBe(
      'Thought for 8s, read 3 files · 14s',
    );
    expect(group.getAttribute('data-group-steps')).toBe('a b c');
    await user.click(group.querySelector('button') as HTMLButtonElement);
    const inner = group.querySelector('[data-slot="tool-steps"]') as HTMLElement;
    expect(order(inner)).toEqual(['a', 'thought:between', 'b', 'c']);
  });

  it('keeps a streaming segment between calls out of their group, and takes it in once it ends', () => {
    const store = syncStore([
      { type: 'run-start', at: 0 },
      { type: 'step-start', id: 'a', toolName: 'read_file', at: 0 },
      { type: 'step-result', id: 'a', result: 'ok', at: 100 },
      { type: 'reasoning-start', id: 'mid', at: 100 },
      { type: 'step-start', id: 'b', toolName: 'read_file', at: 200 },
      { type: 'step-result', id: 'b', result: 'ok', at: 300 },
    ]);
    const { container } = render(<ToolSteps store={store} minRunningMs={0} />);
    expect(order(list(container))).toEqual(['a', 'thought:mid', 'b']);
    act(() => store.apply({ type: 'reasoning-delta', id: 'mid', delta: 'hm' }));
    expect(order(list(container))).toEqual(['a', 'thought:mid', 'b']);
    act(() => store.apply({ type: 'reasoning-end', id: 'mid', at: 400 }));
    expect(order(list(container))).toEqual(['tool-steps-group']);
    expect(container.querySelector('[data-slot="tool-steps-group-summary"]')?.textContent).toBe(
      'Thought, read 2 files',
    );
  });

  it('writes the group line from labels (German)', () => {
    const state = reduce([
      ...call('a', 0, 'read_file'),
      ...thought('mid', 'hm', 10, 8010),
      ...call('b', 9000, 'read_file'),
    ]);
    const { container } = render(<ToolSteps state={state} labels={germanLabels} />);
    expect(container.querySelector('[data-slot="tool-steps-group-summary"]')?.textContent).toBe(
      '8 Sek. nachgedacht, 2 Dateien gelesen · 8 Sek.',
    );
  });

  it('is a row of the keyboard: Down from a call reaches it, Enter opens its text', async () => {
    const user = userEvent.setup();
    const state = reduce([...call('a', 0), ...thought('r', 'why', 10, 3000), ...call('b', 3000)]);
    const { container } = render(<ToolSteps state={state} />);
    const first = container.querySelector('[data-step-id="a"]') as HTMLElement;
    expect(first.tabIndex).toBe(0);
    act(() => first.focus());
    await user.keyboard('{ArrowDown}');
    const row = thoughtRow(container, 'r');
    expect(document.activeElement).toBe(row);
    expect(row.tabIndex).toBe(0);
    await user.keyboard('{Enter}');
    expect(row.querySelector('button')?.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(container.querySelector('[data-step-id="b"]'));
  });

  it('draws a hostile segment of a state prop without throwing: text not a string, unknown status', () => {
    const state = reduce(call('a', 0));
    const hostile = {
      ...state,
      reasoning: {
        ids: ['odd', '__proto__', 'missing'],
        segments: [{ id: 'odd', visibility: 'full', status: 'pondering', text: 42, stepsBefore: 0 }, null],
      },
    } as unknown as StepsState;
    const { container } = render(<ToolSteps state={hostile} />);
    expect(order(list(container))).toEqual(['thought:odd', 'a']);
    expect(lineOf(thoughtRow(container, 'odd'))).toBe('Thought');
    expect(thoughtRow(container, 'odd').querySelector('button')).toBeNull();
  });
});

describe('the turn summary with reasoning', () => {
  const summaryText = (container: Element) =>
    container.querySelector('[data-slot="tool-steps-summary"]')?.textContent ?? '';

  it('spans the thinking before the first call, as its rows do', () => {
    // 12s of thought, then two calls that end 9s later: the turn took 21s, not 9s
    const state = reduce([
      { type: 'run-start', at: 0 },
      ...thought('r1', 'plan', 0, 12_000),
      ...call('a', 12_000),
      { type: 'step-start', id: 'b', toolName: 'run_command', at: 12_100 },
      { type: 'step-result', id: 'b', result: 'ok', at: 21_000 },
      { type: 'run-finish', at: 21_000 },
    ]);
    const { container } = render(<ToolSteps state={state} />);
    expect(summaryText(container)).toContain('21s');
  });

  it('grows when a segment ends after the last call, with no step changing', () => {
    const store = syncStore([
      { type: 'run-start', at: 0 },
      ...call('a', 0),
      ...call('b', 1000),
      { type: 'reasoning-start', id: 'r1', at: 1005 },
      { type: 'reasoning-delta', id: 'r1', delta: 'wrapping up' },
    ]);
    const { container } = render(<ToolSteps store={store} />);
    act(() => store.apply({ type: 'reasoning-end', id: 'r1', at: 30_000 }));
    expect(summaryText(container)).toContain('30s');
  });
});
