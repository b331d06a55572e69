// `readStream` in `tool-steps/core` loads its body (read-stream.ts) on the first read. What that must keep:
// the events are the same as the body's own, a load that failed is not cached (the next read loads
// again), and loading once serves every later read.
import type { StepEvent } from 'tool-steps/core';
import { afterEach, describe, expect, it, vi } from 'vitest';

const TEXT = 'data: {"type":"tool-call-start","id":"c","toolName":"grep"}\n\n';

async function collect(batches: AsyncIterable<StepEvent[]>): Promise<StepEvent[]> {
  const out: StepEvent[] = [];
  for await (const batch of batches) out.push(...batch);
  return out;
}

afterEach(() => {
  vi.doUnmock('../../src/core/read-stream');
  vi.resetModules();
});

describe('the lazily loaded stream reader', () => {
  it('reads what the reader module itself reads', async () => {
    const { readStream } = await import('../../src/core/stream');
    const { readStreamNow } = await import('../../src/core/read-stream');
    const lazy = await collect(readStream(TEXT));
    expect(lazy.map((e) => e.type)).toEqual(['step-start', 'run-abort']);
    expect(lazy).toEqual(await collect(readStreamNow(TEXT, {})));
  });

  it('rethrows a failed load, and loads again on the next read', async () => {
    vi.resetModules();
    let loads = 0;
    vi.doMock('../../src/core/read-stream', async (importOriginal) => {
      loads += 1;
      if (loads === 1) throw new Error('the chunk did not arrive');
      return importOriginal();
    });
    const { readStream, loadStreamReader } = await import('../../src/core/stream');
    // (Vitest wraps the factory's error in its own message; that the load was the one that failed is `loads`.)
    await expect(collect(readStream(TEXT))).rejects.toThrow();
    expect(loads).toBe(1);
    const events = await collect(readStream(TEXT));
    expect(events.map((e) => e.type)).toEqual(['step-start', 'run-abort']);
    expect(loads).toBe(2);
    // loaded once, kept: the same promise from now on
    expect(loadStreamReader()).toBe(loadStreamReader());
    await collect(readStream(TEXT));
    expect(loads).toBe(2);
  });

  it('createToolStream starts loading the reader when it sends, while the request is on the network', async () => {
    vi.resetModules();
    let loads = 0;
    vi.doMock('../../src/core/read-stream', async (importOriginal) => {
      loads += 1;
      return importOriginal();
    });
    const { createToolStream } = await import('../../src/core/tool-stream');
    let answer: ((response: Response) => void) | undefined;
    const stream = createToolStream({
      api: '/agent',
      fetch: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const unsubscribe = stream.subscribe(() => {});
    expect(loads).toBe(0);
    const sent = stream.send();
    await vi.waitFor(() => expect(loads).toBe(1));
    // the answer has not come yet: the load did not wait for it
    expect(stream.getSnapshot().status).toBe('streaming');
    answer?.(new Response(TEXT, { headers: { 'content-type': 'text/event-stream' } }));
    await sent;
    expect(stream.getSnapshot().state.ids).toEqual(['c']);
    expect(loads).toBe(1);
    unsubscribe();
  });
});
