/**
 * The decoding of a whole stream, shared by the two readers: framing, protocol detection and decoding,
 * fed text and giving events. `readStream` (read-stream.ts, loaded on the first read) feeds it chunks
 * and loads each protocol's decoder when it is needed; `eventsFromText` (read-text.ts) feeds it a whole
 * capture with every decoder at hand.
 */
import { foreignBodyEvent, isJson } from './answers';
import { candidateProtocols, detectProtocol, unrecognizedStreamEvent } from './decoders/detect';
import { type DecoderOptions, decoderOptionsByProtocol } from './decoders/registry';
import {
  append,
  closedEarly,
  isProtocolName,
  type ProtocolName,
  type SseFields,
  type StepDecoder,
  unknownProtocolMessage,
} from './decoders/types';
import type { StepEvent } from './events';
import { Framer, type Framing, MAX_FRAME_LENGTH } from './framer';

/** What `readStream` reads. */
export type StreamSource =
  | Response
  | ReadableStream<Uint8Array>
  | ReadableStream<string>
  | AsyncIterable<string | Uint8Array>
  | Iterable<string>
  | string;

export type { Framing } from './framer';

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
  /**
   * Options for the decoder: with a `protocol` named, that decoder's own options (`{ protocol: 'ag-ui',
   * decoderOptions: { custom } }`); keyed by protocol name otherwise (`{ 'ag-ui': { custom } }`), and
   * the stream uses those of the protocol it detects. Options a decoder does not take end the read
   * before any frame with a `run-error` (code `BAD_DECODER_OPTIONS`) that names the protocol and the option.
   */
  decoderOptions?: DecoderOptions;
  /** Stops reading (and cancels the body) when aborted. */
  signal?: AbortSignal;
}

/** Frames that name no protocol before the reader gives up guessing. */
const MAX_UNDECIDED_FRAMES = 20;
/** How a stream decoder gets the decoder of a protocol: at once (the synchronous readers) or loaded. */
export type DecoderSource = (protocol: ProtocolName, options?: never) => StepDecoder | Promise<StepDecoder>;

/** What arrived while the decoder was loading, in order: frames for it, and the framer's own events. */
type Held = { frame: string; sse: SseFields | undefined } | { event: StepEvent };

/**
 * A whole stream's decoding: framing, protocol detection (buffering frames until a frame says which
 * protocol it is), decoding. Push text, take events. When the decoder comes from a module still
 * loading, what arrives meanwhile is held in order and decoded once it is ready (`pending`).
 */
export class StreamDecoder {
  private decoder: StepDecoder | undefined;
  private waiting: string[] = [];
  /** The SSE fields of each waiting frame (same order as `waiting`). */
  private waitingSse: (SseFields | undefined)[] = [];
  /** No decoder reads this stream: its frames are skipped. */
  private unrecognized = false;
  private out: StepEvent[] = [];
  private readonly framer: Framer;
  /** Settles when the decoder being loaded is ready (or failed to load). */
  private loading: Promise<void> | undefined;
  private loadingProtocol: ProtocolName | undefined;
  private held: Held[] = [];
  /** The decoders' options, by protocol name. */
  private readonly options: Readonly<Record<string, unknown>> = {};

  constructor(
    protocol: 'auto' | ProtocolName,
    framing: Framing,
    private readonly source: DecoderSource,
    decoderOptions?: unknown,
  ) {
    const options = badDecoderOptionsEvent(protocol, decoderOptions);
    if (options.event) {
      this.out.push(options.event);
      this.unrecognized = true;
    } else this.options = options.byProtocol;
    if (protocol !== 'auto' && !this.unrecognized) {
      if (isProtocolName(protocol)) {
        this.use(protocol, [], []);
      } else {
        this.out.push(unknownProtocolEvent(protocol));
        this.unrecognized = true;
      }
    }
    this.framer = new Framer(
      framing,
      (frame, sse) => this.frame(frame, sse),
      (reason) => this.diagnose(reason),
      (head) => this.oversized(head),
    );
  }

  /** Settles once a decoder that is loading is ready; `undefined` when none is loading. */
  get pending(): Promise<void> | undefined {
    return this.loading;
  }

  push(text: string): StepEvent[] {
    this.framer.feed(text);
    return this.take();
  }

  /** The whole stream: `close()` then `finish()`, for a decoder that is never loading (the synchronous readers). */
  end(): StepEvent[] {
    return this.finish(this.close());
  }

  /**
   * The text has ended: the framer gives up its last frame, and a stream that never named its protocol
   * settles on its best guess (which may start loading a decoder). Returns whether the text stopped inside a frame.
   */
  close(): boolean {
    const cut = this.framer.end();
    if (!this.decoder && !this.unrecognized && !this.loading) this.settleUndecided();
    return cut;
  }

