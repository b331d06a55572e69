// Colouring yields to the next frame between slices, one slice after each frame whatever the number of
// blocks colouring (a diff colours its two sides at once). Yielding with setTimeout alone let the browser
// run several slices and their re-renders before a frame, and the details bench's warm 10,000-line diff
// openings had frames of 52-75 ms while the colouring went on. Frame lengths are measured in the bench;
// this checks the turns the code takes.
import { afterEach, expect, it, vi } from 'vitest';
import { highlightLines } from '../../src/renderers/highlight';

afterEach(() => {
  vi.unstubAllGlobals();
});

// enough lines for several slices each (the first piece has 4 lines)
const lines = (name: string) =>
  Array.from({ length: 300 }, (_, i) => `const ${name}${i} = compute(${i}, "text"); // line ${i}`);

it('lets one slice run after each frame, however many blocks colour at once', async () => {
  const log: string[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
    setTimeout(() => {
      log.push('frame');
      callback(performance.now());
    }, 0),
  );
  const seen = { a: 0, b: 0 };
  await Promise.all(
    (['a', 'b'] as const).map((name) =>
      highlightLines(lines(name), 'typescript', (tokens) => {
        seen[name] = tokens.length;
        log.push(name);
      }),
    ),
  );
  expect(seen).toEqual({ a: 300, b: 300 });
  expect(log.filter((entry) => entry !== 'frame').length).toBeGreaterThan(2);
  // never two slices without a frame between them
  const adjacent = log.filter((entry, i) => entry !== 'frame' && i > 0 && log[i - 1] !== 'frame');
  expect(adjacent).toEqual([]);
  expect(log[0]).toBe('frame');
});

it('still colours every line where there are no frames (a task between slices)', async () => {
  vi.stubGlobal('requestAnimationFrame', undefined);
  const slices: number[] = [];
  await highlightLines(lines('c').slice(0, 100), 'typescript', (tokens) => slices.push(tokens.length));
  expect(slices.at(-1)).toBe(100);
});
