/** The reasoning parts of stored `UIMessage`s as reasoning segments. */
import type { ReasoningSegment } from '../step';
import { isRecord } from '../values';

/** A `reasoning` part of a `UIMessage`: `{ type: 'reasoning', text, state?, providerMetadata? }`. */
export interface ReasoningPartLike {
  type: 'reasoning';
  text?: unknown;
  state?: unknown;
  providerMetadata?: unknown;
}

export function isReasoningPart(part: unknown): part is ReasoningPartLike {
  return isRecord(part) && part.type === 'reasoning';
}

/** Whether a provider's metadata holds a text under one of `keys` (any provider's entry). */
function metadataHolds(metadata: unknown, keys: readonly string[]): boolean {
  if (!isRecord(metadata)) return false;
  for (const entry of Object.values(metadata)) {
    if (isRecord(entry) && keys.some((key) => typeof entry[key] === 'string')) return true;
  }
  return false;
}

/**
 * The segment of a stored reasoning part, by the AI SDK decoder's rules: the Anthropic provider's
 * `redactedData` is `redacted`, no text but an encrypted blob `encrypted`; a part still `streaming` is
 * a segment that streams. Stored parts carry no times.
 */
export function segmentFromPart(part: ReasoningPartLike, id: string, stepsBefore: number): ReasoningSegment {
  const text = typeof part.text === 'string' ? part.text : '';
  const visibility = metadataHolds(part.providerMetadata, ['redactedData'])
    ? 'redacted'
    : text === '' && metadataHolds(part.providerMetadata, ['reasoningEncryptedContent', 'encryptedContent'])
      ? 'encrypted'
      : 'full';
  return {
    id,
    visibility,
    status: part.state === 'streaming' ? 'streaming' : 'done',
    text: visibility === 'full' ? text : '',
    stepsBefore,
  };
}

export function sameSegment(a: ReasoningSegment, b: ReasoningSegment): boolean {
  return (
    a.text === b.text &&
    a.status === b.status &&
    a.visibility === b.visibility &&
    a.stepsBefore === b.stepsBefore &&
    a.parentId === b.parentId
  );
}
