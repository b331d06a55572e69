// The playground's agent. A run is a sequence of "agent events" (text, tool calls, progress, results,
// approvals) that a wire encoder (wires.mjs) turns into Cogitator SSE, the AI SDK UI message stream,
// Anvia anvia.client.v3 or native events. Without a language model a scenario picked from the
// request drives a fixed plan; every tool still runs for real on the session's scratch copy.
//
// A run outlives one HTTP response: when a call needs approval the run emits it and waits; once nothing
// else of the run is under way (every call of the model's step has been announced, and each is waiting
// or done) the response ends `paused`, listing every waiting call. The resume request (each wire's own
// way) attaches a new response and decides the calls it names, only those; the run goes on from there
// and pauses again while any call still waits.
import { randomUUID } from 'node:crypto';
import { NEEDS_APPROVAL, TOOL_DESCRIPTIONS, ToolError, tools } from './tools.mjs';

/**
 * @typedef {(
 *   | { type: 'text', delta: string, parentId?: string }
 *   | { type: 'reasoning-start', id: string, parentId?: string, visibility?: 'redacted', providerMetadata?: object }
 *   | { type: 'reasoning-delta', id: string, delta: string, parentId?: string }
 *   | { type: 'reasoning-end', id: string, parentId?: string, visibility?: 'encrypted', providerMetadata?: object }
 *   | { type: 'call', id: string, name: string, input: unknown, parentId?: string }
 *   | { type: 'progress', id: string, content?: unknown, details?: unknown, parentId?: string }
 *   | { type: 'result', id: string, name: string, input: unknown, result: unknown, details?: unknown, parentId?: string }
 *   | { type: 'error', id: string, name: string, input: unknown, message: string, code?: string, details?: unknown, parentId?: string }
 *   | { type: 'approval', id: string, approvalId: string, name: string, input: unknown, description: string, sideEffects: string[], parentId?: string }
 *   | { type: 'denied', id: string, name: string, input: unknown, reason?: string, parentId?: string }
 *   | { type: 'subagent-start', id: string, name: string }
 *   | { type: 'subagent-end', id: string }
 *   | { type: 'pause', approvals: AgentEvent[] }
 *   | { type: 'finish' }
 *   | { type: 'run-error', message: string, code?: string }
 * )} AgentEvent
 */

/** @typedef {{ emit(event: AgentEvent): void, end(): void, closed: boolean }} Sink */

/** How long a paused run waits for a decision before it is dropped. */
const DECISION_TIMEOUT_MS = 15 * 60_000;

const SIDE_EFFECTS = { run_command: ['process'], write_file: ['filesystem'] };

let counter = 0;
/** A provider-like call id: `call_` and 24 base-36 characters. */
export const newCallId = () => `call_${Date.now().toString(36)}${(counter++).toString(36)}${randomUUID().slice(0, 8)}`;

/** A reasoning part's id, as Cogitator makes them: `rsn_` and base-36 characters. */
export const newReasoningId = () =>
  `rsn_${Date.now().toString(36)}${(counter++).toString(36)}${randomUUID().slice(0, 6)}`;

export class Run {
  /**
   * @param {{ session: import('./sessions.mjs').Session, prompt: string, commandTimeoutMs: number,
   *   searchTimeoutMs?: number, children: Set<import('node:child_process').ChildProcess>, textDelayMs?: number }} options
   */
  constructor(options) {
    this.id = `run_${randomUUID()}`;
    this.threadId = `thread_${randomUUID()}`;
    this.messageId = `msg_${randomUUID()}`;
    this.session = options.session;
    this.prompt = options.prompt;
    this.commandTimeoutMs = options.commandTimeoutMs;
    this.searchTimeoutMs = options.searchTimeoutMs;
    this.children = options.children;
    this.textDelayMs = options.textDelayMs ?? 12;
    this.abort = new AbortController();
    /** @type {Sink | undefined} */
    this.sink = undefined;
    /** call id → { approval (the event shown), resolve, reject } */
    this.waiting = new Map();
    /** calls under way and not waiting, and texts being said: the run pauses only when this is 0 */
    this.busy = 0;
    this.settling = undefined;
    this.ended = false;
    this.decisionTimer = undefined;
  }

  /** @param {AgentEvent} event */
  emit(event) {
    if (this.sink && !this.sink.closed) this.sink.emit(event);
  }

