// Shrunk counterexamples the fuzzer found (./harness.ts), kept as they were printed, each checked by the
// property that found it. The first three were found before the fixes test/core/hardening.test.ts holds.
import type { StepEvent } from 'tool-steps/core';
import { describe, it } from 'vitest';
import { checkAutoDetection, checkDecoder, checkEvents, checkMcp, checkOneBadEnvelope } from './harness';

const start = { type: 'stream_start', protocol: 'anvia.client.v3', streamId: 's', eventId: 0, resumable: false };
const event = (eventId: number, e: Record<string, unknown>) => ({
  type: 'stream_event',
  streamId: 's',
  eventId,
  event: { runId: 'r', ...e },
});
const end = (eventId: number) => ({ type: 'stream_end', streamId: 's', eventId, status: 'completed' });

describe('fuzz regressions', () => {
  it('anvia: an approval after a result restarted the succeeded step', () => {
    checkDecoder('anvia', [
      start,
      event(1, { type: 'tool_result', toolCallId: 'c1', result: { status: 'success', output: '', content: '' } }),
      event(2, {
        type: 'interaction',
        interaction: { type: 'tool-approval', toolCallId: 'c1', toolName: 'read_file', id: '' },
      }),
      end(2),
    ]);
  });

  it('anvia: an eventId jump on the first event dropped every event after it', () => {
    checkOneBadEnvelope([start, event(1, { type: 'run_end' }), event(2, { type: 'run_start' }), end(2)], 0, 0);
  });

  it('native: a start after a result renamed the succeeded step', () => {
    checkEvents([
      { type: 'step-result', id: 'c2' },
      { type: 'step-start', id: 'c2', toolName: 'read_file' },
    ]);
  });

  it('cogitator: tool-call-start after tool-result renamed the succeeded step', () => {
    checkDecoder('cogitator', [
      { type: 'tool-result', toolCallId: 'c1' },
      { type: 'tool-call-start', id: 'c1', toolName: 'read_file' },
    ]);
  });

  it('a hand-made "event" that is an empty array: batch and fold agree when the fold applies batches of one', () => {
    checkEvents([[] as unknown as StepEvent]);
  });

  // Found when the vendor wires joined the harness: `String()` of a JSON object with neither
  // `toString` nor `valueOf` throws, and the OpenAI Responses decoder converted codes and ids that way.
  const hostile = JSON.parse('{"toString":null,"valueOf":null}') as unknown;

  it('openai-responses: an error whose code is an object with no toString threw out of the decoder', () => {
    checkDecoder('openai-responses', [{ type: 'error', code: hostile }]);
  });

  it('openai-responses: an item done whose id is such an object threw out of the decoder', () => {
    for (const type of ['message', 'mcp_call', 'custom_tool_call', 'web_search_call']) {
      checkDecoder('openai-responses', [{ type: 'response.output_item.done', item: { type, id: hostile } }]);
    }
  });

  it('anthropic and ag-ui: the same object as a block type, an error code and a custom event name', () => {
    checkDecoder('anthropic', [
      { type: 'content_block_start', index: 0, content_block: { type: hostile } },
      {
        type: 'content_block_start',
        index: 1,
        content_block: {
          type: 'web_search_tool_result',
          tool_use_id: 'c1',
          content: { type: 'x_error', error_code: hostile },
        },
      },
    ]);
    checkDecoder('ag-ui', [{ type: 'CUSTOM', name: hostile, value: 1 }]);
  });

  it('ag-ui: an ACTIVITY_DELTA patch through "__proto__" wrote into Object.prototype', () => {
    try {
      checkDecoder('ag-ui', [
        { type: 'ACTIVITY_DELTA', messageId: 'act', patch: [{ op: 'add', path: '/__proto__/x', value: 1 }] },
      ]);
    } finally {
      delete (Object.prototype as Record<string, unknown>).x;
    }
  });

  it('anvia: an eventId one ahead made the true event of that id read as a replay', () => {
    checkOneBadEnvelope(
      [start, event(1, { type: 'run_start' }), event(2, { type: 'tool_call_start', toolCallId: 'c1' }), end(2)],
      0,
      3,
    );
  });

  it('native and openai-agents: an empty stream ended in another sentence than auto-detection wrote', () => {
    checkAutoDetection('native', [], false);
    checkAutoDetection('openai-agents', [], false);
  });

  it('mcp: a request id with no toString threw out of the tracker', () => {
    checkMcp([[true, { jsonrpc: '2.0', id: hostile, method: 'tools/call', params: { name: 'x' } }]], []);
  });
});
