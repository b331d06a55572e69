// biome-ignore-all lint/correctness/noComponentHookFactories: the README's examples define their components where the README does
// biome-ignore-all lint/suspicious/noArrayIndexKey: a message's parts are positional, as in the README
// biome-ignore-all lint/a11y/useHeadingContent: the heading gets its text from ToolStepLabel
// The README's examples, written as the README writes them, rendered: the docs stay true (a renamed
// prop or part fails the type check or these assertions).

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  isToolUIPart,
  type Step,
  stepFromToolUIPart,
  stepsFromText,
  ToolStep,
  ToolStepDetails,
  ToolStepDetailsContent,
  ToolStepDetailsTrigger,
  ToolStepHeader,
  ToolStepIcon,
  ToolStepLabel,
  ToolStepRoot,
  ToolStepStatus,
  ToolSteps,
} from 'tool-steps';
import { describe, expect, it, vi } from 'vitest';
import { makeStep, stateOf } from './step-fixtures';

const slot = (root: Element, name: string) => root.querySelector(`[data-slot="${name}"]`);

describe('README: steps inside each chat message', () => {
  // the shape of an AI SDK UIMessage with a text part and a tool part waiting for approval
  const message = {
    id: 'm1',
    role: 'assistant' as const,
    parts: [
      { type: 'text', text: 'I will delete the old report.' },
      {
        type: 'tool-delete_file',
        toolCallId: 'call-1',
        state: 'approval-requested',
        input: { path: 'old/report.csv' },
        approval: { id: 'approval-1' },
      },
    ],
  };

  function Chat({
    addToolApprovalResponse,
  }: {
    addToolApprovalResponse: (r: { id: string; approved: boolean }) => void;
  }) {
    const decide = (step: Step, approved: boolean) => {
      if (step.approval?.id) addToolApprovalResponse({ id: step.approval.id, approved });
    };
    return [message].map((m) => (
      <article key={m.id}>
        {m.parts.map((part, index) => {
          if (part.type === 'text') return <p key={index}>{(part as { text: string }).text}</p>;
          const step = isToolUIPart(part) ? stepFromToolUIPart(part) : undefined;
          return step ? (
            <ToolStep key={step.id} step={step} onApprove={(s) => decide(s, true)} onDeny={(s) => decide(s, false)} />
          ) : null;
        })}
      </article>
    ));
  }

  it('draws the text and a derived row in message order, and approves through useChat', async () => {
    const addToolApprovalResponse = vi.fn();
    const { container } = render(<Chat addToolApprovalResponse={addToolApprovalResponse} />);
    const article = container.querySelector('article') as HTMLElement;
    expect(article.firstElementChild?.tagName).toBe('P');
    const row = slot(article, 'tool-step') as HTMLElement;
    expect(row.tagName).toBe('DIV');
    expect(row.getAttribute('data-status')).toBe('awaiting-approval');
    expect(slot(row, 'tool-step-label')?.textContent).toBe('Delete file');
    expect(slot(row, 'tool-step-icon')?.getAttribute('data-icon')).toBe('trash-2');
    expect(slot(row, 'tool-step-detail')?.textContent).toBe('old/report.csv');
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(addToolApprovalResponse).toHaveBeenCalledWith({ id: 'approval-1', approved: true });
  });
});

describe('README: tools', () => {
  function WeatherCard({ data }: { data: unknown }) {
    return <output data-testid="weather">{(data as { tempC: number }).tempC} °C</output>;
  }

  it('names a tool with functions of the step and draws a whole row of its own', () => {
    const steps = [
      makeStep({
        id: 'o',
        toolName: 'search_orders',
        status: 'succeeded',
        input: { customer: 'acme' },
        result: [1, 2, 3],
      }),
      makeStep({
        id: 'w',
        toolName: 'get_weather',
        status: 'succeeded',
        input: { city: 'Lisbon' },
        result: { tempC: 19 },
      }),
    ];
    const { container } = render(
      <ToolSteps
        state={stateOf(steps)}
        tools={{
          search_orders: {
            label: (step) =>
              step.status === 'succeeded' ? `Found ${(step.result as unknown[]).length} orders` : undefined,
            icon: 'shopping-cart',
            detail: (step) => (step.input as { customer?: string } | undefined)?.customer,
          },
          get_weather: {
            Row: ({ step, parts, children }) => (
              <ToolStepRoot>
                {parts.header}
                {step.status === 'succeeded' ? <WeatherCard data={step.result} /> : parts.details}
                {children}
              </ToolStepRoot>
            ),
          },
        }}
      />,
    );
    const orders = container.querySelector('[data-step-id="o"]') as HTMLElement;
    expect(slot(orders, 'tool-step-label')?.textContent).toBe('Found 3 orders');
    expect(slot(orders, 'tool-step-icon')?.getAttribute('data-icon')).toBe('shopping-cart');
    expect(slot(orders, 'tool-step-detail')?.textContent).toBe('acme');
    const weather = container.querySelector('[data-step-id="w"]') as HTMLElement;
    expect(weather.tagName).toBe('LI');
    expect(within(weather).getByTestId('weather').textContent).toBe('19 °C');
    expect(slot(weather, 'tool-step-label')?.textContent).toBe('Got weather');
  });
});

