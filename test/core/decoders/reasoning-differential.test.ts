/**
 * Reasoning, differentially: each wire's stream is reduced by the vendor's own client reducer and by
 * ours, and the turn must agree: the same reasoning segments with the same text, in the same order
 * relative to the tool calls. The vendors' public test streams are read from ../shared (skipped without
 * them, never copied); the hand-made streams cover what they lack (redacted blocks, signatures).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import Anthropic from '@anthropic-ai/sdk';
import * as ai7 from 'ai';
import { accumulateResponse } from 'openai/lib/responses/ResponseAccumulator';
import { reduceSteps, type StepsState, segmentOf, turnItems } from 'tool-steps/core';
import { eventsFromText } from 'tool-steps/wires';
import { describe, expect, it } from 'vitest';
import type { ProtocolName } from '../../../src/core/decoders/types';
import { emptyStepsState } from '../../../src/core/step';

const VENDOR = new URL('../../../../shared/fixtures/vendor/', import.meta.url);
const vendorFile = (path: string) => new URL(path, VENDOR);
const haveVendor = existsSync(vendorFile('README.md'));

/** An item of a turn as both sides can say it: a call by id, a segment by its visibility and text. */
type Item = { call: string } | { thought: string; visibility?: string };

function ours(sse: string, protocol: ProtocolName): { items: Item[]; state: StepsState } {
  const state = reduceSteps(emptyStepsState, eventsFromText(sse, { protocol }));
  const items = turnItems(state).map((item): Item => {
    if (item.kind === 'step') return { call: item.id };
    const segment = segmentOf(state.reasoning, item.id);
    return segment?.visibility === 'full' || segment?.visibility === 'summary'
      ? { thought: segment.text }
      : { thought: '', visibility: segment?.visibility };
  });
  return { items, state };
}

async function aiSdkVendor(sse: string): Promise<Item[]> {
  const values = sse
    .split('\n\n')
    .map((frame) => frame.replace(/^data: /, '').trim())
    .filter((data) => data !== '' && data !== '[DONE]')
    .map((data) => JSON.parse(data) as unknown);
  const chunks = new ReadableStream<unknown>({
    start(controller) {
      for (const value of values) controller.enqueue(value);
      controller.close();
    },
  });
  let last: { parts: Record<string, unknown>[] } | undefined;
  for await (const message of ai7.readUIMessageStream({ stream: chunks as never })) last = message as never;
  const items: Item[] = [];
  for (const part of last?.parts ?? []) {
    if (part.type === 'reasoning') {
      const redacted =
        typeof (part.providerMetadata as { anthropic?: { redactedData?: unknown } } | undefined)?.anthropic
          ?.redactedData === 'string';
      items.push(redacted ? { thought: '', visibility: 'redacted' } : { thought: part.text as string });
    } else if (typeof part.toolCallId === 'string') items.push({ call: part.toolCallId });
  }
  return items;
}

async function anthropicVendor(sse: string): Promise<Item[][]> {
  const fetch = (async () =>
    new Response(sse, { headers: { 'content-type': 'text/event-stream' } })) as typeof globalThis.fetch;
  const client = new Anthropic({ apiKey: 'test', baseURL: 'http://anthropic.test', fetch, maxRetries: 0 });
  const stream = client.messages.stream({
    model: 'claude-sonnet-5',
    max_tokens: 1024,
    messages: [{ role: 'user', content: 'test' }],
  });
  const message = await stream.finalMessage();
  const items: Item[] = [];
  for (const block of message.content as unknown as Record<string, unknown>[]) {
    if (block.type === 'thinking') items.push({ thought: block.thinking as string });
    else if (block.type === 'redacted_thinking') items.push({ thought: '', visibility: 'redacted' });
    else if (typeof block.id === 'string' && String(block.type).endsWith('tool_use')) items.push({ call: block.id });
  }
  return [items];
}

const sse = (events: [string, unknown][]) =>
  events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');

describe.skipIf(!haveVendor)('AI SDK: reasoning agrees with readUIMessageStream on the vendor streams', () => {
  it.each(['server-side-tool-roundtrip-with-multiple-assistant-reasoning'])('%s', async (name) => {
    const text = readFileSync(vendorFile(`ai-sdk/${name}.sse`), 'utf8');
    const vendor = await aiSdkVendor(text);
    expect(vendor.filter((item) => 'thought' in item).length).toBeGreaterThan(1);
    expect(ours(text, 'ai-sdk').items).toEqual(vendor);
  });
});

