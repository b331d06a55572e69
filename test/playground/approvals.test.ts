// What waits is what is shown: every gated call of a model step reaches the stream as a waiting
// approval before the run pauses, a resume decides only the calls it names (nothing is approved by
// default), and a resume that matches no waiting call answers 409 and leaves the live stream alone.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MockLanguageModelV3 } from 'ai/test';
import { afterEach, describe, expect, test } from 'vitest';
// @ts-expect-error: a plain .mjs module of the playground, no types
import { createPlayground } from '../../playground/server/server.mjs';
import { Conversation, post, type Wire } from './support';

interface Playground {
  url: string;
  secret: string;
  sessions: Map<string, { root(): Promise<string> }>;
  close(): Promise<void>;
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** One model call: its stream parts, ending with the finish reason. */
function step(parts: unknown[], reason: 'tool-calls' | 'stop') {
  return {
    stream: new ReadableStream({
      start(controller) {
        for (const part of [
          { type: 'stream-start', warnings: [] },
          ...parts,
          { type: 'finish', finishReason: { unified: reason, raw: reason }, usage },
        ])
          controller.enqueue(part);
        controller.close();
      },
    }),
  };
}
const call = (toolCallId: string, toolName: string, input: unknown) => ({
  type: 'tool-call',
  toolCallId,
  toolName,
  input: JSON.stringify(input),
});
const said = (delta: string) => [
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta },
  { type: 'text-end', id: 't' },
];

/** A server whose model asks for two gated calls in one step, then ends. */
async function twoGatedCalls(): Promise<Playground> {
  const model = new MockLanguageModelV3({
    doStream: [
      step(
        [
          call('call_write', 'write_file', { path: 'first.md', content: 'one' }),
          call('call_run', 'run_command', { command: 'echo two > second.txt' }),
        ],
        'tool-calls',
      ),
      step(said('Both are done.'), 'stop'),
    ] as never,
  });
  return createPlayground({ port: 0, vite: false, textDelayMs: 0, languageModel: model });
}

let servers: Playground[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});
const serve = async (made: Promise<Playground>) => {
  const server = await made;
  servers.push(server);
  return server;
};
const rootOf = (server: Playground, c: Conversation) => server.sessions.get(c.session)?.root() ?? '';

describe.each<Wire>(['cogitator', 'ai-sdk', 'anvia', 'native'])('on the %s wire', (wire) => {
  test('a model step with two gated calls shows both waiting before either is decided', async () => {
    const server = await serve(twoGatedCalls());
    const c = new Conversation(server.url, wire, `two-${wire}`, server.secret);
    await c.start('write a file and run a command');
    expect(c.steps().map((s) => [s.id, s.status])).toEqual([
      ['call_write', 'awaiting-approval'],
      ['call_run', 'awaiting-approval'],
    ]);
    expect(c.state.run.status).toBe('paused');
    const root = await rootOf(server, c);
    expect(existsSync(join(root, 'first.md'))).toBe(false);
    expect(existsSync(join(root, 'second.txt'))).toBe(false);
    // decided (Anvia answers one interaction a request, so there the run pauses again for the second)
    for (let round = 0; round < 3 && c.state.run.status === 'paused'; round++) await c.decide(true);
    expect(c.state.run.status).toBe('done');
    expect(c.steps().map((s) => s.status)).toEqual(['succeeded', 'succeeded']);
    expect(existsSync(join(root, 'second.txt'))).toBe(true);
    expect(existsSync(join(root, 'first.md'))).toBe(true);
  });
});

test('a resume that decides one of two calls runs that one only: nothing is approved by default', async () => {
  const server = await serve(twoGatedCalls());
  const c = new Conversation(server.url, 'cogitator', 'one-of-two', server.secret);
  await c.start('write a file and run a command');
  const threadId = /"threadId":"([^"]+)"/.exec(c.texts[0] ?? '')?.[1];
  // Cogitator's resume may carry a default for the calls it does not name; the server never applies it
  const resumed = await post(
    `${server.url}api/cogitator/agents/playground/resume`,
    { threadId, decisions: { call_write: { approved: true } }, defaultDecision: { approved: true } },
    { secret: server.secret },
  );
  const text = await resumed.text();
  expect(resumed.status).toBe(200);
  const root = await rootOf(server, c);
  expect(existsSync(join(root, 'first.md'))).toBe(true);
  expect(existsSync(join(root, 'second.txt'))).toBe(false);
  // the stream ends paused again, naming the call that still waits
  const required = text
    .split('\n')
    .filter((line) => line.startsWith('data: {'))
    .map((line) => JSON.parse(line.slice(6)))
    .find((frame) => frame.type === 'approval-required');
  expect(required?.approvals.map((a: { toolCallId: string }) => a.toolCallId)).toEqual(['call_run']);
  expect(text).toContain('"status":"paused"');
});

