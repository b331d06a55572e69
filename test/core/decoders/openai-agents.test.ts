/**
 * The OpenAI Agents SDK (@openai/agents 0.20.0), run for real: `run(agent, input, { stream: true })`
 * over an `OpenAI` client whose fake `fetch` serves recorded Responses API bodies, one per model call.
 * Turn 1 asks for three calls: one succeeds, one throws (the SDK masks it as a successful output), one
 * needs approval (the run stops with an interruption). The app rejects it and resumes: the rejection
 * comes back as an output, then the final answer. The SDK's own run items are the oracle; their JSON
 * is kept as test/fixtures/wires/openai-agents.jsonl (regenerate with UPDATE_WIRE_FIXTURES=1) and read
 * again through `eventsFromText`, detected without being told.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, run, setDefaultOpenAIClient, setTracingDisabled, tool } from '@openai/agents';
import OpenAI from 'openai';
import { reduceSteps, type StepEvent, type StepsState } from 'tool-steps/core';
import { eventsFromText, openaiAgents } from 'tool-steps/wires';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emptyStepsState } from '../../../src/core/step';

const capture = new URL('../../fixtures/wires/openai-agents.jsonl', import.meta.url);

/** A Responses API body: the given output items, streamed as added/done pairs, then completed. */
function responseBody(id: string, output: Record<string, unknown>[]): string {
  const response = (status: string, items: unknown[]) => ({
    id,
    object: 'response',
    created_at: 1767225600,
    status,
    error: null,
    incomplete_details: null,
    model: 'gpt-5-mini',
    output: items,
    parallel_tool_calls: true,
    tools: [],
    usage: {
      input_tokens: 10,
      output_tokens: 10,
      total_tokens: 20,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    },
    metadata: {},
  });
  const events: Record<string, unknown>[] = [{ type: 'response.created', response: response('in_progress', []) }];
  output.forEach((item, output_index) => {
    events.push({ type: 'response.output_item.added', output_index, item });
    events.push({ type: 'response.output_item.done', output_index, item });
  });
  events.push({ type: 'response.completed', response: response('completed', output) });
  return events.map((e, i) => `event: ${e.type}\ndata: ${JSON.stringify({ ...e, sequence_number: i })}\n\n`).join('');
}

const fn = (callId: string, name: string, args: unknown) => ({
  id: `fc_${callId}`,
  type: 'function_call',
  status: 'completed',
  call_id: callId,
  name,
  arguments: JSON.stringify(args),
});
const answer = (text: string) => ({
  id: 'msg_final',
  type: 'message',
  status: 'completed',
  role: 'assistant',
  content: [{ type: 'output_text', text, annotations: [], logprobs: [] }],
});

interface Recorded {
  events: unknown[];
  interruptions: number;
  finalOutput: unknown;
  requests: { input: unknown }[];
}

/** Runs the agent twice (interrupted, then resumed after a rejection), recording every stream event. */
async function runAgent(): Promise<Recorded> {
  const bodies = [
    responseBody('resp_turn1', [
      fn('call_weather', 'get_weather', { city: 'Paris' }),
      fn('call_flaky', 'flaky_lookup', { id: 7 }),
      fn('call_delete', 'delete_file', { path: 'prod.db' }),
    ]),
    responseBody('resp_turn2', [answer('Paris is 21 degrees; the lookup failed; I did not delete prod.db.')]),
  ];
  const requests: { input: unknown }[] = [];
  const fetch = (async (_url: unknown, init?: { body?: unknown }) => {
    requests.push(JSON.parse(String(init?.body ?? '{}')));
    return new Response(bodies[requests.length - 1] ?? '', { headers: { 'content-type': 'text/event-stream' } });
  }) as typeof globalThis.fetch;
  setDefaultOpenAIClient(new OpenAI({ apiKey: 'test', baseURL: 'http://openai.test/v1', fetch, maxRetries: 0 }));
  setTracingDisabled(true);
  const agent = new Agent({
    name: 'Ops',
    model: 'gpt-5-mini',
    tools: [
      tool({
        name: 'get_weather',
        description: 'Weather for a city',
        parameters: z.object({ city: z.string() }),
        execute: async ({ city }) => `${city}: 21 degrees`,
      }),
      tool({
        name: 'flaky_lookup',
        description: 'A lookup that fails',
        parameters: z.object({ id: z.number() }),
        execute: async () => {
          throw new Error('Connection reset by peer');
        },
      }),
      tool({
        name: 'delete_file',
        description: 'Deletes a file',
        parameters: z.object({ path: z.string() }),
        needsApproval: true,
        execute: async () => 'deleted',
      }),
    ],
  });
  const events: unknown[] = [];
  const first = await run(agent, 'Weather in Paris, look up 7, delete prod.db', { stream: true });
  for await (const event of first) events.push(event);
  await first.completed;
  const interruptions = first.interruptions.length;
  for (const interruption of first.interruptions) first.state.reject(interruption);
  const second = await run(agent, first.state, { stream: true });
  for await (const event of second) events.push(event);
  await second.completed;
  return { events, interruptions, finalOutput: second.finalOutput, requests };
}

