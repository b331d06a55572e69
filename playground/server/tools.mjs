// The agent's tools. Every one really runs against a scratch copy of the sample project, and every path
// a tool touches is checked to stay inside that copy (after resolving symlinks, dangling ones too), and
// every file is opened as itself (never through a symlink, never a file with a second name), so no call
// reads or writes anything else on this machine (files.mjs).
import { constants } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, realpath, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { runCommand } from './command.mjs';
import { confine, openAsItself, readAsItself, readableFiles, replaceText, ToolError } from './files.mjs';
import { searchOffThread } from './search.mjs';

export { commandEnv, KEEP_LINES } from './command.mjs';
export { confine, ToolError } from './files.mjs';

/** The sample project the scratch copies are made from. */
export const SAMPLE_PROJECT = resolve(import.meta.dirname, '..', 'sample-project');

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
