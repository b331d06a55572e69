// biome-ignore-all lint/correctness/noComponentHookFactories: test probes and counting components close over the store and counters of their own test
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ComponentType, createRef } from 'react';
import {
  type Step,
  type StepStatus,
  ToolStep,
  ToolStepActions,
  ToolStepApproval,
  ToolStepApprove,
  ToolStepCancel,
  ToolStepDeny,
  ToolStepDetail,
  ToolStepDetails,
  ToolStepDetailsContent,
  ToolStepDetailsTrigger,
  ToolStepDuration,
  ToolStepError,
  ToolStepHeader,
  ToolStepIcon,
  ToolStepLabel,
  ToolStepProgress,
  ToolStepRetry,
  ToolStepRoot,
  ToolStepStatus,
  ToolSteps,
  useToolStep,
} from 'tool-steps';
import { STEP_STATUSES } from 'tool-steps/core';
import { inputDigest } from 'tool-steps/presentation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveRegionOf, liveRegions } from '../support/live-region';
import { makeStep, stateOf } from './step-fixtures';

afterEach(() => {
  vi.restoreAllMocks();
});

const slot = (container: Element, name: string) => container.querySelector(`[data-slot="${name}"]`);

describe('ToolStepRoot', () => {
  it('renders one <div> alone, with the step id, tool and status, and passes unknown props and the ref through', () => {
    const ref = createRef<HTMLElement>();
    const { container } = render(
      <ToolStepRoot
        ref={ref}
        step={makeStep({ id: 'call_9', toolName: 'grep', status: 'running' })}
        className="mine"
        data-extra="x"
      />,
    );
    const root = container.firstElementChild;
    expect(root?.tagName).toBe('DIV');
    expect(root).toBe(ref.current);
    expect(root?.getAttribute('data-slot')).toBe('tool-step');
    expect(root?.getAttribute('data-step-id')).toBe('call_9');
    expect(root?.getAttribute('data-tool')).toBe('grep');
    expect(root?.getAttribute('data-status')).toBe('running');
    expect(root?.className).toBe('tool-step mine'); // the slot's class first, the host's after it
    expect(root?.getAttribute('data-extra')).toBe('x');
  });

  it('is a <div> as <ToolStep> alone (in a chat message) and an <li> inside <ToolSteps>, nested rows too', () => {
    const parent = makeStep({ id: 'p', toolName: 'task', status: 'running' });
    const child = makeStep({ id: 'c', toolName: 'grep', status: 'running', parentId: 'p' });
    const alone = render(<ToolStep step={parent} />).container;
    expect(alone.firstElementChild?.tagName).toBe('DIV');
    expect(alone.querySelector('li')).toBeNull();
    const { container } = render(<ToolSteps state={stateOf([parent, child])} />);
    expect([...container.querySelectorAll('[data-slot="tool-step"]')].map((row) => row.tagName)).toEqual(['LI', 'LI']);
    expect(container.querySelector('[data-step-id="c"]')?.parentElement?.tagName).toBe('OL');
  });

  it('a <ToolStep> drawn inside a row (not in its nested list) is a <div> again', () => {
    const { container } = render(
      <ToolSteps
        state={stateOf([makeStep({ id: 'outer', toolName: 'host' })])}
        tools={{
          host: {
            Row: ({ parts }) => (
              <>
                {parts.header}
                <ToolStep step={makeStep({ id: 'inner' })} />
              </>
            ),
          },
        }}
      />,
    );
    expect(container.querySelector('[data-step-id="outer"]')?.tagName).toBe('LI');
    expect(container.querySelector('[data-step-id="inner"]')?.tagName).toBe('DIV');
  });

  it('writes data-state open/closed and data-has-details as a presence attribute, never "true"/"false"', () => {
    const { container, rerender } = render(<ToolStepRoot step={makeStep({ result: 'text' })} open />);
    const root = container.firstElementChild;
    expect(root?.getAttribute('data-state')).toBe('open');
    expect(root?.getAttribute('data-has-details')).toBe('');
    rerender(<ToolStepRoot step={makeStep({ result: 'text' })} open={false} />);
    expect(root?.getAttribute('data-state')).toBe('closed');
    rerender(<ToolStepRoot step={makeStep({ inputText: '' })} open />);
    expect(root?.getAttribute('data-state')).toBe('closed');
    expect(root?.hasAttribute('data-has-details')).toBe(false);
    expect(root?.hasAttribute('data-expanded')).toBe(false);
    expect(root?.hasAttribute('data-open')).toBe(false);
  });

  it('owns the disclosure: open by default for failed steps until the person toggles, and onOpenChange', async () => {
    const onOpenChange = vi.fn();
    const failed = makeStep({ status: 'failed', input: { a: 1 } });
    const { container } = render(
      <ToolStepRoot step={failed} onOpenChange={onOpenChange}>
        <ToolStepDetails />
      </ToolStepRoot>,
    );
    const root = container.firstElementChild;
    expect(root?.getAttribute('data-state')).toBe('open');
    await userEvent.click(screen.getByRole('button', { name: 'Details' }));
    expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(false);
    expect(root?.getAttribute('data-state')).toBe('closed');
    expect(slot(container, 'tool-step-details')?.getAttribute('data-state')).toBe('closed');
  });

  it('gives its parts the step through context', () => {
    render(
      <ol>
        <ToolStepRoot step={makeStep({ toolName: 'edit_file', input: { path: 'a.ts' } })}>
          <ToolStepLabel />
          <ToolStepDetail />
        </ToolStepRoot>
      </ol>,
    );
    expect(screen.getByText('Editing file').getAttribute('data-slot')).toBe('tool-step-label');
    expect(screen.getByText('a.ts').getAttribute('data-slot')).toBe('tool-step-detail');
  });

  it('explains what is missing when a part has no step at all', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<ToolStepLabel />)).toThrow(
      '<ToolStepLabel> has no step to draw: render it inside <ToolStepRoot step={…}> (or <ToolStep>), or pass it a `step` prop.',
    );
  });
});

