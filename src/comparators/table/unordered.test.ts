import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NumericTolerance } from '../kit/numeric-tolerance.js';
import { cellsWithin } from './cells.js';
import { ascendingPositions } from './radix.js';
import type { Cell } from './read.js';
import { matchUnordered } from './unordered.js';

/** The size of a maximum matching by brute force: every pair tried, augmenting paths from every row. */
function maximumMatching(E: Cell[][], A: Cell[][], tols: NumericTolerance[]): number {
  const adj = A.map((a) => E.flatMap((e, i) => (cellsWithin(e, a, tols) ? [i] : [])));
  const owner = new Array<number>(E.length).fill(-1);
  const augment = (j: number, seen: Set<number>): boolean => {
    for (const i of adj[j]!) {
      if (seen.has(i)) continue;
      seen.add(i);
      if (owner[i] === -1 || augment(owner[i]!, seen)) {
        owner[i] = j;
        return true;
      }
    }
    return false;
  };
  let size = 0;
  for (let j = 0; j < A.length; j++) if (augment(j, new Set())) size++;
  return size;
}

/** Checks that the pairs are consistent, each within tolerance, and as many as a maximum matching. */
function expectMaximum(E: Cell[][], A: Cell[][], tols: NumericTolerance[]): number {
  const { matchE, matchA, incomplete } = matchUnordered(E, A, tols);
  expect(incomplete).toBe(false);
  let size = 0;
  for (let i = 0; i < E.length; i++) {
    const j = matchE[i]!;
    if (j === -1) continue;
    size++;
    expect(matchA[j]).toBe(i);
    expect(cellsWithin(E[i]!, A[j]!, tols)).toBe(true);
  }
  expect(size).toBe(maximumMatching(E, A, tols));
  return size;
}

const shuffle = <T>(xs: T[], seed: number): T[] => {
  const out = [...xs];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 48271) % 2147483647;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

