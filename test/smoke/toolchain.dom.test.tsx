// Toolchain smoke test (dom project: jsdom + test/setup.ts). Delete once real component tests exist.
import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';

test('dom project renders React into jsdom with jest-dom matchers', () => {
  render(<output aria-label="smoke">ready</output>);
  expect(screen.getByRole('status', { name: 'smoke' })).toHaveTextContent('ready');
  expect(navigator.userAgent).toMatch(/jsdom/);
});
