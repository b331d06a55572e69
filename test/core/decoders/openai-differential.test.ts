/**
 * Differential test against the OpenAI SDK (openai 7.59.0): each capture of test/fixtures/wires/openai-*
 * is served through a fake `fetch` to `client.responses.stream()` (the SDK's `ResponseStream`), and the
 * events it emits are folded again by the standalone `accumulateResponse`. The same bytes go through our
 * decoder and reducer, frame by frame, and the calls must agree on name, input, output and error (the
 * mapping is written at the top of src/core/decoders/openai.ts), after every argument delta as well as
 * at the end. Where the SDK rejects a capture, our decoder reads it and says so with a diagnostic.
 */
import { readFileSync } from 'node:fs';
import { createParser } from 'eventsource-parser';
import OpenAI from 'openai';
import { accumulateResponse } from 'openai/lib/responses/ResponseAccumulator';
import { reduceSteps, type StepEvent, type StepsState } from 'tool-steps/core';
import { eventsFromToolOutputs } from 'tool-steps/wires';
import { describe, expect, it } from 'vitest';
import { openaiResponses } from '../../../src/core/decoders/openai';
import { emptyStepsState } from '../../../src/core/step';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/wires/${name}`, import.meta.url), 'utf8');

type Item = Record<string, unknown> & { type: string };
interface VendorRun {
  /** The argument snapshots `ResponseStream` attaches to its `response.function_call_arguments.delta` listener, by sequence number. */
  snapshots: Map<number, string>;
  events: (Record<string, unknown> & { type: string; sequence_number?: number })[];
  response?: { status: string; output: Item[]; error?: { message: string } | null };
  error?: Error & { error?: { message?: string } };
}

/** Serves one SSE body per request. */
function fakeFetch(bodies: string[]): typeof fetch {
  let next = 0;
  return (async () =>
    new Response(bodies[next++] ?? '', { headers: { 'content-type': 'text/event-stream' } })) as typeof fetch;
}

async function vendor(body: string): Promise<VendorRun> {
  const client = new OpenAI({
    apiKey: 'test',
    baseURL: 'http://openai.test/v1',
    fetch: fakeFetch([body]),
    maxRetries: 0,
  });
  const stream = client.responses.stream({ model: 'gpt-5-mini', input: 'test' });
  const events: VendorRun['events'] = [];
  const snapshots = new Map<number, string>();
  stream.on('event', (event) => events.push(event as unknown as VendorRun['events'][number]));
  stream.on('response.function_call_arguments.delta', (event) => snapshots.set(event.sequence_number, event.snapshot));
  try {
    const response = (await stream.finalResponse()) as unknown as VendorRun['response'];
    return { snapshots, events, response };
  } catch (error) {
    return { snapshots, events, error: error as VendorRun['error'] };
  }
}

/** Folds the events with the standalone accumulator; its error when it rejects them. */
function accumulate(events: VendorRun['events']): { output?: Item[]; error?: string } {
  let snapshot: unknown;
  try {
    for (const event of events) snapshot = accumulateResponse(event as never, snapshot as never);
    return { output: (snapshot as { output: Item[] }).output };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** Our side, frame by frame: the state after each frame, keyed by the frame's sequence number. */
function ours(body: string, before: StepsState = emptyStepsState) {
  const decoder = openaiResponses();
  let state = before;
  const bySequence = new Map<number, StepsState>();
  const events: StepEvent[] = [];
  const parser = createParser({
    onEvent(frame) {
      const batch = decoder.push(frame.data, { event: frame.event });
      events.push(...batch);
      state = reduceSteps(state, batch);
      const seq = (JSON.parse(frame.data) as { sequence_number?: number }).sequence_number;
      if (typeof seq === 'number') bySequence.set(seq, state);
    },
  });
  parser.feed(body);
  const last = decoder.end();
  events.push(...last);
  state = reduceSteps(state, last);
  return { state, bySequence, events };
}

interface Call {
  id: string;
  name: string;
  status: string;
  input?: unknown;
  output?: unknown;
  error?: string;
}

const parse = (text: unknown) => (typeof text === 'string' && text !== '' ? JSON.parse(text) : {});

/**
 * The calls of the SDK's final output in our terms (the mapping of src/core/decoders/openai.ts): what
 * the SDK's item says, projected onto name, input, output, error and the status that follows from it.
 */
function vendorCalls(output: Item[], ended: 'completed' | 'failed' | 'incomplete' | 'error'): Call[] {
  const calls: Call[] = [];
  const open = ended === 'completed' || ended === 'incomplete' ? 'running' : 'interrupted';
  for (const item of output) {
    const callId = item.call_id as string;
    switch (item.type) {
      case 'function_call': {
        const complete = item.status === 'completed';
        calls.push({
          id: callId,
          name: item.name as string,
          status: complete ? open : 'interrupted',
          ...(complete && { input: parse(item.arguments) }),
        });
        break;
      }
      case 'custom_tool_call':
        calls.push({ id: callId, name: item.name as string, status: open, input: { input: item.input } });
        break;
      case 'mcp_call': {
        const error = item.error as { message?: string } | null;
        calls.push({
          id: (item.approval_request_id as string) ?? (item.id as string),
          name: item.name as string,
          status: error ? 'failed' : 'succeeded',
          input: parse(item.arguments),
          ...(error ? { error: error.message } : { output: item.output }),
        });
        break;
      }
      case 'mcp_approval_request':
        calls.push({
          id: item.id as string,
          name: item.name as string,
          status: 'awaiting-approval',
          input: parse(item.arguments),
        });
        break;
      case 'web_search_call': {
        const { sources, ...query } = item.action as { sources?: { url: string }[] };
        calls.push({
          id: item.id as string,
          name: 'web_search',
          status: 'succeeded',
          input: query,
          ...(sources && { output: sources.map((s) => s.url) }),
        });
        break;
      }
      case 'file_search_call':
        calls.push({
          id: item.id as string,
          name: 'file_search',
          status: 'succeeded',
          input: { queries: item.queries },
          output: item.results,
        });
        break;
      case 'code_interpreter_call': {
        const logs = (item.outputs as { type: string; logs?: string }[]).filter((o) => o.type === 'logs');
        calls.push({
          id: item.id as string,
          name: 'code_interpreter',
          status: 'succeeded',
          input: { code: item.code },
          output: logs.map((o) => o.logs).join(''),
        });
        break;
      }
      case 'image_generation_call':
        calls.push({
          id: item.id as string,
          name: 'image_generation',
          status: 'succeeded',
          input: { prompt: item.revised_prompt },
          output: item.revised_prompt,
        });
        break;
      case 'shell_call': {
        const answer = output.find((o) => o.type === 'shell_call_output' && o.call_id === callId);
        const runs = (answer?.output ?? []) as { stdout: string }[];
        calls.push({
          id: callId,
          name: 'shell',
          status: answer ? 'succeeded' : open,
          input: item.action,
          ...(answer && { output: runs.map((r) => r.stdout).join('') }),
        });
        break;
      }
      case 'computer_call':
        calls.push({
          id: callId,
          name: 'computer',
          status: (item.pending_safety_checks as unknown[]).length > 0 ? 'awaiting-approval' : open,
          input: item.action,
        });
        break;
      default:
        break;
    }
  }
  return calls;
}

function ourCalls(state: StepsState): Call[] {
  return state.ids.map((id) => {
    const step = state.byId[id];
    if (!step) throw new Error(`no step ${id}`);
    const call: Call = { id, name: step.toolName, status: step.status };
    if (step.input !== undefined && step.status !== 'interrupted') call.input = step.input;
    if (step.result !== undefined && !step.error) call.output = step.result;
    if (step.error) call.error = step.error.message;
    return call;
  });
}

/** Both sides, compared: at every argument delta (the SDK's snapshot) and at the end. */
async function compare(name: string) {
  const body = fixture(name);
  const theirs = await vendor(body);
  const mine = ours(body);
  let deltas = 0;
  for (const event of theirs.events) {
    if (event.type !== 'response.function_call_arguments.delta') continue;
    const state = mine.bySequence.get(event.sequence_number as number);
    const item = theirs.events.find(
      (e) => e.type === 'response.output_item.added' && (e.item as Item).id === event.item_id,
    )?.item as Item;
    const snapshot = theirs.snapshots.get(event.sequence_number as number);
    expect(snapshot, `${name} #${event.sequence_number}`).toBeDefined();
    expect(state?.byId[item.call_id as string]?.inputText, `${name} #${event.sequence_number}`).toBe(snapshot);
    deltas++;
  }
  return { theirs, mine, deltas };
}

