// Colouring a long file yields between its slices to the next frame where there are frames: one slice a
// frame. Yielding with setTimeout alone let the browser run several slices and their re-renders before a
// frame, and the details bench's warm 10,000-line diff openings had one to three frames of 52-75 ms while
// the colouring went on. Frame lengths are measured in the bench; this checks the yield the code takes.
import { afterEach, expect, it, vi } from 'vitest';
import { highlightLines } from '../../src/renderers/highlight';

afterEach(() => {
  vi.unstubAllGlobals();
});

// enough lines for several slices (the first slice has 4 lines)
const lines = Array.from({ length: 400 }, (_, i) => `const value${i} = compute(${i}, "text"); // line ${i}`);

it('waits for the next frame between slices where there are frames', async () => {
  const frames: number[] = [];
  const slices: number[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.push(slices.length);
    return setTimeout(() => callback(performance.now()), 0);
  });
  await highlightLines(lines, 'typescript', (tokens) => slices.push(tokens.length));
  expect(slices.at(-1)).toBe(lines.length);
  expect(slices.length).toBeGreaterThan(1);
  // a frame between every two slices
  for (let i = 1; i < slices.length; i++) expect(frames).toContain(i);
});

it('still colours every line where there are no frames (a task between slices)', async () => {
  vi.stubGlobal('requestAnimationFrame', undefined);
  const slices: number[] = [];
  await highlightLines(lines.slice(0, 100), 'typescript', (tokens) => slices.push(tokens.length));
  expect(slices.at(-1)).toBe(100);
});