describe('useToolStep', () => {
  it('gives a custom part the row: step, presentation, open state, setOpen and ids', async () => {
    function Probe() {
      const row = useToolStep();
      return (
        <button type="button" data-testid="probe" aria-describedby={row.labelId} onClick={() => row.setOpen(!row.open)}>
          {row.step.id} {row.presentation.label} {row.open ? 'open' : 'closed'} {String(row.hasDetails)}
        </button>
      );
    }
    const { container } = render(
      <ToolStep step={makeStep({ id: 'x1', toolName: 'read_file', input: { path: 'a.ts' } })}>
        <Probe />
      </ToolStep>,
    );
    const probe = screen.getByTestId('probe');
    expect(probe.textContent).toBe('x1 Reading file closed true');
    expect(probe.getAttribute('aria-describedby')).toBe(slot(container, 'tool-step-label')?.id);
    await userEvent.click(probe);
    expect(probe.textContent).toBe('x1 Reading file open true');
    expect(container.firstElementChild?.getAttribute('data-state')).toBe('open');
  });

  it('throws a clear error outside a row', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Probe() {
      useToolStep();
      return null;
    }
    expect(() => render(<Probe />)).toThrow('useToolStep() must be called inside a row');
  });

  it('lets a host part read the row softly: nothing outside a row, the current step inside one', () => {
    function StatusBadge() {
      const row = useToolStep({ optional: true });
      return <span data-testid="badge">{row ? `${row.presentation.label}: ${row.step.status}` : 'no row'}</span>;
    }
    const draw = (status: StepStatus) => (
      <>
        <StatusBadge />
        <ToolSteps
          minRunningMs={0} // the status as it comes, no flicker guard holding 'running'
          state={stateOf([makeStep({ id: 'g', toolName: 'grep', status })])}
          tools={{
            grep: {
              Row: ({ parts }) => (
                <>
                  {parts.header}
                  <StatusBadge />
                </>
              ),
            },
          }}
        />
      </>
    );
    const badges = () => screen.getAllByTestId('badge').map((badge) => badge.textContent);
    const { rerender } = render(draw('running'));
    expect(badges()).toEqual(['no row', 'Searching files: running']);
    rerender(draw('succeeded'));
    expect(badges()).toEqual(['no row', 'Searched files: succeeded']);
  });
});

