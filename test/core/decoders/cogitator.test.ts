// The Cogitator decoder: every event of its SSE stream to exact StepEvents, and its edge cases.

import { emptyStepsState, reduceSteps, type StepEvent, type StepsState, segmentOf } from 'tool-steps/core';
import { presentStep } from 'tool-steps/presentation';
import { decoders } from 'tool-steps/wires';
import { describe, expect, it } from 'vitest';

/** Pushes each frame as the text of one `data:` line (compact JSON, as the server writes it). */
function pushAll(frames: readonly unknown[], end = false): StepEvent[] {
  const decoder = decoders.cogitator();
  const out = frames.flatMap((frame) => decoder.push(typeof frame === 'string' ? frame : JSON.stringify(frame)));
  return end ? [...out, ...decoder.end()] : out;
}

/** Decodes frames (then end()) and reduces them. */
function reduce(frames: readonly unknown[]): StepsState {
  return reduceSteps(emptyStepsState, pushAll(frames, true));
}

const one = (frame: unknown) => decoders.cogitator().push(JSON.stringify(frame));

describe('each Cogitator event', () => {
  it('the decoder names its protocol', () => {
    expect(decoders.cogitator().protocol).toBe('cogitator');
  });

  it('start → run-start with the message id', () => {
    expect(one({ type: 'start', messageId: 'msg_1', threadId: 'thread_1' })).toEqual([
      { type: 'run-start', runId: 'msg_1' },
    ]);
    expect(one({ type: 'start' })).toStrictEqual([{ type: 'run-start' }]);
  });

  it('tool-call-start → step-start', () => {
    expect(one({ type: 'tool-call-start', id: 'call_Q1', toolName: 'edit_file' })).toStrictEqual([
      { type: 'step-start', id: 'call_Q1', toolName: 'edit_file' },
    ]);
  });

  it('tool-call-delta → step-input-delta; an empty delta → nothing', () => {
    expect(one({ type: 'tool-call-delta', id: 'call_Q1', argsTextDelta: '{"path":"src/a' })).toStrictEqual([
      { type: 'step-input-delta', id: 'call_Q1', delta: '{"path":"src/a' },
    ]);
    expect(one({ type: 'tool-call-delta', id: 'call_Q1', argsTextDelta: '' })).toEqual([]);
  });

  it('tool-call-end → step-input without input', () => {
    expect(one({ type: 'tool-call-end', id: 'call_Q1' })).toStrictEqual([{ type: 'step-input', id: 'call_Q1' }]);
  });

  it('start, several delta fragments and end give the parsed arguments (partial in between)', () => {
    const decoder = decoders.cogitator();
    const frames = [
      { type: 'tool-call-start', id: 'call_Q1', toolName: 'edit_file' },
      { type: 'tool-call-delta', id: 'call_Q1', argsTextDelta: '{"path":"src/a' },
      { type: 'tool-call-delta', id: 'call_Q1', argsTextDelta: '.ts","oldText":"foo",' },
      { type: 'tool-call-delta', id: 'call_Q1', argsTextDelta: '"newText":"bar"}' },
      { type: 'tool-call-end', id: 'call_Q1' },
    ];
    let state = emptyStepsState;
    const inputs: unknown[] = [];
    for (const frame of frames) {
      state = reduceSteps(state, decoder.push(JSON.stringify(frame)));
      inputs.push(state.byId.call_Q1?.input);
    }
    expect(inputs).toEqual([
      undefined,
      { path: 'src/a' },
      { path: 'src/a.ts', oldText: 'foo' },
      { path: 'src/a.ts', oldText: 'foo', newText: 'bar' },
      { path: 'src/a.ts', oldText: 'foo', newText: 'bar' },
    ]);
    expect(state.byId.call_Q1).toEqual({
      id: 'call_Q1',
      toolName: 'edit_file',
      status: 'running',
      inputText: '{"path":"src/a.ts","oldText":"foo","newText":"bar"}',
      input: { path: 'src/a.ts', oldText: 'foo', newText: 'bar' },
    });
  });

  it('tool-update with content, details and presentation → step-progress', () => {
    expect(
      one({
        type: 'tool-update',
        toolCallId: 'call_Q1',
        content: 'applying edit',
        details: { step: 1 },
        presentation: { label: 'Edit file', icon: 'file-pen', detail: 'src/a.ts' },
      }),
    ).toStrictEqual([
      {
        type: 'step-progress',
        id: 'call_Q1',
        content: 'applying edit',
        details: { step: 1 },
        presentation: { label: 'Edit file', icon: 'file-pen', detail: 'src/a.ts' },
      },
    ]);
    expect(one({ type: 'tool-update', toolCallId: 'call_Q1', content: 'x' })).toStrictEqual([
      { type: 'step-progress', id: 'call_Q1', content: 'x' },
    ]);
    expect(one({ type: 'tool-update', toolCallId: 'call_Q1' })).toStrictEqual([
      { type: 'step-progress', id: 'call_Q1' },
    ]);
  });

  it('tool-update with arguments → step-input with the new input', () => {
    expect(
      one({ type: 'tool-update', toolCallId: 'call_R2', arguments: { command: 'pnpm test --reporter=dot', cwd: '.' } }),
    ).toStrictEqual([{ type: 'step-input', id: 'call_R2', input: { command: 'pnpm test --reporter=dot', cwd: '.' } }]);
  });

  it('tool-update with arguments and content → both', () => {
    expect(one({ type: 'tool-update', toolCallId: 'c', arguments: { a: 1 }, content: 'go' })).toStrictEqual([
      { type: 'step-input', id: 'c', input: { a: 1 } },
      { type: 'step-progress', id: 'c', content: 'go' },
    ]);
  });

  it('tool-result → step-result keyed by toolCallId, not by its own res_ id', () => {
    expect(
      one({
        type: 'tool-result',
        id: 'res_mjy4t4n543jsio3',
        toolCallId: 'call_Q1',
        result: { path: 'src/a.ts', replacements: 1 },
        details: { diff: '--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1 +1 @@\n-foo\n+bar\n' },
        presentation: { label: 'Edit file', icon: 'file-pen', detail: 'src/a.ts' },
      }),
    ).toStrictEqual([
      {
        type: 'step-result',
        id: 'call_Q1',
        result: { path: 'src/a.ts', replacements: 1 },
        details: { diff: '--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1 +1 @@\n-foo\n+bar\n' },
        presentation: { label: 'Edit file', icon: 'file-pen', detail: 'src/a.ts' },
      },
    ]);
    expect(one({ type: 'tool-result', id: 'res_1', toolCallId: 'call_1', result: null })).toStrictEqual([
      { type: 'step-result', id: 'call_1', result: null },
    ]);
  });

  it('tool-result with error and errorCode → step-error', () => {
    expect(
      one({
        type: 'tool-result',
        id: 'res_mjy4t7a01b2c3d4',
        toolCallId: 'call_R2',
        result: null,
        error: 'Tool "run_command" timed out after 60000ms',
        errorCode: 'TOOL_TIMEOUT',
        presentation: { label: 'Run command', icon: 'terminal', detail: 'pnpm build' },
      }),
    ).toStrictEqual([
      {
        type: 'step-error',
        id: 'call_R2',
        message: 'Tool "run_command" timed out after 60000ms',
        code: 'TOOL_TIMEOUT',
        presentation: { label: 'Run command', icon: 'terminal', detail: 'pnpm build' },
      },
    ]);
  });

  it('tool-result with an error but no code, with a result and details', () => {
    expect(
      one({
        type: 'tool-result',
        id: 'res_2',
        toolCallId: 'c',
        result: { partial: 1 },
        details: { d: 1 },
        error: 'Tool not found: x',
      }),
    ).toStrictEqual([
      { type: 'step-error', id: 'c', message: 'Tool not found: x', result: { partial: 1 }, details: { d: 1 } },
    ]);
  });

  it('error: null is a success', () => {
    expect(
      one({ type: 'tool-result', id: 'res_3', toolCallId: 'c', result: 'ok', error: null, errorCode: null }),
    ).toStrictEqual([{ type: 'step-result', id: 'c', result: 'ok' }]);
  });

  it('approval-required → one step-approval per pending call', () => {
    expect(
      one({
        type: 'approval-required',
        threadId: 'thread_1',
        approvals: [
          {
            toolCallId: 'call_S3',
            toolName: 'run_command',
            arguments: { command: 'git push origin main' },
            description: 'Runs a shell command in the workspace',
            sideEffects: ['process'],
          },
          { toolCallId: 'call_S4', toolName: 'write_file', arguments: { path: 'a' }, description: 'Writes a file' },
        ],
      }),
    ).toStrictEqual([
      {
        type: 'step-approval',
        id: 'call_S3',
        toolName: 'run_command',
        input: { command: 'git push origin main' },
        description: 'Runs a shell command in the workspace',
        sideEffects: ['process'],
      },
      {
        type: 'step-approval',
        id: 'call_S4',
        toolName: 'write_file',
        input: { path: 'a' },
        description: 'Writes a file',
      },
    ]);
  });

  it('error → run-error, with and without a code', () => {
    expect(one({ type: 'error', message: 'Internal server error', code: 'INTERNAL' })).toStrictEqual([
      { type: 'run-error', message: 'Internal server error', code: 'INTERNAL' },
    ]);
    expect(one({ type: 'error', message: 'LLM unavailable' })).toStrictEqual([
      { type: 'run-error', message: 'LLM unavailable' },
    ]);
    expect(one({ type: 'error', message: 'x', code: null })).toStrictEqual([{ type: 'run-error', message: 'x' }]);
    expect(one({ type: 'error' })).toStrictEqual([{ type: 'run-error', message: 'The agent reported an error' }]);
  });

  it('finish completed → run-finish done', () => {
    expect(
      one({
        type: 'finish',
        messageId: 'msg_1',
        usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 },
        status: 'completed',
      }),
    ).toStrictEqual([{ type: 'run-finish', status: 'done' }]);
    expect(one({ type: 'finish', messageId: 'msg_1' })).toStrictEqual([{ type: 'run-finish', status: 'done' }]);
  });

  it('finish paused with pendingApprovals → approvals then run-finish paused', () => {
    expect(
      one({
        type: 'finish',
        messageId: 'msg_1',
        status: 'paused',
        pendingApprovals: [
          {
            toolCallId: 'call_S3',
            toolName: 'run_command',
            arguments: { command: 'rm -rf dist' },
            description: 'Runs',
          },
        ],
      }),
    ).toStrictEqual([
      {
        type: 'step-approval',
        id: 'call_S3',
        toolName: 'run_command',
        input: { command: 'rm -rf dist' },
        description: 'Runs',
      },
      { type: 'run-finish', status: 'paused' },
    ]);
  });

  it('text parts are ignored without diagnostics', () => {
    const frames = [
      { type: 'text-start', id: 'txt_1' },
      { type: 'text-delta', id: 'txt_1', delta: 'Hello' },
      { type: 'text-end', id: 'txt_1' },
    ];
    expect(pushAll(frames)).toEqual([]);
  });

  it('reasoning-start / -delta / -end → a reasoning segment of the same id; an empty delta → nothing', () => {
    expect(
      pushAll([
        { type: 'reasoning-start', id: 'rsn_1' },
        { type: 'reasoning-delta', id: 'rsn_1', delta: 'The test ' },
        { type: 'reasoning-delta', id: 'rsn_1', delta: '' },
        { type: 'reasoning-delta', id: 'rsn_1', delta: 'fails.' },
        { type: 'reasoning-end', id: 'rsn_1' },
      ]),
    ).toStrictEqual([
      { type: 'reasoning-start', id: 'rsn_1' },
      { type: 'reasoning-delta', id: 'rsn_1', delta: 'The test ' },
      { type: 'reasoning-delta', id: 'rsn_1', delta: 'fails.' },
      { type: 'reasoning-end', id: 'rsn_1' },
    ]);
  });

  it('reasoning between the calls is a segment between their steps, in order', () => {
    const state = reduce([
      { type: 'start', messageId: 'msg_1' },
      { type: 'reasoning-start', id: 'rsn_1' },
      { type: 'reasoning-delta', id: 'rsn_1', delta: 'Find the test first.' },
      { type: 'reasoning-end', id: 'rsn_1' },
      { type: 'tool-call-start', id: 'call_1', toolName: 'glob' },
      { type: 'tool-call-end', id: 'call_1' },
      { type: 'tool-result', id: 'res_1', toolCallId: 'call_1', result: [] },
      { type: 'reasoning-start', id: 'rsn_2' },
      { type: 'reasoning-delta', id: 'rsn_2', delta: 'Nothing found.' },
      { type: 'reasoning-end', id: 'rsn_2' },
      { type: 'finish', messageId: 'msg_1' },
    ]);
    expect(state.diagnostics.count).toBe(0);
    expect(state.reasoning?.ids).toEqual(['rsn_1', 'rsn_2']);
    expect(segmentOf(state.reasoning, 'rsn_1')).toMatchObject({
      text: 'Find the test first.',
      status: 'done',
      stepsBefore: 0,
    });
    expect(segmentOf(state.reasoning, 'rsn_2')).toMatchObject({
      text: 'Nothing found.',
      status: 'done',
      stepsBefore: 1,
    });
  });

  it('a malformed reasoning event → a diagnostic, nothing else', () => {
    expect(one({ type: 'reasoning-delta', id: 'rsn_1', delta: 7 })).toStrictEqual([
      {
        type: 'diagnostic',
        protocol: 'cogitator',
        reason: expect.stringContaining('a malformed "reasoning-delta" event'),
      },
    ]);
  });

  it('workflow and swarm events are ignored without diagnostics', () => {
    expect(
      pushAll([
        { type: 'workflow', event: 'step', data: { x: 1 } },
        { type: 'swarm', event: 'vote', data: null },
      ]),
    ).toEqual([]);
  });

  it('an unknown type → one diagnostic', () => {
    expect(one({ type: 'tool-telepathy', id: 'x' })).toStrictEqual([
      { type: 'diagnostic', protocol: 'cogitator', reason: 'an event of unknown type "tool-telepathy"; ignored' },
    ]);
  });

  it('malformed JSON → a diagnostic naming protocol cogitator and a piece of the frame', () => {
    expect(decoders.cogitator().push('{"type":"tool-call-start","id":"c')).toStrictEqual([
      {
        type: 'diagnostic',
        protocol: 'cogitator',
        reason: 'a frame that is not JSON: {"type":"tool-call-start","id":"c',
      },
    ]);
    const long = decoders.cogitator().push(`{${'x'.repeat(200)}`);
    expect(long).toHaveLength(1);
    expect(long[0]).toMatchObject({ type: 'diagnostic', protocol: 'cogitator' });
    expect((long[0] as { reason: string }).reason.length).toBeLessThan(120);
  });

  it('JSON that is not an event object → a diagnostic', () => {
    for (const frame of ['[1,2]', '42', '"text"', 'null', 'true']) {
      expect(decoders.cogitator().push(frame)).toStrictEqual([
        { type: 'diagnostic', protocol: 'cogitator', reason: 'a frame that is not a JSON object' },
      ]);
    }
    expect(decoders.cogitator().push('{"id":"c1"}')).toStrictEqual([
      { type: 'diagnostic', protocol: 'cogitator', reason: 'an event without a "type"' },
    ]);
  });

  it('a known event with a wrong shape → a diagnostic naming the field', () => {
    const [missingName] = one({ type: 'tool-call-start', id: 'c1' });
    expect(missingName).toMatchObject({ type: 'diagnostic', protocol: 'cogitator' });
    expect((missingName as { reason: string }).reason).toMatch(/^a malformed "tool-call-start" event at "toolName": /);
    const [noCallId] = one({ type: 'tool-result', id: 'res_1', result: 1 });
    expect((noCallId as { reason: string }).reason).toMatch(/^a malformed "tool-result" event at "toolCallId": /);
    const [badDelta] = one({ type: 'tool-call-delta', id: 'c1', argsTextDelta: 5 });
    expect((badDelta as { reason: string }).reason).toMatch(
      /^a malformed "tool-call-delta" event at "argsTextDelta": /,
    );
  });

  it('[DONE], empty frames and whitespace are skipped silently', () => {
    expect(pushAll(['[DONE]', '', '   ', ' [DONE] '])).toEqual([]);
  });

  it('already-parsed frames are accepted', () => {
    const decoder = decoders.cogitator();
    expect(decoder.push({ type: 'tool-call-start', id: 'c1', toolName: 'glob' })).toStrictEqual([
      { type: 'step-start', id: 'c1', toolName: 'glob' },
    ]);
  });

  it('unknown extra keys pass without complaint', () => {
    expect(
      one({ type: 'tool-call-start', id: 'c1', toolName: 'glob', index: 0, providerMeta: { x: 1 } }),
    ).toStrictEqual([{ type: 'step-start', id: 'c1', toolName: 'glob' }]);
  });
});

