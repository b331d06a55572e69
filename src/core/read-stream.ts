/**
 * Bytes → frames → events. A source (a `Response`, a byte stream, an async iterable of text or a
 * whole string) is cut into frames (SSE with eventsource-parser, or JSONL by line), each frame is
 * decoded by the stream's protocol decoder, and the events come out in one batch per chunk read.
 */
import { createParser, type EventSourceParser } from 'eventsource-parser';
import { decoderFor, isProtocolName, unknownProtocolMessage } from './decoders';
import { candidateProtocols, detectProtocol, unrecognizedStreamEvent } from './decoders/detect';
import { append, closedEarly, type ProtocolName, type StepDecoder } from './decoders/types';
import type { StepEvent } from './events';
import { reduceSteps } from './reduce';
import { emptyStepsState, type StepsState } from './step';

/** What `readStream` reads. */
export type StreamSource =
  | Response
  | ReadableStream<Uint8Array>
  | ReadableStream<string>
  | AsyncIterable<string | Uint8Array>
  | Iterable<string>
  | string;

/** How frames are cut out of the text. */
export type Framing = 'auto' | 'sse' | 'jsonl';

/** Options of `readStream` and `stepsFromText`. */
export interface ReadStreamOptions {
  /**
   * The wire format; `'auto'` detects it from the response headers or the first frame.
   * @default 'auto'
   */
  protocol?: 'auto' | ProtocolName;
  /**
   * How the text is cut into frames; `'auto'` uses the content type, else the first characters.
   * @default 'auto'
   */
  framing?: Framing;
  /** Stops reading (and cancels the body) when aborted. */
  signal?: AbortSignal;
}

/** Larger single frames (an SSE event, a JSONL line) are dropped with a diagnostic instead of filling memory. */
const MAX_FRAME_LENGTH = 32 * 1024 * 1024;

/** How much of an oversized frame is kept to tell which step it was about. */
const HEAD_LENGTH = 4096;

/** The index just after the first blank line of `text` (an event's end), or -1. */
function blankLineEnd(text: string, afterBreak: boolean): number {
  if (afterBreak && /^(\r\n|\r|\n)/.test(text)) return text.match(/^(\r\n|\r|\n)/)?.[0].length ?? -1;
  const match = /(\r\n|\r|\n)(\r\n|\r|\n)/.exec(text);
  return match ? match.index + match[0].length : -1;
}

/** The index just after the last blank line of `text`, or -1. */
function lastBlankLineEnd(text: string, afterBreak: boolean): number {
  let end = -1;
  for (let i = text.indexOf('\n\n'); i !== -1; i = text.indexOf('\n\n', i + 1)) end = i + 2;
  if (end === -1 && text.includes('\r')) {
    const all = [...text.matchAll(/(\r\n|\r|\n)(\r\n|\r|\n)/g)].at(-1);
    if (all) end = all.index + all[0].length;
  }
  if (end === -1 && afterBreak && /^(\r\n|\r|\n)/.test(text)) end = text.match(/^(\r\n|\r|\n)/)?.[0].length ?? -1;
  return end;
}

const SSE_FIELDS = ['data', 'event', 'id', 'retry'];
/** Frames that name no protocol before the reader gives up guessing. */
const MAX_UNDECIDED_FRAMES = 20;

/** Cuts text into frames. SSE `event:`/`id:` lines and comments (`: keep-alive`) are read and ignored. */
class Framer {
  private framing: 'sse' | 'jsonl' | undefined;
  /** Text seen before the framing is known (a few characters at most). */
  private pending = '';
  private lineParts: string[] = [];
  private lineLength = 0;
  /** The current JSONL line went over the limit: everything up to its newline is dropped. */
  private skippingLine = false;
  private sse: EventSourceParser | undefined;
  /** The SSE event being read went over the limit: everything up to the next blank line is dropped. */
  private skippingEvent = false;
  /** The previous SSE text ended with a line break (a blank line may start in the next chunk). */
  private endedWithBreak = false;
  /** The SSE text since the last blank line has content: the stream is inside an event. */
  private inEvent = false;
  /** The first characters of the SSE event being read (it may go over the limit before its end). */
  private eventHead = '';
  /** The SSE chunk being fed, and whether an event was dispatched from it. */
  private chunk = '';
  private dispatched = false;

  constructor(
    framing: Framing,
    private readonly onFrame: (frame: string) => void,
    private readonly onProblem: (reason: string) => void,
    /** A frame over the size limit was dropped; `head` is its beginning (to tell which step it was about). */
    private readonly onOversized: (head: string) => void,
  ) {
    if (framing !== 'auto') this.framing = framing;
  }

