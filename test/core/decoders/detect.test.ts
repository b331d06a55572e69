import { readFileSync } from 'node:fs';
import { jsonSchema, streamText, tool } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import { jsonSchema as jsonSchema6, streamText as streamText6, tool as tool6 } from 'ai6';
import { MockLanguageModelV3 as MockLanguageModelV3of6 } from 'ai6/test';
import { describe, expect, it } from 'vitest';
import {
  candidateProtocols,
  type DetectedProtocol,
  detectProtocol,
  unrecognizedStreamEvent,
} from '../../../src/core/decoders/detect';
import type { StepEvent } from '../../../src/core/events';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');
/** The `data:` fields of an SSE capture, or the lines of a JSONL one. */
function frames(text: string): string[] {
  if (/^\s*data:/.test(text)) {
    return text
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trim());
  }
  return text.split('\n').filter((line) => line.trim() !== '');
}

/** The first protocol the frames name, asking frame by frame as a reader does. */
function firstDetected(list: readonly unknown[]): { protocol: DetectedProtocol | undefined; at: number } {
  for (const [i, frame] of list.entries()) {
    const protocol = detectProtocol(frame);
    if (protocol) return { protocol, at: i };
  }
  return { protocol: undefined, at: -1 };
}

describe('detectProtocol from headers', () => {
  it.each<[Record<string, string>, DetectedProtocol | undefined]>([
    [{ 'x-vercel-ai-ui-message-stream': 'v1', 'content-type': 'text/event-stream' }, 'ai-sdk'],
    [{ 'x-anvia-stream-protocol': 'anvia.client.v3', 'content-type': 'application/x-ndjson; charset=utf-8' }, 'anvia'],
    [{ 'x-tool-steps-protocol': 'native' }, 'native'],
    [{ 'x-tool-steps-protocol': 'cogitator' }, 'cogitator'],
    [{ 'x-tool-steps-protocol': 'anvia' }, 'anvia'],
    [{ 'X-Tool-Steps-Protocol': ' ai-sdk ' }, 'ai-sdk'],
    // The explicit header wins over a protocol's own header.
    [{ 'x-tool-steps-protocol': 'native', 'x-vercel-ai-ui-message-stream': 'v1' }, 'native'],
    // An unknown explicit name is ignored, not trusted.
    [{ 'x-tool-steps-protocol': 'grpc', 'x-anvia-stream-protocol': 'anvia.client.v3' }, 'anvia'],
    [{ 'x-tool-steps-protocol': 'grpc' }, undefined],
    [{ 'content-type': 'text/event-stream', 'x-accel-buffering': 'no' }, undefined],
  ])('%j → %s', (headers, expected) => {
    expect(detectProtocol(new Headers(headers))).toBe(expected);
  });
});

