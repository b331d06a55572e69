// The README's code blocks, taken from README.md itself and run: each block is written out as the file a
// person pastes, imported, and every name it exports is drawn (components) or called (functions) with
// the app around it faked at its edges only (useChat's messages, the agent's HTTP answer, the MCP server).
// The block's `declare`d names are the person's own code; they are given here as recording stubs. A
// block that exports a name no scenario below exercises fails, so a new README example gets run too.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { createStepStore, type Step, type StepEvent, ToolStep } from 'tool-steps';
import { defaultLabels } from 'tool-steps/presentation';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { makeStep } from './components/step-fixtures';
import { type ReadmeBlock, readmeBlocks, readmeText, repoRoot } from './support/readme';

// useChat, as the AI SDK's hook returns it: the messages the test sets, and the approval function recorded
const chat = vi.hoisted(() => ({
  messages: [] as unknown[],
  addToolApprovalResponse: (() => {}) as (response: { id: string; approved: boolean }) => void,
  sendMessage: (() => {}) as (message: { text: string }) => void,
}));
vi.mock('@ai-sdk/react', () => ({ useChat: () => chat }));

/** The person's own functions a block declares (`declare function resume(…)`), as recording stubs. */
const own = globalThis as unknown as Record<string, unknown>;

const slot = (root: ParentNode, name: string) => root.querySelector(`[data-slot="${name}"]`) as HTMLElement | null;

/** A store holding these native events, as a host's store would after reading a stream. */
function storeOf(events: StepEvent[]) {
  const store = createStepStore();
  store.apply(events);
  return store;
}

const waitingDelete: StepEvent[] = [
  { type: 'run-start' },
  { type: 'step-start', id: 'call-1', toolName: 'delete_file' },
  { type: 'step-input', id: 'call-1', input: { path: 'old/report.csv' } },
  { type: 'step-approval', id: 'call-1', approvalId: 'approval-1' },
];

