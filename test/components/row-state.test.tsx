// biome-ignore-all lint/correctness/noComponentHookFactories: test Rows are small components defined where the test that uses them reads them
// One owner for each piece of row and list state: the row's root owns its disclosure (a host Row returns
// the root's children), the list holds which rows and groups are open (controlled or not), and the details
// part's view and reveal are controllable.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { type Step, ToolStep, ToolStepDetails, ToolStepRoot, ToolSteps } from 'tool-steps';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStep, stateOf } from './step-fixtures';

const slot = (container: Element, name: string) => container.querySelector(`[data-slot="${name}"]`);
const row = (container: Element, id: string) => container.querySelector(`[data-step-id="${id}"]`) as HTMLElement;
const trigger = (element: Element) => within(element as HTMLElement).getByRole('button', { name: 'Details' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a host Row returns the root’s children', () => {
  const search = makeStep({ id: 's', toolName: 'search_orders', status: 'succeeded', result: [{ id: 1 }] });

  it('is drawn inside its row’s root, which the row draws for it (the list’s <li>, its attributes and props)', () => {
    render(
      <ToolSteps
        state={stateOf([search])}
        tools={{ search_orders: { Row: ({ step }) => <p data-testid="mine">custom {step.id}</p> } }}
      />,
    );
    const mine = screen.getByTestId('mine');
    const root = mine.parentElement as HTMLElement;
    expect(root.tagName).toBe('LI');
    expect(root.getAttribute('data-slot')).toBe('tool-step');
    expect(root.getAttribute('data-step-id')).toBe('s');
    expect(root.parentElement?.getAttribute('data-slot')).toBe('tool-steps');
    expect(mine.textContent).toBe('custom s');
  });

  it('places the default parts, which read the root’s disclosure; the root’s data-state follows', async () => {
    const { container } = render(
      <ToolStep
        step={search}
        className="orders"
        tools={{
          search_orders: {
            Row: ({ parts, open }) => (
              <>
                {parts.header}
                <span data-testid="open">{open ? 'open' : 'closed'}</span>
                {parts.details}
              </>
            ),
          },
        }}
      />,
    );
    const root = container.firstElementChild as HTMLElement;
    expect(root.tagName).toBe('DIV');
    expect(root.className).toBe('tool-step orders');
    expect(root.querySelectorAll('[data-slot="tool-step"]')).toHaveLength(0);
    expect(root.getAttribute('data-state')).toBe('closed');
    await userEvent.click(trigger(root));
    expect(root.getAttribute('data-state')).toBe('open');
    expect(screen.getByTestId('open').textContent).toBe('open');
    expect(slot(root, 'tool-step-details')?.getAttribute('data-state')).toBe('open');
  });

  it('a Row that still renders a <ToolStepRoot> is told once in development what to return instead', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(
      <ToolSteps
        state={stateOf([search, { ...search, id: 't' }])}
        group={false}
        tools={{ search_orders: { Row: ({ parts }) => <ToolStepRoot>{parts.header}</ToolStepRoot> } }}
      />,
    );
    const told = warn.mock.calls.filter(([message]) => String(message).includes('<ToolStepRoot> inside the row'));
    expect(told).toHaveLength(1);
    expect(String(told[0]?.[0])).toContain("a `tools` Row returns the row's parts");
  });

  it('a Row that throws still breaks only its own row', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('row bug');
    }
    const { container } = render(
      <ToolSteps
        state={stateOf([makeStep({ id: 'a', toolName: 'flaky' }), makeStep({ id: 'b', toolName: 'steady' })])}
        tools={{ flaky: { Row: Broken }, steady: { Row: ({ step }) => <p data-testid="steady">{step.id}</p> } }}
      />,
    );
    expect(slot(row(container, 'a'), 'tool-step-header')).not.toBeNull();
    expect(screen.getByTestId('steady').parentElement).toBe(row(container, 'b'));
  });
});

