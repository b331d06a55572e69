// Approvals, cancel/retry, announcements and words in real Chromium with the real stylesheet:
// the buttons stay inside the viewport however tall the card, focus after a decision or a
// cancel, the live region's text, a long command at 390 px, right to left. Screenshots go to
// test/__screenshots__/approve/ (git-ignored).
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import '../../src/styles.css';
import { createStepStore, type Step, ToolSteps } from 'tool-steps';
import {
  Column,
  consequences,
  LONG_COMMAND,
  longCommand,
  mixed,
  stateOf,
  tallScript,
  threeApprovals,
} from '../../stories/support/approval-scenes';
import { arabicLabels } from '../../stories/support/labels-ar';
import { germanLabels } from '../../stories/support/labels-de';

const shot = (name: string) => page.screenshot({ path: `../__screenshots__/approve/approve-${name}.png` });
const q = (root: ParentNode, slot: string) => root.querySelector(`[data-slot="${slot}"]`) as HTMLElement;
const inViewport = (element: Element) => {
  const box = element.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
};

beforeEach(async () => {
  await page.viewport(390, 640);
});
afterEach(() => {
  window.scrollTo(0, 0);
});

describe('the approval card in Chromium', () => {
  test('Approve and Deny stay inside the viewport when the card is taller than it (sticky)', async () => {
    const { container } = await render(<Column state={tallScript} onApprove={() => {}} onDeny={() => {}} />);
    const card = q(container, 'tool-step-approval');
    const approve = q(container, 'tool-step-approve');
    expect(card.getBoundingClientRect().height).toBeGreaterThan(window.innerHeight * 2);
    for (const at of [0, 0.3, 0.6]) {
      window.scrollTo(0, card.offsetTop + card.offsetHeight * at);
      await new Promise(requestAnimationFrame);
      expect(inViewport(approve), `Approve in view at ${at * 100}% of the card`).toBe(true);
      expect(inViewport(q(container, 'tool-step-deny'))).toBe(true);
    }
    // and reachable by keyboard: the reason field, Approve, Deny in order
    q(container, 'tool-step-approval-reason-input').focus();
    await userEvent.keyboard('{Tab}');
    expect(document.activeElement).toBe(approve);
    await userEvent.keyboard('{Tab}');
    expect(document.activeElement).toBe(q(container, 'tool-step-deny'));
  });

  test.each([360, 390])('at %i px Approve and Deny share one line and the reason field stays usable', async (width) => {
    await page.viewport(width, 640);
    const { container } = await render(<Column state={longCommand} onApprove={() => {}} onDeny={() => {}} />);
    const approve = q(container, 'tool-step-approve').getBoundingClientRect();
    const deny = q(container, 'tool-step-deny').getBoundingClientRect();
    const input = q(container, 'tool-step-approval-reason-input').getBoundingClientRect();
    // one line: the same top, Deny after Approve
    expect(deny.top).toBe(approve.top);
    expect(deny.left).toBeGreaterThan(approve.right);
    // room to type a short sentence: 10rem at least (it was about 100 px, squeezed beside the label)
    expect(input.width).toBeGreaterThanOrEqual(160);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
    await shot(`actions-${width}`);
  });

  test('a very long command wraps in full at 390 px: nothing cut, nothing wider than the screen', async () => {
    const { container } = await render(<Column state={longCommand} onApprove={() => {}} onDeny={() => {}} />);
    const input = q(container, 'tool-step-approval-input');
    expect(input.textContent).toBe(LONG_COMMAND);
    expect(input.scrollWidth).toBeLessThanOrEqual(input.clientWidth);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
    expect(input.getBoundingClientRect().height).toBeGreaterThan(60);
    await shot('long-command-390');
  });

  test('focus after a decision goes to the decision, or to the row; after a cancel to the row; never to the page', async () => {
    const steps: Step[] = [
      ...threeApprovals.ids.map((id) => threeApprovals.byId[id] as Step),
      { id: 'run', toolName: 'run_command', status: 'running', inputText: '', input: { command: 'sleep 9' } },
    ];
    const { container } = await render(
      <ToolSteps state={stateOf(steps)} onApprove={() => {}} onDeny={() => {}} onCancel={() => {}} />,
    );
    const row = (id: string) => container.querySelector(`[data-step-id="${id}"]`) as HTMLElement;
    await userEvent.click(q(row('call_1'), 'tool-step-approve'));
    expect(document.activeElement).toBe(q(row('call_1'), 'tool-step-approval-decision'));
    expect(q(row('call_1'), 'tool-step-status-text').textContent).toBe('Approved, running…');
    await userEvent.click(q(row('call_2'), 'tool-step-deny'));
    expect(document.activeElement).toBe(row('call_2'));
    await userEvent.click(q(row('run'), 'tool-step-cancel'));
    expect(document.activeElement).toBe(row('run'));
    expect(document.activeElement).not.toBe(document.body);
  });

  test('the live region says what happened, in words', async () => {
    const store = createStepStore();
    const { container } = await render(<ToolSteps store={store} />);
    store.apply([
      { type: 'step-start', id: 'e', toolName: 'edit_file' },
      { type: 'step-input', id: 'e', input: { path: 'src/a.ts' } },
      { type: 'step-start', id: 'r', toolName: 'run_command' },
      { type: 'step-input', id: 'r', input: { command: 'pnpm test' } },
    ]);
    store.apply([
      { type: 'step-result', id: 'e', result: 'ok' },
      { type: 'step-error', id: 'r', message: 'timed out', code: 'TOOL_TIMEOUT' },
    ]);
    await expect
      .poll(() => q(container, 'tool-steps-announcer-polite').textContent)
      .toBe('Edit file src/a.ts finished');
    expect(q(container, 'tool-steps-announcer-assertive').textContent).toBe(
      'Run command pnpm test failed: TOOL_TIMEOUT',
    );
    // visually hidden, but not hidden from assistive technology
    const region = q(container, 'tool-steps-announcer');
    expect(region.getBoundingClientRect().width).toBeLessThanOrEqual(1);
    expect(region.closest('[aria-hidden="true"]')).toBeNull();
  });

  test('three approvals, German, right to left: screenshots, and the mirrored layout holds', async () => {
    await page.viewport(560, 900);
    const three = await render(
      <Column state={threeApprovals} consequences={consequences} onApprove={() => {}} onDeny={() => {}} />,
    );
    expect(q(three.container, 'tool-steps-approve-all').textContent).toContain('Approve all 3');
    await shot('three');
    await three.unmount();
    const german = await render(
      <Column
        state={mixed}
        labels={germanLabels}
        lang="de"
        onApprove={() => {}}
        onDeny={() => {}}
        onRetry={() => {}}
      />,
    );
    expect(german.container.textContent).toContain('Alle 2 freigeben');
    await shot('german');
    await german.unmount();
    const rtl = await render(
      <Column state={mixed} labels={arabicLabels} dir="rtl" lang="ar" onApprove={() => {}} onDeny={() => {}} />,
    );
    const header = rtl.container.querySelector('[data-step-id="m_fail"] [data-slot="tool-step-header"]') as HTMLElement;
    const icon = q(header, 'tool-step-icon').getBoundingClientRect();
    const status = q(header, 'tool-step-status').getBoundingClientRect();
    // mirrored: the icon starts the line on the right, the status ends it on the left
    expect(icon.left).toBeGreaterThan(status.left);
    const card = q(rtl.container, 'tool-step-approval').getBoundingClientRect();
    const list = q(rtl.container, 'tool-steps').getBoundingClientRect();
    // the card is indented from the right (inline start), not from the left
    expect(list.right - card.right).toBeGreaterThan(card.left - list.left);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(560);
    // code and paths still read left to right inside the right-to-left page
    expect(getComputedStyle(q(rtl.container, 'tool-step-approval-input')).direction).toBe('ltr');
    expect(getComputedStyle(q(rtl.container, 'tool-step-detail')).unicodeBidi).toBe('plaintext');
    await shot('rtl');
  });
});
