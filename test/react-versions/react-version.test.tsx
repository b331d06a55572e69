// Each jsdom project runs on the React it claims (dom: 19, dom-react18: 18), with one React instance:
// hooks rendered through @testing-library/react (which imports react-dom itself), a lucide icon (a
// dependency that imports react itself) and the kit's own components all share that instance.
import Module from 'node:module';
import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Check } from 'lucide-react';
import { createElement, useEffect, useId, useState, useSyncExternalStore, version } from 'react';
import { version as domVersion } from 'react-dom';
import { renderToStaticMarkup } from 'react-dom/server';
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

/** Four hooks, state updates from a click and an effect: they only work with one React instance. */
function Counter() {
  const [count, setCount] = useState(0);
  const [effects, setEffects] = useState(0);
  const id = useId();
  useEffect(() => setEffects((n) => n + 1), []);
  return (
    <button type="button" id={id} onClick={() => setCount((n) => n + 1)}>
      {count} clicks, {effects} effect
    </button>
  );
}

test('hooks work through @testing-library/react (one React instance)', async () => {
  render(<Counter />);
  await userEvent.click(screen.getByRole('button'));
  expect(screen.getByRole('button')).toHaveTextContent('1 clicks, 1 effect');

  const { result } = renderHook(() =>
    useSyncExternalStore(
      () => () => {},
      () => 'snapshot',
    ),
  );
  expect(result.current).toBe('snapshot');
});

test('elements from a dependency that imports react (lucide-react) render', () => {
  const { container } = render(<Check aria-label="done" />);
  expect(container.querySelector('svg[aria-label="done"]')).not.toBeNull();
  expect(renderToStaticMarkup(createElement(Check))).toContain('<svg');
});

test('the kit renders a step list', () => {
  const store = createStepStore();
  store.apply({ type: 'step-start', id: 'a', toolName: 'read_file' });
  render(<ToolSteps store={store} />);
  expect(document.querySelector('[data-slot="tool-step"][data-step-id="a"]')).not.toBeNull();
});