describe('the details part reads the row’s disclosure unless it is controlled', () => {
  it('follows the root, and with its own `open` it keeps its own', async () => {
    const step = makeStep({ id: 'd', status: 'succeeded', result: 'ok' });
    const { container } = render(
      <ToolStep
        step={step}
        tools={{
          read_file: {
            Row: ({ parts }) => (
              <>
                {parts.details}
                <ToolStepDetails data-testid="own" open />
              </>
            ),
          },
        }}
      />,
    );
    const root = container.firstElementChild as HTMLElement;
    const [rows, own] = [...root.querySelectorAll('[data-slot="tool-step-details"]')] as HTMLElement[];
    expect(rows?.getAttribute('data-state')).toBe('closed');
    expect(own?.getAttribute('data-state')).toBe('open');
    await userEvent.click(trigger(rows as HTMLElement));
    expect(root.getAttribute('data-state')).toBe('open');
    await userEvent.click(trigger(own as HTMLElement));
    // controlled without a handler: it stays open, and the row's state is its own
    expect(own?.getAttribute('data-state')).toBe('open');
    expect(root.getAttribute('data-state')).toBe('open');
  });
});

describe('ToolSteps: expanded / defaultExpanded / onExpandedChange', () => {
  const steps = [
    makeStep({ id: 'a', toolName: 'bash', status: 'succeeded', result: 'a' }),
    makeStep({ id: 'b', toolName: 'bash', status: 'failed', error: { message: 'boom' }, input: { cmd: 'x' } }),
    makeStep({ id: 'c', toolName: 'bash', status: 'succeeded', result: 'c' }),
  ];
  const state = stateOf(steps);
  const states = (container: Element) => ['a', 'b', 'c'].map((id) => row(container, id).getAttribute('data-state'));

  it('controlled: exactly the listed rows are open; a toggle asks, the host decides', async () => {
    const onExpandedChange = vi.fn();
    const { container, rerender } = render(
      <ToolSteps state={state} expanded={['a']} onExpandedChange={onExpandedChange} />,
    );
    // the failed row is closed too: the host's array decides
    expect(states(container)).toEqual(['open', 'closed', 'closed']);
    await userEvent.click(trigger(row(container, 'c')));
    expect(onExpandedChange).toHaveBeenLastCalledWith(['a', 'c']);
    expect(states(container)).toEqual(['open', 'closed', 'closed']);
    await userEvent.click(trigger(row(container, 'a')));
    expect(onExpandedChange).toHaveBeenLastCalledWith([]);
    rerender(<ToolSteps state={state} expanded={['b', 'c']} onExpandedChange={onExpandedChange} />);
    expect(states(container)).toEqual(['closed', 'open', 'open']);
  });

  it('a controlled list that follows its callback opens and closes rows', async () => {
    function Host() {
      const [expanded, setExpanded] = useState<string[]>([]);
      return (
        <>
          <output data-testid="ids">{expanded.join(' ')}</output>
          <ToolSteps state={state} expanded={expanded} onExpandedChange={setExpanded} />
        </>
      );
    }
    const { container } = render(<Host />);
    await userEvent.click(trigger(row(container, 'c')));
    await userEvent.click(trigger(row(container, 'a')));
    expect(states(container)).toEqual(['open', 'closed', 'open']);
    expect(screen.getByTestId('ids').textContent).toBe('c a');
  });

  it('ignores ids that name no step: no throw, no warning', () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const { container } = render(<ToolSteps state={state} expanded={['nope', 'a', 'gone', 'a']} />);
    expect(states(container)).toEqual(['open', 'closed', 'closed']);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('an `expanded` that is not an array is read as an empty one, with one development warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container, rerender } = render(<ToolSteps state={state} expanded={'a' as unknown as string[]} />);
    rerender(<ToolSteps state={state} expanded={'c' as unknown as string[]} />);
    expect(states(container)).toEqual(['closed', 'closed', 'closed']);
    const told = warn.mock.calls.filter(([message]) => String(message).includes('`expanded`'));
    expect(told).toHaveLength(1);
    expect(String(told[0]?.[0])).toContain('`expanded` is not an array of ids; it is read as an empty one');
  });

  it('uncontrolled: defaultExpanded opens rows at first, failed ones open by themselves, the callback reports every open row', async () => {
    const onExpandedChange = vi.fn();
    const { container } = render(
      <ToolSteps state={state} defaultExpanded={['c']} onExpandedChange={onExpandedChange} />,
    );
    expect(states(container)).toEqual(['closed', 'open', 'open']);
    await userEvent.click(trigger(row(container, 'a')));
    expect(states(container)).toEqual(['open', 'open', 'open']);
    expect(onExpandedChange).toHaveBeenLastCalledWith(['a', 'b', 'c']);
    await userEvent.click(trigger(row(container, 'b')));
    expect(states(container)).toEqual(['open', 'closed', 'open']);
    expect(onExpandedChange).toHaveBeenLastCalledWith(['a', 'c']);
  });

  it('a row the person opened is open again when it comes back (moved into a group and out)', async () => {
    const read = (id: string, status: Step['status']) =>
      makeStep({ id, toolName: 'read_file', status, input: { path: `${id}.ts` }, result: id });
    const running = stateOf([read('r1', 'succeeded'), read('r2', 'running')]);
    const { container, rerender } = render(<ToolSteps state={running} minRunningMs={0} />);
    await userEvent.click(trigger(row(container, 'r1')));
    expect(row(container, 'r1').getAttribute('data-state')).toBe('open');
    // r2 succeeds: both fold into a closed group, and r1's row unmounts
    rerender(<ToolSteps state={stateOf([read('r1', 'succeeded'), read('r2', 'succeeded')])} minRunningMs={0} />);
    expect(row(container, 'r1')).toBeNull();
    await userEvent.click(
      within(slot(container, 'tool-steps-group') as HTMLElement).getAllByRole('button')[0] as HTMLElement,
    );
    expect(row(container, 'r1').getAttribute('data-state')).toBe('open');
  });
});

