/**
 * What Anvia's live decoder and its transcript reader (`eventsFromAnviaToolResult` in ../results.ts)
 * both read the same way: `content` parts and the client's error codes. A module of its own, so the
 * public reader's module is one no lazily loaded decoder imports (the rule in
 * test/core/lazy-exports.test.ts).
 */
import type { MediaDetails } from '../../results';
import { isRecord } from '../../values';

/** Anvia `content` parts as a media details block (the parts are copied, not changed). */
export function anviaMediaDetails(parts: readonly unknown[]): MediaDetails {
  return { kind: 'media', parts: [...parts] };
}

/** What a model reads of Anvia `content` parts: texts, and `[file:<mediaType>]` for files (Anvia's `toolOutputToText`). */
export function anviaContentText(parts: readonly unknown[]): string {
  return parts
    .map((part) => {
      if (!isRecord(part)) return '';
      if (part.type === 'text' && typeof part.text === 'string') return part.text;
      return `[file:${typeof part.mediaType === 'string' ? part.mediaType : 'unknown'}]`;
    })
    .join('\n');
}

/** Anvia's client error code for a denied call; any other error code is a failure. */
export const ANVIA_DENIED = 'tool_execution_denied';
/** Anvia's client error code for a handler that threw. */
export const ANVIA_FAILED = 'tool_execution_error';
