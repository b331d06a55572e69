/**
 * The envelope of Anvia's `anvia.client.v3` stream: `stream_start` (eventId 0), `stream_event`s (eventIds
 * 1, 2, ... each one more than the last), then `stream_end` (the last eventId again). An event whose id
 * repeats or goes backwards, or that belongs to another stream, is dropped with a diagnostic; missing ids
 * are reported and the event is still read (a resumed stream starts after the ids it already sent).
 */
import type { StepEvent } from '../../events';
import { isRecord } from '../../values';
import { append, diagnostic } from '../types';

type Json = Record<string, unknown>;

/** The protocol version this decoder reads. */
const ANVIA_CLIENT_PROTOCOL = 'anvia.client.v3';

function missingEvents(eventId: number, after: number): string {
  const missing = eventId - after - 1;
  return `eventId ${eventId} follows ${after}: ${missing} event${missing === 1 ? ' is' : 's are'} missing`;
}

/** A value as JSON, to compare two values and to quote one in a diagnostic; never throws. */
export function stableKey(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'undefined';
  } catch {
    return String(value);
  }
}

/** What the envelopes need of the decoder: the reader of a client event and the run's end. */
export interface EnvelopeHost {
  /** Reads the client event a `stream_event` carries. */
  event(e: Json): StepEvent[];
  /** Whether the run already ended (a `run_end`, an `error`, or a stream that ended in error). */
  runEnded(): boolean;
  /** The stream's end ended the run. */
  endRun(): void;
}

/** The envelope state of one decoder (one stream, or several one after the other). */
export interface EnvelopeReader {
  /** Reads a `stream_start`, `stream_event` or `stream_end` frame. */
  read(frame: Json): StepEvent[];
  /** Whether the last stream ended with `stream_end { status: 'completed' }`. */
  endedCompleted(): boolean;
}

export function anviaEnvelopes(host: EnvelopeHost): EnvelopeReader {
  let streamId: string | undefined;
  /** The last event id read in sequence; `undefined` when any positive id may come next (a resumable stream). */
  let lastId: number | undefined;
  /** An id that jumped ahead of `lastId`, read but not yet confirmed by the id after it. */
  let ahead: number | undefined;
  /** The event of the `ahead` id, to tell a replay of it (dropped) from the true event of that id (read). */
  let aheadEvent: string | undefined;
  let streamEnded = false;
  let streamEndStatus: string | undefined;

  function read(frame: Json): StepEvent[] {
    const type = frame.type;
    const id = frame.streamId;
    if (type === 'stream_start') {
      const out: StepEvent[] = [];
      if (streamId !== undefined && !streamEnded)
        out.push(diagnostic('anvia', `stream "${streamId}" was replaced by a new stream before its "stream_end"`));
      if (frame.protocol !== ANVIA_CLIENT_PROTOCOL) {
        out.push(
          diagnostic(
            'anvia',
            `a stream of protocol ${stableKey(frame.protocol)}, not "${ANVIA_CLIENT_PROTOCOL}"; read as ${ANVIA_CLIENT_PROTOCOL}`,
          ),
        );
      }
      streamId = typeof id === 'string' ? id : undefined;
      // A resumable stream may be a resumption: its first event follows ids sent in an earlier response.
      lastId = frame.resumable === true ? undefined : 0;
      ahead = undefined;
      aheadEvent = undefined;
      streamEnded = false;
      streamEndStatus = undefined;
      return out;
    }
    const eventId = frame.eventId;
    if (type === 'stream_event') {
      if (streamEnded)
        return [diagnostic('anvia', `a "stream_event" after "stream_end" of stream "${streamId}"; dropped`)];
      if (streamId !== undefined && id !== streamId) {
        return [
          diagnostic('anvia', `a "stream_event" of stream ${stableKey(id)} inside stream "${streamId}"; dropped`),
        ];
      }
      if (typeof eventId !== 'number' || !Number.isSafeInteger(eventId) || eventId < 1) {
        return [
          diagnostic('anvia', `a "stream_event" with eventId ${stableKey(eventId)}, not a positive integer; dropped`),
        ];
      }
      const out: StepEvent[] = [];
      if (lastId !== undefined) {
        if (eventId <= lastId || (eventId === ahead && stableKey(frame.event) === aheadEvent)) {
          const how = eventId <= lastId && eventId !== lastId ? 'goes backwards from' : 'repeats';
          return [
            diagnostic(
              'anvia',
              `eventId ${eventId} ${how} ${eventId === ahead ? ahead : lastId}; the event was dropped`,
            ),
          ];
        }
        if (eventId === ahead) {
          // The id of the jump again, with another event: the jump was one bad id (a 4 written as 5)
          // and this is the true event of that id, not a replay.
          ahead = undefined;
          aheadEvent = undefined;
          lastId = eventId;
        } else if (eventId === lastId + 1) {
          // The sequence goes on from before a jump: the jump was one bad id, not lost events.
          ahead = undefined;
          aheadEvent = undefined;
          lastId = eventId;
        } else if (ahead !== undefined && eventId > ahead) {
          // The sequence goes on after the jump: the events in between were really lost.
          if (eventId > ahead + 1) out.push(diagnostic('anvia', missingEvents(eventId, ahead)));
          ahead = undefined;
          aheadEvent = undefined;
          lastId = eventId;
        } else {
          // A jump ahead is read, but the sequence is only moved once the next id confirms it, so one
          // bad id (1,000,000,000 in the middle of a stream) costs its own event at most.
          out.push(diagnostic('anvia', missingEvents(eventId, lastId)));
          ahead = eventId;
          aheadEvent = stableKey(frame.event);
        }
      } else {
        lastId = eventId;
      }
      if (streamId === undefined && typeof id === 'string') streamId = id;
      if (!isRecord(frame.event))
        return [...out, diagnostic('anvia', `a "stream_event" ${eventId} without an "event" object; dropped`)];
      return out.length === 0 ? host.event(frame.event) : append(out, host.event(frame.event));
    }
    // stream_end
    const out: StepEvent[] = [];
    if (streamId !== undefined && id !== streamId)
      out.push(diagnostic('anvia', `a "stream_end" of stream ${stableKey(id)} inside stream "${streamId}"`));
    if (lastId !== undefined && eventId !== lastId && eventId !== ahead) {
      out.push(
        diagnostic(
          'anvia',
          `"stream_end" says the last eventId is ${stableKey(eventId)}, but it was ${ahead ?? lastId}`,
        ),
      );
    }
    streamEnded = true;
    streamEndStatus = typeof frame.status === 'string' ? frame.status : undefined;
    if (!host.runEnded() && frame.status === 'error') {
      out.push({
        type: 'run-error',
        message: 'The stream ended with an error before the run finished.',
        code: 'stream_error',
      });
      host.endRun();
    } else if (!host.runEnded() && frame.status === 'missing') {
      out.push({
        type: 'run-error',
        message: 'The server has no stream to resume (stream_end: missing).',
        code: 'stream_missing',
      });
      host.endRun();
    }
    return out;
  }

  return { read, endedCompleted: () => streamEnded && streamEndStatus === 'completed' };
}
