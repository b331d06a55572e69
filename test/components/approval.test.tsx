// Approvals people can decide on, and cancel/retry, in jsdom.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Step, ToolStep, ToolStepApproval, ToolStepApprove, ToolStepDeny, ToolSteps } from 'tool-steps';
import { inputDigest } from 'tool-steps/presentation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStep, stateOf } from './step-fixtures';

const slot = (container: Element, name: string) => container.querySelector(`[data-slot="${name}"]`);
const rowOf = (container: Element, id: string) =>
  container.querySelector(`[data-slot="tool-step"][data-step-id="${id}"]`) as HTMLElement;
const statusText = (row: Element) => slot(row, 'tool-step-status-text')?.textContent;

const LONG = `git commit -m "${'a very long message '.repeat(20)}" && git push origin main --force-with-lease`;
const waiting = (id: string, fields: Partial<Step> = {}) =>
  makeStep({
    id,
    toolName: 'run_command',
    status: 'awaiting-approval',
    input: { command: LONG, cwd: '.' },
    approval: { id: `ap_${id}`, description: 'Runs a shell command', sideEffects: ['process', 'network'] },
    ...fields,
  });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the approval card', () => {
  it("shows what will run in full, the description, side effects as chips and the host's consequences", () => {
    const consequences = vi.fn((step: Step) => (step.id === 'a' ? '47 records will be deleted' : undefined));
    const { container } = render(
      <ToolSteps state={stateOf([waiting('a')])} onApprove={() => {}} onDeny={() => {}} consequences={consequences} />,
    );
    const card = slot(container, 'tool-step-approval') as HTMLElement;
    expect(slot(card, 'tool-step-approval-input')?.textContent).toBe(LONG);
    expect(slot(card, 'tool-step-approval-description')?.textContent).toBe('Runs a shell command');
    expect(within(card).getByRole('list', { name: 'Side effects' })).toBeInTheDocument();
    expect(
      [...card.querySelectorAll('[data-slot="tool-step-approval-side-effect"]')].map((li) => li.textContent),
    ).toEqual(['process', 'network']);
    expect(within(card).getByText('Side effects', { selector: 'p' })).toBeInTheDocument();
    expect(slot(card, 'tool-step-approval-consequences-text')?.textContent).toBe('47 records will be deleted');
    expect(consequences).toHaveBeenCalledWith(expect.objectContaining({ id: 'a' }));
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Deny']);
    expect(card.hasAttribute('data-decidable')).toBe(true);
  });

  it('without onApprove/onDeny has no dead buttons: it says the call waits for approval elsewhere', () => {
    const { container } = render(<ToolSteps state={stateOf([waiting('a'), waiting('b')])} />);
    expect(screen.queryAllByRole('button', { name: /Approve|Deny/ })).toEqual([]);
    expect(slot(container, 'tool-steps-approve-all')).toBeNull();
    expect(slot(container, 'tool-step-approval-prompt')?.textContent).toBe('This call waits for approval elsewhere.');
    expect(slot(container, 'tool-step-approval-reason-input')).toBeNull();
  });

  it('passes the reason typed with either decision', async () => {
    const onApprove = vi.fn();
    const onDeny = vi.fn();
    const steps = [waiting('a'), waiting('b')];
    const { container } = render(<ToolSteps state={stateOf(steps)} onApprove={onApprove} onDeny={onDeny} />);
    const [a, b] = [rowOf(container, 'a'), rowOf(container, 'b')];
    await userEvent.type(within(a).getByLabelText('Reason (optional)'), '  ship it ');
    await userEvent.click(within(a).getByRole('button', { name: 'Approve' }));
    expect(onApprove).toHaveBeenCalledExactlyOnceWith(steps[0], {
      reason: 'ship it',
      inputDigest: inputDigest(steps[0]),
    });
    await userEvent.type(within(b).getByLabelText('Reason (optional)'), 'not on main');
    await userEvent.click(within(b).getByRole('button', { name: 'Deny' }));
    expect(onDeny).toHaveBeenCalledExactlyOnceWith(steps[1], {
      reason: 'not on main',
      inputDigest: inputDigest(steps[1]),
    });
    expect(slot(a, 'tool-step-approval-decision')?.textContent).toBe('Approved, running: ship it');
    expect(slot(b, 'tool-step-approval-decision')?.textContent).toBe('Reason: not on main');
  });

  it('after a decision the header and the card agree at once, and again once the wire says so', async () => {
    const step = waiting('a');
    const { container, rerender } = render(<ToolSteps state={stateOf([step])} onApprove={() => {}} />);
    const row = rowOf(container, 'a');
    expect(statusText(row)).toBe('Waiting for approval');
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(statusText(row)).toBe('Approved, running…');
    expect(slot(row, 'tool-step-status')?.getAttribute('data-decision')).toBe('approved');
    expect(slot(row, 'tool-step-approval-decision')?.textContent).toBe('Approved, running…');
    // a new snapshot of the still-waiting step keeps the decision made here
    rerender(<ToolSteps state={stateOf([{ ...step }])} onApprove={() => {}} />);
    expect(statusText(row)).toBe('Approved, running…');
    // the wire confirms: it runs
    const running: Step = { ...step, status: 'running', approval: { ...step.approval, decision: { approved: true } } };
    rerender(<ToolSteps state={stateOf([running])} onApprove={() => {}} />);
    expect(statusText(row)).toBe('Running');
    expect(slot(row, 'tool-step-status')?.hasAttribute('data-decision')).toBe(false);
    expect(slot(row, 'tool-step-approval-decision')?.textContent).toBe('Approved');
  });

  it('a denied row says "Denied" once', () => {
    const denied: Step = { ...waiting('a'), status: 'denied', approval: { decision: { approved: false } } };
    const { container } = render(<ToolSteps state={stateOf([denied])} />);
    expect(container.textContent?.match(/Denied/g)).toHaveLength(1);
  });
});

