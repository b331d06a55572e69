// Every shared Cogitator recording replayed event by event through a real store into <ToolSteps store>,
// in real Chromium with the real stylesheet: what each row shows on the way and at the end, and the
// layout the theme gives it. Screenshots go to test/__screenshots__/e2e/ (git-ignored).
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import '../../src/styles.css';
import { ToolSteps } from 'tool-steps';
import { createStepStore, type StepEvent, type StepStore } from 'tool-steps/core';
import { eventsFromText, stepsFromText } from 'tool-steps/wires';
import { part, partText, stepRow, stepRows, summarize } from '../../stories/support/dom';
import { livenessOfText } from '../support/ax-tree';

const recordings = import.meta.glob<string>('../fixtures/cogitator-*.sse', {
  query: '?raw',
  import: 'default',
  eager: true,
});

function recording(name: string): string {
  const text = recordings[`../fixtures/${name}`];
  if (text === undefined) throw new Error(`no recording test/fixtures/${name}`);
  return text;
}

const screenshot = (name: string) => page.screenshot({ path: `../__screenshots__/e2e/${name}.png` });

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Applies events one at a time, a frame apart, as a live stream would (the store notifies once per frame). */
async function replay(store: StepStore, events: readonly StepEvent[]) {
  for (const event of events) {
    store.apply(event);
    await nextFrame();
  }
}

/** The index just past the last event matching `match`. */
function through(events: readonly StepEvent[], match: (e: StepEvent) => boolean): number {
  for (let index = events.length - 1; index >= 0; index--) {
    if (match(events[index] as StepEvent)) return index + 1;
  }
  throw new Error('no such event in the recording');
}

async function mount() {
  const store = createStepStore();
  const screen = await render(<ToolSteps store={store} group={false} minRunningMs={0} />);
  return { store, screen, root: screen.container };
}

function slot(row: HTMLElement, name: string): HTMLElement {
  const element = part(row, name);
  if (!element) throw new Error(`row ${row.dataset.stepId} has no ${name}`);
  return element;
}

/** The details disclosure button of a row. */
const trigger = (row: HTMLElement) => slot(row, 'tool-step-details-trigger');

beforeEach(async () => {
  await page.viewport(760, 560);
});

afterEach(() => {
  document.documentElement.removeAttribute('data-theme');
});

test('the replay covers every shared Cogitator recording', () => {
  expect(Object.keys(recordings).sort()).toEqual([
    '../fixtures/cogitator-run-command-progress.sse',
    '../fixtures/cogitator-tool-timeout.sse',
    '../fixtures/cogitator-workspace-edit.sse',
  ]);
});