describe('AI SDK: reasoning agrees with readUIMessageStream on hand-made streams', () => {
  const frames = (chunks: unknown[]) =>
    `${chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('')}data: [DONE]\n\n`;
  it('an id used again in a later step is a new segment; a redacted one has no text; signatures stay out', async () => {
    const text = frames([
      { type: 'start', messageId: 'm' },
      { type: 'start-step' },
      { type: 'reasoning-start', id: '0' },
      { type: 'reasoning-delta', id: '0', delta: 'First ', providerMetadata: { anthropic: { signature: 'SIG' } } },
      { type: 'reasoning-delta', id: '0', delta: 'thought.' },
      { type: 'reasoning-end', id: '0', providerMetadata: { anthropic: { signature: 'SIG' } } },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'read', input: {} },
      { type: 'tool-output-available', toolCallId: 'c1', output: 'ok' },
      { type: 'finish-step' },
      { type: 'start-step' },
      { type: 'reasoning-start', id: '0', providerMetadata: { anthropic: { redactedData: 'opaque' } } },
      { type: 'reasoning-end', id: '0' },
      { type: 'reasoning-start', id: '1' },
      { type: 'reasoning-delta', id: '1', delta: 'Second.' },
      { type: 'reasoning-end', id: '1' },
      { type: 'finish-step' },
      { type: 'finish' },
    ]);
    const vendor = await aiSdkVendor(text);
    const mine = ours(text, 'ai-sdk');
    expect(mine.items).toEqual(vendor);
    expect(mine.items).toEqual([
      { thought: 'First thought.' },
      { call: 'c1' },
      { thought: '', visibility: 'redacted' },
      { thought: 'Second.' },
    ]);
    expect(mine.state.diagnostics.count).toBe(0);
  });
});

describe.skipIf(!haveVendor)('Anthropic: thinking agrees with MessageStream on the vendor streams', () => {
  it.each(['anthropic-clear-thinking.1', 'anthropic-combined-context-editing.1'])('%s', async (name) => {
    const text = readFileSync(vendorFile(`anthropic/${name}.sse`), 'utf8');
    const [vendor] = await anthropicVendor(text);
    expect(vendor?.some((item) => 'thought' in item)).toBe(true);
    const mine = ours(text, 'anthropic');
    expect(mine.items).toEqual(vendor);
    expect(JSON.stringify(mine.state.reasoning)).not.toMatch(/signature/i);
  });
});

describe('Anthropic: thinking agrees with MessageStream on hand-made streams', () => {
  it('reads thinking, a redacted block and a signature as the SDK does, and a redacted block with garbage with a diagnostic', async () => {
    const text = sse([
      [
        'message_start',
        {
          type: 'message_start',
          message: {
            id: 'msg_1',
            type: 'message',
            role: 'assistant',
            content: [],
            model: 'm',
            stop_reason: null,
            usage: { input_tokens: 1, output_tokens: 1 },
          },
        },
      ],
      [
        'content_block_start',
        { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
      ],
      [
        'content_block_delta',
        { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Let me ' } },
      ],
      [
        'content_block_delta',
        { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'check.' } },
      ],
      [
        'content_block_delta',
        { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'EqQBCgIYAhIM' } },
      ],
      ['content_block_stop', { type: 'content_block_stop', index: 0 }],
      [
        'content_block_start',
        { type: 'content_block_start', index: 1, content_block: { type: 'redacted_thinking', data: 'EmwKAhgB' } },
      ],
      ['content_block_stop', { type: 'content_block_stop', index: 1 }],
      [
        'content_block_start',
        {
          type: 'content_block_start',
          index: 2,
          content_block: { type: 'tool_use', id: 'toolu_1', name: 'read', input: {} },
        },
      ],
      [
        'content_block_delta',
        { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{}' } },
      ],
      ['content_block_stop', { type: 'content_block_stop', index: 2 }],
      ['message_delta', { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 5 } }],
      ['message_stop', { type: 'message_stop' }],
    ]);
    const [vendor] = await anthropicVendor(text);
    const mine = ours(text, 'anthropic');
    expect(mine.items).toEqual(vendor);
    expect(mine.items).toEqual([
      { thought: 'Let me check.' },
      { thought: '', visibility: 'redacted' },
      { call: 'toolu_1' },
    ]);
    expect(segmentOf(mine.state.reasoning, 'msg_1/0')?.status).toBe('done');
    expect(mine.state.diagnostics.count).toBe(0);

    const garbage = text.replace('"data":"EmwKAhgB"', '"data":{"not":"text"}');
    const read = ours(garbage, 'anthropic');
    expect(read.items).toEqual(mine.items);
    expect(read.state.diagnostics.count).toBe(1);
    expect(read.state.diagnostics.last?.reason).toMatch(/redacted_thinking/);
  });
});

