// grep's and glob's matching off the server's thread (search-worker.mjs), with a time limit.
import { Worker } from 'node:worker_threads';
import { ToolError } from './files.mjs';

/** The most matches grep returns. */
const MAX_MATCHES = 500;

/**
 * Matches `pattern` against every line of `files` on a worker thread, and terminates it when it
 * outlives `ctx.searchTimeoutMs` (`TOOL_TIMEOUT`) or the call is aborted: a pattern that backtracks for
 * ever stops this call only, while the server goes on answering every other request.
 * @param {string} pattern a valid regular expression
 * @param {[string, string][]} files path and text of each file
 * @param {import('./tools.mjs').ToolContext} ctx
 * @param {{ shown?: string, limit?: number }} [options] the pattern as the model wrote it (a glob), for the
 *   message; the most matches to return (500)
 * @returns {Promise<{ file: string, line: number, text: string }[]>}
 */
export function searchOffThread(pattern, files, ctx, { shown = pattern, limit = MAX_MATCHES } = {}) {
  const timeoutMs = ctx.searchTimeoutMs ?? 10_000;
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(new URL('./search-worker.mjs', import.meta.url), {
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
