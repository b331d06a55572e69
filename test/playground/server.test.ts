// The playground's agent server (playground/server), without the page: real tools on scratch copies,
// path confinement, the command time limit, approvals on every wire, and bad input, each ending with a
// clear message while the server keeps serving and no child process is left.
import { existsSync } from 'node:fs';
import { link, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emptyStepsState, readStream, reduceSteps, type StepsState } from 'tool-steps/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
// @ts-expect-error: a plain .mjs module of the playground, no types
import { createPlayground } from '../../playground/server/server.mjs';
// @ts-expect-error: a plain .mjs module of the playground, no types
import { confine, makeScratchCopy, removeScratchCopy, tools } from '../../playground/server/tools.mjs';
import { alive, Conversation, get, post, until, WIRES } from './support';

interface Playground {
  url: string;
  secret: string;
  children: Set<{ pid: number }>;
  sessions: Map<string, { root(): Promise<string> }>;
  close(): Promise<void>;
}

let playground: Playground;
/** A second server whose command time limit is short, for the timeout test. */
let quick: Playground;
let n = 0;
const session = () => `test-${process.pid}-${++n}`;
const conversation = (wire: (typeof WIRES)[number] = 'cogitator') =>
  new Conversation(playground.url, wire, session(), playground.secret);
/** The scratch copy of a conversation's session on `server`. */
function rootOf(c: Conversation, server: Playground = playground): Promise<string> {
  const s = server.sessions.get(c.session);
  if (!s) throw new Error(`no session ${c.session}`);
  return s.root();
}

beforeAll(async () => {
  playground = await createPlayground({ port: 0, vite: false, commandTimeoutMs: 30_000, textDelayMs: 0 });
  quick = await createPlayground({ port: 0, vite: false, commandTimeoutMs: 1500, textDelayMs: 0 });
});

afterAll(async () => {
  await playground?.close();
  await quick?.close();
});

describe('path confinement', () => {
  let root: string;
  beforeAll(async () => {
    root = await makeScratchCopy();
  });
  afterAll(() => removeScratchCopy(root));

  test('accepts paths inside the copy, existing or not', async () => {
    expect(await confine(root, 'src/cart.mjs')).toBe(join(root, 'src/cart.mjs'));
    expect(await confine(root, 'new/dir/file.txt')).toBe(join(root, 'new/dir/file.txt'));
    expect(await confine(root, '.')).toBe(root);
  });

  test.each(['../outside.txt', '/etc/passwd', 'src/../../x', ''])('refuses %j', async (path) => {
    await expect(confine(root, path)).rejects.toMatchObject({
      code: path ? 'PATH_OUTSIDE_PROJECT' : 'TOOL_INVALID_ARGS',
    });
  });

  test('refuses a symlink inside the copy that points out of it, also for a file below it that does not exist', async () => {
    await symlink('/etc', join(root, 'escape'));
    await expect(confine(root, 'escape/passwd')).rejects.toMatchObject({ code: 'PATH_OUTSIDE_PROJECT' });
    await expect(confine(root, 'escape/no-such-file')).rejects.toMatchObject({ code: 'PATH_OUTSIDE_PROJECT' });
  });

  test('read_file of a path outside ends failed with PATH_OUTSIDE_PROJECT and the server keeps serving', async () => {
    const c = conversation('native');
    await c.start('read ../../../etc/passwd');
    const [step] = c.steps('read_file');
    expect(step?.status).toBe('failed');
    expect(step?.error).toMatchObject({ code: 'PATH_OUTSIDE_PROJECT' });
    expect(step?.error?.message).toMatch(/outside the project/);
    expect(JSON.stringify(c.events)).not.toContain('root:x:0:0'); // nothing of /etc/passwd came back
    expect((await get(`${playground.url}api/info`, playground.secret)).ok).toBe(true);
  });

  test('read_file through a symlink the copy holds is refused too', async () => {
    const c = conversation('native');
    await post(`${playground.url}api/reset`, { session: c.session }, { secret: playground.secret }); // makes the session and its copy
    await mkdir(join(await rootOf(c), 'docs'), { recursive: true });
    await symlink('/etc/passwd', join(await rootOf(c), 'docs/passwd'));
    await c.start('read docs/passwd');
    expect(c.steps('read_file')[0]?.error).toMatchObject({ code: 'PATH_OUTSIDE_PROJECT' });
  });
});

