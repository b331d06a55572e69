import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { StepEvent } from 'tool-steps/core';
import { createMcpTracker, eventsFromText } from 'tool-steps/wires';
import agUiInterrupt from '../test/fixtures/wires/ag-ui-interrupt.1.sse?raw';
import agUiRunError from '../test/fixtures/wires/ag-ui-run-error.sse?raw';
import agUiSubagent from '../test/fixtures/wires/ag-ui-subagent-cancelled.sse?raw';
import agUiTools from '../test/fixtures/wires/ag-ui-tools.sse?raw';
import mcpElicitDecline from '../test/fixtures/wires/mcp-elicit-decline.jsonl?raw';
import mcpLinks from '../test/fixtures/wires/mcp-links.jsonl?raw';
import mcpMedia from '../test/fixtures/wires/mcp-media.jsonl?raw';
import mcpProgress from '../test/fixtures/wires/mcp-progress.jsonl?raw';
import mcpThrown from '../test/fixtures/wires/mcp-thrown.jsonl?raw';
import { part, stepRow } from './support/dom';
import { type RecordingStoryArgs, renderRecording, replayedAll, statuses } from './support/recordings';

/** MCP recordings (both directions of the JSON-RPC wire) read by the generic tracker, one step per call. */
function mcpEvents(recordings: Record<string, string>): StepEvent[] {
  const events: StepEvent[] = [{ type: 'run-start' }];
  for (const [id, text] of Object.entries(recordings)) {
    const tracker = createMcpTracker({ emit: (e) => events.push(...e), stepId: () => id });
    for (const line of text.trim().split('\n')) {
      const { dir, message } = JSON.parse(line) as { dir: string; message: unknown };
      if (dir === 'client->server') tracker.sent(message);
      else tracker.received(message);
    }
  }
  return events;
}

/** A server's own tool icon (`tools/list` `icons`): a 32×32 PNG as a data URL, so the story fetches nothing. */
const SEARCH_ICON =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAk0lEQVR42u3XQQ6AMAgEwH7Af/sA/1tvpprGsFu2cICEm5aJqS204zrbJ7s4X/V2Fp5Cooo/iBSAHpkQYBZbAJaQAJiQAthnKACy8ArCBED3yTKAXYx5rwAFyPkXpDgH2JNQClDcCW63IYtw7QcYhHtHhCIkLRmCkPWEVoS0KbUg5F1x6BcYEX97oCajFMNp2Hh+A8CQrkyX+wXgAAAAAElFTkSuQmCC';

/**
 * An MCP search caught mid-call (the recorded `search_files` up to its second progress notification, its
 * tool listed with an icon) beside a call whose progress has no total: the bar and its text, then text only.
 */
function mcpMidCall(): StepEvent[] {
  const events: StepEvent[] = [{ type: 'run-start' }];
  const tracker = createMcpTracker({
    emit: (e) => events.push(...e),
    tools: [
      {
        name: 'search_files',
        title: 'Search files',
        icons: [{ src: SEARCH_ICON, mimeType: 'image/png', sizes: ['32x32'] }],
      },
      { name: 'hang', title: 'Wait for the index' },
    ],
    stepId: ({ name }) => `mcp_${name}`,
  });
  const lines = mcpProgress
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { message: Record<string, unknown> });
  // The call and its first two updates; the listing is left out so the tools above (with the icon) stay.
  const call = lines.filter(
    ({ message }) => message.method === 'tools/call' || message.method === 'notifications/progress',
  );
  for (const { message } of call.slice(0, 3)) {
    if (message.method === 'tools/call') tracker.sent(message);
    else tracker.received(message);
  }
  tracker.sent({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'hang', _meta: { progressToken: 9 } } });
  tracker.received({
    jsonrpc: '2.0',
    method: 'notifications/progress',
    params: { progressToken: 9, progress: 40, message: 'Waiting for the index to build' },
  });
  return events;
}

/**
 * AG-UI and MCP recordings (test/fixtures/wires/), decoded with protocol `'auto'` (AG-UI) or read by
 * `createMcpTracker` (MCP), and replayed through a real store.
 */
const recordings = {
  /** AG-UI: parallel calls, a result with an image, activity progress, a frontend tool left running. */
  'ag-ui-tools': eventsFromText(agUiTools),
  /** AG-UI: chunked calls, a failure only the messages snapshot carries, an interrupt as an approval. */
  'ag-ui-interrupt': eventsFromText(agUiInterrupt),
  /** AG-UI: a producer's error on a result, then RUN_ERROR with a call half streamed. */
  'ag-ui-run-error': eventsFromText(agUiRunError),
  /** AG-UI: a sub-agent's call nested under the call that started it; the run is cancelled. */
  'ag-ui-subagent': eventsFromText(agUiSubagent),
  /** MCP: progress with a total, media content, resource links as sources, a thrown error, a declined elicitation. */
  mcp: mcpEvents({
    mcp_search: mcpProgress,
    mcp_chart: mcpMedia,
    mcp_docs: mcpLinks,
    mcp_deploy: mcpThrown,
    mcp_delete: mcpElicitDecline,
  }),
  /** MCP mid-call: a determinate bar from `notifications/progress` with a total, the tool's own icon. */
  'mcp-progress': mcpMidCall(),
} satisfies Record<string, StepEvent[]>;

