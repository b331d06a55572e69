// The warm-up before a grammar's first tokenization (src/renderers/highlight.ts) is shared by every
// block of the language, so it runs to the end even when the block that started it goes away at once
// (its signal aborted): otherwise the next block's first lines built the rest of the grammar's regular
// expressions in one long task (bench/details.mjs, cold diff opening: one task of 147-180 ms).
import { expect, it } from 'vitest';
import { highlightLines, regexpsOf } from '../../src/renderers/highlight';

it('warms every regular expression of the grammar, though the block that started the warm-up aborted', async () => {
  const grammar = ((await import('@shikijs/langs-precompiled/go')) as { default: unknown }).default;
  const regexps = regexpsOf(grammar);
  expect(regexps.length).toBeGreaterThan(50);
  // which expressions ran (and so were built) before the aborted block's call returned: that block
  // tokenized nothing, so every run is the warm-up's, whatever text it runs them on
  const ran = new Set<RegExp>();
  for (const regexp of regexps) {
    const exec = regexp.exec;
    regexp.exec = function (this: RegExp, text: string) {
      ran.add(regexp);
      return exec.call(this, text);
    };
  }
  const gone = new AbortController();
  gone.abort();
  const slices: number[] = [];
  await highlightLines(['func main() {}'], 'go', (tokens) => slices.push(tokens.length), gone.signal);
  expect(slices).toEqual([]); // the aborted block tokenized nothing
  // the shared warm-up ran to its end for the next block (how many runs warm an expression is V8's business)
  expect(regexps.filter((regexp) => !ran.has(regexp))).toEqual([]);
  let last = 0;
  await highlightLines(['func main() {}'], 'go', (tokens) => {
    last = tokens.length;
  });
  expect(last).toBe(1);
});
