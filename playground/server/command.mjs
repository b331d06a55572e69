// run_command: a shell command in its own process group inside the scratch copy, with a safe
// environment, its output streamed as progress, and the whole group killed at the time limit.
import { spawn } from 'node:child_process';
import { ToolError } from './files.mjs';

/**
 * The server's environment variables a command sees: the ones a shell and node need, nothing else. The
 * server holds the model's API keys (and whatever else its terminal had); a command the person approves
 * must not be able to print them to the page and the model.
 */
const SAFE_ENV = /^(PATH|HOME|USER|LOGNAME|SHELL|LANG|LANGUAGE|LC_[A-Z]+|TZ|TERM|TMPDIR|TEMP|TMP)$/;

/** The environment of a command: the safe variables of `env` and the playground's own settings. */
export function commandEnv(env = process.env) {
  const safe = Object.fromEntries(Object.entries(env).filter(([name]) => SAFE_ENV.test(name)));
  return { ...safe, FORCE_COLOR: '1', NO_UPDATE_NOTIFIER: '1' };
}

/** How many output lines a command keeps for its result (the rest is counted, not kept). */
export const KEEP_LINES = 400;
const PROGRESS_EVERY_MS = 100;

/**
 * Runs a shell command in its own process group inside the project, streaming its output as progress
 * (at most one update per 100 ms, whatever the output rate), and kills the whole group when it
 * outlives `commandTimeoutMs` (`TOOL_TIMEOUT`) or the call is aborted.
 * @param {string} command
 * @param {import('./tools.mjs').ToolContext} ctx
 * @returns {Promise<import('./tools.mjs').ToolOutcome>}
 */
export function runCommand(command, ctx) {
  return new Promise((resolvePromise, reject) => {
    if (ctx.signal.aborted) {
      reject(new ToolError('The run was stopped before the command started.', 'TOOL_ABORTED'));
      return;
    }
    const child = spawn('/bin/sh', ['-c', command], {
      cwd: ctx.root,
      detached: true, // its own process group: killing -pid ends the shell and everything it started
      stdio: ['ignore', 'pipe', 'pipe'],
      env: commandEnv(),
    });
    ctx.children.add(child);
    /** the kept tail of each stream, and how many lines were dropped */
    const kept = { stdout: [], stderr: [] };
    const partial = { stdout: '', stderr: '' };
    let dropped = 0;
    let total = 0;
    let last = '';
    let timer;
    let ending;
    const killGroup = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const text = (name) =>
      kept[name].join('\n') + (partial[name] ? `${kept[name].length ? '\n' : ''}${partial[name]}` : '');
    const snapshot = () => {
      const out = {};
      const stdout = text('stdout');
      const stderr = text('stderr');
      if (stdout) out.stdout = dropped ? `… ${dropped} earlier lines not kept\n${stdout}` : stdout;
      if (stderr) out.stderr = stderr;
      return out;
    };
    let lastSent = 0;
    let pending;
    const flush = () => {
      pending = undefined;
      lastSent = Date.now();
      ctx.progress({ content: last, details: { ...snapshot() } });
    };
    const schedule = () => {
      if (pending) return;
      const wait = Math.max(0, PROGRESS_EVERY_MS - (Date.now() - lastSent));
      pending = setTimeout(flush, wait);
    };
    const onData = (name) => (chunk) => {
      const lines = (partial[name] + chunk.toString('utf8')).split('\n');
      partial[name] = lines.pop() ?? '';
      for (const line of lines) {
        total++;
        kept[name].push(line);
        if (line.trim()) last = line;
        if (kept[name].length > KEEP_LINES) {
          kept[name].shift();
          if (name === 'stdout') dropped++;
        }
      }
      schedule();
    };
    child.stdout.on('data', onData('stdout'));
    child.stderr.on('data', onData('stderr'));
    const finish = (fn) => {
      if (ending) return;
      ending = true;
      clearTimeout(timer);
      clearTimeout(pending);
      ctx.signal.removeEventListener('abort', onAbort);
      fn();
    };
    const onAbort = () => {
      killGroup();
      finish(() => reject(new ToolError('The run was stopped; the command was killed.', 'TOOL_ABORTED')));
    };
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    timer = setTimeout(() => {
      killGroup();
      finish(() => {
        const error = new ToolError(
          `Tool "run_command" timed out after ${ctx.commandTimeoutMs}ms; the command was killed.`,
          'TOOL_TIMEOUT',
        );
        const output = snapshot();
        if (Object.keys(output).length) error.details = output; // what it printed before it was killed
        reject(error);
      });
    }, ctx.commandTimeoutMs);
    child.on('error', (error) => {
      finish(() => reject(new ToolError(`The command could not start: ${error.message}`, 'TOOL_EXECUTION_FAILED')));
    });
    child.on('close', (code, signal) => {
      ctx.children.delete(child);
      killGroup(); // anything it left running in the background
      finish(() => {
        const out = snapshot();
        const exitCode = code ?? (signal ? 128 : 1);
        resolvePromise({
          result: { exitCode, lines: total, ...out },
          details: { ...out, exitCode },
        });
      });
    });
  });
}