describe('OpenAI Responses: our decoder against the SDK reducers, on the same bytes', () => {
  it('openai-builtins.sse: web search, code interpreter, image, two function calls left running', async () => {
    const { theirs, mine, deltas } = await compare('openai-builtins.sse');
    expect(theirs.response?.status).toBe('completed');
    const expected = vendorCalls(theirs.response?.output ?? [], 'completed');
    expect(expected).toHaveLength(5);
    expect(ourCalls(mine.state)).toEqual(expected);
    expect(deltas).toBe(4);
    // The standalone accumulator folds the same events into the same calls.
    expect(vendorCalls(accumulate(theirs.events).output ?? [], 'completed')).toEqual(expected);
    const image = mine.state.byId.ig_01;
    const final = theirs.response?.output.find((o) => o.type === 'image_generation_call');
    expect(image?.details).toEqual({
      kind: 'media',
      parts: [{ type: 'image', mediaType: 'image/png', data: final?.result }],
    });
    expect(mine.state.byId.ws_01?.details).toMatchObject({ kind: 'sources' });
    expect(mine.state.byId.ci_01?.details).toEqual({ kind: 'terminal', stdout: '240 days\n' });
    expect(mine.state.diagnostics.count).toBe(0);
  });

  it('openai-mcp.{1,2}.sse: failed hosted MCP call, custom tool input, approval, then the approved call continues the same step', async () => {
    const first = await compare('openai-mcp.1.sse');
    const expected = vendorCalls(first.theirs.response?.output ?? [], 'completed');
    expect(expected.map((c) => c.status)).toEqual(['failed', 'running', 'awaiting-approval']);
    expect(ourCalls(first.mine.state)).toEqual(expected);
    expect(first.mine.state.byId.mcp_01?.error).toEqual({ message: 'Bad gateway from deepwiki', code: 'HTTP_502' });
    expect(first.mine.state.run.status).toBe('paused');
    expect(first.mine.state.diagnostics.count).toBe(0);

    // The app answers the approval in its next request; the same item is what it sends the API.
    const decision = eventsFromToolOutputs({
      type: 'mcp_approval_response',
      approval_request_id: 'mcpr_01',
      approve: true,
    });
    const approved = reduceSteps(first.mine.state, decision);
    expect(approved.byId.mcpr_01?.status).toBe('running');
    const body = fixture('openai-mcp.2.sse');
    const second = await vendor(body);
    const after = ours(body, approved).state;
    const continued = vendorCalls(second.response?.output ?? [], 'completed')[0];
    expect(continued?.id).toBe('mcpr_01');
    expect(ourCalls(after).find((c) => c.id === 'mcpr_01')).toEqual(continued);
    expect(after.byId.mcpr_01?.approval?.decision).toEqual({ approved: true });
    expect(after.diagnostics.count).toBe(0);
  });

  it('openai-failures.1.sse: interleaved arguments, then response.failed (the SDK resolves): completed calls end interrupted', async () => {
    const { theirs, mine, deltas } = await compare('openai-failures.1.sse');
    expect(theirs.response?.status).toBe('failed');
    expect(deltas).toBe(4);
    const expected = vendorCalls(theirs.response?.output ?? [], 'failed').map(({ input: _input, ...c }) => c);
    expect(ourCalls(mine.state).map(({ input: _input, ...c }) => c)).toEqual(expected);
    expect(mine.state.run).toEqual({
      status: 'error',
      error: { message: theirs.response?.error?.message, code: 'server_error' },
    });
    // The arguments were whole: the failed response keeps them, and so do we.
    expect(mine.state.byId.call_b?.input).toEqual({ city: 'Oslo' });
  });

  it('openai-failures.2.sse: an error event mid-arguments (the SDK throws): the call ends interrupted with the message on the run', async () => {
    const { theirs, mine } = await compare('openai-failures.2.sse');
    expect(theirs.error).toBeDefined();
    const message = theirs.error?.error?.message ?? '';
    expect(message).toBe('Rate limit reached for gpt-5-mini.');
    const snapshot = accumulate(theirs.events.filter((e) => e.type !== 'error')).output ?? [];
    const cut = snapshot[0] as Item;
    expect(mine.state.byId.call_c?.status).toBe('interrupted');
    expect(mine.state.byId.call_c?.inputText).toBe(cut.arguments);
    expect(mine.state.run).toEqual({ status: 'error', error: { message, code: 'rate_limit_exceeded' } });
  });

  it('openai-failures.3.sse: an item added at index 1 before 0: ResponseStream and we agree, accumulateResponse rejects it, we say so', async () => {
    const { theirs, mine } = await compare('openai-failures.3.sse');
    expect(theirs.response?.status).toBe('completed');
    expect(accumulate(theirs.events).error).toMatch(/index/);
    // The SDK lists items by wire index; we list steps by arrival (the search began first).
    const byId = (a: Call, b: Call) => a.id.localeCompare(b.id);
    expect(ourCalls(mine.state).map((c) => c.id)).toEqual(['ws_b', 'call_d']);
    expect(ourCalls(mine.state).sort(byId)).toEqual(vendorCalls(theirs.response?.output ?? [], 'completed').sort(byId));
    expect(mine.state.diagnostics.count).toBe(1);
    expect(mine.events.find((e) => e.type === 'diagnostic')).toMatchObject({
      reason: expect.stringMatching(/output_index 1 before index 0/),
    });
  });

  it('openai-shell.sse: file search, hosted shell with streamed output, computer safety check, incomplete with a call cut', async () => {
    const { theirs, mine } = await compare('openai-shell.sse');
    expect(theirs.response?.status).toBe('incomplete');
    const expected = vendorCalls(theirs.response?.output ?? [], 'incomplete');
    expect(expected.map((c) => `${c.name}:${c.status}`)).toEqual([
      'file_search:succeeded',
      'shell:succeeded',
      'computer:awaiting-approval',
      'write_file:interrupted',
    ]);
    expect(ourCalls(mine.state)).toEqual(expected);
    expect(mine.state.byId.call_shell?.details).toEqual({
      kind: 'terminal',
      stdout: 'README.md\nsrc\n',
      stderr: 'cat: missing.txt: No such file or directory\n',
      exitCode: 1,
    });
    expect(mine.state.byId.call_click?.approval?.description).toBe('The page asks to transfer money.');
  });
});

describe('eventsFromToolOutputs: the function results the Responses wire never carries', () => {
  it('ends the running function calls with the function_call_output items the app sends anyway', async () => {
    const { state } = ours(fixture('openai-builtins.sse'));
    expect(state.byId.call_read?.status).toBe('running');
    const input = [
      { type: 'function_call_output', call_id: 'call_read', output: '# Changelog\n- Node 24' },
      { type: 'function_call_output', call_id: 'call_prs', output: 'GitHub token expired' },
    ];
    const next = reduceSteps(state, eventsFromToolOutputs(input, { isError: ({ callId }) => callId === 'call_prs' }));
    expect(next.byId.call_read).toMatchObject({ status: 'succeeded', result: '# Changelog\n- Node 24' });
    expect(next.byId.call_prs).toMatchObject({ status: 'failed', error: { message: 'GitHub token expired' } });
  });

  it('makes a step for an output whose call no stream showed', () => {
    const state = reduceSteps(
      emptyStepsState,
      eventsFromToolOutputs({ type: 'function_call_output', call_id: 'call_x', output: 'ok' }),
    );
    expect(state.byId.call_x).toMatchObject({ status: 'succeeded', result: 'ok' });
  });
});
