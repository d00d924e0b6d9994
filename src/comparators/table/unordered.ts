// Rows as a multiset: a tolerance-aware matching, not a sort. Identical rows pair through a hash,
// the rest are bucketed by their non-numeric cells and paired inside a bucket by a maximum matching
// over "within tolerance" edges (greedy by nearest, then augmenting paths), so the verdict never
// depends on row order and a looser tolerance never fails more.
import type { NumericTolerance } from '../kit/numeric-tolerance.js';
import { cellsWithin } from './cells.js';
import type { Cell } from './read.js';
import { identicalRows, rowHashes, sameSignature } from './row-hash.js';

/** Work limit for the augmenting-path search (pathological inputs only). */
const MATCHING_STEP_BUDGET = 50_000_000;
/** Candidates examined per actual row inside one bucket's tolerance window. */
const WINDOW_CANDIDATE_CAP = 5_000;

export interface Bucket {
  rep: Cell[];
  e: number[];
  a: number[];
}

/**
 * Pairs rows as a maximum matching where an edge means "every cell within tolerance".
 * Returns matchE/matchA (−1 = unmatched) and whether the search had to stop early.
 */
export function matchUnordered(
  E: Cell[][],
  A: Cell[][],
  tols: NumericTolerance[],
): { matchE: Int32Array; matchA: Int32Array; incomplete: boolean; buckets: Bucket[] } {
  const matchE = new Int32Array(E.length).fill(-1);
  const matchA = new Int32Array(A.length).fill(-1);
  // 1. identical rows through a hash
  const pair = new Int32Array(2);
  const sigE = new Int32Array(E.length);
  const sigA = new Int32Array(A.length);
  const exact = new Map<number, number[]>();
  for (let i = E.length - 1; i >= 0; i--) {
    rowHashes(E[i]!, pair);
    sigE[i] = pair[1]!;
    const list = exact.get(pair[0]!);
    if (list) list.push(i);
    else exact.set(pair[0]!, [i]);
  }
  for (let j = 0; j < A.length; j++) {
    rowHashes(A[j]!, pair);
    sigA[j] = pair[1]!;
    const list = exact.get(pair[0]!);
    if (!list) continue;
    for (let k = list.length - 1; k >= 0; k--) {
      const i = list[k]!;
      if (identicalRows(E[i]!, A[j]!)) {
        list[k] = list[list.length - 1]!;
        list.pop();
        matchE[i] = j;
        matchA[j] = i;
        break;
      }
    }
  }
  // 2. bucket the rest by their non-numeric cells
  const buckets: Bucket[] = [];
  const bySignature = new Map<number, Bucket[]>();
  const bucketOf = (cells: Cell[], h: number, create: boolean): Bucket | undefined => {
    let list = bySignature.get(h);
    const hit = list?.find((b) => sameSignature(b.rep, cells));
    if (hit || !create) return hit;
    const b: Bucket = { rep: cells, e: [], a: [] };
    buckets.push(b);
    if (list) list.push(b);
    else {
      list = [b];
      bySignature.set(h, list);
    }
    return b;
  };
  const bucketed = new Uint8Array(E.length);
  for (let i = 0; i < E.length; i++)
    if (matchE[i] === -1) {
      bucketOf(E[i]!, sigE[i]!, true)!.e.push(i);
      bucketed[i] = 1;
    }
  for (let j = 0; j < A.length; j++) if (matchA[j] === -1) bucketOf(A[j]!, sigA[j]!, true)!.a.push(j);

  let steps = 0;
  let incomplete = false;
  const seen = new Int32Array(E.length);
  let stamp = 0;
  // edges of actual row j (within the bucket being solved) are adj.e[edgeStart[j] .. edgeEnd[j])
  const edgeStart = new Int32Array(A.length);
  const edgeEnd = new Int32Array(A.length);

  const solveBucket = (b: Bucket): void => {
    const adj = bucketEdges(b, E, A, tols, edgeStart, edgeEnd);
    // greedy by nearest over all edges of the bucket
    const dist = Float64Array.from(adj.d);
    const order = Uint32Array.from({ length: dist.length }, (_, k) => k).sort((x, y) => dist[x]! - dist[y]!);
    for (const k of order) {
      const e = adj.e[k]!;
      const a = adj.a[k]!;
      if (matchE[e] === -1 && matchA[a] === -1) {
        matchE[e] = a;
        matchA[a] = e;
      }
    }
    if (adj.truncated) incomplete = true;
    // augmenting paths (Kuhn, iterative) from every actual row still unmatched
    for (const root of b.a) {
      if (matchA[root] !== -1 || edgeStart[root] === edgeEnd[root]) continue;
      stamp++;
      const stackA = [root];
      const stackI = [0];
      const stackE = [-1];
      while (stackA.length) {
        if (++steps > MATCHING_STEP_BUDGET) {
          incomplete = true;
          return;
        }
        const top = stackA.length - 1;
        const from = stackA[top]!;
        const at = edgeStart[from]! + stackI[top]!;
        if (at >= edgeEnd[from]!) {
          stackA.pop();
          stackI.pop();
          stackE.pop();
          continue;
        }
        stackI[top]!++;
        const e = adj.e[at]!;
        if (seen[e] === stamp) continue;
        seen[e] = stamp;
        stackE[top] = e;
        if (matchE[e] === -1) {
          for (let t = top; t >= 0; t--) {
            matchE[stackE[t]!] = stackA[t]!;
            matchA[stackA[t]!] = stackE[t]!;
          }
          break;
        }
        stackA.push(matchE[e]!);
        stackI.push(0);
        stackE.push(-1);
      }
    }
  };

  const repair = new Set<Bucket>();
  for (const b of buckets) {
    if (b.e.length === 0 || b.a.length === 0) continue;
    solveBucket(b);
    if (b.e.some((i) => matchE[i] === -1) && b.a.some((j) => matchA[j] === -1)) repair.add(b);
  }
  // 3. rows paired as identical may be needed elsewhere (tolerance is not transitive): give the
  // buckets that still have rows unmatched on both sides their identical pairs back and re-solve.
  if (repair.size) {
    const identicalE = new Map<Bucket, number[]>();
    for (let i = 0; i < E.length; i++) {
      if (bucketed[i]) continue;
      const b = bucketOf(E[i]!, sigE[i]!, false);
      if (!b || !repair.has(b)) continue;
      const list = identicalE.get(b);
      if (list) list.push(i);
      else identicalE.set(b, [i]);
    }
    for (const [b, es] of identicalE)
      solveBucket({ rep: b.rep, e: [...b.e, ...es], a: [...b.a, ...es.map((i) => matchE[i]!)] });
  }
  return { matchE, matchA, incomplete, buckets };
}

