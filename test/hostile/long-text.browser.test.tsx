// Long text never pushes the status, the duration or Cancel/Retry out of the list, and a
// long error code never widens the page: an 80-word label, a 6,000-character token and a 4 KB URL, at
// 390 px and 720 px, with and without the stylesheet; and on a phone an ended call still says its word.
import { type StepsState, ToolSteps } from 'tool-steps';
import { emptyStepsState, reduceSteps } from 'tool-steps/core';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { mixed } from '../../stories/support/approval-scenes';
import { longTextState } from '../../stories/support/hostile';
import { germanLabels } from '../../stories/support/labels-de';
import { wordsScene } from '../../stories/support/labels-scene';
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

/** The lines a text box is drawn on: the distinct tops of its text's line boxes. */
function linesOf(element: Element): number {
  const range = document.createRange();
  range.selectNodeContents(element);
  return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
}

describe('a short label beside a long detail at 390 px', () => {
  it('keeps the label on one line and shortens the detail', async () => {
    cleanup = useKitCss(true);
    await page.viewport(390, 800);
    const at = 1_767_225_600_000;
    const longCommand = `pnpm --filter @acme/web-application-with-a-long-name run test:integration -- --reporter=verbose --shard=${'3/8 '.repeat(12)}`;
    const longPath = 'packages/web-application/src/components/settings/notifications/preferences-panel.test.tsx';
    const state = reduceSteps(emptyStepsState, [
      { type: 'step-start', id: 'ran', toolName: 'run', at },
      { type: 'step-input', id: 'ran', input: { command: longCommand }, at },
      { type: 'step-result', id: 'ran', result: 'ok', at: at + 1200 },
      { type: 'step-start', id: 'edited', toolName: 'edit', at },
      { type: 'step-input', id: 'edited', input: { path: longPath }, at },
      { type: 'step-result', id: 'edited', result: 'ok', at: at + 300 },
      { type: 'step-start', id: 'read', toolName: 'read', at },
      { type: 'step-input', id: 'read', input: { path: longPath }, at },
    ]);
    const screen = await render(
      <div style={{ padding: 8 }}>
        <ToolSteps
          state={state}
          tools={{
            run: { label: 'Ran', detail: longCommand },
            edit: { label: 'Edited file', detail: longPath },
            read: { label: 'Reading file', detail: longPath },
          }}
        />
      </div>,
    );
    const rows = [...screen.container.querySelectorAll<HTMLElement>('[data-slot="tool-step"]')];
    expect(rows).toHaveLength(3);
    const out: string[] = [];
    for (const row of rows) {
      const label = row.querySelector('[data-slot="tool-step-label"]') as HTMLElement;
      const detail = row.querySelector('[data-slot="tool-step-detail"]') as HTMLElement;
      const status = row.querySelector('[data-slot="tool-step-status"]') as HTMLElement;
      if (linesOf(label) !== 1) out.push(`${label.textContent}: ${linesOf(label)} lines, ${label.clientWidth} px wide`);
      // the detail gives way (shortened with "…") rather than the label
      if (detail.scrollWidth <= detail.clientWidth) out.push(`${label.textContent}: the detail was not shortened`);
      if (detail.clientWidth < 20) out.push(`${label.textContent}: the detail is ${detail.clientWidth} px wide`);
      const r = status.getBoundingClientRect();
      if (r.width === 0 || r.right > 390) out.push(`${label.textContent}: status at ${r.left}–${r.right}`);
    }
    expect(out).toEqual([]);
  });
});

describe.each([360, 390, 1024])('rows with every control at %i px', (width) => {
  // A new user's phone (360 px): "Run / com / ma…" squeezed beside "Waiting for approval", and, with the
  // status given the squeeze instead, "Wai…", "Fai…", "Fe…"; Retry drawn under the Details button.
  it.each([
    ['English, calls waiting and failed', mixed, undefined],
    ['German, calls waiting and failed', mixed, germanLabels],
    ['German, every kind of row', wordsScene, germanLabels],
  ] as const)(
    '%s: labels whole on one line, no status cut short, no control over another',
    async (_name, state, labels) => {
      cleanup = useKitCss(true);
      await page.viewport(width, 900);
      const screen = await render(
        <div style={{ padding: 16 }}>
          <ToolSteps
            state={state}
            labels={labels}
            onRetry={() => {}}
            onCancel={() => {}}
            onApprove={() => {}}
            onDeny={() => {}}
          />
        </div>,
      );
      const rows = [...screen.container.querySelectorAll<HTMLElement>('[data-slot="tool-step"]')];
      expect(rows.length).toBeGreaterThanOrEqual(4);
      const out: string[] = [];
      for (const row of rows) {
        const header = row.querySelector(':scope > [data-slot="tool-step-header"]') as HTMLElement;
        const label = header.querySelector('[data-slot="tool-step-label"]') as HTMLElement;
        if (linesOf(label) !== 1) out.push(`${label.textContent}: ${linesOf(label)} lines`);
        const words = header.querySelector<HTMLElement>('[data-slot="tool-step-status-text"]');
        const hidden = words !== null && getComputedStyle(words).position === 'absolute';
        if (words && !hidden && words.scrollWidth > words.clientWidth + 1)
          out.push(`${label.textContent}: status "${words.textContent}" cut to ${words.clientWidth} px`);
        const status = header.querySelector('[data-slot="tool-step-status"]') as HTMLElement;
        if (status.getBoundingClientRect().width < 12) out.push(`${label.textContent}: no status drawn`);
        if (!status.getAttribute('title')) out.push(`${label.textContent}: the status has no title`);
        const parts = [
          ...header.querySelectorAll<HTMLElement>(
            '[data-slot="tool-step-label"], [data-slot="tool-step-status"], [data-slot="tool-step-duration"], [data-slot="tool-step-cancel"], [data-slot="tool-step-retry"]',
          ),
          ...row.querySelectorAll<HTMLElement>(
            ':scope > [data-slot="tool-step-details"] > [data-slot="tool-step-details-trigger"]',
          ),
        ].map((part) => [part.dataset.slot, part.getBoundingClientRect()] as const);
        for (const [i, [a, ra]] of parts.entries())
          for (const [b, rb] of parts.slice(i + 1))
            if (ra.left < rb.right - 1 && rb.left < ra.right - 1 && ra.top < rb.bottom - 1 && rb.top < ra.bottom - 1)
              out.push(`${label.textContent}: ${a} over ${b}`);
      }
      expect(out).toEqual([]);
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
    },
  );
});

