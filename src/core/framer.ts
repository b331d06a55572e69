/**
 * Text → frames: SSE (with eventsource-parser) or JSONL (by line), with a size limit per frame. Used by
 * `readStream` (./read-stream.ts).
 */
import { createParser, type EventSourceParser } from 'eventsource-parser';
import type { SseFields } from './decoders/types';

/** How frames are cut out of the text. */
export type Framing = 'auto' | 'sse' | 'jsonl';

/** Larger single frames (an SSE event, a JSONL line) are dropped with a diagnostic instead of filling memory. */
export const MAX_FRAME_LENGTH = 32 * 1024 * 1024;

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
  const last = text.lastIndexOf('\n\n');
  let end = last === -1 ? -1 : last + 2;
  if (end === -1 && text.includes('\r')) {
    const all = [...text.matchAll(/(\r\n|\r|\n)(\r\n|\r|\n)/g)].at(-1);
    if (all) end = all.index + all[0].length;
  }
  if (end === -1 && afterBreak && /^(\r\n|\r|\n)/.test(text)) end = text.match(/^(\r\n|\r|\n)/)?.[0].length ?? -1;
  return end;
}

const SSE_FIELDS = ['data', 'event', 'id', 'retry'];
/** Cuts text into frames. SSE `event:`/`id:` lines and comments (`: keep-alive`) are read and ignored. */
export class Framer {
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
    private readonly onFrame: (frame: string, sse?: SseFields) => void,
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
  private frame(frame: string, sse?: SseFields): void {
    if (frame.length > MAX_FRAME_LENGTH) this.onOversized(frame.slice(0, HEAD_LENGTH));
    else this.onFrame(frame, sse);
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
          // The parser's message is the frame's SSE fields as it is (`event`; no object per frame).
          this.frame(event.data, event);
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
