import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ToolSteps } from 'tool-steps';
import { emptyStepsState, reduceSteps } from 'tool-steps/core';
import { eventsFromText } from 'tool-steps/wires';

const meta = {
  title: 'Components/Tool steps/Mastra sub-agent',
  component: ToolSteps,
} satisfies Meta<typeof ToolSteps>;

export default meta;
type Story = StoryObj<typeof meta>;

const readCall = { toolCallId: 'r1', toolName: 'read_file', args: { path: 'src/components/PriceTag.tsx' } };
const readResult = { toolCallId: 'r1', toolName: 'read_file', result: 'export function PriceTag() { … }' };
const grepCall = { toolCallId: 'g1', toolName: 'grep', args: { pattern: 'formatUsd' } };
const reasoning = ['The minus sign comes from the formatter. ', 'I will read PriceTag, then search its callers.'];

/** The snapshot Mastra's `@mastra/ai-sdk` writes for a delegated agent's run. */
const snapshot = (data: Record<string, unknown>) => ({
  type: 'data-tool-agent',
  id: 'reviewer-run',
  data: { text: '', reasoning, toolCalls: [], toolResults: [], steps: [], status: 'running', ...data },
});

/** A supervisor delegates to its `reviewer` agent (`agent-reviewer`); the reviewer reads a file and searches. */
const chunks = [
  { type: 'start', messageId: 'msg-1' },
  { type: 'start-step' },
  {
    type: 'tool-input-available',
    toolCallId: 'call-reviewer',
    toolName: 'agent-reviewer',
    input: { prompt: 'Why is the price sign wrong?' },
  },
  snapshot({ reasoning: reasoning.slice(0, 1) }),
  snapshot({ toolCalls: [readCall] }),
  snapshot({ toolCalls: [readCall], toolResults: [readResult] }),
  snapshot({ steps: [{ toolCalls: [readCall], toolResults: [readResult] }], toolCalls: [grepCall] }),
  snapshot({
    text: 'formatUsd writes a hyphen; the test expects U+2212.',
    steps: [
      { toolCalls: [readCall], toolResults: [readResult] },
      { toolCalls: [grepCall], toolResults: [{ toolCallId: 'g1', toolName: 'grep', result: '3 matches' }] },
    ],
    status: 'finished',
  }),
  { type: 'tool-output-available', toolCallId: 'call-reviewer', output: { text: 'formatUsd writes a hyphen.' } },
  { type: 'finish-step' },
  { type: 'finish' },
];

const recording = `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`;

/** The reviewer's calls and its reasoning are drawn under the call that started it, behind its count. */
export const MastraSubAgent: Story = {
  args: { state: reduceSteps(emptyStepsState, eventsFromText(recording, { protocol: 'ai-sdk' })) },
  play: async ({ canvasElement }) => {
    const trigger = canvasElement.querySelector<HTMLElement>('[data-slot="tool-step-nested-trigger"]') as HTMLElement;
    await expect(trigger).toBeTruthy();
    if (trigger.getAttribute('aria-expanded') !== 'true') await userEvent.click(trigger);
    const nested = canvasElement.querySelector<HTMLElement>('[data-slot="tool-steps"][data-nested]') as HTMLElement;
    await expect(within(nested).getByText(/read_file|Read/i)).toBeTruthy();
    await expect(nested.querySelectorAll('[data-slot="tool-steps-thought"]').length).toBe(1);
  },
};
