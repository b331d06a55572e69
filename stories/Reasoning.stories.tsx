import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { type StepEvent, ToolSteps } from 'tool-steps';
import { emptyStepsState, reduceSteps } from 'tool-steps/core';
import { stepsFromText } from 'tool-steps/wires';

const meta = {
  title: 'Components/Tool steps/Reasoning',
  component: ToolSteps,
} satisfies Meta<typeof ToolSteps>;

export default meta;
type Story = StoryObj<typeof meta>;

const base = Date.UTC(2026, 0, 1, 12);
const at = (seconds: number) => base + seconds * 1000;

/** A finished call of `toolName` from `start` to `end` (seconds). */
function call(id: string, toolName: string, input: Record<string, unknown>, start: number, end: number): StepEvent[] {
  return [
    { type: 'step-start', id, toolName, at: at(start) },
    { type: 'step-input', id, input, at: at(start) },
    { type: 'step-result', id, result: 'ok', at: at(end) },
  ];
}

/** A finished stretch of reasoning from `start` to `end` (seconds). */
function thought(id: string, text: string, start: number, end: number): StepEvent[] {
  return [
    { type: 'reasoning-start', id, at: at(start) },
    { type: 'reasoning-delta', id, delta: text },
    { type: 'reasoning-end', id, at: at(end) },
  ];
}

const reduce = (events: StepEvent[]) => reduceSteps(emptyStepsState, [{ type: 'run-start', at: base }, ...events]);

const thoughtRow = (scope: HTMLElement, id: string) =>
  scope.querySelector<HTMLElement>(`[data-slot="tool-steps-thought"][data-reasoning-id="${id}"]`) as HTMLElement;
const line = (row: HTMLElement) => row.querySelector('[data-slot="tool-steps-thought-summary"]')?.textContent;

const plan =
  'The price is drawn by PriceTag, so the minus sign comes from its formatter.\nI will read the component, then run its tests.';

/** The model thinks while the turn streams: "Thinking…" and its latest line, updated in place, never announced. */
export const ThinkingLive: Story = {
  args: {
    state: reduce([
      ...call('read', 'read_file', { path: 'src/components/PriceTag.tsx' }, 0, 0.2),
      { type: 'reasoning-start', id: 'live', at: at(1) },
      { type: 'reasoning-delta', id: 'live', delta: `${plan}\nThe test expects U+2212, the formatter writes a hyphen` },
    ]),
  },
  play: async ({ canvasElement }) => {
    const row = thoughtRow(canvasElement, 'live');
    await expect(row).toHaveAttribute('data-status', 'streaming');
    await expect(line(row)).toBe('Thinking…');
    await expect(row.querySelector('[data-slot="tool-steps-thought-live"]')?.textContent).toBe(
      'The test expects U+2212, the formatter writes a hyphen',
    );
    await expect(row.closest('[aria-live]')).toBeNull();
  },
};

/** A finished thought, collapsed to "Thought for 12s"; its button opens the text. */
export const ThoughtCollapsed: Story = {
  args: {
    state: reduce([
      ...thought('plan', plan, 0, 12),
      ...call('read', 'read_file', { path: 'src/components/PriceTag.tsx' }, 12, 12.2),
    ]),
  },
  play: async ({ canvasElement }) => {
    const row = thoughtRow(canvasElement, 'plan');
    const button = row.querySelector('button') as HTMLButtonElement;
    await expect(line(row)).toBe('Thought for 12s');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'true'));
    await expect(row.querySelector('[data-slot="tool-steps-thought-text"]')?.textContent).toBe(plan);
  },
};

/** Reasoning the provider withheld (Anthropic `redacted_thinking`) or encrypted: it happened, and nothing is invented. */
export const Redacted: Story = {
  args: {
    state: reduce([
      { type: 'reasoning-start', id: 'hidden', visibility: 'redacted', at: at(0) },
      { type: 'reasoning-end', id: 'hidden', at: at(4) },
      ...call('read', 'read_file', { path: 'src/lib/money.ts' }, 4, 4.3),
      { type: 'reasoning-start', id: 'sealed', visibility: 'encrypted', at: at(5) },
      { type: 'reasoning-end', id: 'sealed', at: at(5.4) },
    ]),
  },
  play: async ({ canvasElement }) => {
    const hidden = thoughtRow(canvasElement, 'hidden');
    await expect(hidden.textContent).toBe('Thought for 4sReasoning hidden');
    await expect(hidden.querySelector('button')).toBeNull();
    await expect(thoughtRow(canvasElement, 'sealed').textContent).toBe('Thought brieflyReasoning hidden');
  },
};

