// Rows as a multiset: a tolerance-aware matching, not a sort. Identical rows pair through a hash,
// the rest are bucketed by their non-numeric cells and paired inside a bucket by a maximum matching
// over "within tolerance" edges (greedy by nearest, then augmenting paths), so the verdict never
// depends on row order and a looser tolerance never fails more. What is kept per row lives in typed
// arrays (hash chains, bucket ids, sorted windows): an object or a list per row cost seconds at 1M rows.
import type { NumericTolerance } from '../kit/numeric-tolerance.js';
import { numbersWithin } from '../kit/numeric-tolerance.js';
import { cellsWithin } from './cells.js';
import { ascendingPositions } from './radix.js';
import type { Cell } from './read.js';
import { type PackedRows, packRows, SignatureIndex, sameRow, slotBits, slotOf } from './row-keys.js';

/** Work limit for the augmenting-path search (pathological inputs only). */
const MATCHING_STEP_BUDGET = 50_000_000;
/** Candidates examined per actual row inside one bucket's tolerance window. */
const WINDOW_CANDIDATE_CAP = 5_000;

/** Rows left unmatched on both sides that share their non-numeric cells (`rep` is one of them). */
export interface Bucket {
  rep: Cell[];
  e: number[];
  a: number[];
}

export interface Matching {
  /** the actual row paired with each expected row, −1 when none (and the converse in matchA) */
  matchE: Int32Array;
  matchA: Int32Array;
  /** the search stopped at its work limit */
  incomplete: boolean;
  buckets: Bucket[];
}

/**
 * Pairs identical rows: each actual row, in order, takes the first identical expected row still
 * free. Expected rows are chained per hash slot in ascending order and unlinked once paired, so a
 * row repeated a million times is still linear.
 */
function pairIdentical(
  e: PackedRows,
  a: PackedRows,
  index: SignatureIndex,
  matchE: Int32Array,
  matchA: Int32Array,
): void {
  const bits = slotBits(e.hash.length);
  const head = new Int32Array(1 << bits).fill(-1);
  const next = new Int32Array(e.hash.length);
  for (let i = e.hash.length - 1; i >= 0; i--) {
    const s = slotOf(e.hash[i]!, bits);
    next[i] = head[s]!;
    head[s] = i;
  }
  for (let j = 0; j < a.hash.length; j++) {
    const h = a.hash[j]!;
    const s = slotOf(h, bits);
    for (let i = head[s]!, prev = -1; i !== -1; prev = i, i = next[i]!) {
      if (e.hash[i] !== h || !sameRow(e, i, a, j, index)) continue;
      matchE[i] = j;
      matchA[j] = i;
      if (prev < 0) head[s] = next[i]!;
      else next[prev] = next[i]!;
      break;
    }
  }
}

/** Rows still unpaired grouped by bucket (ascending inside one): bucket b's are rows[start[b] .. start[b + 1]). */
function groupByBucket(
  bucketOf: Int32Array,
  match: Int32Array,
  buckets: number,
): { start: Int32Array; rows: Int32Array } {
  const start = new Int32Array(buckets + 1);
  for (let i = 0; i < bucketOf.length; i++) if (match[i] === -1) start[bucketOf[i]! + 1]!++;
  for (let b = 0; b < buckets; b++) start[b + 1]! += start[b]!;
  const fill = start.slice(0, buckets);
  const rows = new Int32Array(start[buckets]!);
  for (let i = 0; i < bucketOf.length; i++) if (match[i] === -1) rows[fill[bucketOf[i]!]!++] = i;
  return { start, rows };
}

/**
 * Pairs rows as a maximum matching where an edge means "every cell within tolerance". With
 * `exactOnly`, only identical rows pair; with `stopWhenUnpaired`, the search ends as soon as some
 * row is sure to stay unpaired (for callers that only ask whether every row pairs).
 */
