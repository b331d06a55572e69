/**
 * `readStream`'s body: bytes → frames → events. A source (a `Response`, a byte stream, an async iterable
 * of text or a whole string) is cut into frames (SSE with eventsource-parser, or JSONL by line), each
 * frame is decoded by the stream's protocol decoder, and the events come out in one batch per chunk read.
 * This module is loaded on the first read (stream.ts), so an app that draws steps from state it has
 * never downloads the reader.
 */
import { notAStream } from './answers';
import { detectProtocol } from './decoders/detect';
import { loadDecoder } from './decoders/load';
import { isProtocolName } from './decoders/types';
import type { StepEvent } from './events';
import type { Framing } from './framer';
import {
  badDecoderOptionsEvent,
  type DecoderSource,
  type ReadStreamOptions,
  StreamDecoder,
  type StreamSource,
  unknownProtocolEvent,
} from './stream-decoder';

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

/** The body of `readStream` (stream.ts), which loads this module on the first read. */
export async function* readStreamNow(
  source: StreamSource,
  options: ReadStreamOptions = {},
): AsyncGenerator<StepEvent[]> {
  const { signal } = options;
  let protocol = options.protocol ?? 'auto';
  if (protocol !== 'auto' && !isProtocolName(protocol)) {
    // Nothing of the stream can be read: close it instead of downloading it for nothing.
    await cancelSource(source);
    yield [unknownProtocolEvent(protocol)];
    return;
  }
  const badOptions = badDecoderOptionsEvent(protocol, options.decoderOptions).event;
  if (badOptions) {
    await cancelSource(source);
    yield [badOptions];
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
  const decoder = new StreamDecoder(
    protocol,
    framingOf(source, options.framing ?? 'auto'),
    loadDecoder as DecoderSource,
    options.decoderOptions,
  );
  for await (const chunk of textChunks(body, signal)) {
    let events = decoder.push(chunk);
    if (decoder.pending) {
      await decoder.pending;
      events = [...events, ...decoder.take()];
    }
    if (events.length > 0) yield events;
  }
  const cut = decoder.close();
  if (decoder.pending) await decoder.pending;
  let last = decoder.finish(cut);
  if (signal?.aborted) {
    last = last.map((e) => (e.type === 'run-abort' ? { type: 'run-abort', code: 'stopped' } : e));
  }
  if (last.length > 0) yield last;
}
