// A streamed argument costs linear time however its bytes arrive, and still shows
// its head early and its whole value at the end. Internals are imported by path (closeOpenString,
// parsedLength); the behaviour through `tool-steps/core`.
import fc from 'fast-check';
import { Allow, parse as parsePartialJson } from 'partial-json';
import { emptyStepsState, reduceSteps, type StepEvent, type StepsState } from 'tool-steps/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeOpenString, PARTIAL_PARSE_LIMIT, parsedLength } from '../../src/core/reduce';

const START: StepEvent = { type: 'step-start', id: 'w', toolName: 'write_file' };
const delta = (text: string): StepEvent => ({ type: 'step-input-delta', id: 'w', delta: text });

/** A `write_file` argument of about `size` characters, with escapes in its content. */
function bigArgument(size: number): string {
  const line = 'const a = "b"; // \\ tab\there\n';
  return JSON.stringify({ path: 'src/big.ts', content: line.repeat(Math.ceil(size / line.length)) });
}

/** Cuts `text` into pieces of 25 to 100 characters (a server that flushes every event). */
function pieces(text: string): string[] {
  const out: string[] = [];
  for (let at = 0, i = 0; at < text.length; i++) {
    const n = 25 + ((i * 37) % 76);
    out.push(text.slice(at, at + n));
    at += n;
  }
  return out;
}

/** Streams `deltas` one per batch; calls `each` with the state and the text so far after every batch. */
function streamOnePerBatch(deltas: readonly string[], each?: (state: StepsState, text: string) => void): StepsState {
  let state = reduceSteps(emptyStepsState, [START]);
  let text = '';
  for (const d of deltas) {
    text += d;
    state = reduceSteps(state, [delta(d)]);
    each?.(state, text);
  }
  return state;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a large argument streamed one event per batch', () => {
  it('shows the path once the first few hundred characters arrived', () => {
    const text = bigArgument(300_000);
    let shownAt: number | undefined;
    streamOnePerBatch(pieces(text).slice(0, 40), (state, sofar) => {
      const input = state.byId.w?.input as { path?: string } | undefined;
      if (shownAt === undefined && input?.path === 'src/big.ts') shownAt = sofar.length;
    });
    expect(shownAt).toBeDefined();
    expect(shownAt).toBeLessThan(300);
  });

  it('parses at most a few dozen times in all, and the whole text once complete', () => {
    const text = bigArgument(300_000);
    const deltas = pieces(text);
    const parse = vi.spyOn(JSON, 'parse');
    let state = streamOnePerBatch(deltas);
    const streaming = state.byId.w?.input as { path: string; content: string };
    expect(streaming.path).toBe('src/big.ts');
    expect(streaming.content.length).toBeLessThan(PARTIAL_PARSE_LIMIT);
    // every batch up to 2 KiB (about 35 of them), then 4 times per doubling up to 64 KiB (21), not once per batch
    expect(deltas.length).toBeGreaterThan(4000);
    expect(parse.mock.calls.length).toBeLessThanOrEqual(60);
    state = reduceSteps(state, [{ type: 'step-input', id: 'w' }]);
    expect(state.byId.w?.input).toEqual(JSON.parse(text));
    expect(state.byId.w?.status).toBe('running');
  });

  it('reads the same head whatever the batches: each state equals the text so far given in one piece', () => {
    const text = bigArgument(12_000);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 30 }), (sizes) => {
        let state = reduceSteps(emptyStepsState, [START]);
        let at = 0;
        for (const size of sizes) {
          if (at >= text.length) break;
          state = reduceSteps(state, [delta(text.slice(at, at + size))]);
          at += size;
          const whole = reduceSteps(emptyStepsState, [START, delta(text.slice(0, at))]);
          expect(state.byId.w?.input).toEqual(whole.byId.w?.input);
        }
        state = reduceSteps(state, [delta(text.slice(at)), { type: 'step-input', id: 'w' }]);
        expect(state.byId.w?.input).toEqual(JSON.parse(text));
      }),
      { numRuns: 60 },
    );
  });

  it('a batch of many deltas leaves the state it was given as it was', () => {
    const before = reduceSteps(emptyStepsState, [START, delta('{"path":"a.ts","content":"')]);
    const copy = structuredClone(before);
    // another step first, so the draft has its own step map before the deltas come
    const other: StepEvent = { type: 'step-start', id: 'x', toolName: 'grep' };
    const after = reduceSteps(before, [other, ...['one ', 'two ', 'three'].map(delta)]);
    expect(before).toEqual(copy);
    expect(after.byId.w?.inputText).toBe('{"path":"a.ts","content":"one two three');
  });

  it('a replaced text is parsed again even when its length does not move the parsed length', () => {
    const first = bigArgument(5000);
    const second = first.replace('src/big.ts', 'src/new.ts');
    const state = reduceSteps(reduceSteps(emptyStepsState, [START, delta(first)]), [
      { type: 'step-input-delta', id: 'w', delta: second, replace: true },
    ]);
    expect(state.byId.w?.input).toMatchObject({ path: 'src/new.ts' });
  });
});

describe('parsedLength', () => {
  it('is the whole length while short, moves 4 times per doubling past 2 KiB, and stops at the limit', () => {
    expect(parsedLength(100)).toBe(100);
    expect(parsedLength(2048)).toBe(2048);
    expect(parsedLength(2049)).toBe(2048);
    expect(parsedLength(2600)).toBe(2560);
    expect(parsedLength(40_000)).toBe(32_768);
    expect(parsedLength(70_000)).toBe(PARTIAL_PARSE_LIMIT);
    const lengths = new Set<number>();
    for (let n = 2049; n <= 200_000; n++) lengths.add(parsedLength(n));
    expect(lengths.size).toBe(21);
  });
});

describe('closeOpenString', () => {
  it('reads a text cut inside a string value as partial-json reads it', () => {
    let compared = 0;
    const json = fc
      .tuple(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(undefined, 1, '\t'))
      .map(([value, space]) => JSON.stringify(value, null, space));
    fc.assert(
      fc.property(json, fc.nat(), (text, at) => {
        const cut = text.slice(0, (at % text.length) + 1);
        const closed = closeOpenString(cut);
        if (closed === undefined) return;
        let fast: unknown;
        try {
          fast = JSON.parse(closed);
        } catch {
          return; // the reducer falls back to partial-json then
        }
        compared++;
        expect(fast).toEqual(parsePartialJson(cut, Allow.ALL));
      }),
      { numRuns: 3000 },
    );
    // the property says something only if many cuts took the fast path
    expect(compared).toBeGreaterThan(250);
  });

  it('closes a string value and its containers; leaves keys, numbers and structure to partial-json', () => {
    expect(closeOpenString('{"path":"a.ts","content":"line\\')).toBe('{"path":"a.ts","content":"line"}');
    expect(closeOpenString('[{"a":["x", "y  ')).toBe('[{"a":["x", "y"]}]');
    expect(closeOpenString('{"a":"x","pa')).toBeUndefined();
    expect(closeOpenString('{"a":12')).toBeUndefined();
    expect(closeOpenString('{"a":"x",')).toBeUndefined();
  });
});