describe('confinement by the file itself', () => {
  let outside: string;
  beforeAll(async () => {
    // on the same file system as the scratch copies, so a hard link between them can exist
    outside = await mkdtemp(join(tmpdir(), 'tool-steps-outside-'));
  });
  afterAll(() => rm(outside, { recursive: true, force: true }));

  test('write_file through a dangling symlink creates nothing outside the copy', async () => {
    const c = conversation('native');
    await post(`${playground.url}api/reset`, { session: c.session }, { secret: playground.secret });
    const target = join(outside, 'NOTES.md');
    await symlink(target, join(await rootOf(c), 'NOTES.md'));
    await c.start('Write a NOTES.md');
    expect(c.steps('write_file')[0]?.input).toMatchObject({ path: 'NOTES.md' });
    await c.decide(true);
    const [step] = c.steps('write_file');
    expect(step?.status).toBe('failed');
    expect(step?.error).toMatchObject({ code: 'PATH_OUTSIDE_PROJECT' });
    expect(existsSync(target)).toBe(false);
  });

  test('confine follows a dangling link to where it points, inside or out', async () => {
    const root = await makeScratchCopy();
    try {
      await symlink(join(outside, 'nowhere', 'x.txt'), join(root, 'away.txt'));
      await symlink('not-yet.txt', join(root, 'here.txt'));
      await expect(confine(root, 'away.txt')).rejects.toMatchObject({ code: 'PATH_OUTSIDE_PROJECT' });
      expect(await confine(root, 'here.txt')).toBe(join(root, 'not-yet.txt'));
    } finally {
      await removeScratchCopy(root);
    }
  });

  test('read_file of a hard link to a file outside is refused, and nothing of it comes back', async () => {
    const c = conversation('native');
    await post(`${playground.url}api/reset`, { session: c.session }, { secret: playground.secret });
    const secretFile = join(outside, 'read-me.txt');
    await writeFile(secretFile, 'outside-content-read\n');
    await mkdir(join(await rootOf(c), 'docs'), { recursive: true });
    await link(secretFile, join(await rootOf(c), 'docs/linked.txt'));
    await c.start('read docs/linked.txt');
    const [step] = c.steps('read_file');
    expect(step?.status).toBe('failed');
    expect(step?.error).toMatchObject({ code: 'PATH_OUTSIDE_PROJECT' });
    expect(step?.error?.message).toMatch(/hard link/);
    expect(JSON.stringify(c.events)).not.toContain('outside-content-read');
  });

  test('edit_file and write_file on a hard link leave the file outside as it was; grep skips it', async () => {
    const root = await makeScratchCopy();
    try {
      const secretFile = join(outside, 'edit-me.txt');
      await writeFile(secretFile, 'outside-content-edit formatPrice\n');
      await link(secretFile, join(root, 'src/linked.mjs'));
      const ctx = {
        root,
        signal: new AbortController().signal,
        commandTimeoutMs: 1000,
        children: new Set(),
        progress() {},
      };
      await expect(
        tools.edit_file({ path: 'src/linked.mjs', oldText: 'outside', newText: 'changed' }, ctx),
      ).rejects.toMatchObject({ code: 'PATH_OUTSIDE_PROJECT' });
      await expect(tools.write_file({ path: 'src/linked.mjs', content: 'changed' }, ctx)).rejects.toMatchObject({
        code: 'PATH_OUTSIDE_PROJECT',
      });
      expect(await readFile(secretFile, 'utf8')).toBe('outside-content-edit formatPrice\n');
      const { result } = await tools.grep({ pattern: 'outside-content' }, ctx);
      expect(result).toEqual([]);
      // the project's own files are still read, edited and written
      expect((await tools.grep({ pattern: 'formatPrice' }, ctx)).result.length).toBeGreaterThan(0);
      await tools.edit_file({ path: 'src/money.mjs', oldText: 'formatPrice', newText: 'formatMoney' }, ctx);
      expect(await readFile(join(root, 'src/money.mjs'), 'utf8')).toContain('formatMoney');
      await tools.write_file({ path: 'new/notes.txt', content: 'hello' }, ctx);
      expect(await readFile(join(root, 'new/notes.txt'), 'utf8')).toBe('hello');
    } finally {
      await removeScratchCopy(root);
    }
  });
});