describe('every part', () => {
  const step = makeStep({
    status: 'failed',
    input: { path: 'a.ts' },
    progress: { content: 'p', count: 1 },
    error: { message: 'e' },
    startedAt: 0,
    endedAt: 5,
    approval: { id: 'ap', decision: { approved: true } },
  });
  const waiting = makeStep({ status: 'awaiting-approval', approval: { id: 'ap' }, input: { path: 'a.ts' } });
  const running = makeStep({ status: 'running' });
  // [slot, tag, part, step the part draws something for, extra props]
  const parts: Array<[string, string, unknown, Step, Record<string, unknown>]> = [
    ['tool-step', 'DIV', ToolStepRoot, step, {}],
    ['tool-step-header', 'DIV', ToolStepHeader, step, {}],
    ['tool-step-icon', 'SPAN', ToolStepIcon, step, {}],
    ['tool-step-label', 'SPAN', ToolStepLabel, step, {}],
    ['tool-step-detail', 'SPAN', ToolStepDetail, step, {}],
    ['tool-step-status', 'SPAN', ToolStepStatus, step, {}],
    ['tool-step-duration', 'TIME', ToolStepDuration, step, {}],
    ['tool-step-progress', 'DIV', ToolStepProgress, step, {}],
    ['tool-step-error', 'DIV', ToolStepError, step, {}],
    ['tool-step-actions', 'DIV', ToolStepActions, step, { children: 'x' }],
    ['tool-step-cancel', 'BUTTON', ToolStepCancel, running, { onAction: () => {} }],
    ['tool-step-retry', 'BUTTON', ToolStepRetry, step, { onAction: () => {} }],
    ['tool-step-approval', 'DIV', ToolStepApproval, step, {}],
    ['tool-step-approve', 'BUTTON', ToolStepApprove, waiting, {}],
    ['tool-step-deny', 'BUTTON', ToolStepDeny, waiting, {}],
    ['tool-step-details', 'DIV', ToolStepDetails, step, {}],
    ['tool-step-details-trigger', 'BUTTON', ToolStepDetailsTrigger, step, {}],
    ['tool-step-details-content', 'DIV', ToolStepDetailsContent, step, {}],
  ];
  /** Draws a part; the trigger needs a details root or a row around it. */
  const draw = (Part: unknown, partStep: Step, props: Record<string, unknown>) => {
    const Any = Part as ComponentType<Record<string, unknown>>;
    if (Part === ToolStepDetailsTrigger || Part === ToolStepHeader) {
      return render(
        <ToolStepRoot step={partStep}>
          <Any {...props} />
        </ToolStepRoot>,
      );
    }
    return render(<Any step={partStep} {...props} />);
  };

  it.each(parts)(
    '%s renders one <%s>, forwards its ref and passes unknown props through',
    (name: string, tag: string, Part: unknown, partStep: Step, extra: Record<string, unknown>) => {
      const ref = createRef<HTMLElement>();
      const { container } = draw(Part, partStep, { ...extra, ref, className: 'host', 'data-host': 'yes', title: 't' });
      const elements = container.querySelectorAll(`[data-slot="${name}"]`);
      expect(elements).toHaveLength(1);
      const element = elements[0];
      expect(element?.tagName).toBe(tag);
      expect(ref.current).toBe(element);
      expect(element?.className).toBe(`${name} host`); // the slot's class, then the host's
      expect(element?.getAttribute('data-host')).toBe('yes');
      expect(element?.getAttribute('title')).toBe('t');
    },
  );

  it.each(parts)(
    '%s swaps its element with render={<element />}, keeping its slot, props and the ref',
    (name: string, _tag: string, Part: unknown, partStep: Step, extra: Record<string, unknown>) => {
      const ref = createRef<HTMLElement>();
      const own = createRef<HTMLElement>();
      const { container } = draw(Part, partStep, {
        ...extra,
        ref,
        className: 'host',
        render: <section ref={own} className="swapped" data-from-render="yes" />,
      });
      const element = container.querySelector(`[data-slot="${name}"]`);
      expect(element?.tagName).toBe('SECTION');
      expect(element?.className).toBe(`${name} host swapped`);
      expect(element?.getAttribute('data-from-render')).toBe('yes');
      expect(ref.current).toBe(element);
      expect(own.current).toBe(element);
    },
  );

  it.each(parts)(
    '%s takes render as a function of the merged props and its state',
    (name: string, _tag: string, Part: unknown, partStep: Step, extra: Record<string, unknown>) => {
      const seen: unknown[] = [];
      const { container } = draw(Part, partStep, {
        ...extra,
        'data-host': 'yes',
        render: (props: Record<string, unknown>, state: { step?: Step }) => {
          seen.push(state.step?.id);
          return <article {...props} data-fn="yes" />;
        },
      });
      const element = container.querySelector(`[data-slot="${name}"]`);
      expect(element?.tagName).toBe('ARTICLE');
      expect(element?.getAttribute('data-fn')).toBe('yes');
      expect(element?.getAttribute('data-host')).toBe('yes');
      expect(seen.at(-1)).toBe(partStep.id);
    },
  );

  it("lets the caller win: own props are spread first, the caller's last", () => {
    const { container } = render(
      <ToolStepLabel step={step} data-slot="mine" id="my-id" style={{ color: 'red' }}>
        Custom text
      </ToolStepLabel>,
    );
    const label = container.firstElementChild;
    expect(label?.getAttribute('data-slot')).toBe('mine');
    expect(label?.id).toBe('my-id');
    expect(label?.textContent).toBe('Custom text');
    expect((label as HTMLElement).style.color).toBe('red');
  });

  it("shows a long argument shortened, with the whole of it as the detail's title", () => {
    const path = 'packages/billing/src/invoices/reconcile/late-payments/overdue-reminders.test.ts';
    const { container, rerender } = render(
      <ToolStepDetail step={makeStep({ toolName: 'read_file', input: { path } })} />,
    );
    const detail = container.firstElementChild;
    expect(detail?.textContent).not.toBe(path);
    expect(detail?.textContent).toMatch(/^packages\/….*\/overdue-reminders\.test\.ts$/);
    expect(detail?.getAttribute('title')).toBe(path);
    // a detail short enough as it is has no title
    rerender(<ToolStepDetail step={makeStep({ toolName: 'read_file', input: { path: 'src/a.ts' } })} />);
    expect(detail?.textContent).toBe('src/a.ts');
    expect(detail?.hasAttribute('title')).toBe(false);
  });
});