describe('several waiting calls', () => {
  it('are decided all at once: "Approve all 3", every row says so, focus goes to the first row', async () => {
    const onApprove = vi.fn();
    const steps = [waiting('a'), waiting('b'), waiting('c')];
    const { container } = render(
      <ToolSteps state={stateOf(steps)} onApprove={onApprove} onDeny={() => {}} approveAll />,
    );
    expect(slot(container, 'tool-steps-approve-all-text')?.textContent).toBe('3 calls wait for your approval');
    await userEvent.click(screen.getByRole('button', { name: 'Approve all 3' }));
    expect(onApprove.mock.calls.map((call) => call[0])).toEqual(steps);
    expect(['a', 'b', 'c'].map((id) => statusText(rowOf(container, id)))).toEqual(Array(3).fill('Approved, running…'));
    expect(slot(container, 'tool-steps-approve-all')).toBeNull();
    expect(document.activeElement).toBe(rowOf(container, 'a'));
  });

  it('are decided one by one: the bar counts what is left, and goes below two', async () => {
    const onDeny = vi.fn();
    const { container } = render(
      <ToolSteps
        state={stateOf([waiting('a'), waiting('b'), waiting('c')])}
        onApprove={() => {}}
        onDeny={onDeny}
        approveAll
      />,
    );
    await userEvent.click(within(rowOf(container, 'b')).getByRole('button', { name: 'Deny' }));
    expect(screen.getByRole('button', { name: 'Deny all 2' })).toBeInTheDocument();
    await userEvent.click(within(rowOf(container, 'a')).getByRole('button', { name: 'Approve' }));
    expect(slot(container, 'tool-steps-approve-all')).toBeNull();
    expect(onDeny).toHaveBeenCalledTimes(1);
  });
});