describe('ToolSteps: groupsExpanded / defaultGroupsExpanded / onGroupsExpandedChange', () => {
  const read = (id: string) =>
    makeStep({ id, toolName: 'read_file', status: 'succeeded', input: { path: `${id}.ts` }, result: id });
  const state = stateOf([
    read('r1'),
    read('r2'),
    makeStep({ id: 'x', toolName: 'bash', status: 'succeeded' }),
    read('r3'),
    read('r4'),
  ]);
  const groups = (container: Element) =>
    [...container.querySelectorAll('[data-slot="tool-steps-group"]')].map((g) => g.getAttribute('data-state'));
  const groupButton = (container: Element, index: number) =>
    container.querySelectorAll<HTMLElement>('[data-slot="tool-steps-group-trigger"]')[index] as HTMLElement;

  it('controlled by group id (its first step’s id); a toggle asks, the host decides; unknown ids are ignored', async () => {
    const onGroupsExpandedChange = vi.fn();
    const { container, rerender } = render(
      <ToolSteps state={state} groupsExpanded={['r3', 'nope']} onGroupsExpandedChange={onGroupsExpandedChange} />,
    );
    expect(groups(container)).toEqual(['closed', 'open']);
    expect(row(container, 'r3')).not.toBeNull();
    await userEvent.click(groupButton(container, 0));
    expect(onGroupsExpandedChange).toHaveBeenLastCalledWith(['r3', 'nope', 'r1']);
    expect(groups(container)).toEqual(['closed', 'open']);
    rerender(<ToolSteps state={state} groupsExpanded={['r1']} onGroupsExpandedChange={onGroupsExpandedChange} />);
    expect(groups(container)).toEqual(['open', 'closed']);
  });

  it('uncontrolled: defaultGroupsExpanded opens groups at first; the callback reports the open ones', async () => {
    const onGroupsExpandedChange = vi.fn();
    const { container } = render(
      <ToolSteps state={state} defaultGroupsExpanded={['r1']} onGroupsExpandedChange={onGroupsExpandedChange} />,
    );
    expect(groups(container)).toEqual(['open', 'closed']);
    await userEvent.click(groupButton(container, 1));
    expect(groups(container)).toEqual(['open', 'open']);
    expect(onGroupsExpandedChange).toHaveBeenLastCalledWith(['r1', 'r3']);
    await userEvent.click(groupButton(container, 0));
    expect(groups(container)).toEqual(['closed', 'open']);
    expect(onGroupsExpandedChange).toHaveBeenLastCalledWith(['r3']);
  });

  it('opening one group re-renders no row of the list', async () => {
    const renders = vi.fn();
    const { container } = render(
      <ToolSteps
        state={state}
        tools={{
          bash: {
            Row: ({ step }) => {
              renders();
              return <p>{step.id}</p>;
            },
          },
        }}
      />,
    );
    const before = renders.mock.calls.length;
    await userEvent.click(groupButton(container, 0));
    expect(groups(container)).toEqual(['open', 'closed']);
    expect(renders.mock.calls.length).toBe(before);
  });
});