type RecordingName = keyof typeof recordings;

const meta = {
  title: 'Recipes/Protocols (AG-UI and MCP)',
  args: { recording: 'ag-ui-tools', onApprove: fn(), onDeny: fn() },
  argTypes: {
    recording: { control: 'select', options: Object.keys(recordings) },
  },
  render: renderRecording(recordings),
} satisfies Meta<RecordingStoryArgs<RecordingName>>;

export default meta;
type Story = StoryObj<typeof meta>;

const replayed = (canvasElement: HTMLElement, recording: RecordingName) =>
  replayedAll(canvasElement, recordings[recording]);

/** AG-UI: the frontend tool `confirm_deploy` stays running after the run: the client runs it. */
export const ReplayAgUi: Story = {
  args: { recording: 'ag-ui-tools' },
  play: async ({ canvasElement }) => {
    await replayed(canvasElement, 'ag-ui-tools');
    await expect(statuses(canvasElement)).toEqual(['read_file:succeeded', 'grep:succeeded', 'confirm_deploy:running']);
  },
};

/** AG-UI: the failure of `write_file` arrives only in MESSAGES_SNAPSHOT; the interrupt asks about `delete_branch`. */
export const ReplayAgUiInterrupt: Story = {
  args: { recording: 'ag-ui-interrupt' },
  play: async ({ canvasElement, args }) => {
    await replayed(canvasElement, 'ag-ui-interrupt');
    await expect(statuses(canvasElement)).toEqual([
      'list_files:succeeded',
      'write_file:failed',
      'delete_branch:awaiting-approval',
    ]);
    await expect(part(stepRow(canvasElement, 'call_w'), 'tool-step-error')).toHaveTextContent(/EACCES/);
    await userEvent.click(within(stepRow(canvasElement, 'call_d')).getByRole('button', { name: 'Approve' }));
    await expect(args.onApprove).toHaveBeenCalledWith(expect.objectContaining({ id: 'call_d' }), expect.any(Object));
  },
};

/** AG-UI: the result that says it failed is a failure; the call cut by RUN_ERROR is interrupted. */
export const ReplayAgUiRunError: Story = {
  args: { recording: 'ag-ui-run-error' },
  play: async ({ canvasElement }) => {
    await replayed(canvasElement, 'ag-ui-run-error');
    await expect(statuses(canvasElement)).toEqual(['web_search:failed', 'fetch_page:interrupted']);
  },
};

/** AG-UI: a sub-agent's search nested under `research`; the cancelled run cancels what was still running. */
export const ReplayAgUiSubagent: Story = {
  args: { recording: 'ag-ui-subagent' },
  play: async ({ canvasElement }) => {
    await replayed(canvasElement, 'ag-ui-subagent');
    // the sub-agent's calls sit behind their parent's "1 step" button once the parent has ended
    const nested = await waitFor(() => {
      const trigger = canvasElement.querySelector<HTMLElement>('[data-slot="tool-step-nested-trigger"]');
      expect(trigger).not.toBeNull();
      return trigger;
    });
    if (nested?.getAttribute('aria-expanded') === 'false') await userEvent.click(nested);
    await expect(statuses(canvasElement)).toEqual([
      'research:cancelled',
      'web_search:succeeded',
      'summarize:cancelled',
    ]);
  },
};

/** MCP: the tool's title is the label; `isError` results fail; a declined elicitation is denied. */
export const ReplayMcp: Story = {
  args: { recording: 'mcp' },
  play: async ({ canvasElement }) => {
    await replayed(canvasElement, 'mcp');
    await expect(statuses(canvasElement)).toEqual([
      'search_files:succeeded',
      'render_chart:succeeded',
      'find_docs:succeeded',
      'deploy:failed',
      'delete_branch:denied',
    ]);
    await expect(part(stepRow(canvasElement, 'mcp_deploy'), 'tool-step-label')).toHaveTextContent('Deploy service');
    await expect(part(stepRow(canvasElement, 'mcp_deploy'), 'tool-step-error')).toHaveTextContent(
      'permission denied: prod',
    );
  },
};

/**
 * MCP mid-call: `notifications/progress` with a total draws a bar (2 of 3) named by the tool's title,
 * with the server's message beside it, and the tool's own icon from `tools/list`; progress without a
 * total stays text.
 */
export const McpDeterminateProgress: Story = {
  args: { recording: 'mcp-progress' },
  play: async ({ canvasElement }) => {
    await replayed(canvasElement, 'mcp-progress');
    const search = stepRow(canvasElement, 'mcp_search_files');
    const bar = part(search, 'tool-step-progress-bar') as HTMLProgressElement;
    await expect([bar.value, bar.max]).toEqual([2, 3]);
    await expect(within(search).getByRole('progressbar', { name: 'Search files' })).toBe(bar);
    await expect(part(search, 'tool-step-progress')).toHaveTextContent('Scanned 2 of 3 folders');
    await expect(part(search, 'tool-step-icon')?.querySelector('img')?.getAttribute('src')).toBe(SEARCH_ICON);
    const wait = stepRow(canvasElement, 'mcp_hang');
    await expect(part(wait, 'tool-step-progress-bar')).toBeNull();
    await expect(part(wait, 'tool-step-progress')).toHaveTextContent('Waiting for the index to build');
  },
};
