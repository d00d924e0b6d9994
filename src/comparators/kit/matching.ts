// Pairing items of two lists: multiset matching of values within tolerance (a maximum matching,
// never a sort of mixed values, so a null among numbers cannot reorder or crash anything), a
// general maximum bipartite matching, and pairing of items by key in order of occurrence.
import type { DiffCollector } from './diff-collector.js';
import {
  compareNumbers,
  describeNumericTolerance,
  formatAbsDiff,
  numbersWithin,
  numericOrder,
  type NumericTolerance,
} from './numeric-tolerance.js';
import { jsonKey, shortJson } from './value.js';
import { isNumeric, type Numeric } from '../../util/json-number.js';
import type { MessageTable } from '../../util/message-table.js';

export const messages = {
  noMatch: (what: string, e: Numeric, tol: NumericTolerance, a: Numeric, at: string, absDiff: string) =>
    `expected ${what} ${e} has no match within ${describeNumericTolerance(tol)}; closest unmatched actual ${a} at ${at} (abs diff ${formatAbsDiff(absDiff)})`,
  missing: (what: string, e: unknown) => `missing in actual: expected ${what} ${shortJson(e, 60)} has no match`,
  extra: (what: string, a: unknown, index: number) =>
    `not expected: actual ${what} ${shortJson(a, 60)} (index ${index} in actual) has no match in expected`,
} satisfies MessageTable;

export interface Indexed<T = unknown> {
  v: T;
  i: number;
}

/** NaN sorts last; everything else numerically. */
function byNumber(x: Indexed<Numeric>, y: Indexed<Numeric>): number {
  return numericOrder(x.v, y.v) || x.i - y.i;
}

export interface ScalarMatch {
  pairs: [Indexed, Indexed][];
  missing: Indexed[];
  extra: Indexed[];
}

/**
 * Multiset matching of scalars within tolerance. Non-numbers (null, strings) pair by identity;
 * numbers are sorted and merged: the values an expected number accepts form an interval whose ends
 * grow with it, so the greedy merge finds a largest matching without trying pairs.
 */
export function matchScalarMultiset(exp: Indexed[], act: Indexed[], tol: NumericTolerance): ScalarMatch {
  const out: ScalarMatch = { pairs: [], missing: [], extra: [] };
  const eNum: Indexed<Numeric>[] = [];
  const aNum: Indexed<Numeric>[] = [];
  const others = new Map<string, Indexed[]>();
  for (const x of exp) {
    if (isNumeric(x.v)) eNum.push(x as Indexed<Numeric>);
    else {
      const k = jsonKey(x.v);
      const l = others.get(k);
      if (l) l.push(x);
      else others.set(k, [x]);
    }
  }
  const aOthers: Indexed[] = [];
  for (const y of act) {
    if (isNumeric(y.v)) {
      aNum.push(y as Indexed<Numeric>);
      continue;
    }
    const l = others.get(jsonKey(y.v));
    const x = l?.shift();
    if (x) out.pairs.push([x, y]);
    else aOthers.push(y);
  }
  for (const l of others.values()) out.missing.push(...l);
  eNum.sort(byNumber);
  aNum.sort(byNumber);
  let i = 0;
  let j = 0;
  while (i < eNum.length && j < aNum.length) {
    const x = eNum[i]!;
    const y = aNum[j]!;
    if (numbersWithin(x.v, y.v, tol)) {
      out.pairs.push([x, y]);
      i++;
      j++;
    } else if (numericOrder(x.v, y.v) < 0) {
      out.missing.push(x);
      i++;
    } else {
      out.extra.push(y);
      j++;
    }
  }
  out.missing.push(...eNum.slice(i));
  out.extra.push(...aNum.slice(j), ...aOthers);
  return out;
}

/**
 * Reports a scalar multiset comparison: matched pairs go through `c.num` (so they count and carry
 * their score), unmatched numbers are paired in sorted order as "closest unmatched" differences,
 * the rest are missing or extra. `at(i)` names an element of the expected or actual list.
 */