describe('detectProtocol from frames', () => {
  it.each<[string, unknown, DetectedProtocol | undefined]>([
    // native
    ['native step-start', { type: 'step-start', id: 'a', toolName: 't' }, 'native'],
    ['native run-finish', '{"type":"run-finish","status":"done"}', 'native'],
    ['native diagnostic', { type: 'diagnostic', reason: 'x' }, 'native'],
    // Cogitator only
    ['Cogitator tool-call-start', { type: 'tool-call-start', id: 'c', toolName: 'grep' }, 'cogitator'],
    ['Cogitator tool-update', { type: 'tool-update', toolCallId: 'c', content: 'x' }, 'cogitator'],
    ['Cogitator approval-required', { type: 'approval-required', threadId: 't', approvals: [] }, 'cogitator'],
    ['older Cogitator tool_call_start', { type: 'tool_call_start', callId: 'c', name: 'grep' }, 'cogitator'],
    // AI SDK only
    ['AI SDK tool-input-start', { type: 'tool-input-start', toolCallId: 'c', toolName: 'grep' }, 'ai-sdk'],
    ['AI SDK tool-output-available', { type: 'tool-output-available', toolCallId: 'c', output: 1 }, 'ai-sdk'],
    ['AI SDK start-step', { type: 'start-step' }, 'ai-sdk'],
    ['AI SDK data part', { type: 'data-weather', data: {} }, 'ai-sdk'],
    // shared types, told apart by their fields
    ['Cogitator start with threadId', { type: 'start', messageId: 'msg_1', threadId: 'thread_1' }, 'cogitator'],
    ['AI SDK start without messageId', { type: 'start' }, 'ai-sdk'],
    ['AI SDK start with messageMetadata', { type: 'start', messageId: 'm', messageMetadata: {} }, 'ai-sdk'],
    [
      'Cogitator finish (messageId, usage)',
      { type: 'finish', messageId: 'msg_1', usage: { inputTokens: 1 } },
      'cogitator',
    ],
    ['Cogitator finish with only a messageId', { type: 'finish', messageId: 'msg_1' }, 'cogitator'],
    ['AI SDK finish with finishReason', { type: 'finish', finishReason: 'stop' }, 'ai-sdk'],
    ['Cogitator error (message)', { type: 'error', message: 'Internal server error', code: 'INTERNAL' }, 'cogitator'],
    ['AI SDK error (errorText)', { type: 'error', errorText: 'An error occurred.' }, 'ai-sdk'],
    ['AI SDK text-start with providerMetadata', { type: 'text-start', id: 't', providerMetadata: {} }, 'ai-sdk'],
    // ambiguous: ask again with the next frame
    ['start with only a messageId', { type: 'start', messageId: 'msg_1' }, undefined],
    ['bare finish', { type: 'finish' }, undefined],
    ['text-start', { type: 'text-start', id: 'txt_1' }, undefined],
    ['text-delta', '{"type":"text-delta","id":"t","delta":"hi"}', undefined],
    ['reasoning-end', { type: 'reasoning-end', id: 'r' }, undefined],
    // Anvia
    [
      'Anvia stream_start',
      { type: 'stream_start', protocol: 'anvia.client.v3', streamId: 's', eventId: 0, resumable: false },
      'anvia',
    ],
    ['Anvia stream_event', { type: 'stream_event', streamId: 's', eventId: 1, event: {} }, 'anvia'],
    ['Anvia stream_end', { type: 'stream_end', streamId: 's', eventId: 1, status: 'completed' }, 'anvia'],
    [
      'a bare Anvia event (runId)',
      { type: 'tool_call_start', runId: 'r', toolCallId: 'c', messageId: 'm', partId: 'p' },
      'anvia',
    ],
    // says nothing yet, or nothing any decoder reads
    ['a comment', ': keep-alive', undefined],
    ['[DONE]', '[DONE]', undefined],
    ['an empty frame', '   ', undefined],
    ['broken JSON', '{"type":"tool-call', undefined],
    ['an array', [1, 2], undefined],
    ['null', null, undefined],
    ['no type', { id: 'x' }, undefined],
    ['an unknown type', { type: 'ping' }, undefined],
    ['an unknown underscore type without runId', { type: 'made_up' }, undefined],
  ])('%s', (_name, frame, expected) => {
    expect(detectProtocol(frame)).toBe(expected);
  });

  it('names both candidates of an ambiguous frame, none of an unknown one', () => {
    expect(candidateProtocols({ type: 'text-delta', id: 't', delta: 'x' })).toEqual(['cogitator', 'ai-sdk']);
    expect(candidateProtocols({ type: 'ping' })).toEqual([]);
    expect(candidateProtocols('not json')).toEqual([]);
  });
});

