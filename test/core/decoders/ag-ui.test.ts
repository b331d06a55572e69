import { readdirSync, readFileSync } from 'node:fs';
import type { StepEvent } from 'tool-steps/core';
import { decoders, detectProtocol, eventsFromText, stepsFromText } from 'tool-steps/wires';
import { describe, expect, it } from 'vitest';
import { applyPatch } from '../../../src/core/decoders/ag-ui/parts';

const sse = (events: Record<string, unknown>[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
const start = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };
const finish = { type: 'RUN_FINISHED', threadId: 't', runId: 'r' };

describe('AG-UI detection', () => {
  it('names AG-UI from its first frame, which has no header of its own', () => {
    expect(detectProtocol(JSON.stringify(start))).toBe('ag-ui');
    expect(detectProtocol('{"type":"RUN_ERROR","message":"x"}')).toBe('ag-ui');
    expect(detectProtocol('{"type":"TOOL_CALL_START","toolCallId":"a","toolCallName":"b"}')).toBe('ag-ui');
  });

  it("names no frame of the other wires' recordings AG-UI", () => {
    const dir = new URL('../../fixtures/', import.meta.url);
    const files = readdirSync(dir).filter((f) => /\.(sse|jsonl)$/.test(f));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      const frames = text.split('\n').map((line) => line.replace(/^data: /, ''));
      expect(
        frames.filter((frame) => detectProtocol(frame) === 'ag-ui'),
        file,
      ).toEqual([]);
    }
  });

  it('decodes the shared capture with protocol "auto" exactly as with protocol "ag-ui"', () => {
    const bytes = readFileSync(new URL('../../fixtures/wires/ag-ui-tools.sse', import.meta.url), 'utf8');
    expect(eventsFromText(bytes)).toEqual(eventsFromText(bytes, { protocol: 'ag-ui' }));
    expect(stepsFromText(bytes).ids).toEqual(['call_a', 'call_b', 'call_c']);
  });
});

