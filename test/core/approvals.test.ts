// Decision helpers per wire, each checked against the wire's real shape: Cogitator's
// resume request, the AI SDK's own Chat (ai 7.0.173) and Anvia's recorded stream.
import { readFileSync } from 'node:fs';
import { AbstractChat, type ChatState, type ChatStatus, type ChatTransport, type UIMessage } from 'ai';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  type AiSdkApprovalResponse,
  aiSdkApprovalResponse,
  aiSdkApprovals,
  anviaInteractionResponse,
  cogitatorResume,
  cogitatorResumeBody,
  cogitatorResumeMessage,
  isAwaitingApproval,
  pendingApprovals,
  type Step,
} from '../../src/core';
import { stepsFromText, stepsFromUIMessages } from '../../src/wires';

const read = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

// A Cogitator run that paused on two calls (the shape of Cogitator's resume request).
const paused = [
  { type: 'start', messageId: 'm1' },
  { type: 'tool-call-start', id: 'call_A', toolName: 'run_command' },
  { type: 'tool-call-delta', id: 'call_A', argsTextDelta: '{"command":"git push origin main"}' },
  { type: 'tool-call-end', id: 'call_A' },
  { type: 'tool-call-start', id: 'call_B', toolName: 'write_file' },
  { type: 'tool-call-delta', id: 'call_B', argsTextDelta: '{"path":".env","content":"X=1"}' },
  { type: 'tool-call-end', id: 'call_B' },
  { type: 'tool-call-start', id: 'call_C', toolName: 'read_file' },
  { type: 'tool-call-end', id: 'call_C' },
  { type: 'tool-result', id: 'res_1', toolCallId: 'call_C', result: 'ok' },
  {
    type: 'approval-required',
    threadId: 'thread_1',
    approvals: [
      { toolCallId: 'call_A', toolName: 'run_command', arguments: { command: 'git push origin main' } },
      { toolCallId: 'call_B', toolName: 'write_file', arguments: { path: '.env' }, sideEffects: ['filesystem'] },
    ],
  },
  { type: 'finish', status: 'paused', threadId: 'thread_1' },
]
  .map((event) => `data: ${JSON.stringify(event)}\n\n`)
  .join('');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Cogitator: POST {base}/agents/:name/resume', () => {
  it('builds the request with decisions per call id, reasons trimmed, and a default decision', async () => {
    const state = await stepsFromText(paused, { protocol: 'cogitator' });
    expect(pendingApprovals(state).map((step) => step.id)).toEqual(['call_A', 'call_B']);
    const [url, init] = cogitatorResume({
      base: 'https://agents.example/cogitator/',
      agent: 'coder bot',
      threadId: 'thread_1',
      state,
      decisions: [
        [state.byId.call_A as Step, { approved: true }],
        ['call_B', { approved: false, reason: '  not the .env  ' }],
      ],
      headers: { authorization: 'Bearer t' },
    });
    expect(url).toBe('https://agents.example/cogitator/agents/coder%20bot/resume');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'content-type': 'application/json', authorization: 'Bearer t' });
    expect(JSON.parse(init.body as string)).toEqual({
      threadId: 'thread_1',
      decisions: { call_A: { approved: true }, call_B: { approved: false, reason: 'not the .env' } },
    });
    expect(cogitatorResumeBody({ threadId: 't', defaultDecision: { approved: true, reason: '' } })).toEqual({
      threadId: 't',
      defaultDecision: { approved: true },
    });
  });

  it('keeps a decision for a call whose id is "__proto__" as a key of the body', () => {
    const body = cogitatorResumeBody({ threadId: 't', decisions: [['__proto__', { approved: true }]] });
    expect(JSON.parse(JSON.stringify(body))).toEqual(
      JSON.parse('{"threadId":"t","decisions":{"__proto__":{"approved":true}}}'),
    );
    expect(Object.getPrototypeOf(body.decisions)).toBe(Object.prototype);
  });

  it('sends the same body over WebSocket: { type: "resume", id, payload: { name, threadId, decisions } }', () => {
    expect(
      cogitatorResumeMessage('req_1', {
        agent: 'coder',
        threadId: 'thread_1',
        decisions: { call_A: { approved: true } },
      }),
    ).toEqual({
      type: 'resume',
      id: 'req_1',
      payload: { name: 'coder', threadId: 'thread_1', decisions: { call_A: { approved: true } } },
    });
  });

  it('drops a decision for an unknown call or one that already finished, with a development warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const state = await stepsFromText(paused, { protocol: 'cogitator' });
    const body = cogitatorResumeBody({
      threadId: 'thread_1',
      state,
      decisions: { call_A: { approved: true }, call_Z: { approved: true }, call_C: { approved: false } },
    });
    expect(body).toEqual({ threadId: 'thread_1', decisions: { call_A: { approved: true } } });
    const said = warn.mock.calls.map((call) => String(call[0]));
    expect(said.some((line) => line.includes('unknown call "call_Z"'))).toBe(true);
    expect(said.some((line) => line.includes('"call_C"') && line.includes('succeeded'))).toBe(true);
  });
});