const recorded = runAgent();

function decode(events: readonly unknown[]): { state: StepsState; out: StepEvent[] } {
  const decoder = openaiAgents();
  const out: StepEvent[] = [];
  for (const event of events) out.push(...decoder.push(event));
  out.push(...decoder.end());
  return { state: reduceSteps(emptyStepsState, out), out };
}

/** The SDK's run items, in order: `name callId`. */
function itemNames(events: readonly unknown[]): string[] {
  return events.flatMap((event) => {
    const e = event as { type: string; name?: string; item?: { rawItem?: { callId?: string } } };
    return e.type === 'run_item_stream_event' && e.name !== 'message_output_created'
      ? [`${e.name} ${e.item?.rawItem?.callId}`]
      : [];
  });
}

describe('OpenAI Agents SDK run events, from the real SDK', () => {
  it('the SDK stops for one approval, masks the thrown error as an output, and returns the rejection as an output', async () => {
    const { events, interruptions, finalOutput, requests } = await recorded;
    expect(interruptions).toBe(1);
    expect(String(finalOutput)).toMatch(/did not delete/);
    expect(itemNames(events)).toEqual([
      'tool_called call_weather',
      'tool_called call_flaky',
      'tool_called call_delete',
      'tool_output call_weather',
      'tool_output call_flaky',
      'tool_approval_requested call_delete',
      'tool_output call_delete',
    ]);
    // What the model was sent for the three calls: the masked error is an ordinary output.
    const outputs = ((requests[1]?.input ?? []) as { type: string; call_id?: string; output?: unknown }[]).filter(
      (i) => i.type === 'function_call_output',
    );
    expect(outputs).toHaveLength(3);
  });

  it('makes one step per call: succeeded, failed (masked, said on the step), denied', async () => {
    const { events } = await recorded;
    const { state } = decode(events);
    const steps = state.ids.map((id) => state.byId[id]);
    expect(steps.map((s) => `${s?.id}:${s?.toolName}:${s?.status}`)).toEqual([
      'call_weather:get_weather:succeeded',
      'call_flaky:flaky_lookup:failed',
      'call_delete:delete_file:denied',
    ]);
    expect(state.byId.call_weather).toMatchObject({ input: { city: 'Paris' }, result: 'Paris: 21 degrees' });
    expect(state.byId.call_flaky?.error).toMatchObject({
      code: 'TOOL_ERROR_MASKED',
      message: expect.stringMatching(/masked|generic error text/),
    });
    expect(state.byId.call_flaky?.result).toBe('An error occurred while running the tool. Please try again.');
    expect(state.byId.call_delete?.approval).toMatchObject({ id: 'call_delete', decision: { approved: false } });
    expect(state.run.status).toBe('done');
  });

  it('pauses at the interruption when only the first run has been read', async () => {
    const { events } = await recorded;
    const cut = events.findIndex((e) => (e as { name?: string }).name === 'tool_approval_requested');
    const { state } = decode(events.slice(0, cut + 1));
    expect(state.byId.call_delete?.status).toBe('awaiting-approval');
    expect(state.run.status).toBe('paused');
  });

  it('reads the same events as JSON lines (what an app forwards), detected without being told', async () => {
    const { events } = await recorded;
    const lines = events
      .filter((e) => (e as { type: string }).type !== 'raw_model_stream_event')
      .map((e) => JSON.stringify(e))
      .join('\n');
    if (process.env.UPDATE_WIRE_FIXTURES) writeFileSync(capture, `${lines}\n`);
    const text = readFileSync(capture, 'utf8');
    expect(
      itemNames(
        text
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l)),
      ),
    ).toEqual(itemNames(events));
    const fromJson = reduceSteps(emptyStepsState, eventsFromText(text));
    const fromObjects = decode(events).state;
    expect(fromJson.ids).toEqual(fromObjects.ids);
    for (const id of fromJson.ids) expect(fromJson.byId[id]?.status).toBe(fromObjects.byId[id]?.status);
  });
});

describe('OpenAI Agents SDK: a stream with no event', () => {
  it('ends interrupted in the sentence auto-detection and every other wire say of an empty stream', () => {
    const decoder = openaiAgents();
    expect(decoder.end()).toEqual([{ type: 'run-abort', code: 'closed-before-start' }]);
    expect(decoder.end()).toEqual([]);
    expect(eventsFromText('', { protocol: 'openai-agents' })).toEqual(eventsFromText(''));
  });
});