test('a resume that matches no waiting call answers 409, and the live stream streams on to its end', async () => {
  const server = await serve(createPlayground({ port: 0, vite: false, textDelayMs: 0 }));
  const c = new Conversation(server.url, 'native', 'live', server.secret);
  await c.start('run while [ ! -f go ]; do sleep 0.05; done; echo finished');
  const runId = /"runId":"([^"]+)"/.exec(c.texts[0] ?? '')?.[1];
  const [waiting] = c.steps('run_command');
  const live = await post(
    `${server.url}api/native`,
    { runId, decisions: { [waiting?.id ?? '']: { approved: true } } },
    { secret: server.secret },
  );
  const reader = live.body?.getReader();
  if (!reader) throw new Error('the resume answered no body');
  let text = new TextDecoder().decode((await reader.read()).value);

  const stray = await post(
    `${server.url}api/native`,
    { runId, decisions: { call_nobody_waits_for: { approved: true } } },
    { secret: server.secret },
  );
  expect(stray.status).toBe(409);
  expect((await stray.json()).error).toMatchObject({ code: 'NOT_WAITING' });

  await writeFile(join(await rootOf(server, c), 'go'), '');
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += new TextDecoder().decode(chunk.value);
  }
  expect(text).toContain('finished');
  expect(text).toContain('"type":"run-finish","status":"done"');
});

test('a decision sent while the answer still streams (another call runs) ends that answer paused; the resume carries the rest', async () => {
  const model = new MockLanguageModelV3({
    doStream: [
      step(
        [
          call('call_write', 'write_file', { path: 'first.md', content: 'one' }),
          call('call_slow', 'grep', { pattern: '(.*)*X', path: 'src' }),
        ],
        'tool-calls',
      ),
      step(said('Done.'), 'stop'),
    ] as never,
  });
  const server = await serve(
    createPlayground({ port: 0, vite: false, textDelayMs: 0, searchTimeoutMs: 3000, languageModel: model }),
  );
  const session = 'decided-while-live';
  await post(`${server.url}api/reset`, { session }, { secret: server.secret }); // makes the session's copy
  // a line the search backtracks on for ever: it runs until its time limit, after the decision
  await writeFile(join(await (server.sessions.get(session)?.root() ?? ''), 'src/long.mjs'), `// ${'a'.repeat(40)}\n`);
  const first = await post(
    `${server.url}api/native`,
    { prompt: 'write and search', session },
    { secret: server.secret },
  );
  const reader = first.body?.getReader();
  if (!reader) throw new Error('the start answered no body');
  let text = '';
  while (!text.includes('"type":"step-approval"')) {
    const chunk = await reader.read();
    if (chunk.done) throw new Error(`the answer ended before the approval: ${text}`);
    text += new TextDecoder().decode(chunk.value);
  }
  const runId = /"runId":"([^"]+)"/.exec(text)?.[1];
  const resumed = await post(
    `${server.url}api/native`,
    { runId, decisions: { call_write: { approved: true } } },
    { secret: server.secret },
  );
  expect(resumed.status).toBe(200);
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += new TextDecoder().decode(chunk.value);
  }
  expect(text).toContain('"type":"run-finish","status":"paused"');
  const rest = await resumed.text();
  expect(rest).toContain('"type":"step-result","id":"call_write"');
  // the search's end is on whichever answer was live then (the resume, unless the machine is very slow)
  expect(`${text}${rest}`.match(/"type":"step-error","id":"call_slow"[^\n]*TOOL_TIMEOUT/g)).toHaveLength(1);
  expect(rest).toContain('"type":"run-finish","status":"done"');
});
