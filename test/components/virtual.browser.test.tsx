// A windowed list in real Chromium: the keyboard reaches rows that are not rendered,
// the focused row stays while scrolled away, open details survive a remount, and the geometry holds.
import '../../src/styles.css';
import { type Step, type StepsState, ToolSteps } from 'tool-steps';
import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';

const N = 1000;
const step = (i: number): Step => {
  const failed = i % 7 === 3; // failed rows start open: taller, so heights vary
  return {
    id: `s${i}`,
    toolName: 'bash',
    status: failed ? 'failed' : 'succeeded',
    inputText: '',
    startedAt: 1000 + i,
    endedAt: 2000 + i,
    input: { command: `echo ${i}` },
    result: failed ? undefined : `line ${i}`,
    error: failed ? { message: `boom ${i}` } : undefined,
  };
};
const stateOf = (count: number): StepsState => {
  const steps = Array.from({ length: count }, (_, i) => step(i));
  return {
    ids: steps.map((s) => s.id),
    byId: Object.fromEntries(steps.map((s) => [s.id, s])),
    run: { status: 'done' },
    diagnostics: { count: 0 },
  };
};
const focused = () => document.activeElement as HTMLElement | null;
const focusedRow = () => focused()?.getAttribute('data-step-id');
const rendered = () => document.querySelectorAll('[data-slot="tool-steps"] > [data-slot="tool-step"]');
const row = (id: string) => document.querySelector<HTMLElement>(`[data-step-id="${id}"]`);
const frames = (n = 2) =>
  new Promise<void>((resolve) => {
    const next = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
    next(n);
  });

afterEach(() => {
  window.scrollTo(0, 0);
});