export function matchUnordered(
  E: Cell[][],
  A: Cell[][],
  tols: NumericTolerance[],
  opts: { exactOnly?: boolean; stopWhenUnpaired?: boolean } = {},
): Matching {
  const matchE = new Int32Array(E.length).fill(-1);
  const matchA = new Int32Array(A.length).fill(-1);
  const width = Math.max(E[0]?.length ?? 0, A[0]?.length ?? 0);
  const index = new SignatureIndex(slotBits(Math.min(E.length + A.length, 1 << 22)));
  const e = packRows(E, width, index);
  const a = packRows(A, width, index);
  pairIdentical(e, a, index, matchE, matchA);
  const done: Matching = { matchE, matchA, incomplete: false, buckets: [] };
  if (opts.exactOnly) return done;
  const count = index.reps.length;
  const inE = groupByBucket(e.bucket, matchE, count);
  const inA = groupByBucket(a.bucket, matchA, count);
  const rowsOf = (g: { start: Int32Array; rows: Int32Array }, b: number) =>
    g.rows.subarray(g.start[b]!, g.start[b + 1]!);
  // rows never pair across buckets, so a bucket with more rows on one side leaves one unpaired
  if (opts.stopWhenUnpaired)
    for (let b = 0; b < count; b++) if (rowsOf(inE, b).length !== rowsOf(inA, b).length) return done;

  const solver = new BucketSolver(e, a, index, tols, matchE, matchA);
  const repair = new Set<number>();
  for (let b = 0; b < count; b++) {
    const es = rowsOf(inE, b);
    const as = rowsOf(inA, b);
    if (es.length === 0 || as.length === 0) continue;
    solver.solve(b, es, as);
    if (es.some((i) => matchE[i] === -1) && as.some((j) => matchA[j] === -1)) repair.add(b);
  }
  // rows paired as identical may be needed elsewhere (tolerance is not transitive): give the
  // buckets that still have rows unmatched on both sides their identical pairs back and re-solve
  if (repair.size) {
    const identical = new Map<number, number[]>();
    const grouped = new Uint8Array(E.length);
    for (const i of inE.rows) grouped[i] = 1;
    for (let i = 0; i < E.length; i++) {
      const b = e.bucket[i]!;
      if (grouped[i] || !repair.has(b)) continue;
      const list = identical.get(b);
      if (list) list.push(i);
      else identical.set(b, [i]);
    }
    for (const [b, es] of identical)
      solver.solve(
        b,
        Int32Array.from([...rowsOf(inE, b), ...es]),
        Int32Array.from([...rowsOf(inA, b), ...es.map((i) => matchE[i]!)]),
      );
  }
  done.incomplete = solver.incomplete;
  // in the order the buckets' first unpaired expected rows come
  const left: { first: number; bucket: Bucket }[] = [];
  for (let b = 0; b < count; b++) {
    const all = rowsOf(inE, b);
    const es = Array.from(all).filter((i) => matchE[i] === -1);
    const as = Array.from(rowsOf(inA, b)).filter((j) => matchA[j] === -1);
    if (es.length && as.length) left.push({ first: all[0]!, bucket: { rep: index.reps[b]!, e: es, a: as } });
  }
  done.buckets = left.sort((x, y) => x.first - y.first).map((x) => x.bucket);
  return done;
}

function lowerBound(keys: Float64Array, x: number): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Solves bucket after bucket, reusing its per-row arrays (one allocation for the whole table). */
class BucketSolver {
  incomplete = false;
  private steps = 0;
  private stamp = 0;
  private readonly seen: Int32Array;
  private readonly degree: Int32Array;
  // edges of actual row j are (edgeE[k], j) for k in edgeStart[j] .. edgeEnd[j]
  private readonly edgeStart: Int32Array;
  private readonly edgeEnd: Int32Array;
  private edgeE = new Int32Array(1024);
  private edgeA = new Int32Array(1024);
  private edges = 0;
  /** the columns of the bucket being solved that hold numbers, and whether its cells nest values */
  private numericCols: number[] = [];
  private nested = false;

  constructor(
    private readonly e: PackedRows,
    private readonly a: PackedRows,
    private readonly index: SignatureIndex,
    private readonly tols: NumericTolerance[],
    private readonly matchE: Int32Array,
    private readonly matchA: Int32Array,
  ) {
    this.seen = new Int32Array(e.hash.length);
    this.degree = new Int32Array(e.hash.length);
    this.edgeStart = new Int32Array(a.hash.length);
    this.edgeEnd = new Int32Array(a.hash.length);
  }

  private pair(e: number, a: number): void {
    if (this.matchE[e] === -1 && this.matchA[a] === -1) {
      this.matchE[e] = a;
      this.matchA[a] = e;
    }
  }

  /**
   * Whether every cell of expected row i is within tolerance of actual row j. Rows of one bucket
   * share their non-numeric cells, so only the packed numbers are compared (nested values aside).
   */
  private within(i: number, j: number): boolean {
    if (this.nested) return cellsWithin(this.e.rows[i]!, this.a.rows[j]!, this.tols);
    const { num: ne, width } = this.e;
    const na = this.a.num;
    for (const c of this.numericCols)
      if (!numbersWithin(ne[i * width + c]!, na[j * width + c]!, this.tols[c]!)) return false;
    return true;
  }

  /** How far apart two rows are: each numeric cell's difference in units of what its tolerance allows. */
  private distance(i: number, j: number): number {
    const { num: ne, width } = this.e;
    const na = this.a.num;
    let d = 0;
    for (const c of this.numericCols) {
      const t = this.tols[c]!;
      const x = ne[i * width + c]!;
      const y = na[j * width + c]!;
      const allowed = Math.max(t.abs ?? 0, (t.rel ?? 0) * Math.max(Math.abs(x), Math.abs(y)));
      d += Math.abs(x - y) / (allowed > 0 ? allowed : 1);
    }
    return d;
  }

