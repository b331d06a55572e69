// @vitest-environment node
// A list with `persist` rendered on the server: it reads no storage (neither the given one nor a
// `localStorage`) and draws the default verbosity, so the client hydrates the same markup.
import { renderToString } from 'react-dom/server';
import { ToolSteps } from 'tool-steps';
import { describe, expect, it, vi } from 'vitest';
import { makeStep, stateOf } from './step-fixtures';

const state = stateOf(
  [
    makeStep({ id: 'a', toolName: 'bash', status: 'succeeded', result: 'x', startedAt: 0, endedAt: 2000 }),
    makeStep({ id: 'b', toolName: 'bash', status: 'succeeded', result: 'y', startedAt: 2000, endedAt: 4000 }),
  ],
  { run: { status: 'done' } },
);

describe('verbosity on the server', () => {
  it('reads no storage and draws every step', () => {
    const storage = { getItem: vi.fn(() => 'collapsed'), setItem: vi.fn() };
    const html = renderToString(<ToolSteps state={state} minRunningMs={0} persist={{ key: 'chat', storage }} />);
    expect(storage.getItem).not.toHaveBeenCalled();
    expect(html).toContain('data-step-id="a"');
    expect(html).toContain('data-step-id="b"');
    expect(html).toContain('Hide steps');
  });

  it('without a storage, needs no window', () => {
    expect(typeof window).toBe('undefined');
    const html = renderToString(<ToolSteps state={state} minRunningMs={0} persist={{ key: 'chat' }} />);
    expect(html).toContain('data-step-id="a"');
  });
});
