/**
 * The OpenAI Responses decoder on single items the captures do not hold: built-in tools that fail,
 * code interpreter images, MCP execution errors, shell timeouts, a queued response.
 */
import { reduceSteps, type StepsState } from 'tool-steps/core';
import { decoders } from 'tool-steps/wires';
import { describe, expect, it } from 'vitest';
import { emptyStepsState } from '../../../src/core/step';

/** One response holding `items` (each added, then done), completed. */
function run(
  items: Record<string, unknown>[],
  end: Record<string, unknown> = { type: 'response.completed' },
): StepsState {
  const decoder = decoders.openaiResponses();
  const frames: unknown[] = [
    { type: 'response.queued', response: { id: 'resp_1' } },
    { type: 'response.created', response: { id: 'resp_1' } },
  ];
  items.forEach((item, output_index) => {
    frames.push({ type: 'response.output_item.added', output_index, item: { ...item, status: 'in_progress' } });
    frames.push({ type: 'response.output_item.done', output_index, item });
  });
  frames.push({ response: { id: 'resp_1' }, ...end });
  const events = frames.flatMap((frame, i) =>
    decoder.push(JSON.stringify({ ...(frame as object), sequence_number: i })),
  );
  return reduceSteps(emptyStepsState, [...events, ...decoder.end()]);
}

describe('openai-responses decoder, item by item', () => {
  it('a failed web search and a failed image generation fail their steps with the error given', () => {
    const state = run([
      { id: 'ws_1', type: 'web_search_call', status: 'failed', action: { type: 'search', query: 'x' } },
      {
        id: 'ig_1',
        type: 'image_generation_call',
        status: 'failed',
        result: null,
        error: { code: 'moderation_blocked', message: 'The prompt was blocked by moderation.' },
      },
    ]);
    expect(state.byId.ws_1).toMatchObject({ status: 'failed', error: { message: 'web_search failed.' } });
    expect(state.byId.ig_1).toMatchObject({
      status: 'failed',
      error: { message: 'The prompt was blocked by moderation.', code: 'moderation_blocked' },
    });
    // One response.created after response.queued: one run start, the run done.
    expect(state.run.status).toBe('done');
  });

  it('code interpreter images without logs are media; an MCP execution error says its content', () => {
    const state = run([
      {
        id: 'ci_1',
        type: 'code_interpreter_call',
        status: 'completed',
        code: 'plot()',
        container_id: 'c',
        outputs: [{ type: 'image', url: 'https://files.example/plot.png' }],
      },
      {
        id: 'mcp_1',
        type: 'mcp_call',
        server_label: 'db',
        name: 'query',
        arguments: '{"sql":"select 1"}',
        status: 'failed',
        error: {
          type: 'mcp_tool_execution_error',
          content: [{ type: 'text', text: 'relation "users" does not exist' }],
        },
      },
    ]);
    expect(state.byId.ci_1?.details).toEqual({
      kind: 'media',
      parts: [{ type: 'image', url: 'https://files.example/plot.png' }],
    });
    expect(state.byId.mcp_1?.error).toEqual({ message: 'relation "users" does not exist', code: 'MCP_TOOL_ERROR' });
  });

  it('a hosted shell command that times out fails its call with code TIMEOUT, keeping the output', () => {
    const state = run([
      { id: 'sh_1', type: 'shell_call', call_id: 'call_sh', status: 'completed', action: { commands: ['sleep 99'] } },
      {
        id: 'sho_1',
        type: 'shell_call_output',
        call_id: 'call_sh',
        status: 'completed',
        output: [{ stdout: 'starting\n', stderr: '', outcome: { type: 'timeout' } }],
      },
    ]);
    expect(state.byId.call_sh).toMatchObject({ status: 'failed', error: { code: 'TIMEOUT' }, result: 'starting\n' });
  });

  it('an unknown *_call item still makes a step; a non-call item makes none', () => {
    const state = run([
      { id: 'ts_1', type: 'tool_search_call', status: 'completed', output: ['read_file'] },
      { id: 'rs_1', type: 'reasoning', summary: [] },
    ]);
    expect(state.ids).toEqual(['ts_1']);
    expect(state.byId.ts_1).toMatchObject({ toolName: 'tool_search', status: 'succeeded', result: ['read_file'] });
  });
});
