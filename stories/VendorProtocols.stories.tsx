import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import type { StepEvent } from 'tool-steps/core';
import { eventsFromText, eventsFromToolOutputs } from 'tool-steps/wires';
import anthropicBeta from '../test/fixtures/wires/anthropic-beta.sse?raw';
import anthropicError from '../test/fixtures/wires/anthropic-error.sse?raw';
import anthropicTools1 from '../test/fixtures/wires/anthropic-tools.1.sse?raw';
import anthropicTools2 from '../test/fixtures/wires/anthropic-tools.2.sse?raw';
import openaiAgents from '../test/fixtures/wires/openai-agents.jsonl?raw';
import openaiBuiltins from '../test/fixtures/wires/openai-builtins.sse?raw';
import openaiMcp1 from '../test/fixtures/wires/openai-mcp.1.sse?raw';
import openaiMcp2 from '../test/fixtures/wires/openai-mcp.2.sse?raw';
import { part, stepRow } from './support/dom';
import { type RecordingStoryArgs, renderRecording, replayedAll, statuses } from './support/recordings';

/**
 * The vendor wires, each decoded with protocol `'auto'` and replayed through a real store. On the
 * OpenAI Responses and Anthropic wires a client tool's result is not in the stream: the recordings
 * end with the app's own `eventsFromToolOutputs(...)` call, made with what it sends the API next.
 */
const recordings = {
  /** OpenAI Responses: web search, code interpreter, an image, then two function calls the app answers. */
  'openai-builtins': [
    ...eventsFromText(openaiBuiltins),
    ...eventsFromToolOutputs(
      [
        { type: 'function_call_output', call_id: 'call_read', output: '# Changelog\n- Node 24 support' },
        { type: 'function_call_output', call_id: 'call_prs', output: 'GitHub token expired' },
      ],
      { isError: ({ callId }) => callId === 'call_prs' },
    ),
  ],
  /** OpenAI hosted MCP: a failed call, a custom tool the app answers, an approval it grants, the approved call. */
  'openai-mcp': [
    ...eventsFromText(openaiMcp1),
    // The next request's input: the approval's answer and the custom tool's output.
    ...eventsFromToolOutputs([
      { type: 'mcp_approval_response', approval_request_id: 'mcpr_01', approve: true },
      { type: 'custom_tool_call_output', call_id: 'call_patch', output: 'Done: README.md updated' },
    ]),
    ...eventsFromText(openaiMcp2),
  ],
  /** OpenAI Agents SDK: a result, a thrown error the SDK masked as an output, a rejected approval. */
  'openai-agents': eventsFromText(openaiAgents),
  /** Anthropic: a server web search with its sources, two client tools answered in the next request. */
  'anthropic-tools': [
    ...eventsFromText(anthropicTools1),
    ...eventsFromToolOutputs({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_01read', content: '# Changelog\n- Node 24 support' },
        { type: 'tool_result', tool_use_id: 'toolu_02prs', content: 'GitHub token expired', is_error: true },
      ],
    }),
    ...eventsFromText(anthropicTools2),
  ],
  /** Anthropic beta server tools: bash, text editor, a failed fetch, code execution, an MCP error, pause_turn. */
  'anthropic-beta': eventsFromText(anthropicBeta),
  /** Anthropic: an overloaded error while a call's input streams. */
  'anthropic-error': eventsFromText(anthropicError),
} satisfies Record<string, StepEvent[]>;

type RecordingName = keyof typeof recordings;

const meta = {
  title: 'Recipes/Protocols: OpenAI and Anthropic',
  args: { recording: 'openai-builtins', onApprove: fn(), onDeny: fn() },
  argTypes: {
    recording: { control: 'select', options: Object.keys(recordings) },
  },
  render: renderRecording(recordings),
} satisfies Meta<RecordingStoryArgs<RecordingName>>;

export default meta;
type Story = StoryObj<typeof meta>;

const replayed = (canvasElement: HTMLElement, recording: RecordingName) =>
  replayedAll(canvasElement, recordings[recording]);

/** OpenAI Responses: built-in tools end in the stream; the function calls end when the app reports them. */
export const ReplayOpenAIResponses: Story = {
  args: { recording: 'openai-builtins' },
  play: async ({ canvasElement }) => {
    await replayed(canvasElement, 'openai-builtins');
    await expect(statuses(canvasElement)).toEqual([
      'web_search:succeeded',
      'code_interpreter:succeeded',
      'image_generation:succeeded',
      'read_file:succeeded',
      'list_open_prs:failed',
    ]);
  },
};

/** OpenAI hosted MCP: the approved call continues the approval's step. */
export const ReplayOpenAIMcp: Story = {
  args: { recording: 'openai-mcp' },
  play: async ({ canvasElement }) => {
    await replayed(canvasElement, 'openai-mcp');
    await expect(statuses(canvasElement)).toEqual([
      'ask_question:failed',
      'apply_patch:succeeded',
      'create_issue:succeeded',
    ]);
    await expect(part(stepRow(canvasElement, 'mcp_01'), 'tool-step-error')).toHaveAttribute(
      'data-error-code',
      'HTTP_502',
    );
  },
};

/** OpenAI Agents SDK: the masked error is shown as a failure with its own code. */
export const ReplayOpenAIAgents: Story = {
  args: { recording: 'openai-agents' },
  play: async ({ canvasElement }) => {
    await replayed(canvasElement, 'openai-agents');
    await expect(statuses(canvasElement)).toEqual([
      'get_weather:succeeded',
      'flaky_lookup:failed',
      'delete_file:denied',
    ]);
    await expect(part(stepRow(canvasElement, 'call_flaky'), 'tool-step-error')).toHaveAttribute(
      'data-error-code',
      'TOOL_ERROR_MASKED',
    );
  },
};

/** Anthropic: the server search ends inline; the client tools end with the next request's tool_result blocks. */
export const ReplayAnthropic: Story = {
  args: { recording: 'anthropic-tools' },
  play: async ({ canvasElement }) => {
    await replayed(canvasElement, 'anthropic-tools');
    await expect(statuses(canvasElement)).toEqual([
      'web_search:succeeded',
      'read_file:succeeded',
      'list_open_prs:failed',
    ]);
  },
};

/** Anthropic beta server tools; after pause_turn the web search is still running on the server. */
export const ReplayAnthropicServerTools: Story = {
  args: { recording: 'anthropic-beta' },
  play: async ({ canvasElement }) => {
    await replayed(canvasElement, 'anthropic-beta');
    await expect(statuses(canvasElement)).toEqual([
      'bash_code_execution:succeeded',
      'text_editor_code_execution:succeeded',
      'text_editor_code_execution:succeeded',
      'web_fetch:failed',
      'code_execution:succeeded',
      'create_issue:failed',
      'web_search:running',
    ]);
    await expect(part(stepRow(canvasElement, 'srvtoolu_fetch'), 'tool-step-error')).toHaveAttribute(
      'data-error-code',
      'url_not_accessible',
    );
  },
};

/** Anthropic: an error event with a call open ends the call interrupted. */
export const ReplayAnthropicError: Story = {
  args: { recording: 'anthropic-error' },
  play: async ({ canvasElement }) => {
    await replayed(canvasElement, 'anthropic-error');
    await expect(statuses(canvasElement)).toEqual(['search_orders:interrupted']);
    await expect(within(canvasElement).queryByRole('button', { name: 'Approve' })).toBeNull();
  },
};
