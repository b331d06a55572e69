// The hairline between the list's top-level items (rows and groups) in real Chromium: every item but the
// first has one, whichever kinds meet. The rules name both sides of each pair (no `+ *`): a sibling rule
// whose right side is universal made Chromium restyle the whole list whenever a row was added or
// removed (what a windowed list does on every scrolled row).
import '../../src/styles.css';
import { type Step, type StepsState, ToolSteps } from 'tool-steps';
import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';

const step = (id: string, toolName: string, at: number): Step => ({
  id,
  toolName,
  status: 'succeeded',
  inputText: '',
  startedAt: at,
  endedAt: at + 1,
  input: toolName === 'bash' ? { command: `echo ${id}` } : { path: `src/${id}.ts` },
  result: 'ok',
});
const stateOf = (steps: Step[]): StepsState => ({
  ids: steps.map((s) => s.id),
  byId: Object.fromEntries(steps.map((s) => [s.id, s])),
  run: { status: 'done' },
  diagnostics: { count: 0 },
});

describe('hairlines between top-level items', () => {
  test('step, group, step, group, group-less reads: each item after the first has a 1px top border', async () => {
    const state = stateOf([
      step('a', 'bash', 1),
      step('r1', 'read_file', 3),
      step('r2', 'read_file', 5),
      step('b', 'bash', 7),
      step('r3', 'read_file', 9),
      step('r4', 'read_file', 11),
    ]);
    const screen = await render(<ToolSteps state={state} />);
    const list = screen.container.querySelector('[data-slot="tool-steps"]') as HTMLElement;
    await expect.poll(() => list.querySelectorAll(':scope > [data-slot="tool-steps-group"]').length).toBe(2);
    const items = [...list.children].filter((item) => !item.hasAttribute('aria-hidden')) as HTMLElement[];
    expect(items.map((item) => item.getAttribute('data-slot'))).toEqual([
      'tool-step',
      'tool-steps-group',
      'tool-step',
      'tool-steps-group',
    ]);
    expect(items.map((item) => getComputedStyle(item).borderTopWidth)).toEqual(['0px', '1px', '1px', '1px']);
  });
});