describe('AG-UI decoder', () => {
  it('stamps events with the frame timestamp when it is plausible epoch milliseconds, and ignores other units', () => {
    const d = decoders.agUi();
    expect(d.push(JSON.stringify({ ...start, timestamp: 1767225600000 }))).toEqual([
      { type: 'run-start', runId: 'r', at: 1767225600000 },
    ]);
    expect(
      d.push(JSON.stringify({ type: 'TOOL_CALL_START', toolCallId: 'a', toolCallName: 'x', timestamp: 1767225600 })),
    ).toEqual([{ type: 'step-start', id: 'a', toolName: 'x' }]);
  });

  it('keeps one step when chunks interleave A, B, A, and re-parses A with the text that came after it was closed', () => {
    const state = stepsFromText(
      sse([
        start,
        { type: 'TOOL_CALL_CHUNK', toolCallId: 'a', toolCallName: 'set', delta: '{"x":' },
        { type: 'TOOL_CALL_CHUNK', toolCallId: 'b', toolCallName: 'get', delta: '{}' },
        { type: 'TOOL_CALL_CHUNK', toolCallId: 'a', delta: '1}' },
        { type: 'TOOL_CALL_RESULT', messageId: 'm1', toolCallId: 'a', content: 'ok' },
        { type: 'TOOL_CALL_RESULT', messageId: 'm2', toolCallId: 'b', content: 'ok' },
        finish,
      ]),
    );
    expect(state.ids).toEqual(['a', 'b']);
    expect(state.byId.a).toMatchObject({ toolName: 'set', input: { x: 1 }, status: 'succeeded' });
    // The reference wants the name again on the chunk that reopens a call: one diagnostic.
    expect(state.diagnostics.count).toBe(1);
    expect(state.byId.b).toMatchObject({ input: {}, status: 'succeeded' });
  });

  it('keeps a chunked call open across events that do not close it (ACTIVITY, RAW), as the reference does', () => {
    const state = stepsFromText(
      sse([
        start,
        { type: 'TOOL_CALL_CHUNK', toolCallId: 'a', toolCallName: 'set', delta: '{"x":' },
        { type: 'ACTIVITY_SNAPSHOT', messageId: 'act', activityType: 'P', content: { label: 'working' } },
        { type: 'RAW', event: { any: 1 } },
        { type: 'TOOL_CALL_CHUNK', delta: '2}' },
        { type: 'STEP_FINISHED', stepName: 'agent' },
        { type: 'TOOL_CALL_RESULT', messageId: 'm1', toolCallId: 'a', content: 'ok' },
        finish,
      ]),
    );
    expect(state.byId.a).toMatchObject({ input: { x: 2 }, status: 'succeeded' });
    expect(state.diagnostics.count).toBe(0);
  });

  it('closes the chunked calls of every lane at RUN_FINISHED, sub-agents included', () => {
    const state = stepsFromText(
      sse([
        start,
        { type: 'TOOL_CALL_CHUNK', toolCallId: 'p', toolCallName: 'plan', delta: '{}' },
        { type: 'SUBAGENT_STARTED', subagentRunId: 'sub', name: 'searcher' },
        { type: 'TOOL_CALL_CHUNK', toolCallId: 's', toolCallName: 'search', delta: '{"q":1}', subagentRunId: 'sub' },
        finish,
      ]),
    );
    expect(state.byId.p).toMatchObject({ input: {}, status: 'running' });
    expect(state.byId.s).toMatchObject({ input: { q: 1 }, status: 'running' });
    expect(state.diagnostics.count).toBe(0);
  });

  it('fails a call from the tool message of a later MESSAGES_SNAPSHOT, with the content as what the model read', () => {
    const state = stepsFromText(
      sse([
        start,
        { type: 'TOOL_CALL_START', toolCallId: 'w', toolCallName: 'write_file' },
        { type: 'TOOL_CALL_END', toolCallId: 'w' },
        {
          type: 'MESSAGES_SNAPSHOT',
          messages: [{ id: 't1', role: 'tool', toolCallId: 'w', content: 'no', error: 'EACCES' }],
        },
        finish,
      ]),
    );
    expect(state.byId.w).toMatchObject({ status: 'failed', error: { message: 'EACCES' }, result: 'no' });
  });

  it('makes steps of calls only a snapshot names, with their parsed arguments', () => {
    const state = stepsFromText(
      sse([
        start,
        {
          type: 'MESSAGES_SNAPSHOT',
          messages: [
            {
              id: 'm',
              role: 'assistant',
              toolCalls: [{ id: 'old', type: 'function', function: { name: 'grep', arguments: '{"q":"x"}' } }],
            },
            { id: 't', role: 'tool', toolCallId: 'old', content: '3 hits' },
          ],
        },
        finish,
      ]),
    );
    expect(state.byId.old).toMatchObject({
      toolName: 'grep',
      input: { q: 'x' },
      status: 'succeeded',
      result: '3 hits',
    });
  });

  it('shows an interrupt naming a call as that call awaiting approval, and the run paused', () => {
    const state = stepsFromText(
      sse([
        start,
        { type: 'TOOL_CALL_START', toolCallId: 'd', toolCallName: 'deploy' },
        { type: 'TOOL_CALL_END', toolCallId: 'd' },
        {
          ...finish,
          outcome: {
            type: 'interrupt',
            interrupts: [{ id: 'i1', reason: 'approval', message: 'Deploy?', toolCallId: 'd' }],
          },
        },
      ]),
    );
    expect(state.byId.d).toMatchObject({ status: 'awaiting-approval', approval: { id: 'i1', description: 'Deploy?' } });
    expect(state.run.status).toBe('paused');
  });

  it('ends the call whose arguments were streaming interrupted when RUN_ERROR comes, with the message on the run', () => {
    const state = stepsFromText(
      sse([
        start,
        { type: 'TOOL_CALL_START', toolCallId: 'f', toolCallName: 'fetch' },
        { type: 'TOOL_CALL_ARGS', toolCallId: 'f', delta: '{"url":"https://a' },
        { type: 'RUN_ERROR', message: 'overloaded', code: 'E1' },
      ]),
    );
    expect(state.byId.f?.status).toBe('interrupted');
    expect(state.run).toMatchObject({ status: 'error', error: { message: 'overloaded', code: 'E1' } });
  });

  it('maps CUSTOM events through the app’s mapper, and ignores them without one', () => {
    const frames = sse([
      start,
      { type: 'TOOL_CALL_START', toolCallId: 'a', toolCallName: 'x' },
      { type: 'TOOL_CALL_END', toolCallId: 'a' },
      { type: 'CUSTOM', name: 'tool_progress', value: { toolCallId: 'a', message: 'half way' } },
    ]);
    const run = (d: ReturnType<typeof decoders.agUi>) =>
      frames
        .split('\n\n')
        .filter(Boolean)
        .flatMap((f) => d.push(f.slice('data: '.length)));
    const mapped = run(
      decoders.agUi({
        custom: (name, value) => {
          const v = value as { toolCallId: string; message: string };
          return name === 'tool_progress'
            ? [{ type: 'step-progress', id: v.toolCallId, content: v.message }]
            : undefined;
        },
      }),
    );
    expect(mapped).toContainEqual<StepEvent>({ type: 'step-progress', id: 'a', content: 'half way' });
    expect(run(decoders.agUi()).some((e) => e.type === 'step-progress')).toBe(false);
  });

  it('counts a malformed known event and an ACTIVITY_DELTA that does not apply, and keeps reading', () => {
    const state = stepsFromText(
      sse([
        start,
        { type: 'TOOL_CALL_START', toolCallName: 'x' },
        {
          type: 'ACTIVITY_DELTA',
          messageId: 'nope',
          activityType: 'P',
          patch: [{ op: 'replace', path: '/a/b', value: 1 }],
        },
        { type: 'TOOL_CALL_START', toolCallId: 'ok', toolCallName: 'x' },
        { type: 'TOOL_CALL_END', toolCallId: 'ok' },
        finish,
      ]),
    );
    expect(state.diagnostics.count).toBe(2);
    expect(state.ids).toEqual(['ok']);
  });

  it('never writes an ACTIVITY_DELTA into a prototype: __proto__, constructor and prototype segments are refused with a diagnostic', () => {
    const builtIn = Object.prototype.toLocaleString;
    const delta = (patch: unknown[]) => ({ type: 'ACTIVITY_DELTA', messageId: 'act', activityType: 'P', patch });
    try {
      const state = stepsFromText(
        sse([
          start,
          { type: 'TOOL_CALL_START', toolCallId: 'a', toolCallName: 'x' },
          { type: 'TOOL_CALL_END', toolCallId: 'a' },
          { type: 'ACTIVITY_SNAPSHOT', messageId: 'act', activityType: 'P', content: { toolCallId: 'a', n: 0 } },
          delta([{ op: 'add', path: '/__proto__/x', value: 'polluted' }]),
          delta([{ op: 'remove', path: '/__proto__/toLocaleString' }]),
          delta([{ op: 'add', path: '/constructor/prototype/y', value: 'polluted' }]),
          delta([{ op: 'replace', path: '/toString', value: 'polluted' }]),
          delta([{ op: 'replace', path: '/n', value: 1 }]),
          finish,
        ]),
        { protocol: 'ag-ui' },
      );
      expect(({} as Record<string, unknown>).x).toBeUndefined();
      expect(({} as Record<string, unknown>).y).toBeUndefined();
      expect(Object.prototype.toLocaleString).toBe(builtIn);
      // Nothing else lost: the patch after the refused ones applies to the activity as it was.
      expect(state.byId.a?.progress?.details).toEqual({ toolCallId: 'a', n: 1 });
      expect(state.diagnostics.count).toBe(4);
      expect(state.diagnostics.last?.reason).toMatch(/"\/toString" names nothing to replace/);
    } finally {
      delete (Object.prototype as Record<string, unknown>).x;
      delete (Object.prototype as Record<string, unknown>).y;
      Object.prototype.toLocaleString = builtIn;
    }
  });

  it('ends a stream that closes without RUN_FINISHED or RUN_ERROR with run-abort', () => {
    const events = eventsFromText(sse([start, { type: 'TOOL_CALL_START', toolCallId: 'a', toolCallName: 'x' }]), {
      protocol: 'ag-ui',
    });
    expect(events.at(-1)?.type).toBe('run-abort');
  });
});