describe('detectProtocol on whole captures', () => {
  it.each([
    ['cogitator-workspace-edit.sse', 'cogitator'],
    ['cogitator-run-command-progress.sse', 'cogitator'],
    ['cogitator-tool-timeout.sse', 'cogitator'],
    ['anvia-client-stream-tools.jsonl', 'anvia'],
    ['anvia-client-approval-suspend.jsonl', 'anvia'],
  ] as const)('%s is %s from its first frame, and no frame says otherwise', (name, protocol) => {
    const list = frames(fixture(name));
    expect(firstDetected(list)).toEqual({ protocol, at: 0 });
    for (const frame of list) {
      const candidates = candidateProtocols(frame);
      if (candidates.length > 0) expect(candidates).toContain(protocol);
    }
  });

  function mockModel<T>(Model: new (options: never) => T): T {
    return new Model({
      doStream: async () => ({
        stream: convertArrayToReadableStream([
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: 't1' },
          { type: 'text-delta', id: 't1', delta: 'Reading it.' },
          { type: 'text-end', id: 't1' },
          { type: 'tool-input-start', id: 'call_1', toolName: 'read_file' },
          { type: 'tool-input-delta', id: 'call_1', delta: '{"path":"a.ts"}' },
          { type: 'tool-input-end', id: 'call_1' },
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'read_file', input: '{"path":"a.ts"}' },
          {
            type: 'finish',
            finishReason: { unified: 'tool-calls', raw: undefined },
            usage: { inputTokens: { total: 3 }, outputTokens: { total: 2 } },
          },
        ]),
      }),
    } as never);
  }

  it.each([
    [
      'ai 7',
      () =>
        streamText({
          model: mockModel(MockLanguageModelV3),
          prompt: 'read a.ts',
          tools: {
            read_file: tool({
              inputSchema: jsonSchema<{ path: string }>({ type: 'object' }),
              execute: async ({ path }) => `contents of ${path}`,
            }),
          },
        }).toUIMessageStreamResponse(),
    ],
    [
      'ai 6',
      () =>
        streamText6({
          model: mockModel(MockLanguageModelV3of6),
          prompt: 'read a.ts',
          tools: {
            read_file: tool6({
              inputSchema: jsonSchema6<{ path: string }>({ type: 'object' }),
              execute: async ({ path }) => `contents of ${path}`,
            }),
          },
        }).toUIMessageStreamResponse(),
    ],
  ])('a UI message stream made by %s is ai-sdk by its header and by its first frame', async (_version, respond) => {
    const response = respond();
    expect(detectProtocol(response.headers)).toBe('ai-sdk');
    const list = frames(await response.text());
    expect(list).toContain('{"type":"tool-output-available","toolCallId":"call_1","output":"contents of a.ts"}');
    expect(firstDetected(list)).toEqual({ protocol: 'ai-sdk', at: 0 });
    for (const frame of list) {
      const candidates = candidateProtocols(frame);
      if (candidates.length > 0) expect(candidates).toContain('ai-sdk');
    }
  });
});

describe('unrecognizedStreamEvent', () => {
  const fix =
    'Pass the protocol explicitly (protocol: "cogitator" | "cogitator-ws" | "ai-sdk" | "anvia" | "native" | "openai-responses" | "openai-agents" | "anthropic" | "ag-ui") or send an x-tool-steps-protocol header.';

  it('names the first frames, shortened', () => {
    const long = `{"kind":"progress","value":"${'x'.repeat(100)}"}`;
    expect(
      unrecognizedStreamEvent(['{"kind":"hello"}', long, 'plain   text\nline', 'fourth', 'fifth']),
    ).toEqual<StepEvent>({
      type: 'run-error',
      code: 'UNRECOGNIZED_STREAM',
      message: `No decoder recognizes this stream (not Cogitator, AI SDK, Anvia, native StepEvent JSON, OpenAI Responses, OpenAI Agents, Anthropic Messages or AG-UI). It began with "{\\"kind\\":\\"hello\\"}", "{\\"kind\\":\\"progress\\",\\"value\\":\\"${'x'.repeat(52)}…", "plain text line" and 2 more. ${fix}`,
    });
  });

  it('says so when nothing came', () => {
    expect(unrecognizedStreamEvent([])).toEqual<StepEvent>({
      type: 'run-error',
      code: 'UNRECOGNIZED_STREAM',
      message: `The stream ended without a frame any decoder could read. ${fix}`,
    });
  });
});
