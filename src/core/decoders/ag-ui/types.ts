/**
 * The AG-UI event types, apart from the decoder (./index.ts) so detection can ask about a frame without
 * importing the decoder, which `readStream` loads only once a stream is known to be AG-UI.
 */

/** The types the decoder reads (each has a check in ./index.ts). */
export const AG_UI_READ_TYPES: ReadonlySet<string> = new Set([
  'RUN_STARTED',
  'RUN_FINISHED',
  'RUN_ERROR',
  'TOOL_CALL_START',
  'TOOL_CALL_ARGS',
  'TOOL_CALL_END',
  'TOOL_CALL_CHUNK',
  'TOOL_CALL_RESULT',
  'MESSAGES_SNAPSHOT',
  'ACTIVITY_SNAPSHOT',
  'ACTIVITY_DELTA',
  'SUBAGENT_STARTED',
  'SUBAGENT_FINISHED',
  'SUBAGENT_ERROR',
]);

/** Types of the protocol that say nothing about tool calls (text, reasoning, state): read and ignored. */
export const AG_UI_IGNORED =
  /^(?:(?:TEXT_MESSAGE|REASONING|THINKING)_[A-Z_]+|STATE_(?:SNAPSHOT|DELTA)|STEP_(?:STARTED|FINISHED)|RAW)$/;

/** Whether a `type` is an AG-UI event type the decoder knows (detection asks). */
export function isAgUiType(type: string): boolean {
  return type === 'CUSTOM' || AG_UI_READ_TYPES.has(type) || AG_UI_IGNORED.test(type);
}
