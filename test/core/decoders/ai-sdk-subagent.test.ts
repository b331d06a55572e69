/**
 * AI SDK sub-agents (https://ai-sdk.dev/docs/agents/subagents): a tool whose preliminary outputs are
 * the whole `UIMessage` of another agent. The streams are made by the real SDK (ai 7.0.173):
 * `createUIMessageStream` writes the sub-agent's chunks, `readUIMessageStream` turns them into the
 * message snapshots the parent tool yields, and a second `createUIMessageStream` sends those as the
 * parent call's outputs. Our decoder (from the chunks) and `stepsFromUIMessages` (from the SDK's own
 * snapshots of the parent message) must show the same child steps with the same statuses.
 */
import { createUIMessageStream, readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { convertArrayToReadableStream } from 'ai/test';
import { emptyStepsState, reduceSteps, type StepEvent, type StepsState } from 'tool-steps/core';
import { describe, expect, it } from 'vitest';
import { aiSdk } from '../../../src/core/decoders/ai-sdk';
import { stepsFromUIMessages } from '../../../src/core/ui-messages';

/** What the sub-agent streams: a read that succeeds, a search that fails, a command still running, then text. */
const inner: UIMessageChunk[] = [
  { type: 'start', messageId: 'sub-1' },
  { type: 'start-step' },
  { type: 'tool-input-start', toolCallId: 'c1', toolName: 'read_file' },
  { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"path":"src/a.ts"}' },
  { type: 'tool-input-available', toolCallId: 'c1', toolName: 'read_file', input: { path: 'src/a.ts' } },
  { type: 'tool-output-available', toolCallId: 'c1', output: 'export const a = 1;' },
  { type: 'tool-input-available', toolCallId: 'c2', toolName: 'grep', input: { pattern: 'formatUsd' } },
  { type: 'tool-output-error', toolCallId: 'c2', errorText: 'rg: not found' },
  { type: 'tool-input-available', toolCallId: 'c3', toolName: 'run_command', input: { command: 'pnpm test' } },
  { type: 'text-start', id: 't1' },
  { type: 'text-delta', id: 't1', delta: 'Tests are running' },
  { type: 'text-end', id: 't1' },
  { type: 'tool-output-available', toolCallId: 'c3', output: { exitCode: 0 } },
  { type: 'text-start', id: 't2' },
  { type: 'text-delta', id: 't2', delta: 'All green.' },
  { type: 'text-end', id: 't2' },
  { type: 'finish-step' },
  { type: 'finish' },
];

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

async function chunksOf(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const out: UIMessageChunk[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(value);
  }
}

/** The parent run's chunks, as the SDK writes them for a sub-agent tool (every snapshot a preliminary output). */
async function parentChunks(): Promise<UIMessageChunk[]> {
  const sub = createUIMessageStream({
    execute({ writer }) {
      for (const chunk of inner) writer.write(chunk);
    },
  });
  const snapshots = await collect(readUIMessageStream({ stream: sub }));
  const parent = createUIMessageStream({
    execute({ writer }) {
      writer.write({ type: 'start', messageId: 'msg-1' });
      writer.write({ type: 'start-step' });
      writer.write({
        type: 'tool-input-available',
        toolCallId: 'agent',
        toolName: 'research',
        input: { task: 'check' },
      });
      for (const snapshot of snapshots) {
        writer.write({ type: 'tool-output-available', toolCallId: 'agent', output: snapshot, preliminary: true });
      }
      writer.write({ type: 'tool-output-available', toolCallId: 'agent', output: snapshots.at(-1) });
      writer.write({ type: 'finish-step' });
      writer.write({ type: 'finish' });
    },
  });
  return chunksOf(parent);
}

/** The SDK's own snapshot of the parent message after the first `n` chunks. */
async function sdkMessageAfter(chunks: UIMessageChunk[], n: number): Promise<UIMessage | undefined> {
  const snapshots = await collect(readUIMessageStream({ stream: convertArrayToReadableStream(chunks.slice(0, n)) }));
  return snapshots.at(-1);
}

const children = (state: StepsState) =>
  state.ids
    .filter((id) => state.byId[id]?.parentId !== undefined)
    .map((id) => `${id} ${state.byId[id]?.toolName} ${state.byId[id]?.status} <${state.byId[id]?.parentId}>`);

describe('AI SDK sub-agents (ai 7.0.173 createUIMessageStream / readUIMessageStream)', () => {
  it('makes the sub-agent’s calls child steps with their own statuses, the same through the decoder and stepsFromUIMessages', async () => {
    const chunks = await parentChunks();
    const decoder = aiSdk();
    let decoded: StepsState = emptyStepsState;
    let fromMessages: StepsState = emptyStepsState;
    const trail: string[] = [];
    for (let n = 1; n <= chunks.length; n++) {
      const events: StepEvent[] = decoder.push(JSON.stringify(chunks[n - 1]));
      decoded = reduceSteps(decoded, events);
      const message = await sdkMessageAfter(chunks, n);
      fromMessages = stepsFromUIMessages(message ? [message] : [], fromMessages);
      expect(children(fromMessages)).toEqual(children(decoded));
      const last = trail.at(-1);
      const now = children(decoded).join(' | ');
      if (now !== last && now !== '') trail.push(now);
    }
    expect(decoded.diagnostics.count).toBe(0);
    expect(trail.at(-1)?.split(' | ')).toEqual([
      'agent/c1 read_file succeeded <agent>',
      'agent/c2 grep failed <agent>',
      'agent/c3 run_command succeeded <agent>',
    ]);
    // the command was seen running before it finished
    expect(trail.some((line) => line.includes('agent/c3 run_command running'))).toBe(true);
    expect(decoded.byId.agent).toMatchObject({ status: 'succeeded', result: 'All green.' });
    expect(fromMessages.byId.agent).toMatchObject({ status: 'succeeded', result: 'All green.' });
    expect(decoded.byId['agent/c2']?.error?.message).toBe('rg: not found');
    expect(decoded.byId['agent/c1']?.input).toEqual({ path: 'src/a.ts' });
    expect(fromMessages.byId['agent/c1']?.result).toBe('export const a = 1;');
    // the parent's progress is the sub-agent's latest text, not a message dump
    const midway = await sdkMessageAfter(
      chunks,
      chunks.findIndex((c) => JSON.stringify(c).includes('Tests are running')) + 1,
    );
    expect(stepsFromUIMessages(midway ? [midway] : []).byId.agent?.progress?.content).toBe('Tests are running');
  });

  it('keeps the identity of child steps whose part did not change', async () => {
    const chunks = await parentChunks();
    const end = await sdkMessageAfter(chunks, chunks.length);
    const first = stepsFromUIMessages(end ? [end] : []);
    const again = stepsFromUIMessages(end ? [structuredClone(end)] : [], first);
    expect(again).toBe(first);
  });

  it('draws nothing odd for an output that only looks like a message, and never throws on a hostile one', () => {
    const decoder = aiSdk();
    const events = [
      ...decoder.push(JSON.stringify({ type: 'tool-input-available', toolCallId: 'a', toolName: 't', input: {} })),
      ...decoder.push(
        JSON.stringify({
          type: 'tool-output-available',
          toolCallId: 'a',
          preliminary: true,
          output: {
            role: 'assistant',
            parts: [
              null,
              1,
              { type: 'tool-x', toolCallId: '', state: 'input-available' },
              { type: 'tool-y', toolCallId: 'y', state: 'nonsense' },
            ],
          },
        }),
      ),
    ];
    const state = reduceSteps(emptyStepsState, events);
    expect(state.ids).toEqual(['a']);
    expect(state.byId.a?.status).toBe('running');
  });
});
