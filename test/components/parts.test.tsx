// biome-ignore-all lint/correctness/noComponentHookFactories: test probes and counting components close over the store and counters of their own test
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ComponentType, createRef } from 'react';
import {
  STEP_STATUSES,
  type StepStatus,
  statusIndicators,
  ToolStep,
  ToolStepApproval,
  ToolStepDetail,
  ToolStepDetails,
  ToolStepDuration,
  ToolStepError,
  ToolStepIcon,
  ToolStepLabel,
  ToolStepProgress,
  ToolStepRoot,
  ToolStepStatus,
  toolIcons,
} from 'tool-steps';
import { describe, expect, it } from 'vitest';
import { makeStep } from './step-fixtures';

const slot = (container: Element, name: string) => container.querySelector(`[data-slot="${name}"]`);

describe('ToolStepRoot', () => {
  it('renders one <li> with the step id, tool and status, and passes unknown props and the ref through', () => {
    const ref = createRef<HTMLLIElement>();
    const { container } = render(
      <ol>
        <ToolStepRoot
          ref={ref}
          step={makeStep({ id: 'call_9', toolName: 'grep', status: 'running' })}
          className="mine"
          data-extra="x"
        />
      </ol>,
    );
    const li = container.querySelector('li');
    expect(li).toBe(ref.current);
    expect(li?.getAttribute('data-slot')).toBe('tool-step');
    expect(li?.getAttribute('data-step-id')).toBe('call_9');
    expect(li?.getAttribute('data-tool')).toBe('grep');
    expect(li?.getAttribute('data-status')).toBe('running');
    expect(li?.className).toBe('mine');
    expect(li?.getAttribute('data-extra')).toBe('x');
  });

  it('writes data-expanded and data-has-details as presence attributes, never "true"/"false"', () => {
    const { container, rerender } = render(
      <ol>
        <ToolStepRoot step={makeStep({ result: 'text' })} expanded />
      </ol>,
    );
    const li = container.querySelector('li');
    expect(li?.getAttribute('data-expanded')).toBe('');
    expect(li?.getAttribute('data-has-details')).toBe('');
    rerender(
      <ol>
        <ToolStepRoot step={makeStep({ inputText: '' })} expanded={false} />
      </ol>,
    );
    expect(li?.hasAttribute('data-expanded')).toBe(false);
    expect(li?.hasAttribute('data-has-details')).toBe(false);
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
    expect(screen.getByText('Edit file').getAttribute('data-slot')).toBe('tool-step-label');
    expect(screen.getByText('a.ts').getAttribute('data-slot')).toBe('tool-step-detail');
  });

  it('explains what is missing when a part has no step at all', () => {
    expect(() => render(<ToolStepLabel />)).toThrow(
      '<ToolStepLabel> has no step to draw: render it inside <ToolStepRoot step={…}> (or <ToolStep>), or pass it a `step` prop.',
    );
  });
});

describe('every part', () => {
  const step = makeStep({
    status: 'awaiting-approval',
    input: { path: 'a.ts' },
    progress: { content: 'p', count: 1 },
    error: { message: 'e' },
    startedAt: 0,
    endedAt: 5,
  });
  const parts = [
    ['tool-step-icon', 'SPAN', ToolStepIcon],
    ['tool-step-label', 'SPAN', ToolStepLabel],
    ['tool-step-detail', 'SPAN', ToolStepDetail],
    ['tool-step-status', 'SPAN', ToolStepStatus],
    ['tool-step-duration', 'TIME', ToolStepDuration],
    ['tool-step-progress', 'DIV', ToolStepProgress],
    ['tool-step-details', 'DIV', ToolStepDetails],
    ['tool-step-error', 'DIV', ToolStepError],
    ['tool-step-approval', 'DIV', ToolStepApproval],
  ] as const;

  it.each(parts)('%s renders one <%s>, forwards its ref and passes unknown props through', (name, tag, Part) => {
    const ref = createRef<HTMLElement>();
    const Any = Part as unknown as ComponentType<Record<string, unknown>>;
    const { container } = render(<Any step={step} ref={ref} className="host" data-host="yes" title="t" />);
    const element = slot(container, name);
    expect(element?.tagName).toBe(tag);
    expect(ref.current).toBe(element);
    expect(element?.className).toBe('host');
    expect(element?.getAttribute('data-host')).toBe('yes');
    expect(element?.getAttribute('title')).toBe('t');
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

  it('covers the workspace tools and about forty common verbs', () => {
    for (const name of [
      'file-text',
      'file-plus',
      'file-pen',
      'folder',
      'search',
      'text-search',
      'terminal',
      'wrench',
    ]) {
      expect(Object.hasOwn(toolIcons, name), name).toBe(true);
    }
    expect(Object.keys(toolIcons).length).toBeGreaterThanOrEqual(40);
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

  it('has an indicator for every status and no other', () => {
    expect(Object.keys(statusIndicators).sort()).toEqual([...STEP_STATUSES].sort());
  });
});

describe('ToolStepProgress', () => {
  it('shows the latest string content as it is, in a polite live region', () => {
    const { container } = render(
      <ToolStepProgress step={makeStep({ progress: { content: 'src/money.test.ts: 6 passed', count: 2 } })} />,
    );
    const progress = slot(container, 'tool-step-progress');
    expect(progress?.getAttribute('aria-live')).toBe('polite');
    expect(progress?.textContent).toBe('src/money.test.ts: 6 passed');
    expect(progress?.getAttribute('data-count')).toBe('2');
  });

  it('shows other content as compact JSON', () => {
    const { container } = render(
      <ToolStepProgress step={makeStep({ progress: { content: { files: 1, passed: [6] }, count: 1 } })} />,
    );
    expect(slot(container, 'tool-step-progress')?.textContent).toBe('{"files":1,"passed":[6]}');
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
    expect(slot(container, 'tool-step-approval-decision')?.textContent).toBe('Denied: Not now');
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
    const { container } = render(
      <ol>
        <ToolStep step={step} />
      </ol>,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('[href]')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(slot(container, 'tool-step-label')?.textContent).toBe(hostile.script);
    expect(slot(container, 'tool-step-detail')?.textContent).toBe(hostile.link);
    expect(slot(container, 'tool-step-error-message')?.textContent).toBe(hostile.img);
    expect(slot(container, 'tool-step-icon')?.getAttribute('data-icon')).toBe('wrench');
    expect(container.querySelector('li')?.getAttribute('data-tool')).toBe(hostile.img);
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
    expect(decision?.textContent).toBe('Approved');
    expect(document.activeElement).toBe(decision);
  });
});