describe('legacy event names', () => {
  it('underscore types, name for toolName, callId for toolCallId', () => {
    expect(
      pushAll([
        { type: 'tool_call_start', id: 'call_1', name: 'read_file' },
        { type: 'tool_call_delta', id: 'call_1', argsTextDelta: '{"path":"a"}' },
        { type: 'tool_call_end', id: 'call_1' },
        { type: 'tool_result', id: 'res_1', callId: 'call_1', result: 'text' },
        { type: 'text_delta', id: 'txt_1', delta: 'x' },
      ]),
    ).toEqual([
      { type: 'step-start', id: 'call_1', toolName: 'read_file' },
      { type: 'step-input-delta', id: 'call_1', delta: '{"path":"a"}' },
      { type: 'step-input', id: 'call_1' },
      { type: 'step-result', id: 'call_1', result: 'text' },
    ]);
  });

  it('a start that names its call by callId', () => {
    expect(one({ type: 'tool_call_start', callId: 'call_9', name: 'grep' })).toStrictEqual([
      { type: 'step-start', id: 'call_9', toolName: 'grep' },
    ]);
  });

  it('tool_update with callId', () => {
    expect(one({ type: 'tool_update', callId: 'call_9', content: 'half' })).toStrictEqual([
      { type: 'step-progress', id: 'call_9', content: 'half' },
    ]);
  });

  it('current names win when both are there', () => {
    expect(one({ type: 'tool-result', id: 'res_1', toolCallId: 'call_a', callId: 'call_b', result: 1 })).toStrictEqual([
      { type: 'step-result', id: 'call_a', result: 1 },
    ]);
    expect(one({ type: 'tool-call-start', id: 'c', toolName: 'glob', name: 'grep' })).toStrictEqual([
      { type: 'step-start', id: 'c', toolName: 'glob' },
    ]);
  });
});

