import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { anvia } from '../../src/core/decoders/anvia';
import type { StepEvent } from '../../src/core/events';
import { reduceSteps } from '../../src/core/reduce';
import { eventsFromAnviaToolResult, eventsFromDualChannelResult, type TerminalDetails } from '../../src/core/results';
import { emptyStepsState, isTerminalStatus, type Step } from '../../src/core/step';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
const json = (name: string): Record<string, unknown> => JSON.parse(fixture(name));
const reduce = (events: StepEvent[]) => reduceSteps(emptyStepsState, events);

const grep = json('rust-toolresult-grep-ansi.json');
const failure = json('rust-toolresult-error.json');

describe('eventsFromDualChannelResult (VT Code ToolResult)', () => {
  it('rust-toolresult-grep-ansi.json: llm_content is the result, ui_content and metadata the terminal details', () => {
    const events = eventsFromDualChannelResult(grep, { id: 'call_grep_1' });
    const details: TerminalDetails = {
      kind: 'terminal',
      text: grep.ui_content as string,
      files: ['src/tools/grep_file.rs', 'src/tools/list.rs', 'src/tools/registry/executors.rs', 'tests/grep_file.rs'],
      lines: [45, 67, 89, 131, 23, 310, 322, 12, 27],
      data: {
        match_count: 9,
        files_searched: 212,
        execution_time_ms: 38,
        pattern: 'execute_grep|grep_impl|format_match',
      },
      tokenCounts: { llmTokens: 52, uiTokens: 227, savingsTokens: 175, savingsPercent: 77.092514 },
    };
    expect(events).toEqual<StepEvent[]>([
      { type: 'step-start', id: 'call_grep_1', toolName: 'grep_file' },
      { type: 'step-input', id: 'call_grep_1' },
      { type: 'step-result', id: 'call_grep_1', result: grep.llm_content, details },
    ]);
    const state = reduce(events);
    expect(state.ids).toEqual(['call_grep_1']);
    expect(state.byId.call_grep_1).toEqual<Step>({
      id: 'call_grep_1',
      toolName: 'grep_file',
      status: 'succeeded',
      inputText: '',
      result:
        'Found 9 matches in 4 files. Key files: src/tools/grep_file.rs (4), src/tools/registry/executors.rs (2), tests/grep_file.rs (2), src/tools/list.rs (1). Pattern in: execute_grep(), grep_impl(), format_match()',
      details,
    });
    // 2.5.1: the ANSI escapes reach the terminal renderer untouched.
    const shown = state.byId.call_grep_1?.details as TerminalDetails | undefined;
    expect(shown?.text.startsWith('\u001b[35msrc/tools/grep_file.rs\u001b[0m\n')).toBe(true);
    expect(state.diagnostics).toEqual({ count: 0 });
  });

  it('rust-toolresult-error.json: failed with the error text; zero token counts are left out (2.5.3)', () => {
    const state = reduce(eventsFromDualChannelResult(failure, { id: 'call_read_1' }));
    expect(state.byId.call_read_1).toEqual<Step>({
      id: 'call_read_1',
      toolName: 'read_file',
      status: 'failed',
      inputText: '',
      error: { message: 'No such file or directory (os error 2): src/tools/missing.rs' },
      result: 'Tool failed: No such file or directory (os error 2): src/tools/missing.rs',
      details: { kind: 'terminal', text: 'Error: No such file or directory (os error 2): src/tools/missing.rs' },
    });
  });

  it('takes the tool name from the options over tool_name', () => {
    const [start] = eventsFromDualChannelResult(grep, { id: 'c', toolName: 'grep' });
    expect(start).toEqual({ type: 'step-start', id: 'c', toolName: 'grep' });
  });

  const base = {
    tool_name: 'run_pty_cmd',
    llm_content: 'Command: make\nExit code: 2 (failure)',
    ui_content: '\u001b[31mmake: *** [all] Error 2\u001b[0m',
  };
  const tokens = (llm: number, ui: number, savings: number, percent: number) => ({
    files: [],
    lines: [],
    data: {},
    token_counts: { llm_tokens: llm, ui_tokens: ui, savings_tokens: savings, savings_percent: percent },
  });

  it.each([
    {
      name: '2.5.4 success with a failing command is succeeded; the exit code stays in data',
      result: { ...base, success: true, error: null, metadata: { ...tokens(9, 8, 0, 0), data: { exit_code: 2 } } },
      expected: {
        status: 'succeeded',
        details: {
          kind: 'terminal',
          text: base.ui_content,
          data: { exit_code: 2 },
          tokenCounts: { llmTokens: 9, uiTokens: 8, savingsTokens: 0, savingsPercent: 0 },
        },
      },
    },
    {
      name: '2.5.5 success: true wins over an error text, which is kept in the details',
      result: { ...base, success: true, error: 'exit status 2', metadata: tokens(0, 0, 0, 0) },
      expected: {
        status: 'succeeded',
        result: base.llm_content,
        details: { kind: 'terminal', text: base.ui_content, error: 'exit status 2' },
      },
    },
    {
      name: '2.5.5 success: false without an error text fails with llm_content as the message',
      result: { ...base, success: false, error: null, metadata: tokens(0, 0, 0, 0) },
      expected: { status: 'failed', error: { message: base.llm_content }, result: base.llm_content },
    },
    {
      name: '2.5.5 success: false with nothing to say',
      result: { tool_name: 'x', llm_content: '', ui_content: '', success: false, error: null },
      expected: {
        status: 'failed',
        error: { message: 'The tool reported a failure without a message.' },
        result: '',
        details: { kind: 'terminal', text: '' },
      },
    },
    {
      name: '2.5.6 savings_percent is kept as sent (100.0)',
      result: { ...base, success: true, error: null, metadata: tokens(0, 40, 40, 100.0) },
      expected: {
        details: {
          kind: 'terminal',
          text: base.ui_content,
          tokenCounts: { llmTokens: 0, uiTokens: 40, savingsTokens: 40, savingsPercent: 100 },
        },
      },
    },
    {
      name: 'a missing error key (serde reads None) succeeds',
      result: { ...base, success: true, metadata: tokens(0, 0, 0, 0) },
      expected: { status: 'succeeded' },
    },
  ])('$name', ({ result, expected }) => {
    const state = reduce(eventsFromDualChannelResult(result, { id: 'c1' }));
    expect(state.byId.c1).toMatchObject(expected);
    expect(state.diagnostics).toEqual({ count: 0 });
  });

  it('2.5.7 data keys in any order are the same details', () => {
    const a = eventsFromDualChannelResult(
      { ...grep, metadata: { ...(grep.metadata as object), data: { b: 1, a: 2 } } },
      { id: 'c' },
    );
    const b = eventsFromDualChannelResult(
      { ...grep, metadata: { ...(grep.metadata as object), data: { a: 2, b: 1 } } },
      { id: 'c' },
    );
    expect(a).toEqual(b);
  });

  it('never throws on bad input', () => {
    expect(eventsFromDualChannelResult('nope', { id: 'c' })).toEqual([
      { type: 'diagnostic', protocol: 'vtcode', reason: 'a VT Code tool result that is not a JSON object; dropped' },
    ]);
    expect(eventsFromDualChannelResult(grep, { id: '' })).toEqual([
      { type: 'diagnostic', protocol: 'vtcode', reason: 'a VT Code tool result without a step id; dropped' },
    ]);
    const events = eventsFromDualChannelResult(
      { tool_name: 'x', llm_content: 7, ui_content: 'shown', error: 'boom' },
      { id: 'c' },
    );
    expect(events).toEqual<StepEvent[]>([
      { type: 'step-start', id: 'c', toolName: 'x' },
      { type: 'step-input', id: 'c' },
      { type: 'diagnostic', protocol: 'vtcode', reason: 'VT Code tool result "c": "llm_content" is not a string' },
      {
        type: 'diagnostic',
        protocol: 'vtcode',
        reason: 'VT Code tool result "c": "success" is missing; read as false from "error"',
      },
      { type: 'step-error', id: 'c', message: 'boom', details: { kind: 'terminal', text: 'shown' } },
    ]);
  });
});