  feed(text: string): void {
    if (!this.framing) {
      // A capture read as UTF-8 text may keep its byte order mark; it is not part of the first frame.
      this.pending = (this.pending + text).replace(/^\uFEFF/, '');
      const start = this.pending.trimStart();
      if (start === '') return;
      // "d", "da", "dat", "ev"…: too short to tell SSE from JSONL yet.
      if (!/[\r\n:]/.test(start) && SSE_FIELDS.some((field) => field.startsWith(start))) return;
      this.framing =
        /^(data|event|id|retry)?:/.test(start) || /^(data|event|id|retry)\s*$/.test(start) ? 'sse' : 'jsonl';
      text = this.pending;
      this.pending = '';
    }
    if (this.framing === 'sse') this.feedEvents(text);
    else this.feedLines(text);
  }

  /** The stream ended. Returns `true` when it ended inside a frame (cut mid-frame). */
  end(): boolean {
    if (this.framing === 'sse') {
      const cut = this.inEvent && !this.skippingEvent;
      // An event the stream cut before its blank line is still dispatched: if it is whole it counts,
      // if it is cut the decoder reports it (the SSE spec would drop it without a word).
      if (!this.skippingEvent) this.parser().feed('\n\n');
      return cut;
    }
    if (this.framing) {
      const rest = this.lineParts.join('');
      this.lineParts = [];
      this.lineLength = 0;
      const cut = rest.trim() !== '' && !this.skippingLine;
      if (cut) this.frame(rest);
      return cut;
    }
    const rest = this.pending;
    this.pending = '';
    if (rest.trim() === '') return false;
    this.onProblem(`the stream ended before a whole frame: ${rest.trim().slice(0, 80)}`);
    return true;
  }

  /** A whole frame: passed on, unless it is over the size limit (read in one chunk, so never buffered). */
  private frame(frame: string): void {
    if (frame.length > MAX_FRAME_LENGTH) this.onOversized(frame.slice(0, HEAD_LENGTH));
    else this.onFrame(frame);
  }

  /**
   * SSE text into the parser. After an event went over the limit, its remaining lines are skipped up to
   * the blank line that ends it (fed to the parser they would read as stray fields). Keeps track of
   * whether the text so far ends inside an event, and of the event's first characters.
   */
  private feedEvents(text: string): void {
    if (this.skippingEvent) {
      const end = blankLineEnd(text, this.endedWithBreak);
      this.endedWithBreak = /[\r\n]$/.test(text);
      if (end === -1) return;
      this.skippingEvent = false;
      this.inEvent = false;
      this.eventHead = '';
      text = text.slice(end);
      if (text === '') return;
    }
    this.chunk = text;
    this.dispatched = false;
    this.parser().feed(text);
    if (this.skippingEvent) {
      this.endedWithBreak = /[\r\n]$/.test(text);
      return;
    }
    const last = lastBlankLineEnd(text, this.endedWithBreak);
    if (last === -1) {
      if (this.eventHead.length < HEAD_LENGTH) this.eventHead += text.slice(0, HEAD_LENGTH - this.eventHead.length);
      this.inEvent ||= /\S/.test(text);
    } else {
      const rest = text.slice(last);
      this.eventHead = rest.slice(0, HEAD_LENGTH);
      this.inEvent = /\S/.test(rest);
    }
    this.endedWithBreak = /[\r\n]$/.test(text);
  }

  /**
   * JSONL: the pieces of the current line are kept apart and joined once its newline arrives, so a
   * long line fed in many chunks costs its length, not its length times the number of chunks.
   */
  private feedLines(text: string): void {
    let start = 0;
    for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
      const piece = text.slice(start, newline);
      const line = this.lineParts.length > 0 ? this.lineParts.join('') + piece : piece;
      this.lineParts = [];
      this.lineLength = 0;
      start = newline + 1;
      if (this.skippingLine) {
        this.skippingLine = false;
        continue;
      }
      const frame = line.endsWith('\r') ? line.slice(0, -1) : line;
      if (frame.trim() !== '') this.frame(frame);
    }
    if (start >= text.length || this.skippingLine) return;
    const rest = start === 0 ? text : text.slice(start);
    this.lineParts.push(rest);
    this.lineLength += rest.length;
    if (this.lineLength > MAX_FRAME_LENGTH) {
      this.onOversized(this.lineParts.join('').slice(0, HEAD_LENGTH));
      this.lineParts = [];
      this.lineLength = 0;
      this.skippingLine = true;
    }
  }

  private parser(): EventSourceParser {
    if (!this.sse) {
      this.sse = createParser({
        maxBufferSize: MAX_FRAME_LENGTH,
        onEvent: (event) => {
          this.dispatched = true;
          this.frame(event.data);
        },
        onError: (error) => {
          if (error.type === 'max-buffer-size-exceeded') {
            // The event began after the last blank line of this chunk, or before this chunk.
            const last = this.dispatched ? lastBlankLineEnd(this.chunk, this.endedWithBreak) : -1;
            const head =
              last === -1
                ? this.eventHead + this.chunk.slice(0, HEAD_LENGTH)
                : this.chunk.slice(last, last + HEAD_LENGTH);
            this.onOversized(head.slice(0, HEAD_LENGTH));
            this.sse?.reset();
            this.skippingEvent = true;
          } else if (error.type === 'unknown-field') {
            this.onProblem(`a line that is not an SSE field: ${String(error.line ?? error.field).slice(0, 80)}`);
          }
        },
      });
    }
    return this.sse;
  }
}

