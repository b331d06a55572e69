/**
 * The AG-UI captures of test/fixtures/wires/ag-ui-*.sse, as the events they were made from
 * (each event validated with `@ag-ui/core/schemas` and encoded with
 * `@ag-ui/encoder`'s `encodeSSE`). `legacy` is written by hand as the 0.0.x encoder writes (`null`s kept,
 * `THINKING_*`), which 1.0's schemas reject and its client still reads.
 */

type Event = Record<string, unknown>;

export interface AgUiCapture {
  /** File stem under test/fixtures/wires/. */
  name: string;
  /** One list of events per run (request). */
  runs: Event[][];
  /** The app's answer to the interrupts of the run before each later run (the next request's `resume`). */
  resume?: { interruptId: string; status: 'resolved' | 'cancelled'; toolCallId: string }[][];
  /** Encoded by hand, not with the 1.0 encoder. */
  raw?: boolean;
}

const text = (messageId: string, delta: string): Event[] => [
  { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId, delta },
  { type: 'TEXT_MESSAGE_END', messageId },
];
const call = (toolCallId: string, toolCallName: string, args: string, parentMessageId?: string): Event[] => [
  { type: 'TOOL_CALL_START', toolCallId, toolCallName, ...(parentMessageId && { parentMessageId }) },
  { type: 'TOOL_CALL_ARGS', toolCallId, delta: args.slice(0, Math.ceil(args.length / 2)) },
  { type: 'TOOL_CALL_ARGS', toolCallId, delta: args.slice(Math.ceil(args.length / 2)) },
  { type: 'TOOL_CALL_END', toolCallId },
];
const started = (runId: string): Event => ({ type: 'RUN_STARTED', threadId: 'thread_1', runId });
const finished = (runId: string, outcome?: Event): Event => ({
  type: 'RUN_FINISHED',
  threadId: 'thread_1',
  runId,
  ...(outcome && { outcome }),
});

const user = { id: 'user_1', role: 'user', content: 'Tidy the repository.' };

