// Toolchain smoke test (core project, node environment). Delete once real core tests exist.
import { expect, test } from 'vitest';

test('core project runs in node, not in a DOM', () => {
  expect(typeof window).toBe('undefined');
  expect(typeof process.versions.node).toBe('string');
  expect(JSON.parse(JSON.stringify({ steps: [1, 2] }))).toEqual({ steps: [1, 2] });
});
