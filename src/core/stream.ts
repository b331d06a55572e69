/**
 * `readStream`, the stream reader of `tool-steps/core`. Its body (framing, protocol detection, the
 * decoders) is a module of its own, loaded on the first read and kept: an app that only draws steps
 * from a state or a store never downloads it, and one that reads streams loads it while its first
 * request is on the network (`createToolStream` starts the load when it sends).
 */
import type { StepEvent } from './events';
import type { ReadStreamOptions, StreamSource } from './stream-decoder';

export type { Framing, ReadStreamOptions, StreamSource } from './stream-decoder';

type Reader = typeof import('./read-stream');
let reader: Promise<Reader> | undefined;

/**
 * Starts loading the stream reader, once; later calls return the same promise. A load that failed (a
 * chunk the network did not deliver) is forgotten, so the next read tries again.
 */
export function loadStreamReader(): Promise<Reader> {
  reader ??= import('./read-stream').catch((error: unknown) => {
    reader = undefined;
    throw error;
  });
  return reader;
}

/**
 * Reads a stream into batches of `StepEvent`s, one batch per chunk that produced events. Never throws
 * on bad input: malformed frames become `diagnostic` events, and a `protocol` no decoder has ends the
 * read at once with a `run-error` (code `UNKNOWN_PROTOCOL`) that names it and the known ones. A stream
 * that closes before its run finished ends with `run-abort`; one that is aborted through `signal` ends
 * with `run-abort` too. A network error while reading is rethrown after the events read so far; so is
 * a failure to load the reader's own module.
 */
export async function* readStream(source: StreamSource, options: ReadStreamOptions = {}): AsyncGenerator<StepEvent[]> {
  const { readStreamNow } = await loadStreamReader();
  yield* readStreamNow(source, options);
}
