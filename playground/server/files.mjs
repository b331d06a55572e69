// Paths and files the tools may touch: confinement to the scratch copy by the path (lexically, then
// through `realpath`, dangling symlinks followed) and by the opened file itself (`O_NOFOLLOW`, one name
// only), and the error every tool fails with.
import { constants } from 'node:fs';
import { lstat, open, readlink, realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';

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
export async function openAsItself(file, shown, flags) {
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
export async function readAsItself(file, shown) {
  const handle = await openAsItself(file, shown, constants.O_RDONLY);
  try {
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/** Replaces a file's text through a handle `openAsItself` gave (the same file that was checked). */
export async function replaceText(handle, text) {
  await handle.truncate(0);
  await handle.write(text, 0, 'utf8');
}

/** The text of each project file of a walk that may be opened; the others (hard links) are skipped. */
export async function* readableFiles(root, files) {
  for (const file of files) {
    const text = await readAsItself(join(root, file), file).catch((error) => {
      if (error instanceof ToolError) return undefined;
      throw error;
    });
    if (text !== undefined) yield [file, text];
  }
}
