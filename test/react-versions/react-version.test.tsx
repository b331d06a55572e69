// Each jsdom project runs on the React it claims (dom: 19, dom-react18: 18), with one React instance:
// @testing-library/react (which imports react-dom itself), Lucide (which imports react itself) and the
// kit's own components all share it, so the kit's tests in that project test that React.
import Module from 'node:module';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { version } from 'react';
import { version as domVersion } from 'react-dom';
import { ToolSteps } from 'tool-steps';
import { createStepStore } from 'tool-steps/core';
import { expect, test } from 'vitest';
import { expectedReactMajor } from './expected';

test('react and react-dom are the expected major version', () => {
  expect(version.split('.')[0]).toBe(String(expectedReactMajor()));
  expect(domVersion).toBe(version);
});

test('Node loaded one React: no file of the other copy is in its module cache', () => {
  const cache = (Module as unknown as { _cache: Record<string, unknown> })._cache;
  const loaded = Object.keys(cache).filter((file) => /[/\\]node_modules[/\\]react(-dom)?(18)?[/\\]/.test(file));
  const other = expectedReactMajor() === 18 ? /[/\\](react|react-dom)[/\\]/ : /[/\\](react18|react-dom18)[/\\]/;
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.filter((file) => other.test(file))).toEqual([]);
});

test('the kit renders on that React: its hooks, a Lucide icon and a click that opens a row', async () => {
  const store = createStepStore();
  store.apply([
    { type: 'step-start', id: 'a', toolName: 'read_file' },
    { type: 'step-input', id: 'a', input: { path: 'src/a.ts' } },
    { type: 'step-result', id: 'a', result: 'export const a = 1;' },
  ]);
  render(<ToolSteps store={store} />);
  const row = document.querySelector('[data-slot="tool-step"][data-step-id="a"]') as HTMLElement;
  // Lucide imports react itself: with a second React copy its icon would throw on its first hook
  expect(row.querySelector('[data-slot="tool-step-icon"] svg')).not.toBeNull();
  await userEvent.click(screen.getByRole('button', { name: /details/i }));
  expect(row.getAttribute('data-state')).toBe('open');
});
