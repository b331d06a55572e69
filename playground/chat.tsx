/**
 * The live agent in a chat. Each request is one assistant turn with its own `createToolStream` (the
 * kit's request store, protocol detected from the answer) and a timeline of the agent's text; the
 * steps are drawn by `<ToolSteps>` between the text parts. Approvals go back each wire's own way.
 */
import { type FormEvent, type KeyboardEvent, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { createToolStream, type Step, type StepsState, ToolSteps, type ToolStream } from 'tool-steps';
import { segmentOf } from 'tool-steps/core';
import { Timeline, type TimelineItem, type TimelineSnapshot, teeFetch, type Wire } from './timeline';

export const WIRE_NAMES: Record<Wire, string> = {
  cogitator: 'Cogitator',
  'ai-sdk': 'AI SDK',
  anvia: 'Anvia',
  native: 'Native',
};

/** What each wire cannot carry, said under the switch. */
export const WIRE_GAPS: Record<Wire, string> = {
  cogitator:
    "Cogitator SSE: text, progress, details, errorCode, approvals. No nesting (no parent field): a sub-agent's calls arrive flat.",
  'ai-sdk':
    "AI SDK UI message stream (written by the ai package): progress as preliminary outputs; a sub-agent's calls nest, sent as its whole UIMessages in the task call's outputs. No error codes (in the text only), no details beside the output.",
  anvia:
    'Anvia anvia.client.v3: nesting (scopes), error codes, interactions. No progress: command output arrives with the result.',
  native: "The kit's native events: everything a step has. No text: the StepEvent union carries none.",
};

const ENDPOINT: Record<Wire, string> = {
  cogitator: '/api/cogitator/agents/playground/stream',
  'ai-sdk': '/api/ai-sdk/chat',
  anvia: '/api/anvia',
  native: '/api/native',
};

function startBody(wire: Wire, prompt: string, session: string, turnId: string): unknown {
  switch (wire) {
    case 'cogitator':
      return { input: prompt, context: { session } };
    case 'ai-sdk':
      return {
        id: session,
        trigger: 'submit-message',
        messages: [{ id: `user_${turnId}`, role: 'user', parts: [{ type: 'text', text: prompt }] }],
      };
    case 'anvia':
      return { type: 'messages', messages: [{ role: 'user', content: prompt }], metadata: { session } };
    default:
      return { prompt, session };
  }
}

interface Decision {
  step: Step;
  approved: boolean;
  /** What the person typed in the card's reason field, if anything. */
  reason?: string;
}

/** A decision as every wire writes it: `{ approved, reason? }` (the model reads the reason). */
function verdict(d: Decision): { approved: boolean; reason?: string } {
  return d.reason ? { approved: d.approved, reason: d.reason } : { approved: d.approved };
}

/** The resume request of each wire: its URL and body. */
function resumeRequest(
  wire: Wire,
  decisions: Decision[],
  timeline: TimelineSnapshot,
  prompt: string,
  session: string,
  turnId: string,
): { api: string; body: unknown } {
  switch (wire) {
    case 'cogitator':
      // POST {base}/agents/:name/resume with { threadId, decisions } (PROTOCOLS.md §1.7)
      return {
        api: '/api/cogitator/agents/playground/resume',
        body: {
          threadId: timeline.threadId,
          decisions: Object.fromEntries(decisions.map((d) => [d.step.id, verdict(d)])),
        },
      };
    case 'ai-sdk':
      // what useChat sends after addToolApprovalResponse: the assistant message, its parts `approval-responded`
      return {
        api: ENDPOINT['ai-sdk'],
        body: {
          id: session,
          trigger: 'submit-message',
          messages: [
            { id: `user_${turnId}`, role: 'user', parts: [{ type: 'text', text: prompt }] },
            {
              id: timeline.messageId,
              role: 'assistant',
              parts: decisions.map((d) => ({
                type: `tool-${d.step.toolName}`,
                toolCallId: d.step.id,
                state: 'approval-responded',
                input: timeline.calls[d.step.id]?.input ?? d.step.input,
                approval: { id: d.step.approval?.id, ...verdict(d) },
              })),
            },
          ],
        },
      };
    case 'anvia': {
      // Anvia answers one interaction per request
      const [first] = decisions;
      return {
        api: ENDPOINT.anvia,
        body: {
          type: 'interaction_response',
          interactionId: first?.step.approval?.id,
          response: { type: 'tool-approval', ...(first ? verdict(first) : { approved: false }) },
        },
      };
    }
    default:
      return {
        api: ENDPOINT.native,
        body: {
          runId: timeline.runId,
          decisions: Object.fromEntries(decisions.map((d) => [d.step.id, verdict(d)])),
        },
      };
  }
}

/** One request and its answer. */
export interface Turn {
  id: string;
  prompt: string;
  wire: Wire;
  stream: ToolStream;
  timeline: Timeline;
}

let turnCounter = 0;

export function startTurn(wire: Wire, prompt: string, session: string): Turn {
  const id = `t${++turnCounter}${Date.now().toString(36)}`;
  const timeline = new Timeline();
  const stream = createToolStream({ api: ENDPOINT[wire], fetch: teeFetch(wire, timeline) });
  void stream.send(startBody(wire, prompt, session, id));
  return { id, prompt, wire, stream, timeline };
}

/**
 * The steps of one group (its ids and every step nested under one of them) and its reasoning (the
 * top-level segments that began in it, and those nested under one of its steps). Only the last group
 * of a turn keeps the run's error and diagnostics, which `<ToolSteps>` draws after its rows.
 */
function groupState(
  state: StepsState,
  item: { ids: readonly string[]; thoughts?: readonly string[] },
  last: boolean,
): StepsState {
  const group = new Set(item.ids);
  const rootOf = (id: string) => {
    let cursor = id;
    const seen = new Set<string>();
    for (;;) {
      const parent = state.byId[cursor]?.parentId;
      if (!parent || seen.has(parent) || !state.byId[parent]) return cursor;
      seen.add(cursor);
      cursor = parent;
    }
  };
  const members = state.ids.filter((id) => group.has(rootOf(id)));
  const thoughts = new Set(item.thoughts);
  const inGroup = (segmentId: string) => {
    const parentId = segmentOf(state.reasoning, segmentId)?.parentId;
    return parentId && state.byId[parentId] ? group.has(rootOf(parentId)) : thoughts.has(segmentId);
  };
  const own = { ...state, ids: members, reasoning: groupReasoning(state, members, inGroup) };
  return last ? own : { ...own, run: { status: state.run.status }, diagnostics: { count: 0 } };
}

/**
 * A group's segments, each placed among the group's own steps: its `stepsBefore` (a count of the whole
 * turn's steps) becomes the count of the group's steps before it.
 */
function groupReasoning(
  state: StepsState,
  members: readonly string[],
  inGroup: (segmentId: string) => boolean,
): StepsState['reasoning'] {
  const all = state.reasoning;
  if (!all) return undefined;
  const ids = all.ids.filter(inGroup);
  if (ids.length === 0) return undefined;
  const index = new Map(state.ids.map((id, i) => [id, i]));
  const positions = members.map((id) => index.get(id) ?? 0);
  const segments = all.segments
    .filter((segment) => inGroup(segment.id))
    .map((segment) => ({ ...segment, stepsBefore: positions.filter((p) => p < segment.stepsBefore).length }));
  return { ids, segments };
}

/** A line of the agent's text: `code` spans, the rest as text. */
function Inline({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]+`)/).map((piece, j) =>
        piece.startsWith('`') && piece.endsWith('`') && piece.length > 2 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one line, in order
          <code key={j}>{piece.slice(1, -1)}</code>
        ) : (
          piece
        ),
      )}
    </>
  );
}

/** The agent's text: paragraphs, `- ` lists and inline `code`; everything else is text. */
function Prose({ text }: { text: string }) {
  const blocks = text.split(/\n{2,}/).filter((p) => p.trim());
  return (
    <>
      {blocks.map((block, i) => {
        const lines = block.split('\n');
        const items = lines.filter((line) => line.startsWith('- '));
        const lead = lines.filter((line) => !line.startsWith('- ')).join(' ');
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks of a growing text, in order
          <div key={i}>
            {lead ? (
              <p>
                <Inline text={lead} />
              </p>
            ) : null}
            {items.length ? (
              <ul>
                {items.map((item, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines of one block, in order
                  <li key={j}>
                    <Inline text={item.slice(2)} />
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        );
      })}
    </>
  );
}

const STATUS_WORDS = {
  streaming: 'Working…',
  paused: 'Waiting for your approval',
  interrupted: 'Stopped',
} as const;

/** One assistant answer: text parts and step groups in the order they came, approvals, the run's state. */
export function AssistantTurn({ turn, session }: { turn: Turn; session: string }) {
  const { stream, timeline, wire } = turn;
  const snapshot = useSyncExternalStore(stream.subscribe, stream.getSnapshot, stream.getSnapshot);
  const line = useSyncExternalStore(timeline.subscribe, timeline.getSnapshot, timeline.getSnapshot);
  const decisions = useRef<Decision[]>([]);
  /** a resume waits for the answer to pause (see decide) */
  const deferred = useRef(false);
  const { state, status, error } = snapshot;

  const decide = (step: Step, approved: boolean, reason: string | undefined) => {
    const decision: Decision = reason ? { step, approved, reason } : { step, approved };
    // the row keeps the reason: the store's decision is what it shows once the wire goes on
    stream.store.apply({ type: 'step-decision', id: step.id, ...verdict(decision) });
    decisions.current.push(decision);
    const waiting = stream.store
      .getSnapshot()
      .ids.some((id) => stream.store.getSnapshot().byId[id]?.status === 'awaiting-approval');
    if (waiting && wire !== 'anvia') return; // Cogitator, AI SDK and native send every decision of the turn at once
    if (stream.getSnapshot().status !== 'streaming') return resume();
    // decided while the answer still streams (another call runs): sending now would abort that answer,
    // which stops the run; the server pauses once nothing else runs, and the resume goes then
    if (deferred.current) return;
    deferred.current = true;
    const unsubscribe = stream.subscribe(() => {
      if (stream.getSnapshot().status === 'streaming') return;
      unsubscribe();
      deferred.current = false;
      if (stream.getSnapshot().status === 'paused') resume();
    });
  };

  const resume = () => {
    if (decisions.current.length === 0) return;
    const request = resumeRequest(wire, decisions.current, timeline.getSnapshot(), turn.prompt, session, turn.id);
    decisions.current = [];
    stream.setOptions({ api: request.api, fetch: teeFetch(wire, timeline) });
    void stream.send(request.body);
  };

  const assigned = useMemo(
    () => new Set(line.items.flatMap((item) => (item.kind === 'steps' ? item.ids : []))),
    [line.items],
  );
  const items: TimelineItem[] = [...line.items];
  // steps no text marker placed (a wire the timeline cannot read): drawn after everything else
  const stray = state.ids.filter((id) => !assigned.has(id) && !state.byId[id]?.parentId);
  if (stray.length) items.push({ kind: 'steps', ids: stray });
  const lastGroup = items.reduce((found, item, index) => (item.kind === 'steps' ? index : found), -1);

  return (
    <article
      className="pg-turn pg-assistant"
      data-testid="assistant-turn"
      data-status={status}
      aria-label="Agent's answer"
    >
      {items.map((item, index) =>
        item.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the timeline only grows, in order
          <div className="pg-prose" key={index}>
            <Prose text={item.text} />
          </div>
        ) : (
          <ToolSteps
            // biome-ignore lint/suspicious/noArrayIndexKey: the timeline only grows, in order
            key={index}
            state={groupState(state, item, index === lastGroup)}
            onApprove={(step, { reason }) => decide(step, true, reason)}
            onDeny={(step, { reason }) => decide(step, false, reason)}
          />
        ),
      )}
      {/* a stopped or cut turn with steps: the list's own line after its rows says so ("Stopped after 8.8s") */}
      {status === 'streaming' || status === 'paused' || (status === 'interrupted' && lastGroup === -1) ? (
        <p className="pg-run-state" data-run-status={status}>
          {status === 'streaming' ? <span className="pg-dots" aria-hidden="true" /> : null}
          {STATUS_WORDS[status]}
        </p>
      ) : null}
      {error && status !== 'interrupted' && lastGroup === -1 ? (
        <p className="pg-run-error" role="alert">
          {error.code ? <code>{error.code}</code> : null} {error.message}
        </p>
      ) : null}
    </article>
  );
}

/** The composer: a short text box, Send (Enter) and Stop. */
export function Composer({
  busy,
  onSend,
  onStop,
}: {
  busy: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
}) {
  const [text, setText] = useState('');
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const value = text.trim();
    if (!value) return;
    onSend(value);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };
  return (
    <form className="pg-composer" onSubmit={submit}>
      <textarea
        aria-label="Ask the agent"
        placeholder="Ask the agent, or run a command: run ls"
        rows={1}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {busy ? (
        <button type="button" className="pg-stop" onClick={onStop} aria-label="Stop the run">
          <span aria-hidden="true">■</span>
        </button>
      ) : (
        <button type="submit" className="pg-send" aria-label="Send" disabled={!text.trim()}>
          <span aria-hidden="true">↑</span>
        </button>
      )}
    </form>
  );
}
