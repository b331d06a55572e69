import { reduceSteps, type StepEvent } from 'tool-steps/core';
import { describe, expect, it, vi } from 'vitest';
import { emptyStepsState } from '../../src/core/step';
import {
  createMcpToolCalls,
  createMcpTracker,
  type McpClientLike,
  mcpIconSrc,
  mcpSideEffects,
  mcpToolLabel,
} from '../../src/wires/mcp';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('MCP tool metadata', () => {
  it('labels a tool by title, then annotations.title, then name', () => {
    expect(mcpToolLabel({ name: 'a', title: 'A', annotations: { title: 'B' } })).toBe('A');
    expect(mcpToolLabel({ name: 'a', annotations: { title: 'B' } })).toBe('B');
    expect(mcpToolLabel({ name: 'a' })).toBe('a');
  });

  it('picks an https or raster data icon for the theme and never an SVG or another scheme', () => {
    const tool = {
      name: 't',
      icons: [
        { src: 'https://x.test/icon.svg' },
        { src: 'data:image/svg+xml;base64,PHN2Zz4=' },
        { src: 'http://x.test/icon.png' },
        { src: 'javascript:alert(1)' },
        { src: 'https://x.test/dark.png', theme: 'dark' as const },
        { src: PNG },
      ],
    };
    expect(mcpIconSrc(tool)).toBe(PNG);
    expect(mcpIconSrc(tool, 'dark')).toBe('https://x.test/dark.png');
    expect(
      mcpIconSrc({ name: 't', icons: [{ src: 'https://x.test/i.png', mimeType: 'image/svg+xml' }] }),
    ).toBeUndefined();
  });

  it('reads side effects from annotations with the spec defaults (destructive and open-world unless said otherwise)', () => {
    expect(mcpSideEffects({ name: 't' })).toHaveLength(2);
    expect(mcpSideEffects({ name: 't', annotations: { readOnlyHint: true, openWorldHint: false } })).toEqual([]);
    expect(mcpSideEffects({ name: 't', annotations: { destructiveHint: false, openWorldHint: false } })).toEqual([]);
  });
});

describe('createMcpToolCalls', () => {
  it('asks before calling a tool not marked read-only, and never calls it when denied', async () => {
    const events: StepEvent[] = [];
    const client: McpClientLike = { callTool: vi.fn(async () => ({ content: [] })) };
    const calls = createMcpToolCalls({ emit: (e) => events.push(...e) });
    const tool = { name: 'deploy', annotations: { destructiveHint: true } };
    let seen: StepEvent | undefined;
    const outcome = await calls.call(client, {
      id: 'c1',
      tool,
      arguments: { env: 'prod' },
      approve: () => {
        seen = reduceSteps(emptyStepsState, events).byId.c1 as never;
        return false;
      },
    });
    expect(outcome.status).toBe('denied');
    expect(client.callTool).not.toHaveBeenCalled();
    expect(seen).toMatchObject({ status: 'awaiting-approval', approval: { sideEffects: mcpSideEffects(tool) } });
    expect(reduceSteps(emptyStepsState, events).byId.c1?.status).toBe('denied');
  });

  it('does not ask about a read-only tool', async () => {
    const approve = vi.fn(() => true);
    const calls = createMcpToolCalls({ emit: () => {} });
    const client: McpClientLike = { callTool: async () => ({ content: [{ type: 'text', text: 'ok' }] }) };
    await calls.call(client, { id: 'c1', tool: { name: 'read', annotations: { readOnlyHint: true } }, approve });
    expect(approve).not.toHaveBeenCalled();
  });
});

