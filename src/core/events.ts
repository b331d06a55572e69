/**
 * `StepEvent`: the one normalized event union every wire format is decoded into. It is also the
 * kit's own ("native") wire format: JSON objects, one per SSE `data:` line or JSONL line, so a
 * backend in any language can emit it directly.
 *
 * The shape is written twice, and only here: the union (for the compiler) and `STEP_EVENT_FIELDS`, one
 * field table per event type (for the run time), which the compiler holds to the union's keys. The
 * native decoder's check (./event-check.ts) and the reducer's repair (./repair.ts) are derived from the
 * table. The zod schemas of `tool-steps/schema` (src/schema/) are checked against the union by a type
 * test and against the check by a property test, so no other entry loads zod.
 */
import { REASONING_VISIBILITIES, type ReasoningVisibility, type ToolPresentation } from './step';

/** The normalized event union (and the native wire format), discriminated by `type`. */
export type StepEvent =
  /** A tool call was announced. Creates the step (`input-streaming`), or names an existing one. */
  | {
      type: 'step-start';
      id: string;
      toolName: string;
      parentId?: string;
      presentation?: ToolPresentation;
      /** Milliseconds since the epoch; the store's clock fills it in when absent. */
      at?: number;
    }
  /** A fragment of the argument text; `replace: true` makes it the whole text so far. */
  | { type: 'step-input-delta'; id: string; delta: string; replace?: boolean; at?: number }
  /**
   * The arguments are complete (`input-streaming` → `running`). Without `input` the reducer parses the
   * streamed text. Sent again later, it replaces the arguments: the call ran with other ones.
   */
  | { type: 'step-input'; id: string; input?: unknown; toolName?: string; at?: number }
  /** A progress update while the tool runs; the latest replaces the previous one. */
  | {
      type: 'step-progress';
      id: string;
      content?: unknown;
      details?: unknown;
      presentation?: ToolPresentation;
      toolName?: string;
      at?: number;
    }
  /** The call waits for a person's decision. */
  | {
      type: 'step-approval';
      id: string;
      approvalId?: string;
      toolName?: string;
      input?: unknown;
      description?: string;
      sideEffects?: string[];
      at?: number;
    }
  /** A person decided: approved → `running`, declined → `denied`. */
  | { type: 'step-decision'; id: string; approved: boolean; reason?: string; at?: number }
  /** The tool returned: `result` is what the model read, `details` what only the application sees. */
  | {
      type: 'step-result';
      id: string;
      toolName?: string;
      result?: unknown;
      details?: unknown;
      presentation?: ToolPresentation;
      at?: number;
    }
  /** The call failed, with a message and, when one says why, a code (`TOOL_TIMEOUT`). */
  | {
      type: 'step-error';
      id: string;
      toolName?: string;
      message: string;
      code?: string;
      result?: unknown;
      details?: unknown;
      presentation?: ToolPresentation;
      at?: number;
    }
  /** The call was not run because a person (or a policy) declined it. */
  | { type: 'step-denied'; id: string; toolName?: string; reason?: string; at?: number }
  /** The call was stopped before it finished (a user's stop, a cancelled sub-run). */
  | { type: 'step-cancelled'; id: string; reason?: string; at?: number }
  /**
   * The model began a stretch of reasoning (creates the segment, `streaming`). `visibility` says what its
   * text will be (`full` when absent); `parentId` puts a sub-agent's reasoning under the step that ran it.
   */
  | {
      type: 'reasoning-start';
      id: string;
      parentId?: string;
      visibility?: ReasoningVisibility;
      at?: number;
    }
  /** A fragment of a segment's text, appended. Never a signature or an encrypted blob. */
  | { type: 'reasoning-delta'; id: string; delta: string; at?: number }
  /**
   * The segment ended (`done`). `text`, when the wire has the whole text at the end, replaces what
   * streamed; `visibility` corrects what the start said (a reasoning item that turned out encrypted).
   */
  | { type: 'reasoning-end'; id: string; text?: string; visibility?: ReasoningVisibility; at?: number }
  /** A run (or a resumed run) began streaming. */
  | { type: 'run-start'; runId?: string; at?: number }
  /**
   * The run ended as the server meant it to: `done`, or `paused` for approvals. Open steps end
   * `interrupted` (done) or `awaiting-approval` (paused), except those listed in `keepOpen`: calls the
   * client itself still has to run (AI SDK client-side tools wait for `addToolOutput`).
   */
  | { type: 'run-finish'; status?: 'done' | 'paused'; keepOpen?: string[]; at?: number }
  /** The run failed as a whole; open steps end `interrupted`. */
  | { type: 'run-error'; message: string; code?: string; status?: number; at?: number }
  /** The stream stopped before the run finished (cut, aborted, closed without a finish). */
  | { type: 'run-abort'; reason?: string; code?: string; at?: number }
  /** Something was skipped or repaired on the way (a malformed frame, an unknown event): counted, never thrown. */
  | { type: 'diagnostic'; reason: string; protocol?: string; at?: number };