describe('action parts', () => {
  it('Cancel and Retry call their handlers with the step, and render only when they apply', async () => {
    const onCancel = vi.fn();
    const onRetry = vi.fn();
    const active = makeStep({ id: 'a', status: 'running' });
    const failed = makeStep({ id: 'f', status: 'failed' });
    const { rerender } = render(
      <>
        <ToolStepCancel step={active} onAction={onCancel} />
        <ToolStepRetry step={failed} onAction={onRetry} />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onCancel).toHaveBeenCalledExactlyOnceWith(active);
    expect(onRetry).toHaveBeenCalledExactlyOnceWith(failed);
    rerender(
      <>
        <ToolStepCancel step={failed} onAction={onCancel} />
        <ToolStepRetry step={active} onAction={onRetry} />
        <ToolStepCancel step={active} />
      </>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("Cancel and Retry take the list's handlers inside a row, and a caller onClick runs first", async () => {
    const order: string[] = [];
    render(
      <ToolStep step={makeStep({ status: 'running' })} onCancel={() => order.push('kit')}>
        <ToolStepCancel onClick={() => order.push('host')} data-testid="mine" />
      </ToolStep>,
    );
    await userEvent.click(screen.getByTestId('mine'));
    expect(order).toEqual(['host', 'kit']);
  });

  it("a caller onClick that prevents the default stops the part's own handler", async () => {
    const onCancel = vi.fn();
    render(
      <ToolStepCancel step={makeStep({ status: 'running' })} onAction={onCancel} onClick={(e) => e.preventDefault()} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).not.toHaveBeenCalled();
  });

  it("Approve and Deny call the approval's handlers, inside a composed approval", async () => {
    const onApprove = vi.fn();
    const onDeny = vi.fn();
    const waiting = makeStep({ status: 'awaiting-approval', approval: { id: 'ap' } });
    const { container, unmount } = render(
      <ToolStepApproval step={waiting} onApprove={onApprove} onDeny={onDeny}>
        <ToolStepDeny>No</ToolStepDeny>
      </ToolStepApproval>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onDeny).toHaveBeenCalledExactlyOnceWith(waiting, { inputDigest: inputDigest(waiting) });
    expect(slot(container, 'tool-step-approval')?.getAttribute('data-decision')).toBe('denied');
    // decided: the buttons are gone, even in host-composed content, so it cannot be decided twice
    expect(screen.queryByRole('button', { name: 'No' })).toBeNull();
    unmount();
    render(
      <ToolStep step={waiting} onApprove={onApprove}>
        <ToolStepApprove data-testid="outside" />
      </ToolStep>,
    );
    await userEvent.click(screen.getByTestId('outside'));
    expect(onApprove).toHaveBeenCalledExactlyOnceWith(waiting, {});
  });
});

describe('ToolStepIcon', () => {
  it('draws the icon the step names, with data-icon and aria-hidden', () => {
    const { container } = render(<ToolStepIcon step={makeStep({ toolName: 'grep' })} />);
    const icon = slot(container, 'tool-step-icon');
    expect(icon?.tagName).toBe('SPAN');
    expect(icon?.getAttribute('data-icon')).toBe('text-search');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(icon?.querySelector('svg')?.getAttribute('class')).toContain('lucide-text-search');
  });

  it.each([
    ['a name neither table has', 'no-such-icon'],
    ['a name on Object.prototype', 'constructor'],
    ['no name at all', undefined],
  ])('falls back to wrench for %s', (_what, icon) => {
    const step = makeStep({ toolName: 'mystery', presentation: icon ? { label: 'Mystery', icon } : undefined });
    const { container } = render(<ToolStepIcon step={step} />);
    const drawn = slot(container, 'tool-step-icon');
    expect(drawn?.getAttribute('data-icon')).toBe('wrench');
    expect(drawn?.querySelector('svg')?.getAttribute('class')).toContain('lucide-wrench');
  });

  it('reads PascalCase and snake_case names as the kebab-case ones', () => {
    const { container } = render(
      <>
        <ToolStepIcon name="GitBranch" />
        <ToolStepIcon name="file_text" />
      </>,
    );
    const icons = container.querySelectorAll('[data-slot="tool-step-icon"]');
    expect([...icons].map((i) => i.getAttribute('data-icon'))).toEqual(['git-branch', 'file-text']);
  });

  it('draws a host-supplied icon, which wins over the built-in one of the same name', () => {
    const Rocket = () => <svg data-testid="rocket" />;
    const Terminal = () => <svg data-testid="host-terminal" />;
    const { container } = render(
      <>
        <ToolStepIcon name="rocket" icons={{ rocket: Rocket, terminal: Terminal }} />
        <ToolStepIcon name="terminal" icons={{ rocket: Rocket, terminal: Terminal }} />
      </>,
    );
    const icons = container.querySelectorAll('[data-slot="tool-step-icon"]');
    expect(icons[0]?.getAttribute('data-icon')).toBe('rocket');
    expect(icons[0]?.querySelector('[data-testid="rocket"]')).not.toBeNull();
    expect(icons[1]?.querySelector('[data-testid="host-terminal"]')).not.toBeNull();
  });

  it('draws each workspace tool, and tools named with common verbs, with its own icon in a list, not the wrench', async () => {
    const icons: Array<[tool: string, icon: string]> = [
      ['read_file', 'file-text'],
      ['write_file', 'file-plus'],
      ['edit_file', 'file-pen'],
      ['list_files', 'folder'],
      ['glob', 'search'],
      ['grep', 'text-search'],
      ['run_command', 'terminal'],
      ['query_db', 'database'],
      ['http_request', 'globe'],
      ['send_sms', 'message-square'],
      ['git_status', 'git-branch'],
      ['deploy_app', 'server'],
      ['remove_user', 'trash-2'],
    ];
    const { container } = render(
      <ToolSteps
        group={false}
        state={stateOf(icons.map(([toolName]) => makeStep({ id: toolName, toolName, status: 'succeeded' })))}
      />,
    );
    for (const [tool, icon] of icons) {
      const drawn = () =>
        container
          .querySelector(`[data-step-id="${tool}"] [data-slot="tool-step-icon"] svg`)
          ?.getAttribute('class')
          ?.split(' ');
      // the first-paint icons are there at once; the others once their chunk is in
      await waitFor(() => expect(drawn(), tool).toContain(`lucide-${icon}`));
      expect(drawn(), tool).not.toContain('lucide-wrench');
    }
  });
});

describe('ToolStepStatus', () => {
  const expected: Record<StepStatus, { text: string; icon: string; spinning: boolean }> = {
    'input-streaming': { text: 'Preparing', icon: 'loader-circle', spinning: true },
    running: { text: 'Running', icon: 'loader-circle', spinning: true },
    'awaiting-approval': { text: 'Waiting for approval', icon: 'hand', spinning: false },
    succeeded: { text: 'Done', icon: 'circle-check', spinning: false },
    failed: { text: 'Failed', icon: 'circle-x', spinning: false },
    denied: { text: 'Denied', icon: 'ban', spinning: false },
    cancelled: { text: 'Cancelled', icon: 'circle-slash', spinning: false },
    interrupted: { text: 'Interrupted', icon: 'unplug', spinning: false },
  };

  it.each(STEP_STATUSES)('shows %s with its own icon and text', (status) => {
    const { container } = render(<ToolStepStatus step={makeStep({ status })} />);
    const indicator = slot(container, 'tool-step-status');
    expect(indicator?.getAttribute('data-status')).toBe(status);
    expect(slot(container, 'tool-step-status-text')?.textContent).toBe(expected[status].text);
    const icon = slot(container, 'tool-step-status-icon');
    expect(icon?.getAttribute('data-icon')).toBe(expected[status].icon);
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(icon?.hasAttribute('data-spinning')).toBe(expected[status].spinning);
    if (expected[status].spinning) expect(icon?.getAttribute('data-spinning')).toBe('');
  });
});

describe('ToolStepProgress', () => {
  it('shows the latest string content as it is, in no live region: a screen reader is not read every update', () => {
    const building = (content: string, count: number) =>
      stateOf([makeStep({ id: 'build', toolName: 'run_command', progress: { content, count } })]);
    const { container, rerender } = render(<ToolSteps state={building('src/cart.test.ts: 3 passed', 1)} />);
    rerender(<ToolSteps state={building('src/money.test.ts: 6 passed', 2)} />);
    const progress = slot(container, 'tool-step-progress');
    expect(progress?.textContent).toBe('src/money.test.ts: 6 passed');
    expect(progress?.getAttribute('data-count')).toBe('2');
    // nothing around it (aria-live, a status or log role, an <output>) reads its changes aloud ...
    expect(liveRegionOf(progress)).toBeNull();
    // ... and the list's own regions (the announcer's) say status changes, never the streamed text
    const regions = liveRegions(container);
    expect(regions.length).toBeGreaterThan(0);
    for (const region of regions) expect(region.textContent).not.toContain('passed');
  });

  it('shows other content as a short key/value line, never as JSON', () => {
    const { container } = render(
      <ToolStepProgress step={makeStep({ progress: { content: { files: 1, passed: [6] }, count: 1 } })} />,
    );
    expect(slot(container, 'tool-step-progress')?.textContent).toBe('files: 1 · passed: 6');
  });
});

describe('ToolStepError', () => {
  it('shows the message, the code as a badge, and data-error-code', () => {
    const { container } = render(
      <ToolStepError step={makeStep({ status: 'failed', error: { message: 'timed out', code: 'TOOL_TIMEOUT' } })} />,
    );
    const error = slot(container, 'tool-step-error');
    expect(error?.getAttribute('data-error-code')).toBe('TOOL_TIMEOUT');
    expect(slot(container, 'tool-step-error-code')?.textContent).toBe('TOOL_TIMEOUT');
    expect(slot(container, 'tool-step-error-message')?.textContent).toBe('timed out');
  });

  it('has no data-error-code and no badge without a code, and renders nothing without an error', () => {
    const { container, rerender } = render(
      <ToolStepError step={makeStep({ status: 'failed', error: { message: 'boom' } })} />,
    );
    expect(slot(container, 'tool-step-error')?.hasAttribute('data-error-code')).toBe(false);
    expect(slot(container, 'tool-step-error-code')).toBeNull();
    rerender(<ToolStepError step={makeStep({ status: 'succeeded' })} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('ToolStepApproval', () => {
  const waiting = makeStep({
    id: 'call_a',
    toolName: 'run_command',
    status: 'awaiting-approval',
    approval: { id: 'ap_1', description: 'Run "rm -rf dist"', sideEffects: ['Deletes dist/', 'Frees 40 MB'] },
  });

  it('shows the description, the side effects and buttons named exactly "Approve" and "Deny"', () => {
    const { container } = render(<ToolStepApproval step={waiting} onApprove={() => {}} onDeny={() => {}} />);
    expect(slot(container, 'tool-step-approval')).not.toBeNull();
    expect(screen.getByText('Run "rm -rf dist"')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Side effects' }).textContent).toBe('Deletes dist/Frees 40 MB');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Approve', 'Deny']);
    expect(screen.getByRole('button', { name: 'Approve' }).tagName).toBe('BUTTON');
  });

  it('shows the decision from the wire instead of buttons', () => {
    const { container } = render(
      <ToolStepApproval
        step={makeStep({ status: 'denied', approval: { decision: { approved: false, reason: 'Not now' } } })}
      />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(slot(container, 'tool-step-approval')?.getAttribute('data-decision')).toBe('denied');
    // the header says "Denied"; the card keeps only the reason, so "Denied" is said once
    expect(slot(container, 'tool-step-approval-decision')?.textContent).toBe('Reason: Not now');
  });

  it('renders nothing when nothing waits and nothing was decided', () => {
    const { container } = render(<ToolStepApproval step={makeStep({ status: 'running' })} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('hostile strings from the wire', () => {
  const hostile = {
    script: '<script>window.__pwned = 1</script>',
    link: 'javascript:alert(1)',
    img: '<img src=x onerror="window.__pwned = 1">',
  };

  it('stay inert text in every part', () => {
    const step = makeStep({
      id: hostile.script,
      toolName: hostile.img,
      status: 'failed',
      input: { path: hostile.link },
      presentation: { label: hostile.script, icon: hostile.img, detail: hostile.link },
      progress: { content: hostile.img, count: 1 },
      error: { message: hostile.img, code: hostile.script },
      result: hostile.script,
      details: { html: hostile.img, href: hostile.link },
    });
    const { container } = render(<ToolStep step={step} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('[href]')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(slot(container, 'tool-step-label')?.textContent).toBe(hostile.script);
    expect(slot(container, 'tool-step-detail')?.textContent).toBe(hostile.link);
    expect(slot(container, 'tool-step-error-message')?.textContent).toBe(hostile.img);
    expect(slot(container, 'tool-step-icon')?.getAttribute('data-icon')).toBe('wrench');
    expect(slot(container, 'tool-step')?.getAttribute('data-tool')).toBe(hostile.img);
    expect(container.textContent).toContain(hostile.script);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});

describe('approval focus (found in review)', () => {
  it('moves focus to the decision that replaces the pressed button', async () => {
    const pending = makeStep({ status: 'awaiting-approval', approval: { id: 'ap1', description: 'Deletes a file' } });
    render(<ToolStepApproval step={pending} onApprove={() => {}} onDeny={() => {}} />);
    const approve = screen.getByRole('button', { name: 'Approve' });
    approve.focus();
    await userEvent.keyboard('{Enter}');
    const decision = document.querySelector('[data-slot="tool-step-approval-decision"]');
    expect(decision?.textContent).toBe('Approved, running…');
    expect(document.activeElement).toBe(decision);
  });
});
