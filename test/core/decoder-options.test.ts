// Decoder options reach every reader: readStream, createToolStream and stepsFromText (and useToolStream,
// tested with the hook) take
// `decoderOptions` (a protocol's own, or keyed by protocol name for auto-detection), and options a
// decoder does not take end the read before any frame with an error naming the protocol and the option.
import { createToolStream, readStream, type StepEvent } from 'tool-steps/core';
import { decoders, stepsFromText } from 'tool-steps/wires';
import { describe, expect, it } from 'vitest';

const sse = (frames: unknown[]) => frames.map((f) => `data: ${JSON.stringify(f)}\n\n`).join('');
const text = sse([
  { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
  { type: 'TOOL_CALL_START', toolCallId: 'a', toolCallName: 'x' },
  { type: 'TOOL_CALL_END', toolCallId: 'a' },
  { type: 'CUSTOM', name: 'tool_progress', value: { toolCallId: 'a', message: 'half way' } },
]);
const custom = (name: string, value: unknown): StepEvent[] | undefined =>
  name === 'tool_progress'
    ? [{ type: 'step-progress', id: (value as { toolCallId: string }).toolCallId, content: 'half way' }]
    : undefined;

async function read(source: string, options: Parameters<typeof readStream>[1]): Promise<StepEvent[]> {
  const out: StepEvent[] = [];
  for await (const batch of readStream(source, options)) out.push(...batch);
  return out;
}

describe('decoderOptions', () => {
  it('AgUiOptions.custom works through readStream, named or detected', async () => {
    const named = await read(text, { protocol: 'ag-ui', decoderOptions: { custom } });
    expect(named).toContainEqual({ type: 'step-progress', id: 'a', content: 'half way' });
    const detected = await read(text, { decoderOptions: { 'ag-ui': { custom } } });
    expect(detected).toContainEqual({ type: 'step-progress', id: 'a', content: 'half way' });
    const without = await read(text, { protocol: 'ag-ui' });
    expect(without.some((e) => e.type === 'step-progress')).toBe(false);
  });

  it('AgUiOptions.custom works through stepsFromText and createToolStream', async () => {
    expect(stepsFromText(text, { protocol: 'ag-ui', decoderOptions: { custom } }).byId.a?.progress?.content).toBe(
      'half way',
    );
    expect(stepsFromText(text, { decoderOptions: { 'ag-ui': { custom } } }).byId.a?.progress?.content).toBe('half way');
    const stream = createToolStream({
      api: '/run',
      protocol: 'ag-ui',
      decoderOptions: { custom },
      fetch: async () => new Response(text, { headers: { 'content-type': 'text/event-stream' } }),
    });
    await stream.send();
    expect(stream.getSnapshot().state.byId.a?.progress?.content).toBe('half way');
  });

  it('OpenAIAgentsOptions.errorTexts works through decoders.*, readStream, stepsFromText and createToolStream', async () => {
    // the tool's error formatter says "boom": only with errorTexts does the call read as failed
    const called = { type: 'function_call', callId: 'c', name: 'lookup', status: 'completed', arguments: '{}' };
    const result = { type: 'function_call_result', name: 'lookup', callId: 'c', status: 'completed', output: 'boom' };
    const agents = [
      { type: 'run_item_stream_event', name: 'tool_called', item: { type: 'tool_call_item', rawItem: called } },
      {
        type: 'run_item_stream_event',
        name: 'tool_output',
        item: { type: 'tool_call_output_item', rawItem: result, output: 'boom' },
      },
    ]
      .map((event) => JSON.stringify(event))
      .join('\n');
    const errorTexts = ['boom'];
    const statusOf = (events: StepEvent[]) =>
      events.some((e) => e.type === 'step-error' && e.id === 'c') ? 'failed' : 'not failed';
    const decoded = (d: ReturnType<typeof decoders.openaiAgents>) => [
      ...agents.split('\n').flatMap((line) => d.push(line)),
      ...d.end(),
    ];
    expect(statusOf(decoded(decoders.openaiAgents()))).toBe('not failed');
    expect(statusOf(decoded(decoders.openaiAgents({ errorTexts })))).toBe('failed');
    expect(statusOf(await read(agents, { protocol: 'openai-agents', decoderOptions: { errorTexts } }))).toBe('failed');
    expect(statusOf(await read(agents, { protocol: 'openai-agents' }))).toBe('not failed');
    const named = stepsFromText(agents, { protocol: 'openai-agents', decoderOptions: { errorTexts } });
    expect(named.byId.c?.status).toBe('failed');
    expect(stepsFromText(agents, { protocol: 'openai-agents' }).byId.c?.status).toBe('succeeded');
    const stream = createToolStream({
      api: '/run',
      protocol: 'openai-agents',
      decoderOptions: { errorTexts },
      fetch: async () => new Response(agents, { headers: { 'content-type': 'application/x-ndjson' } }),
    });
    await stream.send();
    expect(stream.getSnapshot().state.byId.c?.status).toBe('failed');
  });

  it('options a decoder does not take end the read before any frame, naming the protocol and the option', async () => {
    const bad = await read(text, { protocol: 'ag-ui', decoderOptions: { custom: 'no' } as never });
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatchObject({ type: 'run-error', code: 'BAD_DECODER_OPTIONS' });
    expect((bad[0] as { message: string }).message).toMatch(/"ag-ui".*"custom"/);
    const unknownKey = stepsFromText(text, { protocol: 'ag-ui', decoderOptions: { errorTexts: [] } as never });
    expect(unknownKey.run).toMatchObject({ status: 'error' });
    expect(unknownKey.ids).toEqual([]);
    const none = await read(text, { protocol: 'native', decoderOptions: { custom } as never });
    expect((none[0] as { message: string }).message).toMatch(/native decoder takes no options/);
    const unknown = await read(text, { protocol: 'nope' as never });
    expect(unknown[0]).toMatchObject({ type: 'run-error', code: 'UNKNOWN_PROTOCOL' });
  });
});