interface Edges {
  e: number[];
  a: number[];
  d: number[];
  truncated: boolean;
}

/** Every (expected, actual) pair of the bucket whose cells are all within tolerance. */
function bucketEdges(
  b: Bucket,
  E: Cell[][],
  A: Cell[][],
  tols: NumericTolerance[],
  edgeStart: Int32Array,
  edgeEnd: Int32Array,
): Edges {
  const out: Edges = { e: [], a: [], d: [], truncated: false };
  const sample = E[b.e[0]!]!;
  const numericCols: number[] = [];
  for (let c = 0; c < sample.length; c++)
    if (typeof sample[c] === 'number' && Number.isFinite(sample[c])) numericCols.push(c);
  const distance = (e: Cell[], a: Cell[]): number => {
    let d = 0;
    for (const c of numericCols) {
      const t = tols[c]!;
      const x = e[c] as number;
      const y = a[c] as number;
      const allowed = Math.max(t.abs ?? 0, (t.rel ?? 0) * Math.max(Math.abs(x), Math.abs(y)));
      d += Math.abs(x - y) / (allowed > 0 ? allowed : 1);
    }
    return d;
  };
  // edges are generated actual row by actual row, so each row's edges form one range
  const addEdge = (i: number, j: number): void => {
    out.e.push(i);
    out.a.push(j);
    out.d.push(distance(E[i]!, A[j]!));
  };
  if (numericCols.length === 0 || b.e.length * b.a.length <= 400) {
    // small buckets (or only nested numbers): every pair; cheaper than building a sorted window
    for (const j of b.a) {
      edgeStart[j] = out.e.length;
      let tried = 0;
      for (const i of b.e) {
        if (++tried > WINDOW_CANDIDATE_CAP) {
          out.truncated = true;
          break;
        }
        if (cellsWithin(E[i]!, A[j]!, tols)) addEdge(i, j);
      }
      edgeEnd[j] = out.e.length;
    }
    return out;
  }
  // Window search: sort the bucket's expected rows on the column whose tolerance window holds the
  // fewest rows (estimated on a sample), and pre-filter candidates on the next best column from a
  // packed array before touching a row (random row access is what costs at 100k rows).
  const halfWindow = (c: number, v: number): number => {
    const t = tols[c]!;
    const rel = t.rel ?? 0;
    // |e − v| ≤ max(abs, rel·max(|e|, |v|)) implies |e − v| ≤ max(abs, rel·|v| / (1 − rel))
    const half = rel >= 1 ? Infinity : Math.max(t.abs ?? 0, (rel * Math.abs(v)) / (1 - rel));
    return half * (1 + 1e-9) + Math.abs(v) * 1e-15;
  };
  const lowerBound = (keys: Float64Array, x: number): number => {
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const step = Math.max(1, Math.floor(b.e.length / 512));
  const crowding = numericCols
    .map((c) => {
      const sample: number[] = [];
      for (let k = 0; k < b.e.length; k += step) sample.push(E[b.e[k]!]![c] as number);
      const sorted = Float64Array.from(sample).sort();
      let within = 0;
      for (const v of sorted) {
        const w = halfWindow(c, v);
        within += lowerBound(sorted, v + w + Number.MIN_VALUE) - lowerBound(sorted, v - w);
      }
      return { c, crowd: within / (sorted.length * sorted.length) };
    })
    .sort((x, y) => x.crowd - y.crowd);
  const pivot = crowding[0]!.c;
  const second = crowding.length > 1 ? crowding[1]!.c : -1;
  const n = b.e.length;
  const pivotVals = Float64Array.from(b.e, (i) => E[i]![pivot] as number);
  const order = Uint32Array.from({ length: n }, (_, k) => k).sort((x, y) => pivotVals[x]! - pivotVals[y]!);
  const keys = Float64Array.from(order, (k) => pivotVals[k]!);
  const rowAt = Int32Array.from(order, (k) => b.e[k]!);
  const keys2 = second < 0 ? null : Float64Array.from(rowAt, (i) => E[i]![second] as number);
  for (const j of b.a) {
    edgeStart[j] = out.e.length;
    const row = A[j]!;
    const v = row[pivot] as number;
    const w = halfWindow(pivot, v);
    const v2 = second < 0 ? 0 : (row[second] as number);
    const w2 = second < 0 ? 0 : halfWindow(second, v2);
    let tried = 0;
    for (let k = lowerBound(keys, v - w); k < n && keys[k]! <= v + w; k++) {
      if (keys2 && Math.abs(keys2[k]! - v2) > w2) continue;
      if (++tried > WINDOW_CANDIDATE_CAP) {
        out.truncated = true;
        break;
      }
      const i = rowAt[k]!;
      if (cellsWithin(E[i]!, row, tols)) addEdge(i, j);
    }
    edgeEnd[j] = out.e.length;
  }
  return out;
}
