// biome-ignore-all lint/correctness/noComponentHookFactories: test probes and counting components close over the store and counters of their own test
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import {
  createStepStore,
  type Step,
  ToolStep,
  ToolStepDetails,
  ToolStepDetailsContent,
  ToolStepDetailsTrigger,
  ToolStepRoot,
  ToolSteps,
} from 'tool-steps';
import type { DetailsRendererProps } from 'tool-steps/renderers';
import { builtinRenderers, LazyDiffView, LazyTerminalView } from 'tool-steps/renderers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStep, stateOf } from './step-fixtures';

const slot = (container: Element, name: string) => container.querySelector(`[data-slot="${name}"]`);
const trigger = () => screen.getByRole('button', { name: 'Details' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ToolStepDetails disclosure', () => {
  const step = makeStep({ status: 'succeeded', result: 'file text', input: { path: 'a.ts' } });

  it('is a real button with aria-expanded and aria-controls naming the content', async () => {
    const { container } = render(<ToolStepDetails step={step} />);
    const button = trigger();
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('type')).toBe('button');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const panel = container.querySelector(`#${CSS.escape(button.getAttribute('aria-controls') ?? '')}`);
    expect(panel?.getAttribute('data-slot')).toBe('tool-step-details-content');
    expect(panel?.hasAttribute('hidden')).toBe(true);
    expect(panel?.textContent).toBe('');
    const states = () =>
      ['tool-step-details', 'tool-step-details-trigger', 'tool-step-details-content'].map((name) =>
        slot(container, name)?.getAttribute('data-state'),
      );
    expect(states()).toEqual(['closed', 'closed', 'closed']);
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.hasAttribute('hidden')).toBe(false);
    expect(states()).toEqual(['open', 'open', 'open']);
    expect(container.querySelector('[data-open], [data-expanded]')).toBeNull();
  });

  it('opens and closes with Enter and Space on the focused button', async () => {
    const user = userEvent.setup();
    render(<ToolStepDetails step={step} />);
    await user.tab();
    expect(trigger()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('file text')).toBeVisible();
    await user.keyboard(' ');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('file text')).toBeNull();
  });

  it('in controlled mode shows `open` and only asks to change it', async () => {
    const onOpenChange = vi.fn();
    const { rerender } = render(<ToolStepDetails step={step} open={false} onOpenChange={onOpenChange} />);
    await userEvent.click(trigger());
    expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(true);
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    rerender(<ToolStepDetails step={step} open onOpenChange={onOpenChange} />);
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(trigger());
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
  });

  it('reflects the open state on the row as data-state, in ToolStep', async () => {
    function Host() {
      const [open, setOpen] = useState(false);
      return <ToolStep step={step} open={open} onOpenChange={setOpen} />;
    }
    const { container } = render(<Host />);
    const row = slot(container, 'tool-step');
    expect(row?.getAttribute('data-state')).toBe('closed');
    await userEvent.click(trigger());
    expect(row?.getAttribute('data-state')).toBe('open');
    expect(slot(container, 'tool-step-details')?.getAttribute('data-state')).toBe('open');
    expect(container.querySelector('[data-open], [data-expanded]')).toBeNull();
  });

  it('honours defaultOpen', () => {
    render(<ToolStepDetails step={step} defaultOpen />);
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
  });

  it.each([
    ['failed', true],
    // its approval card shows what the call will do; the arguments wait, closed
    ['awaiting-approval', false],
    ['succeeded', false],
    ['running', false],
    ['denied', false],
    ['interrupted', false],
  ] as const)('a %s step starts expanded: %s', (status, open) => {
    const { container } = render(<ToolStep step={makeStep({ status, input: { command: 'ls' } })} />);
    expect(trigger().getAttribute('aria-expanded')).toBe(String(open));
    expect(slot(container, 'tool-step')?.getAttribute('data-state')).toBe(open ? 'open' : 'closed');
  });

  it('opens when a streamed step fails later, until the person chose otherwise', async () => {
    const running = makeStep({ status: 'running', input: { command: 'ls' } });
    const failed: Step = { ...running, status: 'failed', error: { message: 'boom' } };
    const { rerender } = render(<ToolStepDetails step={running} />);
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    rerender(<ToolStepDetails step={failed} />);
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(trigger());
    rerender(<ToolStepDetails step={{ ...failed }} />);
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('renders nothing when the step has nothing to show', () => {
    const { container } = render(<ToolStepDetails step={makeStep({ input: {} })} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('Details parts: root, trigger and content', () => {
  const step = makeStep({ status: 'succeeded', result: 'file text', input: { path: 'a.ts' } });
  const states = (container: Element) =>
    ['tool-step-details', 'tool-step-details-trigger', 'tool-step-details-content'].map((name) =>
      slot(container, name)?.getAttribute('data-state'),
    );

  it('uncontrolled: a composed trigger opens and closes the content', async () => {
    const { container } = render(
      <ToolStepDetails step={step} data-testid="root">
        <ToolStepDetailsContent />
        <ToolStepDetailsTrigger>Show more</ToolStepDetailsTrigger>
      </ToolStepDetails>,
    );
    const button = screen.getByRole('button', { name: 'Show more' });
    expect(states(container)).toEqual(['closed', 'closed', 'closed']);
    expect(screen.queryByText('file text')).toBeNull();
    await userEvent.click(button);
    expect(states(container)).toEqual(['open', 'open', 'open']);
    expect(screen.getByText('file text')).toBeVisible();
    expect(button.getAttribute('aria-controls')).toBe(slot(container, 'tool-step-details-content')?.id);
    await userEvent.click(button);
    expect(states(container)).toEqual(['closed', 'closed', 'closed']);
  });

  it('controlled: the content follows `open`; the trigger only asks', async () => {
    const onOpenChange = vi.fn();
    const { container, rerender } = render(
      <ToolStepDetails step={step} open={false} onOpenChange={onOpenChange}>
        <ToolStepDetailsTrigger />
        <ToolStepDetailsContent />
      </ToolStepDetails>,
    );
    await userEvent.click(trigger());
    expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(true);
    expect(states(container)).toEqual(['closed', 'closed', 'closed']);
    rerender(
      <ToolStepDetails step={step} open onOpenChange={onOpenChange}>
        <ToolStepDetailsTrigger />
        <ToolStepDetailsContent />
      </ToolStepDetails>,
    );
    expect(states(container)).toEqual(['open', 'open', 'open']);
    expect(screen.getByText('file text')).toBeVisible();
  });

  it('inside a row, trigger and content follow the row without a details root, and the row says so', async () => {
    const { container } = render(
      <ToolStepRoot step={step}>
        <ToolStepDetailsTrigger />
        <ToolStepDetailsContent />
      </ToolStepRoot>,
    );
    const root = container.firstElementChild;
    expect(root?.getAttribute('data-state')).toBe('closed');
    await userEvent.click(trigger());
    expect(root?.getAttribute('data-state')).toBe('open');
    expect(slot(container, 'tool-step-details-content')?.getAttribute('data-state')).toBe('open');
    expect(screen.getByText('file text')).toBeVisible();
  });

  it('a row controlled by the host drives a composed trigger and content', async () => {
    function Host() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen(false)}>
            host close
          </button>
          <ToolStepRoot step={step} open={open} onOpenChange={setOpen}>
            <ToolStepDetails />
          </ToolStepRoot>
        </>
      );
    }
    const { container } = render(<Host />);
    expect(states(container)).toEqual(['open', 'open', 'open']);
    await userEvent.click(screen.getByRole('button', { name: 'host close' }));
    expect(states(container)).toEqual(['closed', 'closed', 'closed']);
  });

  it('content alone, with a step, is open and draws the sections', () => {
    const { container } = render(<ToolStepDetailsContent step={step} />);
    expect(slot(container, 'tool-step-details-content')?.getAttribute('data-state')).toBe('open');
    expect(screen.getByText('file text')).toBeInTheDocument();
    expect(screen.getByText('Arguments')).toBeInTheDocument();
  });

  it('a caller onClick that calls preventDefault keeps the trigger from toggling', async () => {
    const { container } = render(
      <ToolStepDetails step={step}>
        <ToolStepDetailsTrigger onClick={(event) => event.preventDefault()} />
        <ToolStepDetailsContent />
      </ToolStepDetails>,
    );
    await userEvent.click(trigger());
    expect(states(container)).toEqual(['closed', 'closed', 'closed']);
  });

  it('a trigger outside details and rows says what it needs', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<ToolStepDetailsTrigger />)).toThrow(
      '<ToolStepDetailsTrigger> must be inside <ToolStepDetails> or a row.',
    );
  });
});

