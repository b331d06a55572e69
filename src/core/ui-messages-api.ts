/**
 * The public AI SDK `UIMessage` readers, as declarations of their own rather than re-exports of
 * `ui-messages.ts`: the `ai-sdk` decoder (a lazy chunk, `decoders/load.ts`) uses that module, and esbuild
 * (with code splitting) puts a module a lazy chunk uses into a chunk the entry imports whenever the entry
 * re-exports one of its bindings, so an app importing only the list carried it up front.
 */
import type { Step, StepsState } from './step';
import {
  isToolUIPart as isToolUIPartImpl,
  isUIMessageLike as isUIMessageLikeImpl,
  stepFromToolUIPart as stepFromToolUIPartImpl,
  stepsFromUIMessages as stepsFromUIMessagesImpl,
  subAgentStepId as subAgentStepIdImpl,
  type ToolUIPartLike,
  type UIMessageLike,
} from './ui-messages';

/** `true` for a `tool-<name>` or `dynamic-tool` part with a call id and a state. */
export function isToolUIPart(part: unknown): part is ToolUIPartLike {
  return isToolUIPartImpl(part);
}

/**
 * The step a tool part stands for. `previous` (the step the same call made before) gives the progress
 * count: each new preliminary output counts one more update.
 */
export function stepFromToolUIPart(part: ToolUIPartLike, previous?: Step): Step | undefined {
  return stepFromToolUIPartImpl(part, previous);
}

/**
 * `true` for a whole `UIMessage` (an object with a `role` and a `parts` array): the output of an AI SDK
 * sub-agent, a tool whose `execute` yields the `readUIMessageStream` snapshots of another agent
 * (https://ai-sdk.dev/docs/agents/subagents). Its tool parts are the sub-agent's calls.
 */
export function isUIMessageLike(value: unknown): value is UIMessageLike {
  return isUIMessageLikeImpl(value);
}

/** The step id of a sub-agent's call: its call id under the parent's (ids of two sub-agents may repeat). */
export function subAgentStepId(parentId: string, toolCallId: string): string {
  return subAgentStepIdImpl(parentId, toolCallId);
}

/**
 * Turns AI SDK `UIMessage`s into steps: one per tool part (`tool-<name>` and `dynamic-tool`), in the
 * order the calls first appear. Pass the previous result to keep identity: a step whose part did not
 * change (the same object, or the same fields) is the same object as before, and so are `ids` and
 * `byId` when nothing in them changed, so one streamed update re-renders one row. `run` stays `idle`:
 * `useChat`'s own `status` is the run's status.
 *
 * A sub-agent's calls (tool parts of a `UIMessage` output) follow their parent as child steps.
 * Parts with a state this kit does not know are skipped and counted in `diagnostics`.
 */
export function stepsFromUIMessages(messages: readonly UIMessageLike[], previous?: StepsState): StepsState {
  return stepsFromUIMessagesImpl(messages, previous);
}