describe('what the handlers get', () => {
  it("every handler gets { reason }, {} when none was typed, so the README's (step, { reason }) reads", async () => {
    const seen: string[] = [];
    const onApprove = (step: Step, { reason }: { reason?: string }) => seen.push(`approve ${step.id} ${reason}`);
    const onDeny = (step: Step, { reason }: { reason?: string }) => seen.push(`deny ${step.id} ${reason}`);
    const { container } = render(
      <>
        <ToolSteps
          state={stateOf([waiting('a'), waiting('b'), waiting('c')])}
          onApprove={onApprove}
          onDeny={onDeny}
          approveAll
        />
        <ToolStep step={waiting('d')} onApprove={onApprove}>
          <ToolStepApprove />
        </ToolStep>
      </>,
    );
    // the card's button, "Deny all" from the bar, then a lone button drawn without a card
    await userEvent.click(within(rowOf(container, 'a')).getByRole('button', { name: 'Approve' }));
    await userEvent.click(screen.getByRole('button', { name: 'Deny all 2' }));
    const lone = [...rowOf(container, 'd').querySelectorAll('[data-slot="tool-step-approve"]')].find(
      (button) => !button.closest('[data-slot="tool-step-approval"]'),
    );
    await userEvent.click(lone as HTMLElement);
    expect(seen).toEqual(['approve a undefined', 'deny b undefined', 'deny c undefined', 'approve d undefined']);
  });

  it('a call is decided once: a button that fires twice before anything re-renders sends one decision', async () => {
    const seen: string[] = [];
    const onApprove = (step: Step) => seen.push(`approve ${step.id}`);
    const onDeny = (step: Step) => seen.push(`deny ${step.id}`);
    // a host button that calls the part's handler twice in one click (a double-bound handler)
    const twice = (props: { onClick?: (event: unknown) => void }) => (
      <button
        {...props}
        type="button"
        data-testid="twice"
        onClick={(event) => {
          props.onClick?.(event);
          props.onClick?.(event);
        }}
      />
    );
    render(
      <>
        <ToolStep step={waiting('lone')} onApprove={onApprove}>
          <ToolStepApprove render={twice} />
        </ToolStep>
        <ToolStep step={waiting('card')} onApprove={onApprove} onDeny={onDeny}>
          <ToolStepApproval>
            <ToolStepDeny render={twice} />
          </ToolStepApproval>
        </ToolStep>
      </>,
    );
    for (const button of screen.getAllByTestId('twice')) await userEvent.click(button);
    expect(seen).toEqual(['approve lone', 'deny card']);
  });

  it('a handler that throws leaves the call waiting with its buttons, and its error is not swallowed', async () => {
    const boom = new Error('the agent could not be reached');
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      errors.push(event.error);
      event.preventDefault(); // jsdom would print it
    };
    window.addEventListener('error', onError);
    let fail = true;
    const onApprove = vi.fn(() => {
      if (fail) throw boom;
    });
    const steps = [waiting('a'), waiting('b')];
    const { container } = render(
      <ToolSteps state={stateOf(steps)} onApprove={onApprove} onDeny={() => {}} approveAll />,
    );
    const row = rowOf(container, 'a');
    try {
      await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
      await userEvent.click(screen.getByRole('button', { name: 'Approve all 2' }));
    } catch (error) {
      errors.push(error); // React 18 rethrows from the dispatch as well
    } finally {
      window.removeEventListener('error', onError);
    }
    expect(errors).toContain(boom);
    // the card's press and both of the bar's were tried; none took
    expect(onApprove).toHaveBeenCalledTimes(3);
    expect(['a', 'b'].map((id) => statusText(rowOf(container, id)))).toEqual(Array(2).fill('Waiting for approval'));
    expect(slot(container, 'tool-step-approval-decision')).toBeNull();
    // asked again once the host can answer, it goes through
    fail = false;
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(onApprove).toHaveBeenLastCalledWith(steps[0], { inputDigest: inputDigest(steps[0]) });
    expect(statusText(row)).toBe('Approved, running…');
  });
});

