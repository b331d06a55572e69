// A progress update is drawn by what it is, never as escaped JSON: a tool's own `yield { stdout, exitCode }`
// (the AI SDK's preliminary outputs), `{ progress, total }`, other objects; and a last update that says
// nothing (a lone bracket) is not drawn in the details.
import { render, waitFor } from '@testing-library/react';
import { type Step, ToolStep, ToolSteps } from 'tool-steps';
import { emptyStepsState, reduceSteps } from 'tool-steps/core';
import { eventsFromText } from 'tool-steps/wires';
import { describe, expect, it } from 'vitest';
import { makeStep } from './step-fixtures';

const slot = (root: ParentNode, name: string) => root.querySelector<HTMLElement>(`[data-slot="${name}"]`);
const sse = (...chunks: unknown[]) => chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('');

const running = (content: unknown): Step =>
  makeStep({ toolName: 'run_tests', status: 'running', progress: { content, count: 1 } });

describe('progress drawn by kind', () => {
  it("an AI SDK tool's preliminary { stdout, exitCode } reads as its output's last line", () => {
    // the stream so far (the call still runs): its events without the end a whole capture gets
    const events = eventsFromText(
      sse(
        { type: 'start' },
        { type: 'tool-input-available', toolCallId: 'c1', toolName: 'run_tests', input: {} },
        {
          type: 'tool-output-available',
          toolCallId: 'c1',
          output: { stdout: '$ npm test\n✔ adds (2 ms)\n✔ subtracts (1 ms)\n', exitCode: null },
          preliminary: true,
        },
      ),
      { protocol: 'ai-sdk' },
    ).filter((event) => event.type !== 'run-abort' && event.type !== 'run-finish');
    const state = reduceSteps(emptyStepsState, events);
    expect(state.byId.c1?.status).toBe('running');
    const { container } = render(<ToolSteps state={state} />);
    const progress = slot(container, 'tool-step-progress');
    expect(progress?.textContent).toBe('✔ subtracts (1 ms)');
    expect(container.textContent).not.toMatch(/stdout|\\n|exitCode/);
  });

  it('stderr counts as output too; an object with a message reads as the message', () => {
    const stderr = render(<ToolStep step={running({ stdout: 'building', stderr: 'warning: slow\n' })} />);
    expect(slot(stderr.container, 'tool-step-progress')?.textContent).toBe('warning: slow');
    const message = render(<ToolStep step={running({ message: 'Indexing 3 files', phase: 2 })} />);
    expect(slot(message.container, 'tool-step-progress')?.textContent).toBe('Indexing 3 files');
  });

  it('a { progress, total } update draws the bar and "2 of 4", with no JSON', () => {
    const { container } = render(<ToolStep step={running({ progress: 2, total: 4 })} />);
    const progress = slot(container, 'tool-step-progress') as HTMLElement;
    expect(progress.hasAttribute('data-determinate')).toBe(true);
    expect((slot(progress, 'tool-step-progress-bar') as HTMLProgressElement).value).toBe(2);
    expect(progress.textContent).toBe('2 of 4');
  });

  it('any other object is a short key/value line', () => {
    const { container } = render(
      <ToolStep step={running({ files: 3, phase: 'scan', done: false, nested: { a: 1 }, extra: 'x', more: 1 })} />,
    );
    expect(slot(container, 'tool-step-progress')?.textContent).toBe('files: 3 · phase: scan · done: false · extra: x');
  });
});

describe('the last update in the details', () => {
  const ended = (content: unknown): Step =>
    makeStep({
      toolName: 'run_command',
      status: 'failed',
      input: { command: 'npm test' },
      error: { message: 'Timed out' },
      progress: { content, count: 9 },
    });

  it('is not drawn when it is a lone bracket (the last line of a JSON print)', async () => {
    const { container } = render(<ToolStep step={ended('}')} defaultOpen />);
    // the details body (a lazy chunk) has drawn its sections
    await waitFor(() => expect(slot(container, 'tool-step-details-section')).not.toBeNull());
    expect(slot(container, 'tool-step-last-update')).toBeNull();
  });

  it("shows a command's whole output when the update was an object with stdout", async () => {
    const { container } = render(<ToolStep step={ended({ stdout: 'line 1\nline 2\n', exitCode: null })} defaultOpen />);
    await waitFor(() => expect(slot(container, 'tool-step-last-update')?.textContent).toBe('line 1\nline 2\n'));
  });
});