/** The `type` of every `StepEvent`. */
export type StepEventType = StepEvent['type'];
/** The event of one `type`. */
export type StepEventOf<T extends StepEventType> = Extract<StepEvent, { type: T }>;

/**
 * What one field of an event holds, for the check (what the native wire accepts) and the repair (what
 * the reducer makes of a hand-made event):
 *
 * | kind            | accepted                  | repaired when it is not                         |
 * | --------------- | ------------------------- | ----------------------------------------------- |
 * | `id`            | non-empty text            | (the reducer drops an event without one first)  |
 * | `name`          | text                      | `''`, a name not yet known                      |
 * | `text`          | text                      | the event is dropped: nothing to read it as     |
 * | `{ text: why }` | text                      | read as text, else `why`                        |
 * | `flag`          | a boolean                 | the event is dropped                            |
 * | `text?`         | text or absent            | dropped                                         |
 * | `flag?`         | a boolean or absent       | dropped                                         |
 * | `time?`         | a finite number or absent | dropped                                         |
 * | `texts?`        | a list of texts or absent | a lone text a list of one, other items dropped  |
 * | `presentation?` | `{ label, icon?, detail? }` of texts, or absent | its text fields kept      |
 * | `{ oneOf }`     | one of these texts, or absent | dropped                                     |
 * | `unknown?`      | anything                  | (not looked at)                                 |
 */
export type EventField = RequiredField | OptionalField;
type RequiredField = 'id' | 'name' | 'text' | 'flag' | { readonly text: string };
type OptionalField =
  | 'text?'
  | 'flag?'
  | 'time?'
  | 'texts?'
  | 'presentation?'
  | 'unknown?'
  | { readonly oneOf: readonly string[] };

/**
 * Every field of each event type but `type`, no other, an optional kind exactly where the union's
 * field is optional; in the order the check reads them (which names its first issue).
 */
type FieldTable = {
  readonly [T in StepEventType]: {
    readonly [K in Exclude<keyof StepEventOf<T>, 'type'>]-?: undefined extends StepEventOf<T>[K]
      ? OptionalField
      : RequiredField;
  };
};

/** The kinds of field as small numbers, for one switch per field in the check and the repair. */
export const FIELD_KIND = {
  id: 0,
  name: 1,
  text: 2,
  flag: 3,
  'text?': 4,
  'flag?': 5,
  'time?': 6,
  'texts?': 7,
  'presentation?': 8,
  'unknown?': 9,
  oneOf: 10,
  fallback: 11,
} as const;

/** A field's kind as its number. */
export function fieldKind(field: EventField): number {
  return typeof field === 'string' ? FIELD_KIND[field] : 'text' in field ? FIELD_KIND.fallback : FIELD_KIND.oneOf;
}

/** The field table of every `StepEvent`: the run-time shape of the union above, in the schema's order. */
export const STEP_EVENT_FIELDS = {
  'step-start': { id: 'id', toolName: 'name', parentId: 'text?', presentation: 'presentation?', at: 'time?' },
  'step-input-delta': { id: 'id', delta: 'text', replace: 'flag?', at: 'time?' },
  'step-input': { id: 'id', input: 'unknown?', toolName: 'text?', at: 'time?' },
  'step-progress': {
    id: 'id',
    content: 'unknown?',
    details: 'unknown?',
    presentation: 'presentation?',
    toolName: 'text?',
    at: 'time?',
  },
  'step-approval': {
    id: 'id',
    approvalId: 'text?',
    toolName: 'text?',
    input: 'unknown?',
    description: 'text?',
    sideEffects: 'texts?',
    at: 'time?',
  },
  'step-decision': { id: 'id', approved: 'flag', reason: 'text?', at: 'time?' },
  'step-result': {
    id: 'id',
    toolName: 'text?',
    result: 'unknown?',
    details: 'unknown?',
    presentation: 'presentation?',
    at: 'time?',
  },
  'step-error': {
    id: 'id',
    toolName: 'text?',
    message: { text: 'The tool failed.' },
    code: 'text?',
    result: 'unknown?',
    details: 'unknown?',
    presentation: 'presentation?',
    at: 'time?',
  },
  'step-denied': { id: 'id', toolName: 'text?', reason: 'text?', at: 'time?' },
  'step-cancelled': { id: 'id', reason: 'text?', at: 'time?' },
  'reasoning-start': { id: 'id', parentId: 'text?', visibility: { oneOf: REASONING_VISIBILITIES }, at: 'time?' },
  'reasoning-delta': { id: 'id', delta: 'text', at: 'time?' },
  'reasoning-end': { id: 'id', text: 'text?', visibility: { oneOf: REASONING_VISIBILITIES }, at: 'time?' },
  'run-start': { runId: 'text?', at: 'time?' },
  'run-finish': { status: { oneOf: ['done', 'paused'] }, keepOpen: 'texts?', at: 'time?' },
  'run-error': { message: { text: 'The run failed.' }, code: 'text?', status: 'time?', at: 'time?' },
  'run-abort': { reason: 'text?', code: 'text?', at: 'time?' },
  diagnostic: { reason: { text: 'unknown' }, protocol: 'text?', at: 'time?' },
} as const satisfies FieldTable;