describe('createMcpTracker', () => {
  it('fails a call answered with a JSON-RPC error, with its code', () => {
    const events: StepEvent[] = [];
    const tracker = createMcpTracker({ emit: (e) => events.push(...e) });
    tracker.sent({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'x', arguments: { a: 1 } } });
    tracker.received({ jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'Unknown tool: x' } });
    expect(reduceSteps(emptyStepsState, events).byId['mcp-7']).toMatchObject({
      status: 'failed',
      input: { a: 1 },
      error: { message: 'Unknown tool: x', code: 'MCP_-32602' },
    });
  });

  it('cancels a call the server cancelled, and ignores a result that comes after', () => {
    const events: StepEvent[] = [];
    const tracker = createMcpTracker({ emit: (e) => events.push(...e) });
    tracker.sent({ jsonrpc: '2.0', id: 'r1', method: 'tools/call', params: { name: 'x' } });
    tracker.received({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 'r1', reason: 'shutting down' },
    });
    tracker.received({ jsonrpc: '2.0', id: 'r1', result: { content: [{ type: 'text', text: 'late' }] } });
    const state = reduceSteps(emptyStepsState, events);
    expect(state.byId['mcp-r1']?.status).toBe('cancelled');
    expect(state.diagnostics.count).toBe(0);
  });

  it('shows indeterminate progress without a total, and the total as details (the list writes "2 of 4")', () => {
    const events: StepEvent[] = [];
    const tracker = createMcpTracker({ emit: (e) => events.push(...e) });
    tracker.sent({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', _meta: { progressToken: 'p' } } });
    tracker.received({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p', progress: 5 } });
    expect(events.at(-1)).toEqual({ type: 'step-progress', id: 'mcp-1', details: { progress: 5 } });
    tracker.received({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 'p', progress: 2, total: 4 },
    });
    expect(events.at(-1)).toEqual({
      type: 'step-progress',
      id: 'mcp-1',
      details: { progress: 2, total: 4 },
    });
  });
});

describe('createMcpTracker on hostile values', () => {
  // JSON with neither toString nor valueOf: String() and template literals throw on it.
  const hostile = JSON.parse('{"toString":null,"valueOf":null}') as unknown;

  it('never throws on an id, a requestId, a progress token, a resource uri or an elicitation message that cannot be made text', () => {
    const events: StepEvent[] = [];
    const tracker = createMcpTracker({ emit: (e) => events.push(...e) });
    const feed = [
      () => tracker.sent({ jsonrpc: '2.0', id: hostile, method: 'tools/call', params: { name: 'x' } }),
      () => tracker.received({ jsonrpc: '2.0', id: hostile, result: { content: [] } }),
      () => tracker.sent({ jsonrpc: '2.0', id: hostile, method: 'tools/list' }),
      () => tracker.sent({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: hostile } }),
      () => tracker.received({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: hostile } }),
      () =>
        tracker.received({
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: hostile, progress: 1 },
        }),
      () =>
        tracker.sent({
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'y', _meta: { progressToken: hostile } },
        }),
      () => tracker.received({ jsonrpc: '2.0', id: 9, method: 'elicitation/create', params: { message: hostile } }),
      () => tracker.sent({ jsonrpc: '2.0', id: 9, result: { action: 'accept' } }),
      () =>
        tracker.received({
          jsonrpc: '2.0',
          id: 2,
          result: { content: [{ type: 'resource_link', uri: hostile, name: 'n' }] },
        }),
    ];
    for (const [i, step] of feed.entries()) expect(step, `message ${i}`).not.toThrow();
    const state = reduceSteps(emptyStepsState, events);
    expect(state.byId['mcp-2']?.status).toBe('succeeded');
    expect(state.byId['mcp-2']?.details).toEqual({
      kind: 'sources',
      sources: [{ url: '{"toString":null,"valueOf":null}', title: 'n' }],
    });
  });

  it('matches a response to its request by the id as JSON when the id is no string or number', () => {
    const events: StepEvent[] = [];
    const tracker = createMcpTracker({ emit: (e) => events.push(...e) });
    tracker.sent({ jsonrpc: '2.0', id: { n: 1 }, method: 'tools/call', params: { name: 'x' } });
    tracker.received({ jsonrpc: '2.0', id: { n: 1 }, result: { content: [{ type: 'text', text: 'ok' }] } });
    expect(reduceSteps(emptyStepsState, events).byId['mcp-{"n":1}']).toMatchObject({
      status: 'succeeded',
      result: 'ok',
    });
  });

  it('fails a call through the Client adapter whose callTool throws a value that cannot be made text', async () => {
    const events: StepEvent[] = [];
    const calls = createMcpToolCalls({ emit: (e) => events.push(...e) });
    const client: McpClientLike = { callTool: () => Promise.reject(hostile) };
    await expect(calls.call(client, { id: 'c', tool: 'x' })).resolves.toMatchObject({ status: 'failed' });
    expect(reduceSteps(emptyStepsState, events).byId.c?.status).toBe('failed');
  });
});