export function reportScalarMultiset(
  c: DiffCollector,
  m: ScalarMatch,
  at: (i: number) => string,
  tol: NumericTolerance,
  what = 'value',
): void {
  for (const [x, y] of m.pairs) {
    if (isNumeric(x.v) && isNumeric(y.v)) c.num(at(x.i), x.v, y.v, tol);
    else c.ok();
  }
  const missNum = m.missing.filter((x) => isNumeric(x.v)) as Indexed<Numeric>[];
  const extraNum = m.extra.filter((y) => isNumeric(y.v)) as Indexed<Numeric>[];
  missNum.sort(byNumber);
  extraNum.sort(byNumber);
  const paired = Math.min(missNum.length, extraNum.length);
  for (let k = 0; k < paired; k++) {
    const x = missNum[k]!;
    const y = extraNum[k]!;
    const v = compareNumbers(x.v, y.v, tol);
    c.track(x.v, y.v);
    c.changed(at(x.i), messages.noMatch(what, x.v, tol, y.v, at(y.i), v.absDiff), x.v, y.v);
  }
  for (const x of [...missNum.slice(paired), ...m.missing.filter((x) => !isNumeric(x.v))]) {
    c.missing(at(x.i), messages.missing(what, x.v), x.v);
  }
  for (const y of [...extraNum.slice(paired), ...m.extra.filter((y) => !isNumeric(y.v))]) {
    c.extra(at(y.i), messages.extra(what, y.v, y.i), y.v);
  }
}

/**
 * Maximum bipartite matching (augmenting paths, iterative so deep chains cannot overflow the
 * stack). `adj[e]` lists the actual indices expected `e` may pair with. A step budget guards
 * pathological inputs: past it, remaining items keep their greedy pairing.
 */
export function maxMatching(nE: number, nA: number, adj: number[][], budget = 20_000_000): Int32Array {
  const matchE = new Int32Array(nE).fill(-1);
  const matchA = new Int32Array(nA).fill(-1);
  for (let e = 0; e < nE; e++) {
    for (const a of adj[e]!)
      if (matchA[a]! < 0) {
        matchA[a] = e;
        matchE[e] = a;
        break;
      }
  }
  const seen = new Int32Array(nA).fill(-1);
  let steps = 0;
  for (let root = 0; root < nE && steps < budget; root++) {
    if (matchE[root]! >= 0) continue;
    const stackE = [root];
    const pos = [0];
    const via: number[] = [];
    while (stackE.length > 0 && steps < budget) {
      const top = stackE.length - 1;
      const u = stackE[top]!;
      const list = adj[u]!;
      if (pos[top]! >= list.length) {
        stackE.pop();
        pos.pop();
        via.pop();
        continue;
      }
      const a = list[pos[top]!++]!;
      steps++;
      if (seen[a] === root) continue;
      seen[a] = root;
      via.push(a);
      if (matchA[a]! < 0) {
        for (let k = 0; k < stackE.length; k++) {
          matchE[stackE[k]!] = via[k]!;
          matchA[via[k]!] = stackE[k]!;
        }
        break;
      }
      stackE.push(matchA[a]!);
      pos.push(0);
    }
  }
  return matchE;
}

/** Pairs items with equal keys in order of occurrence; returns pairs and the leftovers of each side. */
export function pairByKey<T>(
  exp: T[],
  act: T[],
  keyOf: (t: T) => string,
): { pairs: [T, T, number][]; missing: T[]; extra: T[] } {
  const buckets = new Map<string, T[]>();
  for (const x of exp) {
    const k = keyOf(x);
    const l = buckets.get(k);
    if (l) l.push(x);
    else buckets.set(k, [x]);
  }
  const seenCount = new Map<string, number>();
  const pairs: [T, T, number][] = [];
  const extra: T[] = [];
  for (const y of act) {
    const k = keyOf(y);
    const x = buckets.get(k)?.shift();
    if (x === undefined) {
      extra.push(y);
      continue;
    }
    const n = seenCount.get(k) ?? 0;
    seenCount.set(k, n + 1);
    pairs.push([x, y, n]);
  }
  const missing: T[] = [];
  for (const l of buckets.values()) missing.push(...l);
  return { pairs, missing, extra };
}

/** Each item's occurrence among the items of `list` with the same key (0-based). */
export function occurrences<T>(list: T[], keyOf: (t: T) => string): Map<T, number> {
  const seen = new Map<string, number>();
  const out = new Map<T, number>();
  for (const x of list) {
    const k = keyOf(x);
    const n = seen.get(k) ?? 0;
    out.set(x, n);
    seen.set(k, n + 1);
  }
  return out;
}

/** How many items of `list` share each key, for deciding when a path needs an occurrence suffix. */
export function keyCounts<T>(list: T[], keyOf: (t: T) => string): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of list) {
    const k = keyOf(x);
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}
