// Properties every comparator must keep, checked on generated values (fast-check): a value always
// matches itself, and loosening a tolerance never turns a pass into a fail. (Row order in unordered
// tables is covered in table.test.ts.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comparatorFor } from './index.js';
import { comparatorTester } from './kit/comparator-tester.test-helper.js';
import { compareNumbers } from './kit/numeric-tolerance.js';
import type { Tolerance } from '../model/tolerance.js';
import type { OutputType } from '../model/manifest.js';

async function status(type: OutputType, expected: unknown, actual: unknown, tolerance?: Tolerance): Promise<string> {
  return (await comparatorTester(comparatorFor(type), { type }).compareAsync(expected, actual, tolerance)).status;
}

const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 });
const tol = fc.record({
  abs: fc.double({ min: 0, max: 10, noNaN: true }),
  rel: fc.double({ min: 0, max: 1, noNaN: true }),
});
const series = fc.integer({ min: 1, max: 8 }).chain((n) =>
  fc.record({
    x: fc.array(finite, { minLength: n, maxLength: n }),
    series: fc.uniqueArray(
      fc.record({
        name: fc.string({ minLength: 1, maxLength: 6 }),
        y: fc.array(finite, { minLength: n, maxLength: n }),
      }),
      { minLength: 1, maxLength: 3, selector: (s) => s.name },
    ),
  }),
);

describe('a value always matches itself', () => {
  it('numbers, NaN and infinities included', () => {
    fc.assert(fc.property(fc.double(), tol, (x, t) => compareNumbers(x, x, t).ok));
  });

  it('kv dictionaries of any JSON values', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue()),
        async (d) => (await status('kv', d, structuredClone(d))) === 'pass',
      ),
    );
  });

  it('text compared as JSON', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue(),
        async (v) => (await status('text', JSON.stringify(v), JSON.stringify(v), { compare: 'json' })) === 'pass',
      ),
    );
  });

  it('line charts', async () => {
    await fc.assert(
      fc.asyncProperty(series, async (c) => (await status('chart_line', c, structuredClone(c))) === 'pass'),
    );
  });
});

describe('loosening a tolerance never turns a pass into a fail', () => {
  it('numbers', () => {
    fc.assert(
      fc.property(finite, finite, tol, tol, (e, a, t, extra) => {
        const looser = { abs: t.abs + extra.abs, rel: t.rel + extra.rel };
        return !compareNumbers(e, a, t).ok || compareNumbers(e, a, looser).ok;
      }),
      { numRuns: 2000 },
    );
  });

  it('line charts with perturbed values', async () => {
    await fc.assert(
      fc.asyncProperty(series, fc.double({ min: -1, max: 1, noNaN: true }), tol, tol, async (c, nudge, t, extra) => {
        const actual = { ...c, series: c.series.map((s) => ({ ...s, y: s.y.map((v) => v + nudge) })) };
        const tight = await status('chart_line', c, actual, t);
        const loose = await status('chart_line', c, actual, { abs: t.abs + extra.abs, rel: t.rel + extra.rel });
        expect(tight === 'fail' || loose === 'pass', `${tight} → ${loose}`).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
