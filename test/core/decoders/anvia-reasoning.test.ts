/**
 * Anvia's reasoning parts (`reasoning_start` / `_delta` / `_end` of `@anvia/client`'s `ClientStreamEvent`,
 * in the shapes of its `types.ts`) through the Anvia decoder and the reducer.
 */
import { emptyStepsState, reduceSteps, type StepsState, segmentOf, turnItems } from 'tool-steps/core';
import { describe, expect, it } from 'vitest';
import { anvia } from '../../../src/core/decoders/anvia';

const RUN = 'run_1';
const SID = 'stream_1';

/** The events in a v3 envelope, reduced with the stream's end. */
function reduce(events: readonly Record<string, unknown>[]): StepsState {
  const decoder = anvia();
  const frames: unknown[] = [
    { type: 'stream_start', protocol: 'anvia.client.v3', streamId: SID, eventId: 0, resumable: false },
    ...events.map((event, i) => ({
      type: 'stream_event',
      streamId: SID,
      eventId: i + 1,
      event: { runId: RUN, ...event },
    })),
    { type: 'stream_end', streamId: SID, eventId: events.length, status: 'completed' },
  ];
  let state: StepsState = emptyStepsState;
  for (const frame of frames) state = reduceSteps(state, decoder.push(JSON.stringify(frame)));
  return reduceSteps(state, decoder.end());
}

const m = { messageId: 'msg_1' };
const thinkStart = (partId: string, extra: Record<string, unknown> = {}) => ({
  type: 'reasoning_start',
  ...m,
  partId,
  ...extra,
});
const think = (partId: string, delta: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'reasoning_delta',
  ...m,
  partId,
  delta,
  ...extra,
});
const thinkEnd = (partId: string, extra: Record<string, unknown> = {}) => ({
  type: 'reasoning_end',
  ...m,
  partId,
  ...extra,
});
const call = (id: string, extra: Record<string, unknown> = {}) => [
  { type: 'tool_call_start', ...m, partId: `part_${id}`, toolCallId: id, toolName: 'read_file', ...extra },
  { type: 'tool_call_end', ...m, partId: `part_${id}`, toolCallId: id, toolName: 'read_file', input: {}, ...extra },
  {
    type: 'tool_result',
    ...m,
    partId: `part_${id}`,
    toolCallId: id,
    toolName: 'read_file',
    input: {},
    result: { status: 'success', output: 'ok' },
    ...extra,
  },
];
const runStart = { type: 'run_start', source: 'agent' };
const runEnd = { type: 'run_end', status: 'completed' };

const seg = (state: StepsState, id: string) => segmentOf(state.reasoning, id);
const items = (state: StepsState, parentId?: string) => turnItems(state, parentId).map((i) => `${i.kind}:${i.id}`);

describe('Anvia reasoning parts', () => {
  it('reads each reasoning part as a segment between the calls, the end’s text its whole text', () => {
    const state = reduce([
      runStart,
      { type: 'message_start', ...m, role: 'assistant' },
      thinkStart('rsn_1', { reasoningId: 'rs_abc' }),
      think('rsn_1', 'Read the '),
      think('rsn_1', 'config first.', { contentType: 'text', signature: 'sig' }),
      thinkEnd('rsn_1', { text: 'Read the config first.' }),
      ...call('c1'),
      thinkStart('rsn_2'),
      think('rsn_2', 'It is fine.'),
      thinkEnd('rsn_2'),
      runEnd,
    ]);
    expect(items(state)).toEqual(['reasoning:rsn_1', 'step:c1', 'reasoning:rsn_2']);
    expect(seg(state, 'rsn_1')).toMatchObject({ status: 'done', visibility: 'full', text: 'Read the config first.' });
    expect(seg(state, 'rsn_2')).toMatchObject({ status: 'done', visibility: 'full', text: 'It is fine.' });
    expect(state.byId.c1?.status).toBe('succeeded');
    expect(state.diagnostics.count).toBe(0);
  });

  it('shows summaries as summaries and never an encrypted or redacted value as text', () => {
    const state = reduce([
      runStart,
      thinkStart('sum'),
      think('sum', 'Looked at two files.', { contentType: 'summary' }),
      thinkEnd('sum'),
      thinkStart('enc'),
      think('enc', 'gAAAAB-opaque', { contentType: 'encrypted' }),
      thinkEnd('enc', { text: 'gAAAAB-opaque' }),
      // text and its opaque copy in one part: the text shows, the copy does not
      thinkStart('both'),
      think('both', 'gAAAAB-first', { contentType: 'encrypted' }),
      think('both', 'Plain words.'),
      thinkEnd('both'),
      thinkStart('red'),
      thinkEnd('red', { text: '', content: [{ type: 'redacted', data: 'xyz' }] }),
      runEnd,
    ]);
    expect(seg(state, 'sum')).toMatchObject({ visibility: 'summary', text: 'Looked at two files.' });
    expect(seg(state, 'enc')).toMatchObject({ status: 'done', visibility: 'encrypted', text: '' });
    expect(seg(state, 'both')).toMatchObject({ visibility: 'full', text: 'Plain words.' });
    expect(seg(state, 'red')).toMatchObject({ status: 'done', visibility: 'redacted', text: '' });
    expect(state.diagnostics.count).toBe(0);
  });

  it('puts a nested agent’s reasoning under the call that ran it', () => {
    const scope = { scope: { agentName: 'researcher', parentToolCallId: 'c1' } };
    const state = reduce([
      runStart,
      { type: 'tool_call_start', ...m, partId: 'part_c1', toolCallId: 'c1', toolName: 'research' },
      thinkStart('inner', scope),
      think('inner', 'Search first.', scope),
      thinkEnd('inner', scope),
      ...call('c2', scope),
      runEnd,
    ]);
    expect(seg(state, 'inner')).toMatchObject({ parentId: 'c1', text: 'Search first.' });
    expect(items(state, 'c1')).toEqual(['reasoning:inner', 'step:c2']);
  });

  it('reads bad reasoning events as diagnostics and loses nothing else', () => {
    const state = reduce([
      runStart,
      think('lost', 'No start came.'),
      thinkEnd('never'),
      think('', 'no part id'),
      thinkStart('r1'),
      think('r1', 42),
      think('r1', 'Kept.'),
      thinkEnd('r1'),
      think('r1', ' Too late.'),
      ...call('c1'),
      runEnd,
    ]);
    expect(seg(state, 'lost')).toMatchObject({ status: 'done', text: 'No start came.' });
    expect(seg(state, 'never')).toMatchObject({ status: 'done', text: '' });
    expect(seg(state, 'r1')).toMatchObject({ status: 'done', text: 'Kept.' });
    expect(state.byId.c1?.status).toBe('succeeded');
    expect(state.run.status).toBe('done');
    expect(state.diagnostics.count).toBe(5);
    expect(state.diagnostics.last?.reason).toMatch(/segment "r1" arrived after it ended/);
  });
});