describe('a windowed list (the window scrolls)', () => {
  test('only rows near the viewport are rendered; the list is as tall as its rows', async () => {
    const screen = await render(<ToolSteps state={stateOf(N)} summary={false} />);
    await expect.poll(() => document.querySelector('[data-slot="tool-steps"] > [data-index]')).not.toBeNull();
    expect(rendered().length).toBeGreaterThan(5);
    expect(rendered().length).toBeLessThan(80);
    const list = screen.container.querySelector('[data-slot="tool-steps"]') as HTMLElement;
    // rows sit one under the other, without gaps or overlaps, once measured (a loaded machine measures late:
    // wait on the layout itself, not on a number of frames)
    const widestGap = () => {
      const rows = [...rendered()].map((r) => r.getBoundingClientRect());
      let gap = 0;
      for (let i = 1; i < rows.length; i++)
        gap = Math.max(gap, Math.abs((rows[i]?.top ?? 0) - (rows[i - 1]?.bottom ?? 0)));
      return gap;
    };
    await expect.poll(widestGap).toBeLessThan(1);
    // the list has the height of all its rows (estimated for the ones not drawn yet)
    expect(list.getBoundingClientRect().height).toBeGreaterThan(N * 30);
    // scrolled to the end, the last row is drawn at the list's bottom
    for (let i = 0; i < 10 && !row(`s${N - 1}`); i++) {
      window.scrollTo(0, document.documentElement.scrollHeight);
      await frames();
    }
    await expect.poll(() => row(`s${N - 1}`)).not.toBeNull();
    await expect
      .poll(() =>
        Math.abs(list.getBoundingClientRect().bottom - 1 - (row(`s${N - 1}`)?.getBoundingClientRect().bottom ?? 0)),
      )
      .toBeLessThan(2);
  });

  test('closed rows come out at the estimated height: scrolling measures them and the list keeps its height', async () => {
    // a list whose height changes while it scrolls is repainted whole on every row measured (render bench)
    const steps = Array.from({ length: N }, (_, i) => step(i * 7)); // none failed: every row closed
    const state: StepsState = {
      ids: steps.map((s) => s.id),
      byId: Object.fromEntries(steps.map((s) => [s.id, s])),
      run: { status: 'done' },
      diagnostics: { count: 0 },
    };
    const screen = await render(<ToolSteps state={state} />);
    await expect.poll(() => document.querySelector('[data-slot="tool-steps"] > [data-index]')).not.toBeNull();
    const list = screen.container.querySelector('[data-slot="tool-steps"]') as HTMLElement;
    const height = () => list.getBoundingClientRect().height;
    await frames(4);
    const before = height();
    const drawn = new Set<string>();
    for (let i = 0; i < 20; i++) {
      window.scrollBy(0, 200);
      await frames();
      for (const each of rendered()) drawn.add(each.getAttribute('data-step-id') ?? '');
    }
    await frames(4);
    expect(drawn.size).toBeGreaterThan(80); // rows were drawn and measured on the way
    expect(Math.abs(height() - before)).toBeLessThan(0.5);
  });

  test('Home, End and the arrows reach rows that are not rendered; the focused row stays while scrolled away', async () => {
    const screen = await render(
      <main>
        <button type="button">before</button>
        <ToolSteps state={stateOf(N)} summary={false} />
      </main>,
    );
    await expect.poll(() => document.querySelector('[data-slot="tool-steps"] > [data-index]')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'before' }));
    await userEvent.tab();
    expect(focusedRow()).toBe('s0');
    await userEvent.keyboard('{End}');
    await expect.poll(() => focusedRow()).toBe(`s${N - 1}`);
    expect(row('s0')).toBeNull(); // the first row went away
    await userEvent.keyboard('{ArrowUp}');
    expect(focusedRow()).toBe(`s${N - 2}`);
    await userEvent.keyboard('{Home}');
    await expect.poll(() => focusedRow()).toBe('s0');
    await userEvent.keyboard('{ArrowDown}');
    expect(focusedRow()).toBe('s1');
    // scroll far away: the focused row stays mounted and focused
    window.scrollTo(0, document.documentElement.scrollHeight / 2);
    await expect.poll(() => row('s2')).toBeNull();
    await frames();
    expect(row('s1')).not.toBeNull();
    expect(focusedRow()).toBe('s1');
    // and the next arrow goes to its neighbour, which is brought back
    await userEvent.keyboard('{ArrowDown}');
    await expect.poll(() => focusedRow()).toBe('s2');
  });

  test('a list mounted in a page already scrolled into it draws the rows in view', async () => {
    const screen = await render(<ToolSteps key="a" state={stateOf(N)} summary={false} />);
    await expect.poll(() => document.querySelector('[data-slot="tool-steps"] > [data-index]')).not.toBeNull();
    window.scrollTo(0, 20_000);
    await expect.poll(() => row('s0')).toBeNull();
    await screen.rerender(<ToolSteps key="b" state={stateOf(N)} summary={false} />);
    await frames(3);
    expect(window.scrollY).toBeGreaterThan(15_000);
    const inView = [...rendered()].filter((each) => {
      const box = each.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight;
    });
    expect(inView.length).toBeGreaterThan(5);
  });

  test('details opened by the person are still open after their row was unmounted', async () => {
    const screen = await render(
      <main>
        <button type="button">before</button>
        <ToolSteps state={stateOf(N)} summary={false} />
      </main>,
    );
    await expect.poll(() => row('s1')).not.toBeNull();
    const s1 = row('s1') as HTMLElement;
    const s3 = row('s3') as HTMLElement; // failed: starts open
    expect(s1.getAttribute('data-state')).toBe('closed');
    expect(s3.getAttribute('data-state')).toBe('open');
    await userEvent.click(s1.querySelector('[data-slot="tool-step-details-trigger"]') as HTMLElement);
    await userEvent.click(s3.querySelector('[data-slot="tool-step-details-trigger"]') as HTMLElement);
    expect(s1.getAttribute('data-state')).toBe('open');
    expect(s3.getAttribute('data-state')).toBe('closed');
    await userEvent.click(screen.getByRole('button', { name: 'before' })); // focus out of the list
    window.scrollTo(0, document.documentElement.scrollHeight);
    await expect.poll(() => row('s1')).toBeNull();
    window.scrollTo(0, 0);
    await expect.poll(() => row('s1')).not.toBeNull();
    expect(row('s1')?.getAttribute('data-state')).toBe('open');
    expect(row('s3')?.getAttribute('data-state')).toBe('closed');
  });
});