/** A Responses stream folded by the SDK's `accumulateResponse`: reasoning items and calls, in output order. */
function openaiVendor(sse: string): Item[] | undefined {
  let snapshot: unknown;
  try {
    for (const block of sse.split('\n\n')) {
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('\n');
      if (data === '' || data === '[DONE]') continue;
      snapshot = accumulateResponse(JSON.parse(data) as never, snapshot as never);
    }
  } catch {
    return undefined; // the accumulator rejects the stream (the decoder's departures are tested elsewhere)
  }
  const output = (snapshot as { output?: Record<string, unknown>[] } | undefined)?.output ?? [];
  const texts = (parts: unknown) =>
    (Array.isArray(parts) ? parts : []).map((part) => (part as { text?: string }).text ?? '');
  const items: Item[] = [];
  for (const item of output) {
    if (item.type === 'reasoning') {
      const content = texts(item.content);
      const summary = texts(item.summary);
      if (content.length > 0) items.push({ thought: content.join('\n\n') });
      else if (summary.length > 0) items.push({ thought: summary.join('\n\n') });
      else
        items.push({ thought: '', visibility: typeof item.encrypted_content === 'string' ? 'encrypted' : 'redacted' });
    } else if (String(item.type).endsWith('_call') || item.type === 'mcp_approval_request') {
      items.push({ call: '*' });
    }
  }
  return items;
}

const openaiWithReasoning = haveVendor
  ? readdirSync(vendorFile('openai/')).filter(
      (name) =>
        name.endsWith('.sse') && readFileSync(vendorFile(`openai/${name}`), 'utf8').includes('"type":"reasoning"'),
    )
  : [];

let compared = 0;
describe.skipIf(!haveVendor)('OpenAI Responses: reasoning agrees with accumulateResponse on the vendor streams', () => {
  it('covers the streams with reasoning items', () => {
    expect(openaiWithReasoning.length).toBeGreaterThan(10);
    expect(openaiWithReasoning).toContain('openai-reasoning-encrypted-content.1.r1.sse');
  });
  it.each(openaiWithReasoning)('%s', (name) => {
    const text = readFileSync(vendorFile(`openai/${name}`), 'utf8');
    const vendor = openaiVendor(text);
    if (!vendor) return;
    compared++;
    const mine = ours(text, 'openai-responses').items.map((item) => ('call' in item ? { call: '*' } : item));
    expect(mine).toEqual(vendor);
  });
  it('compared most of them (the accumulator accepts them)', () => {
    expect(compared).toBeGreaterThan(openaiWithReasoning.length / 2);
  });
});

describe('OpenAI Responses: reasoning summaries stream live, parts as paragraphs', () => {
  it('streams two summary parts into one segment, as the item has them when done', () => {
    const frames = [
      { type: 'response.created', response: { id: 'resp_1', output: [] } },
      { type: 'response.output_item.added', output_index: 0, item: { id: 'rs_1', type: 'reasoning', summary: [] } },
      {
        type: 'response.reasoning_summary_text.delta',
        item_id: 'rs_1',
        output_index: 0,
        summary_index: 0,
        delta: 'Plan.',
      },
      {
        type: 'response.reasoning_summary_text.delta',
        item_id: 'rs_1',
        output_index: 0,
        summary_index: 1,
        delta: 'Then',
      },
      {
        type: 'response.reasoning_summary_text.delta',
        item_id: 'rs_1',
        output_index: 0,
        summary_index: 1,
        delta: ' act.',
      },
    ];
    const done = {
      type: 'response.output_item.done',
      output_index: 0,
      item: {
        id: 'rs_1',
        type: 'reasoning',
        summary: [
          { type: 'summary_text', text: 'Plan.' },
          { type: 'summary_text', text: 'Then act.' },
        ],
        encrypted_content: 'gAAAA',
      },
    };
    const body = (list: unknown[]) => list.map((f) => `data: ${JSON.stringify(f)}\n\n`).join('');
    const live = segmentOf(ours(body(frames), 'openai-responses').state.reasoning, 'rs_1');
    expect(live).toMatchObject({ visibility: 'summary', status: 'interrupted', text: 'Plan.\n\nThen act.' });
    const whole = segmentOf(ours(body([...frames, done]), 'openai-responses').state.reasoning, 'rs_1');
    expect(whole).toMatchObject({ visibility: 'summary', status: 'done', text: 'Plan.\n\nThen act.' });
  });
});

