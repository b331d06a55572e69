/**
 * Anvia's reasoning parts for the Anvia decoder. The client stream (`@anvia/client` `ClientStreamEvent`)
 * carries `reasoning_start { messageId, partId, reasoningId? }`, `reasoning_delta { messageId, partId, delta,
 * contentType?: 'text' | 'summary' | 'encrypted' | 'redacted', signature? }` and `reasoning_end { messageId,
 * partId, text?, content?: ReasoningDetail[] }`; the client's reducer keeps them as a `reasoning` part keyed by
 * `partId`. Each part is a segment of that id (`scope.parentToolCallId` puts a nested agent's under its call).
 *
 * `encrypted` and `redacted` deltas are opaque data for the provider, never text: a part with only those is a
 * withheld segment (`encrypted` / `redacted`); a part with readable text is `full`, or `summary` when its text
 * is a summary. A delta or an end for a part never started, and text after a part's end, are diagnostics (the
 * delta starts the part, as the client's reducer does); nothing else is lost.
 */
import type { StepEvent } from '../../events';
import type { ReasoningVisibility } from '../../step';
import { isRecord, nonEmptyString } from '../../values';
import { diagnostic } from '../types';

interface Part {
  /** What the segment says it is so far. */
  visibility: ReasoningVisibility;
  /** Whether readable text streamed. */
  readable: boolean;
  ended: boolean;
}

/** What a delta's `contentType` makes of its part; unknown types read as text (the client's default). */
function visibilityOf(contentType: unknown): ReasoningVisibility {
  if (contentType === 'summary') return 'summary';
  if (contentType === 'encrypted' || contentType === 'redacted') return contentType;
  return 'full';
}

const opaque = (visibility: ReasoningVisibility) => visibility === 'encrypted' || visibility === 'redacted';

/**
 * What a part's `content` (the end's authoritative details) makes of it: readable text and what it is, or
 * only opaque data; `undefined` when there are no details.
 */
function detailsOf(content: unknown): { text?: string; visibility: ReasoningVisibility } | undefined {
  if (!Array.isArray(content) || content.length === 0) return undefined;
  const texts: string[] = [];
  let summary = true;
  let withheld: ReasoningVisibility | undefined;
  for (const detail of content) {
    if (!isRecord(detail)) continue;
    if ((detail.type === 'text' || detail.type === 'summary') && typeof detail.text === 'string') {
      texts.push(detail.text);
      if (detail.type === 'text') summary = false;
    } else if (detail.type === 'encrypted' || detail.type === 'redacted') withheld ??= detail.type;
  }
  if (texts.length > 0) return { text: texts.join(''), visibility: summary ? 'summary' : 'full' };
  return withheld ? { visibility: withheld } : undefined;
}

/** Reads one reasoning event (`reasoning_start`, `_delta`, `_end`) into segment events. */
export type AnviaReasoning = (type: string, e: Record<string, unknown>, parentId: string | undefined) => StepEvent[];

export function anviaReasoning(): AnviaReasoning {
  const parts = new Map<string, Part>();

  function start(id: string, visibility: ReasoningVisibility, parentId: string | undefined, out: StepEvent[]): Part {
    const part: Part = { visibility, readable: false, ended: false };
    parts.set(id, part);
    const event: StepEvent = { type: 'reasoning-start', id };
    if (visibility !== 'full') event.visibility = visibility;
    if (parentId) event.parentId = parentId;
    out.push(event);
    return part;
  }

  return (type, e, parentId) => {
    const id = nonEmptyString(e.partId);
    if (id === undefined) return [diagnostic('anvia', `a "${type}" without a "partId"; dropped`)];
    const out: StepEvent[] = [];
    let part = parts.get(id);
    if (type === 'reasoning_start') {
      // A second start (a replayed event) moves nothing: the reducer keeps the first place.
      if (!part) start(id, 'full', parentId, out);
      return out;
    }
    if (type === 'reasoning_delta') {
      if (typeof e.delta !== 'string')
        return [diagnostic('anvia', `a "reasoning_delta" for "${id}" without a text "delta"; dropped`)];
      const kind = visibilityOf(e.contentType);
      if (!part) {
        out.push(diagnostic('anvia', `a "reasoning_delta" for part "${id}" that never started; read as its start`));
        part = start(id, kind, parentId, out);
      } else if (part.ended) {
        // The reducer says the segment ended and drops the text.
        if (!opaque(kind)) out.push({ type: 'reasoning-delta', id, delta: e.delta });
        return out;
      }
      if (opaque(kind)) {
        // The provider's opaque copy: it never shows. A part with no text yet is a withheld one.
        if (!part.readable && part.visibility !== kind) {
          part.visibility = kind;
          out.push({ type: 'reasoning-start', id, visibility: kind });
        }
        return out;
      }
      if (!part.readable) {
        part.readable = true;
        if (part.visibility !== kind) {
          part.visibility = kind;
          out.push({ type: 'reasoning-start', id, visibility: kind });
        }
      }
      if (e.delta !== '') out.push({ type: 'reasoning-delta', id, delta: e.delta });
      return out;
    }
    // reasoning_end: its details, else its text, are the part's whole text when it has readable text.
    if (!part) {
      out.push(
        diagnostic(
          'anvia',
          `a "reasoning_end" for part "${id}" that never started; read as a part that began and ended there`,
        ),
      );
      part = start(id, 'full', parentId, out);
    }
    const details = detailsOf(e.content);
    const end: StepEvent = { type: 'reasoning-end', id };
    if (details) {
      if (details.text !== undefined) end.text = details.text;
      if (part.visibility !== details.visibility) end.visibility = details.visibility;
    } else if (typeof e.text === 'string' && !opaque(part.visibility)) {
      // A withheld part's `text` is not read: the client joins every delta into it, opaque data included.
      end.text = e.text;
    }
    part.ended = true;
    out.push(end);
    return out;
  };
}