describe.each(WIRES)('approvals on the %s wire', (wire) => {
  test('run_command pauses the run; approved, it runs for real and the run finishes', async () => {
    const c = conversation(wire);
    await c.start('run echo "ran in $PWD" > ran.txt; cat ran.txt');
    expect(c.state.run.status).toBe('paused');
    const [waiting] = c.steps('run_command');
    expect(waiting?.status).toBe('awaiting-approval');
    expect(waiting?.input).toEqual({ command: 'echo "ran in $PWD" > ran.txt; cat ran.txt' });
    const root = await rootOf(c);
    expect(existsSync(join(root, 'ran.txt'))).toBe(false); // nothing runs before the decision

    await c.decide(true);
    const [ran] = c.steps('run_command');
    expect(ran?.status).toBe('succeeded');
    expect(ran?.result).toMatchObject({ exitCode: 0, stdout: `ran in ${root}` }); // in the scratch copy
    expect(c.state.run.status).toBe('done');
    expect(c.state.diagnostics.count).toBe(0);
  });

  test('a denied command ends denied and never runs', async () => {
    const c = conversation(wire);
    await c.start('run touch ran.txt');
    expect(c.steps('run_command')[0]?.status).toBe('awaiting-approval');
    await c.decide(false);
    expect(c.steps('run_command')[0]?.status).toBe('denied');
    expect(c.state.run.status).toBe('done');
    expect(existsSync(join(await rootOf(c), 'ran.txt'))).toBe(false);
  });
});

describe('fix the failing test', () => {
  test.each(WIRES)('on %s: reads, searches, edits with a unified diff, and the approved tests pass', async (wire) => {
    const c = conversation(wire);
    await c.start('Fix the failing test');
    expect(c.steps().map((s) => s.toolName)).toEqual([
      'glob',
      'grep',
      'read_file',
      'read_file',
      'edit_file',
      'run_command',
    ]);
    const [edit] = c.steps('edit_file');
    expect(edit?.status).toBe('succeeded');
    const diff = JSON.stringify(edit?.details ?? edit?.result);
    expect(diff).toContain('-  return roundCents(total - percent);');
    expect(diff).toContain('+  return roundCents(total * (1 - percent / 100));');
    await c.decide(true);
    expect(c.steps('run_command')[0]?.result).toMatchObject({ exitCode: 0 });
    const source = await readFile(join(await rootOf(c), 'src/discount.mjs'), 'utf8');
    expect(source).toContain('total * (1 - percent / 100)');
    expect(c.state.run.status).toBe('done');
    expect(c.state.diagnostics).toEqual({ count: 0 }); // every frame of both answers decoded cleanly
  });
});