  /** Ends the run: kills its commands, rejects pending approvals. */
  stop(reason) {
    if (this.ended) return;
    this.abort.abort(new Error(reason));
    for (const { reject } of this.waiting.values()) reject(new Error(reason));
    this.waiting.clear();
  }

  /** Streams text a few characters at a time, as a model would. */
  async say(text, parentId) {
    this.busy++;
    try {
      const pieces = text.match(/\s*\S+/g) ?? [text];
      for (const delta of pieces) {
        if (this.abort.signal.aborted) return;
        this.emit(parentId ? { type: 'text', delta, parentId } : { type: 'text', delta });
        if (this.textDelayMs) await new Promise((r) => setTimeout(r, this.textDelayMs));
      }
      this.emit(parentId ? { type: 'text', delta: '\n\n', parentId } : { type: 'text', delta: '\n\n' });
    } finally {
      this.busy--;
      this.settle();
    }
  }

  /**
   * Streams a stretch of reasoning (a segment: start, deltas, end), more slowly than text, as a model
   * thinks between its calls.
   */
  async think(text, parentId) {
    this.busy++;
    try {
      const base = parentId ? { id: newReasoningId(), parentId } : { id: newReasoningId() };
      this.emit({ type: 'reasoning-start', ...base });
      for (const delta of text.match(/\s*\S+/g) ?? [text]) {
        if (this.abort.signal.aborted) return;
        this.emit({ type: 'reasoning-delta', ...base, delta });
        if (this.textDelayMs) await new Promise((r) => setTimeout(r, this.textDelayMs * 4));
      }
      this.emit({ type: 'reasoning-end', ...base });
    } finally {
      this.busy--;
      this.settle();
    }
  }

  /**
   * Calls a tool: announces it, waits for approval when the tool needs it, runs it for real, reports
   * the outcome. Never throws: the outcome says what happened.
   * @returns {Promise<{ ok: true, result: unknown } | { ok: false, message: string, code?: string, denied?: boolean, reason?: string }>}
   */
  async call(name, input, parentId, id = newCallId()) {
    this.busy++;
    try {
      return await this.callTool(name, input, parentId, id);
    } finally {
      this.busy--;
      this.settle();
    }
  }

  async callTool(name, input, parentId, id) {
    const base = parentId ? { id, parentId } : { id };
    this.emit({ type: 'call', ...base, name, input });
    if (NEEDS_APPROVAL.has(name)) {
      let decision;
      try {
        decision = await this.requestApproval({
          type: 'approval',
          ...base,
          approvalId: `approval_${id.slice(5)}`,
          name,
          input,
          description: TOOL_DESCRIPTIONS[name] ?? name,
          sideEffects: SIDE_EFFECTS[name] ?? [],
        });
      } catch (error) {
        return { ok: false, message: error.message, code: 'TOOL_ABORTED' };
      }
      if (!decision.approved) {
        const reason = decision.reason || 'Denied by the user.';
        this.emit({ type: 'denied', ...base, name, input, reason });
        return { ok: false, denied: true, message: reason, reason: decision.reason };
      }
    }
    if (this.abort.signal.aborted) return { ok: false, message: 'The run was stopped.', code: 'TOOL_ABORTED' };
    const tool = tools[name];
    try {
      if (!tool) throw new ToolError(`Tool not found: ${name}`, 'TOOL_NOT_FOUND');
      const outcome = await tool(input, {
        root: await this.session.root(),
        signal: this.abort.signal,
        commandTimeoutMs: this.commandTimeoutMs,
        searchTimeoutMs: this.searchTimeoutMs,
        children: this.children,
        progress: (update) => this.emit({ type: 'progress', ...base, ...update }),
      });
      this.emit({ type: 'result', ...base, name, input, result: outcome.result, details: outcome.details });
      return { ok: true, result: outcome.result };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const code = error instanceof ToolError ? error.code : 'TOOL_EXECUTION_FAILED';
      this.emit({ type: 'error', ...base, name, input, message, code, details: error?.details });
      return { ok: false, message, code };
    }
  }

