import { act, render, renderHook, screen } from '@testing-library/react';
import { memo, StrictMode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Step } from '../../src/core/step';
import type { UIMessageLike } from '../../src/core/ui-messages';
import { useUIMessageSteps } from '../../src/react/use-ui-message-steps';

const search = { type: 'tool-search', toolCallId: 's', state: 'output-available', input: { q: 'x' }, output: ['a'] };
const edit = {
  type: 'dynamic-tool',
  toolName: 'edit',
  toolCallId: 'e',
  state: 'input-streaming',
  input: { path: 'a' },
  rawInput: '{"path":"a',
};
const chat = (...parts: unknown[]): UIMessageLike[] => [
  { id: 'u', role: 'user', parts: [{ type: 'text', text: 'go' }] },
  { id: 'a', role: 'assistant', parts },
];

const renders: Record<string, number> = {};
const Row = memo(function Row({ step }: { step: Step }) {
  renders[step.id] = (renders[step.id] ?? 0) + 1;
  return (
    <li>
      {step.toolName}: {step.status}
    </li>
  );
});

let setMessages: (messages: UIMessageLike[]) => void = () => {};
function Chat() {
  const [messages, set] = useState(() => chat(search, edit));
  setMessages = set;
  const state = useUIMessageSteps(messages);
  return (
    <ul>
      {state.ids.map((id) => {
        const step = state.byId[id];
        return step ? <Row key={id} step={step} /> : null;
      })}
    </ul>
  );
}

describe('useUIMessageSteps', () => {
  it('turns useChat messages into steps and keeps unchanged steps across renders', () => {
    const { result, rerender } = renderHook(({ messages }) => useUIMessageSteps(messages), {
      initialProps: { messages: chat(search, edit) },
    });
    const first = result.current;
    expect(first.ids).toEqual(['s', 'e']);
    expect(first.byId.e).toMatchObject({ toolName: 'edit', status: 'input-streaming', inputText: '{"path":"a' });

    // useChat gives every part a new object on each chunk; only the edit call really changed
    rerender({ messages: chat({ ...search }, { ...edit, input: { path: 'a.ts' }, rawInput: '{"path":"a.ts"' }) });
    const second = result.current;
    expect(second.byId.s).toBe(first.byId.s);
    expect(second.byId.e).not.toBe(first.byId.e);
    expect(second.byId.e?.input).toEqual({ path: 'a.ts' });
    expect(second.ids).toBe(first.ids);

    // a new array with nothing new in it: the very same state
    rerender({ messages: chat({ ...search }, { ...edit, input: { path: 'a.ts' }, rawInput: '{"path":"a.ts"' }) });
    expect(result.current).toBe(second);
  });

  it('re-renders a memoized row only for the call that changed (in StrictMode)', () => {
    render(
      <StrictMode>
        <Chat />
      </StrictMode>,
    );
    for (const key of Object.keys(renders)) delete renders[key];
    // a new messages array whose parts did not change: no row renders
    act(() => setMessages(chat(search, edit)));
    const before = { ...renders };
    expect(before).toEqual({});
    act(() =>
      setMessages(
        chat({ ...search }, { ...edit, state: 'input-available', input: { path: 'a.ts' }, rawInput: undefined }),
      ),
    );
    expect(screen.getByText('edit: running')).toBeInTheDocument();
    expect(screen.getByText('search: succeeded')).toBeInTheDocument();
    expect(renders.s).toBe(before.s);
    expect(renders.e).toBeGreaterThan(before.e ?? 0);
  });
});
