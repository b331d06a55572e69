'use client';

import { useEffect, useMemo, useRef } from 'react';
import type { StepsState } from 'tool-steps/core';
import type { UIMessageLike } from 'tool-steps/wires';
import { stepsFromUIMessages } from '../core/ui-messages';

/**
 * The steps of AI SDK `UIMessage`s (pass `useChat().messages`), for `<ToolSteps state={...}/>` next
 * to `useChat` without a second connection. Recomputed when `messages` changes; a step whose tool part
 * did not change keeps its identity across renders, so a memoized row re-renders only for its own
 * call.
 */
export function useUIMessageSteps(messages: readonly UIMessageLike[]): StepsState {
  // The last committed result: only an identity hint, so reading it during render cannot change
  // what is shown, only which objects are reused.
  const committed = useRef<StepsState | undefined>(undefined);
  const state = useMemo(() => stepsFromUIMessages(messages, committed.current), [messages]);
  useEffect(() => {
    committed.current = state;
  }, [state]);
  return state;
}
