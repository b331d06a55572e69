/**
 * Answers that are no stream, said in words: no body (204), an HTML page (a proxy's
 * sign-in page, an error page; by its title), a JSON error body answered with 200. Used by `readStream`
 * and by `createToolStream` for HTTP errors.
 */
import type { ProtocolName } from './decoders/types';
import type { StepEvent } from './events';
import { MAX_FRAME_LENGTH } from './framer';
import { htmlTitle, looksLikeHtml } from './html';

/** The message of a JSON error body (`{ error: { message, code } }`, `{ error: '...' }`, `{ message }`). */
export function jsonErrorOf(text: string): { message: string; code?: string } | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const record = body as Record<string, unknown>;
  // A frame of some protocol has a `type`; an error answer does not (or says `"type": "error"` with no stream).
  if (typeof record.type === 'string' && record.type !== 'error') return undefined;
  const error = record.error;
  const inner = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : undefined;
  const message =
    typeof error === 'string'
      ? error
      : typeof inner?.message === 'string'
        ? inner.message
        : typeof record.message === 'string'
          ? record.message
          : typeof record.detail === 'string'
            ? record.detail
            : undefined;
  if (message === undefined || message === '') return undefined;
  const code = typeof inner?.code === 'string' ? inner.code : typeof inner?.type === 'string' ? inner.type : undefined;
  return code ? { message, code } : { message };
}

/** The `run-error` for an answer that is not a stream: an HTML page, or a JSON error body. */
export function foreignBodyEvent(text: string): StepEvent | undefined {
  if (looksLikeHtml(text)) {
    const title = htmlTitle(text);
    return {
      type: 'run-error',
      code: 'HTML_RESPONSE',
      message: `The server answered with an HTML page, not a stream${title ? ` ("${title}")` : ''}. Check the endpoint's URL; a sign-in page from a proxy looks like this.`,
    };
  }
  const error = jsonErrorOf(text);
  if (!error) return undefined;
  return error.code
    ? { type: 'run-error', message: error.message, code: error.code }
    : { type: 'run-error', message: error.message, code: 'ERROR_RESPONSE' };
}

function compactJson(text: string): string {
  try {
    return `${JSON.stringify(JSON.parse(text))}\n`;
  } catch {
    return text;
  }
}

export function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** How much of an HTML or JSON answer is read to say what it is. */
const FOREIGN_BODY_LIMIT = 256 * 1024;

/** Reads at most `limit` characters of a body, then cancels the rest. */
async function readHead(response: Response, limit: number, signal: AbortSignal | undefined): Promise<string> {
  const body = response.body;
  if (!body) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const cancel = () => {
    reader.cancel().catch(() => {});
  };
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    while (text.length < limit && !signal?.aborted) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      text += decoder.decode(value, { stream: true });
    }
    await reader.cancel().catch(() => {});
    return text;
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}

/** What `notAStream` found: an event that ends the read, or the body to read instead of the response. */
type Answer = { event: StepEvent } | { body: string | ReadableStream<Uint8Array> } | undefined;

/**
 * Reads chunks of a body into `chunks` until `enough` says so (given the text so far), the body ends,
 * or `limit` bytes were read. Releases the body (it is not cancelled: the caller may read on).
 */
async function readInto(
  body: ReadableStream<Uint8Array>,
  chunks: Uint8Array[],
  enough: ((text: string) => boolean) | undefined,
  limit: number,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  const reader = body.getReader();
  const cancel = () => {
    reader.cancel().catch(() => {});
  };
  signal?.addEventListener('abort', cancel, { once: true });
  let size = chunks.reduce((n, c) => n + c.length, 0);
  try {
    while (size < limit && !signal?.aborted) {
      const { done, value } = await reader.read();
      if (done) return true;
      chunks.push(value);
      size += value.length;
      if (enough?.(decodeAll(chunks))) return false;
    }
    return false;
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}

function decodeAll(chunks: readonly Uint8Array[]): string {
  const decoder = new TextDecoder();
  return chunks.map((c) => decoder.decode(c, { stream: true })).join('') + decoder.decode();
}

/** `chunks` already read, then the rest of `body`: one stream again (cancelling it cancels the body). */
function prepend(chunks: readonly Uint8Array[], body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let next = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next < chunks.length) {
        controller.enqueue(chunks[next++] as Uint8Array);
        return;
      }
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** The first line of a text has ended (after something that is not blank). */
const firstLineEnded = (text: string) => /\S[^\n]*\n/.test(text);

/** The statuses whose responses have no body (the Fetch standard's null body statuses). */
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

/**
 * An answer that is no stream, said in words: no body (204), an HTML page (a sign-in page from a
 * proxy, an error page), or a JSON error body with a 200. `undefined` for anything else, which is
 * read as a stream. An `application/json` body whose first line is JSON by itself is JSON lines, read
 * as they come; otherwise it is one document (over several lines), read whole and read as one frame.
 */
export async function notAStream(
  response: Response,
  protocol: 'auto' | ProtocolName,
  signal: AbortSignal | undefined,
): Promise<Answer> {
  const body = response.body;
  // A null-body status has no body whatever the fetch hands over: Chromium's 204 carries an empty stream.
  if (body === null || NULL_BODY_STATUSES.has(response.status)) {
    await body?.cancel().catch(() => {});
    return { event: { type: 'run-abort', code: 'no-body' } };
  }
  const stopped = { event: { type: 'run-abort', code: 'stopped' } } as const;
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  if (type.includes('text/html') || type.includes('application/xhtml')) {
    const text = await readHead(response, FOREIGN_BODY_LIMIT, signal);
    if (signal?.aborted) return stopped;
    return {
      event: foreignBodyEvent(looksLikeHtml(text) ? text : `<html>${text}`) ?? {
        type: 'run-error',
        code: 'HTML_RESPONSE',
        message: 'The server answered with an HTML page, not a stream.',
      },
    };
  }
  if (protocol !== 'auto' || !/^application\/(problem\+)?json\b/.test(type)) return undefined;
  const chunks: Uint8Array[] = [];
  let done = await readInto(body, chunks, firstLineEnded, MAX_FRAME_LENGTH, signal);
  if (signal?.aborted) return stopped;
  if (!done) {
    const first = /^\s*([^\n]*)/.exec(decodeAll(chunks))?.[1] ?? '';
    if (isJson(first.trim())) return { body: prepend(chunks, body) };
    done = await readInto(body, chunks, undefined, MAX_FRAME_LENGTH, signal);
    if (signal?.aborted) return stopped;
    if (!done) return { body: prepend(chunks, body) };
  }
  const text = decodeAll(chunks);
  const foreign = foreignBodyEvent(text);
  return foreign ? { event: foreign } : { body: compactJson(text) };
}