describe('a windowed list in a scrolling panel', () => {
  test('the panel is the scroll container: its scroll brings the last rows in', async () => {
    await render(
      // positioned: the live regions (absolute, 1 px) stay in it instead of at their static place in the page
      <div data-testid="panel" style={{ height: 400, overflowY: 'auto', position: 'relative' }}>
        <ToolSteps state={stateOf(N)} summary={false} />
      </div>,
    );
    await expect.poll(() => document.querySelector('[data-slot="tool-steps"] > [data-index]')).not.toBeNull();
    expect(rendered().length).toBeLessThan(30);
    const panel = document.querySelector('[data-testid="panel"]') as HTMLElement;
    expect(document.documentElement.scrollHeight).toBeLessThan(1000); // the page itself does not grow
    for (let i = 0; i < 10 && !row(`s${N - 1}`); i++) {
      panel.scrollTop = panel.scrollHeight;
      await frames();
    }
    await expect.poll(() => row(`s${N - 1}`)).not.toBeNull();
    expect(row('s0')).toBeNull();
  });

  test('a panel that is not positioned: the page does not grow with the list (the live regions stay at the top)', async () => {
    await render(
      <div data-testid="panel" style={{ height: 400, overflowY: 'auto' }}>
        <ToolSteps state={stateOf(N)} summary={false} />
      </div>,
    );
    await expect.poll(() => document.querySelector('[data-slot="tool-steps"] > [data-index]')).not.toBeNull();
    const panel = document.querySelector('[data-testid="panel"]') as HTMLElement;
    expect(panel.scrollHeight).toBeGreaterThan(N * 30); // the list is that tall, inside the panel
    expect(document.documentElement.scrollHeight).toBeLessThan(1000);
  });
});

describe('what a page shows whole', () => {
  test('below the threshold every row is laid out (no content-visibility): full-page screenshots are whole', async () => {
    await render(<ToolSteps state={stateOf(150)} summary={false} />);
    await expect.poll(() => rendered().length).toBe(150);
    for (const each of [rendered()[0], rendered()[149]])
      expect(getComputedStyle(each as Element).getPropertyValue('content-visibility')).toBe('visible');
    expect((rendered()[149] as HTMLElement).getBoundingClientRect().height).toBeGreaterThan(20);
  });

  test('before printing every row is drawn, after it the list is windowed again', async () => {
    await render(<ToolSteps state={stateOf(N)} summary={false} />);
    await expect.poll(() => document.querySelector('[data-slot="tool-steps"] > [data-index]')).not.toBeNull();
    window.dispatchEvent(new Event('beforeprint'));
    expect(rendered()).toHaveLength(N);
    window.dispatchEvent(new Event('afterprint'));
    await expect.poll(() => rendered().length).toBeLessThan(80);
  });

  test('rows drawn while scrolling: one row holds the tab stop of the list, the others are -1, their buttons as drawn', async () => {
    await render(<ToolSteps state={stateOf(N)} summary={false} />);
    await expect.poll(() => document.querySelector('[data-slot="tool-steps"] > [data-index]')).not.toBeNull();
    await expect.poll(() => row('s0')?.getAttribute('tabindex')).toBe('0');
    for (const y of [5_000, 10_000, 20_000]) {
      window.scrollTo(0, y);
      await frames(3);
    }
    await expect.poll(() => row('s0')).toBeNull();
    await frames();
    const drawn = [...rendered()] as HTMLElement[];
    expect(drawn.length).toBeGreaterThan(5);
    const stops = drawn.filter((each) => each.getAttribute('tabindex') === '0');
    expect(stops.length).toBe(1);
    for (const each of drawn) {
      if (each === stops[0]) continue;
      expect(each.getAttribute('tabindex')).toBe('-1');
      for (const button of each.querySelectorAll('button')) expect(button.hasAttribute('tabindex')).toBe(false);
    }
  });
});