const VARIANTS = ['text', 'json', 'content', 'execution-denied', 'error-text', 'error-json'] as const;

describe('eventsFromAnviaToolResult (transcript tool-result parts)', () => {
  const expected: Record<(typeof VARIANTS)[number], Step> = {
    text: {
      id: 'call_8fJ2kQm1VbN4rT7xY0aZ3cLd',
      toolName: 'check_order_status',
      status: 'succeeded',
      inputText: '',
      result: 'Order A-1042 is shipped.',
    },
    json: {
      id: 'fc_68b1c2d3e4f5a6b7c8d9e0f1',
      toolName: 'search_orders',
      status: 'succeeded',
      inputText: '',
      result: {
        matches: [
          { id: 'A-1042', status: 'shipped' },
          { id: 'A-1057', status: 'processing' },
        ],
      },
    },
    content: {
      id: 'toolu_01HvK3nP8sQ2wR5tY7uZ9aB4',
      toolName: 'render_chart',
      status: 'succeeded',
      inputText: '',
      result: 'Rendered chart for orders_by_day.\n[file:image/png]',
      details: {
        kind: 'media',
        parts: [
          { type: 'text', text: 'Rendered chart for orders_by_day.' },
          {
            type: 'file',
            data: {
              type: 'data',
              data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNQTX79HwAElwJzVt2vfAAAAABJRU5ErkJggg==',
            },
            mediaType: 'image/png',
            filename: 'orders_by_day.png',
          },
        ],
      },
    },
    'execution-denied': {
      id: 'call_Zp4nW8qR1tY6uI3oP9aS2dF5',
      toolName: 'refund_order',
      status: 'denied',
      inputText: '',
      approval: { decision: { approved: false, reason: 'Refunds over $200 need a manager.' } },
    },
    'error-text': {
      id: 'call_Hk7jG2fD9sA4qW1eR6tY3uI8',
      toolName: 'get_shipping_quote',
      status: 'failed',
      inputText: '',
      error: { message: 'Error: Carrier API timed out after 10000 ms', code: 'tool_execution_error' },
    },
    'error-json': {
      id: 'call_Lm5nB8vC2xZ7aS4dF1gH6jK9',
      toolName: 'charge_card',
      status: 'failed',
      inputText: '',
      error: { message: 'Tool execution failed.', code: 'tool_execution_error' },
      details: { error: 'card_declined', declineCode: 'insufficient_funds', retryable: false },
    },
  };

  it.each(VARIANTS)('anvia-output-%s.json makes one finished step', (variant) => {
    const events = eventsFromAnviaToolResult(json(`anvia-output-${variant}.json`));
    expect(events.slice(0, 2).map((e) => e.type)).toEqual(['step-start', 'step-input']);
    const state = reduce(events);
    expect(state.ids).toHaveLength(1);
    expect(state.byId[state.ids[0] as string]).toEqual(expected[variant]);
    expect(isTerminalStatus(state.byId[state.ids[0] as string]?.status ?? 'running')).toBe(true);
    expect(state.diagnostics).toEqual({ count: 0 });
  });

  it('draws the same outcome as the live client stream for the same call', () => {
    const decoder = anvia();
    const live = reduce(
      fixture('anvia-client-stream-tools.jsonl')
        .split('\n')
        .filter(Boolean)
        .flatMap((line) => decoder.push(line)),
    );
    const fromStream = live.byId.fc_68b1c2d3e4f5a6b7c8d9e0f3;
    const fromTranscript = reduce(eventsFromAnviaToolResult(json('anvia-output-content.json'))).byId
      .toolu_01HvK3nP8sQ2wR5tY7uZ9aB4;
    expect(fromTranscript?.result).toEqual(fromStream?.result);
    expect(fromTranscript?.details).toEqual(fromStream?.details);
    const failedLive = live.byId.fc_68b1c2d3e4f5a6b7c8d9e0f2;
    const failedTranscript = reduce(eventsFromAnviaToolResult(json('anvia-output-error-text.json'))).byId
      .call_Hk7jG2fD9sA4qW1eR6tY3uI8;
    expect(failedTranscript?.error).toEqual(failedLive?.error);
  });

  it('keeps url and text files as they are; a denial without a reason; callId when toolCallId is missing', () => {
    const state = reduce([
      ...eventsFromAnviaToolResult({
        type: 'tool-result',
        toolCallId: 'a',
        toolName: 'fetch',
        output: {
          type: 'content',
          value: [
            {
              type: 'file',
              data: { type: 'url', url: 'https://example.com/report.pdf' },
              mediaType: 'application/pdf',
            },
            { type: 'file', data: { type: 'text', text: 'a,b\n1,2' }, mediaType: 'text/csv', filename: 'rows.csv' },
          ],
        },
      }),
      ...eventsFromAnviaToolResult({
        type: 'tool-result',
        toolCallId: 'b',
        toolName: 'x',
        output: { type: 'execution-denied' },
      }),
      ...eventsFromAnviaToolResult({
        type: 'tool-result',
        callId: 'c',
        toolName: 'x',
        output: { type: 'text', value: '' },
      }),
    ]);
    expect(state.byId.a?.result).toBe('[file:application/pdf]\n[file:text/csv]');
    expect(state.byId.a?.details).toEqual({
      kind: 'media',
      parts: [
        { type: 'file', data: { type: 'url', url: 'https://example.com/report.pdf' }, mediaType: 'application/pdf' },
        { type: 'file', data: { type: 'text', text: 'a,b\n1,2' }, mediaType: 'text/csv', filename: 'rows.csv' },
      ],
    });
    expect(state.byId.b).toMatchObject({ status: 'denied', approval: { decision: { approved: false } } });
    expect(state.byId.c).toMatchObject({ status: 'succeeded', result: '' });
  });

  it('never throws on bad input', () => {
    expect(eventsFromAnviaToolResult(null)).toEqual([
      { type: 'diagnostic', protocol: 'anvia', reason: 'an Anvia tool result that is not a JSON object; dropped' },
    ]);
    expect(
      eventsFromAnviaToolResult({ type: 'tool-result', toolName: 'x', output: { type: 'text', value: 'v' } }),
    ).toEqual([
      { type: 'diagnostic', protocol: 'anvia', reason: 'an Anvia tool result without a "toolCallId"; dropped' },
    ]);
    expect(
      eventsFromAnviaToolResult({
        type: 'tool-result',
        toolCallId: 'z',
        toolName: 'x',
        output: { type: 'video', value: 1 },
      }),
    ).toEqual([
      { type: 'step-start', id: 'z', toolName: 'x' },
      { type: 'step-input', id: 'z' },
      {
        type: 'diagnostic',
        protocol: 'anvia',
        reason: 'Anvia tool result "z" has an output of unknown type "video"; its outcome is unknown',
      },
    ]);
  });
});