  /** Emits the approval and waits for its decision; the call counts as waiting, not busy, meanwhile. */
  requestApproval(approval) {
    return new Promise((resolve, reject) => {
      if (this.abort.signal.aborted) {
        reject(new Error('The run was stopped.'));
        return;
      }
      this.waiting.set(approval.id, { approval, resolve, reject });
      this.emit(approval);
      this.busy--;
      this.settle();
    }).finally(() => {
      this.busy++;
    });
  }

  /**
   * Pauses once the run is quiet: after the calls started in the same turn (a model step's calls start
   * together) have had their turn, nothing is under way and some call waits. Every waiting call has
   * been shown by then, so the pause lists exactly what waits.
   */
  settle() {
    if (this.settling) return;
    this.settling = setImmediate(() => {
      this.settling = undefined;
      if (this.busy === 0 && this.waiting.size > 0 && this.sink && !this.sink.closed) this.pause();
    });
  }

  /** Ends the response `paused`, listing every waiting approval, and starts the decision timer. */
  pause() {
    this.emit({ type: 'pause', approvals: [...this.waiting.values()].map((w) => w.approval) });
    this.sink?.end();
    this.sink = undefined;
    clearTimeout(this.decisionTimer);
    this.decisionTimer = setTimeout(() => this.stop('No decision came within 15 minutes.'), DECISION_TIMEOUT_MS);
    this.decisionTimer.unref?.();
  }

  /** Finds a waiting call by its call id or its approval id. */
  findWaiting(key) {
    if (this.waiting.has(key)) return key;
    for (const [id, entry] of this.waiting) if (entry.approval.approvalId === key) return id;
    return undefined;
  }

  /**
   * The waiting calls `decisions` (call id or approval id → decision) decide, or `undefined` when any
   * of them names no waiting call (or there are none): a resume decides exactly what was shown.
   * @param {Map<string, { approved: boolean, reason?: string }>} decisions
   * @returns {[string, { approved: boolean, reason?: string }][] | undefined}
   */
  match(decisions) {
    const resolved = [];
    for (const [key, decision] of decisions) {
      const id = this.findWaiting(key);
      if (!id) return undefined;
      resolved.push([id, decision]);
    }
    return resolved.length ? resolved : undefined;
  }

  /**
   * Takes the resume response and applies decisions `match` returned.
   * @param {Sink} sink
   * @param {[string, { approved: boolean, reason?: string }][]} resolved
   */
  resume(sink, resolved) {
    clearTimeout(this.decisionTimer);
    this.sink = sink;
    for (const [id, decision] of resolved) {
      const entry = this.waiting.get(id);
      this.waiting.delete(id);
      entry.resolve(decision);
    }
  }

  /** Runs `plan` and emits `finish` (or `run-error`) at the end. */
  async start(plan) {
    try {
      await plan(this);
      if (!this.abort.signal.aborted) this.emit({ type: 'finish' });
    } catch (error) {
      if (!this.abort.signal.aborted) {
        this.emit({
          type: 'run-error',
          message: error instanceof Error ? error.message : String(error),
          code: 'INTERNAL',
        });
      }
    } finally {
      this.ended = true;
      clearTimeout(this.decisionTimer);
      this.sink?.end();
      this.sink = undefined;
    }
  }
}

const TEST_COMMAND = 'node --test --test-reporter=spec';

/** The scenarios a person can pick; `match` reads the request. */
export const SCENARIOS = [
  {
    id: 'fix-failing-test',
    prompt: 'Fix the failing test',
    match: /\bfix\b|failing/i,
    plan: fixFailingTest,
  },
  { id: 'find-todos', prompt: 'Find the TODOs', match: /\btodos?\b/i, plan: findTodos },
  {
    id: 'rename',
    prompt: 'Rename formatPrice to formatMoney',
    match: /\brename\s+[\w$]+\s+(?:to|->|→)\s+[\w$]+/i,
    plan: rename,
  },
  { id: 'run-tests', prompt: 'Run the tests', match: /\b(run|start)\b.*\btests?\b|^tests?$/i, plan: runTests },
  { id: 'review', prompt: 'Review the project with a sub-agent', match: /review|sub-?agent|overview/i, plan: review },
  { id: 'write-notes', prompt: 'Write a NOTES.md', match: /\bwrite\b|\bnotes?\b/i, plan: writeNotes },
  { id: 'run-command', prompt: 'run ls -la', match: /^\s*(?:run|\$)\s+\S/i, plan: runGivenCommand },
  { id: 'read', prompt: 'read src/cart.mjs', match: /^\s*(?:read|cat|open)\s+\S/i, plan: readGivenFile },
];