  /** A maximum matching of bucket b's unpaired rows `es` and `as`. */
  solve(b: number, es: Int32Array, as: Int32Array): void {
    const { matchE, matchA, edgeStart, edgeEnd, degree } = this;
    this.numericCols = this.index.numericColumns(b);
    this.nested = this.index.nested[b]!;
    this.findEdges(es, as);
    // greedy by nearest over the bucket's edges. An edge that is the only one of both its rows is
    // taken whatever its distance (nothing competes for either row), so only the others are sorted:
    // with distinct rows, nearly none.
    for (let k = 0; k < this.edges; k++) degree[this.edgeE[k]!]!++;
    const rest: number[] = [];
    for (const a of as) {
      const first = edgeStart[a]!;
      if (edgeEnd[a]! - first === 1 && degree[this.edgeE[first]!] === 1) this.pair(this.edgeE[first]!, a);
      else for (let k = first; k < edgeEnd[a]!; k++) rest.push(k);
    }
    for (let k = 0; k < this.edges; k++) degree[this.edgeE[k]!] = 0;
    if (rest.length) {
      const dist = Float64Array.from(rest, (k) => this.distance(this.edgeE[k]!, this.edgeA[k]!));
      for (const x of ascendingPositions(dist)) this.pair(this.edgeE[rest[x]!]!, this.edgeA[rest[x]!]!);
    }
    // augmenting paths (Kuhn, iterative) from every actual row still unmatched
    for (const root of as) {
      if (matchA[root] !== -1 || edgeStart[root] === edgeEnd[root]) continue;
      this.stamp++;
      const stackA = [root];
      const stackI = [0];
      const stackE = [-1];
      while (stackA.length) {
        if (++this.steps > MATCHING_STEP_BUDGET) {
          this.incomplete = true;
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
        const e = this.edgeE[at]!;
        if (this.seen[e] === this.stamp) continue;
        this.seen[e] = this.stamp;
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
  }

  private addEdge(i: number, j: number): void {
    if (this.edges === this.edgeE.length) {
      const grow = (xs: Int32Array) => {
        const bigger = new Int32Array(xs.length * 2);
        bigger.set(xs);
        return bigger;
      };
      this.edgeE = grow(this.edgeE);
      this.edgeA = grow(this.edgeA);
    }
    this.edgeE[this.edges] = i;
    this.edgeA[this.edges] = j;
    this.edges++;
  }

  /** Every (expected, actual) pair of the bucket whose cells are all within tolerance, actual row by actual row. */
  private findEdges(es: Int32Array, as: Int32Array): void {
    const { tols, edgeStart, edgeEnd, numericCols } = this;
    const { num: ne, width } = this.e;
    const na = this.a.num;
    this.edges = 0;
    if (numericCols.length === 0 || es.length * as.length <= 400) {
      // small buckets (or only nested numbers): every pair; cheaper than building a sorted window
      for (const j of as) {
        edgeStart[j] = this.edges;
        let tried = 0;
        for (const i of es) {
          if (++tried > WINDOW_CANDIDATE_CAP) {
            this.incomplete = true;
            break;
          }
          if (this.within(i, j)) this.addEdge(i, j);
        }
        edgeEnd[j] = this.edges;
      }
      return;
    }
    // Window search: sort the bucket's expected rows on the column whose tolerance window holds the
    // fewest rows (estimated on a sample), and pre-filter candidates on the next best column from a
    // packed array before testing the pair.
    const halfWindow = (c: number, v: number): number => {
      const t = tols[c]!;
      const rel = t.rel ?? 0;
      // |e − v| ≤ max(abs, rel·max(|e|, |v|)) implies |e − v| ≤ max(abs, rel·|v| / (1 − rel))
      const half = rel >= 1 ? Infinity : Math.max(t.abs ?? 0, (rel * Math.abs(v)) / (1 - rel));
      return half * (1 + 1e-9) + Math.abs(v) * 1e-15;
    };
    // a sample of each column is enough to rank them (a bucket of a large table has thousands of rows)
    const step = Math.max(1, Math.floor(es.length / 64));
    const crowding = numericCols
      .map((c) => {
        const sample: number[] = [];
        for (let k = 0; k < es.length; k += step) sample.push(ne[es[k]! * width + c]!);
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
    const n = es.length;
    const pivotVals = new Float64Array(n);
    for (let k = 0; k < n; k++) pivotVals[k] = ne[es[k]! * width + pivot]!;
    const order = ascendingPositions(pivotVals);
    const keys = new Float64Array(n);
    const rowAt = new Int32Array(n);
    const keys2 = second < 0 ? null : new Float64Array(n);
    for (let k = 0; k < n; k++) {
      keys[k] = pivotVals[order[k]!]!;
      rowAt[k] = es[order[k]!]!;
      if (keys2) keys2[k] = ne[rowAt[k]! * width + second]!;
    }
    for (const j of as) {
      edgeStart[j] = this.edges;
      const v = na[j * width + pivot]!;
      const w = halfWindow(pivot, v);
      const v2 = second < 0 ? 0 : na[j * width + second]!;
      const w2 = second < 0 ? 0 : halfWindow(second, v2);
      let tried = 0;
      for (let k = lowerBound(keys, v - w); k < n && keys[k]! <= v + w; k++) {
        if (keys2 && Math.abs(keys2[k]! - v2) > w2) continue;
        if (++tried > WINDOW_CANDIDATE_CAP) {
          this.incomplete = true;
          break;
        }
        const i = rowAt[k]!;
        if (this.within(i, j)) this.addEdge(i, j);
      }
      edgeEnd[j] = this.edges;
    }
  }
}
