// What the chart, map and structural comparators share: a collector that keeps every difference
// (capped, with exact counts), multiset matching of values within tolerance (a maximum matching,
// never a sort of mixed values — anchor B17), and pairing of items by key with readable paths.
import type { Difference } from '../report/model.js';
import { deepCompare, joinPath } from './deep-compare.js';
import { compareNumbers, describeNumericTolerance, numbersWithin, type NumericTolerance } from './numeric-tolerance.js';
import { describeValue, formatAbsDiff, shortJson } from './number.js';
import type { ComparisonResult, Tolerance } from './types.js';

/** Differences beyond this are summarised in one "… and N more" entry; counts stay exact. */
export const MAX_DIFFERENCES = 1000;


/** A stable identity for JSON values (ids, labels, keys): 0 and "0" differ, null is a value. */
export function jsonKey(v: unknown): string {
  if (typeof v === 'number' && !Number.isFinite(v)) return `#${String(v)}`;
  return JSON.stringify(v) ?? 'undefined';
}

/** `series[name=balance]`, `nodes[id=0]`; with an occurrence (0-based) for repeated keys: `slices[label=Rent#2]`. */
export function keyedPath(base: string, field: string, value: unknown, occurrence?: number): string {
  return `${base}[${field}=${pathText(value)}${occurrence !== undefined ? `#${occurrence + 1}` : ''}]`;
}

