// biome-ignore-all lint/correctness/noComponentHookFactories: test Rows are small components defined where the test that uses them reads them
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type Step,
  type ToolRowProps,
  ToolStep,
  ToolStepDetail,
  ToolStepLabel,
  ToolSteps,
  type ToolsConfig,
} from 'tool-steps';
import { presentStep } from 'tool-steps/presentation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStep, stateOf } from './step-fixtures';

const slot = (container: Element, name: string) => container.querySelector(`[data-slot="${name}"]`);
const row = (container: Element, id: string) => container.querySelector(`[data-step-id="${id}"]`) as HTMLElement;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('tools: label, icon and detail', () => {
  it('takes values', () => {
    const { container } = render(
      <ToolSteps
        state={stateOf([makeStep({ id: 'a', toolName: 'search_orders', input: { q: 'late' } })])}
        tools={{ search_orders: { label: 'Search orders', icon: 'search', detail: 'all stores' } }}
      />,
    );
    expect(slot(container, 'tool-step-label')?.textContent).toBe('Search orders');
    expect(slot(container, 'tool-step-icon')?.getAttribute('data-icon')).toBe('search');
    expect(slot(container, 'tool-step-detail')?.textContent).toBe('all stores');
  });

  it('takes functions of the step, called again when the step changes', () => {
    const tools: ToolsConfig = {
      search_orders: {
        label: (step) => (step.status === 'succeeded' ? 'Searched orders' : 'Searching orders'),
        detail: (step) => `“${(step.input as { q: string }).q}”`,
        icon: (step) => (step.status === 'succeeded' ? 'check' : 'search'),
      },
    };
    const step = makeStep({ id: 'a', toolName: 'search_orders', input: { q: 'late' } });
    const { container, rerender } = render(<ToolSteps state={stateOf([step])} tools={tools} minRunningMs={0} />);
    expect(slot(container, 'tool-step-label')?.textContent).toBe('Searching orders');
    expect(slot(container, 'tool-step-detail')?.textContent).toBe('“late”');
    expect(slot(container, 'tool-step-icon')?.getAttribute('data-icon')).toBe('search');
    rerender(<ToolSteps state={stateOf([{ ...step, status: 'succeeded' }])} tools={tools} minRunningMs={0} />);
    expect(slot(container, 'tool-step-label')?.textContent).toBe('Searched orders');
    expect(slot(container, 'tool-step-icon')?.getAttribute('data-icon')).toBe('check');
  });

  it('a label function that throws affects only its own field of its own rows', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const bad = makeStep({ id: 'bad', toolName: 'flaky', input: { path: 'a.ts' } });
    const good = makeStep({ id: 'good', toolName: 'steady' });
    const tools: ToolsConfig = {
      flaky: {
        label: () => {
          throw new Error('label bug');
        },
        detail: 'kept',
      },
      steady: { label: 'Steady' },
    };
    const { container } = render(<ToolSteps state={stateOf([bad, good])} tools={tools} />);
    expect(slot(row(container, 'bad'), 'tool-step-label')?.textContent).toBe(presentStep(bad).label);
    expect(slot(row(container, 'bad'), 'tool-step-detail')?.textContent).toBe('kept');
    expect(slot(row(container, 'good'), 'tool-step-label')?.textContent).toBe('Steady');
  });

  it("a part given its own tools uses them over the list's", () => {
    const step = makeStep({ toolName: 'x', input: {} });
    render(
      <ToolStep step={step} tools={{ x: { label: 'From the row' } }}>
        <ToolStepLabel tools={{ x: { label: 'From the part' } }} data-testid="part" />
        <ToolStepDetail tools={{ x: { detail: 'part detail' } }} />
      </ToolStep>,
    );
    expect(screen.getByTestId('part').textContent).toBe('From the part');
    expect(screen.getByText('From the row').getAttribute('data-slot')).toBe('tool-step-label');
    expect(screen.getByText('part detail')).toBeInTheDocument();
  });
});

describe('tools: icons', () => {
  it('an unknown icon name draws the generic wrench', () => {
    const { container } = render(
      <ToolStep step={makeStep({ toolName: 'x' })} tools={{ x: { icon: 'no-such-icon' } }} />,
    );
    expect(slot(container, 'tool-step-icon')?.getAttribute('data-icon')).toBe('wrench');
    expect(slot(container, 'tool-step-icon')?.querySelector('svg')).not.toBeNull();
  });

  it('a host icon component that throws falls back to the wrench, with one development warning; other rows keep theirs', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const Broken = (): never => {
      throw new Error('icon bug');
    };
    const Fine = () => <svg data-testid="fine" />;
    const { container } = render(
      <ToolSteps
        state={stateOf([
          makeStep({ id: 'a', toolName: 'one' }),
          makeStep({ id: 'b', toolName: 'one' }),
          makeStep({ id: 'c', toolName: 'two' }),
        ])}
        tools={{ one: { icon: 'broken' }, two: { icon: 'fine' } }}
        icons={{ broken: Broken, fine: Fine }}
      />,
    );
    for (const id of ['a', 'b']) {
      const icon = slot(row(container, id), 'tool-step-icon');
      expect(icon?.getAttribute('data-icon')).toBe('wrench');
      expect(icon?.querySelector('svg')).not.toBeNull();
    }
    expect(within(row(container, 'c')).getByTestId('fine')).toBeInTheDocument();
    expect(slot(row(container, 'a'), 'tool-step-label')?.textContent).toBe(presentStep({ toolName: 'one' }).label);
    const warnings = warn.mock.calls.filter(([message]) => String(message).includes('icon'));
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]?.[0])).toContain('the icon "broken" threw (icon bug); the generic icon is drawn instead');
  });
});

