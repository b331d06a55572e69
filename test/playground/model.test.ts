// The language-model path of the playground (OPENAI_API_KEY / ANTHROPIC_API_KEY): `streamText` drives the
// same tools, tested with the AI SDK's mock model since these machines cannot reach a provider.
import { MockLanguageModelV3 } from 'ai/test';
import { segmentOf, turnItems } from 'tool-steps/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
// @ts-expect-error: a plain .mjs module of the playground, no types
import { modelInfo } from '../../playground/server/model.mjs';
// @ts-expect-error: a plain .mjs module of the playground, no types
import { createPlayground } from '../../playground/server/server.mjs';
import { Conversation } from './support';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** One model call: its stream parts, ending with the finish reason. */
function step(parts: unknown[], reason: 'tool-calls' | 'stop') {
  return {
    stream: new ReadableStream({
      start(controller) {
        for (const part of [
          { type: 'stream-start', warnings: [] },
          ...parts,
          { type: 'finish', finishReason: { unified: reason, raw: reason }, usage },
        ])
          controller.enqueue(part);
        controller.close();
      },
    }),
  };
}

const call = (toolCallId: string, toolName: string, input: unknown) => ({
  type: 'tool-call',
  toolCallId,
  toolName,
  input: JSON.stringify(input),
});
const text = (id: string, delta: string) => [
  { type: 'text-start', id },
  { type: 'text-delta', id, delta },
  { type: 'text-end', id },
];

let playground: { url: string; secret: string; close(): Promise<void> };
let model: MockLanguageModelV3;

beforeAll(async () => {
  model = new MockLanguageModelV3({
    doStream: [
      step(
        [
          // a thinking block as @ai-sdk/anthropic streams it: part id "0", the signature at its end
          { type: 'reasoning-start', id: '0' },
          { type: 'reasoning-delta', id: '0', delta: 'The discount code is the suspect.' },
          { type: 'reasoning-end', id: '0', providerMetadata: { anthropic: { signature: 'EqQBCkgIAR' } } },
          ...text('a', 'Reading the discount code.'),
          call('call_model_1', 'read_file', { path: 'src/discount.mjs' }),
        ],
        'tool-calls',
      ),
      step([call('call_model_2', 'run_command', { command: 'node --test' })], 'tool-calls'),
      step(text('b', 'The tests ran; one fails in applyDiscount.'), 'stop'),
    ] as never,
  });
  playground = await createPlayground({ port: 0, vite: false, textDelayMs: 0, languageModel: model });
});

afterAll(() => playground?.close());

describe('with a language model', () => {
  test('the environment picks the provider: Anthropic first, then OpenAI, else none', () => {
    expect(modelInfo({ ANTHROPIC_API_KEY: 'k', OPENAI_API_KEY: 'k' })).toMatchObject({ provider: 'anthropic' });
    expect(modelInfo({ OPENAI_API_KEY: 'k' })).toMatchObject({ provider: 'openai' });
    expect(modelInfo({})).toBeUndefined();
  });

  test("the model's calls run for real under its own ids, with the approval round trip, and its text streams", async () => {
    const c = new Conversation(playground.url, 'ai-sdk', 'model-session', playground.secret);
    await c.start('why does the test fail?');
    const [read, command] = c.steps();
    expect(read).toMatchObject({ id: 'call_model_1', toolName: 'read_file', status: 'succeeded' });
    expect(String(read?.result)).toContain('export function applyDiscount');
    expect(command).toMatchObject({ id: 'call_model_2', toolName: 'run_command', status: 'awaiting-approval' });
    expect(c.texts.join('')).toContain('Reading the discount code.');
    // the model's reasoning goes on to the page, before its call
    const thought = c.state.reasoning?.ids[0] as string;
    expect(segmentOf(c.state.reasoning, thought)).toMatchObject({
      text: 'The discount code is the suspect.',
      status: 'done',
    });
    expect(turnItems(c.state).slice(0, 2)).toEqual([
      { kind: 'reasoning', id: thought },
      { kind: 'step', id: 'call_model_1' },
    ]);

    await c.decide(true);
    expect(c.steps('run_command')[0]).toMatchObject({ status: 'succeeded', result: { exitCode: 1 } });
    expect(c.texts.at(-1)).toContain('one fails in applyDiscount');
    expect(c.state.run.status).toBe('done');
    // the model read the real tool output in its next step
    const prompt = JSON.stringify(model.doStreamCalls[2]?.prompt);
    expect(prompt).toContain('applyDiscount takes a percentage off the total');
  });
});