export const agUiCaptures: AgUiCapture[] = [
  {
    // TOOL_CALL_CHUNK (an id-less continuation, then a new id closing the open call), a failure that only
    // the tool message of MESSAGES_SNAPSHOT carries (`error`), an interrupt naming a call, and the resumed
    // run that answers it.
    name: 'ag-ui-interrupt',
    runs: [
      [
        started('run_1'),
        ...text('msg_1', 'Listing and writing.'),
        {
          type: 'TOOL_CALL_CHUNK',
          toolCallId: 'call_l',
          toolCallName: 'list_files',
          parentMessageId: 'msg_1',
          delta: '{"path":',
        },
        { type: 'TOOL_CALL_CHUNK', delta: '"src"}' },
        {
          type: 'TOOL_CALL_CHUNK',
          toolCallId: 'call_w',
          toolCallName: 'write_file',
          parentMessageId: 'msg_1',
          delta: '{"path":"notes.md","content":"# Notes"}',
        },
        { type: 'TOOL_CALL_RESULT', messageId: 'tool_l', toolCallId: 'call_l', content: 'a.ts\nb.ts', role: 'tool' },
        {
          type: 'MESSAGES_SNAPSHOT',
          messages: [
            user,
            {
              id: 'msg_1',
              role: 'assistant',
              content: 'Listing and writing.',
              toolCalls: [
                { id: 'call_l', type: 'function', function: { name: 'list_files', arguments: '{"path":"src"}' } },
                {
                  id: 'call_w',
                  type: 'function',
                  function: { name: 'write_file', arguments: '{"path":"notes.md","content":"# Notes"}' },
                },
              ],
            },
            { id: 'tool_l', role: 'tool', toolCallId: 'call_l', content: 'a.ts\nb.ts' },
            {
              id: 'tool_w',
              role: 'tool',
              toolCallId: 'call_w',
              content: 'Could not write notes.md',
              error: 'EACCES: permission denied, open notes.md',
            },
          ],
        },
        ...text('msg_2', 'Delete the stale branch?'),
        ...call('call_d', 'delete_branch', '{"branch":"feature/old"}', 'msg_2'),
        finished('run_1', {
          type: 'interrupt',
          interrupts: [
            {
              id: 'int_1',
              reason: 'tool_approval',
              message: 'Delete branch feature/old?',
              toolCallId: 'call_d',
            },
          ],
        }),
      ],
      [
        started('run_2'),
        { type: 'TOOL_CALL_RESULT', messageId: 'tool_d', toolCallId: 'call_d', content: 'Deleted feature/old' },
        ...text('msg_3', 'Done.'),
        finished('run_2'),
      ],
    ],
    resume: [[], [{ interruptId: 'int_1', status: 'resolved', toolCallId: 'call_d' }]],
  },
  {
    // A producer's `error` on TOOL_CALL_RESULT (PR #2549; the 1.0 client strips it), then RUN_ERROR while a
    // call's arguments are half streamed.
    name: 'ag-ui-run-error',
    runs: [
      [
        started('run_1'),
        ...call('call_s', 'web_search', '{"query":"ag-ui protocol"}'),
        {
          type: 'TOOL_CALL_RESULT',
          messageId: 'tool_s',
          toolCallId: 'call_s',
          content: 'Search failed: rate limited',
          error: 'HTTP 429 Too Many Requests',
        },
        { type: 'TOOL_CALL_START', toolCallId: 'call_f', toolCallName: 'fetch_page' },
        { type: 'TOOL_CALL_ARGS', toolCallId: 'call_f', delta: '{"url":"https://docs.ag-ui.com/con' },
        { type: 'RUN_ERROR', message: 'The model provider is overloaded.', code: 'overloaded' },
      ],
    ],
  },
  {
    // A sub-agent run inside a tool call (SUBAGENT_STARTED.parentToolCallId), ACTIVITY progress of the
    // sub-agent's call, and a run the user cancelled with a call still running.
    name: 'ag-ui-subagent-cancelled',
    runs: [
      [
        started('run_1'),
        ...call('call_r', 'research', '{"topic":"AG-UI adoption"}'),
        { type: 'SUBAGENT_STARTED', subagentRunId: 'sub_1', name: 'researcher', parentToolCallId: 'call_r' },
        {
          type: 'TOOL_CALL_START',
          toolCallId: 'call_q',
          toolCallName: 'web_search',
          subagentRunId: 'sub_1',
        },
        { type: 'TOOL_CALL_ARGS', toolCallId: 'call_q', delta: '{"query":"AG-UI"}', subagentRunId: 'sub_1' },
        { type: 'TOOL_CALL_END', toolCallId: 'call_q', subagentRunId: 'sub_1' },
        {
          type: 'ACTIVITY_SNAPSHOT',
          messageId: 'act_q',
          activityType: 'TOOL_PROGRESS',
          content: { toolCallId: 'call_q', message: 'Searching 3 sites', done: 1, total: 3 },
        },
        {
          type: 'ACTIVITY_DELTA',
          messageId: 'act_q',
          activityType: 'TOOL_PROGRESS',
          patch: [
            { op: 'replace', path: '/done', value: 3 },
            { op: 'replace', path: '/message', value: 'Searched 3 sites' },
          ],
        },
        {
          type: 'TOOL_CALL_RESULT',
          messageId: 'tool_q',
          toolCallId: 'call_q',
          content: [
            { type: 'text', text: '3 results' },
            { type: 'image', source: { type: 'url', value: 'https://example.com/chart.png', mimeType: 'image/png' } },
          ],
          subagentRunId: 'sub_1',
        },
        { type: 'SUBAGENT_FINISHED', subagentRunId: 'sub_1', outcome: { type: 'success' } },
        ...call('call_t', 'summarize', '{"style":"short"}'),
        finished('run_1', { type: 'cancelled' }),
      ],
    ],
  },
];

/**
 * A 0.0.x stream (CopilotKit's `@ag-ui/client@0.0.59` era): `null`s for absent fields, `THINKING_*`, a
 * string result, and `RUN_FINISHED` without an outcome, leaving a frontend tool for the client.
 */
export const agUiLegacyCapture: AgUiCapture = {
  name: 'ag-ui-legacy',
  raw: true,
  runs: [
    [
      { type: 'RUN_STARTED', threadId: 'thread_1', runId: 'run_1', timestamp: null, rawEvent: null },
      { type: 'THINKING_START', timestamp: null },
      { type: 'THINKING_END', timestamp: null },
      { type: 'TOOL_CALL_START', toolCallId: 'call_1', toolCallName: 'get_weather', parentMessageId: null },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'call_1', delta: '{"city":"Oslo"}' },
      { type: 'TOOL_CALL_END', toolCallId: 'call_1' },
      { type: 'TOOL_CALL_RESULT', messageId: 'tool_1', toolCallId: 'call_1', content: '4 °C, sleet', role: 'tool' },
      { type: 'TOOL_CALL_START', toolCallId: 'call_2', toolCallName: 'show_map', parentMessageId: null },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'call_2', delta: '{"city":"Oslo","zoom":9}' },
      { type: 'TOOL_CALL_END', toolCallId: 'call_2' },
      { type: 'RUN_FINISHED', threadId: 'thread_1', runId: 'run_1', result: null },
    ],
  ],
};

/** Stamps each event of a capture with a timestamp 250 ms after the previous one, from a fixed start. */
export function stamped(runs: Event[][]): Event[][] {
  let clock = 1767225600000;
  return runs.map((run) =>
    run.map((e) => {
      clock += 250;
      return { ...e, timestamp: clock };
    }),
  );
}
