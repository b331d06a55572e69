/**
 * Bytes → frames → events. A source (a `Response`, a byte stream, an async iterable of text or a
 * whole string) is cut into frames (SSE with eventsource-parser, or JSONL by line), each frame is
 * decoded by the stream's protocol decoder, and the events come out in one batch per chunk read.
 */
import { createParser, type EventSourceParser } from 'eventsource-parser';
import { decoderFor, isProtocolName, unknownProtocolMessage } from './decoders';
import { candidateProtocols, detectProtocol, unrecognizedStreamEvent } from './decoders/detect';
import { append, closedEarly, type ProtocolName, type SseFields, type StepDecoder } from './decoders/types';
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

  constructor(
    framing: Framing,
    private readonly onFrame: (frame: string, sse?: SseFields) => void,
    private readonly onProblem: (reason: string) => void,
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
    if (this.framing === 'sse') this.parser().feed(text);
    else this.feedLines(text);
  }

  end(): void {
    if (this.framing === 'sse') {
      // An event the stream cut before its blank line is still dispatched: if it is whole it counts,
      // if it is cut the decoder reports it (the SSE spec would drop it without a word).
      this.parser().feed('\n\n');
    } else if (this.framing) {
      const rest = this.lineParts.join('');
      this.lineParts = [];
      this.lineLength = 0;
      if (rest.trim() !== '' && !this.skippingLine) this.onFrame(rest);
    } else {
      const rest = this.pending;
      this.pending = '';
      if (rest.trim() !== '') this.onProblem(`the stream ended before a whole frame: ${rest.trim().slice(0, 80)}`);
    }
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
      if (frame.trim() !== '') this.onFrame(frame);
    }
    if (start >= text.length || this.skippingLine) return;
    const rest = start === 0 ? text : text.slice(start);
    this.lineParts.push(rest);
    this.lineLength += rest.length;
    if (this.lineLength > MAX_FRAME_LENGTH) {
      this.onProblem(`a JSONL line longer than ${MAX_FRAME_LENGTH} characters; dropped`);
      this.lineParts = [];
      this.lineLength = 0;
      this.skippingLine = true;
    }
  }

  private parser(): EventSourceParser {
    if (!this.sse) {
      this.sse = createParser({
        maxBufferSize: MAX_FRAME_LENGTH,
        onEvent: (event) => this.onFrame(event.data, { event: event.event }),
        onError: (error) => {
          if (error.type === 'max-buffer-size-exceeded') {
            this.onProblem(`an SSE event larger than ${MAX_FRAME_LENGTH} characters; dropped`);
            this.sse?.reset();
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
  /** The SSE fields of each waiting frame (same order as `waiting`). */
  private waitingSse: (SseFields | undefined)[] = [];
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
      (frame, sse) => this.frame(frame, sse),
      (reason) =>
        this.out.push({ type: 'diagnostic', reason, ...(this.decoder ? { protocol: this.decoder.protocol } : {}) }),
    );
  }

  push(text: string): StepEvent[] {
    this.framer.feed(text);
    return this.take();
  }

  end(): StepEvent[] {
    this.framer.end();
    if (!this.decoder && !this.unrecognized) this.settleUndecided();
    if (this.decoder) append(this.out, this.decoder.end());
    return this.take();
  }

  private frame(frame: string, sse: SseFields | undefined): void {
    if (this.decoder) {
      append(this.out, this.decoder.push(frame, sse));
      return;
    }
    if (this.unrecognized) return;
    this.waiting.push(frame);
    this.waitingSse.push(sse);
    const detected = detectProtocol(frame);
    if (detected) this.settle(detected);
    else if (this.waiting.length >= MAX_UNDECIDED_FRAMES) this.settleUndecided();
  }

  /**
   * No frame named the protocol: an ambiguous frame's first candidate is the best guess; with none,
   * the stream is nobody's, and the run ends with an error quoting what was seen.
   */
  private settleUndecided(): void {
    const last = this.waiting.at(-1);
    if (this.waiting.length === 1 && last !== undefined && candidateProtocols(last).length === 0 && !isJson(last)) {
      // One frame that is not even JSON: a stream cut inside its first frame, not a foreign protocol.
      this.out.push({ type: 'diagnostic', reason: `a frame that is not JSON: ${last.trim().slice(0, 80)}` });
      this.waiting = [];
      this.waitingSse = [];
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
    this.waitingSse = [];
  }

  private settle(protocol: ProtocolName): void {
    const decoder = decoderFor(protocol);
    this.decoder = decoder;
    const waiting = this.waiting;
    const sse = this.waitingSse;
    this.waiting = [];
    this.waitingSse = [];
    for (let i = 0; i < waiting.length; i++) append(this.out, decoder.push(waiting[i] as string, sse[i]));
  }

  private take(): StepEvent[] {
    const out = this.out;
    this.out = [];
    return out;
  }
}

/**
 * The error a read ends with when the `protocol` option names no decoder (a typo, a JavaScript caller
 * without types): a `run-error` with code `UNKNOWN_PROTOCOL` that names it and the known ones. Decoding
 * the stream as some other protocol instead would draw wrong rows without a word.
 */
function unknownProtocolEvent(protocol: unknown): StepEvent {
  return { type: 'run-error', code: 'UNKNOWN_PROTOCOL', message: unknownProtocolMessage(protocol) };
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
  if (protocol === 'auto' && typeof Response !== 'undefined' && source instanceof Response) {
    protocol = detectProtocol(source.headers) ?? 'auto';
  }
  const decoder = new StreamDecoder(protocol, framingOf(source, options.framing ?? 'auto'));
  for await (const chunk of textChunks(source, signal)) {
    const events = decoder.push(chunk);
    if (events.length > 0) yield events;
  }
  let last = decoder.end();
  if (signal?.aborted) {
    last = last.map((e) => (e.type === 'run-abort' ? { ...e, reason: 'Stopped before the run finished.' } : e));
  }
  if (last.length > 0) yield last;
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
