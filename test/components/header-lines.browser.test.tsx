// The row's header on a phone, in real Chromium with the real stylesheet: the duration is never drawn on a
// line of its own under the label, away from the status it belongs to. Where the status is its icon alone
// (running, done, waiting) the icon and the time stay on the label's line and the detail gives way; where
// the status says a word (Failed, Denied, Cancelled, Interrupted) the word and the time go to the next
// line together, at its end.
//
// The default header wraps the status and the duration in one element (`tool-step-meta`), so they move
// together; test/hostile/long-text.browser.test.tsx holds what the same header must also keep (labels on
// one line, a detail of 48 px for ended calls).
import { type StepsState, ToolSteps } from 'tool-steps';
import type { ToolStepsLabelsInput } from 'tool-steps/presentation';
import { afterEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import '../../src/styles.css';
import { mixed } from '../../stories/support/approval-scenes';
import { germanLabels } from '../../stories/support/labels-de';
import { wordsScene } from '../../stories/support/labels-scene';
import { everyStatusState } from '../../stories/support/states';

afterEach(() => {
  window.scrollTo(0, 0);
});

const box = (element: Element) => element.getBoundingClientRect();
/** Whether two boxes share a line: their vertical extents overlap by more than a pixel. */
const sameLine = (a: DOMRect, b: DOMRect) => a.top < b.bottom - 1 && b.top < a.bottom - 1;

/** The first line box of an element's text. */
function firstLine(element: Element): DOMRect {
  const range = document.createRange();
  range.selectNodeContents(element);
  const lines = [...range.getClientRects()].filter((r) => r.width > 0);
  return lines[0] ?? box(element);
}

/** Where each row's duration is drawn against its status and its label, as readable findings. */
function durationFindings(root: HTMLElement): { rows: number; out: string[] } {
  const out: string[] = [];
  let rows = 0;
  for (const header of root.querySelectorAll<HTMLElement>('[data-slot="tool-step-header"]')) {
    const id = header.closest<HTMLElement>('[data-slot="tool-step"]')?.dataset.stepId;
    const duration = header.querySelector('[data-slot="tool-step-duration"]');
    const status = header.querySelector<HTMLElement>('[data-slot="tool-step-status"]');
    const label = header.querySelector(':scope > [data-slot="tool-step-label"]');
    if (!duration || !status || !label) continue;
    rows++;
    const time = box(duration);
    const mark = box(status);
    if (!sameLine(time, mark)) out.push(`${id}: the duration is not on its status's line`);
    else if (time.left < mark.right) out.push(`${id}: the duration is before its status`);
    const words = status.querySelector<HTMLElement>('[data-slot="tool-step-status-text"]');
    const iconOnly = !words || getComputedStyle(words).position === 'absolute';
    if (iconOnly && !sameLine(time, firstLine(label))) out.push(`${id}: the duration left the label's line`);
  }
  return { rows, out };
}

describe.each([360, 390])('the header at %i px', (width) => {
  test.each<[string, StepsState, ToolStepsLabelsInput | undefined, number]>([
    ['every status, English', everyStatusState, undefined, 7],
    ['every kind of row, German', wordsScene, germanLabels, 7],
  ])(
    '%s: each duration beside its status, on the label line when the status is an icon',
    async (_name, state, labels, count) => {
      await page.viewport(width, 900);
      const screen = await render(
        <div style={{ padding: 16 }}>
          <ToolSteps state={state} labels={labels} group={false} onCancel={() => {}} onRetry={() => {}} />
        </div>,
      );
      const { rows, out } = durationFindings(screen.container as HTMLElement);
      expect(rows).toBe(count);
      expect(out).toEqual([]);
    },
  );
});

/** How wide a label's first word is drawn (the label's own text, one text node). */
function firstWordWidth(label: Element): number {
  const text = label.firstChild;
  if (!(text instanceof Text)) return 0;
  const range = document.createRange();
  range.setStart(text, 0);
  range.setEnd(text, (text.data.split(' ')[0] ?? '').length);
  return range.getBoundingClientRect().width;
}

/** Where each row's buttons (Cancel, Retry) are drawn: on a line of their own they sit at its end. */
function buttonFindings(root: HTMLElement): { rows: number; out: string[] } {
  const out: string[] = [];
  let rows = 0;
  for (const header of root.querySelectorAll<HTMLElement>('[data-slot="tool-step-header"]')) {
    const id = header.closest<HTMLElement>('[data-slot="tool-step"]')?.dataset.stepId;
    const actions = header.querySelector<HTMLElement>(':scope > [data-slot="tool-step-actions"]');
    const label = header.querySelector<HTMLElement>(':scope > [data-slot="tool-step-label"]');
    if (!actions || !label) continue;
    rows++;
    const buttons = box(actions);
    const end = box(header).right;
    // under the icon column, the German "Wiederholen" and "Abbrechen" read as part of the line above
    if (buttons.left < box(label).left - 1) out.push(`${id}: the buttons start under the icon`);
    if (!sameLine(buttons, firstLine(label)) && Math.abs(buttons.right - end) > 1)
      out.push(`${id}: the buttons end at ${Math.round(buttons.right)}, the line at ${Math.round(end)}`);
    // nor kept beside a label cut inside its first word to make room for them ("Bea…" beside "Abbrechen")
    if (sameLine(buttons, firstLine(label)) && firstWordWidth(label) > label.clientWidth + 1)
      out.push(`${id}: the label is cut to ${label.clientWidth} px beside the buttons`);
  }
  return { rows, out };
}

describe.each([360, 390])('the buttons at %i px', (width) => {
  test.each<[string, StepsState, number]>([
    ['calls waiting and failed, German', mixed, 2],
    ['every kind of row, German', wordsScene, 2],
  ])('%s: Cancel and Retry at the end of their line, never under the icon', async (_name, state, count) => {
    await page.viewport(width, 900);
    const screen = await render(
      <div style={{ padding: 16 }}>
        <ToolSteps
          state={state}
          labels={germanLabels}
          onCancel={() => {}}
          onRetry={() => {}}
          onApprove={() => {}}
          onDeny={() => {}}
        />
      </div>,
    );
    const { rows, out } = buttonFindings(screen.container as HTMLElement);
    expect(rows).toBe(count);
    expect(out).toEqual([]);
  });
});