/** A key value as shown inside a path: plain text when unambiguous, else JSON. */
export function pathText(value: unknown): string {
  return typeof value === 'string' && /^[^[\]=#,"]*$/.test(value) && value !== '' ? value : shortJson(value, 60);
}

export function isPresent(v: unknown): boolean {
  return v !== undefined && v !== null;
}

/**
 * Collects differences and counts for one comparison: `compared` items (values, points, slices…),
 * `differing` items, the largest numeric difference, and a score (mean per-item score).
 */
export class DiffCollector {
  readonly differences: Difference[] = [];
  compared = 0;
  differing = 0;
  numbers = 0;
  maxAbsDiff = 0;
  private scoreSum = 0;
  private omitted = 0;

  constructor(readonly tol: NumericTolerance) {}

  /** A difference that counts as one differing item (set `count` false for a summary note). */
  add(path: string, message: string, expected?: unknown, actual?: unknown, count = true): void {
    if (count) { this.compared++; this.differing++; }
    if (this.differences.length >= MAX_DIFFERENCES) { this.omitted++; return; }
    const d: Difference = { path, message };
    if (expected !== undefined) d.expected = expected;
    if (actual !== undefined) d.actual = actual;
    this.differences.push(d);
  }

  ok(n = 1, score = 1): void {
    this.compared += n;
    this.scoreSum += n * score;
  }

  /** Runs `fn` and counts everything it compared as one item (a point with its label and weight). */
  item(fn: () => void): boolean {
    const c0 = this.compared;
    const d0 = this.differing;
    const s0 = this.scoreSum;
    fn();
    const bad = this.differing > d0;
    const sub = this.compared - c0;
    const subScore = this.scoreSum - s0;
    this.compared = c0 + 1;
    this.differing = d0 + (bad ? 1 : 0);
    this.scoreSum = s0 + (bad ? 0 : sub > 0 ? subScore / sub : 1);
    return !bad;
  }

  /** Compares two numbers under `tol`; records a difference when outside it. */
  num(path: string, e: number, a: number, tol: NumericTolerance = this.tol): boolean {
    this.numbers++;
    const diff = Math.abs(a - e);
    if (Number.isFinite(diff) && diff > this.maxAbsDiff) this.maxAbsDiff = diff;
    if (numbersWithin(e, a, tol)) {
      const allowed = Math.max(tol.abs ?? 0, (tol.rel ?? 0) * Math.max(Math.abs(a), Math.abs(e)));
      this.ok(1, e === a || (Number.isNaN(e) && Number.isNaN(a)) ? 1 : allowed > 0 ? 1 / (1 + diff / allowed) : 1);
      return true;
    }
    const v = compareNumbers(e, a, tol);
    const rule = describeNumericTolerance(tol);
    this.add(path, `expected ${String(e)}, got ${String(a)} (abs diff ${formatAbsDiff(v.absDiff)}) ${rule === 'exact' ? 'where an exact match is required' : `exceeds ${rule}`}`, e, a);
    return false;
  }

  /** Any two JSON values: numbers with `tol`, everything else structurally (every difference listed). */
  value(path: string, e: unknown, a: unknown, tol: NumericTolerance = this.tol): boolean {
    if (typeof e === 'number' && typeof a === 'number') return this.num(path, e, a, tol);
    const diffs = deepCompare(e, a, path, tol);
    if (diffs.length === 0) { this.ok(); return true; }
    for (const d of diffs) this.add(d.path, d.message, d.expected, d.actual);
    return false;
  }

  /** An optional field: absent (undefined or null) on both sides is fine; on one side is a difference. */
  optional(path: string, e: unknown, a: unknown, tol: NumericTolerance = this.tol): void {
    if (!isPresent(e) && !isPresent(a)) return;
    if (!isPresent(a)) { this.add(path, `missing in actual (expected ${shortJson(e, 60)})`, e, a ?? undefined); return; }
    if (!isPresent(e)) { this.add(path, `not expected (extra in actual: ${shortJson(a, 60)})`, undefined, a); return; }
    this.value(path, e, a, tol);
  }

  /** Arrays element by element: numbers with `tol`, others exact; length differences listed per index. */
  array(path: string, e: unknown, a: unknown, tol: NumericTolerance = this.tol, what = 'values'): void {
    if (!Array.isArray(e)) { this.add(path, `expected ${path} is ${describeValue(e)}, expected an array`, e, a); return; }
    if (!Array.isArray(a)) { this.add(path, `actual ${path} is ${describeValue(a)}, expected an array of ${e.length} ${what}`, e, a); return; }
    if (e.length !== a.length) this.add(path, `length differs: expected ${e.length} ${what}, got ${a.length}`, e.length, a.length, false);
    const n = Math.max(e.length, a.length);
    for (let i = 0; i < n; i++) {
      const p = joinPath(path, i);
      if (i >= a.length) this.add(p, `missing in actual (expected ${shortJson(e[i], 60)})`, e[i]);
      else if (i >= e.length) this.add(p, `not expected (extra in actual: ${shortJson(a[i], 60)})`, undefined, a[i]);
      else this.value(p, e[i], a[i], tol);
    }
  }

  finish(base: { rule: string; expected: unknown; actual: unknown; tolerance: Tolerance; comparator: string }, noun = 'values'): ComparisonResult {
    const differences = [...this.differences];
    if (this.omitted > 0) differences.push({ path: '', message: `… and ${this.omitted} more differences` });
    const pass = this.differing === 0;
    const maxAbs = this.numbers > 0 ? `; max abs diff ${Number(this.maxAbsDiff.toPrecision(6))}` : '';
    const one = (n: number): string => (n === 1 ? noun.replace(/s$/, '') : noun);
    const metric = pass
      ? `${this.compared} ${one(this.compared)} ${this.compared === 1 ? 'matches' : 'match'}${maxAbs}`
      : `${this.differing} of ${this.compared} ${one(this.compared)} ${this.differing === 1 ? 'differs' : 'differ'}${maxAbs}`;
    const score = this.compared === 0 ? (pass ? 1 : 0) : Math.max(0, Math.min(1, this.scoreSum / this.compared));
    return { ...base, status: pass ? 'pass' : 'fail', score: pass ? score : Math.min(score, 0.99), metric, differences };
  }
}

export interface Indexed<T = unknown> { v: T; i: number }

/** NaN sorts last; everything else numerically. */
function byNumber(x: Indexed<number>, y: Indexed<number>): number {
  const nx = Number.isNaN(x.v);
  const ny = Number.isNaN(y.v);
  if (nx || ny) return nx === ny ? x.i - y.i : nx ? 1 : -1;
  return x.v - y.v || x.i - y.i;
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
  const eNum: Indexed<number>[] = [];
  const aNum: Indexed<number>[] = [];
  const others = new Map<string, Indexed[]>();
  for (const x of exp) {
    if (typeof x.v === 'number') eNum.push(x as Indexed<number>);
    else { const k = jsonKey(x.v); const l = others.get(k); if (l) l.push(x); else others.set(k, [x]); }
  }
  const aOthers: Indexed[] = [];
  for (const y of act) {
    if (typeof y.v === 'number') { aNum.push(y as Indexed<number>); continue; }
    const l = others.get(jsonKey(y.v));
    const x = l?.shift();
    if (x) out.pairs.push([x, y]); else aOthers.push(y);
  }
  for (const l of others.values()) out.missing.push(...l);
  eNum.sort(byNumber);
  aNum.sort(byNumber);
  let i = 0;
  let j = 0;
  while (i < eNum.length && j < aNum.length) {
    const x = eNum[i]!;
    const y = aNum[j]!;
    if (numbersWithin(x.v, y.v, tol)) { out.pairs.push([x, y]); i++; j++; }
    else if (Number.isNaN(y.v) || (!Number.isNaN(x.v) && x.v < y.v)) { out.missing.push(x); i++; }
    else { out.extra.push(y); j++; }
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
export function reportScalarMultiset(c: DiffCollector, m: ScalarMatch, at: (i: number) => string, tol: NumericTolerance, what = 'value'): void {
  for (const [x, y] of m.pairs) {
    if (typeof x.v === 'number' && typeof y.v === 'number') c.num(at(x.i), x.v, y.v, tol);
    else c.ok();
  }
  const missNum = m.missing.filter((x) => typeof x.v === 'number') as Indexed<number>[];
  const extraNum = m.extra.filter((y) => typeof y.v === 'number') as Indexed<number>[];
  missNum.sort(byNumber);
  extraNum.sort(byNumber);
  const paired = Math.min(missNum.length, extraNum.length);
  for (let k = 0; k < paired; k++) {
    const x = missNum[k]!;
    const y = extraNum[k]!;
    const v = compareNumbers(x.v, y.v, tol);
    c.numbers++;
    const d = Math.abs(x.v - y.v);
    if (Number.isFinite(d) && d > c.maxAbsDiff) c.maxAbsDiff = d;
    c.add(at(x.i), `expected ${what} ${x.v} has no match within ${describeNumericTolerance(tol)}; closest unmatched actual ${y.v} at ${at(y.i)} (abs diff ${formatAbsDiff(v.absDiff)})`, x.v, y.v);
  }
  for (const x of [...missNum.slice(paired), ...m.missing.filter((x) => typeof x.v !== 'number')]) {
    c.add(at(x.i), `missing in actual: expected ${what} ${shortJson(x.v, 60)} has no match`, x.v);
  }
  for (const y of [...extraNum.slice(paired), ...m.extra.filter((y) => typeof y.v !== 'number')]) {
    c.add(at(y.i), `not expected: actual ${what} ${shortJson(y.v, 60)} (index ${y.i} in actual) has no match in expected`, undefined, y.v);
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
    for (const a of adj[e]!) if (matchA[a]! < 0) { matchA[a] = e; matchE[e] = a; break; }
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
      if (pos[top]! >= list.length) { stackE.pop(); pos.pop(); via.pop(); continue; }
      const a = list[pos[top]!++]!;
      steps++;
      if (seen[a] === root) continue;
      seen[a] = root;
      via.push(a);
      if (matchA[a]! < 0) {
        for (let k = 0; k < stackE.length; k++) { matchE[stackE[k]!] = via[k]!; matchA[via[k]!] = stackE[k]!; }
        break;
      }
      stackE.push(matchA[a]!);
      pos.push(0);
    }
  }
  return matchE;
}

/** Pairs items with equal keys in order of occurrence; returns pairs and the leftovers of each side. */
export function pairByKey<T>(exp: T[], act: T[], keyOf: (t: T) => string): { pairs: [T, T, number][]; missing: T[]; extra: T[] } {
  const buckets = new Map<string, T[]>();
  for (const x of exp) { const k = keyOf(x); const l = buckets.get(k); if (l) l.push(x); else buckets.set(k, [x]); }
  const seenCount = new Map<string, number>();
  const pairs: [T, T, number][] = [];
  const extra: T[] = [];
  for (const y of act) {
    const k = keyOf(y);
    const x = buckets.get(k)?.shift();
    if (x === undefined) { extra.push(y); continue; }
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
  for (const x of list) { const k = keyOf(x); const n = seen.get(k) ?? 0; out.set(x, n); seen.set(k, n + 1); }
  return out;
}

/** How many items of `list` share each key, for deciding when a path needs an occurrence suffix. */
export function keyCounts<T>(list: T[], keyOf: (t: T) => string): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of list) { const k = keyOf(x); m.set(k, (m.get(k) ?? 0) + 1); }
  return m;
}
