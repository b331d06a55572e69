import type { StepEvent } from '../events';

import { PROTOCOL_NAMES, type ProtocolName } from './registry';

export { PROTOCOL_NAMES, type ProtocolName } from './registry';

/** Whether a value is one of the protocol names the kit reads (the `protocol` option's values besides `'auto'`). */
export function isProtocolName(name: unknown): name is ProtocolName {
  return typeof name === 'string' && (PROTOCOL_NAMES as readonly string[]).includes(name);
}

/** The message for a protocol name no decoder has: it says the name, the known ones and what to do. */
export function unknownProtocolMessage(name: unknown): string {
  const known = PROTOCOL_NAMES.map((known) => `"${known}"`).join(', ');
  const shown = typeof name === 'string' ? `"${name}"` : String(name);
  return `Unknown protocol ${shown}: the kit reads ${known} (or "auto" to detect it from the stream). Check the protocol option's spelling.`;
}

/**
 * A stateful decoder of one stream: frames in (the text of one SSE `data:` field or one JSONL line,
 * or a value already parsed), `StepEvent`s out. Total: a bad frame becomes a `diagnostic` event.
 */
export interface StepDecoder {
  readonly protocol: ProtocolName;
  /**
   * Decodes one frame. `sse` holds the frame's other SSE fields when it came from an SSE stream (its
   * `event:` line, `undefined` when it had none); absent for JSONL lines and parsed values.
   */
  push(frame: unknown, sse?: { readonly event?: string | undefined }): StepEvent[];
  /** The stream ended: closes what the wire left open (a run that never finished is `run-abort`). */
  end(): StepEvent[];
}

/** The SSE fields of a frame besides `data:`, for wires whose `event:` line means something (Anthropic). */
export interface SseFields {
  /** The `event:` line's value; `undefined` when the frame had none. */
  readonly event?: string | undefined;
}

/** A frame parsed as JSON, or the diagnostic that says why it is not. */
export type ParsedFrame = { ok: true; value: unknown } | { ok: false; event: StepEvent } | { ok: 'skip' };

const MAX_QUOTED = 80;

/**
 * Appends events to a list in place. `out.push(...events)` would pass every event as an argument and
 * overflow the stack past about 100,000 of them (one frame can carry that many approvals).
 */
export function append(out: StepEvent[], events: readonly StepEvent[]): StepEvent[] {
  for (const event of events) out.push(event);
  return out;
}

/** An error code from the wire: a string, number or boolean as text; anything else is no code. */
export function codeOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** One zod issue, as much of it as a diagnostic reads. */
interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly code?: string;
  readonly expected?: string;
  readonly minimum?: number | bigint;
  readonly origin?: string;
  readonly values?: readonly unknown[];
  readonly note?: string;
}

/**
 * What an issue says, in words. `zod/mini` loads no locale (the kit must not set zod's global config),
 * so its messages are all "Invalid input"; the issue's own fields say more.
 */
function issueText(issue: SchemaIssue): string {
  if (issue.message && issue.message !== 'Invalid input') return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1
        ? 'expected a non-empty string'
        : `expected ${issue.origin ?? 'a value'} of at least ${issue.minimum}`;
    case 'invalid_value':
      return `expected one of ${(issue.values ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_union':
      return issue.note === 'No matching discriminator' ? 'not a known type' : 'matches none of the allowed shapes';
    default:
      return issue.message || 'invalid';
  }
}

/** Where and why a schema check failed, for a diagnostic: ` at "path": message`. */
export function describeIssue(error: { issues: readonly SchemaIssue[] }): string {
  const issue = error.issues[0];
  const where = issue?.path.length ? ` at "${issue.path.map(String).join('.')}"` : '';
  return `${where}: ${issue ? issueText(issue) : 'invalid'}`;
}

/** The `run-abort` of a stream that closed before its run finished (or before one started). */
export function closedEarly(started: boolean): StepEvent {
  return { type: 'run-abort', code: started ? 'stream-closed' : 'closed-before-start' };
}

/** A short, printable excerpt of a frame for a message. */
export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_QUOTED ? `${flat.slice(0, MAX_QUOTED)}…` : flat;
}

/** A diagnostic event for a protocol. */
export function diagnostic(protocol: ProtocolName, reason: string): StepEvent {
  return { type: 'diagnostic', protocol, reason };
}

/**
 * Turns a frame into a JSON value. `[DONE]` and empty frames are skipped; text that is not JSON is a
 * diagnostic naming the protocol and a piece of the frame.
 */
export function parseFrame(protocol: ProtocolName, frame: unknown): ParsedFrame {
  if (typeof frame !== 'string') return { ok: true, value: frame };
  const text = frame.trim();
  if (text === '' || text === '[DONE]') return { ok: 'skip' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, event: diagnostic(protocol, `a frame that is not JSON: ${excerpt(text)}`) };
  }
}