const sse = (events: StepEvent[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');

const deleteMessage = {
  id: 'm1',
  role: 'assistant',
  parts: [
    { type: 'text', text: 'I will delete the old report.' },
    {
      type: 'tool-delete_file',
      toolCallId: 'call-1',
      state: 'approval-requested',
      input: { path: 'old/report.csv' },
      approval: { id: 'approval-1' },
    },
  ],
};

type Exported = Record<string, unknown>;
type Scenario = (value: unknown) => Promise<void> | void;

/** What each exported name of the README's blocks is made to do, and what it must show. */
const scenarios: Record<string, Scenario> = {
  async Chat(value) {
    const Chat = value as ComponentType;
    chat.messages = [deleteMessage];
    chat.addToolApprovalResponse = vi.fn();
    const { container } = render(<Chat />);
    const article = container.querySelector('article') as HTMLElement;
    expect(article.firstElementChild?.tagName).toBe('P');
    const row = slot(article, 'tool-step') as HTMLElement;
    expect(row.getAttribute('data-status')).toBe('awaiting-approval');
    expect(slot(row, 'tool-step-label')?.textContent).toBe('Delete file');
    expect(slot(row, 'tool-step-detail')?.textContent).toBe('old/report.csv');
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(chat.addToolApprovalResponse).toHaveBeenCalledWith({ id: 'approval-1', approved: true });
  },

  async AgentRun(value) {
    const AgentRun = value as ComponentType;
    const fetch = vi.fn(
      async () => new Response(sse(waitingDelete), { headers: { 'content-type': 'text/event-stream' } }),
    );
    vi.stubGlobal('fetch', fetch);
    own.resume = vi.fn();
    try {
      render(<AgentRun />);
      await userEvent.click(screen.getByRole('button', { name: 'Run' }));
      expect(fetch).toHaveBeenCalledWith('/api/agent', expect.objectContaining({ method: 'POST' }));
      const approve = await screen.findByRole('button', { name: 'Approve' });
      expect(slot(document, 'tool-step-label')?.textContent).toBe('Delete file');
      await userEvent.click(approve);
      expect(own.resume).toHaveBeenCalledWith('approval-1', true);
    } finally {
      vi.unstubAllGlobals();
    }
  },

  async AgentSteps(value) {
    const AgentSteps = value as ComponentType;
    const agUi = [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'TOOL_CALL_START', toolCallId: 'call-1', toolCallName: 'index_repo' },
      { type: 'TOOL_CALL_END', toolCallId: 'call-1' },
      { type: 'CUSTOM', name: 'tool_progress', value: { toolCallId: 'call-1', message: '40 of 90 files' } },
    ];
    const fetch = vi.fn(
      // the stream stays open, so the call is still running when the test reads its progress
      async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start: (controller) => controller.enqueue(new TextEncoder().encode(sse(agUi as never))),
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    try {
      render(<AgentSteps />);
      await userEvent.click(screen.getByRole('button', { name: 'Run' }));
      await waitFor(() => expect(slot(document, 'tool-step-progress')?.textContent).toContain('40 of 90 files'));
    } finally {
      vi.unstubAllGlobals();
    }
  },

  async ChatSteps(value) {
    const ChatSteps = value as ComponentType;
    chat.messages = [deleteMessage];
    chat.addToolApprovalResponse = vi.fn();
    render(<ChatSteps />);
    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(chat.addToolApprovalResponse).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'approval-1', approved: false }),
    );
  },

  async approveOnCogitator(value) {
    const approve = value as (threadId: string, state: unknown, step: Step) => Promise<void>;
    const fetch = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    try {
      const store = storeOf(waitingDelete);
      await approve('thread-1', store.getSnapshot(), store.getSnapshot().byId['call-1'] as Step);
      const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('/cogitator/agents/coder/resume');
      expect(JSON.parse(String(init.body))).toMatchObject({ threadId: 'thread-1' });
    } finally {
      vi.unstubAllGlobals();
    }
  },

  denyOnAnvia(value) {
    own.sendToAnvia = vi.fn();
    const step = makeStep({ id: 'call-1', status: 'awaiting-approval', approval: { id: 'int-1' } });
    (value as (step: Step) => void)(step);
    expect(own.sendToAnvia).toHaveBeenCalledTimes(1);
    expect((own.sendToAnvia as ReturnType<typeof vi.fn>).mock.calls[0]?.[0]).toMatchObject({
      type: 'interaction_response',
    });
  },

  async Steps(value) {
    const Steps = value as ComponentType<{ store: unknown; onApprove: (step: Step) => void }>;
    const onApprove = vi.fn();
    render(<Steps store={storeOf(waitingDelete)} onApprove={onApprove} />);
    await userEvent.click(screen.getByRole('button', { name: 'Allow' }));
    expect(onApprove).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'call-1' }),
      expect.objectContaining({ inputDigest: expect.any(String) }),
    );
  },

  GermanSteps(value) {
    const GermanSteps = value as ComponentType<{ store: unknown }>;
    own.germanLabels = {
      ...defaultLabels,
      locale: 'de',
      status: { ...defaultLabels.status, 'awaiting-approval': 'Wartet auf Freigabe' },
    };
    const { container } = render(<GermanSteps store={storeOf(waitingDelete)} />);
    expect(slot(container, 'tool-step-status')?.textContent).toContain('Wartet auf Freigabe');
  },

  ShopSteps(value) {
    const ShopSteps = value as ComponentType<{ store: unknown }>;
    own.WeatherCard = ({ data }: { data: { tempC: number } }) => <output data-testid="weather">{data.tempC} °C</output>;
    const store = storeOf([
      { type: 'step-start', id: 'o', toolName: 'search_orders' },
      { type: 'step-input', id: 'o', input: { customer: 'acme' } },
      { type: 'step-result', id: 'o', result: [1, 2, 3] },
      { type: 'step-start', id: 'w', toolName: 'get_weather' },
      { type: 'step-input', id: 'w', input: { city: 'Lisbon' } },
      { type: 'step-result', id: 'w', result: { tempC: 19 } },
    ]);
    const { container } = render(<ShopSteps store={store} />);
    const orders = container.querySelector('[data-step-id="o"]') as HTMLElement;
    expect(slot(orders, 'tool-step-label')?.textContent).toBe('Found 3 orders');
    expect(slot(orders, 'tool-step-icon')?.getAttribute('data-icon')).toBe('shopping-cart');
    expect(slot(orders, 'tool-step-detail')?.textContent).toBe('acme');
    const weather = container.querySelector('[data-step-id="w"]') as HTMLElement;
    expect(within(weather).getByTestId('weather').textContent).toBe('19 °C');
    expect(slot(weather, 'tool-step-label')?.textContent).toBe('Got weather');
  },

  async MyRow(value) {
    const MyRow = value as ComponentType<{ step: Step }>;
    const step = makeStep({
      id: 's',
      toolName: 'read_file',
      status: 'succeeded',
      input: { path: 'a.ts' },
      result: 'x',
    });
    const { container } = render(<MyRow step={step} />);
    const root = container.firstElementChild as HTMLElement;
    expect(root.tagName).toBe('SECTION');
    expect(root.classList.contains('my-row')).toBe(true);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Read file');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(root.getAttribute('data-state')).toBe('open');
    expect(screen.getByRole('button', { name: 'Hide' })).toBeTruthy();
  },

  ErrorFirst(value) {
    const ErrorFirst = value as ComponentType<{ store: unknown }>;
    const store = createStepStore({ schedule: (flush) => flush() });
    store.apply([
      { type: 'step-start', id: 'a', toolName: 'read_file' },
      { type: 'run-error', message: 'The model is overloaded', code: 'overloaded' },
    ]);
    const { container } = render(<ErrorFirst store={store} />);
    const root = container.firstElementChild as HTMLElement;
    expect(root.tagName).toBe('SECTION');
    expect(root.className).toBe('tool-steps-root my-steps');
    // the parts in the order drawn: the run's error first, then the rows, then the live regions (no summary)
    expect([...root.children].map((child) => child.getAttribute('data-slot'))).toEqual([
      'tool-steps-run-status',
      'tool-steps',
      'tool-steps-announcer',
    ]);
    expect(root.querySelector('[data-slot="tool-steps-error-message"]')?.textContent).toBe('The model is overloaded');
    expect(root.querySelectorAll('li[data-slot="tool-step"]')).toHaveLength(1);
  },

  Turn(value) {
    const Turn = value as ComponentType<{ store: unknown }>;
    const events: StepEvent[] = [];
    for (const id of ['a', 'b', 'c']) {
      events.push({ type: 'step-start', id, toolName: 'fetch_url', at: 1000 });
      events.push({ type: 'step-input', id, input: { url: `https://example.com/${id}` } });
      events.push({ type: 'step-result', id, result: 'ok', at: 3000 });
    }
    events.push({ type: 'run-finish', status: 'done' });
    const { container } = render(<Turn store={storeOf(events)} />);
    // three finished fetches are one group; the turn summary counts them
    expect(slot(container, 'tool-steps-group')).not.toBeNull();
    expect(container.textContent).toContain('3 steps');
  },

  functionCallOutput(value) {
    const store = storeOf([
      { type: 'step-start', id: 'call_9', toolName: 'list_orders' },
      { type: 'step-input', id: 'call_9', input: {} },
    ]);
    const output = (value as (store: unknown, id: string, rows: unknown[]) => unknown)(store, 'call_9', [{ id: 1 }]);
    expect(output).toMatchObject({ type: 'function_call_output', call_id: 'call_9' });
    expect(store.getSnapshot().byId.call_9?.status).toBe('succeeded');
  },

  toolResultMessage(value) {
    const store = storeOf([
      { type: 'step-start', id: 'toolu_1', toolName: 'run_tests' },
      { type: 'step-input', id: 'toolu_1', input: {} },
    ]);
    (value as (store: unknown, results: unknown[]) => unknown)(store, [
      { type: 'tool_result', tool_use_id: 'toolu_1', content: '2 failed', is_error: true },
    ]);
    expect(store.getSnapshot().byId.toolu_1?.status).toBe('failed');
  },

  async mcpSteps(value) {
    const server = new McpServer({ name: 'deployer', version: '1.0.0' });
    server.registerTool('deploy', { description: 'Deploy', inputSchema: { env: z.string() } }, async ({ env }) => ({
      content: [{ type: 'text', text: `deployed to ${env}` }],
    }));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'readme', version: '0.0.0' }, { capabilities: { elicitation: {} } });
    await server.connect(serverSide);
    await client.connect(clientSide);
    own.askToApprove = vi.fn(async () => true);
    own.askForAnswer = vi.fn(async () => ({ action: 'accept' }));
    const store = createStepStore();
    try {
      const deploy = (
        value as (client: Client, store: unknown) => (id: string, signal: AbortSignal) => Promise<unknown>
      )(client, store);
      await deploy('call-deploy', new AbortController().signal);
      const step = store.getSnapshot().byId['call-deploy'];
      expect(own.askToApprove).toHaveBeenCalledTimes(1);
      expect(step?.status).toBe('succeeded');
      expect(step?.input).toEqual({ env: 'prod' });
    } finally {
      await client.close();
    }
  },
};