describe('MCP title and icon on the step', () => {
  const tool = {
    name: 'search_docs',
    title: 'Search the docs',
    icons: [
      { src: 'data:image/svg+xml;base64,PHN2Zz4=' },
      { src: 'https://icons.test/light.png', theme: 'light' as const },
      { src: 'https://icons.test/dark.png', theme: 'dark' as const },
    ],
  };

  it('puts the title and the safe icon on the step of a call through the Client adapter', async () => {
    const events: StepEvent[] = [];
    const calls = createMcpToolCalls({ emit: (e) => events.push(...e), iconTheme: 'dark' });
    await calls.call({ callTool: async () => ({ content: [] }) }, { id: 'c1', tool });
    expect(reduceSteps(emptyStepsState, events).byId.c1?.presentation).toEqual({
      label: 'Search the docs',
      icon: 'https://icons.test/dark.png',
    });
  });

  it('puts the icon of a tool from a tools/list it read on the tracked step', () => {
    const events: StepEvent[] = [];
    const tracker = createMcpTracker({ emit: (e) => events.push(...e) });
    tracker.sent({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    tracker.received({ jsonrpc: '2.0', id: 1, result: { tools: [tool] } });
    tracker.sent({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search_docs' } });
    expect(reduceSteps(emptyStepsState, events).byId['mcp-2']?.presentation).toEqual({
      label: 'Search the docs',
      icon: 'https://icons.test/light.png',
    });
  });

  it('leaves the icon to the kit when the server lists only unsafe or malformed icons, and never throws', () => {
    const events: StepEvent[] = [];
    const tracker = createMcpTracker({ emit: (e) => events.push(...e) });
    const hostile = [
      { name: 'a', title: { html: '<b>' }, icons: [{ src: 'javascript:alert(1)' }, { src: 42 }, null, 'x'] },
      { name: 'b', icons: 'https://icons.test/b.png' },
      { name: 'c', icons: [{ src: 'https://icons.test/c.svg' }, { src: 'https://icons.test/c.SVG?v=1' }] },
      { name: 'd', icons: [{ src: 'data:image/png;base64,<script>' }, { src: 'https:icons.test/d.png' }] },
      {
        name: 'e',
        icons: [{ src: 'https://icons.test/e.png', mimeType: 'image/svg+xml' }, { src: '//icons.test/e.png' }],
      },
      { name: 'f', icons: [{ src: `data:image/png;base64,${'A'.repeat(200_000)}` }] },
    ];
    tracker.sent({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    tracker.received({ jsonrpc: '2.0', id: 1, result: { tools: hostile } });
    for (const [i, { name }] of hostile.entries())
      tracker.sent({ jsonrpc: '2.0', id: 10 + i, method: 'tools/call', params: { name } });
    const state = reduceSteps(emptyStepsState, events);
    expect(hostile.map((_, i) => state.byId[`mcp-${10 + i}`]?.presentation)).toEqual(
      hostile.map(({ name }) => ({ label: name })),
    );
  });
});
