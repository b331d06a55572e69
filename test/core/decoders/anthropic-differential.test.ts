/**
 * Differential test against the Anthropic SDK (@anthropic-ai/sdk 1.14.0): each capture of
 * test/fixtures/wires/anthropic-* is served through a fake `fetch` to `client.messages.stream()`
 * (`MessageStream`) or `client.beta.messages.stream()` (`BetaMessageStream`, which tracks `mcp_tool_use`
 * input). The same bytes go through our decoder and reducer, and the calls must agree on name, input,
 * output and error (the mapping at the top of src/core/decoders/anthropic.ts). Inputs are compared at
 * block stop, not per delta: the SDK's `partialParse` drops an unfinished string where ours keeps it.
 * What the SDK rejects or drops, we read and say so with a diagnostic.
 */
import { readFileSync } from 'node:fs';
import Anthropic from '@anthropic-ai/sdk';
import { reduceSteps, type StepsState } from 'tool-steps/core';
import { eventsFromText, eventsFromToolOutputs } from 'tool-steps/wires';
import { describe, expect, it } from 'vitest';
import { emptyStepsState } from '../../../src/core/step';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/wires/${name}`, import.meta.url), 'utf8');

type Block = Record<string, unknown> & { type: string };
interface VendorRun {
  message?: { content: Block[]; stop_reason: string | null };
  current?: { content: Block[] };
  error?: Error & { error?: { error?: { message?: string; type?: string } } };
  /** The blocks the SDK's `contentBlock` listener gave, at each block's stop. */
  stopped: Block[];
}

async function vendor(body: string, beta = false): Promise<VendorRun> {
  const fetch = (async () =>
    new Response(body, { headers: { 'content-type': 'text/event-stream' } })) as typeof globalThis.fetch;
  const client = new Anthropic({ apiKey: 'test', baseURL: 'http://anthropic.test', fetch, maxRetries: 0 });
  const params = { model: 'claude-sonnet-5', max_tokens: 1024, messages: [{ role: 'user' as const, content: 'test' }] };
  // The two helpers share the listener API; typed as the plain one for the calls made here.
  const stream = (beta ? client.beta.messages.stream(params) : client.messages.stream(params)) as ReturnType<
    typeof client.messages.stream
  >;
  const stopped: Block[] = [];
  stream.on('contentBlock', (block: unknown) => stopped.push(structuredClone(block) as Block));
  try {
    const message = (await stream.finalMessage()) as unknown as VendorRun['message'];
    return { message, stopped };
  } catch (error) {
    return {
      error: error as VendorRun['error'],
      current: stream.currentMessage as unknown as VendorRun['current'],
      stopped,
    };
  }
}

interface Call {
  id: string;
  name: string;
  status: string;
  input?: unknown;
  output?: unknown;
  error?: string;
}

const TOOL_BLOCKS = new Set(['tool_use', 'server_tool_use', 'mcp_tool_use']);

/** The SDK's final content in our terms: each tool block with the result block that answers it. */
function vendorCalls(content: Block[], stopReason: string | null): Call[] {
  const calls: Call[] = [];
  for (const block of content) {
    if (!TOOL_BLOCKS.has(block.type)) continue;
    const id = block.id as string;
    const result = content.find((b) => b.tool_use_id === id);
    const call: Call = { id, name: block.name as string, status: 'running', input: block.input };
    if (result) {
      const inner = result.content as Record<string, unknown> | Block[] | string;
      if (result.type === 'mcp_tool_result') {
        const text = (inner as Block[]).map((b) => b.text).join('\n');
        call.status = result.is_error ? 'failed' : 'succeeded';
        if (result.is_error) call.error = text;
        else call.output = text;
      } else if (!Array.isArray(inner) && typeof inner === 'object' && String(inner.type).endsWith('_error')) {
        call.status = 'failed';
        call.error = inner.error_code as string;
      } else {
        call.status = 'succeeded';
        if (result.type === 'web_search_tool_result') {
          call.output = (inner as Block[]).map((r) => ({ url: r.url, title: r.title }));
        } else if (result.type.includes('code_execution_tool_result') && !result.type.startsWith('text_editor')) {
          call.output = (inner as Record<string, unknown>).stdout;
        } else if ((inner as Block).type === 'text_editor_code_execution_view_result') {
          call.output = (inner as Block).content;
        } else {
          call.output = inner;
        }
      }
    } else if (block.type !== 'tool_use' && stopReason !== 'pause_turn') {
      call.status = 'interrupted';
    }
    calls.push(call);
  }
  return calls;
}

function ourCalls(state: StepsState): Call[] {
  return state.ids.map((id) => {
    const step = state.byId[id];
    if (!step) throw new Error(`no step ${id}`);
    const call: Call = { id, name: step.toolName, status: step.status };
    if (step.input !== undefined) call.input = step.input;
    if (step.result !== undefined && !step.error) call.output = step.result;
    // A server tool's error is its error_code; an MCP result's, its text.
    if (step.error) call.error = step.error.code ?? step.error.message;
    return call;
  });
}

const ours = (body: string, before: StepsState = emptyStepsState) =>
  reduceSteps(before, eventsFromText(body, { protocol: 'anthropic' }));

describe('Anthropic Messages: our decoder against MessageStream / BetaMessageStream, on the same bytes', () => {
  it('anthropic-tools.1.sse: web search with its result inline, two client tool_use calls left running', async () => {
    const body = fixture('anthropic-tools.1.sse');
    const theirs = await vendor(body);
    const expected = vendorCalls(theirs.message?.content ?? [], theirs.message?.stop_reason ?? null);
    expect(expected.map((c) => `${c.name}:${c.status}`)).toEqual([
      'web_search:succeeded',
      'read_file:running',
      'list_open_prs:running',
    ]);
    const state = ours(body);
    expect(ourCalls(state)).toEqual(expected);
    expect(state.byId.srvtoolu_01web?.details).toMatchObject({ kind: 'sources' });
    expect(state.run.status).toBe('done');
    // Detected without being told, with the same result.
    expect(reduceSteps(emptyStepsState, eventsFromText(body))).toEqual(state);
  });

  it('anthropic-tools.2 request: the tool_result blocks of the next request end the calls (is_error fails one)', async () => {
    const state = ours(fixture('anthropic-tools.1.sse'));
    const expected = JSON.parse(fixture('anthropic-tools.expected.json')) as {
      requests: { body: { messages: { role: string; content: unknown }[] } }[];
    };
    const body = expected.requests[1]?.body;
    expect(body).toBeDefined();
    const next = ours(fixture('anthropic-tools.2.sse'), reduceSteps(state, eventsFromToolOutputs(body)));
    const results = body?.messages.at(-1)?.content as Block[];
    for (const result of results.filter((b) => b.type === 'tool_result')) {
      const step = next.byId[result.tool_use_id as string];
      expect(step?.status, String(result.tool_use_id)).toBe(result.is_error ? 'failed' : 'succeeded');
    }
    expect(next.run.status).toBe('done');
  });

  it('anthropic-beta.sse: bash, text editor, failed web fetch, code execution, MCP error, pause_turn', async () => {
    const body = fixture('anthropic-beta.sse');
    const theirs = await vendor(body, true);
    expect(theirs.error).toBeUndefined();
    const expected = vendorCalls(theirs.message?.content ?? [], theirs.message?.stop_reason ?? null);
    expect(expected).toHaveLength(7);
    const state = ours(body);
    expect(ourCalls(state)).toEqual(expected);
    expect(state.byId.srvtoolu_bash?.details).toEqual({
      kind: 'terminal',
      stdout: 'app.py\n',
      stderr: 'cat: missing.txt: No such file or directory\n',
      exitCode: 1,
    });
    expect(state.byId.srvtoolu_view?.details).toEqual({
      kind: 'code',
      code: 'def total(xs):\n    return sum(xs)\n',
      path: 'app.py',
      startLine: 1,
    });
    expect(state.byId.srvtoolu_edit?.details).toEqual({
      kind: 'diff',
      diff: '--- a/app.py\n+++ b/app.py\n@@ -2,1 +2,1 @@\n-    return sum(xs)\n+    return sum(xs, 0)',
    });
    // pause_turn: the search still runs on the server; the continuation (a new message) ends it.
    expect(state.byId.srvtoolu_search?.status).toBe('running');
  });

  it('MessageStream (not beta) does not track mcp_tool_use input; we do, as BetaMessageStream does', async () => {
    const body = fixture('anthropic-beta.sse');
    const plain = await vendor(body, false);
    const mcp = plain.message?.content.find((b) => b.type === 'mcp_tool_use');
    expect(mcp?.input).toEqual({});
    expect(ours(body).byId.mcptoolu_issue?.input).toEqual({ title: 'Flaky CI' });
  });

  it('anthropic-error.sse: an error event with a call open ends it interrupted, the message on the run (the SDK throws)', async () => {
    const body = fixture('anthropic-error.sse');
    const theirs = await vendor(body);
    expect(theirs.error).toBeDefined();
    const open = theirs.current?.content.find((b) => b.type === 'tool_use');
    expect(open?.id).toBe('toolu_open');
    const state = ours(body);
    expect(state.byId.toolu_open).toMatchObject({ toolName: open?.name, status: 'interrupted' });
    expect(state.run).toEqual({ status: 'error', error: { message: 'Overloaded', code: 'overloaded_error' } });
  });

  it('anthropic-max-tokens.sse: the call cut by max_tokens fails (code max_tokens); the SDK keeps a partial input', async () => {
    const body = fixture('anthropic-max-tokens.sse');
    const theirs = await vendor(body);
    expect(theirs.message?.stop_reason).toBe('max_tokens');
    const [whole, cut] = vendorCalls(theirs.message?.content ?? [], 'max_tokens');
    const state = ours(body);
    expect(ourCalls(state)[0]).toEqual(whole);
    // Disagreement, on purpose: the SDK's partialParse gives {"path":"notes.md"} (the unfinished
    // string dropped) and calls it the input; the call cannot run, so we fail it and keep the text.
    expect(cut?.input).toEqual({ path: 'notes.md' });
    expect(state.byId.toolu_cut).toMatchObject({ status: 'failed', error: { code: 'max_tokens' } });
    expect(state.byId.toolu_cut?.inputText).toBe('{"path": "notes.md", "text": "Line one');
  });
});

describe('Anthropic bad input: what the SDK drops or rejects, we read with a diagnostic', () => {
  it('reads frames without their event: line (the SDK drops them) and says so once', async () => {
    const body = fixture('anthropic-tools.1.sse');
    const stripped = body.replace(/event: content_block_(start|stop)\n/g, '');
    const theirs = await vendor(stripped);
    // The SDK never saw the tool blocks start: its message has none of them.
    expect(theirs.message?.content.filter((b) => TOOL_BLOCKS.has(b.type)) ?? []).toEqual([]);
    const state = ours(stripped);
    expect(state.ids).toEqual(ours(body).ids);
    expect(state.diagnostics.count).toBe(1);
  });

  it('reads CRLF frames as the SDK does', async () => {
    const body = fixture('anthropic-tools.1.sse').replace(/\n/g, '\r\n');
    const theirs = await vendor(body);
    expect(ourCalls(ours(body))).toEqual(vendorCalls(theirs.message?.content ?? [], 'tool_use'));
  });

  it('reads a second message_start before message_stop (the SDK throws) as a new message', async () => {
    const body = fixture('anthropic-tools.1.sse');
    const twice = body.replace(/(event: message_delta[\s\S]*)$/, '') + fixture('anthropic-tools.2.sse');
    const theirs = await vendor(twice);
    expect(theirs.error?.message).toMatch(/order/i);
    const state = ours(twice);
    expect(state.byId.toolu_01read?.status).toBe('interrupted');
    expect(state.run.status).toBe('done');
    expect(state.diagnostics.count).toBe(1);
  });

  it('an unknown event type and a delta for a block that never started are counted and skipped', async () => {
    const body = fixture('anthropic-tools.1.sse');
    const odd =
      'event: content_block_hologram\ndata: {"type":"content_block_hologram","index":9}\n\n' +
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":42,"delta":{"type":"input_json_delta","partial_json":"{"}}\n\n';
    const text = body.replace('event: message_delta', `${odd}${odd}event: message_delta`);
    const theirs = await vendor(text);
    // The SDK skips both without a word; we skip them and count them.
    expect(theirs.error).toBeUndefined();
    const state = ours(text);
    expect(ourCalls(state)).toEqual(vendorCalls(theirs.message?.content ?? [], 'tool_use'));
    expect(state.diagnostics.count).toBe(2);
  });

  it('makes a step for a tool_result whose call no stream showed', () => {
    const state = reduceSteps(
      emptyStepsState,
      eventsFromToolOutputs({
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_x', content: 'done' }],
      }),
    );
    expect(state.byId.toolu_x).toMatchObject({ status: 'succeeded', result: 'done' });
  });
});