describe('the summary line', () => {
  it('agrees with the rows at once: an approval made here runs, a denial no longer waits', async () => {
    const summary = (container: Element) => slot(container, 'tool-steps-summary') as HTMLElement;
    // waiting, the line says nothing: the card says the call waits
    const done = makeStep({ id: 'done', status: 'succeeded', startedAt: 1_000, endedAt: 3_000 });
    const approved = render(<ToolSteps state={stateOf([done, waiting('a')])} onApprove={() => {}} onDeny={() => {}} />);
    expect(summary(approved.container)).toBeNull();
    await userEvent.click(within(rowOf(approved.container, 'a')).getByRole('button', { name: 'Approve' }));
    expect(statusText(rowOf(approved.container, 'a'))).toBe('Approved, running…');
    expect(summary(approved.container).dataset.state).toBe('running');
    expect(summary(approved.container).textContent).toMatch(/^Running command/);
    approved.unmount();

    const denied = render(<ToolSteps state={stateOf([done, waiting('b')])} onApprove={() => {}} onDeny={() => {}} />);
    await userEvent.click(within(rowOf(denied.container, 'b')).getByRole('button', { name: 'Deny' }));
    expect(summary(denied.container).dataset.state).toBe('done');
    expect(summary(denied.container).textContent).toBe('Worked 2s · 2 steps');
  });
});

describe('bad input', () => {
  it('a decision for a step that already finished is ignored with a development warning; nothing else changes', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onApprove = vi.fn();
    const done = makeStep({ id: 'done', status: 'succeeded' });
    const { container } = render(
      <ToolStep step={done} onApprove={onApprove}>
        <ToolStepApprove />
      </ToolStep>,
    );
    const before = container.innerHTML;
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onApprove).not.toHaveBeenCalled();
    expect(warn.mock.calls.some((call) => String(call[0]).includes('"done" was ignored: it is succeeded'))).toBe(true);
    expect(container.innerHTML).toBe(before);
  });
});

