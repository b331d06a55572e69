// The bounded fuzz run of `npm test` (a standing defence): every target of ./harness.ts, a few
// dozen generated streams each, so a regression shows here in seconds. `npm run fuzz` runs the same
// properties for as long as it is told (scripts/fuzz.mjs). A failure prints fast-check's seed and
// shrunk counterexample: keep it in ./regressions.test.ts.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import { targets } from './harness';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

describe('fuzz (bounded)', () => {
  // The store warns once per kind of anomaly in development; the fuzzer makes every kind, on purpose.
  beforeAll(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });
  for (const target of targets()) {
    it(target.name, async () => {
      if (target.async) await fc.assert(target.property as fc.IAsyncProperty<unknown>, { numRuns: RUNS });
      else fc.assert(target.property as fc.IProperty<unknown>, { numRuns: RUNS });
    });
  }
});