/** Exports that are not run here, and where they are. */
const runElsewhere: Record<string, string> = {
  // an async server component (its child awaits params): React renders it only on a server
  default: 'test/package/next.test.ts builds this page in a Next app and prerenders it',
};

const blocks = readmeBlocks();
const dir = join(repoRoot, 'test', `.tmp-readme-render-${process.pid}`);
const modules = new Map<ReadmeBlock, Exported>();

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  for (const block of blocks) {
    const file = join(dir, `readme-${block.line}.${block.lang}`);
    writeFileSync(file, block.code);
    modules.set(block, (await import(/* @vite-ignore */ file)) as Exported);
  }
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('README blocks, run as written', () => {
  it('every exported name of every block is run by a scenario here, or says where it is', () => {
    const names = blocks.flatMap((block) =>
      Object.keys(modules.get(block) ?? {}).map((name) => `${block.line}:${name}`),
    );
    expect(names.length).toBeGreaterThanOrEqual(10);
    const unexercised = names.filter((entry) => {
      const name = entry.split(':')[1] as string;
      return !(name in scenarios) && !(name in runElsewhere);
    });
    expect(unexercised, 'README.md line:export with no scenario').toEqual([]);
  });

  for (const block of blocks) {
    describe(`README.md:${block.line}`, () => {
      // the names are known only once the module is imported; one test per block runs them in order
      it('runs each export', async () => {
        const exported = modules.get(block) ?? {};
        for (const [name, value] of Object.entries(exported)) {
          const scenario = scenarios[name];
          if (!scenario) continue;
          await act(async () => {});
          await scenario(value);
          cleanup();
        }
      });
    });
  }
});