describe('cancel and retry', () => {
  it('focus moves to the row after a press (never to the page), and the handler gets the step', async () => {
    const onCancel = vi.fn();
    const onRetry = vi.fn();
    const run = makeStep({ id: 'run', status: 'running' });
    const bad = makeStep({ id: 'bad', status: 'failed', error: { message: 'boom', code: 'TOOL_TIMEOUT' } });
    const { container, rerender } = render(
      <ToolSteps state={stateOf([run, bad])} onCancel={onCancel} onRetry={onRetry} />,
    );
    await userEvent.click(within(rowOf(container, 'run')).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledExactlyOnceWith(run);
    expect(document.activeElement).toBe(rowOf(container, 'run'));
    // the store cancels it: the button goes, focus stays on the row
    rerender(
      <ToolSteps state={stateOf([{ ...run, status: 'cancelled' }, bad])} onCancel={onCancel} onRetry={onRetry} />,
    );
    expect(document.activeElement).toBe(rowOf(container, 'run'));
    await userEvent.click(within(rowOf(container, 'bad')).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledExactlyOnceWith(bad);
    expect(document.activeElement).toBe(rowOf(container, 'bad'));
  });

  it('cancelled reads differently from failed: words and icon', () => {
    const { container } = render(
      <ToolSteps
        state={stateOf([
          makeStep({ id: 'c', status: 'cancelled' }),
          makeStep({ id: 'f', status: 'failed', error: { message: 'x' } }),
        ])}
      />,
    );
    const [c, f] = [rowOf(container, 'c'), rowOf(container, 'f')];
    expect([statusText(c), statusText(f)]).toEqual(['Cancelled', 'Failed']);
    const icon = (row: Element) => slot(row, 'tool-step-status-icon')?.getAttribute('data-icon');
    expect([icon(c), icon(f)]).toEqual(['circle-slash', 'circle-x']);
  });
});

describe('what the card says will happen', () => {
  const card = (step: Step) => {
    const { container } = render(<ToolSteps state={stateOf([step])} onApprove={() => {}} onDeny={() => {}} />);
    return { container, card: slot(container, 'tool-step-approval') as HTMLElement };
  };
  const heading = (card: Element) => slot(card, 'tool-step-approval-heading')?.textContent;
  const NOTES = '# Notes\n\n- `applyDiscount` takes a percentage.\n';

  it('a write shows the file to be written in the code view, its language from the path, under "Will write"', async () => {
    const { container, card: c } = card(
      makeStep({
        id: 'w',
        toolName: 'write_file',
        status: 'awaiting-approval',
        input: { path: 'NOTES.md', content: NOTES },
      }),
    );
    expect(heading(c)).toBe('Will write');
    expect(slot(c, 'tool-step-approval-preview')?.getAttribute('data-action')).toBe('write');
    const view = await vi.waitFor(() => {
      const found = slot(c, 'tool-step-code-view');
      if (!found) throw new Error('no code view yet');
      return found;
    });
    expect(view.getAttribute('data-language')).toBe('markdown');
    expect(slot(view, 'tool-step-code-path')?.textContent).toBe('NOTES.md');
    expect([...view.querySelectorAll('[data-slot="tool-step-code-text"]')].map((line) => line.textContent)).toEqual([
      '# Notes',
      '',
      '- `applyDiscount` takes a percentage.',
    ]);
    // no escaped JSON string of the content in the card, and the arguments wait below, closed
    expect(c.textContent).not.toContain('\\n');
    const trigger = slot(container, 'tool-step-details-trigger') as HTMLElement;
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(slot(container, 'tool-step-input')).toBeNull();
  });

  it('an edit with old and new text shows the change in the diff view, under "Will edit" (edit_file, the text editor\'s str_replace)', async () => {
    for (const [toolName, input] of [
      [
        'edit_file',
        { path: 'src/discount.mjs', old_string: 'total - percent', new_string: 'total * (1 - percent / 100)' },
      ],
      [
        'str_replace_based_edit_tool',
        {
          command: 'str_replace',
          path: 'src/discount.mjs',
          old_str: 'total - percent',
          new_str: 'total * (1 - percent / 100)',
        },
      ],
    ] as const) {
      const { card: c, container } = card(
        makeStep({ id: toolName, toolName, status: 'awaiting-approval', input: { ...input } }),
      );
      expect(heading(c)).toBe('Will edit');
      const view = await vi.waitFor(() => {
        const found = slot(c, 'tool-step-diff-view');
        if (!found) throw new Error('no diff view yet');
        return found;
      });
      expect(view.textContent).toContain('total - percent');
      expect(view.textContent).toContain('total * (1 - percent / 100)');
      container.remove();
    }
  });

  it("the verb comes from the tool: create_file and the text editor's create write, bash runs, fetch fetches, send_email sends, delete_file deletes", () => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['create_file', { path: 'a.ts', content: 'export {};\n' }, 'Will write', ''],
      ['str_replace_based_edit_tool', { command: 'create', path: 'a.ts', file_text: 'x' }, 'Will write', ''],
      ['bash', { command: 'npm test' }, 'Will run', 'npm test'],
      ['shell', { command: ['ls', '-la'] }, 'Will run', 'ls -la'],
      ['fetch', { url: 'https://example.com/a' }, 'Will fetch', 'https://example.com/a'],
      ['send_email', { to: 'ana@example.com', subject: 'Hi', body: 'Hello' }, 'Will send to', 'ana@example.com'],
      ['delete_file', { path: 'old.txt' }, 'Will delete', 'old.txt'],
      ['lookup_customer', { id: 'c_1', region: 'eu' }, 'Input', ''],
    ];
    for (const [toolName, input, words, text] of cases) {
      const { card: c, container } = card(makeStep({ id: toolName, toolName, status: 'awaiting-approval', input }));
      expect(heading(c), toolName).toBe(words);
      if (text) expect(slot(c, 'tool-step-approval-input')?.textContent, toolName).toBe(text);
      container.remove();
    }
  });

  it('a command is shown once in the card (the arguments stay closed below)', () => {
    const { card: c, container } = card(waiting('once'));
    expect(c.textContent?.split(LONG).length).toBe(2);
    expect(slot(container, 'tool-step-input')).toBeNull();
  });

  it('the headings are words of labels.approval', () => {
    const { container } = render(
      <ToolSteps
        state={stateOf([
          makeStep({
            id: 'w',
            toolName: 'write_file',
            status: 'awaiting-approval',
            input: { path: 'a', content: 'b' },
          }),
        ])}
        labels={{ approval: { willWrite: 'Schreibt' } }}
        onApprove={() => {}}
      />,
    );
    expect(slot(container, 'tool-step-approval-heading')?.textContent).toBe('Schreibt');
  });
});
