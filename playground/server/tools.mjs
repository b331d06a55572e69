// The agent's tools. Every one really runs against a scratch copy of the sample project, and every path
// a tool touches is checked to stay inside that copy (after resolving symlinks, dangling ones too), and
// every file is opened as itself (never through a symlink, never a file with a second name), so no call
// reads or writes anything else on this machine.
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { cp, lstat, mkdir, mkdtemp, open, readdir, readlink, realpath, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Worker } from 'node:worker_threads';
import { createTwoFilesPatch } from 'diff';

/** The sample project the scratch copies are made from. */
export const SAMPLE_PROJECT = resolve(import.meta.dirname, '..', 'sample-project');

/** A tool failure with a code, shown in the step (`errorCode` / `code` on the wire). */
export class ToolError extends Error {
  /**
   * @param {string} message
   * @param {string} code
   */
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}

/** Makes a fresh scratch copy of the sample project in a temporary folder; returns its real path. */
export async function makeScratchCopy() {
  const dir = await mkdtemp(join(tmpdir(), 'tool-steps-play-'));
  await cp(SAMPLE_PROJECT, dir, { recursive: true });
  return realpath(dir);
}

/** Removes a scratch copy (only folders this module made). */
export async function removeScratchCopy(dir) {
  if (!dir?.includes('tool-steps-play-')) return;
  await rm(dir, { recursive: true, force: true });
}

/** How many symlinks `confine` follows before it gives up (the kernel's own limit). */
const MAX_LINKS = 40;

/**
 * Resolves a path the model gave against the project root and checks that it stays inside: the
 * nearest existing ancestor is resolved with `realpath`, so a symlink inside the copy that points out
 * of it is refused as well as `../..` and absolute paths; a dangling symlink on the way is followed to
 * where it points (writing through it would create that file), and checked the same way.
 * @param {string} root the scratch copy's real path
 * @param {unknown} path
 * @returns {Promise<string>} the absolute path
 */
export async function confine(root, path) {
  if (typeof path !== 'string' || path === '') throw new ToolError('A path is required.', 'TOOL_INVALID_ARGS');
  if (path.includes('\0')) throw new ToolError('The path contains a NUL character.', 'TOOL_INVALID_ARGS');
  const outside = (p) => p !== root && !p.startsWith(root + sep);
  const refuse = () =>
    new ToolError(`"${path}" is outside the project; tools may only touch files inside it.`, 'PATH_OUTSIDE_PROJECT');
  let target = resolve(root, path);
  for (let links = 0; links <= MAX_LINKS; links++) {
    if (outside(target)) throw refuse();
    // the nearest existing ancestor, resolved: a symlink anywhere on the way is followed and checked
    let existing = target;
    let rest = '';
    let dangling;
    for (;;) {
      const real = await realpath(existing).catch(() => undefined);
      if (real !== undefined) {
        if (outside(real)) throw refuse();
        return rest ? join(real, rest) : real;
      }
      if ((await lstat(existing).catch(() => undefined))?.isSymbolicLink()) {
        dangling = resolve(dirname(existing), await readlink(existing));
        break;
      }
      if (existing === root) throw refuse();
      rest = rest ? join(basename(existing), rest) : basename(existing);
      existing = dirname(existing);
    }
    target = rest ? join(dangling, rest) : dangling;
  }
  throw refuse();
}

/**
 * Opens a file that `confine` let through, as itself: never through a symlink (`O_NOFOLLOW`, in case
 * one appeared since), a regular file, and one with a single name. A hard link's other names can be
 * anywhere on the file system, and nothing in the copy says where, so a file with two is refused.
 * @param {string} file the confined absolute path
 * @param {string} shown the path as the model gave it, for messages
 * @param {number} flags `fs.constants` open flags
 * @returns {Promise<import('node:fs/promises').FileHandle>}
 */
