/**
 * Mastra's sub-agent data parts (`@mastra/ai-sdk`: `data-tool-agent`, `data-tool-workflow`,
 * `data-tool-network`) in an AI SDK UI message stream. The chunks follow the shapes Mastra's
 * transformers write (each part the run's whole snapshot so far, keyed by the run id); the stored side
 * is the real SDK's own message (ai 7.x `readUIMessageStream`), read by `stepsFromUIMessages`.
 */
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { convertArrayToReadableStream } from 'ai/test';
import { emptyStepsState, reduceSteps, type StepsState } from 'tool-steps/core';
import { describe, expect, it } from 'vitest';
import { aiSdk } from '../../../src/core/decoders/ai-sdk';
import { stepsFromUIMessages } from '../../../src/core/ui-messages';

/** A delegated agent's snapshot, as Mastra's `transformAgent` writes it. */
const agentPart = (data: Record<string, unknown>) =>
  ({
    type: 'data-tool-agent',
    id: 'helper-run',
    data: { text: '', reasoning: [], toolCalls: [], toolResults: [], steps: [], status: 'running', ...data },
  }) as unknown as UIMessageChunk;

const readCall = { toolCallId: 'r1', toolName: 'read_file', args: { path: 'a.ts' } };
const grepCall = { toolCallId: 'g1', toolName: 'grep', args: { pattern: 'x' } };

const chunks: UIMessageChunk[] = [
  { type: 'start', messageId: 'msg-1' },
  { type: 'start-step' },
  { type: 'tool-input-available', toolCallId: 'call-helper', toolName: 'agent-helper', input: { prompt: 'look' } },
  agentPart({ reasoning: ['I should ', 'read a.ts'] }),
  agentPart({ reasoning: ['I should ', 'read a.ts'], toolCalls: [readCall] }),
  agentPart({
    reasoning: ['I should ', 'read a.ts'],
    toolCalls: [readCall],
    toolResults: [{ toolCallId: 'r1', toolName: 'read_file', result: 'export {}' }],
  }),
  // the step ended: its calls move into `steps`, the run's lists restart
  agentPart({
    reasoning: ['I should ', 'read a.ts'],
    steps: [
      {
        reasoningText: 'I should read a.ts',
        toolCalls: [readCall],
        toolResults: [{ toolCallId: 'r1', toolName: 'read_file', result: 'export {}' }],
      },
    ],
    toolCalls: [grepCall],
    toolErrors: [{ toolCallId: 'g1', toolName: 'grep', errorText: 'Error: rg missing' }],
  }),
  agentPart({
    text: 'Done.',
    reasoning: ['I should ', 'read a.ts'],
    steps: [
      { toolCalls: [readCall], toolResults: [{ toolCallId: 'r1', toolName: 'read_file', result: 'export {}' }] },
      { toolCalls: [grepCall], toolErrors: [{ toolCallId: 'g1', toolName: 'grep', errorText: 'Error: rg missing' }] },
    ],
    status: 'finished',
  }),
  { type: 'tool-output-available', toolCallId: 'call-helper', output: { text: 'Done.' } },
  { type: 'finish-step' },
  { type: 'finish' },
];

function decode(list: readonly unknown[]): StepsState {
  const decoder = aiSdk();
  let state: StepsState = emptyStepsState;
  for (const chunk of list) state = reduceSteps(state, decoder.push(JSON.stringify(chunk)));
  return reduceSteps(state, decoder.end());
}

async function sdkMessage(list: readonly UIMessageChunk[]): Promise<UIMessage> {
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream: convertArrayToReadableStream([...list]) })) last = message;
  return last as UIMessage;
}

const tree = (state: StepsState) =>
  state.ids.map(
    (id) => `${id} ${state.byId[id]?.toolName} ${state.byId[id]?.status} <${state.byId[id]?.parentId ?? ''}>`,
  );