/** The plan for a request: the first scenario whose pattern matches, else the help text. */
export function planFor(prompt) {
  const text = String(prompt ?? '');
  // "run <command>" and "read <path>" are literal; check them before the keyword scenarios
  const literal = SCENARIOS.filter((s) => s.id === 'run-command' || s.id === 'read').find((s) => s.match.test(text));
  if (literal && !/^\s*run\s+(the\s+)?tests?\s*$/i.test(text)) return literal.plan;
  return SCENARIOS.find((s) => s.match.test(text))?.plan ?? help;
}

async function help(run) {
  await run.say(
    'I am a scripted agent working on a scratch copy of a small shop project. Try "Fix the failing test", ' +
      '"Find the TODOs", "Rename formatPrice to formatMoney", "Run the tests", "Review the project with a ' +
      'sub-agent", "Write a NOTES.md", "run <command>" or "read <path>".',
  );
}

async function fixFailingTest(run) {
  await run.think(
    'The failing test is about discounts, so the bug is likely in applyDiscount. I need the test files and where applyDiscount is defined.',
  );
  await run.say("I'll find the tests and where the discount is computed.");
  const [found, hits] = await Promise.all([
    run.call('glob', { pattern: 'test/**/*.test.mjs' }),
    run.call('grep', { pattern: 'applyDiscount', path: '.' }),
  ]);
  if (!found.ok || !hits.ok) return run.say('I could not look through the project; see the failed step.');
  await run.think('applyDiscount is defined in src/discount.mjs and tested in test/discount.test.mjs. Read both.');
  await Promise.all([
    run.call('read_file', { path: 'src/discount.mjs' }),
    run.call('read_file', { path: 'test/discount.test.mjs' }),
  ]);
  await run.think(
    'The test expects 180 for 10% off 200 and gets 190: the code subtracts the percentage as an amount. Multiplying by (1 - percent / 100) fixes it.',
  );
  await run.say(
    '`applyDiscount` subtracts the percentage as if it were an amount: 10% off 200 gives 190 instead of 180. Fixing it.',
  );
  const edit = await run.call('edit_file', {
    path: 'src/discount.mjs',
    oldText: 'return roundCents(total - percent);',
    newText: 'return roundCents(total * (1 - percent / 100));',
  });
  if (!edit.ok) {
    return run.say(
      'The edit did not apply: the file no longer has that line (already fixed?). "Reset" gives a fresh copy.',
    );
  }
  await run.think('The edit applied. Only the test run can tell whether anything else relied on the old result.');
  await run.say('Now I run the tests to check the fix.');
  const tests = await run.call('run_command', { command: TEST_COMMAND });
  await reportTests(run, tests);
}

/** "you denied it", with the reason the person gave when there is one (the model reads it). */
function youDenied(outcome) {
  return outcome.reason ? `you denied it ("${outcome.reason}")` : 'you denied it';
}

async function reportTests(run, tests) {
  if (tests.ok) {
    const { exitCode } = /** @type {{ exitCode: number }} */ (tests.result);
    await run.say(exitCode === 0 ? 'All tests pass.' : `The tests still fail (exit code ${exitCode}); see the output.`);
  } else if (tests.denied) {
    await run.say(
      `You denied the test command${tests.reason ? ` ("${tests.reason}")` : ''}, so it did not run. The fix is in place; run \`node --test\` yourself to check.`,
    );
  } else {
    await run.say(`The test command did not finish: ${tests.message}`);
  }
}