/**
 * A whole stream's decoding: framing, protocol detection (buffering frames until a frame says which
 * protocol it is), decoding. Push text, take events.
 */
class StreamDecoder {
  private decoder: StepDecoder | undefined;
  private waiting: string[] = [];
  /** No decoder reads this stream: its frames are skipped. */
  private unrecognized = false;
  private out: StepEvent[] = [];
  private readonly framer: Framer;

  constructor(protocol: 'auto' | ProtocolName, framing: Framing) {
    if (protocol !== 'auto') {
      if (isProtocolName(protocol)) {
        this.decoder = decoderFor(protocol);
      } else {
        this.out.push(unknownProtocolEvent(protocol));
        this.unrecognized = true;
      }
    }
    this.framer = new Framer(
      framing,
      (frame) => this.frame(frame),
      (reason) => this.diagnose(reason),
      (head) => this.oversized(head),
    );
  }

  push(text: string): StepEvent[] {
    this.framer.feed(text);
    return this.take();
  }

  end(): StepEvent[] {
    const cut = this.framer.end();
    if (!this.decoder && !this.unrecognized) this.settleUndecided();
    if (this.decoder) {
      const last = this.decoder.end();
      // The decoder knows the run did not finish; the framer knows why: the stream stopped inside a frame.
      for (const event of last) {
        this.out.push(event.type === 'run-abort' && cut ? { ...event, reason: CUT_MID_FRAME } : event);
      }
    }
    return this.take();
  }

  private diagnose(reason: string): void {
    this.out.push({ type: 'diagnostic', reason, ...(this.decoder ? { protocol: this.decoder.protocol } : {}) });
  }

  /**
   * A frame over the size limit: dropped, and when its beginning names a step (a result too large to
   * read), that step fails with the reason, instead of waiting for a result that will never come.
   */
  private oversized(head: string): void {
    const reason = `a frame larger than ${MAX_FRAME_LENGTH} characters (${MAX_FRAME_LENGTH / 1024 / 1024} MiB); dropped`;
    this.diagnose(reason);
    const id = stepIdOf(head);
    if (id === undefined || this.unrecognized) return;
    this.out.push({
      type: 'step-error',
      id,
      code: 'FRAME_TOO_LARGE',
      message: `Its result was larger than ${MAX_FRAME_LENGTH / 1024 / 1024} MiB, the most one frame may carry, and was not read.`,
    });
  }

  private frame(frame: string): void {
    if (this.decoder) {
      append(this.out, this.decoder.push(frame));
      return;
    }
    if (this.unrecognized) return;
    this.waiting.push(frame);
    const detected = detectProtocol(frame);
    if (detected) this.settle(detected);
    else if (this.waiting.length >= MAX_UNDECIDED_FRAMES) this.settleUndecided();
  }

  /**
   * No frame named the protocol: an ambiguous frame's first candidate is the best guess; with none,
   * the stream is nobody's, and the run ends with an error quoting what was seen.
   */
  private settleUndecided(): void {
    const foreign = this.waiting.length > 0 ? foreignBodyEvent(this.waiting.join('\n')) : undefined;
    if (foreign) {
      // Not a stream at all: a web page (a login page from a proxy) or a JSON error answered with 200.
      this.out.push(foreign);
      this.unrecognized = true;
      this.waiting = [];
      return;
    }
    const last = this.waiting.at(-1);
    if (this.waiting.length === 1 && last !== undefined && candidateProtocols(last).length === 0 && !isJson(last)) {
      // One frame that is not even JSON: a stream cut inside its first frame, not a foreign protocol.
      this.out.push({ type: 'diagnostic', reason: `a frame that is not JSON: ${last.trim().slice(0, 80)}` });
      this.waiting = [];
    }
    if (this.waiting.length === 0) {
      this.out.push(closedEarly(false));
      this.unrecognized = true;
      return;
    }
    for (const frame of this.waiting) {
      const candidates = candidateProtocols(frame);
      if (candidates.length > 0) {
        this.settle(candidates[0] as ProtocolName);
        return;
      }
    }
    this.out.push(unrecognizedStreamEvent(this.waiting));
    this.unrecognized = true;
    this.waiting = [];
  }