  /** After `close()` (and after `pending`, when a decoder was loading): the decoder's last events. */
  finish(cut: boolean): StepEvent[] {
    if (this.decoder) {
      const last = this.decoder.end();
      // The decoder knows the run did not finish; the framer knows why: the stream stopped inside a frame.
      for (const event of last) {
        this.out.push(event.type === 'run-abort' && cut ? { type: 'run-abort', code: 'cut-mid-frame' } : event);
      }
    }
    return this.take();
  }

  /** The events taken so far (what a loaded decoder made of the frames held for it). */
  take(): StepEvent[] {
    const out = this.out;
    this.out = [];
    return out;
  }

  /** The framer's own events keep their place among the frames held for a decoder that is loading. */
  private emit(event: StepEvent): void {
    if (this.loading) this.held.push({ event });
    else this.out.push(event);
  }

  private diagnose(reason: string): void {
    const protocol = this.decoder?.protocol ?? this.loadingProtocol;
    this.emit({ type: 'diagnostic', reason, ...(protocol ? { protocol } : {}) });
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
    this.emit({
      type: 'step-error',
      id,
      code: 'FRAME_TOO_LARGE',
      message: `Its result was larger than ${MAX_FRAME_LENGTH / 1024 / 1024} MiB, the most one frame may carry, and was not read.`,
    });
  }

  private frame(frame: string, sse: SseFields | undefined): void {
    if (this.decoder) {
      append(this.out, this.decoder.push(frame, sse));
      return;
    }
    if (this.loading) {
      this.held.push({ frame, sse });
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
    const foreign = this.waiting.length > 0 ? foreignBodyEvent(this.waiting.join('\n')) : undefined;
    if (foreign) {
      // Not a stream at all: a web page (a login page from a proxy) or a JSON error answered with 200.
      this.out.push(foreign);
      this.unrecognized = true;
      this.waiting = [];
      this.waitingSse = [];
      return;
    }
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
    const waiting = this.waiting;
    const sse = this.waitingSse;
    this.waiting = [];
    this.waitingSse = [];
    this.use(protocol, waiting, sse);
  }

  /** Decodes with `protocol` from now on, beginning with the frames that waited for it. */
  private use(protocol: ProtocolName, frames: readonly string[], sse: readonly (SseFields | undefined)[]): void {
    const made = this.source(protocol, this.options[protocol] as never);
    if (!(made instanceof Promise)) {
      this.decoder = made;
      for (let i = 0; i < frames.length; i++) append(this.out, made.push(frames[i] as string, sse[i]));
      return;
    }
    this.loadingProtocol = protocol;
    this.held = frames.map((frame, i) => ({ frame, sse: sse[i] }));
    this.loading = made.then(
      (decoder) => {
        this.decoder = decoder;
        this.release((item) => ('frame' in item ? decoder.push(item.frame, item.sse) : [item.event]));
      },
      (error: unknown) => {
        // The app's server could not deliver the decoder's chunk (a deploy replaced it, the network went
        // away): the run cannot be read, and says so; nothing else is decoded.
        this.unrecognized = true;
        const detail = error instanceof Error ? error.message : String(error);
        this.release((item) => ('frame' in item ? [] : [item.event]));
        this.out.push({
          type: 'run-error',
          code: 'DECODER_UNAVAILABLE',
          message: `The reader for the "${protocol}" stream could not be loaded (${detail}), so the stream was not read.`,
        });
      },
    );
  }

  /** The loading is over: what was held comes out, in order. */
  private release(decode: (item: Held) => StepEvent[]): void {
    const held = this.held;
    this.held = [];
    this.loading = undefined;
    this.loadingProtocol = undefined;
    for (const item of held) append(this.out, decode(item));
  }
}

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

/**
 * The error a read ends with when the `protocol` option names no decoder (a typo, a JavaScript caller
 * without types): a `run-error` with code `UNKNOWN_PROTOCOL` that names it and the known ones. Decoding
 * the stream as some other protocol instead would draw wrong rows without a word.
 */
/**
 * `decoderOptions` by protocol name, or the `run-error` (code `BAD_DECODER_OPTIONS`) that ends a read
 * whose options a decoder does not take. An unknown protocol is left to `unknownProtocolEvent`.
 */
export function badDecoderOptionsEvent(
  protocol: 'auto' | ProtocolName,
  decoderOptions: unknown,
): { event?: undefined; byProtocol: Readonly<Record<string, unknown>> } | { event: StepEvent } {
  const checked = decoderOptionsByProtocol(
    protocol === 'auto' || isProtocolName(protocol) ? protocol : 'auto',
    decoderOptions,
  );
  if (checked.ok) return { byProtocol: checked.byProtocol };
  return { event: { type: 'run-error', code: 'BAD_DECODER_OPTIONS', message: checked.message } };
}

export function unknownProtocolEvent(protocol: unknown): StepEvent {
  return { type: 'run-error', code: 'UNKNOWN_PROTOCOL', message: unknownProtocolMessage(protocol) };
}