async function findTodos(run) {
  await run.think('A TODO is a comment; one search over the whole project finds them all.');
  await run.say("I'll search the project for TODO comments.");
  const hits = await run.call('grep', { pattern: 'TODO', path: '.' });
  if (!hits.ok) return run.say('The search failed; see the step.');
  const matches = /** @type {{ file: string, line: number, text: string }[]} */ (hits.result);
  const files = [...new Set(matches.map((m) => m.file))];
  await run.think(`${matches.length} matches in ${files.length} files. Reading them gives each TODO its context.`);
  await Promise.all(files.map((path) => run.call('read_file', { path })));
  if (matches.length === 0) return run.say('There are no TODOs in the project.');
  await run.say(
    `${matches.length} TODO${matches.length === 1 ? '' : 's'}:\n${matches
      .map((m) => `- \`${m.file}:${m.line}\` ${m.text.replace(/^\/\/\s*TODO:?\s*/, '')}`)
      .join('\n')}`,
  );
}

async function rename(run) {
  const [, from, to] = /\brename\s+([\w$]+)\s+(?:to|->|→)\s+([\w$]+)/i.exec(run.prompt) ?? [];
  await run.think(`A rename must reach every use of ${from}: search first, then edit each file that has it.`);
  await run.say(`I'll find every use of \`${from}\` and rename it to \`${to}\`.`);
  const hits = await run.call('grep', { pattern: `\\b${from.replace(/\$/g, '\\$')}\\b`, path: '.' });
  if (!hits.ok) return run.say('The search failed; see the step.');
  const files = [...new Set(/** @type {{ file: string }[]} */ (hits.result).map((m) => m.file))];
  if (files.length === 0) return run.say(`Nothing in the project is called \`${from}\`.`);
  const edits = await Promise.all(files.map((path) => run.call('edit_file', { path, oldText: from, newText: to })));
  const changed = edits.filter((e) => e.ok).length;
  await run.say(`Renamed in ${changed} of ${files.length} files. Running the tests.`);
  await reportTests(run, await run.call('run_command', { command: TEST_COMMAND }));
}

async function runTests(run) {
  await run.think('The project uses node:test; `node --test` runs every test file.');
  await run.say('Running the test suite.');
  await reportTests(run, await run.call('run_command', { command: TEST_COMMAND }));
}

async function review(run) {
  await run.think('A review reads every source file; a sub-agent can do that and report back in a few lines.');
  await run.say("I'll hand the review to a sub-agent and summarize what it finds.");
  const task = newCallId();
  const input = {
    description: 'Review the shop project',
    prompt: 'Read the sources, count lines and TODOs, and report risks.',
  };
  run.emit({ type: 'call', id: task, name: 'task', input });
  run.emit({ type: 'subagent-start', id: task, name: 'reviewer' });
  await run.think('List src first, then read each file and count the lines.', task);
  await run.say('Looking at the sources.', task);
  const listing = await run.call('list_files', { path: 'src' }, task);
  const files = listing.ok ? /** @type {string[]} */ (listing.result).map((f) => `src/${f}`) : [];
  await Promise.all([
    ...files.map((path) => run.call('read_file', { path }, task)),
    run.call('count_lines', { path: '.' }, task),
  ]);
  const summary = `Read ${files.length} source files. applyDiscount subtracts a percentage as an amount (a real bug); two TODOs remain (coupons, sales tax).`;
  // the sub-agent's last words are its report: what the task call returns
  await run.say(summary, task);
  run.emit({ type: 'subagent-end', id: task });
  run.emit({ type: 'result', id: task, name: 'task', input, result: summary });
  await run.say(`The reviewer's verdict: ${summary}`);
}

async function writeNotes(run) {
  await run.think('The notes should say what the discount takes, how to test, and what is still open.');
  await run.say("I'll write a short NOTES.md for the project.");
  const content = `# Notes\n\n- \`applyDiscount\` takes a percentage (0-100).\n- Run \`node --test\` before a change.\n- Open: fixed-amount coupons, sales tax.\n`;
  const written = await run.call('write_file', { path: 'NOTES.md', content });
  await run.say(
    written.ok
      ? 'NOTES.md is written.'
      : written.denied
        ? `Not written: ${youDenied(written)}.`
        : `Not written: ${written.message}`,
  );
}

async function runGivenCommand(run) {
  const command = run.prompt.replace(/^\s*(?:run|\$)\s+/i, '').trim();
  const result = await run.call('run_command', { command });
  if (result.ok) {
    await run.say(`The command exited with code ${/** @type {{ exitCode: number }} */ (result.result).exitCode}.`);
  } else
    await run.say(
      result.denied ? `The command did not run: ${youDenied(result)}.` : `The command failed: ${result.message}`,
    );
}

async function readGivenFile(run) {
  const path = run.prompt.replace(/^\s*(?:read|cat|open)\s+/i, '').trim();
  const result = await run.call('read_file', { path });
  await run.say(result.ok ? `That is ${path}.` : `I could not read it: ${result.message}`);
}