describe('tools: Row', () => {
  const search = makeStep({
    id: 's',
    toolName: 'search_orders',
    status: 'succeeded',
    input: { q: 'late' },
    result: [{ id: 1 }],
  });

  it('draws the row with the step, the presentation, the open state and the default parts', async () => {
    const seen: ToolRowProps[] = [];
    function OrdersRow(props: ToolRowProps) {
      seen.push(props);
      const { step, presentation, open, setOpen, parts, children } = props;
      return (
        <>
          <div data-testid="mine">
            {presentation.label} for {(step.input as { q: string }).q} ({open ? 'open' : 'closed'})
          </div>
          <button type="button" onClick={() => setOpen(!open)}>
            toggle
          </button>
          {parts.details}
          {children}
        </>
      );
    }
    const { container } = render(
      <ToolSteps
        state={stateOf([search, makeStep({ id: 'other', toolName: 'read_file' })])}
        tools={{ search_orders: { label: 'Search orders', Row: OrdersRow } }}
      />,
    );
    const mine = row(container, 's');
    expect(mine.tagName).toBe('LI');
    expect(mine.getAttribute('data-slot')).toBe('tool-step');
    expect(mine.querySelectorAll('[data-slot="tool-step"]')).toHaveLength(0);
    expect(screen.getByTestId('mine').textContent).toBe('Search orders for late (closed)');
    expect(slot(mine, 'tool-step-header')).toBeNull();
    expect(seen.at(-1)?.step).toBe(search);
    expect(seen.at(-1)?.presentation.label).toBe('Search orders');
    // the parts the default row is made of, ready to place
    expect(Object.keys(seen.at(-1)?.parts ?? {})).toEqual(['header', 'progress', 'error', 'approval', 'details']);
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(screen.getByTestId('mine').textContent).toBe('Search orders for late (open)');
    expect(mine.getAttribute('data-state')).toBe('open');
    expect(slot(mine, 'tool-step-details')?.getAttribute('data-state')).toBe('open');
    // the details trigger inside the Row drives the same state
    await userEvent.click(within(mine).getByRole('button', { name: 'Details' }));
    expect(screen.getByTestId('mine').textContent).toBe('Search orders for late (closed)');
    // other tools keep the default row
    expect(slot(row(container, 'other'), 'tool-step-header')).not.toBeNull();
  });

  it('can return the default row for steps it does not want to draw, and keeps nested steps', () => {
    const parent = makeStep({ id: 'p', toolName: 'task', status: 'running' });
    const child = makeStep({ id: 'c', toolName: 'grep', status: 'running', parentId: 'p' });
    const { container } = render(
      <ToolSteps
        state={stateOf([parent, child])}
        tools={{ task: { Row: ({ step, defaultRow }) => (step.status === 'running' ? defaultRow : <p>done</p>) } }}
      />,
    );
    expect(slot(row(container, 'p'), 'tool-step-header')).not.toBeNull();
    expect(row(container, 'p').querySelector('ol [data-step-id="c"]')?.tagName).toBe('LI');
  });

  it('a Row that throws falls back to the default row for that row only, with one development warning', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('row bug');
    }
    const store = {
      state: stateOf([
        makeStep({ id: 'a', toolName: 'flaky', input: { path: 'a.ts' } }),
        makeStep({ id: 'b', toolName: 'flaky' }),
        makeStep({ id: 'c', toolName: 'steady' }),
      ]),
    };
    const tools: ToolsConfig = {
      flaky: { label: 'Flaky tool', Row: Broken },
      steady: { Row: ({ step }) => <span data-testid="steady">{step.id} custom</span> },
    };
    const { container, rerender } = render(<ToolSteps state={store.state} tools={tools} minRunningMs={0} />);
    for (const id of ['a', 'b']) {
      expect(row(container, id).tagName).toBe('LI');
      expect(slot(row(container, id), 'tool-step-label')?.textContent).toBe('Flaky tool');
    }
    expect(screen.getByTestId('steady').textContent).toBe('c custom');
    const warnings = warn.mock.calls.filter(([message]) => String(message).includes('Row'));
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]?.[0])).toContain(
      'the Row of tool "flaky" threw (row bug); the default row is drawn instead',
    );
    // the failed row keeps updating as the default row
    const next: Step = { ...(store.state.byId.a as Step), status: 'succeeded' };
    act(() =>
      rerender(
        <ToolSteps state={{ ...store.state, byId: { ...store.state.byId, a: next } }} tools={tools} minRunningMs={0} />,
      ),
    );
    expect(row(container, 'a').getAttribute('data-status')).toBe('succeeded');
  });

  it('works for a single <ToolStep> too (a <div> root)', () => {
    const { container } = render(
      <ToolStep step={search} tools={{ search_orders: { Row: ({ parts }) => parts.header } }} />,
    );
    expect(container.firstElementChild?.tagName).toBe('DIV');
    expect(slot(container, 'tool-step-header')).not.toBeNull();
    expect(slot(container, 'tool-step-details')).toBeNull();
  });
});
