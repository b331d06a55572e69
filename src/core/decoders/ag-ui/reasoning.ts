/**
 * AG-UI reasoning for the AG-UI decoder: the reasoning messages the client keeps (`role: 'reasoning'`) as
 * segments. Text for a segment never started, or after its end, is the reducer's diagnostic.
 */
import type { StepEvent } from '../../events';
import { nonEmptyString } from '../../values';
import { diagnostic } from '../types';

const PROTOCOL = 'ag-ui';

/** Reads one reasoning event of the stream (a `REASONING_*` or `THINKING_*` type) into segment events. */
export type ReasoningReader = (type: string, e: Record<string, unknown>, out: StepEvent[]) => void;

/**
 * Reasoning messages, as the client keeps them (`role: 'reasoning'` messages): `REASONING_MESSAGE_START`
 * → a segment (`messageId`), `_CONTENT` / `_CHUNK` → its text, `_END` → its end; the legacy
 * `THINKING_TEXT_MESSAGE_*` the same, numbered. The phase markers (`REASONING_START` / `_END`,
 * `THINKING_START` / `_END`) draw nothing. `REASONING_ENCRYPTED_VALUE` (an opaque value for the app to
 * send back) of a `message` with no text makes that segment `encrypted`: it happened, its text is not shown.
 */
export function agUiReasoning(): ReasoningReader {
  /** The legacy `THINKING_TEXT_MESSAGE_*` segments have no id: they are numbered, and the open one is the one. */
  let thinkingCount = 0;
  let thinking: string | undefined;
  const segments = new Set<string>();
  /** Segments that streamed text, and those that ended: an encrypted value changes neither. */
  const segmentText = new Set<string>();
  const segmentEnded = new Set<string>();

  return (type, e, out) => {
    const id = nonEmptyString(e.messageId);
    const delta = (segment: string) => {
      if (e.delta === undefined) return;
      if (typeof e.delta !== 'string') {
        out.push(diagnostic(PROTOCOL, `a "${type}" whose "delta" is not text; dropped`));
        return;
      }
      if (e.delta === '') return;
      segmentText.add(segment);
      out.push({ type: 'reasoning-delta', id: segment, delta: e.delta });
    };
    const start = (segment: string) => {
      segments.add(segment);
      out.push({ type: 'reasoning-start', id: segment });
    };
    switch (type) {
      case 'REASONING_MESSAGE_START':
      case 'REASONING_MESSAGE_CONTENT':
      case 'REASONING_MESSAGE_END':
      case 'REASONING_MESSAGE_CHUNK': {
        if (id === undefined) {
          out.push(diagnostic(PROTOCOL, `a "${type}" without a "messageId"; dropped`));
          return;
        }
        if (type === 'REASONING_MESSAGE_START') start(id);
        else if (type === 'REASONING_MESSAGE_END') {
          segmentEnded.add(id);
          out.push({ type: 'reasoning-end', id });
        } else {
          // A chunk opens its message as the client's chunk transform does; the reducer says of content for an unknown one.
          if (type === 'REASONING_MESSAGE_CHUNK' && !segments.has(id)) start(id);
          delta(id);
        }
        return;
      }
      case 'REASONING_ENCRYPTED_VALUE': {
        // A tool call's opaque value draws nothing; a message's is reasoning that happened, never shown as text.
        if (e.subtype !== 'message') return;
        const entity = nonEmptyString(e.entityId);
        if (entity === undefined) {
          out.push(diagnostic(PROTOCOL, `a "${type}" without an "entityId"; dropped`));
          return;
        }
        if (segmentText.has(entity) || segmentEnded.has(entity)) return;
        if (segments.has(entity)) {
          out.push({ type: 'reasoning-start', id: entity, visibility: 'encrypted' });
          return;
        }
        segments.add(entity);
        segmentEnded.add(entity);
        out.push(
          { type: 'reasoning-start', id: entity, visibility: 'encrypted' },
          { type: 'reasoning-end', id: entity },
        );
        return;
      }
      case 'THINKING_TEXT_MESSAGE_START':
        thinkingCount++;
        thinking = `thinking-${thinkingCount}`;
        start(thinking);
        return;
      case 'THINKING_TEXT_MESSAGE_CONTENT':
        delta(thinking ?? `thinking-${thinkingCount}`);
        return;
      case 'THINKING_TEXT_MESSAGE_END':
        out.push({ type: 'reasoning-end', id: thinking ?? `thinking-${thinkingCount}` });
        thinking = undefined;
        return;
    }
  };
}