describe('end()', () => {
  it('without finish → run-abort', () => {
    const decoder = decoders.cogitator();
    decoder.push(JSON.stringify({ type: 'start', messageId: 'm' }));
    decoder.push(JSON.stringify({ type: 'tool-call-start', id: 'c1', toolName: 'glob' }));
    expect(decoder.end()).toStrictEqual([{ type: 'run-abort', code: 'stream-closed' }]);
    expect(decoder.end()).toEqual([]);
  });

  it('before any start → run-abort saying so', () => {
    expect(decoders.cogitator().end()).toStrictEqual([{ type: 'run-abort', code: 'closed-before-start' }]);
  });

  it('after finish or error → nothing', () => {
    const finished = decoders.cogitator();
    finished.push(JSON.stringify({ type: 'finish', messageId: 'm', status: 'completed' }));
    expect(finished.end()).toEqual([]);
    const failed = decoders.cogitator();
    failed.push(JSON.stringify({ type: 'error', message: 'x' }));
    expect(failed.end()).toEqual([]);
  });

  it('a malformed finish does not count as a finish', () => {
    const decoder = decoders.cogitator();
    decoder.push(JSON.stringify({ type: 'finish', pendingApprovals: 'nope' }));
    expect(decoder.end()).toStrictEqual([{ type: 'run-abort', code: 'closed-before-start' }]);
  });

  it('each decoder is its own stream', () => {
    const a = decoders.cogitator();
    const b = decoders.cogitator();
    a.push(JSON.stringify({ type: 'finish' }));
    expect(a.end()).toEqual([]);
    expect(b.end()).toHaveLength(1);
  });
});