describe("README: the derived presentation's table", () => {
  // each row of the table, read from the README itself: `name {key: "value"}`, status | icon · **Label** detail
  const rows = [
    ...readmeText().matchAll(
      /^\| `(\S+) \{(\w+): "([^"]*)"\}`, (\w+) +\| (\S+)(?: icon)? · \*\*([^*]+)\*\* (.*?) *\|$/gm,
    ),
  ];
  const statuses: Record<string, Step['status']> = {
    succeeded: 'succeeded',
    running: 'running',
    waiting: 'awaiting-approval',
  };

  it('has its rows', () => {
    expect(rows.map((m) => m[1])).toEqual([
      'delete_file',
      'getWeather',
      'search-orders',
      'mcp__github__create_issue',
      'execute_sql',
    ]);
  });

  it.each(rows.map((m) => [m[1], m.slice(2)] as const))('%s draws what the table says', (toolName, fields) => {
    const [key, value, status, icon, label, detail] = fields as string[];
    const step = makeStep({ toolName, input: { [key as string]: value }, status: statuses[status as string] });
    const { container } = render(<ToolStep step={step} />);
    const icons: Record<string, string> = { trash: 'trash-2' };
    expect({
      icon: slot(container, 'tool-step-icon')?.getAttribute('data-icon'),
      label: slot(container, 'tool-step-label')?.textContent,
      detail: slot(container, 'tool-step-detail')?.textContent,
    }).toEqual({ icon: icons[icon as string] ?? icon, label, detail });
  });
});