describe('the sub-agent', () => {
  const REVIEW = 'Review the project with a sub-agent';
  /** The sub-agent's calls of a run: its tool names and statuses, in order. */
  const children = (state: StepsState, parentId: string) =>
    state.ids.flatMap((id) => {
      const step = state.byId[id];
      return step?.parentId === parentId ? [{ toolName: step.toolName, status: step.status }] : [];
    });

  test('on ai-sdk: the task call streams the sub-agent as whole UIMessages, read as child steps under task', async () => {
    const c = conversation('ai-sdk');
    const response = await post(
      `${playground.url}api/ai-sdk/chat`,
      {
        id: c.session,
        messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: REVIEW }] }],
      },
      { secret: playground.secret },
    );
    const wire = await response.clone().text();
    // the kit's own reader (protocol detected from the SDK's headers) and reducer
    let state = emptyStepsState;
    for await (const batch of readStream(response)) state = reduceSteps(state, batch);
    const task = state.ids.map((id) => state.byId[id]).find((s) => s?.toolName === 'task');
    if (!task) throw new Error('no task step');
    expect(task.parentId).toBeUndefined();
    expect(task.status).toBe('succeeded');
    const nested = children(state, task.id);
    expect(nested.map((s) => s.toolName)).toEqual(['list_files', 'read_file', 'read_file', 'read_file', 'count_lines']);
    expect(nested.every((s) => s.status === 'succeeded')).toBe(true);
    // each child's id is `<task>/<its call id>` and nothing of the sub-agent is a top-level step
    expect(
      state.ids.filter((id) => state.byId[id]?.parentId === task.id).every((id) => id.startsWith(`${task.id}/`)),
    ).toBe(true);
    expect(state.ids.filter((id) => !state.byId[id]?.parentId).map((id) => state.byId[id]?.toolName)).toEqual(['task']);
    // the children streamed: read one SSE frame at a time, a child is running after some frame
    let live = emptyStepsState;
    let sawChildRunning = false;
    const frames = wire.split(/(?<=\n\n)/);
    for await (const batch of readStream(frames, { protocol: 'ai-sdk' })) {
      live = reduceSteps(live, batch);
      sawChildRunning ||= live.ids.some((id) => live.byId[id]?.parentId && live.byId[id]?.status === 'running');
    }
    expect(sawChildRunning).toBe(true);
    // the sub-agent's last words are the task's result, as on the other wires
    expect(task.result).toBe(
      'Read 3 source files. applyDiscount subtracts a percentage as an amount (a real bug); two TODOs remain (coupons, sales tax).',
    );
    expect(state.run.status).toBe('done');
    expect(state.diagnostics.count).toBe(0);

    // on the wire: every output of the task call is the sub-agent's whole UIMessage, the last one final
    const outputs = wire
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => JSON.parse(line.slice(6)))
      .filter((chunk) => chunk.type === 'tool-output-available' && chunk.toolCallId === task.id);
    expect(outputs.length).toBeGreaterThan(2);
    for (const chunk of outputs) expect(chunk.output).toMatchObject({ role: 'assistant', parts: expect.any(Array) });
    expect(outputs.slice(0, -1).every((chunk) => chunk.preliminary === true)).toBe(true);
    expect(outputs.at(-1).preliminary).toBeUndefined();
  });

  test('the same calls nest on the native and Anvia wires, and arrive flat on Cogitator (no parent field)', async () => {
    for (const wire of ['native', 'anvia'] as const) {
      const c = conversation(wire);
      await c.start(REVIEW);
      const [task] = c.steps('task');
      expect(task?.status).toBe('succeeded');
      expect(children(c.state, task?.id ?? '').map((s) => s.toolName)).toEqual([
        'list_files',
        'read_file',
        'read_file',
        'read_file',
        'count_lines',
      ]);
    }
    const flat = conversation('cogitator');
    await flat.start(REVIEW);
    expect(flat.steps().every((s) => s.parentId === undefined)).toBe(true);
    expect(flat.steps().map((s) => s.toolName)).toContain('count_lines');
  });
});

