// The scripted agent thinks between its calls: on each wire that carries reasoning, its stream, decoded
// by the kit, has reasoning segments between the steps, in the order the agent thought them.
import { segmentOf, turnItems } from 'tool-steps/core';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
// @ts-expect-error: a plain .mjs module of the playground, no types
import { reasoningEvent } from '../../playground/server/model.mjs';
// @ts-expect-error: a plain .mjs module of the playground, no types
import { createPlayground } from '../../playground/server/server.mjs';
import { Conversation, type Wire } from './support';

let playground: { url: string; secret: string; close(): Promise<void> };

beforeAll(async () => {
  playground = await createPlayground({ port: 0, vite: false, textDelayMs: 0 });
});

afterAll(() => playground?.close());

describe.each<Wire>(['cogitator', 'ai-sdk', 'anvia', 'native'])('on %s', (wire) => {
  test('"Find the TODOs": a thought, the search, a thought, the reads, in that order', async () => {
    const c = new Conversation(playground.url, wire, `reasoning-${wire}`, playground.secret);
    await c.start('Find the TODOs');
    const state = c.state;
    expect(state.run.status).toBe('done');
    expect(state.diagnostics.count).toBe(0);
    const items = turnItems(state).map((item) =>
      item.kind === 'step' ? state.byId[item.id]?.toolName : segmentOf(state.reasoning, item.id)?.text,
    );
    const reads = items.filter((item) => item === 'read_file').length;
    expect(reads).toBeGreaterThan(0);
    expect(items).toEqual([
      'A TODO is a comment; one search over the whole project finds them all.',
      'grep',
      expect.stringMatching(/^\d+ matches in \d+ files\. Reading them gives each TODO its context\.$/),
      ...Array(reads).fill('read_file'),
    ]);
    for (const id of state.reasoning?.ids ?? []) expect(segmentOf(state.reasoning, id)?.status).toBe('done');
  });
});

test.each<Wire>(['native', 'anvia'])('on %s, the sub-agent thinks under its task call', async (wire) => {
  const c = new Conversation(playground.url, wire, `reasoning-review-${wire}`, playground.secret);
  await c.start('Review the project with a sub-agent');
  const state = c.state;
  expect(state.diagnostics.count).toBe(0);
  const task = state.ids.find((id) => state.byId[id]?.toolName === 'task') as string;
  const nested = turnItems(state, task);
  expect(nested[0]?.kind).toBe('reasoning');
  expect(segmentOf(state.reasoning, nested[0]?.id as string)?.text).toBe(
    'List src first, then read each file and count the lines.',
  );
  expect(nested.slice(1).every((item) => item.kind === 'step')).toBe(true);
});

describe("the model's reasoning parts (as @ai-sdk/anthropic and @ai-sdk/openai stream them)", () => {
  test('a thinking block: one fresh segment id for the provider part id, its text, its signature not shown', () => {
    const segments = new Map();
    const start = reasoningEvent({ type: 'reasoning-start', id: '0' }, segments);
    const delta = reasoningEvent({ type: 'reasoning-delta', id: '0', text: 'Read the file first.' }, segments);
    const end = reasoningEvent(
      { type: 'reasoning-end', id: '0', providerMetadata: { anthropic: { signature: 'EqQBCkgIAR' } } },
      segments,
    );
    expect(start).toEqual({ type: 'reasoning-start', id: expect.stringMatching(/^rsn_/) });
    expect(delta).toEqual({ type: 'reasoning-delta', id: start.id, delta: 'Read the file first.' });
    expect(end).toEqual({
      type: 'reasoning-end',
      id: start.id,
      providerMetadata: { anthropic: { signature: 'EqQBCkgIAR' } },
    });
    // the provider uses its part id again in the next step: a new segment
    expect(reasoningEvent({ type: 'reasoning-start', id: '0' }, segments).id).not.toBe(start.id);
  });

  test('redacted thinking is redacted, an encrypted reasoning item with no text encrypted', () => {
    const segments = new Map();
    const redacted = { anthropic: { redactedData: 'EmwKAhgBEgy3va3pzix' } };
    expect(reasoningEvent({ type: 'reasoning-start', id: '1', providerMetadata: redacted }, segments)).toMatchObject({
      visibility: 'redacted',
    });
    const encrypted = { openai: { itemId: 'rs_1', reasoningEncryptedContent: 'gAAAAABo' } };
    reasoningEvent({ type: 'reasoning-start', id: 'rs_1:0', providerMetadata: encrypted }, segments);
    expect(
      reasoningEvent({ type: 'reasoning-end', id: 'rs_1:0', providerMetadata: encrypted }, segments),
    ).toMatchObject({
      visibility: 'encrypted',
    });
  });
});

test('the page places an Anvia reasoning part in the group of steps it began in, a sub-agent’s inside its call', async () => {
  const event = (eventId: number, e: Record<string, unknown>) =>
    JSON.stringify({ type: 'stream_event', streamId: 's', eventId, event: { runId: 'r', ...e } });
  const m = { messageId: 'msg_1' };
  const body = [
    event(1, { type: 'message_start', ...m, role: 'assistant' }),
    event(2, { type: 'reasoning_start', ...m, partId: 'rsn_1' }),
    event(3, { type: 'tool_call_start', ...m, partId: 'p1', toolCallId: 'c1', toolName: 'task' }),
    event(4, { type: 'reasoning_start', ...m, partId: 'rsn_2', scope: { parentToolCallId: 'c1' } }),
    event(5, { type: 'reasoning_start', ...m, partId: 'rsn_3' }),
  ].join('\n');
  // the page's fetch reads its secret from the document when loaded; the timeline reader needs neither
  vi.stubGlobal('document', { querySelector: () => null });
  const { readTimeline, Timeline } = await import('../../playground/timeline');
  vi.unstubAllGlobals();
  const timeline = new Timeline();
  await readTimeline(new Response(`${body}\n`), 'anvia', timeline);
  expect(timeline.getSnapshot().items).toEqual([{ kind: 'steps', ids: ['c1'], thoughts: ['rsn_1', 'rsn_3'] }]);
});