// The AI SDK's own chat, with an in-memory state: what `useChat` wraps.
class TestChat extends AbstractChat<UIMessage> {
  constructor(messages: UIMessage[]) {
    let list = messages;
    let status: ChatStatus = 'ready';
    const state: ChatState<UIMessage> = {
      get status() {
        return status;
      },
      set status(next) {
        status = next;
      },
      error: undefined,
      get messages() {
        return list;
      },
      set messages(next) {
        list = next;
      },
      pushMessage: (message) => {
        list = [...list, message];
      },
      popMessage: () => {
        list = list.slice(0, -1);
      },
      replaceMessage: (index, message) => {
        list = list.map((old, i) => (i === index ? message : old));
      },
      snapshot: (thing) => structuredClone(thing),
    };
    const transport: ChatTransport<UIMessage> = {
      sendMessages: () => Promise.reject(new Error('not used')),
      reconnectToStream: () => Promise.resolve(null),
    };
    super({ state, transport });
  }
}

const askingMessages = (): UIMessage[] => [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'clean up' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      {
        type: 'tool-delete_file',
        toolCallId: 'call_1',
        state: 'approval-requested',
        input: { path: 'dist/' },
        approval: { id: 'approval_1' },
      },
      {
        type: 'tool-run_command',
        toolCallId: 'call_2',
        state: 'approval-requested',
        input: { command: 'rm -rf node_modules' },
        approval: { id: 'approval_2' },
      },
    ],
  } as UIMessage,
];

describe("AI SDK: useChat's addToolApprovalResponse", () => {
  it('takes exactly the shape the SDK declares (approval.id typed: no guard needed)', () => {
    expectTypeOf<AiSdkApprovalResponse>().toMatchTypeOf<Parameters<TestChat['addToolApprovalResponse']>[0]>();
    const step = stepsFromUIMessages(askingMessages()).byId.call_1 as Step;
    if (isAwaitingApproval(step)) expectTypeOf(step.approval.id).toEqualTypeOf<string>();
    expect(isAwaitingApproval(step)).toBe(true);
  });

  it("answers the SDK's own Chat: the parts become approval-responded, with the reason", async () => {
    const chat = new TestChat(askingMessages());
    const steps = stepsFromUIMessages(chat.messages);
    const { onApprove, onDeny } = aiSdkApprovals(chat.addToolApprovalResponse);
    onApprove(steps.byId.call_1 as Step);
    onDeny(steps.byId.call_2 as Step, { reason: 'too broad' });
    await vi.waitFor(() => {
      const parts = chat.messages[1]?.parts as unknown as Record<string, unknown>[];
      expect(parts.map((part) => [part.state, part.approval])).toEqual([
        ['approval-responded', { id: 'approval_1', approved: true }],
        ['approval-responded', { id: 'approval_2', approved: false, reason: 'too broad' }],
      ]);
    });
    // and our model reads the SDK's new state: approved runs, denied is denied
    const after = stepsFromUIMessages(chat.messages);
    expect([after.byId.call_1?.status, after.byId.call_2?.status]).toEqual(['running', 'denied']);
  });

  it('ignores a decision for a step that is not waiting, with a warning, and calls nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const add = vi.fn();
    const done = { ...(stepsFromUIMessages(askingMessages()).byId.call_1 as Step), status: 'succeeded' as const };
    aiSdkApprovals(add).onApprove(done);
    expect(aiSdkApprovalResponse(done, { approved: true })).toBeUndefined();
    expect(add).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
  });
});

describe('Anvia: interaction_response', () => {
  it('answers the recorded suspended run with its interaction id', async () => {
    const state = await stepsFromText(read('anvia-client-approval-suspend.jsonl'), { protocol: 'anvia' });
    const [waiting] = pendingApprovals(state);
    expect(waiting).toBeDefined();
    const interaction = read('anvia-client-approval-suspend.jsonl')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .find((frame) => frame.event?.type === 'interaction')?.event.interaction;
    expect(waiting?.id).toBe(interaction.toolCallId);
    expect(
      anviaInteractionResponse(
        waiting as Step,
        { approved: false, reason: 'wrong order' },
        {
          resume: { streamId: 's', after: 16 },
        },
      ),
    ).toEqual({
      type: 'interaction_response',
      interactionId: interaction.id,
      response: { type: 'tool-approval', approved: false, reason: 'wrong order' },
      resume: { streamId: 's', after: 16 },
    });
  });

  it('returns nothing for a call that is not waiting (a warning says why)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const step: Step = { id: 'c', toolName: 't', status: 'running', inputText: '' };
    expect(anviaInteractionResponse(step, { approved: true })).toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });
});
