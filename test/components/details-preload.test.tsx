// A row whose details are a diff (or a log, sources, code) fetches that renderer's chunk when it mounts,
// closed, and its first opening then draws the view at once. Drawn through React.lazy instead, the view
// suspended on its first render even with the chunk fetched, and React held the revealed content until
// 300 ms after the "Loading" fallback showed (its Suspense throttle): the details bench's cold openings
// took 244-332 ms with no long task; 44-56 ms since (production build, bench/details.mjs --built).
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { makeStep, twoFileDiff } from '../../stories/renderers/data';

/**
 * The kit as a page that has drawn nothing yet meets it: fresh modules, so no renderer chunk is in (what
 * the chunks hold is module state; the setup file's preloads, or another test in this worker, fill it).
 * React and Testing Library live outside the module registry and stay the same instance.
 */
async function freshKit() {
  vi.resetModules();
  const [{ ToolStep }, { rendererLoaded }] = await Promise.all([
    import('tool-steps'),
    import('../../src/renderers/lazy-views'),
  ]);
  return { ToolStep, rendererLoaded };
}

it('fetches the diff view when a closed row with a diff mounts, and the first opening draws it with no fallback', async () => {
  const { ToolStep, rendererLoaded } = await freshKit();
  expect(rendererLoaded('diff')).toBe(false);
  const { container } = render(<ToolStep step={makeStep({ toolName: 'edit_file', details: twoFileDiff })} />);
  expect(container.querySelector('[data-renderer]')).toBeNull(); // closed: no block drawn yet
  await waitFor(() => expect(rendererLoaded('diff')).toBe(true));
  act(() => {
    fireEvent.click(screen.getByRole('button', { name: 'Details' }));
  });
  // in the same commit as the click: the diff, and no "Loading" in its place
  expect(container.querySelector('[data-slot="tool-step-details-loading"]')).toBeNull();
  expect(container.querySelector('[data-renderer="diff"]')).not.toBeNull();
  expect(container.querySelector('[data-slot="tool-step-diff-file-path"]')?.textContent).toContain('money.ts');
});
