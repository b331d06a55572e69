/**
 * How the AG-UI decoder sorts and checks a frame: the field checks of each type it reads, the checks of the
 * hot path that copy nothing, what a type does to the open chunked calls, and which timestamps are times.
 */
import { array, type Check, nonEmpty, nullish, object, present, string, unknown } from '../../check';
import { AG_UI_IGNORED, isAgUiType } from './types';

/** Said of what `@ag-ui/client` refuses and this decoder reads. */
export const REJECTS = ' (the reference client rejects the run)';

/** 0.0.x encoders write absent optional fields as `null`: every optional field here accepts it. */
const str = nullish(string);
const loose = (shape: Record<string, Check>) => object<Record<string, unknown>>(shape, true);

export const checks: Readonly<Record<string, Check<Record<string, unknown>>>> = {
  RUN_STARTED: loose({ threadId: str, runId: str }),
  RUN_FINISHED: loose({ outcome: unknown }),
  RUN_ERROR: loose({ message: str, code: str }),
  TOOL_CALL_START: loose({ toolCallId: nonEmpty, toolCallName: string, subagentRunId: str }),
  TOOL_CALL_ARGS: loose({ toolCallId: nonEmpty, delta: string }),
  TOOL_CALL_END: loose({ toolCallId: nonEmpty }),
  TOOL_CALL_CHUNK: loose({ toolCallId: str, toolCallName: str, delta: str, subagentRunId: str }),
  TOOL_CALL_RESULT: loose({ toolCallId: nonEmpty, content: present, error: str }),
  MESSAGES_SNAPSHOT: loose({ messages: array(unknown) }),
  ACTIVITY_SNAPSHOT: loose({ messageId: nonEmpty, content: unknown }),
  ACTIVITY_DELTA: loose({ messageId: nonEmpty, patch: array(unknown) }),
  SUBAGENT_STARTED: loose({ subagentRunId: nonEmpty, parentToolCallId: str, parentSubagentRunId: str }),
  SUBAGENT_FINISHED: loose({ subagentRunId: nonEmpty, outcome: unknown }),
  SUBAGENT_ERROR: loose({ subagentRunId: nonEmpty, message: str }),
};

const id = (v: unknown): boolean => typeof v === 'string' && v !== '';
const text = (v: unknown): boolean => typeof v === 'string';
const absentOrText = (v: unknown): boolean => v == null || typeof v === 'string';
/**
 * The same answers as `checks` for the frames of a call, without copying the frame: these come once per
 * argument fragment, so they are the decoder's hot path. `false` sends the frame to `checks` (for its
 * diagnostic, or for the fields checked only there).
 */
export const fast: Readonly<Record<string, (e: Record<string, unknown>) => boolean>> = {
  TOOL_CALL_START: (e) => id(e.toolCallId) && text(e.toolCallName) && absentOrText(e.subagentRunId),
  TOOL_CALL_ARGS: (e) => id(e.toolCallId) && text(e.delta),
  TOOL_CALL_END: (e) => id(e.toolCallId),
  TOOL_CALL_RESULT: (e) => id(e.toolCallId) && e.content !== undefined && absentOrText(e.error),
};

/** The reasoning events, current and legacy (read by `reasoning`). */
export const REASONING = /^(?:REASONING|THINKING)_/;

/** Events that close the open chunked call of every lane (the client's `transformChunks`). */
const CLOSES_ALL = /^(?:RUN_(?:STARTED|FINISHED|ERROR)|MESSAGES_SNAPSHOT)$/;
/** Events that leave a lane's open chunked call open; any other event closes the call of its own lane. */
const KEEPS_OPEN = /^(?:TOOL_CALL_CHUNK|RAW|ACTIVITY_(?:SNAPSHOT|DELTA)|REASONING_ENCRYPTED_VALUE|SUBAGENT_STARTED)$/;

/** What the decoder does with a type: `0` not AG-UI; else bits of `KNOWN`, `CLOSE_ALL`, `KEEP_OPEN`, `SKIP`. */
export const KNOWN = 1;
export const CLOSE_ALL = 2;
export const KEEP_OPEN = 4;
export const SKIP = 8;
/** The kinds of the types seen, so each frame costs one lookup instead of three regular expressions. */
const kinds = new Map<string, number>();
/** Types are few; a stream that invents new ones is still read, only without the memo past this many. */
const MAX_KINDS = 512;

export function typeFlags(type: string): number {
  const known = kinds.get(type);
  if (known !== undefined) return known;
  const kind = !isAgUiType(type)
    ? 0
    : KNOWN |
      (CLOSES_ALL.test(type) ? CLOSE_ALL : KEEPS_OPEN.test(type) ? KEEP_OPEN : 0) |
      (AG_UI_IGNORED.test(type) ? SKIP : 0);
  if (kinds.size < MAX_KINDS) kinds.set(type, kind);
  return kind;
}

/** Milliseconds since 2000 and before 2100: the only `timestamp`s read as times (the unit is a convention). */
export function plausibleTime(value: unknown): number | undefined {
  return typeof value === 'number' && value > 946_684_800_000 && value < 4_102_444_800_000 ? value : undefined;
}