describe('applyPatch (the RFC 6902 subset ACTIVITY_DELTA uses)', () => {
  it('adds, replaces and removes without touching the original, and refuses what it does not apply', () => {
    const doc = { a: 1, list: [1, 2], nested: { b: 'x' } };
    const next = applyPatch(doc, [
      { op: 'replace', path: '/a', value: 2 },
      { op: 'add', path: '/list/-', value: 3 },
      { op: 'add', path: '/list/0', value: 0 },
      { op: 'replace', path: '/list/1', value: 9 },
      { op: 'remove', path: '/nested/b' },
      { op: 'add', path: '/c~1d', value: true },
    ]);
    expect(next).toEqual({ ok: true, doc: { a: 2, list: [0, 9, 2, 3], nested: {}, 'c/d': true } });
    expect(doc).toEqual({ a: 1, list: [1, 2], nested: { b: 'x' } });
    expect(applyPatch(doc, [{ op: 'move', from: '/a', path: '/b' }]).ok).toBe(false);
    expect(applyPatch(doc, [{ op: 'replace', path: '/missing/deep', value: 1 }]).ok).toBe(false);
  });

  it('refuses the segments that reach a prototype, and operations on properties that are not own', () => {
    const doc = { a: { b: 1 }, list: [1] };
    for (const path of ['/__proto__', '/a/__proto__/x', '/constructor/prototype/x', '/a/constructor', '/prototype']) {
      const patched = applyPatch(doc, [{ op: 'add', path, value: { polluted: true } }]);
      expect(patched.ok, path).toBe(false);
      expect(patched.ok === false && patched.reason, path).toMatch(/refused/);
    }
    expect(applyPatch(doc, [{ op: 'remove', path: '/toString' }]).ok).toBe(false);
    expect(applyPatch(doc, [{ op: 'replace', path: '/hasOwnProperty', value: 1 }]).ok).toBe(false);
    expect(applyPatch(doc, [{ op: 'add', path: '/valueOf/x', value: 1 }]).ok).toBe(false);
    expect(applyPatch(doc, [{ op: 'remove', path: '/list/length' }]).ok).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(applyPatch(doc, [{ op: 'add', path: '/a/c', value: 2 }])).toEqual({
      ok: true,
      doc: { a: { b: 1, c: 2 }, list: [1] },
    });
  });
});
