// @vitest-environment node
// A list past its `virtualize` threshold rendered on the server: the first 40 items in
// flow and a sizer for the rest, the same markup before and after the windowing's chunk is loaded (so
// hydration matches either way), and no warning on React 18 or 19.
import { renderToString } from 'react-dom/server';
import { createStepStore, type StepEvent, type StepsState, ToolSteps } from 'tool-steps';
import { describe, expect, it, vi } from 'vitest';

function stateOf(count: number): StepsState {
  const store = createStepStore({ schedule: (flush) => flush(), now: () => 1000 });
  const events: StepEvent[] = [{ type: 'run-start', at: 1 }];
  for (let i = 0; i < count; i++) {
    const id = `s${i}`;
    events.push(
      { type: 'step-start', id, toolName: 'run_command', at: 10 + i },
      { type: 'step-input', id, input: { command: `echo ${i}` }, at: 10 + i },
      { type: 'step-result', id, result: `ok ${i}`, at: 20 + i },
    );
  }
  store.apply(events);
  return store.getSnapshot();
}
const rowsIn = (html: string) => html.match(/data-slot="tool-step"/g)?.length ?? 0;
/**
 * The markup without React's Suspense boundary marks: its comments, and the `<template>` that says the
 * boundary was left to the client (a chunk not loaded yet on the server; the client renders it then).
 */
const bare = (html: string) => html.replace(/<!--.*?-->/g, '').replace(/<template[^>]*>(.|\n)*?<\/template>/g, '');

describe('server rendering', () => {
  it('renders the first rows of a long list and a sizer for the rest, the same before and after the chunk loads', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const state = stateOf(10_000);
      const loading = renderToString(<ToolSteps state={state} />);
      expect(rowsIn(loading)).toBe(40);
      expect(loading).toContain('data-slot="tool-steps-sizer"');
      await import('../../src/components/virtual-rows');
      await new Promise((resolve) => setTimeout(resolve, 0));
      const loaded = renderToString(<ToolSteps state={state} />);
      expect(rowsIn(loaded)).toBe(40);
      expect(bare(loaded)).toBe(bare(loading));
      const short = renderToString(<ToolSteps state={stateOf(150)} />);
      expect(rowsIn(short)).toBe(150);
      expect(short).not.toContain('tool-steps-sizer');
      expect(error.mock.calls.map((call) => String(call[0]).slice(0, 200))).toEqual([]);
    } finally {
      error.mockRestore();
    }
  });
});