describe('README: composable parts', () => {
  it('swaps elements with render, as an element and as a function of the state', async () => {
    const step = makeStep({
      id: 's',
      toolName: 'read_file',
      status: 'succeeded',
      input: { path: 'a.ts' },
      result: 'x',
    });
    const { container } = render(
      <ToolStepRoot step={step} render={<section className="my-row" />}>
        <ToolStepHeader>
          <ToolStepIcon /> <ToolStepLabel render={<h3 />} /> <ToolStepStatus />
        </ToolStepHeader>
        <ToolStepDetails>
          <ToolStepDetailsTrigger render={(props, { open }) => <button {...props}>{open ? 'Hide' : 'Show'}</button>} />
          <ToolStepDetailsContent />
        </ToolStepDetails>
      </ToolStepRoot>,
    );
    const root = container.firstElementChild as HTMLElement;
    expect(root.tagName).toBe('SECTION');
    expect(root.className).toBe('tool-step my-row');
    expect(root.getAttribute('data-slot')).toBe('tool-step');
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Read file');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(root.getAttribute('data-state')).toBe('open');
    expect(screen.getByRole('button', { name: 'Hide' })).toBeTruthy();
  });
});

describe('README: a finished capture', () => {
  it('draws stepsFromText(capture) with no store', () => {
    const capture =
      'data: {"type":"step-start","id":"c1","toolName":"read_file"}\n\n' +
      'data: {"type":"step-input","id":"c1","input":{"path":"src/a.ts"}}\n\n' +
      'data: {"type":"step-result","id":"c1","result":"export const a = 1;"}\n\n';
    const { container } = render(<ToolSteps state={stepsFromText(capture)} />);
    const row = slot(container, 'tool-step') as HTMLElement;
    expect(row.getAttribute('data-status')).toBe('succeeded');
    expect(slot(row, 'tool-step-detail')?.textContent).toBe('src/a.ts');
  });
});

describe("README: the derived presentation's table", () => {
  // each row of the table, read from the README itself: `name {key: "value"}`, status | icon · **Label** detail
  const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
  const rows = [
    ...readme.matchAll(/^\| `(\S+) \{(\w+): "([^"]*)"\}`, (\w+) +\| (\S+)(?: icon)? · \*\*([^*]+)\*\* (.*?) *\|$/gm),
  ];
  const statuses: Record<string, Step['status']> = {
    succeeded: 'succeeded',
    running: 'running',
    waiting: 'awaiting-approval',
  };

  it('has its rows', () => {
    expect(rows.map((m) => m[1])).toEqual([
      'delete_file',
      'getWeather',
      'search-orders',
      'mcp__github__create_issue',
      'execute_sql',
    ]);
  });

  it.each(rows.map((m) => [m[1], m.slice(2)] as const))('%s draws what the table says', (toolName, fields) => {
    const [key, value, status, icon, label, detail] = fields as string[];
    const step = makeStep({ toolName, input: { [key as string]: value }, status: statuses[status as string] });
    const { container } = render(<ToolStep step={step} />);
    const icons: Record<string, string> = { trash: 'trash-2' };
    expect({
      icon: slot(container, 'tool-step-icon')?.getAttribute('data-icon'),
      label: slot(container, 'tool-step-label')?.textContent,
      detail: slot(container, 'tool-step-detail')?.textContent,
    }).toEqual({ icon: icons[icon as string] ?? icon, label, detail });
  });
});
