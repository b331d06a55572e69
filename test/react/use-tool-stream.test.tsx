// biome-ignore-all lint/correctness/noComponentHookFactories: test probes and counting components close over the store and counters of their own test
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, render, waitFor } from '@testing-library/react';
import { StrictMode, useEffect } from 'react';
import { createStepStore, type StepEvent, useToolStream } from 'tool-steps';
import { describe, expect, it, vi } from 'vitest';

const fixtureText = (name: string) =>
  readFileSync(resolve(import.meta.dirname, `../fixtures/cogitator-${name}.sse`), 'utf8');
const sse = (body: BodyInit) => new Response(body, { headers: { 'content-type': 'text/event-stream' } });
const frame = (event: object) => `data: ${JSON.stringify(event)}\n\n`;

/** Mounts the hook; `current()` is its latest result, `statuses` every distinct status in order, `renders()` how many times it rendered. */
function mount(options: useToolStream.Options, { strict = false } = {}) {
  let latest: useToolStream.Result | undefined;
  const statuses: string[] = [];
  let renders = 0;
  function Harness(props: { options: useToolStream.Options }) {
    const result = useToolStream(props.options);
    latest = result;
    renders += 1;
    useEffect(() => {
      if (statuses.at(-1) !== result.status) statuses.push(result.status);
    });
    return null;
  }
  const wrap = (next: useToolStream.Options) =>
    strict ? (
      <StrictMode>
        <Harness options={next} />
      </StrictMode>
    ) : (
      <Harness options={next} />
    );
  const view = render(wrap(options));
  const current = () => {
    if (!latest) throw new Error('not mounted');
    return latest;
  };
  return {
    ...view,
    current,
    statuses,
    renders: () => renders,
    setOptions: (next: useToolStream.Options) => view.rerender(wrap(next)),
  };
}

/** A promise the test settles (Node 20 has no Promise.withResolvers). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A byte stream the test pushes chunks into. */
function pushStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    stream,
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
  };
}