/** A whole turn: six calls with the reasoning between them where it happened (one thought inside a group), and a summary. */
export const InterleavedWithSixCalls: Story = {
  args: {
    state: reduce([
      ...thought('r1', plan, 0, 8),
      ...call('c1', 'read_file', { path: 'src/components/PriceTag.tsx' }, 8, 8.2),
      ...call('c2', 'read_file', { path: 'src/lib/money.ts' }, 8.3, 8.5),
      ...thought('r2', 'formatMoney uses toFixed and a plain hyphen. Where else is it called?', 9, 9.6),
      ...call('c3', 'grep', { pattern: 'formatMoney' }, 10, 10.4),
      { type: 'reasoning-start', id: 'r3', visibility: 'summary', at: at(11) },
      { type: 'reasoning-delta', id: 'r3', delta: 'Three callers; all of them expect the typographic minus.' },
      { type: 'reasoning-end', id: 'r3', at: at(14) },
      ...call('c4', 'edit_file', { path: 'src/lib/money.ts' }, 14, 14.5),
      ...call('c5', 'run_command', { command: 'npm test' }, 15, 21.4),
      ...thought('r4', 'All green. One more look at the snapshot.', 22, 23),
      ...call('c6', 'read_file', { path: 'src/components/__snapshots__/PriceTag.snap' }, 23, 23.1),
      { type: 'run-finish', at: at(24) },
    ]),
  },
  play: async ({ canvasElement }) => {
    const ol = canvasElement.querySelector('[data-slot="tool-steps"]') as HTMLElement;
    const order = [...ol.children].map((li) =>
      li.getAttribute('data-slot') === 'tool-steps-thought'
        ? `thought:${li.getAttribute('data-reasoning-id')}`
        : (li.getAttribute('data-step-id') ?? li.getAttribute('data-slot')),
    );
    // the finished thought between the reads and the search joins their group; the others stay in place
    await expect(order).toEqual(['thought:r1', 'tool-steps-group', 'thought:r3', 'c4', 'c5', 'thought:r4', 'c6']);
    await expect(canvasElement.querySelector('[data-slot="tool-steps-group-summary"]')?.textContent).toBe(
      'Thought, read 2 files, searched 1 pattern · 1.4s',
    );
    await expect(line(thoughtRow(canvasElement, 'r1'))).toBe('Thought for 8s');
    await expect(thoughtRow(canvasElement, 'r3')).toHaveAttribute('data-visibility', 'summary');
  },
};

/**
 * A stored history read again after a reload: native events with the wire's `at` times, saved as JSON
 * lines and read back with `stepsFromText`. The thought's "Thought for 12s" and each call's time come
 * from the saved times, not from when the page read them.
 */
const savedHistory = [
  { type: 'run-start', runId: 'run_saved', at: at(0) },
  { type: 'reasoning-start', id: 'plan', at: at(0) },
  { type: 'reasoning-delta', id: 'plan', delta: plan },
  { type: 'reasoning-end', id: 'plan', at: at(12) },
  { type: 'step-start', id: 'read', toolName: 'read_file', at: at(12) },
  { type: 'step-input', id: 'read', input: { path: 'src/components/PriceTag.tsx' }, at: at(12) },
  { type: 'step-result', id: 'read', result: 'export function PriceTag() {}', at: at(12.4) },
  { type: 'step-start', id: 'tests', toolName: 'run_command', at: at(12.5) },
  { type: 'step-input', id: 'tests', input: { command: 'npm test -- PriceTag' }, at: at(12.5) },
  { type: 'step-result', id: 'tests', result: { exitCode: 0, stdout: '1 passed' }, at: at(20.9) },
  { type: 'run-finish', status: 'done', at: at(21) },
]
  .map((event) => JSON.stringify(event))
  .join('\n');

export const ReloadWithTimes: Story = {
  args: { state: stepsFromText(savedHistory, { protocol: 'native' }) },
  play: async ({ canvasElement }) => {
    await expect(line(thoughtRow(canvasElement, 'plan'))).toBe('Thought for 12s');
    const times = [...canvasElement.querySelectorAll('[data-slot="tool-step-duration"]')].map((t) =>
      t.getAttribute('datetime'),
    );
    await expect(times).toEqual(['PT0.4S', 'PT8.4S']);
  },
};