async function openAsItself(file, shown, flags) {
  let handle;
  try {
    handle = await open(file, flags | constants.O_NOFOLLOW);
  } catch (error) {
    if (error.code === 'ENOENT') throw new ToolError(`No file "${shown}" in the project.`, 'FILE_NOT_FOUND');
    if (error.code === 'EISDIR') throw new ToolError(`"${shown}" is a folder; use list_files.`, 'NOT_A_FILE');
    if (error.code === 'ELOOP') {
      throw new ToolError(
        `"${shown}" is a symbolic link; tools open files only as themselves.`,
        'PATH_OUTSIDE_PROJECT',
      );
    }
    throw error;
  }
  const info = await handle.stat();
  if (!info.isFile() || info.nlink > 1) {
    await handle.close();
    throw info.isFile()
      ? new ToolError(
          `"${shown}" is a hard link (${info.nlink} names): its other names may be outside the project, so tools do not open it.`,
          'PATH_OUTSIDE_PROJECT',
        )
      : new ToolError(`"${shown}" is a folder; use list_files.`, 'NOT_A_FILE');
  }
  return handle;
}

/** The text of a confined file, opened as itself. */
async function readAsItself(file, shown) {
  const handle = await openAsItself(file, shown, constants.O_RDONLY);
  try {
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/** Replaces a file's text through a handle `openAsItself` gave (the same file that was checked). */
async function replaceText(handle, text) {
  await handle.truncate(0);
  await handle.write(text, 0, 'utf8');
}

/** The text of each project file of a walk that may be opened; the others (hard links) are skipped. */
async function* readableFiles(root, files) {
  for (const file of files) {
    const text = await readAsItself(join(root, file), file).catch((error) => {
      if (error instanceof ToolError) return undefined;
      throw error;
    });
    if (text !== undefined) yield [file, text];
  }
}

const rel = (root, abs) => relative(root, abs).split(sep).join('/') || '.';

const IGNORED_DIRS = new Set(['node_modules', '.git']);

/** Every file under `dir` (relative, `/`-separated), skipping node_modules and .git; symlinks are not followed. */
async function walk(root, dir, out = []) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const abs = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!IGNORED_DIRS.has(entry.name)) await walk(root, abs, out);
    } else if (entry.isFile()) out.push(rel(root, abs));
    if (out.length > 5000) break;
  }
  return out;
}

/** A glob pattern (`*`, `**`, `?`, `{a,b}`) as a regular expression over `/`-separated paths. */
export function globToRegExp(pattern) {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*') {
      if (pattern[i + 1] === '*') {
        i++;
        if (pattern[i + 1] === '/') {
          i++;
          source += '(?:.*/)?';
        } else source += '.*';
      } else source += '[^/]*';
    } else if (c === '?') source += '[^/]';
    else if (c === '{') {
      const end = pattern.indexOf('}', i);
      if (end === -1) source += '\\{';
      else {
        source += `(?:${pattern
          .slice(i + 1, end)
          .split(',')
          .map((s) => s.replace(/[.+^$()|[\]\\]/g, '\\$&'))
          .join('|')})`;
        i = end;
      }
    } else source += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** The longest text a tool returns to the model; the rest is cut with a note. */
