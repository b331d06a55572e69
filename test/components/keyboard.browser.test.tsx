// The list's keyboard model and its shared timer, in real Chromium.
import '../../src/styles.css';
import { type KeyboardEvent, useState } from 'react';
import { flushSync } from 'react-dom';
import { createStepStore, type Step, type StepsState, ToolSteps, ToolStepsList, ToolStepsRoot } from 'tool-steps';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';

const step = (fields: Partial<Step> & { id: string }): Step => ({
  toolName: 'bash',
  status: 'succeeded',
  inputText: '',
  startedAt: 1000,
  endedAt: 2000,
  input: { command: `echo ${fields.id}` },
  result: 'ok',
  ...fields,
});
const stateOf = (steps: Step[]): StepsState => ({
  ids: steps.map((s) => s.id),
  byId: Object.fromEntries(steps.map((s) => [s.id, s])),
  run: { status: 'done' },
  diagnostics: { count: 0 },
});
const focused = () => document.activeElement as HTMLElement | null;
const focusedRow = () => focused()?.getAttribute('data-step-id') ?? focused()?.getAttribute('data-group-key');

function Page({ state, onApprove }: { state: StepsState; onApprove?: (s: Step) => void }) {
  return (
    <main>
      <button type="button">before</button>
      <ToolSteps state={state} onApprove={onApprove} onDeny={() => {}} />
      <button type="button">after</button>
    </main>
  );
}

describe('keyboard', () => {
  test('one row is a tab stop and every control stays Tab-reachable; arrows, j/k, Home/End move between rows; Enter and Space open and close', async () => {
    const screen = await render(
      <Page
        state={stateOf([
          step({ id: 'a' }),
          step({ id: 'b', status: 'failed', error: { message: 'boom' }, result: undefined }),
          step({ id: 'c' }),
          step({ id: 'd' }),
        ])}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'before' }));
    await userEvent.tab();
    expect(focusedRow()).toBe('a');
    expect(focused()?.matches(':focus-visible')).toBe(true);
    expect(getComputedStyle(focused() as Element).outlineStyle).not.toBe('none');
    await userEvent.keyboard('{ArrowDown}');
    expect(focusedRow()).toBe('b');
    await userEvent.keyboard('j');
    expect(focusedRow()).toBe('c');
    await userEvent.keyboard('k');
    expect(focusedRow()).toBe('b');
    await userEvent.keyboard('{End}');
    expect(focusedRow()).toBe('d');
    await userEvent.keyboard('{Home}');
    expect(focusedRow()).toBe('a');
    const a = focused() as HTMLElement;
    expect(a.getAttribute('data-state')).toBe('closed');
    await userEvent.keyboard('{Enter}');
    expect(a.getAttribute('data-state')).toBe('open');
    await userEvent.keyboard(' ');
    expect(a.getAttribute('data-state')).toBe('closed');
    // Tab goes into the focused row's own control (its details button), then on to every other row's
    // controls in document order (the arrows take nothing out of the tab order), then out of the list
    await userEvent.tab();
    expect(focused()?.closest('[data-slot="tool-step"]')?.getAttribute('data-step-id')).toBe('a');
    const reached: string[] = [];
    for (let i = 0; i < 12 && focused()?.textContent !== 'after'; i++) {
      await userEvent.tab();
      const owner = focused()?.closest('[data-slot="tool-step"]')?.getAttribute('data-step-id');
      if (owner && !reached.includes(owner)) reached.push(owner);
    }
    expect(reached).toEqual(['b', 'c', 'd']);
    expect(focused()?.textContent).toBe('after');
    // the row whose control had the focus last is the list's tab stop now
    expect(document.querySelector('[data-step-id="d"]')?.getAttribute('tabindex')).toBe('0');
    expect(document.querySelector('[data-step-id="a"]')?.getAttribute('tabindex')).toBe('-1');
  });

  test('the approval buttons of a waiting step are reached with Tab from its row', async () => {
    const onApprove = vi.fn();
    const screen = await render(
      <Page
        onApprove={onApprove}
        state={stateOf([
          step({ id: 'a' }),
          step({ id: 'w', status: 'awaiting-approval', endedAt: undefined, result: undefined }),
        ])}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'before' }));
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    expect(focusedRow()).toBe('w');
    for (let i = 0; i < 6 && focused()?.getAttribute('data-slot') !== 'tool-step-approve'; i++) await userEvent.tab();
    expect(focused()?.getAttribute('data-slot')).toBe('tool-step-approve');
    expect(focused()?.closest('[data-slot="tool-step"]')?.getAttribute('data-step-id')).toBe('w');
    await userEvent.keyboard('{Enter}');
    expect(onApprove).toHaveBeenCalledTimes(1);
  });

  test('focus survives its row being grouped, and rows added later take no tab stop', async () => {
    const store = createStepStore({ schedule: (flush) => flush() });
    store.apply([
      { type: 'step-start', id: 'r1', toolName: 'read_file', at: 1 },
      { type: 'step-result', id: 'r1', result: 1, at: 2 },
      { type: 'step-start', id: 'r2', toolName: 'read_file', at: 3 },
    ]);
    const screen = await render(
      <main>
        <button type="button">before</button>
        <ToolSteps store={store} minRunningMs={0} />
        <button type="button">after</button>
      </main>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'before' }));
    await userEvent.tab();
    await userEvent.keyboard('{End}');
    expect(focusedRow()).toBe('r2');
    store.apply({ type: 'step-result', id: 'r2', result: 2, at: 4 });
    // r2 went into the group of r1: focus follows it to the group's row, never to the page
    await expect.poll(() => focusedRow()).toBe('r1');
    expect(focused()?.getAttribute('data-slot')).toBe('tool-steps-group');
    store.apply([{ type: 'step-start', id: 'x', toolName: 'bash', at: 5 }]);
    await expect.poll(() => document.querySelector('[data-step-id="x"]')).not.toBeNull();
    await expect.poll(() => document.querySelector('[data-step-id="x"]')?.getAttribute('tabindex')).toBe('-1');
    await userEvent.keyboard('{Enter}'); // open the group
    await expect.poll(() => document.querySelector('[data-step-id="r2"]')).not.toBeNull();
    await userEvent.keyboard('{ArrowDown}');
    expect(focusedRow()).toBe('r1'); // the first row inside the open group
  });
});

