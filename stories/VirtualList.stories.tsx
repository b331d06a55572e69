import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { createStepStore, type StepEvent, type StepStore, ToolSteps } from 'tool-steps';

const TOOLS = ['read_file', 'run_command', 'grep', 'edit_file', 'list_files', 'fetch_url'] as const;

/** `count` finished calls, most succeeded, every 13th failed (open, taller), every 29th denied. */
function longRun(count: number): StepStore {
  const store = createStepStore({ schedule: (flush) => flush() });
  const events: StepEvent[] = [{ type: 'run-start', at: 0 }];
  for (let i = 0; i < count; i++) {
    const id = `call_${i}`;
    const at = i * 1000;
    events.push(
      { type: 'step-start', id, toolName: TOOLS[i % TOOLS.length] as string, at },
      {
        type: 'step-input',
        id,
        input: { path: `src/module-${i}/index.ts`, command: `pnpm test --filter pkg-${i}` },
        at,
      },
    );
    if (i % 13 === 5)
      events.push({ type: 'step-error', id, message: `Exit code 1 (call ${i})`, code: 'EXIT_1', at: at + 400 });
    else if (i % 29 === 7)
      events.push(
        { type: 'step-approval', id, description: `Write to src/module-${i}`, at },
        { type: 'step-decision', id, approved: false, reason: 'not now', at: at + 300 },
      );
    else
      events.push({
        type: 'step-result',
        id,
        result: `src/module-${i}/index.ts: ${i} lines`,
        at: at + 40 + (i % 9) * 90,
      });
  }
  events.push({ type: 'run-finish', status: 'done', at: count * 1000 });
  store.apply(events);
  return store;
}

const STEPS = 10_000;
const store = longRun(STEPS);

const meta = {
  title: 'Components/Tool steps/Virtual list',
  component: ToolSteps,
  args: { store, virtualize: 200 },
} satisfies Meta<typeof ToolSteps>;

export default meta;
type Story = StoryObj<typeof meta>;

const windowedRows = (root: HTMLElement) => root.querySelectorAll('[data-slot="tool-steps"] > [data-index]');

/**
 * 10,000 finished steps, windowed: only the rows near the viewport are in the DOM, measured (failed
 * rows are open and taller), inside a list as tall as all of them; the page scrolls it. End and Home
 * reach rows that are not rendered.
 */
export const TenThousandSteps: Story = {
  play: async ({ canvasElement }) => {
    // the windowed rows come with a lazy chunk (`virtual-rows`), which a busy dev server may take seconds to serve
    await waitFor(() => expect(windowedRows(canvasElement).length).toBeGreaterThan(0));
    await expect(windowedRows(canvasElement).length).toBeLessThan(100);
    const first = canvasElement.querySelector<HTMLElement>('[data-step-id="call_0"]');
    first?.focus();
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(document.activeElement?.getAttribute('data-step-id')).toBe(`call_${STEPS - 1}`));
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(document.activeElement?.getAttribute('data-step-id')).toBe('call_0'));
  },
};

/** The same list in a chat panel that scrolls on its own: the panel is the scroll container. */
export const InAScrollingPanel: Story = {
  render: (args) => (
    <div style={{ height: 480, overflowY: 'auto', position: 'relative', border: '1px solid GrayText' }}>
      <ToolSteps {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    // the windowed rows come with a lazy chunk (`virtual-rows`), which a busy dev server may take seconds to serve
    await waitFor(() => expect(windowedRows(canvasElement).length).toBeGreaterThan(0));
    await expect(windowedRows(canvasElement).length).toBeLessThan(60);
  },
};

/**
 * `virtualize={false}`: every row drawn (find-in-page finds them all; slower to mount). 400 steps, twice
 * the default threshold (the story's accessibility check reads every drawn row; 2,000 took 48 s under load).
 */
export const EveryRowDrawn: Story = {
  args: { store: longRun(400), virtualize: false },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-slot="tool-steps"] > li')).toHaveLength(400);
  },
};
