// One session per browser tab: its own scratch copy of the sample project and at most one run.
import { makeScratchCopy, removeScratchCopy } from './tools.mjs';

export class Session {
  /** @param {string} id */
  constructor(id) {
    this.id = id;
    /** @type {Promise<string> | undefined} */
    this.copy = undefined;
    /** @type {import('./agent.mjs').Run | undefined} */
    this.run = undefined;
    this.lastUsed = Date.now();
  }

  /** The scratch copy's real path, made on first use. */
  root() {
    this.lastUsed = Date.now();
    this.copy ??= makeScratchCopy();
    return this.copy;
  }

  /** Stops the run and replaces the scratch copy with a fresh one. */
  async reset() {
    this.run?.stop('The project was reset.');
    this.run = undefined;
    const old = this.copy;
    this.copy = undefined;
    if (old) await removeScratchCopy(await old.catch(() => undefined));
    return this.root();
  }

  async dispose() {
    this.run?.stop('The server is stopping.');
    if (this.copy) await removeScratchCopy(await this.copy.catch(() => undefined));
    this.copy = undefined;
  }
}

/** Session ids a client may use: letters, digits, `-` and `_`, 1-64 characters. */
export const SESSION_ID = /^[\w-]{1,64}$/;