/** A list whose host removes the focused row in its own key handler, before the list's runs. */
function Removing({ steps }: { steps: Step[] }) {
  const [shown, setShown] = useState(steps);
  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const id = (event.target as HTMLElement).getAttribute('data-step-id');
    if (event.key === 'ArrowDown' && id) flushSync(() => setShown((all) => all.filter((each) => each.id !== id)));
  };
  return (
    <ToolStepsRoot state={stateOf(shown)} group={false}>
      <ToolStepsList onKeyDown={onKeyDown} />
    </ToolStepsRoot>
  );
}

describe('rows that go while a key is pressed', () => {
  test('nothing throws, and focus goes to the nearest row, never to the page', async () => {
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.error);
    window.addEventListener('error', onError);
    try {
      await render(<Removing steps={[step({ id: 'a' }), step({ id: 'b' }), step({ id: 'c' })]} />);
      (document.querySelector('[data-step-id="b"]') as HTMLElement).focus();
      expect(focusedRow()).toBe('b');
      await userEvent.keyboard('{ArrowDown}');
      await expect.poll(() => focusedRow()).toBe('c');
      expect(document.querySelector('[data-step-id="b"]')).toBeNull();
      expect(document.querySelector('[data-step-id="c"]')?.getAttribute('tabindex')).toBe('0');
      expect(errors).toEqual([]);
    } finally {
      window.removeEventListener('error', onError);
    }
  });
});

describe('the shared clock', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test('thirty running rows tick on one interval', async () => {
    const setInterval = vi.spyOn(window, 'setInterval');
    const now = Date.now();
    const steps = Array.from({ length: 30 }, (_, i) =>
      step({ id: `s${i}`, status: 'running', startedAt: now - 5000, endedAt: undefined, result: undefined }),
    );
    const screen = await render(<ToolSteps state={stateOf(steps)} summary={false} />);
    const times = () =>
      [...screen.container.querySelectorAll('[data-slot="tool-step-duration"]')].map((t) => t.textContent);
    expect(times()).toHaveLength(30);
    await expect.poll(() => times().every((t) => t === '6s'), { timeout: 5000 }).toBe(true);
    expect(setInterval.mock.calls.filter(([, delay]) => delay === 1000)).toHaveLength(1);
  });
});
