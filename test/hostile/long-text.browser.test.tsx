// Issue 10 defect 7: long text never pushes the status, the duration or Cancel/Retry out of the list, and a
// long error code never widens the page: an 80-word label, a 6,000-character token and a 4 KB URL, at
// 390 px and 720 px, with and without the stylesheet.
import { ToolSteps } from 'tool-steps';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { longTextState } from '../../stories/support/hostile';
import { useKitCss } from './kit-css';

let cleanup = () => {};
afterEach(() => {
  cleanup();
});

const CONTROLS = [
  '[data-slot="tool-step-status"]',
  '[data-slot="tool-step-duration"]',
  '[data-slot="tool-step-cancel"]',
  '[data-slot="tool-step-retry"]',
  '[data-slot="tool-step-approve"]',
  '[data-slot="tool-step-deny"]',
  '[data-slot="tool-step-details-trigger"]',
];

describe.each([390, 720])('long text at %i px', (width) => {
  it.each([
    ['with the stylesheet', true],
    ['without the stylesheet', false],
  ])('keeps every control in the list and the page as wide as the window, %s', async (_name, styled) => {
    cleanup = useKitCss(styled);
    await page.viewport(width, 800);
    const screen = await render(
      <div style={{ padding: 8 }}>
        <ToolSteps
          state={longTextState()}
          onCancel={() => {}}
          onRetry={() => {}}
          onApprove={() => {}}
          onDeny={() => {}}
        />
      </div>,
    );
    const list = screen.container.querySelector('[data-slot="tool-steps"]') as HTMLElement;
    const box = list.getBoundingClientRect();
    const out: string[] = [];
    let seen = 0;
    for (const row of list.querySelectorAll<HTMLElement>('[data-slot="tool-step"]')) {
      for (const selector of CONTROLS) {
        const control = row.querySelector<HTMLElement>(
          `:scope > [data-slot="tool-step-header"] ${selector}, :scope > [data-slot="tool-step-approval"] ${selector}, :scope > [data-slot="tool-step-details"] > ${selector}`,
        );
        if (!control) continue;
        seen++;
        const r = control.getBoundingClientRect();
        if (r.left < box.left - 1 || r.right > box.right + 1 || r.right > width || r.width === 0)
          out.push(
            `${row.dataset.stepId ?? row.id} ${selector}: ${Math.round(r.left)}–${Math.round(r.right)} (list ${Math.round(box.left)}–${Math.round(box.right)})`,
          );
      }
    }
    expect(seen).toBeGreaterThanOrEqual(14);
    expect(out).toEqual([]);
    if (styled) expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
  });
});