describe('useToolStream', () => {
  it('POSTs the body as JSON with the headers, streams a fixture and ends done', async () => {
    const answer = deferred<Response>();
    const wire = pushStream();
    const fetch = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) => answer.promise);
    const { current, statuses } = mount({
      api: '/api/agent',
      body: { prompt: 'rename formatUsd' },
      headers: { authorization: 'Bearer t' },
      fetch,
    });
    expect(current().status).toBe('idle');
    let sent!: Promise<void>;
    act(() => {
      sent = current().send();
    });
    expect(current().status).toBe('streaming');
    expect(current().state.run.status).toBe('streaming');
    await act(async () => answer.resolve(sse(wire.stream)));
    act(() => {
      wire.push(fixtureText('workspace-edit'));
      wire.close();
    });
    await act(() => sent);
    await waitFor(() => expect(current().state.ids).toHaveLength(4));
    expect(current().status).toBe('done');
    expect(statuses).toEqual(['idle', 'streaming', 'done']);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/agent');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"prompt":"rename formatUsd"}');
    const headers = new Headers(init.headers);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('authorization')).toBe('Bearer t');
    expect(init.signal).toBeInstanceOf(AbortSignal);
    const state = current().state;
    expect(state.ids.map((id) => state.byId[id]?.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    expect(state.run.status).toBe('done');
    expect(current().error).toBeUndefined();
  });

  it('sends the body given to send() instead of the default one', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => sse(fixtureText('tool-timeout')));
    const { current } = mount({ api: '/a', body: { a: 1 }, fetch });
    await act(() => current().send({ b: 2 }));
    expect((fetch.mock.calls[0]?.[1] as RequestInit | undefined)?.body).toBe('{"b":2}');
    await waitFor(() => expect(current().state.ids).toHaveLength(1));
    const step = current().state.byId[current().state.ids[0] as string];
    expect(step?.error).toEqual({ message: 'Tool "run_command" timed out after 60000ms', code: 'TOOL_TIMEOUT' });
  });

  it('shows steps while the stream is open and reaches done when it ends', async () => {
    const wire = pushStream();
    const fetch = vi.fn(async () => sse(wire.stream));
    const { current } = mount({ api: '/a', fetch });
    let sent!: Promise<void>;
    act(() => {
      sent = current().send();
    });
    await waitFor(() => expect(current().status).toBe('streaming'));
    act(() => wire.push(frame({ type: 'tool-call-start', id: 'c1', toolName: 'run_command' })));
    await waitFor(() => expect(current().state.byId.c1?.status).toBe('input-streaming'));
    act(() =>
      wire.push(
        frame({ type: 'tool-call-delta', id: 'c1', argsTextDelta: '{"command":"ls"}' }) +
          frame({ type: 'tool-call-end', id: 'c1' }),
      ),
    );
    await waitFor(() => expect(current().state.byId.c1?.status).toBe('running'));
    expect(current().status).toBe('streaming');
    act(() => {
      wire.push(frame({ type: 'tool-result', id: 'r1', toolCallId: 'c1', result: 'a\nb' }) + frame({ type: 'finish' }));
      wire.close();
    });
    await act(() => sent);
    await waitFor(() => expect(current().state.byId.c1?.status).toBe('succeeded'));
    expect(current().status).toBe('done');
  });

  it('stop() aborts the request, ends open steps and the run interrupted at once', async () => {
    const wire = pushStream();
    let signal: AbortSignal | undefined;
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return sse(wire.stream);
    });
    const { current } = mount({ api: '/a', fetch });
    act(() => {
      void current().send();
    });
    await waitFor(() => expect(current().status).toBe('streaming'));
    act(() => wire.push(frame({ type: 'tool-call-start', id: 'c1', toolName: 'run_command' })));
    await waitFor(() => expect(current().state.byId.c1?.status).toBe('input-streaming'));
    expect(signal?.aborted).toBe(false);
    act(() => current().stop());
    expect(signal?.aborted).toBe(true);
    expect(current().status).toBe('interrupted');
    expect(current().store.getSnapshot().byId.c1?.status).toBe('interrupted');
    await waitFor(() => expect(current().state.byId.c1?.status).toBe('interrupted'));
    expect(current().state.run.status).toBe('interrupted');
    expect(current().error).toBeUndefined();
  });

  it('aborts the request when the component unmounts', async () => {
    const wire = pushStream();
    let signal: AbortSignal | undefined;
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return sse(wire.stream);
    });
    const { current, unmount } = mount({ api: '/a', fetch });
    act(() => {
      void current().send();
    });
    await waitFor(() => expect(current().status).toBe('streaming'));
    unmount();
    expect(signal?.aborted).toBe(true);
  });

  it('turns an HTTP 4xx body { error: { message, code } } into error with that code', async () => {
    const answer = deferred<Response>();
    const fetch = vi.fn(() => answer.promise);
    const { current, statuses } = mount({ api: '/a', fetch });
    let sent!: Promise<void>;
    act(() => {
      sent = current().send();
    });
    expect(current().status).toBe('streaming');
    answer.resolve(
      new Response(JSON.stringify({ error: { message: 'The API key is not valid.', code: 'INVALID_API_KEY' } }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await act(() => sent);
    expect(current().status).toBe('error');
    expect(current().error).toEqual({ message: 'The API key is not valid.', code: 'INVALID_API_KEY', status: 401 });
    expect(statuses).toEqual(['idle', 'streaming', 'error']);
    // one owner: the hook's error is the run's
    expect(current().state.run.error).toBe(current().error);
  });

  it('turns a network failure into error', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { current } = mount({ api: '/api/agent', fetch });
    await act(() => current().send());
    expect(current().status).toBe('error');
    expect(current().error).toEqual({ message: '/api/agent: Failed to fetch', code: 'unreachable' });
  });

  it('reset() empties the store and goes back to idle', async () => {
    const fetch = vi.fn(async () => sse(fixtureText('run-command-progress')));
    const { current } = mount({ api: '/a', fetch });
    await act(() => current().send());
    await waitFor(() => expect(current().state.ids).toHaveLength(1));
    act(() => current().reset());
    await waitFor(() => expect(current().state.ids).toHaveLength(0));
    expect(current().status).toBe('idle');
  });

  it('a request replaced by a newer send() writes nothing into the newer run', async () => {
    const first = pushStream();
    const second = pushStream();
    const answers = [sse(first.stream), sse(second.stream)];
    const fetch = vi.fn(async () => {
      const response = answers.shift();
      if (!response) throw new Error('no more answers');
      return response;
    });
    const { current } = mount({ api: '/api/agent', fetch });
    let replaced!: Promise<void>;
    act(() => {
      replaced = current().send();
    });
    await waitFor(() => expect(current().status).toBe('streaming'));
    act(() => first.push(frame({ type: 'tool-call-start', id: 'old', toolName: 'grep' })));
    await waitFor(() => expect(current().store.getSnapshot().ids).toEqual(['old']));
    act(() => {
      void current().send();
    });
    expect(current().store.getSnapshot().byId.old?.status).toBe('interrupted');
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(current().status).toBe('streaming'));
    // the replaced read ends after the newer run started: its last batch (a run-abort) is dropped
    expect(current().store.getSnapshot().run.status).toBe('streaming');
    act(() => second.push(frame({ type: 'tool-call-start', id: 'new', toolName: 'read_file' })));
    await waitFor(() => expect(current().store.getSnapshot().ids).toEqual(['old', 'new']));
    // The replaced request's stream ends and its send() settles: nothing it does then (a run-abort,
    // a run-error) may reach the newer run's step.
    await act(async () => {
      try {
        first.push(frame({ type: 'tool-call-start', id: 'late', toolName: 'grep' }));
        first.close();
      } catch {
        // already cancelled by the abort
      }
      await replaced;
    });
    expect(current().store.getSnapshot().ids).toEqual(['old', 'new']);
    expect(current().status).toBe('streaming');
    expect(current().store.getSnapshot().byId.new?.status).toBe('input-streaming');
    // the replaced request's own step ended when it was replaced, not later
    expect(current().store.getSnapshot().byId.old?.status).toBe('interrupted');
    act(() => {
      second.push(frame({ type: 'finish', messageId: 'm', status: 'completed' }));
      second.close();
    });
    await waitFor(() => expect(current().status).toBe('done'));
  });

  it('a stream that closes before its run finished ends interrupted, coded stream-closed, not done', async () => {
    const fetch = vi.fn(async () =>
      sse(
        frame({ type: 'start', messageId: 'm', threadId: 't' }) +
          frame({ type: 'tool-call-start', id: 'c1', toolName: 'grep' }),
      ),
    );
    const { current } = mount({ api: '/api/agent', fetch });
    await act(async () => {
      await current().send();
    });
    expect(current().status).toBe('interrupted');
    expect(current().state.run.status).toBe('interrupted');
    expect(current().error).toBeUndefined();
    expect(current().state.run.reasonCode).toBe('stream-closed');
    expect(current().state.byId.c1?.status).toBe('interrupted');
  });

  it('ends paused when the run paused for an approval', async () => {
    const fetch = vi.fn(async () =>
      sse(
        frame({ type: 'start', messageId: 'm', threadId: 't' }) +
          frame({ type: 'tool-call-start', id: 'c1', toolName: 'run_command' }) +
          frame({ type: 'tool-call-end', id: 'c1' }) +
          frame({
            type: 'approval-required',
            threadId: 't',
            approvals: [
              { toolCallId: 'c1', toolName: 'run_command', arguments: { command: 'ls' }, description: 'Run ls?' },
            ],
          }) +
          frame({ type: 'finish', messageId: 'm', status: 'paused' }),
      ),
    );
    const { current } = mount({ api: '/a', fetch });
    await act(() => current().send());
    expect(current().status).toBe('paused');
    expect(current().error).toBeUndefined();
    await waitFor(() => expect(current().state.byId.c1?.status).toBe('awaiting-approval'));
  });

  it('send() uses the options of the latest render', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => sse(fixtureText('tool-timeout')));
    const { current, setOptions } = mount({ api: '/first', body: { n: 1 }, fetch });
    setOptions({ api: '/second', body: { n: 2 }, headers: { 'x-trace': 'abc' }, fetch });
    await act(() => current().send());
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/second');
    expect(init.body).toBe('{"n":2}');
    expect(new Headers(init.headers).get('x-trace')).toBe('abc');
  });

  it("a child's effect in the same commit sends with that render's options", async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => sse(fixtureText('tool-timeout')));
    function Sender({ send, go }: { send: () => Promise<void>; go: boolean }) {
      useEffect(() => {
        if (go) void send();
      }, [go, send]);
      return null;
    }
    function Host({ api, go }: { api: string; go: boolean }) {
      const { send } = useToolStream({ api, fetch });
      return <Sender send={send} go={go} />;
    }
    const view = render(<Host api="/first" go={false} />);
    await act(async () => view.rerender(<Host api="/second" go />));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls[0]?.[0]).toBe('/second');
  });

  it('another store makes another stream: the old request is aborted, the new store is read', async () => {
    const wire = pushStream();
    const fetch = vi.fn(async () => sse(wire.stream));
    const first = createStepStore({ schedule: (flush) => flush() });
    const second = createStepStore({ schedule: (flush) => flush() });
    const { current, setOptions } = mount({ api: '/a', fetch, store: first });
    act(() => {
      void current().send();
    });
    await waitFor(() => expect(current().status).toBe('streaming'));
    setOptions({ api: '/a', fetch, store: second });
    expect(current().store).toBe(second);
    expect(current().status).toBe('idle');
    expect(first.getSnapshot().run.status).toBe('interrupted');
  });

  it("hands decoderOptions to the stream's decoder (AG-UI custom events as progress)", async () => {
    const text =
      frame({ type: 'RUN_STARTED', threadId: 't', runId: 'r' }) +
      frame({ type: 'TOOL_CALL_START', toolCallId: 'a', toolCallName: 'x' }) +
      frame({ type: 'CUSTOM', name: 'tool_progress', value: { toolCallId: 'a' } });
    const fetch = vi.fn(async () => sse(text));
    const custom = (name: string): StepEvent[] | undefined =>
      name === 'tool_progress' ? [{ type: 'step-progress', id: 'a', content: 'half way' }] : undefined;
    const { current } = mount({ api: '/a', fetch, protocol: 'ag-ui', decoderOptions: { custom } });
    await act(() => current().send());
    expect(current().state.byId.a?.progress?.content).toBe('half way');
  });

  it('after unmount the request is aborted, the shared store shows the run interrupted, and nothing renders', async () => {
    const wire = pushStream();
    const store = createStepStore({ schedule: (flush) => flush() });
    const fetch = vi.fn(async () => sse(wire.stream));
    const { current, unmount, renders } = mount({ api: '/a', fetch, store });
    let sent!: Promise<void>;
    act(() => {
      sent = current().send();
    });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    act(() => wire.push(frame({ type: 'tool-call-start', id: 'c1', toolName: 'grep' })));
    await waitFor(() => expect(current().state.byId.c1?.status).toBe('input-streaming'));
    const rendered = renders();
    unmount();
    expect(store.getSnapshot().run.status).toBe('interrupted');
    expect(store.getSnapshot().byId.c1?.status).toBe('interrupted');
    // the read settles after the unmount: it writes nothing and renders nothing
    try {
      wire.push(frame({ type: 'tool-call-start', id: 'late', toolName: 'grep' }));
      wire.close();
    } catch {
      // already cancelled by the abort
    }
    await sent;
    expect(store.getSnapshot().ids).toEqual(['c1']);
    expect(renders()).toBe(rendered);
  });

  it('works under StrictMode (mounted, unmounted and mounted again)', async () => {
    const fetch = vi.fn(async () => sse(fixtureText('workspace-edit')));
    const { current } = mount({ api: '/a', fetch }, { strict: true });
    await act(() => current().send());
    expect(fetch).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(current().state.ids).toHaveLength(4));
    expect(current().status).toBe('done');
  });
});