async function agUiVendor(body: string): Promise<Item[]> {
  const { HttpAgent } = await import('@ag-ui/client');
  const agent = new HttpAgent({
    url: 'http://agent.test/run',
    threadId: 'thread_1',
    initialMessages: [{ id: 'u1', role: 'user', content: 'go' }],
    fetch: async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
  } as never);
  await agent.runAgent({ runId: 'run_1' });
  const items: Item[] = [];
  for (const message of agent.messages as unknown as Record<string, unknown>[]) {
    if (message.role === 'reasoning') items.push({ thought: String(message.content ?? '') });
    for (const call of (message.toolCalls as { id: string }[] | undefined) ?? []) items.push({ call: call.id });
  }
  return items;
}

describe('AG-UI: reasoning agrees with the client (HttpAgent, defaultApplyEvents)', () => {
  const body = (events: Record<string, unknown>[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
  const run = (middle: Record<string, unknown>[]) =>
    body([
      { type: 'RUN_STARTED', threadId: 'thread_1', runId: 'run_1' },
      ...middle,
      { type: 'RUN_FINISHED', threadId: 'thread_1', runId: 'run_1' },
    ]);
  const call = (id: string) => [
    { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: 'read', parentMessageId: `a_${id}` },
    { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: '{}' },
    { type: 'TOOL_CALL_END', toolCallId: id },
    { type: 'TOOL_CALL_RESULT', messageId: `t_${id}`, toolCallId: id, content: 'ok' },
  ];

  it('REASONING_* messages between the calls', async () => {
    const text = run([
      { type: 'REASONING_START', messageId: 'r1' },
      { type: 'REASONING_MESSAGE_START', messageId: 'r1', role: 'reasoning' },
      { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: 'Read ' },
      { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: 'it.' },
      { type: 'REASONING_MESSAGE_END', messageId: 'r1' },
      { type: 'REASONING_END', messageId: 'r1' },
      ...call('c1'),
      { type: 'REASONING_START', messageId: 'r2' },
      { type: 'REASONING_MESSAGE_START', messageId: 'r2', role: 'reasoning' },
      { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r2', delta: 'Done.' },
      { type: 'REASONING_MESSAGE_END', messageId: 'r2' },
      { type: 'REASONING_END', messageId: 'r2' },
    ]);
    const mine = ours(text, 'ag-ui');
    expect(mine.items).toEqual([{ thought: 'Read it.' }, { call: 'c1' }, { thought: 'Done.' }]);
    expect(mine.items).toEqual(await agUiVendor(text));
    expect(mine.state.diagnostics.count).toBe(0);
  });

  it('a content event whose delta is not text is a diagnostic, and the rest is read', () => {
    const text = run([
      { type: 'REASONING_MESSAGE_START', messageId: 'r1', role: 'reasoning' },
      { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: 7 },
      { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: 'ok' },
      { type: 'REASONING_MESSAGE_END', messageId: 'r1' },
      ...call('c1'),
    ]);
    const mine = ours(text, 'ag-ui');
    expect(mine.items).toEqual([{ thought: 'ok' }, { call: 'c1' }]);
    expect(mine.state.diagnostics.count).toBe(1);
  });

  it('the legacy THINKING_* messages, numbered', () => {
    const text = run([
      { type: 'THINKING_START' },
      { type: 'THINKING_TEXT_MESSAGE_START' },
      { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'Hmm.' },
      { type: 'THINKING_TEXT_MESSAGE_END' },
      { type: 'THINKING_END' },
      ...call('c1'),
    ]);
    const mine = ours(text, 'ag-ui');
    expect(mine.items).toEqual([{ thought: 'Hmm.' }, { call: 'c1' }]);
    expect(mine.state.reasoning?.ids).toEqual(['thinking-1']);
  });
});
