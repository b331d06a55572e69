import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { StepEvent } from 'tool-steps/core';
import { eventsFromText } from 'tool-steps/wires';
import aiSdkApproval from '../test/fixtures/ai-sdk-approval.sse?raw';
import aiSdkApprovalContinued from '../test/fixtures/ai-sdk-approval-continued.sse?raw';
import aiSdkPreliminary from '../test/fixtures/ai-sdk-preliminary.sse?raw';
import anviaApprovalSuspend from '../test/fixtures/anvia-client-approval-suspend.jsonl?raw';
import anviaStreamTools from '../test/fixtures/anvia-client-stream-tools.jsonl?raw';
import cogitatorWebSocket from '../test/fixtures/cogitator-ws-workspace-edit.jsonl?raw';
import nativeRun from '../test/fixtures/native-run.jsonl?raw';
import { part, stepRow, summarize } from './support/dom';
import { type RecordingStoryArgs, renderRecording, replayedAll, statuses } from './support/recordings';

/**
 * One recording per wire format, each decoded with protocol `'auto'` and replayed through a real
 * store: the same rows whatever the agent speaks.
 */
const recordings = {
  /** Vercel AI SDK UI message stream (ai 7): a tool that yields preliminary results, then its output. */
  'ai-sdk-preliminary': eventsFromText(aiSdkPreliminary),
  /** AI SDK: two calls wait for approval, then the continued message answers them (one approved, one denied). */
  'ai-sdk-approval': [...eventsFromText(aiSdkApproval), ...eventsFromText(aiSdkApprovalContinued)],
  /** Anvia `anvia.client.v3` JSONL: a search, a failed quote, a chart. */
  'anvia-tools': eventsFromText(anviaStreamTools),
  /** Anvia: a refund suspends the run for approval. */
  'anvia-suspended': eventsFromText(anviaApprovalSuspend),
  /** The kit's own StepEvent JSONL. */
  native: eventsFromText(nativeRun),
  /** Cogitator's WebSocket frames for the workspace-edit run. */
  'cogitator-websocket': eventsFromText(cogitatorWebSocket),
} satisfies Record<string, StepEvent[]>;

type RecordingName = keyof typeof recordings;

const meta = {
  title: 'Recipes/Protocols',
  args: { recording: 'native', onApprove: fn(), onDeny: fn() },
  argTypes: {
    recording: { control: 'select', options: Object.keys(recordings) },
  },
  render: renderRecording(recordings),
} satisfies Meta<RecordingStoryArgs<RecordingName>>;

export default meta;
type Story = StoryObj<typeof meta>;

const replayed = (canvasElement: HTMLElement, recording: RecordingName) =>
  replayedAll(canvasElement, recordings[recording]);

/** The native format: progress, a terminal result, a timeout with its code and an approval that pauses the run. */
export const ReplayNative: Story = {
  args: { recording: 'native' },
  play: async ({ canvasElement, args }) => {
    await replayed(canvasElement, 'native');
    await expect(summarize(canvasElement)).toEqual([
      {
        id: 'n1',
        tool: 'read_file',
        status: 'succeeded',
        icon: 'file-text',
        label: 'Read file',
        detail: 'src/index.ts',
      },
      { id: 'n2', tool: 'run_command', status: 'succeeded', icon: 'play', label: 'Run tests', detail: 'npm test' },
      {
        id: 'n3',
        tool: 'web_fetch',
        status: 'failed',
        icon: 'globe',
        label: 'Fetch page',
        detail: 'https://example.com/changelog',
      },
      {
        id: 'n4',
        tool: 'run_command',
        status: 'awaiting-approval',
        icon: 'terminal',
        label: 'Run command',
        detail: 'git push origin main',
      },
    ]);
    await expect(part(stepRow(canvasElement, 'n3'), 'tool-step-error')).toHaveAttribute(
      'data-error-code',
      'TOOL_TIMEOUT',
    );
    await userEvent.click(within(stepRow(canvasElement, 'n4')).getByRole('button', { name: 'Approve' }));
    await expect(args.onApprove).toHaveBeenCalledWith(expect.objectContaining({ id: 'n4' }), expect.any(Object));
  },
};

/** AI SDK: preliminary outputs are progress; the last, unflagged output is the result. */
export const ReplayAiSdk: Story = {
  args: { recording: 'ai-sdk-preliminary' },
  play: async ({ canvasElement }) => {
    await replayed(canvasElement, 'ai-sdk-preliminary');
    await expect(statuses(canvasElement)).toEqual(['countdown:succeeded']);
  },
};

/** AI SDK: approvals across a continued message; the same steps carry on, one approved, one denied. */
export const ReplayAiSdkApproval: Story = {
  args: { recording: 'ai-sdk-approval' },
  play: async ({ canvasElement }) => {
    await replayed(canvasElement, 'ai-sdk-approval');
    await expect(statuses(canvasElement)).toEqual(['delete_file:succeeded', 'delete_file:denied']);
  },
};

/** Anvia's client stream: a failed call keeps Anvia's own error code. */
export const ReplayAnvia: Story = {
  args: { recording: 'anvia-tools' },
  play: async ({ canvasElement }) => {
    await replayed(canvasElement, 'anvia-tools');
    await expect(statuses(canvasElement)).toEqual([
      'search_orders:succeeded',
      'get_shipping_quote:failed',
      'render_chart:succeeded',
    ]);
    await expect(part(stepRow(canvasElement, 'fc_68b1c2d3e4f5a6b7c8d9e0f2'), 'tool-step-error')).toHaveAttribute(
      'data-error-code',
      'tool_execution_error',
    );
  },
};

/** Anvia: a run suspended for approval shows the call waiting, with its buttons. */
export const ReplayAnviaSuspended: Story = {
  args: { recording: 'anvia-suspended' },
  play: async ({ canvasElement }) => {
    await replayed(canvasElement, 'anvia-suspended');
    await expect(statuses(canvasElement)).toEqual(['refund_order:awaiting-approval']);
    const row = stepRow(canvasElement, 'toolu_01Zp4nW8qR1tY6uI3oP9aS2d');
    await expect(within(row).getByRole('button', { name: 'Approve' })).toBeVisible();
  },
};

/** Cogitator over WebSocket: the same rows as the SSE recording of the same run. */
export const ReplayCogitatorWebSocket: Story = {
  args: { recording: 'cogitator-websocket' },
  play: async ({ canvasElement }) => {
    await replayed(canvasElement, 'cogitator-websocket');
    await expect(statuses(canvasElement)).toEqual([
      'read_file:succeeded',
      'grep:succeeded',
      'edit_file:succeeded',
      'edit_file:succeeded',
    ]);
  },
};