describe('Mastra sub-agent data parts', () => {
  it('nests a delegated agent’s calls under the call that started it, with its reasoning, live and from the stored message', async () => {
    const live = decode(chunks);
    const expected = [
      'call-helper agent-helper succeeded <>',
      'call-helper/r1 read_file succeeded <call-helper>',
      'call-helper/g1 grep failed <call-helper>',
    ];
    expect(tree(live)).toEqual(expected);
    expect(live.diagnostics.count).toBe(0);
    expect(live.byId['call-helper/r1']).toMatchObject({ input: { path: 'a.ts' }, result: 'export {}' });
    expect(live.byId['call-helper/g1']?.error?.message).toBe('Error: rg missing');
    const segments = live.reasoning?.segments;
    expect(segments).toMatchObject([{ parentId: 'call-helper', text: 'I should read a.ts', status: 'done' }]);

    const stored = stepsFromUIMessages([await sdkMessage(chunks)]);
    expect(tree(stored)).toEqual(expected);
    expect(stored.diagnostics.count).toBe(0);
    const storedSegments = stored.reasoning?.segments;
    expect(storedSegments).toMatchObject([{ parentId: 'call-helper', text: 'I should read a.ts', status: 'done' }]);
  });

  it('nests a workflow’s steps and a network’s steps under their calls, with their statuses', async () => {
    const list: UIMessageChunk[] = [
      { type: 'start' },
      { type: 'tool-input-available', toolCallId: 'wf', toolName: 'workflow-deploy', input: {} },
      {
        type: 'data-tool-workflow',
        id: 'wf-run',
        data: {
          name: 'deploy',
          status: 'suspended',
          steps: {
            build: { name: 'build', status: 'success', input: { ref: 'main' }, output: { ok: true } },
            approve: { name: 'approve', status: 'suspended', input: null, output: null },
          },
          output: null,
        },
      } as unknown as UIMessageChunk,
      { type: 'tool-input-available', toolCallId: 'net', toolName: 'network-team', input: {} },
      {
        type: 'data-tool-network',
        id: 'net-run',
        data: {
          name: 'team',
          status: 'running',
          steps: [{ id: 's1', name: 'researcher', status: 'failed', input: {}, output: 'quota' }],
        },
      } as unknown as UIMessageChunk,
    ];
    const expected = [
      'wf workflow-deploy running <>',
      'wf/build build succeeded <wf>',
      'wf/approve approve awaiting-approval <wf>',
      'net network-team running <>',
      'net/s1 researcher failed <net>',
    ];
    const decoder = aiSdk();
    let live: StepsState = emptyStepsState;
    for (const chunk of list) live = reduceSteps(live, decoder.push(JSON.stringify(chunk)));
    expect(tree(live)).toEqual(expected);
    expect(live.byId['net/s1']?.error?.message).toBe('quota');
    expect(tree(stepsFromUIMessages([await sdkMessage(list)]))).toEqual(expected);
  });

  it('draws a run with no open call at the top level, with a diagnostic', async () => {
    const list: UIMessageChunk[] = [{ type: 'start' }, agentPart({ toolCalls: [readCall] })];
    const live = decode(list);
    expect(tree(live)).toEqual(['helper-run/r1 read_file interrupted <>']);
    expect(live.diagnostics.last?.reason).toMatch(/no call to hang under/);
    const stored = stepsFromUIMessages([await sdkMessage(list)]);
    expect(tree(stored)).toEqual(['helper-run/r1 read_file running <>']);
    expect(stored.diagnostics.last?.reason).toMatch(/no call to hang under/);
  });

  it('reads a malformed part as a diagnostic and loses nothing else', async () => {
    const list: UIMessageChunk[] = [
      { type: 'start' },
      { type: 'tool-input-available', toolCallId: 'call-helper', toolName: 'agent-helper', input: {} },
      { type: 'data-tool-agent', id: 'bad', data: 'not an object' } as unknown as UIMessageChunk,
      agentPart({ toolCalls: [readCall] }),
    ];
    const live = decode(list);
    expect(tree(live)).toEqual([
      'call-helper agent-helper interrupted <>',
      'call-helper/r1 read_file interrupted <call-helper>',
    ]);
    expect(live.diagnostics.count).toBe(1);
    expect(live.diagnostics.last?.reason).toMatch(/"data-tool-agent" part "bad" without a "data" object/);
    const stored = stepsFromUIMessages([{ role: 'assistant', parts: [{ type: 'data-tool-agent', id: 'bad' }] }]);
    expect(stored.diagnostics.count).toBe(1);
  });

  it('nests runs inside runs up to the depth limit, then hangs deeper ones at the limit with a diagnostic', () => {
    const list: unknown[] = [
      { type: 'start' },
      { type: 'tool-input-available', toolCallId: 'a0', toolName: 'agent-0', input: {} },
    ];
    // each run's own call to the next agent is open while that agent's run streams
    for (let level = 1; level <= 10; level++) {
      list.push({
        type: 'data-tool-agent',
        id: `run-${level}`,
        data: {
          status: 'running',
          toolCalls: [{ toolCallId: `a${level}`, toolName: `agent-${level}`, args: {} }],
          steps: [],
        },
      });
    }
    const live = decode(list);
    const depth = (id: string) => {
      let n = 0;
      for (let at = live.byId[id]?.parentId; at !== undefined; at = live.byId[at]?.parentId) n++;
      return n;
    };
    const deepest = Math.max(...live.ids.map(depth));
    expect(deepest).toBe(8);
    expect(live.ids).toHaveLength(11);
    expect(live.diagnostics.last?.reason).toMatch(/deeper than 8 levels/);
  });
});