describe('cogitator-workspace-edit.sse', () => {
  const events = eventsFromText(recording('cogitator-workspace-edit.sse'));
  const firstEdit = 'call_fDNxSIvPZZ63fFKcZjR4I0b3';
  const secondEdit = 'call_LJOqOAf1lLQSAJaiXnkU8Is2';

  test('streams four steps that end succeeded with their labels, icons and detail lines', async () => {
    expect(events).toHaveLength(21);
    const { store, root } = await mount();

    // the first fragment of the edit's arguments already names the path (parsed partially)
    const firstDelta = events.findIndex((e) => e.type === 'step-input-delta' && e.id === firstEdit);
    await replay(store, events.slice(0, firstDelta + 1));
    await expect.poll(() => stepRow(root, firstEdit).dataset.status).toBe('input-streaming');
    expect(partText(stepRow(root, firstEdit), 'tool-step-detail')).toBe('src/lib/money.ts');
    expect(partText(stepRow(root, firstEdit), 'tool-step-status-text')).toBe('Preparing');
    expect(stepRows(root).map((row) => row.dataset.status)).toEqual(['succeeded', 'succeeded', 'input-streaming']);

    await replay(store, events.slice(firstDelta + 1));
    await expect
      .poll(() => summarize(root))
      .toEqual([
        {
          id: 'call_l7dXTPyLsxPFkThf4VucSmEH',
          tool: 'read_file',
          status: 'succeeded',
          icon: 'file-text',
          label: 'Read file',
          detail: 'src/lib/money.ts',
        },
        {
          id: 'call_C9qEwjky40UVsWmflzdE1F8R',
          tool: 'grep',
          status: 'succeeded',
          icon: 'text-search',
          label: 'Search files',
          detail: 'formatUsd',
        },
        {
          id: firstEdit,
          tool: 'edit_file',
          status: 'succeeded',
          icon: 'file-pen',
          label: 'Edit file',
          detail: 'src/lib/money.ts',
        },
        {
          id: secondEdit,
          tool: 'edit_file',
          status: 'succeeded',
          icon: 'file-pen',
          label: 'Edit file',
          detail: 'src/components/PriceTag.tsx',
        },
      ]);
    for (const row of stepRows(root)) {
      expect(row.hasAttribute('data-has-details')).toBe(true);
      expect(row.getAttribute('data-state')).toBe('closed');
      expect(part(row, 'tool-step-progress')).toBeNull();
      expect(part(row, 'tool-step-error')).toBeNull();
      expect(partText(row, 'tool-step-status-text')).toBe('Done');
    }
    expect(store.getSnapshot().run.status).toBe('done');
    expect(store.getSnapshot().diagnostics.count).toBe(0);
    await screenshot('workspace-edit');
  });

  test('the details disclosure opens the diff, with the theme laid out', async () => {
    const { store, root } = await mount();
    await replay(store, events);
    await expect.poll(() => stepRows(root).length).toBe(4);
    const row = stepRow(root, secondEdit);
    const button = trigger(row);

    // real layout: the button is drawn, has a size, and sits on the header's line
    expect(button).toBeVisible();
    const box = button.getBoundingClientRect();
    expect(box.width).toBeGreaterThan(0);
    expect(box.height).toBeGreaterThan(0);
    const header = slot(row, 'tool-step-header').getBoundingClientRect();
    expect(box.top).toBeLessThan(header.bottom);
    expect(box.bottom).toBeGreaterThan(header.top);
    expect(box.left).toBeGreaterThanOrEqual(header.right - 1);

    // computed styles of the theme apply
    const list = root.querySelector<HTMLElement>('[data-slot="tool-steps"]');
    if (!list) throw new Error('no list');
    expect(getComputedStyle(list).listStyleType).toBe('none');
    expect(getComputedStyle(list).borderTopLeftRadius).toBe('8px');
    expect(getComputedStyle(list).borderTopStyle).toBe('solid');
    expect(getComputedStyle(row).display).toBe('grid');
    expect(getComputedStyle(slot(row, 'tool-step-icon')).getPropertyValue('display')).not.toBe('none');

    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    expect(row.getAttribute('data-state')).toBe('open');
    const details = slot(row, 'tool-step-details');
    expect(details).toHaveAttribute('data-kind', 'diff');
    expect(details.getAttribute('data-state')).toBe('open');
    // the diff renderer loads lazily; the hunk header is only in the diff
    await expect.poll(() => details.textContent).toContain('@@ -1,10 +1,10 @@');
    const panel = slot(row, 'tool-step-details-content');
    expect(panel.getBoundingClientRect().height).toBeGreaterThan(0);
    expect(getComputedStyle(slot(row, 'tool-step-details-chevron')).transform).not.toBe('none');
    await screenshot('workspace-edit-details-open');

    await userEvent.click(button);
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(row.getAttribute('data-state')).toBe('closed');
  });
});

describe('cogitator-run-command-progress.sse', () => {
  const events = eventsFromText(recording('cogitator-run-command-progress.sse'));
  const id = 'call_6KWxOiixgVoOnzyw2MzP0Zvz';

  test('shows the replaced arguments, the latest progress while running, then the result', async () => {
    expect(events).toHaveLength(12);
    const { store, root } = await mount();

    // the streamed arguments, then the ones the server says the command ran with
    const [firstInput, secondInput] = events.flatMap((e, i) => (e.type === 'step-input' ? [i] : []));
    await replay(store, events.slice(0, (firstInput ?? 0) + 1));
    await expect.poll(() => partText(stepRow(root, id), 'tool-step-detail')).toBe('pnpm test');
    expect(stepRow(root, id).dataset.status).toBe('running');
    await replay(store, events.slice((firstInput ?? 0) + 1, (secondInput ?? 0) + 1));
    await expect.poll(() => partText(stepRow(root, id), 'tool-step-detail')).toBe('pnpm test --reporter=dot');

    const lastProgress = through(events, (e) => e.type === 'step-progress');
    await replay(store, events.slice((secondInput ?? 0) + 1, lastProgress));
    const row = stepRow(root, id);
    const progress = slot(row, 'tool-step-progress');
    await expect.poll(() => progress.textContent).toBe('src/api/refunds.test.ts: 1 passed');
    // in no live region of the accessibility tree: every update would be read aloud (the announcer says
    // status changes)
    expect(await livenessOfText('src/api/refunds.test.ts: 1 passed')).toEqual(['off']);
    expect(progress).toHaveAttribute('data-count', '5');
    expect(row.dataset.status).toBe('running');
    expect(partText(row, 'tool-step-status-text')).toBe('Running');
    expect(slot(row, 'tool-step-status-icon').hasAttribute('data-spinning')).toBe(true);
    expect(progress.getBoundingClientRect().height).toBeGreaterThan(0);
    await screenshot('run-command-progress-running');

    await replay(store, events.slice(lastProgress));
    await expect
      .poll(() => summarize(root))
      .toEqual([
        {
          id,
          tool: 'run_command',
          status: 'succeeded',
          icon: 'terminal',
          label: 'Run command',
          detail: 'pnpm test --reporter=dot',
        },
      ]);
    expect(part(row, 'tool-step-progress')).toBeNull();
    expect(row.getAttribute('data-state')).toBe('closed');

    await userEvent.click(trigger(row));
    const details = slot(row, 'tool-step-details');
    expect(details).toHaveAttribute('data-kind', 'terminal');
    await expect.poll(() => details.textContent).toContain('Tests  42 passed (42)');
    await screenshot('run-command-progress-done');
  });
});