  private settle(protocol: ProtocolName): void {
    this.decoder = decoderFor(protocol);
    const waiting = this.waiting;
    this.waiting = [];
    for (const frame of waiting) append(this.out, this.decoder.push(frame));
  }

  private take(): StepEvent[] {
    const out = this.out;
    this.out = [];
    return out;
  }
}

const CUT_MID_FRAME = 'The stream closed in the middle of a frame, before the run finished.';

const STEP_ID_KEYS = /"(?:toolCallId|callId)"\s*:\s*"((?:[^"\\]|\\.){1,256})"/;
const STEP_TYPE_ID = /"type"\s*:\s*"(?:step-[a-z-]+|tool-call-[a-z]+)"[\s\S]*?"id"\s*:\s*"((?:[^"\\]|\\.){1,256})"/;

/** The step a frame is about, read from its first characters (the frame itself is too large to parse). */
function stepIdOf(head: string): string | undefined {
  const match = STEP_ID_KEYS.exec(head) ?? STEP_TYPE_ID.exec(head);
  if (!match) return undefined;
  try {
    const id = JSON.parse(`"${match[1]}"`) as string;
    return id === '' ? undefined : id;
  } catch {
    return undefined;
  }
}

/** The named entities page titles use most; others are left as written. */
const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '\u2013',
  mdash: '\u2014',
  middot: '\u00b7',
  bull: '\u2022',
  hellip: '\u2026',
  laquo: '\u00ab',
  raquo: '\u00bb',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
};

/** The `<title>` of an HTML page, as text (entities decoded, spaces collapsed, at most 120 characters). */
export function htmlTitle(html: string): string | undefined {
  const match = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html);
  if (!match?.[1]) return undefined;
  const text = match[1]
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return undefined;
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