describe('matchUnordered', () => {
  it('finds a maximum matching on small tables of mixed cells (duplicates, NaN, null, strings, nested)', () => {
    const cell = fc.oneof(
      fc.integer({ min: 0, max: 3 }),
      fc.constantFrom(0.5, 1.25, -0, Number.NaN, Number.POSITIVE_INFINITY),
      fc.constantFrom('a', 'b'),
      fc.constant(null),
      fc.constantFrom({ x: 1 }, { x: 1.5 }, [2, 'z']),
    );
    const rows = (width: number) => fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 9 });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }).chain((w) => fc.tuple(rows(w), rows(w), fc.constant(w))),
        fc.double({ min: 0, max: 2, noNaN: true }),
        ([E, A, width], abs) => {
          expectMaximum(
            E,
            A,
            Array.from({ length: width }, () => ({ abs })),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds a maximum matching in buckets large enough for a sorted window, rows near its edges included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 3 })), {
          minLength: 25,
          maxLength: 60,
        }),
        fc.array(fc.integer({ min: -2, max: 2 }), { minLength: 60, maxLength: 60 }),
        fc.constantFrom<NumericTolerance>({ abs: 1 }, { abs: 2 }, { rel: 0.05 }, { abs: 0.5, rel: 0.1 }),
        (pairs, moves, tol) => {
          const E = pairs.map(([x, y]) => ['g', x, y]);
          // every actual row moved by up to twice the tolerance, so some land exactly on a window's edge
          const A = shuffle(
            pairs.map(([x, y], k) => ['g', x + moves[k]! * (tol.abs ?? 1), y]),
            pairs.length,
          );
          expectMaximum(E, A, [{}, tol, tol]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('pairs a row exactly at the tolerance from its partner, and not one a hair beyond', () => {
    const E = Array.from({ length: 40 }, (_, i) => ['k', i * 10, 7]);
    const at = E.map(([k, x, y]) => [k, (x as number) + 0.5, y]);
    expect(expectMaximum(E, shuffle(at, 3), [{}, { abs: 0.5 }, { abs: 0.5 }])).toBe(40);
    const beyond = E.map(([k, x, y]) => [k, (x as number) + 0.5000001, y]);
    expect(expectMaximum(E, shuffle(beyond, 3), [{}, { abs: 0.5 }, { abs: 0.5 }])).toBe(0);
  });

  it('pairs many duplicate rows, exact and within tolerance, without running out of work', () => {
    const E = Array.from({ length: 20_000 }, (_, i) => ['dup', i % 3, 1.5]);
    const exact = matchUnordered(E, shuffle(E, 5), [{}, {}, {}]);
    expect(exact.matchA.every((i) => i !== -1)).toBe(true);
    const near = E.slice(0, 3000).map(([s, k, v]) => [s, k, (v as number) + 1e-9]);
    const r = matchUnordered(E.slice(0, 3000), shuffle(near, 5), [{}, {}, { abs: 1e-6 }]);
    expect(r.incomplete).toBe(false);
    expect(r.matchA.every((i) => i !== -1)).toBe(true);
  });

  it('pairs all-string tables by their text alone', () => {
    const E = Array.from({ length: 5000 }, (_, i) => [`r${i}`, `c${i % 7}`]);
    const A = shuffle(E, 9).map((r) => [...r]);
    A[17] = ['changed', 'c0'];
    const r = matchUnordered(E, A, [{}, {}]);
    expect(r.matchA.filter((i) => i === -1)).toHaveLength(1);
    expect(r.matchA[17]).toBe(-1);
    expect(r.buckets).toEqual([]);
  });

  it('pairs a table whose one numeric column is constant by its other columns', () => {
    const E = Array.from({ length: 3000 }, (_, i) => ['s', 42, i * 0.1]);
    const A = shuffle(
      E.map(([s, c, x]) => [s, c, (x as number) + 0.01]),
      4,
    );
    const tols = [{}, { abs: 0.02 }, { abs: 0.02 }];
    expect(matchUnordered(E, A, tols).matchA.every((i) => i !== -1)).toBe(true);
    expect(
      expectMaximum(
        E.slice(0, 60),
        A.filter((r) => (r[2] as number) < 6),
        tols,
      ),
    ).toBe(60);
  });

  it('says whether every row pairs, exactly or within tolerance, without the rest of the matching', () => {
    const E = Array.from({ length: 100 }, (_, i) => [`n${i % 4}`, i]);
    const A = shuffle(E, 2).map(([n, v]) => [n, (v as number) + 0.25]);
    expect(matchUnordered(E, A, [{}, { abs: 0.5 }], { stopWhenUnpaired: true }).matchA.every((i) => i !== -1)).toBe(
      true,
    );
    expect(matchUnordered(E, A, [{}, { abs: 0.5 }], { exactOnly: true }).matchA.every((i) => i === -1)).toBe(true);
    const moved = A.map((r) => [...r]);
    moved[0]![0] = 'other';
    expect(matchUnordered(E, moved, [{}, { abs: 0.5 }], { stopWhenUnpaired: true }).matchA.some((i) => i === -1)).toBe(
      true,
    );
  });

  it('pairs rows in order when each is within tolerance of the row at its own position', () => {
    // row 0 of each side is identical to row 1 of the other: the full matching pairs those
    const E = [
      ['a', 1.0],
      ['a', 1.1],
    ];
    const A = [
      ['a', 1.1],
      ['a', 1.0],
    ];
    const tols = [{}, { abs: 0.15 }];
    expect(Array.from(matchUnordered(E, A, tols).matchE)).toEqual([0, 1]);
    expect(expectMaximum(E, A, tols)).toBe(2);
    // exact pairing only: identical rows, whatever their positions
    expect(Array.from(matchUnordered(E, A, tols, { exactOnly: true }).matchE)).toEqual([1, 0]);
  });

  it('falls back to the full matching when one row is not within tolerance of its counterpart', () => {
    const E = Array.from({ length: 200 }, (_, i) => [`n${i % 3}`, i / 10]);
    const nudged = E.map(([n, v]) => [n, (v as number) + 0.04]);
    // the last two rows swapped: in order they are 0.1 apart, more than the tolerance
    const A = [...nudged.slice(0, -2), nudged[199]!, nudged[198]!];
    const tols = [{}, { abs: 0.05 }];
    expect(expectMaximum(E, A, tols)).toBe(200);
    const { matchE } = matchUnordered(E, A, tols);
    expect([matchE[197], matchE[198], matchE[199]]).toEqual([197, 199, 198]);
  });
});

describe('ascendingPositions', () => {
  it('orders like a stable comparator sort, negative numbers, −0 and infinities included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double({ noNaN: true }), fc.constantFrom(0, -0, 1, -1)), { maxLength: 300 }),
        (xs) => {
          const values = Float64Array.from(xs);
          const expected = xs
            .map((_, k) => k)
            .sort((p, q) => (values[p]! === values[q]! ? 0 : values[p]! - values[q]!));
          expect(Array.from(ascendingPositions(values))).toEqual(expected);
        },
      ),
    );
  });

  it('orders more values than its small-input digits cover', () => {
    let seed = 1;
    const values = Float64Array.from({ length: 70_000 }, () => {
      seed = (seed * 48271) % 2147483647;
      return (seed % 1000) - 500 + (seed % 7) / 8;
    });
    const order = ascendingPositions(values);
    for (let k = 1; k < order.length; k++) {
      const p = order[k - 1]!;
      const q = order[k]!;
      expect(values[p]! < values[q]! || (values[p] === values[q] && p < q)).toBe(true);
    }
  });

  it('orders by group first, keeping ties in position order', () => {
    const values = Float64Array.from([3, 1, 2, 1, 0]);
    const groups = Int32Array.from([1, 1, 0, 0, 1]);
    expect(Array.from(ascendingPositions(values, groups))).toEqual([3, 2, 4, 1, 0]);
  });
});
