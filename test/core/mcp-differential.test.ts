/**
 * Differential test against the MCP SDK (`@modelcontextprotocol/sdk` 1.32.2): a real `McpServer` and a
 * real `Client` over `InMemoryTransport`. Each call goes once through the SDK alone
 * (`client.callTool(params, undefined, { onprogress })`: its result or rejection and its progress
 * callbacks are the oracle) and once through `createMcpToolCalls` on a twin client and server; the
 * steps must agree call by call on name, input, output and error. Both directions of the twin's wire
 * are recorded as test/fixtures/wires/mcp-*.jsonl (regenerate with UPDATE_WIRE_FIXTURES=1), and
 * `createMcpTracker` fed those messages alone must draw the same steps as the adapter.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createStepStore, reduceSteps, type StepEvent, type StepsState } from 'tool-steps/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emptyStepsState } from '../../src/core/step';
import { createMcpToolCalls, createMcpTracker, type McpTool } from '../../src/wires/mcp';

const FIXTURES = new URL('../fixtures/wires/', import.meta.url);
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=';

/** A server with the tools every scenario uses; `hang` waits until the request is aborted. */
function makeServer(): McpServer {
  const server = new McpServer({ name: 'repo-tools', version: '1.0.0' });
  server.registerTool(
    'search_files',
    {
      title: 'Search files',
      description: 'Search the repository for a pattern',
      inputSchema: { pattern: z.string(), path: z.string().optional() },
      outputSchema: { matches: z.array(z.object({ file: z.string(), line: z.number() })) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ pattern }, extra) => {
      const token = extra._meta?.progressToken;
      for (let i = 1; i <= 3; i++) {
        if (token !== undefined) {
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken: token, progress: i, total: 3, message: `Scanned ${i} of 3 folders` },
          });
        }
      }
      const matches = [
        { file: 'src/a.ts', line: 3 },
        { file: 'src/b.ts', line: 9 },
      ];
      return {
        content: [
          { type: 'text', text: `${matches.length} matches for ${pattern}` },
          {
            type: 'resource_link',
            uri: 'file:///repo/src/a.ts',
            name: 'a.ts',
            title: 'src/a.ts',
            mimeType: 'text/typescript',
          },
        ],
        structuredContent: { matches },
      };
    },
  );
  server.registerTool(
    'render_chart',
    { title: 'Render chart', inputSchema: { series: z.array(z.number()) }, annotations: { readOnlyHint: true } },
    async () => ({
      content: [
        { type: 'text', text: 'Chart rendered' },
        { type: 'image', data: PNG, mimeType: 'image/png' },
        { type: 'audio', data: WAV, mimeType: 'audio/wav' },
        { type: 'resource', resource: { uri: 'file:///repo/chart.csv', mimeType: 'text/csv', text: 'x,y\n1,2\n' } },
        { type: 'resource', resource: { uri: 'file:///repo/chart.png', mimeType: 'image/png', blob: PNG } },
      ],
    }),
  );
  server.registerTool(
    'find_docs',
    { description: 'Links to the docs', inputSchema: { topic: z.string() }, annotations: { readOnlyHint: true } },
    async ({ topic }) => ({
      content: [
        { type: 'resource_link', uri: `https://docs.example.com/${topic}`, name: topic, description: `About ${topic}` },
        { type: 'resource_link', uri: 'https://modelcontextprotocol.io/specification', name: 'MCP specification' },
      ],
    }),
  );
  server.registerTool(
    'deploy',
    {
      description: 'Deploy a service',
      inputSchema: { env: z.enum(['staging', 'prod']) },
      annotations: { title: 'Deploy service', destructiveHint: true, openWorldHint: true },
    },
    async ({ env }) => {
      if (env === 'prod') throw new Error('permission denied: prod');
      return { content: [{ type: 'text', text: `deployed ${env}` }] };
    },
  );
  server.registerTool('hang', { description: 'Never answers', inputSchema: {} }, async (_args, extra) => {
    const token = extra._meta?.progressToken;
    if (token !== undefined) {
      await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: 1 } });
    }
    await new Promise<void>((resolve) => extra.signal.addEventListener('abort', () => resolve()));
    return { content: [{ type: 'text', text: 'too late' }] };
  });
  server.registerTool(
    'delete_branch',
    { description: 'Delete a branch', inputSchema: { branch: z.string() } },
    async ({ branch }) => {
      const answer = await server.server.elicitInput({
        message: `Really delete ${branch}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } },
      });
      if (answer.action !== 'accept')
        return { content: [{ type: 'text', text: 'declined by the user' }], isError: true };
      return { content: [{ type: 'text', text: `deleted ${branch}` }] };
    },
  );
  return server;
}

type Message = { dir: 'client->server' | 'server->client'; message: unknown };

async function connect(answer: 'accept' | 'decline', onElicit?: (params: { message: string }) => Promise<unknown>) {
  const server = makeServer();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const recorded: Message[] = [];
  const clientSend = clientSide.send.bind(clientSide);
  clientSide.send = (message, options) => {
    recorded.push({ dir: 'client->server', message: structuredClone(message) });
    return clientSend(message, options);
  };
  const serverSend = serverSide.send.bind(serverSide);
  serverSide.send = (message, options) => {
    recorded.push({ dir: 'server->client', message: structuredClone(message) });
    return serverSend(message, options);
  };
  const client = new Client({ name: 'tool-steps-capture', version: '0.0.0' }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, async (request) =>
    onElicit ? ((await onElicit(request.params as { message: string })) as never) : { action: answer },
  );
  await server.connect(serverSide);
  await client.connect(clientSide);
  const { tools } = await client.listTools();
  return { client, tools: tools as McpTool[], recorded, close: () => client.close() };
}

interface Scenario {
  name: string;
  tool: string;
  arguments: Record<string, unknown>;
  answer?: 'accept' | 'decline';
  abort?: boolean;
  timeout?: number;
}

const scenarios: Scenario[] = [
  { name: 'progress', tool: 'search_files', arguments: { pattern: 'TODO' } },
  { name: 'media', tool: 'render_chart', arguments: { series: [1, 2] } },
  { name: 'links', tool: 'find_docs', arguments: { topic: 'tools' } },
  { name: 'thrown', tool: 'deploy', arguments: { env: 'prod' } },
  { name: 'unknown-tool', tool: 'no_such_tool', arguments: {} },
  { name: 'invalid-args', tool: 'deploy', arguments: { env: 'moon' } },
  { name: 'elicit-accept', tool: 'delete_branch', arguments: { branch: 'old' }, answer: 'accept' },
  { name: 'elicit-decline', tool: 'delete_branch', arguments: { branch: 'old' }, answer: 'decline' },
  { name: 'abort', tool: 'hang', arguments: {}, abort: true },
  { name: 'timeout', tool: 'hang', arguments: {}, timeout: 50 },
];

/** What the SDK alone says about a call. */
interface Oracle {
  result?: { content: { type: string; text?: string }[]; structuredContent?: unknown; isError?: boolean };
  rejection?: { message: string; code?: number };
  progress: unknown[];
}

async function oracle(s: Scenario): Promise<Oracle> {
  const { client, close } = await connect(s.answer ?? 'accept');
  const progress: unknown[] = [];
  const controller = new AbortController();
  const out: Oracle = { progress };
  try {
    out.result = (await client.callTool({ name: s.tool, arguments: s.arguments }, undefined, {
      signal: controller.signal,
      timeout: s.timeout,
      onprogress: (p) => {
        progress.push(p);
        if (s.abort) controller.abort();
      },
    })) as Oracle['result'];
  } catch (e) {
    out.rejection = { message: (e as Error).message, code: (e as { code?: number }).code };
  }
  await close();
  return out;
}

async function ours(
  s: Scenario,
): Promise<{ state: StepsState; events: StepEvent[]; recorded: Message[]; tools: McpTool[] }> {
  const events: StepEvent[] = [];
  const calls = createMcpToolCalls({ emit: (e) => events.push(...e) });
  const conn = await connect(s.answer ?? 'accept', (params) =>
    calls.elicit(params, () => ({ action: s.answer ?? 'accept' })),
  );
  const controller = new AbortController();
  const tool = conn.tools.find((t) => t.name === s.tool) ?? s.tool;
  const stop = s.abort
    ? (e: StepEvent[]) => {
        events.push(...e);
        if (e.some((x) => x.type === 'step-progress')) controller.abort();
      }
    : undefined;
  const running = stop ? createMcpToolCalls({ emit: stop }) : calls;
  await running.call(conn.client, {
    id: 'call_1',
    tool,
    arguments: s.arguments,
    signal: controller.signal,
    timeout: s.timeout,
  });
  await conn.close();
  return { state: reduceSteps(emptyStepsState, events), events, recorded: conn.recorded, tools: conn.tools };
}

const update = process.env.UPDATE_WIRE_FIXTURES === '1';

describe('MCP: createMcpToolCalls against the SDK Client and a real McpServer', () => {
  let compared = 0;
  for (const s of scenarios) {
    it(`${s.name}: the step agrees with what callTool resolved or rejected with`, async () => {
      const [expected, actual] = [await oracle(s), await ours(s)];
      const step = actual.state.byId.call_1;
      if (!step) throw new Error('no step');
      expect(actual.state.diagnostics.count).toBe(0);
      expect(step.toolName).toBe(s.tool);
      expect(step.input).toEqual(s.arguments);
      const text = (expected.result?.content ?? [])
        .filter((c) => c.type === 'text')
        .map((c) => c.text)
        .join('\n');
      if (s.answer === 'decline') {
        // The person declined what the tool asked: the step ends denied, not with the tool's error after it.
        expect(expected.result?.isError).toBe(true);
        expect(step.status).toBe('denied');
        expect(step.approval).toMatchObject({ description: 'Really delete old?', decision: { approved: false } });
      } else if (expected.rejection) {
        expect(step.status).toBe(s.abort ? 'cancelled' : 'failed');
        if (!s.abort) {
          expect(step.error?.message).toBe(expected.rejection.message);
          expect(step.error?.code).toBe(
            expected.rejection.code === -32001 ? 'TOOL_TIMEOUT' : `MCP_${expected.rejection.code}`,
          );
        }
      } else if (expected.result?.isError) {
        expect(step.status).toBe('failed');
        expect(step.error?.message).toBe(text);
      } else {
        expect(step.status).toBe('succeeded');
        if (text) expect(step.result).toBe(text);
        const others = (expected.result?.content ?? []).filter((c) => c.type !== 'text');
        if (others.length > 0 && others.every((c) => c.type === 'resource_link')) {
          expect(step.details).toMatchObject({
            kind: 'sources',
            sources: others.map((c) => ({ url: (c as { uri?: string }).uri })),
          });
        } else if (others.length > 0) {
          expect((step.details as { kind: string; parts: unknown[] }).parts).toHaveLength(
            expected.result?.content.length ?? 0,
          );
        } else if (expected.result?.structuredContent !== undefined) {
          expect(step.details).toEqual(expected.result.structuredContent);
        }
      }
      // Progress: the last callback is the step's progress, and every callback made one update.
      if (expected.progress.length > 0) {
        expect(step.progress?.count).toBe(expected.progress.length);
        expect(step.progress?.details).toMatchObject(
          Object.fromEntries(Object.entries(expected.progress.at(-1) as object).filter(([k]) => k !== 'message')),
        );
      }
      if (s.answer === 'accept') expect(step.approval?.decision).toEqual({ approved: true });
      compared++;

      // The wire, recorded, read by the generic tracker alone: the same step (labels from tools/list).
      const path = new URL(`mcp-${s.name}.jsonl`, FIXTURES);
      const lines = `${actual.recorded.map((m) => JSON.stringify(m)).join('\n')}\n`;
      if (update) writeFileSync(path, lines);
      expect(readFileSync(path, 'utf8')).toBe(lines);
      const tracked: StepEvent[] = [];
      const tracker = createMcpTracker({ emit: (e) => tracked.push(...e), stepId: () => 'call_1' });
      for (const line of readFileSync(path, 'utf8').trim().split('\n')) {
        const { dir, message } = JSON.parse(line) as Message;
        if (dir === 'client->server') tracker.sent(message);
        else tracker.received(message);
      }
      const wireState = reduceSteps(emptyStepsState, tracked);
      expect(wireState.diagnostics.count).toBe(0);
      const viaWire = wireState.byId.call_1;
      expect(viaWire?.status).toBe(s.timeout ? 'cancelled' : step.status);
      expect(viaWire?.result).toEqual(step.result);
      expect(viaWire?.details).toEqual(step.details);
      expect(viaWire?.presentation).toEqual(step.presentation);
      if (!s.timeout && !s.abort && s.answer !== 'decline') expect(viaWire?.error).toEqual(step.error);
    });
  }
  it('compared every scenario', () => expect(compared).toBe(scenarios.length));
});

describe("README's MCP example", () => {
  it('draws a call through a store, approval and elicitation included', async () => {
    const store = createStepStore({ schedule: (flush) => flush() });
    const calls = createMcpToolCalls({ emit: (events) => store.apply(events) });
    const { client, tools, close } = await connect('accept', (params) =>
      calls.elicit(params, () => ({ action: 'accept' })),
    );
    const tool = tools.find((t) => t.name === 'delete_branch');
    const outcome = await calls.call(client, {
      id: 'tc_1',
      tool: tool as McpTool,
      arguments: { branch: 'old' },
      approve: () => true,
    });
    await close();
    expect(outcome.status).toBe('succeeded');
    expect(store.getSnapshot().byId.tc_1).toMatchObject({ status: 'succeeded', result: 'deleted old' });
  });
});