/** `true` for text that is an HTML (or XML) page rather than a stream of frames. */
export function looksLikeHtml(text: string): boolean {
  const start = text.trimStart().slice(0, 1024).toLowerCase();
  return /^<(!doctype html|html|head|body|title|meta|!--|\?xml|h1|div|pre|center)\b/.test(start);
}

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
function foreignBodyEvent(text: string): StepEvent | undefined {
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

/**
 * The error a read ends with when the `protocol` option names no decoder (a typo, a JavaScript caller
 * without types): a `run-error` with code `UNKNOWN_PROTOCOL` that names it and the known ones. Decoding
 * the stream as some other protocol instead would draw wrong rows without a word.
 */
function unknownProtocolEvent(protocol: unknown): StepEvent {
  return { type: 'run-error', code: 'UNKNOWN_PROTOCOL', message: unknownProtocolMessage(protocol) };
}

function compactJson(text: string): string {
  try {
    return `${JSON.stringify(JSON.parse(text))}\n`;
  } catch {
    return text;
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function framingOf(source: StreamSource, framing: Framing): Framing {
  if (framing !== 'auto' || typeof Response === 'undefined' || !(source instanceof Response)) return framing;
  const type = source.headers.get('content-type') ?? '';
  if (type.includes('text/event-stream')) return 'sse';
  if (/ndjson|jsonl|json-seq/.test(type)) return 'jsonl';
  return 'auto';
}

async function cancelSource(source: StreamSource): Promise<void> {
  let stream: ReadableStream<unknown> | null | undefined;
  if (typeof Response !== 'undefined' && source instanceof Response) stream = source.body;
  else if (typeof ReadableStream !== 'undefined' && source instanceof ReadableStream) stream = source;
  if (stream && !stream.locked) await stream.cancel().catch(() => {});
}

async function* textChunks(source: StreamSource, signal: AbortSignal | undefined): AsyncGenerator<string> {
  if (typeof source === 'string') {
    yield source;
    return;
  }
  let stream: ReadableStream<Uint8Array | string> | null | undefined;
  if (typeof Response !== 'undefined' && source instanceof Response) stream = source.body;
  else if (typeof ReadableStream !== 'undefined' && source instanceof ReadableStream) stream = source;
  if (stream === null) return;
  if (stream && signal?.aborted) {
    await stream.cancel(signal.reason).catch(() => {});
    return;
  }
  const decoder = new TextDecoder();
  const text = (chunk: string | Uint8Array) =>
    typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  if (stream) {
    const reader = stream.getReader();
    const cancel = () => {
      reader.cancel().catch(() => {});
    };
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      while (!signal?.aborted) {
        const { done, value } = await reader.read();
        if (done) break;
        yield text(value);
      }
    } finally {
      signal?.removeEventListener('abort', cancel);
      reader.releaseLock();
    }
  } else {
    const iterable = source as AsyncIterable<string | Uint8Array> | Iterable<string>;
    const iterator =
      Symbol.asyncIterator in iterable
        ? (iterable as AsyncIterable<string | Uint8Array>)[Symbol.asyncIterator]()
        : (iterable as Iterable<string>)[Symbol.iterator]();
    // Waiting for the next chunk must not outlive an abort.
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<'aborted'>((resolve) => {
      onAbort = () => resolve('aborted');
      if (signal?.aborted) resolve('aborted');
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      while (true) {
        const next = await Promise.race([Promise.resolve(iterator.next()), aborted]);
        if (next === 'aborted') {
          void Promise.resolve(iterator.return?.()).catch(() => {});
          break;
        }
        if (next.done) break;
        yield text(next.value);
      }
    } finally {
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/**
 * Reads a stream into batches of `StepEvent`s, one batch per chunk that produced events. Never throws
 * on bad input: malformed frames become `diagnostic` events, and a `protocol` no decoder has ends the
 * read at once with a `run-error` (code `UNKNOWN_PROTOCOL`) that names it and the known ones. A stream that closes before its run
 * finished ends with `run-abort`; one that is aborted through `signal` ends with `run-abort` too.
 * A network error while reading is rethrown after the events read so far.
 */
export async function* readStream(source: StreamSource, options: ReadStreamOptions = {}): AsyncGenerator<StepEvent[]> {
  const { signal } = options;
  let protocol = options.protocol ?? 'auto';
  if (protocol !== 'auto' && !isProtocolName(protocol)) {
    // Nothing of the stream can be read: close it instead of downloading it for nothing.
    await cancelSource(source);
    yield [unknownProtocolEvent(protocol)];
    return;
  }
  let body: StreamSource = source;
  if (typeof Response !== 'undefined' && source instanceof Response) {
    const answer = await notAStream(source, protocol, signal);
    if (answer && 'event' in answer) {
      yield [answer.event];
      return;
    }
    if (answer) body = answer.body;
    if (protocol === 'auto') protocol = detectProtocol(source.headers) ?? 'auto';
  }
  const decoder = new StreamDecoder(protocol, framingOf(source, options.framing ?? 'auto'));
  for await (const chunk of textChunks(body, signal)) {
    const events = decoder.push(chunk);
    if (events.length > 0) yield events;
  }
  let last = decoder.end();
  if (signal?.aborted) {
    last = last.map((e) => (e.type === 'run-abort' ? { ...e, reason: 'Stopped before the run finished.' } : e));
  }
  if (last.length > 0) yield last;
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

/**
 * An answer that is no stream, said in words: no body (204), an HTML page (a sign-in page from a
 * proxy, an error page), or a JSON error body with a 200. `undefined` for anything else, which is
 * read as a stream. An `application/json` body whose first line is JSON by itself is JSON lines, read
 * as they come; otherwise it is one document (over several lines), read whole and read as one frame.
 */
async function notAStream(
  response: Response,
  protocol: 'auto' | ProtocolName,
  signal: AbortSignal | undefined,
): Promise<Answer> {
  const body = response.body;
  if (body === null) {
    const status = `${response.status}${response.statusText ? ` ${response.statusText}` : response.status === 204 ? ' No Content' : ''}`;
    return {
      event: { type: 'run-abort', reason: `The server answered ${status} with no body: there was no stream to read.` },
    };
  }
  const stopped = { event: { type: 'run-abort', reason: 'Stopped before the run finished.' } } as const;
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

/** Decodes a whole capture (SSE or JSONL) into events, synchronously. */
export function eventsFromText(text: string, options: Omit<ReadStreamOptions, 'signal'> = {}): StepEvent[] {
  const decoder = new StreamDecoder(options.protocol ?? 'auto', options.framing ?? 'auto');
  return [...decoder.push(text), ...decoder.end()];
}

/** Decodes and reduces a whole capture at once. */
export function stepsFromText(text: string, options: Omit<ReadStreamOptions, 'signal'> = {}): StepsState {
  return reduceSteps(emptyStepsState, eventsFromText(text, options));
}