describe('cogitator-tool-timeout.sse', () => {
  const text = recording('cogitator-tool-timeout.sse');
  const events = eventsFromText(text);
  const id = 'call_03NBQNSgPwlUQia1ID6vW5dq';

  test('stalls with its last progress, then fails with TOOL_TIMEOUT and opens its details', async () => {
    expect(events).toHaveLength(9);
    const { store, root } = await mount();
    const lastProgress = through(events, (e) => e.type === 'step-progress');
    await replay(store, events.slice(0, lastProgress));
    await expect
      .poll(() => partText(stepRow(root, id), 'tool-step-progress'))
      .toBe('transforming (1843) node_modules/lodash-es/lodash.js');
    const row = stepRow(root, id);
    expect(row.dataset.status).toBe('running');
    expect(row.getAttribute('data-state')).toBe('closed');

    await replay(store, events.slice(lastProgress));
    await expect.poll(() => row.dataset.status).toBe('failed');
    const error = slot(row, 'tool-step-error');
    expect(error).toHaveAttribute('data-error-code', 'TOOL_TIMEOUT');
    expect(partText(row, 'tool-step-error-code')).toBe('TOOL_TIMEOUT');
    expect(partText(row, 'tool-step-error-message')).toBe('Tool "run_command" timed out after 60000ms');
    expect(getComputedStyle(slot(row, 'tool-step-error-code')).fontFamily).toMatch(/mono/i);
    expect(error.getBoundingClientRect().height).toBeGreaterThan(0);
    expect(part(row, 'tool-step-progress')).toBeNull();
    expect(summarize(root)).toEqual([
      { id, tool: 'run_command', status: 'failed', icon: 'terminal', label: 'Run command', detail: 'pnpm build' },
    ]);
    // a step that fails opens its details (its disclosure follows the status until a person toggles it)
    expect(row.getAttribute('data-state')).toBe('open');
    expect(trigger(row)).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(() => slot(row, 'tool-step-details-content').textContent).toContain('"command": "pnpm build"');
    await screenshot('tool-timeout-failed');
  });

  test('the failed step starts expanded when drawn from a finished state', async () => {
    const screen = await render(<ToolSteps state={stepsFromText(text)} />);
    const row = stepRow(screen.container, id);
    expect(row.dataset.status).toBe('failed');
    expect(row.getAttribute('data-state')).toBe('open');
    expect(trigger(row)).toHaveAttribute('aria-expanded', 'true');
    expect(slot(row, 'tool-step-details-content')).toBeVisible();
  });

  test('the dark scheme, forced with data-theme, in a screenshot', async () => {
    document.documentElement.setAttribute('data-theme', 'dark');
    document.body.style.background = '#0d1117';
    try {
      const screen = await render(<ToolSteps state={stepsFromText(text)} />);
      const list = screen.container.querySelector<HTMLElement>('[data-slot="tool-steps"]');
      if (!list) throw new Error('no list');
      expect(getComputedStyle(list).colorScheme).toBe('dark');
      // a dark card: every channel of the background is low
      const channels = (getComputedStyle(list).backgroundColor.match(/\d+/g) ?? []).slice(0, 3).map(Number);
      expect(channels).toHaveLength(3);
      for (const channel of channels) expect(channel).toBeLessThan(60);
      await screenshot('tool-timeout-dark');
    } finally {
      document.body.style.background = '';
    }
  });
});