describe('edge cases of the wire', () => {
  const S = { type: 'start', messageId: 'msg_1' };
  const F = { type: 'finish', messageId: 'msg_1', status: 'completed' };
  const call = (id: string, toolName: string, args?: string) => [
    { type: 'tool-call-start', id, toolName },
    ...(args === undefined ? [] : [{ type: 'tool-call-delta', id, argsTextDelta: args }]),
    { type: 'tool-call-end', id },
  ];

  it('1. a result without a start makes a succeeded step', () => {
    const state = reduce([S, { type: 'tool-result', id: 'res_1', toolCallId: 'call_old', result: 'done earlier' }, F]);
    expect(state.ids).toEqual(['call_old']);
    expect(state.byId.call_old).toEqual({
      id: 'call_old',
      toolName: '',
      status: 'succeeded',
      inputText: '',
      result: 'done earlier',
    });
    expect(state.diagnostics.count).toBe(0);
  });

  it('1b. the older Express adapter: a start whose id no result uses, and a result for an unannounced call', () => {
    const state = reduce([
      S,
      { type: 'tool-call-start', id: 'tool_x1', toolName: 'grep' },
      { type: 'tool-result', id: 'res', toolCallId: 'call_1', result: 1 },
      F,
    ]);
    expect(state.ids).toEqual(['tool_x1', 'call_1']);
    expect(state.byId.tool_x1?.status).toBe('interrupted');
    expect(state.byId.call_1?.status).toBe('succeeded');
  });

  it('2a. starts without results in a paused turn: every open call waits for approval', () => {
    const state = reduce([
      S,
      ...call('call_a', 'run_command', '{"command":"git push"}'),
      ...call('call_b', 'read_file', '{"path":"a"}'),
      {
        type: 'approval-required',
        threadId: 't',
        approvals: [
          { toolCallId: 'call_a', toolName: 'run_command', arguments: { command: 'git push' }, description: 'Runs' },
        ],
      },
      {
        type: 'finish',
        messageId: 'msg_1',
        status: 'paused',
        pendingApprovals: [
          { toolCallId: 'call_a', toolName: 'run_command', arguments: { command: 'git push' }, description: 'Runs' },
        ],
      },
      '[DONE]',
    ]);
    expect(state.run).toEqual({ status: 'paused' });
    expect(state.byId.call_a?.status).toBe('awaiting-approval');
    expect(state.byId.call_a?.approval).toEqual({ description: 'Runs' });
    expect(state.byId.call_b?.status).toBe('awaiting-approval');
    expect(state.diagnostics.count).toBe(0);
  });

  it('2b. starts without results, then a stream error: interrupted, run error', () => {
    const state = reduce([
      S,
      ...call('call_a', 'grep', '{"pattern":"x"}'),
      { type: 'error', message: 'Internal server error', code: 'INTERNAL' },
    ]);
    expect(state.byId.call_a?.status).toBe('interrupted');
    expect(state.run).toStrictEqual({ status: 'error', error: { message: 'Internal server error', code: 'INTERNAL' } });
  });

  it('2c. starts without results, then the connection closes: interrupted, run interrupted', () => {
    const state = reduce([S, ...call('call_a', 'grep', '{"pattern":"x"}')]);
    expect(state.byId.call_a?.status).toBe('interrupted');
    expect(state.byId.call_a?.input).toEqual({ pattern: 'x' });
    expect(state.run).toMatchObject({ status: 'interrupted' });
  });

  it('3a. no tool-call-delta at all: running with no input', () => {
    const state = reduce([
      S,
      ...call('call_a', 'list_files'),
      { type: 'tool-result', id: 'r', toolCallId: 'call_a', result: [] },
      F,
    ]);
    expect(state.byId.call_a).toEqual({
      id: 'call_a',
      toolName: 'list_files',
      status: 'succeeded',
      inputText: '',
      result: [],
    });
    expect(presentStep(state.byId.call_a ?? { toolName: '' }).detail).toBe('.');
  });

  it('3b. arguments fragmented across deltas are concatenated; partial until tool-call-end', () => {
    const events = pushAll([
      S,
      { type: 'tool-call-start', id: 'c', toolName: 'grep' },
      { type: 'tool-call-delta', id: 'c', argsTextDelta: '{"pat' },
      { type: 'tool-call-delta', id: 'c', argsTextDelta: 'tern":"fo' },
    ]);
    const partial = reduceSteps(emptyStepsState, events);
    expect(partial.byId.c?.status).toBe('input-streaming');
    expect(partial.byId.c?.input).toEqual({ pattern: 'fo' });
  });

  it('4. tool-update arguments replace what streamed; the streamed text is kept', () => {
    const state = reduce([
      S,
      ...call('c', 'run_command', '{"command":"pnpm test"}'),
      { type: 'tool-update', toolCallId: 'c', arguments: { command: 'pnpm test --reporter=dot', cwd: '.' } },
      { type: 'tool-result', id: 'r', toolCallId: 'c', result: { exitCode: 0 } },
      F,
    ]);
    expect(state.byId.c?.input).toEqual({ command: 'pnpm test --reporter=dot', cwd: '.' });
    expect(state.byId.c?.inputText).toBe('{"command":"pnpm test"}');
    expect(presentStep(state.byId.c ?? { toolName: '' }).detail).toBe('pnpm test --reporter=dot');
  });

  it('5. sparse updates: the latest of each field wins, presentation may change, details replace', () => {
    const state = reduce([
      S,
      ...call('c', 'run_command', '{"command":"make"}'),
      { type: 'tool-update', toolCallId: 'c', presentation: { label: 'Build', icon: 'hammer' } },
      { type: 'tool-update', toolCallId: 'c', content: 'one', details: { a: 1 } },
      { type: 'tool-update', toolCallId: 'c', details: { b: 2 } },
      { type: 'tool-update', toolCallId: 'c', presentation: { label: 'Building', detail: 'make' } },
    ]);
    expect(state.byId.c?.progress).toEqual({ content: 'one', details: { b: 2 }, count: 4 });
    expect(state.byId.c?.presentation).toEqual({ label: 'Building', detail: 'make' });
  });

  it('6. a tool-update after its tool-result is ignored and counted', () => {
    const state = reduce([
      S,
      ...call('c', 'grep', '{"pattern":"x"}'),
      { type: 'tool-update', toolCallId: 'c', content: 'searching' },
      { type: 'tool-result', id: 'r', toolCallId: 'c', result: 'found' },
      { type: 'tool-update', toolCallId: 'c', content: 'late', presentation: { label: 'Late' } },
      F,
    ]);
    expect(state.byId.c?.status).toBe('succeeded');
    expect(state.byId.c?.progress).toEqual({ content: 'searching', count: 1 });
    expect(state.byId.c?.presentation).toBeUndefined();
    expect(state.diagnostics.count).toBe(1);
  });

  it('7. parallel calls: interleaved updates, results in completion order, rows in announcement order', () => {
    const state = reduce([
      S,
      ...call('a', 'run_command', '{"command":"sleep 2"}'),
      ...call('b', 'run_command', '{"command":"sleep 1"}'),
      { type: 'tool-update', toolCallId: 'a', content: 'a1' },
      { type: 'tool-update', toolCallId: 'b', content: 'b1' },
      { type: 'tool-update', toolCallId: 'a', content: 'a2' },
      { type: 'tool-result', id: 'r2', toolCallId: 'b', result: 'B' },
      { type: 'tool-result', id: 'r1', toolCallId: 'a', result: 'A' },
      F,
    ]);
    expect(state.ids).toEqual(['a', 'b']);
    expect(state.byId.a).toMatchObject({ status: 'succeeded', result: 'A', progress: { content: 'a2', count: 2 } });
    expect(state.byId.b).toMatchObject({ status: 'succeeded', result: 'B', progress: { content: 'b1', count: 1 } });
  });

  it('8. no presentation until late: the table first, then the server', () => {
    const decoder = decoders.cogitator();
    let state = reduceSteps(
      emptyStepsState,
      call('c', 'read_file', '{"path":"src/a.ts"}').flatMap((f) => decoder.push(JSON.stringify(f))),
    );
    expect(state.byId.c?.presentation).toBeUndefined();
    expect(presentStep(state.byId.c ?? { toolName: '' })).toStrictEqual({
      label: 'Reading file',
      icon: 'file-text',
      detail: 'src/a.ts',
      source: 'known',
    });
    state = reduceSteps(
      state,
      decoder.push(
        JSON.stringify({ type: 'tool-update', toolCallId: 'c', presentation: { label: 'Reading', icon: 'book' } }),
      ),
    );
    expect(presentStep(state.byId.c ?? { toolName: '' })).toStrictEqual({
      label: 'Reading',
      icon: 'book',
      detail: 'src/a.ts',
      source: 'server',
    });
  });

  const failures: Array<[string, Record<string, unknown>, string, Record<string, unknown>]> = [
    [
      'error and errorCode',
      { result: null, error: 'Tool "x" timed out after 5ms', errorCode: 'TOOL_TIMEOUT' },
      'failed',
      { error: { message: 'Tool "x" timed out after 5ms', code: 'TOOL_TIMEOUT' } },
    ],
    ['result null and no error', { result: null }, 'succeeded', { result: null }],
    [
      'a result that is an error object',
      { result: { error: 'Request timed out after 5ms', url: 'u' } },
      'succeeded',
      { result: { error: 'Request timed out after 5ms', url: 'u' } },
    ],
    [
      'a sandbox timedOut',
      { result: { stdout: '', exitCode: 124, timedOut: true } },
      'succeeded',
      { result: { stdout: '', exitCode: 124, timedOut: true } },
    ],
  ];
  for (const [name, fields, status, expected] of failures) {
    it(`9. failure shape: ${name}`, () => {
      const state = reduce([
        S,
        ...call('c', 'run_command', '{}'),
        { type: 'tool-result', id: 'res_9', toolCallId: 'c', ...fields },
        F,
      ]);
      expect(state.byId.c?.status).toBe(status);
      expect(state.byId.c).toMatchObject(expected);
    });
  }

  for (const result of [
    'text',
    42,
    [1, 'two'],
    null,
    { content: [{ type: 'image', data: 'AAAA' }] },
    'x'.repeat(100_000),
  ]) {
    it(`10. a result can be anything: ${JSON.stringify(result).slice(0, 30)}`, () => {
      const state = reduce([
        S,
        ...call('c', 'glob', '{}'),
        { type: 'tool-result', id: 'r', toolCallId: 'c', result },
        F,
      ]);
      expect(state.byId.c?.status).toBe('succeeded');
      expect(state.byId.c?.result).toEqual(result);
    });
  }

  it('11. the result id is never a step id', () => {
    const state = reduce([
      S,
      ...call('call_1', 'glob', '{}'),
      { type: 'tool-result', id: 'res_mjy4t49lqal9vq2', toolCallId: 'call_1', result: 1 },
      F,
    ]);
    expect(state.ids).toEqual(['call_1']);
    expect(state.byId.res_mjy4t49lqal9vq2).toBeUndefined();
  });

  it('12. error without a code', () => {
    const state = reduce([S, { type: 'error', message: 'Internal server error' }]);
    expect(state.run).toStrictEqual({ status: 'error', error: { message: 'Internal server error' } });
  });

  it('13. workflow, swarm and future types never crash; only the unknown one is counted', () => {
    const state = reduce([
      S,
      { type: 'workflow', event: 'x', data: 1 },
      { type: 'swarm', event: 'y', data: 2 },
      { type: 'tool-rewind', toolCallId: 'c' },
      ...call('c', 'glob', '{"pattern":"*"}'),
      { type: 'tool-result', id: 'r', toolCallId: 'c', result: [] },
      F,
    ]);
    expect(state.byId.c?.status).toBe('succeeded');
    expect(state.diagnostics).toEqual({
      count: 1,
      last: { reason: 'an event of unknown type "tool-rewind"; ignored', protocol: 'cogitator' },
    });
  });

  it('14. no [DONE] and no finish after error: the run ends in error, not interrupted', () => {
    const events = pushAll([S, ...call('c', 'glob', '{}'), { type: 'error', message: 'boom' }], true);
    expect(events.at(-1)).toStrictEqual({ type: 'run-error', message: 'boom' });
    const state = reduceSteps(emptyStepsState, events);
    expect(state.run.status).toBe('error');
    expect(state.byId.c?.status).toBe('interrupted');
  });

  it('14b. a closed connection with neither finish nor error: the run was cut off', () => {
    const events = pushAll([S, ...call('c', 'glob', '{}')], true);
    expect(events.at(-1)).toStrictEqual({ type: 'run-abort', code: 'stream-closed' });
  });

  it('15. a run that ends paused shows its pending calls as waiting, not running', () => {
    const state = reduce([
      S,
      ...call('c', 'run_command', '{"command":"rm -rf dist"}'),
      {
        type: 'finish',
        messageId: 'm',
        status: 'paused',
        pendingApprovals: [
          {
            toolCallId: 'c',
            toolName: 'run_command',
            arguments: { command: 'rm -rf dist' },
            description: 'Runs',
            sideEffects: ['filesystem'],
          },
        ],
      },
      '[DONE]',
    ]);
    expect(state.byId.c).toEqual({
      id: 'c',
      toolName: 'run_command',
      status: 'awaiting-approval',
      inputText: '{"command":"rm -rf dist"}',
      input: { command: 'rm -rf dist' },
      approval: { description: 'Runs', sideEffects: ['filesystem'] },
    });
    expect(state.run).toEqual({ status: 'paused' });
  });
});
