// Each Chromium project runs on the React it claims (browser: 19, browser-react18: 18) with one React
// instance: vitest-browser-react (which imports react-dom/client itself), Lucide (a pre-bundled
// dependency that imports react) and the kit's own list share it, so the kit's tests there test that React.
import { version } from 'react';
import { version as domVersion } from 'react-dom';
import { ToolSteps } from 'tool-steps';
import { createStepStore } from 'tool-steps/core';
import { expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { expectedReactMajor } from './expected';

test('react and react-dom are the expected major version', () => {
  expect(version.split('.')[0]).toBe(String(expectedReactMajor()));
  expect(domVersion).toBe(version);
});

test('the kit renders on that React: its hooks, a Lucide icon and a click that opens a row', async () => {
  const store = createStepStore();
  store.apply([
    { type: 'step-start', id: 'a', toolName: 'read_file' },
    { type: 'step-input', id: 'a', input: { path: 'src/a.ts' } },
    { type: 'step-result', id: 'a', result: 'export const a = 1;' },
  ]);
  const screen = await render(<ToolSteps store={store} />);
  const row = screen.getByRole('listitem');
  await expect.element(row).toHaveAttribute('data-step-id', 'a');
  // Lucide imports react itself: with a second React copy its icon would throw on its first hook
  expect(row.element().querySelector('[data-slot="tool-step-icon"] svg')).not.toBeNull();
  await userEvent.click(screen.getByRole('button', { name: /details/i }));
  await expect.element(row).toHaveAttribute('data-state', 'open');
});