describe('ToolStepDetails: view and revealed', () => {
  const both = makeStep({ status: 'failed', details: { rows: 2 }, result: 'what the model saw' });
  const side = (name: string) =>
    within(document.querySelector('[data-slot="tool-step-switch"]') as HTMLElement).getByRole('button', { name });
  const pressed = (name: string) => side(name).getAttribute('aria-pressed');

  it('view / defaultView / onViewChange choose between the details and what the model read', async () => {
    const onViewChange = vi.fn();
    const { container, rerender } = render(<ToolStepDetails step={both} view="result" onViewChange={onViewChange} />);
    expect(pressed('What the model read')).toBe('true');
    expect(slot(container, 'tool-step-details-section')?.getAttribute('data-section')).toBe('result');
    await userEvent.click(side('Details'));
    expect(onViewChange).toHaveBeenLastCalledWith('details');
    expect(pressed('What the model read')).toBe('true');
    rerender(<ToolStepDetails step={both} view="details" onViewChange={onViewChange} />);
    expect(slot(container, 'tool-step-details-section')?.getAttribute('data-section')).toBe('details');
    rerender(<ToolStepDetails key="b" step={both} defaultView="result" />);
    expect(pressed('What the model read')).toBe('true');
    await userEvent.click(side('Details'));
    expect(pressed('Details')).toBe('true');
  });

  const SECRET = `ghp_${'a1B2c3D4e5'.repeat(4)}`;
  const secret = makeStep({ status: 'failed', result: `token ${SECRET}`, input: { token: SECRET } });
  const shown = (container: Element, name: 'tool-step-input') => slot(container, name)?.textContent ?? '';

  it('revealed / defaultRevealed / onRevealedChange show a block’s secrets', async () => {
    const onRevealedChange = vi.fn();
    const { container, rerender } = render(
      <ToolStepDetails step={secret} revealed={['input']} onRevealedChange={onRevealedChange} />,
    );
    expect(shown(container, 'tool-step-input')).toContain(SECRET);
    expect(container.querySelector('[data-section="result"]')?.textContent).not.toContain(SECRET);
    const result = container.querySelector('[data-section="result"]') as HTMLElement;
    await userEvent.click(within(result).getByRole('button', { name: /Reveal/ }));
    expect(onRevealedChange).toHaveBeenLastCalledWith(['input', 'output'] satisfies ToolStepDetails.Block[]);
    expect(container.querySelector('[data-section="result"]')?.textContent).not.toContain(SECRET);
    rerender(<ToolStepDetails step={secret} revealed={[]} onRevealedChange={onRevealedChange} />);
    expect(shown(container, 'tool-step-input')).not.toContain(SECRET);
    rerender(<ToolStepDetails key="b" step={secret} defaultRevealed={['output']} />);
    expect(container.querySelector('[data-section="result"]')?.textContent).toContain(SECRET);
    expect(shown(container, 'tool-step-input')).not.toContain(SECRET);
  });

  it('ignores blocks it does not know', () => {
    const error = vi.spyOn(console, 'error');
    const { container } = render(
      <ToolStepDetails step={secret} revealed={['nope' as ToolStepDetails.Block, 'input']} />,
    );
    expect(shown(container, 'tool-step-input')).toContain(SECRET);
    expect(error).not.toHaveBeenCalled();
  });
});