const MAX_TEXT = 64 * 1024;
const cut = (text) =>
  text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}\n… (${text.length - MAX_TEXT} more characters)` : text;

/**
 * @typedef {object} ToolContext
 * @property {string} root the scratch copy
 * @property {AbortSignal} signal aborts the call (the client left, the run was replaced)
 * @property {(update: { content?: unknown, details?: unknown }) => void} progress
 * @property {number} commandTimeoutMs
 * @property {number} [searchTimeoutMs] how long grep's matching may take (default 10 s)
 * @property {Set<import('node:child_process').ChildProcess>} children every running child, for the server's cleanup
 */

/**
 * @typedef {object} ToolOutcome
 * @property {unknown} result what the model reads
 * @property {unknown} [details] what people see (diff, terminal output)
 */

/** The tools by name. Each takes its arguments and a context, and returns `{ result, details? }` or throws. */
export const tools = {
  /** @param {{ path: string }} input @param {ToolContext} ctx */
  async read_file(input, ctx) {
    const file = await confine(ctx.root, input?.path);
    const text = await readAsItself(file, input.path);
    return { result: cut(text), details: { kind: 'code', code: cut(text), path: rel(ctx.root, file) } };
  },

  /** @param {{ path?: string }} input @param {ToolContext} ctx */
  async list_files(input, ctx) {
    const dir = await confine(ctx.root, input?.path || '.');
    const files = (await walk(dir, dir)).sort();
    return { result: files };
  },

  /** @param {{ pattern: string }} input @param {ToolContext} ctx */
  async glob(input, ctx) {
    if (typeof input?.pattern !== 'string' || !input.pattern)
      throw new ToolError('A pattern is required.', 'TOOL_INVALID_ARGS');
    if (isAbsolute(input.pattern) || input.pattern.split('/').includes('..'))
      throw new ToolError(`"${input.pattern}" reaches outside the project.`, 'PATH_OUTSIDE_PROJECT');
    const paths = await walk(ctx.root, ctx.root);
    // `*a*a*…*b` backtracks for ever on a long name, like a grep pattern: matched off the thread too
    const matches = await searchOffThread(
      globToRegExp(input.pattern).source,
      paths.map((f) => [f, f]),
      ctx,
      {
        shown: input.pattern,
        limit: paths.length,
      },
    );
    return { result: matches.map((m) => m.file).sort() };
  },

  /** @param {{ pattern: string, path?: string }} input @param {ToolContext} ctx */
  async grep(input, ctx) {
    if (typeof input?.pattern !== 'string' || !input.pattern)
      throw new ToolError('A pattern is required.', 'TOOL_INVALID_ARGS');
    try {
      new RegExp(input.pattern); // compiling is quick; matching runs off the thread
    } catch (error) {
      throw new ToolError(
        `"${input.pattern}" is not a valid regular expression: ${error.message}`,
        'TOOL_INVALID_ARGS',
      );
    }
    const base = await confine(ctx.root, input.path || '.');
    const files = (await stat(base)).isFile() ? [rel(ctx.root, base)] : (await walk(ctx.root, base)).sort();
    const texts = [];
    for await (const entry of readableFiles(ctx.root, files)) texts.push(entry);
    const matches = await searchOffThread(input.pattern, texts, ctx);
    return { result: matches };
  },

  /** @param {{ path: string, oldText: string, newText: string }} input @param {ToolContext} ctx */
  async edit_file(input, ctx) {
    const file = await confine(ctx.root, input?.path);
    if (typeof input.oldText !== 'string' || typeof input.newText !== 'string')
      throw new ToolError('oldText and newText are required.', 'TOOL_INVALID_ARGS');
    const handle = await openAsItself(file, input.path, constants.O_RDWR);
    let before;
    let after;
    let count;
    try {
      before = await handle.readFile('utf8');
      count = before.split(input.oldText).length - 1;
      if (count === 0) throw new ToolError(`The text to replace was not found in ${input.path}.`, 'EDIT_NO_MATCH');
      after = before.split(input.oldText).join(input.newText);
      await replaceText(handle, after);
    } finally {
      await handle.close();
    }
    const path = rel(ctx.root, file);
    const diff = createTwoFilesPatch(`a/${path}`, `b/${path}`, before, after, undefined, undefined, { context: 3 });
    return { result: { path, replacements: count, diff }, details: { kind: 'diff', diff } };
  },

  /** @param {{ path: string, content: string }} input @param {ToolContext} ctx */
  async write_file(input, ctx) {
    const file = await confine(ctx.root, input?.path);
    if (typeof input.content !== 'string') throw new ToolError('content is required.', 'TOOL_INVALID_ARGS');
    await mkdir(dirname(file), { recursive: true });
    const handle = await openAsItself(file, input.path, constants.O_RDWR | constants.O_CREAT);
    let before;
    try {
      before = await handle.readFile('utf8');
      await replaceText(handle, input.content);
    } finally {
      await handle.close();
    }
    const path = rel(ctx.root, file);
    const diff = createTwoFilesPatch(before ? `a/${path}` : '/dev/null', `b/${path}`, before, input.content);
    return { result: { path, bytes: Buffer.byteLength(input.content), diff }, details: { kind: 'diff', diff } };
  },

  /** @param {{ command: string }} input @param {ToolContext} ctx */
  run_command(input, ctx) {
    if (typeof input?.command !== 'string' || !input.command.trim())
      throw new ToolError('A command is required.', 'TOOL_INVALID_ARGS');
    return runCommand(input.command, ctx);
  },

  /**
   * The tool the kit has no built-in presentation for: lines of code, comments and TODOs per file.
   * @param {{ path?: string }} input @param {ToolContext} ctx
   */
  async count_lines(input, ctx) {
    const base = await confine(ctx.root, input?.path || '.');
    const files = (await stat(base)).isFile() ? [rel(ctx.root, base)] : await walk(ctx.root, base);
    const rows = [];
    for await (const [file, text] of readableFiles(
      ctx.root,
      files.filter((f) => /\.(m?js|ts|json|md)$/.test(f)).sort(),
    )) {
      const lines = text.split('\n');
      rows.push({
        file,
        lines: lines.length,
        comments: lines.filter((l) => /^\s*(\/\/|\*|\/\*)/.test(l)).length,
        todos: lines.filter((l) => l.includes('TODO')).length,
      });
    }
    return { result: rows };
  },
};

/** The most matches grep returns. */
const MAX_MATCHES = 500;

/**
 * Matches `pattern` against every line of `files` on a worker thread, and terminates it when it
 * outlives `ctx.searchTimeoutMs` (`TOOL_TIMEOUT`) or the call is aborted: a pattern that backtracks for
 * ever stops this call only, while the server goes on answering every other request.
 * @param {string} pattern a valid regular expression
 * @param {[string, string][]} files path and text of each file
 * @param {ToolContext} ctx
 * @param {{ shown?: string, limit?: number }} [options] the pattern as the model wrote it (a glob), for the
 *   message; the most matches to return (500)
 * @returns {Promise<{ file: string, line: number, text: string }[]>}
 */
function searchOffThread(pattern, files, ctx, { shown = pattern, limit = MAX_MATCHES } = {}) {
  const timeoutMs = ctx.searchTimeoutMs ?? 10_000;
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(new URL('./grep-worker.mjs', import.meta.url), {
      workerData: { pattern, files, limit },
    });
    let done = false;
    const finish = (fn) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      ctx.signal.removeEventListener('abort', onAbort);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            new ToolError(
              `The search for "${shown}" took longer than ${timeoutMs} ms and was stopped: the pattern backtracks too much on these lines (a nested repetition such as (.*)* can run for ever). Try a simpler pattern.`,
              'TOOL_TIMEOUT',
            ),
          ),
        ),
      timeoutMs,
    );
    const onAbort = () =>
      finish(() => reject(new ToolError('The run was stopped; the search was ended.', 'TOOL_ABORTED')));
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (matches) => finish(() => resolvePromise(matches)));
    worker.once('error', (error) =>
      finish(() => reject(new ToolError(`The search failed: ${error.message}`, 'TOOL_EXECUTION_FAILED'))),
    );
    worker.once('exit', (code) =>
      finish(() =>
        reject(new ToolError(`The search ended without an answer (exit code ${code}).`, 'TOOL_EXECUTION_FAILED')),
      ),
    );
  });
}

/** Tools that change things: they wait for a person's approval. */
export const NEEDS_APPROVAL = new Set(['run_command', 'write_file']);

/** What a tool does, for approval cards and for a model. */
export const TOOL_DESCRIPTIONS = {
  read_file: 'Reads a file of the project.',
  list_files: 'Lists the files under a folder of the project.',
  glob: 'Finds files whose path matches a glob pattern.',
  grep: 'Searches the project files for a regular expression.',
  edit_file: 'Replaces text in a file of the project.',
  write_file: 'Writes a whole file in the project (creates or replaces it).',
  run_command: 'Runs a shell command in the project folder.',
  count_lines: 'Counts lines, comment lines and TODOs per source file.',
};

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
 * @param {ToolContext} ctx
 * @returns {Promise<ToolOutcome>}
 */
function runCommand(command, ctx) {
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
