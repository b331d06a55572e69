// Each Chromium project runs on the React it claims (browser: 19, browser-react18: 18) with one React
// instance: hooks rendered through vitest-browser-react (which imports react-dom/client itself), a
// lucide icon (a pre-bundled dependency that imports react) and the kit's own list share it.
import { Check } from 'lucide-react';
import { useEffect, useId, useState, useSyncExternalStore, version } from 'react';
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

/** Four hooks, state updates from a click and an effect: they only work with one React instance. */
function Counter() {
  const [count, setCount] = useState(0);
  const [effects, setEffects] = useState(0);
  const id = useId();
  const external = useSyncExternalStore(
    () => () => {},
    () => 'store',
  );
  useEffect(() => setEffects((n) => n + 1), []);
  return (
    <button type="button" id={id} onClick={() => setCount((n) => n + 1)}>
      {count} clicks, {effects} effect, {external}
    </button>
  );
}

test('hooks work through vitest-browser-react (one React instance)', async () => {
  const screen = await render(<Counter />);
  await userEvent.click(screen.getByRole('button'));
  await expect.element(screen.getByRole('button')).toHaveTextContent('1 clicks, 1 effect, store');
});

test('elements from a dependency that imports react (lucide-react) render', async () => {
  const screen = await render(<Check aria-label="done" />);
  expect(screen.container.querySelector('svg[aria-label="done"]')).not.toBeNull();
});

test('the kit renders a step list', async () => {
  const store = createStepStore();
  store.apply({ type: 'step-start', id: 'a', toolName: 'read_file' });
  const screen = await render(<ToolSteps store={store} />);
  await expect.element(screen.getByRole('listitem')).toHaveAttribute('data-step-id', 'a');
});
