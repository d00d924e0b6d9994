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
  // 1. identical rows through a hash: both sides sorted by it (typed arrays, no Map of a million
  // lists), then paired inside each run of equal hashes
  const pair = new Int32Array(2);
  const sigE = new Int32Array(E.length);
  const sigA = new Int32Array(A.length);
  const hashE = new Int32Array(E.length);
  const hashA = new Int32Array(A.length);
  for (let i = 0; i < E.length; i++) {
    rowHashes(E[i]!, pair);
    hashE[i] = pair[0]!;
    sigE[i] = pair[1]!;
  }
  for (let j = 0; j < A.length; j++) {
    rowHashes(A[j]!, pair);
    hashA[j] = pair[0]!;
    sigA[j] = pair[1]!;
  }
  const byE = sortedByHash(hashE);
  const byA = sortedByHash(hashA);
  for (let x = 0, y = 0; x < byE.order.length && y < byA.order.length; ) {
    const he = byE.keys[x]!;
    const ha = byA.keys[y]!;
    if (he < ha) x++;
    else if (ha < he) y++;
    else {
      let xe = x;
      while (xe < byE.order.length && byE.keys[xe] === he) xe++;
      let ye = y;
      while (ye < byA.order.length && byA.keys[ye] === ha) ye++;
      // inside a run: each actual row takes the first identical expected row still free; `from`
      // skips the run's paired front, so a run of one row repeated is linear
      let from = x;
      for (let k = y; k < ye; k++) {
        const j = byA.order[k]!;
        while (from < xe && matchE[byE.order[from]!] !== -1) from++;
        for (let m = from; m < xe; m++) {
          const i = byE.order[m]!;
          if (matchE[i] === -1 && identicalRows(E[i]!, A[j]!)) {
            matchE[i] = j;
            matchA[j] = i;
            break;
          }
        }
      }
      x = xe;
      y = ye;
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

  const degree = new Int32Array(E.length);
  const solveBucket = (b: Bucket): void => {
    const adj = bucketEdges(b, E, A, tols, edgeStart, edgeEnd);
    // greedy by nearest over the bucket's edges. An edge that is the only one of both its rows is
    // taken whatever its distance (nothing competes for either row), so only the others are sorted:
    // with distinct rows, nearly none.
    for (let k = 0; k < adj.count; k++) degree[adj.e[k]!]!++;
    const rest: number[] = [];
    for (const a of b.a) {
      const first = edgeStart[a]!;
      if (edgeEnd[a]! - first === 1 && degree[adj.e[first]!] === 1) {
        const e = adj.e[first]!;
        if (matchE[e] === -1 && matchA[a] === -1) {
          matchE[e] = a;
          matchA[a] = e;
        }
      } else for (let k = first; k < edgeEnd[a]!; k++) rest.push(k);
    }
    for (let k = 0; k < adj.count; k++) degree[adj.e[k]!] = 0;
    const dist = Float64Array.from(rest, (k) => distance(E[adj.e[k]!]!, A[adj.a[k]!]!, tols, adj.numericCols));
    const order = Uint32Array.from(rest, (_, x) => x).sort((x, y) => dist[x]! - dist[y]!);
    for (const x of order) {
      const k = rest[x]!;
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
  /** edge k joins expected row e[k] and actual row a[k] (k < count) */
  e: Int32Array;
  a: Int32Array;
  count: number;
  truncated: boolean;
  /** the columns compared as numbers (the distance of an edge sums them) */
  numericCols: number[];
}

/** How far apart two rows are: each numeric cell's difference in units of what its tolerance allows. */
function distance(e: Cell[], a: Cell[], tols: NumericTolerance[], numericCols: number[]): number {
  let d = 0;
  for (const c of numericCols) {
    const t = tols[c]!;
    const x = e[c] as number;
    const y = a[c] as number;
    const allowed = Math.max(t.abs ?? 0, (t.rel ?? 0) * Math.max(Math.abs(x), Math.abs(y)));
    d += Math.abs(x - y) / (allowed > 0 ? allowed : 1);
  }
  return d;
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
  const sample = E[b.e[0]!]!;
  const numericCols: number[] = [];
  for (let c = 0; c < sample.length; c++)
    if (typeof sample[c] === 'number' && Number.isFinite(sample[c])) numericCols.push(c);
  const out: Edges = {
    e: new Int32Array(Math.max(16, b.a.length)),
    a: new Int32Array(Math.max(16, b.a.length)),
    count: 0,
    truncated: false,
    numericCols,
  };
  // edges are generated actual row by actual row, so each row's edges form one range
  const addEdge = (i: number, j: number): void => {
    if (out.count === out.e.length) {
      const grow = (xs: Int32Array) => {
        const bigger = new Int32Array(xs.length * 2);
        bigger.set(xs);
        return bigger;
      };
      out.e = grow(out.e);
      out.a = grow(out.a);
    }
    out.e[out.count] = i;
    out.a[out.count] = j;
    out.count++;
  };
  if (numericCols.length === 0 || b.e.length * b.a.length <= 400) {
    // small buckets (or only nested numbers): every pair; cheaper than building a sorted window
    for (const j of b.a) {
      edgeStart[j] = out.count;
      let tried = 0;
      for (const i of b.e) {
        if (++tried > WINDOW_CANDIDATE_CAP) {
          out.truncated = true;
          break;
        }
        if (cellsWithin(E[i]!, A[j]!, tols)) addEdge(i, j);
      }
      edgeEnd[j] = out.count;
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
  // a sample of each column is enough to rank them (a bucket of a large table has thousands of rows)
  const step = Math.max(1, Math.floor(b.e.length / 64));
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
    edgeStart[j] = out.count;
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
    edgeEnd[j] = out.count;
  }
  return out;
}

/**
 * Indices sorted by a 32-bit hash, with the hash each sorts by: one native sort of numbers packing
 * (the hash's top bits, the index) into a double, no comparator callback. Equal hashes sort
 * together; with more than 2^21 rows a few low bits of the hash are dropped (equality is confirmed
 * row by row anyway).
 */
function sortedByHash(hashes: Int32Array): { order: Int32Array; keys: Float64Array } {
  const n = hashes.length;
  const indexBits = Math.max(1, Math.ceil(Math.log2(n + 1)));
  const hashBits = Math.min(32, 53 - indexBits);
  const scale = 2 ** indexBits;
  const packed = new Float64Array(n);
  for (let i = 0; i < n; i++) packed[i] = Math.floor((hashes[i]! >>> 0) / 2 ** (32 - hashBits)) * scale + i;
  packed.sort();
  const order = new Int32Array(n);
  const keys = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const v = packed[k]!;
    const i = v % scale;
    order[k] = i;
    keys[k] = (v - i) / scale;
  }
  return { order, keys };
}