describe('run_command', () => {
  test('"run the tests" runs the sample project\'s suite, whose one failing test fails until the bug is fixed', async () => {
    const c = conversation('native');
    await c.start('run the tests');
    await c.decide(true);
    const [ran] = c.steps('run_command');
    expect(ran?.result).toMatchObject({ exitCode: 1 });
    expect(JSON.stringify(ran?.result)).toContain('applyDiscount takes a percentage off the total');
  });

  test('a command that never ends is killed at the time limit with TOOL_TIMEOUT, its whole process group', async () => {
    const c = new Conversation(quick.url, 'cogitator', session(), quick.secret);
    // the shell starts a background grandchild and waits: both must die
    await c.start('run sleep 300 & echo $! > bg.pid; echo $$ > sh.pid; wait');
    await c.decide(true);
    const [step] = c.steps('run_command');
    expect(step?.status).toBe('failed');
    expect(step?.error).toMatchObject({ code: 'TOOL_TIMEOUT' });
    expect(step?.error?.message).toMatch(/timed out after 1500ms/);
    const root = await rootOf(c, quick);
    for (const file of ['bg.pid', 'sh.pid']) {
      const pid = Number(await readFile(join(root, file), 'utf8'));
      await until(() => !alive(pid), 5000, `process ${pid} (${file}) to end`);
    }
    expect(quick.children.size).toBe(0);
    expect((await get(`${quick.url}api/info`, quick.secret)).ok).toBe(true);
  });

  test('50,000 lines of output: a bounded number of progress updates, the tail kept, every line counted', async () => {
    const c = conversation('cogitator');
    await c.start('run node -e "for (let i = 1; i <= 50000; i++) console.log(i)"');
    await c.decide(true);
    const [step] = c.steps('run_command');
    expect(step?.status).toBe('succeeded');
    const result = step?.result as { exitCode: number; lines: number; stdout: string };
    // biome-ignore lint/suspicious/noControlCharactersInRegex: FORCE_COLOR makes node colour the numbers
    const stdout = result.stdout.replace(/\u001b\[\d+m/g, '');
    expect(result.exitCode).toBe(0);
    expect(result.lines).toBe(50_000);
    expect(stdout.split('\n').length).toBeLessThanOrEqual(402);
    expect(stdout).toMatch(/^… 49600 earlier lines not kept\n49601\n/);
    expect(stdout.endsWith('\n50000')).toBe(true);
    const updates = c.events.filter((e) => e.type === 'step-progress').length;
    expect(updates).toBeGreaterThan(0);
    expect(updates).toBeLessThan(100);
  });

  test('stdout and stderr lines stream as progress while the command runs', async () => {
    const c = conversation('native');
    await c.start(`run node -e "console.log('one'); setTimeout(() => console.error('two'), 300)"`);
    await c.decide(true);
    const progress = c.events.filter((e) => e.type === 'step-progress');
    expect(progress.some((e) => e.type === 'step-progress' && e.content === 'one')).toBe(true);
    expect(c.steps('run_command')[0]?.result).toMatchObject({ stdout: 'one', stderr: 'two', exitCode: 0 });
  });
});

describe('the command environment', () => {
  const SECRETS = {
    OPENAI_API_KEY: 'sk-proj-test-openai-key',
    ANTHROPIC_API_KEY: 'sk-ant-test-anthropic-key',
    GITHUB_TOKEN: 'ghp_test_github_token',
    DATABASE_PASSWORD: 'test-db-password',
    AWS_SECRET_ACCESS_KEY: 'test-aws-secret',
    npm_config__authToken: 'test-npm-token',
  };
  afterAll(() => {
    for (const name of Object.keys(SECRETS)) delete process.env[name];
  });

  test("an approved `env` shows no key, token, secret or password of the server's, and the safe variables", async () => {
    // set after the server chose its model: the scripted plans run, the keys sit in its environment
    Object.assign(process.env, SECRETS);
    const c = conversation('native');
    await c.start('run env');
    await c.decide(true);
    const [step] = c.steps('run_command');
    const output = String((step?.result as { stdout?: string } | undefined)?.stdout);
    expect(output).toMatch(/^PATH=/m);
    expect(output).toMatch(/^HOME=/m);
    const names = output.split('\n').map((line) => line.split('=')[0] ?? '');
    expect(names.filter((name) => /KEY|TOKEN|SECRET|PASSWORD|PASSWD|AUTH|CREDENTIAL/i.test(name))).toEqual([]);
    for (const value of Object.values(SECRETS)) expect(JSON.stringify(c.events)).not.toContain(value);
  });
});

describe('bad input', () => {
  test('a client that disconnects mid-run stops the run and kills its command; the server keeps serving', async () => {
    const c = conversation('cogitator');
    await c.start('run echo $$ > sh.pid; sleep 300');
    const abort = new AbortController();
    const response = await c.decide(true, abort.signal);
    const reader = response.body?.getReader();
    if (!reader) throw new Error('the resume answered no body');
    await reader.read();
    const root = await rootOf(c);
    await until(() => existsSync(join(root, 'sh.pid')), 5000, 'the command to start');
    const pid = Number(await readFile(join(root, 'sh.pid'), 'utf8'));
    expect(alive(pid)).toBe(true);
    abort.abort();
    await until(() => !alive(pid), 5000, 'the command to be killed');
    expect(playground.children.size).toBe(0);
    expect((await get(`${playground.url}api/info`, playground.secret)).ok).toBe(true);
  });

  test('two sessions at once work on two copies and both finish', async () => {
    const a = conversation('ai-sdk');
    const b = conversation('anvia');
    await Promise.all([a.start('Fix the failing test'), b.start('Fix the failing test')]);
    await Promise.all([a.decide(true), b.decide(true)]);
    for (const c of [a, b]) {
      expect(c.steps('edit_file')[0]?.status).toBe('succeeded');
      expect(c.steps('run_command')[0]?.result).toMatchObject({ exitCode: 0 });
    }
    expect(await rootOf(a)).not.toBe(await rootOf(b));
  });

  test('a body that is not JSON, a missing session, an unknown resume: clear errors with codes', async () => {
    const bad = await post(`${playground.url}api/native`, '{not json', { secret: playground.secret });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: { message: 'The request body is not JSON.', code: 'INVALID_INPUT' } });
    const noSession = await post(
      `${playground.url}api/native`,
      { prompt: 'run the tests' },
      { secret: playground.secret },
    );
    expect(noSession.status).toBe(400);
    expect((await noSession.json()).error.message).toMatch(/session id/);
    const resume = await post(
      `${playground.url}api/cogitator/agents/playground/resume`,
      {
        threadId: 'thread_nope',
        decisions: { call_x: { approved: true } },
      },
      { secret: playground.secret },
    );
    expect(resume.status).toBe(409);
    expect((await resume.json()).error.code).toBe('RUN_NOT_PAUSED');
  });

  test('reset gives the session a fresh copy: the fix is gone', async () => {
    const c = conversation('native');
    await c.start('Fix the failing test');
    await c.decide(true);
    const before = await rootOf(c);
    const reset = await post(`${playground.url}api/reset`, { session: c.session }, { secret: playground.secret });
    expect(reset.ok).toBe(true);
    const after = await rootOf(c);
    expect(after).not.toBe(before);
    expect(existsSync(before)).toBe(false);
    expect(await readFile(join(after, 'src/discount.mjs'), 'utf8')).toContain('total - percent');
  });

  test('write_file waits for approval and writes inside the copy only once approved', async () => {
    const c = conversation('anvia');
    await c.start('Write a NOTES.md');
    const root = await rootOf(c);
    expect(existsSync(join(root, 'NOTES.md'))).toBe(false);
    await c.decide(true);
    expect(c.steps('write_file')[0]?.status).toBe('succeeded');
    expect(await readFile(join(root, 'NOTES.md'), 'utf8')).toMatch(/^# Notes/);
  });
});
