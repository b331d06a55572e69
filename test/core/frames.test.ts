// The frame queue the stores share: first asked first run, each flush once, and a frame runs only as
// many flushes as its budget fits, learned from what the frame before it cost: the time from its start
// to the next frame's (a fake clock here, moved by the flushes).

import { describe, expect, it, vi } from 'vitest';
import { createFrameQueue } from '../../src/core/frames';

/** A page under test: frames run when the test says, a clock that flushes move forward. */
function page(options: { budgetMs?: number; firstFrame?: number } = {}) {
  const frames: (() => void)[] = [];
  let clock = 0;
  const schedule = createFrameQueue({ request: (run) => frames.push(run), now: () => clock, ...options });
  const ran: number[][] = [];
  /** Runs the frame asked for. */
  const frame = async () => {
    const next = frames.shift();
    if (!next) throw new Error('no frame was asked for');
    ran.push([]);
    next();
    await Promise.resolve();
    await Promise.resolve();
  };
  /** A flush costing `ms` of the clock, recording its name in the frame it ran on. */
  const flush = (name: number, ms: number) => () => {
    clock += ms;
    ran.at(-1)?.push(name);
  };
  return { schedule, frames, frame, flush, ran };
}

describe('the shared frame queue', () => {
  it('runs cheap flushes all on one frame, in the order they asked', async () => {
    const p = page();
    for (let i = 0; i < 10; i++) p.schedule(p.flush(i, 0.1));
    expect(p.frames).toHaveLength(1);
    await p.frame();
    expect(p.ran).toEqual([[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]);
    expect(p.frames).toHaveLength(0);
  });

  it('runs as many costly flushes a frame as fit its budget, the rest later, each once and in order', async () => {
    const p = page({ budgetMs: 24, firstFrame: 8 });
    for (let i = 0; i < 40; i++) p.schedule(p.flush(i, 6));
    while (p.frames.length > 0) await p.frame();
    // the first frame runs what it may before anything is timed (48 ms until the next); then 24 / 6 = 4,
    // which fits, so half as many again (36 ms), which does not: back to 4
    expect(p.ran.map((names) => names.length)).toEqual([8, 4, 6, 4, 6, 4, 6, 2]);
    expect(p.ran.flat()).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('grows a frame again when its flushes turn cheap, by half a frame', async () => {
    const p = page({ budgetMs: 24, firstFrame: 4 });
    for (let i = 0; i < 4; i++) p.schedule(p.flush(i, 12));
    for (let i = 4; i < 40; i++) p.schedule(p.flush(i, 0.5));
    while (p.frames.length > 0) await p.frame();
    // 4 at 48 ms leaves 2; then cheap frames grow by half: 2, 3, 5, 8, 12, and the last 6
    expect(p.ran.map((names) => names.length)).toEqual([4, 2, 3, 5, 8, 12, 6]);
    expect(p.ran.flat()).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('runs a flush asked for during a frame on the next frame, behind those already waiting', async () => {
    const p = page({ budgetMs: 24, firstFrame: 2 });
    p.schedule(() => {
      p.flush(0, 0)();
      p.schedule(p.flush(9, 0));
    });
    p.schedule(p.flush(1, 0));
    p.schedule(p.flush(2, 0));
    await p.frame();
    expect(p.ran).toEqual([[0, 1]]);
    await p.frame();
    expect(p.ran).toEqual([
      [0, 1],
      [2, 9],
    ]);
    expect(p.frames).toHaveLength(0);
  });

  it('keeps running the other flushes when one throws, and reports the error', async () => {
    const thrown: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => thrown.push(error));
    try {
      const p = page();
      p.schedule(() => {
        throw new Error('listener failed');
      });
      p.schedule(p.flush(1, 0));
      await p.frame();
      expect(p.ran).toEqual([[1]]);
      expect(thrown).toEqual([new Error('listener failed')]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
