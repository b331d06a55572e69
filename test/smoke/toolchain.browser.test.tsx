// Toolchain smoke test (browser project: Vitest browser mode in Debian chromium). Delete once real browser tests exist.
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-react';

test('browser project renders React in a real Chromium', async () => {
  const screen = await render(
    <button type="button" style={{ borderRadius: '6px' }}>
      Smoke
    </button>,
  );
  const button = screen.getByRole('button', { name: 'Smoke' });
  await expect.element(button).toBeVisible();
  expect(getComputedStyle(button.element()).borderRadius).toBe('6px');
  expect(navigator.userAgent).toMatch(/Chrome\//);
});