/** Ended calls of every kind a phone must name: a failure, a denial, a cancellation, an exit code. */
function endedScene(run: StepsState['run']): StepsState {
  const at = 1_767_225_600_000;
  return reduceSteps(emptyStepsState, [
    { type: 'run-start', at },
    { type: 'step-start', id: 'failed', toolName: 'run_command', at },
    { type: 'step-input', id: 'failed', input: { command: 'pnpm build --filter @acme/web' }, at },
    {
      type: 'step-error',
      id: 'failed',
      message: 'Tool "run_command" timed out',
      code: 'TOOL_TIMEOUT',
      at: at + 60_000,
    },
    { type: 'step-start', id: 'exit', toolName: 'run_command', at },
    { type: 'step-input', id: 'exit', input: { command: 'npm test' }, at },
    {
      type: 'step-result',
      id: 'exit',
      result: { exitCode: 1 },
      details: { stdout: 'not ok', exitCode: 1 },
      at: at + 6400,
    },
    { type: 'step-start', id: 'denied', toolName: 'delete_records', at },
    { type: 'step-input', id: 'denied', input: { table: 'sessions' }, at },
    { type: 'step-denied', id: 'denied', reason: 'not now', at: at + 100 },
    { type: 'step-start', id: 'cancelled', toolName: 'run_command', at },
    { type: 'step-input', id: 'cancelled', input: { command: 'sleep 60' }, at },
    { type: 'step-cancelled', id: 'cancelled', at: at + 2000 },
    { type: 'step-start', id: 'stopped', toolName: 'run_command', at },
    { type: 'step-input', id: 'stopped', input: { command: 'npm run build' }, at },
    { type: 'run-abort', reason: run.reason, code: run.reasonCode, at: at + 8800 },
  ]);
}

describe.each([360, 390])('an ended call on a phone (%i px)', (width) => {
  // On a phone every status was its icon alone: "Denied" was a slashed circle with no word.
  it.each([
    ['English, the run stopped', undefined, { status: 'interrupted', reasonCode: 'stopped' }],
    ['German, the run cut', germanLabels, { status: 'interrupted', reason: 'The connection was lost.' }],
  ] as const)('%s: says its word, whole, beside its icon', async (_name, labels, run) => {
    cleanup = useKitCss(true);
    await page.viewport(width, 900);
    const screen = await render(
      <div style={{ padding: 16 }}>
        <ToolSteps state={endedScene(run)} labels={labels} onRetry={() => {}} />
      </div>,
    );
    const rows = [...screen.container.querySelectorAll<HTMLElement>('[data-slot="tool-step"]')];
    expect(rows.map((row) => row.dataset.stepId)).toEqual(['failed', 'exit', 'denied', 'cancelled', 'stopped']);
    const out: string[] = [];
    const said: string[] = [];
    for (const row of rows) {
      const header = row.querySelector(':scope > [data-slot="tool-step-header"]') as HTMLElement;
      const label = header.querySelector('[data-slot="tool-step-label"]') as HTMLElement;
      const icon = header.querySelector('[data-slot="tool-step-status-icon"]') as SVGElement;
      const words = header.querySelector('[data-slot="tool-step-status-text"]') as HTMLElement;
      const id = row.dataset.stepId;
      said.push(words.textContent ?? '');
      const box = words.getBoundingClientRect();
      const mark = icon.getBoundingClientRect();
      if (getComputedStyle(words).position === 'absolute' || box.width < 8) out.push(`${id}: no word drawn`);
      else if (words.scrollWidth > words.clientWidth + 1) out.push(`${id}: "${words.textContent}" cut short`);
      // beside the icon: on its line, after it
      if (box.top >= mark.bottom || mark.top >= box.bottom) out.push(`${id}: the word is not on the icon's line`);
      if (box.right > width) out.push(`${id}: the word ends at ${Math.round(box.right)} px`);
      if (linesOf(label) !== 1) out.push(`${id}: the label takes ${linesOf(label)} lines`);
      // the word does not take the detail's room: "npm test" cut to "n…" says nothing
      const detail = header.querySelector<HTMLElement>('[data-slot="tool-step-detail"]');
      if (detail && detail.clientWidth < 48) out.push(`${id}: the detail is ${detail.clientWidth} px wide`);
    }
    expect(out).toEqual([]);
    expect(said).toEqual(
      labels
        ? ['Fehlgeschlagen', 'Exit 1', 'Abgelehnt', 'Abgebrochen', 'Unterbrochen']
        : ['Failed', 'Exit 1', 'Denied', 'Cancelled', 'Stopped'],
    );
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
  });
});
