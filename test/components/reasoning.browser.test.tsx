// A reasoning segment's row in real Chromium with the real stylesheet, on a phone and a desktop: nothing
// overflows (a long live line is cut with an ellipsis on its one line, an unbroken word in the text wraps),
// and the toggle is a button that says whether it is open.
import { type StepEvent, ToolSteps } from 'tool-steps';
import { emptyStepsState, reduceSteps } from 'tool-steps/core';
import { afterEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import '../../src/styles.css';

afterEach(() => {
  window.scrollTo(0, 0);
});

const shot = (name: string) => page.screenshot({ path: `../__screenshots__/reasoning/reasoning-${name}.png` });

const long = 'The config names three services and each of them reads its own environment file, '.repeat(6);
const events: StepEvent[] = [
  { type: 'run-start', at: 0 },
  { type: 'reasoning-start', id: 'done', at: 0 },
  { type: 'reasoning-delta', id: 'done', delta: `${long}\n${'x'.repeat(400)}\nSo I read the config first.` },
  { type: 'reasoning-end', id: 'done', at: 12_000 },
  { type: 'step-start', id: 'a', toolName: 'read_file', at: 12_000 },
  { type: 'step-input', id: 'a', input: { path: 'config/services.yaml' }, at: 12_000 },
  { type: 'step-result', id: 'a', result: 'ok', at: 12_400 },
  { type: 'reasoning-start', id: 'hidden', visibility: 'redacted', at: 12_500 },
  { type: 'reasoning-end', id: 'hidden', at: 15_000 },
  { type: 'step-start', id: 'b', toolName: 'run_command', at: 15_000 },
  { type: 'step-input', id: 'b', input: { command: 'npm test' }, at: 15_000 },
  { type: 'reasoning-start', id: 'live', at: 16_000 },
  { type: 'reasoning-delta', id: 'live', delta: `Earlier line.\n${long}` },
];
const state = reduceSteps(emptyStepsState, events);

describe.each([390, 1280])('a reasoning row at %i px', (width) => {
  test('fits its width, its live line on one line with an ellipsis, its toggle a button with aria-expanded', async () => {
    await page.viewport(width, 900);
    const screen = await render(
      <div style={{ padding: 16 }}>
        <ToolSteps state={state} />
      </div>,
    );
    const root = screen.container as HTMLElement;
    const rows = [...root.querySelectorAll<HTMLElement>('[data-slot="tool-steps-thought"]')];
    expect(rows).toHaveLength(3);
    const live = root.querySelector<HTMLElement>('[data-slot="tool-steps-thought-live-text"]') as HTMLElement;
    const lineHeight = Number.parseFloat(getComputedStyle(live).lineHeight) || 20;
    expect(live.getBoundingClientRect().height).toBeLessThan(lineHeight * 1.5);
    expect(getComputedStyle(live).textOverflow).toBe('ellipsis');
    // the newest words are drawn: the line's last character inside the box, its first cut away
    const range = document.createRange();
    const words = live.querySelector('bdi')?.firstChild as Text;
    const frame = live.getBoundingClientRect();
    range.setStart(words, words.length - 2);
    range.setEnd(words, words.length - 1);
    const last = range.getBoundingClientRect();
    expect(last.right).toBeLessThanOrEqual(frame.right + 0.5);
    expect(last.left).toBeGreaterThanOrEqual(frame.left - 0.5);
    range.setStart(words, 0);
    range.setEnd(words, 1);
    expect(range.getBoundingClientRect().right).toBeLessThan(frame.left + 1);

    const done = root.querySelector<HTMLElement>('[data-reasoning-id="done"]') as HTMLElement;
    const toggle = done.querySelector<HTMLElement>('[data-slot="tool-steps-thought-trigger"]') as HTMLElement;
    expect(toggle.tagName).toBe('BUTTON');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const text = done.querySelector<HTMLElement>('[data-slot="tool-steps-thought-text"]') as HTMLElement;
    expect(text.textContent).toContain('So I read the config first.');

    for (const row of rows) {
      const box = row.getBoundingClientRect();
      expect(row.scrollWidth, row.dataset.reasoningId).toBeLessThanOrEqual(row.clientWidth);
      for (const part of row.querySelectorAll('*')) {
        const inner = part.getBoundingClientRect();
        expect(inner.right, `${row.dataset.reasoningId} ${part.getAttribute('data-slot')}`).toBeLessThanOrEqual(
          box.right + 0.5,
        );
      }
    }
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth);
    // a hidden segment's words start where a toggle's words start, after its marker
    const wordsLeft = (id: string) =>
      (
        root.querySelector(`[data-reasoning-id="${id}"] [data-slot="tool-steps-thought-summary"]`) as HTMLElement
      ).getBoundingClientRect().left;
    expect(Math.abs(wordsLeft('hidden') - wordsLeft('done'))).toBeLessThan(0.5);
    await shot(`${width}`);
  });
});
