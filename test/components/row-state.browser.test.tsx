// biome-ignore-all lint/correctness/noComponentHookFactories: test Rows are small components defined where the test that uses them reads them
// A host Row returns its row's content; the row draws the root around it, so in a windowed list the Row's
// rows are measured and placed like every other row (real Chromium: measuring needs layout).
import '../../src/styles.css';
import { type Step, type StepsState, ToolSteps } from 'tool-steps';
import { afterEach, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';

const N = 300;
const step = (i: number): Step => ({
  id: `s${i}`,
  // every third row is drawn by the host's Row, taller than the estimate
  toolName: i % 3 === 0 ? 'tall' : 'bash',
  status: 'succeeded',
  inputText: '',
  startedAt: 1000 + i,
  endedAt: 2000 + i,
  input: { command: `echo ${i}` },
  result: `line ${i}`,
});
const state: StepsState = {
  ids: Array.from({ length: N }, (_, i) => `s${i}`),
  byId: Object.fromEntries(Array.from({ length: N }, (_, i) => [`s${i}`, step(i)])),
  run: { status: 'done' },
  diagnostics: { count: 0 },
};
const TALL = 130;

afterEach(() => {
  window.scrollTo(0, 0);
});

test('a host Row without a root keeps its measured height and its place in a windowed list', async () => {
  await render(
    <ToolSteps
      state={state}
      summary={false}
      tools={{ tall: { Row: ({ step }) => <div style={{ height: TALL }}>tall {step.id}</div> } }}
    />,
  );
  await expect.poll(() => document.querySelector('[data-slot="tool-steps"] > [data-index]')).not.toBeNull();
  const items = () => [...document.querySelectorAll<HTMLElement>('[data-slot="tool-steps"] > [data-index]')];
  // every drawn item is a row of the list, a host's row too
  await expect.poll(() => items().some((item) => item.getAttribute('data-tool') === 'tall')).toBe(true);
  for (const item of items()) expect(item.getAttribute('data-slot')).toBe('tool-step');
  expect(document.querySelectorAll('[data-slot="tool-steps"] > div')).toHaveLength(0);
  // measured: rows sit one under the other, without gaps or overlaps, the tall ones at their height
  const widestGap = () => {
    const boxes = items().map((item) => item.getBoundingClientRect());
    let gap = 0;
    for (let i = 1; i < boxes.length; i++)
      gap = Math.max(gap, Math.abs((boxes[i]?.top ?? 0) - (boxes[i - 1]?.bottom ?? 0)));
    return gap;
  };
  await expect.poll(widestGap).toBeLessThan(1);
  const tall = items().find((item) => item.getAttribute('data-tool') === 'tall') as HTMLElement;
  expect(tall.getBoundingClientRect().height).toBeGreaterThanOrEqual(TALL);
  // and placed: scrolled far down, the rows in view are the list's rows there, not the first ones
  window.scrollTo(0, 20_000);
  await expect.poll(() => document.querySelector('[data-step-id="s0"]')).toBeNull();
  const inView = () =>
    items().filter((item) => {
      const box = item.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight;
    });
  await expect.poll(() => inView().length).toBeGreaterThan(3);
  expect(inView().some((item) => item.getAttribute('data-tool') === 'tall')).toBe(true);
});
