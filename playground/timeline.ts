/**
 * What the kit does not read from a stream, read here: the agent's text, where each group of tool
 * calls (and the reasoning among them) sits between the text parts, and the ids a wire's resume request needs (Cogitator's thread, the
 * AI SDK message and each call's tool name and input, the native run). The page tees each response:
 * one copy goes to the kit's `createToolStream` (steps), the other to `readTimeline`.
 */
import { createParser } from 'eventsource-parser';
import { agentFetch } from './agent-fetch';

export type Wire = 'cogitator' | 'ai-sdk' | 'anvia' | 'native';

/** A group of steps between text parts: its top-level call ids, and the reasoning segments that began in it. */
export type TimelineItem = { kind: 'text'; text: string } | { kind: 'steps'; ids: string[]; thoughts?: string[] };

export interface TimelineSnapshot {
  items: readonly TimelineItem[];
  /** Cogitator's thread id, the AI SDK / Anvia message id, the native run id. */
  threadId?: string;
  messageId?: string;
  runId?: string;
  /** Tool name and input per call id (the AI SDK's approval response repeats them). */
  calls: Readonly<Record<string, { toolName: string; input?: unknown }>>;
}

/** A small external store of one assistant turn's timeline. */
export class Timeline {
  private snapshot: TimelineSnapshot = { items: [], calls: {} };
  private listeners = new Set<() => void>();

  getSnapshot = (): TimelineSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<TimelineSnapshot>) {
    this.snapshot = { ...this.snapshot, ...next };
    for (const listener of [...this.listeners]) listener();
  }

  text(delta: string) {
    const items = [...this.snapshot.items];
    const last = items.at(-1);
    if (last?.kind === 'text') items[items.length - 1] = { kind: 'text', text: last.text + delta };
    else items.push({ kind: 'text', text: delta });
    this.set({ items });
  }

  call(id: string, toolName: string, input?: unknown) {
    const calls = { ...this.snapshot.calls, [id]: { toolName, input } };
    if (this.snapshot.items.some((item) => item.kind === 'steps' && item.ids.includes(id))) {
      this.set({ calls });
      return;
    }
    const items = [...this.snapshot.items];
    const last = items.at(-1);
    if (last?.kind === 'steps') items[items.length - 1] = { ...last, ids: [...last.ids, id] };
    else items.push({ kind: 'steps', ids: [id] });
    this.set({ items, calls });
  }

  /** A top-level reasoning segment began: it belongs to the group of steps under way, or starts one. */
  thought(id: string) {
    const items = [...this.snapshot.items];
    const last = items.at(-1);
    if (last?.kind === 'steps') items[items.length - 1] = { ...last, thoughts: [...(last.thoughts ?? []), id] };
    else items.push({ kind: 'steps', ids: [], thoughts: [id] });
    this.set({ items });
  }

  input(id: string, input: unknown) {
    const call = this.snapshot.calls[id];
    if (call) this.set({ calls: { ...this.snapshot.calls, [id]: { ...call, input } } });
  }

  ids(next: { threadId?: string; messageId?: string; runId?: string }) {
    const changed = Object.entries(next).some(
      ([key, value]) => value !== undefined && this.snapshot[key as keyof TimelineSnapshot] !== value,
    );
    if (changed) this.set(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)));
  }
}

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Reads one frame of `wire` into the timeline. Never throws. */
function readFrame(wire: Wire, frame: Json, timeline: Timeline) {
  switch (wire) {
    case 'cogitator':
      if (frame.type === 'start' || frame.type === 'approval-required' || frame.type === 'finish') {
        timeline.ids({ threadId: str(frame.threadId), messageId: str(frame.messageId) });
      } else if (frame.type === 'text-delta' && typeof frame.delta === 'string') timeline.text(frame.delta);
      else if (frame.type === 'reasoning-start' && str(frame.id)) timeline.thought(frame.id as string);
      else if (frame.type === 'tool-call-start' && str(frame.id))
        timeline.call(frame.id as string, str(frame.toolName) ?? '');
      return;
    case 'ai-sdk':
      if (frame.type === 'start') timeline.ids({ messageId: str(frame.messageId) });
      else if (frame.type === 'text-delta' && typeof frame.delta === 'string') timeline.text(frame.delta);
      else if (frame.type === 'reasoning-start' && str(frame.id)) timeline.thought(frame.id as string);
      else if (frame.type === 'tool-input-start' && str(frame.toolCallId))
        timeline.call(frame.toolCallId as string, str(frame.toolName) ?? '');
      else if (frame.type === 'tool-input-available' && str(frame.toolCallId))
        timeline.input(frame.toolCallId as string, frame.input);
      return;
    case 'anvia': {
      const event =
        frame.type === 'stream_event' && frame.event && typeof frame.event === 'object'
          ? (frame.event as Json)
          : undefined;
      if (!event || event.scope) return; // a sub-agent's events are drawn inside its parent's step
      if (event.type === 'run_start') timeline.ids({ runId: str(event.runId) });
      else if (event.type === 'message_start') timeline.ids({ messageId: str(event.messageId) });
      else if (event.type === 'text_delta' && typeof event.delta === 'string') timeline.text(event.delta);
      else if (event.type === 'reasoning_start' && str(event.partId)) timeline.thought(event.partId as string);
      else if (event.type === 'tool_call_start' && str(event.toolCallId))
        timeline.call(event.toolCallId as string, str(event.toolName) ?? '');
      return;
    }
    case 'native':
      if (frame.type === 'run-start') timeline.ids({ runId: str(frame.runId) });
      else if (frame.type === 'reasoning-start' && str(frame.id) && !frame.parentId)
        timeline.thought(frame.id as string);
      else if (frame.type === 'step-start' && str(frame.id) && !frame.parentId)
        timeline.call(frame.id as string, str(frame.toolName) ?? '');
      return;
  }
}

/** Reads a response's copy to its end into the timeline; errors end the read quietly (the kit reports them). */
export async function readTimeline(response: Response, wire: Wire, timeline: Timeline): Promise<void> {
  if (!response.body) return;
  const onFrame = (data: string) => {
    if (data === '[DONE]') return;
    try {
      const frame = JSON.parse(data) as unknown;
      if (frame && typeof frame === 'object') readFrame(wire, frame as Json, timeline);
    } catch {
      // a malformed frame: the kit counts it as a diagnostic
    }
  };
  const sse = createParser({ onEvent: (event) => onFrame(event.data) });
  let pending = '';
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      if (wire === 'anvia') {
        const lines = (pending + text).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) if (line.trim()) onFrame(line);
      } else sse.feed(text);
    }
  } catch {
    // aborted or cut: the kit's stream says so
  }
}

/** A fetch that gives the kit the response and reads a copy into the timeline. */
export function teeFetch(wire: Wire, timeline: Timeline): typeof fetch {
  return async (input, init) => {
    const response = await agentFetch(input, init);
    if (response.ok && response.body) void readTimeline(response.clone(), wire, timeline);
    return response;
  };
}