describe('ToolStepDetails content', () => {
  it('shows the output with a switch between details and what the model read, the last update and the arguments', async () => {
    const step = makeStep({
      status: 'failed',
      details: { rows: 2 },
      result: 'what the model saw',
      progress: { content: 'halfway', count: 3 },
      input: { path: 'src/a.ts' },
    });
    const Show = ({ details, kind }: DetailsRendererProps) => <pre>{`${kind} ${JSON.stringify(details)}`}</pre>;
    const { container } = render(<ToolStepDetails step={step} renderers={{ byKind: { json: Show, text: Show } }} />);
    const sections = () => [...container.querySelectorAll('[data-slot="tool-step-details-section"]')];
    expect(sections().map((s) => s.getAttribute('data-section'))).toEqual(['details', 'progress', 'input']);
    // with both sides the switch names what is shown, so the output section has no heading of its own
    expect(sections().map((s) => slot(s, 'tool-step-details-heading')?.textContent)).toEqual([
      undefined,
      'Last update',
      'Arguments',
    ]);
    const switchBar = within(sections()[0] as HTMLElement);
    expect(switchBar.getByRole('button', { name: 'Details' })).toHaveAttribute('aria-pressed', 'true');
    expect(sections()[0]?.querySelector('pre')?.textContent).toBe('json {"rows":2}');
    await userEvent.click(switchBar.getByRole('button', { name: 'What the model read' }));
    expect(sections().map((s) => s.getAttribute('data-section'))).toEqual(['result', 'progress', 'input']);
    expect(sections()[0]?.querySelector('pre')?.textContent).toBe('text "what the model saw"');
    expect(within(sections()[0] as HTMLElement).getByRole('button', { name: 'What the model read' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(slot(sections()[1] as HTMLElement, 'tool-step-last-update')?.textContent).toBe('halfway');
    expect(within(sections()[1] as HTMLElement).getByRole('button', { name: 'Copy last update' })).toBeInTheDocument();
    expect(slot(container, 'tool-step-input')?.textContent).toBe('{\n  "path": "src/a.ts"\n}');
    expect(within(sections()[2] as HTMLElement).getByRole('button', { name: 'Copy arguments' })).toBeInTheDocument();
  });

  it('heads a lone output by what it is, and shows token savings from the wire', () => {
    const { container, rerender } = render(<ToolStepDetails step={makeStep({ status: 'failed', result: 'read' })} />);
    // "What the model read" is said only beside "Details", where the two differ
    expect(slot(container, 'tool-step-details-heading')?.textContent).toBe('Result');
    expect(container.querySelector('[data-slot="tool-step-switch"]')).toBeNull();
    rerender(<ToolStepDetails step={makeStep({ status: 'failed', result: { stdout: 'npm ERR!', exitCode: 1 } })} />);
    expect(slot(container, 'tool-step-details-heading')?.textContent).toBe('Output');
    rerender(
      <ToolStepDetails
        step={makeStep({
          status: 'failed',
          details: { kind: 'terminal', text: 'x', tokenCounts: { llmTokens: 52, uiTokens: 227 } },
        })}
      />,
    );
    expect(slot(container, 'tool-step-details-heading')?.textContent).toBe('Details');
    expect(slot(container, 'tool-step-token-savings')?.textContent).toBe('227 → 52 tokens, 77% saved');
  });

  it('names the details kind in data-kind (details first, then the result, else json)', () => {
    const { container, rerender } = render(<ToolStepDetails step={makeStep({ details: 'plain', result: { a: 1 } })} />);
    expect(slot(container, 'tool-step-details')?.getAttribute('data-kind')).toBe('text');
    rerender(<ToolStepDetails step={makeStep({ result: 'text the model read' })} />);
    expect(slot(container, 'tool-step-details')?.getAttribute('data-kind')).toBe('text');
    rerender(<ToolStepDetails step={makeStep({ details: { kind: 'table', rows: [] } })} />);
    expect(slot(container, 'tool-step-details')?.getAttribute('data-kind')).toBe('table');
    rerender(<ToolStepDetails step={makeStep({ input: { q: 1 } })} />);
    expect(slot(container, 'tool-step-details')?.getAttribute('data-kind')).toBe('json');
  });

  it('shows raw argument text when it does not parse', () => {
    const { container } = render(<ToolStepDetails step={makeStep({ inputText: '{"path": "a' })} defaultOpen />);
    expect(slot(container, 'tool-step-input')?.textContent).toBe('{"path": "a');
  });
});

// The registry, through the code path rows use: <ToolStep> and <ToolSteps renderers>.
describe('details renderer registry (through the row)', () => {
  const Named = (name: string) =>
    function NamedRenderer({ details, kind, step }: DetailsRendererProps) {
      return (
        <div data-testid="renderer">
          {name}:{kind}:{step.id}:{JSON.stringify(details)}
        </div>
      );
    };
  const step = makeStep({ id: 's1', toolName: 'edit_file', status: 'succeeded', details: { kind: 'diff', patch: '' } });
  const drawn = (row: Element) =>
    row.querySelector('[data-slot="tool-step-details-section"] [data-renderer]')?.getAttribute('data-renderer');

  it('uses renderers.byTool before renderers.byKind', () => {
    render(
      <ToolStep
        step={step}
        defaultOpen
        renderers={{ byTool: { edit_file: Named('tool') }, byKind: { diff: Named('kind') } }}
      />,
    );
    expect(screen.getByTestId('renderer').textContent).toBe('tool:diff:s1:{"kind":"diff","patch":""}');
  });

  it('uses renderers.byKind before the built-in renderer, for every row of a list', () => {
    const other = makeStep({ id: 's2', toolName: 'grep', status: 'succeeded', details: { kind: 'diff', patch: '' } });
    const { container } = render(
      <ToolSteps
        state={stateOf([step, other])}
        renderers={{ byTool: { grep: Named('tool') }, byKind: { diff: Named('kind') } }}
      />,
    );
    for (const button of screen.getAllByRole('button', { name: 'Details' })) fireEvent.click(button);
    const rows = [...container.querySelectorAll('li[data-slot="tool-step"]')];
    expect(rows.map((row) => within(row as HTMLElement).getByTestId('renderer').textContent)).toEqual([
      'kind:diff:s1:{"kind":"diff","patch":""}',
      'tool:diff:s2:{"kind":"diff","patch":""}',
    ]);
  });

  it('falls back to the built-in renderer of the kind', async () => {
    const Builtin = builtinRenderers.diff;
    const alone = render(
      <Suspense fallback={null}>
        <Builtin step={step} details={step.details} kind="diff" />
      </Suspense>,
    ).container;
    await waitFor(() => expect(alone.innerHTML).not.toBe(''));
    const { container } = render(<ToolStep step={step} defaultOpen renderers={{ byKind: { text: Named('text') } }} />);
    const section = container.querySelector('[data-section="details"]') as HTMLElement;
    await waitFor(() => expect(slot(section, 'tool-step-details-loading')).toBeNull());
    expect(screen.queryByTestId('renderer')).toBeNull();
    const withoutIds = (html: string) => html.replace(/ (id|aria-controls|aria-labelledby)="[^"]*"/g, '');
    expect(withoutIds(section.innerHTML)).toBe(
      withoutIds(
        `<div data-slot="tool-step-details-section-header" class="tool-step-details-section-header"><div data-slot="tool-step-details-heading" class="tool-step-details-heading">Details</div></div>${alone.innerHTML}`,
      ),
    );
  });

  it.each([
    ['table', [{ a: 1 }, { a: 2 }]],
    ['text', 'plain words'],
    ['json', { nested: { a: [1, 2] } }],
  ] as const)('draws %s details with the built-in renderer of the kind', (kind, details) => {
    const { container } = render(<ToolStep step={makeStep({ toolName: 'x', details })} defaultOpen />);
    const section = container.querySelector('[data-section="details"]');
    expect(section?.getAttribute('data-kind')).toBe(kind);
    if (kind === 'text') expect(section?.textContent).toContain('plain words');
    else expect(drawn(container)).toBe(kind);
  });

  it('skips a byKind entry that is undefined: the built-in JSON tree draws json', () => {
    const { container } = render(
      <ToolStep
        step={makeStep({ toolName: 'x', details: { a: 1 } })}
        defaultOpen
        renderers={{ byKind: { json: undefined, text: Named('text') } }}
      />,
    );
    expect(drawn(container)).toBe('json');
  });

  it.each(['constructor', '__proto__', 'toString'])(
    'does not take a renderer from Object.prototype for a tool called "%s"',
    async (toolName) => {
      const { container } = render(
        <ToolStep step={makeStep({ toolName, details: 'xyz' })} defaultOpen renderers={{ byTool: {} }} />,
      );
      const section = container.querySelector('[data-section="details"]') as HTMLElement;
      await waitFor(() => expect(slot(section, 'tool-step-details-loading')).toBeNull());
      expect(slot(section, 'tool-step-details-fallback')).toBeNull();
      expect(section.textContent).toContain('xyz');
    },
  );

  it('draws what the model read by kind, never with the tool renderer', () => {
    render(
      <ToolStep
        step={makeStep({ toolName: 'read_file', result: 'abc' })}
        defaultOpen
        renderers={{ byTool: { read_file: Named('tool') }, byKind: { text: Named('kind') } }}
      />,
    );
    expect(screen.getByTestId('renderer').textContent).toBe('kind:text:call_1:"abc"');
  });

  it('draws the lazily loaded diff renderer inside the row', async () => {
    // the exported views are React.lazy; the registry's entries draw them until their chunk is in
    const lazyType = Symbol.for('react.lazy');
    expect((LazyDiffView as unknown as { $$typeof: symbol }).$$typeof).toBe(lazyType);
    expect((LazyTerminalView as unknown as { $$typeof: symbol }).$$typeof).toBe(lazyType);
    expect(builtinRenderers.diff).not.toBe(builtinRenderers.json);
    render(<ToolStep step={makeStep({ details: { diff: '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n' } })} defaultOpen />);
    expect(await screen.findByRole('group', { name: 'Diff of x' })).toBeInTheDocument();
  });

  it('contains a throwing renderer to its own block while the other rows keep updating', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('cannot draw this diff');
    }
    const store = createStepStore({ schedule: (flush) => flush() });
    store.apply([
      { type: 'step-start', id: 'bad', toolName: 'edit_file' },
      { type: 'step-input', id: 'bad', input: { path: 'a.ts' } },
      { type: 'step-error', id: 'bad', message: 'no', details: { kind: 'diff', patch: 'x' } },
      { type: 'step-start', id: 'good', toolName: 'run_command' },
      { type: 'step-input', id: 'good', input: { command: 'ls' } },
    ]);
    const { container } = render(
      <ToolSteps store={store} minRunningMs={0} renderers={{ byTool: { edit_file: Broken } }} />,
    );
    const bad = container.querySelector('[data-step-id="bad"]') as HTMLElement;
    expect(
      within(bad).getByText('This block could not be shown: cannot draw this diff').getAttribute('data-slot'),
    ).toBe('tool-step-details-fallback');
    expect(within(bad).getByText('Arguments')).toBeInTheDocument();
    expect(slot(bad, 'tool-step-error-message')?.textContent).toBe('no');

    act(() => store.apply({ type: 'step-progress', id: 'good', content: 'listing' }));
    const good = container.querySelector('[data-step-id="good"]') as HTMLElement;
    expect(slot(good, 'tool-step-progress')?.textContent).toBe('listing');
    act(() => store.apply({ type: 'step-result', id: 'good', result: 'a\nb' }));
    expect(good.getAttribute('data-status')).toBe('succeeded');
    expect(within(bad).getByText('This block could not be shown: cannot draw this diff')).toBeInTheDocument();
  });

  it('tries a failed renderer again when the value changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Picky({ details }: DetailsRendererProps) {
      if ((details as { ok?: boolean }).ok !== true) throw new Error('not ok');
      return <p data-testid="picky">fine</p>;
    }
    const base = makeStep({ toolName: 'picky', details: { ok: false } });
    const { rerender } = render(<ToolStep step={base} defaultOpen renderers={{ byTool: { picky: Picky } }} />);
    expect(screen.getByText('This block could not be shown: not ok')).toBeInTheDocument();
    rerender(
      <ToolStep step={{ ...base, details: { ok: true } }} defaultOpen renderers={{ byTool: { picky: Picky } }} />,
    );
    expect(screen.getByTestId('picky').textContent).toBe('fine');
  });
});

describe('found in review', () => {
  it('details: null is no details: the block shows what the model read, headed as such', () => {
    const { container } = render(
      <ToolStepDetails step={makeStep({ status: 'succeeded', result: 'THE RESULT', details: null })} defaultOpen />,
    );
    const sections = [...container.querySelectorAll('[data-slot="tool-step-details-section"]')];
    expect(sections[0]?.getAttribute('data-section')).toBe('result');
    expect(sections[0]?.textContent).toContain('THE RESULT');
    expect(container.querySelector('[data-slot="tool-step-switch"]')).toBeNull();
  });
});
