// The table comparator: columns matched by name (key, then label), numeric cells (at any depth)
// under the shared abs-OR-rel rule with per-column overrides, and rows compared in order, by key
// columns, or as a multiset. The multiset mode is a tolerance-aware matching, not a sort: identical
// rows pair through a hash, the rest are bucketed by their non-numeric cells and paired inside a
// bucket by a maximum matching over "within tolerance" edges (greedy by nearest, then augmenting
// paths), so the verdict never depends on row order and a looser tolerance never fails more.
import type { OutputType } from '../tool/manifest-types.js';
import type { Difference } from '../report/model.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { deepCompare } from './kit/deep-compare.js';
import { compareNumbers, describeNumericTolerance, formatAbsDiff, numbersWithin, numericTolerance, type NumericTolerance } from './kit/numeric-tolerance.js';
import { joinPath } from './kit/paths.js';
import { garbageResult, skipped, unknownModeResult } from './kit/result.js';
import { describeValue, shortJson, typeName } from './kit/value.js';
import type { Comparator, ComparisonResult, Tolerance } from './types.js';

export const TABLE_MODES = ['rows_ordered', 'rows_unordered', 'ordered', 'unordered', 'keyed'] as const;
export const TABLE_OPTIONS = {
  abs: 'number', rel: 'number', rows: 'string', key: 'string[]', columns: 'tolerance', ignore_columns: 'string[]',
} as const;

/** Differences beyond this are summarised in one "… and N more" entry so a report stays readable. */
export const MAX_TABLE_DIFFERENCES = 1000;
/** Work limit for the augmenting-path search of unordered matching (pathological inputs only). */
const MATCHING_STEP_BUDGET = 50_000_000;
/** Candidates examined per actual row inside one bucket's tolerance window. */
const WINDOW_CANDIDATE_CAP = 5_000;

const MISSING: unique symbol = Symbol('missing cell');
type Cell = unknown;
type Row = unknown[] | Record<string, unknown>;

interface Col { name: string; key?: string; label?: string; pos: number }
interface Side { columns: Col[] | null; rows: Row[] }

// ---------- numbers ----------


// ---------- reading a table ----------

function readColumns(which: string, cols: unknown): Col[] | string {
  if (!Array.isArray(cols)) return `${which}.columns is ${describeValue(cols)}, expected an array`;
  const out: Col[] = [];
  for (let i = 0; i < cols.length; i++) {
    const c = cols[i];
    if (typeof c === 'string') { out.push({ name: c, key: c, pos: i }); continue; }
    if (isPlainObject(c)) {
      const key = typeof c.key === 'string' ? c.key : typeof c.key === 'number' ? String(c.key) : undefined;
      const label = typeof c.label === 'string' ? c.label : undefined;
      const name = key ?? label;
      if (name !== undefined) { out.push({ name, pos: i, ...(key !== undefined && { key }), ...(label !== undefined && { label }) }); continue; }
      return `${which}.columns[${i}] has neither a string key nor a label`;
    }
    return `${which}.columns[${i}] is ${describeValue(c)}, expected a string or {key, label}`;
  }
  return out;
}

function readTable(which: 'expected' | 'actual', v: unknown): Side | string {
  let rows: unknown;
  let columns: Col[] | null = null;
  if (Array.isArray(v)) rows = v;
  else if (isPlainObject(v)) {
    if (!('rows' in v)) return `${which} table has no rows (got an object with keys ${shortJson(Object.keys(v), 60)})`;
    rows = v.rows;
    if (v.columns !== undefined && v.columns !== null) {
      const cols = readColumns(which, v.columns);
      if (typeof cols === 'string') return cols;
      columns = cols;
    }
  } else return `${which} is ${describeValue(v)}, expected a table {columns, rows}`;
  if (!Array.isArray(rows)) return `${which}.rows is ${describeValue(rows)}, expected an array`;
  for (let i = 0; i < rows.length; i++) {
    const r: unknown = rows[i];
    if (!Array.isArray(r) && !isPlainObject(r)) return `${which}.rows[${i}] is ${describeValue(r)}, expected an array or an object`;
  }
  return { columns, rows: rows as Row[] };
}

/** Columns of a side that declares none: object rows give the union of their keys. */
function deriveColumns(side: Side, other: Side): Col[] {
  if (side.columns) return side.columns;
  const objectRows = side.rows.filter(isPlainObject);
  if (objectRows.length === 0 && other.columns) return other.columns;
  const seen = new Map<string, Col>();
  let width = 0;
  for (const r of side.rows) {
    if (Array.isArray(r)) width = Math.max(width, r.length);
    else for (const k of Object.keys(r)) if (!seen.has(k)) seen.set(k, { name: k, key: k, pos: -1 });
  }
  const cols = [...seen.values()];
  for (let i = 0; i < width; i++) if (!seen.has(String(i))) cols.push({ name: String(i), key: String(i), pos: i });
  return cols;
}

function cellOf(row: Row, col: Col): Cell {
  if (Array.isArray(row)) return col.pos >= 0 && col.pos < row.length ? row[col.pos] : MISSING;
  if (col.key !== undefined) {
    const v = row[col.key];
    if (v !== undefined || Object.hasOwn(row, col.key)) return v;
  }
  if (col.label !== undefined && Object.hasOwn(row, col.label)) return row[col.label];
  return MISSING;
}

function rowContent(row: Row, cols: Col[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of cols) {
    const v = cellOf(row, c);
    if (v !== MISSING) out[c.name] = v;
  }
  return out;
}

interface Aligned { name: string; e: Col; a: Col }

/** Match by key first, then fall back to label (either side's key or label). */
function alignColumns(eCols: Col[], aCols: Col[]): { common: Aligned[]; missing: Col[]; extra: Col[] } {
  const usedA = new Set<Col>();
  const pair = new Map<Col, Col>();
  const byKey = new Map<string, Col>();
  for (const c of aCols) if (c.key !== undefined && !byKey.has(c.key)) byKey.set(c.key, c);
  for (const c of eCols) {
    const hit = c.key !== undefined ? byKey.get(c.key) : undefined;
    if (hit && !usedA.has(hit)) { pair.set(c, hit); usedA.add(hit); }
  }
  for (const c of eCols) {
    if (pair.has(c)) continue;
    const names = [c.label, c.key].filter((x): x is string => x !== undefined);
    const hit = aCols.find((x) => !usedA.has(x) && names.some((n) => n === x.label || n === x.key));
    if (hit) { pair.set(c, hit); usedA.add(hit); }
  }
  const common: Aligned[] = [];
  const missing: Col[] = [];
  for (const c of eCols) {
    const a = pair.get(c);
    if (a) common.push({ name: c.name, e: c, a });
    else missing.push(c);
  }
  return { common, missing, extra: aCols.filter((c) => !usedA.has(c)) };
}

// ---------- options ----------

type RowMode = { kind: 'ordered' } | { kind: 'unordered' } | { kind: 'keyed'; key: string[] };

function stringList(v: unknown): string[] | null {
  if (v === undefined || v === null) return [];
  if (typeof v === 'string') return [v];
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
  return null;
}

/** `key` wins over `rows`, which wins over the anchor-style `compare`. */
function rowModeOf(tolerance: Tolerance): RowMode | string {
  const key = stringList(tolerance.key);
  if (key === null) return `tolerance key must be a list of column names, got ${shortJson(tolerance.key, 60)}`;
  if (key.length > 0) return { kind: 'keyed', key };
  const rows = tolerance.rows;
  if (rows !== undefined) {
    if (rows === 'ordered' || rows === 'unordered') return { kind: rows };
    return `tolerance rows must be "ordered" or "unordered", got ${shortJson(rows, 60)}`;
  }
  const mode = tolerance.compare ?? 'rows_ordered';
  if (mode === 'rows_ordered' || mode === 'ordered') return { kind: 'ordered' };
  if (mode === 'rows_unordered' || mode === 'unordered') return { kind: 'unordered' };
  if (mode === 'keyed') return 'compare: keyed needs key: [column, ...]';
  return `unknown compare mode '${mode}'`;
}

interface ColumnTolerances { byName: Map<string, NumericTolerance>; problems: string[] }

function columnTolerances(tolerance: Tolerance, base: NumericTolerance): ColumnTolerances {
  const byName = new Map<string, NumericTolerance>();
  const problems: string[] = [];
  const spec = tolerance.columns;
  if (spec === undefined || spec === null) return { byName, problems };
  if (!isPlainObject(spec)) return { byName, problems: [`tolerance columns must map column names to {abs, rel}, got ${describeValue(spec)}`] };
  for (const [name, t] of Object.entries(spec)) {
    if (!isPlainObject(t)) { problems.push(`tolerance columns.${name} must be {abs, rel}, got ${describeValue(t)}`); continue; }
    const own = numericTolerance(t as Tolerance);
    byName.set(name, { ...base, ...own });
  }
  return { byName, problems };
}

// ---------- hashing rows ----------
// 32-bit hashes over cell values (no strings built, which dominated the time at 1M cells); every
// hash hit is confirmed by comparing the cells, so a collision costs time, never correctness.

function canonicalJson(v: unknown): string {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : `"${String(v)}"`;
  if (Array.isArray(v)) return `[${v.map((x) => canonicalJson(x)).join(',')}]`;
  if (isPlainObject(v)) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(v[k])}`).join(',')}}`;
  return v === undefined ? 'undefined' : JSON.stringify(v);
}

const f64 = new Float64Array(1);
const i32 = new Int32Array(f64.buffer);

function mix(h: number, k: number): number {
  k = Math.imul(k, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  h ^= Math.imul(k, 0x1b873593);
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function mixString(h: number, s: string): number {
  h = mix(h, s.length);
  for (let i = 0; i < s.length; i++) h = mix(h, s.charCodeAt(i));
  return h;
}

/**
 * Two hashes of a row in one pass: `exact` over every cell, and `signature` where finite numbers
 * hash as a placeholder (the bucket key of unordered matching). Written into out[0], out[1].
 */
function rowHashes(cells: Cell[], out: Int32Array): void {
  let h = 0x2545f491;
  let g = 0x2545f491;
  for (let c = 0; c < cells.length; c++) {
    const v = cells[c];
    switch (typeof v) {
      case 'number':
        f64[0] = v === 0 ? 0 : v;
        h = mix(mix(h, i32[0]!), i32[1]!);
        if (Number.isFinite(v)) g = mix(g, 0x23);
        else g = mix(mix(g, i32[0]!), i32[1]!);
        break;
      case 'string': { const k = mixString(0x73, v); h = mix(h, k); g = mix(g, k); break; }
      case 'boolean': h = mix(h, v ? 0x54 : 0x46); g = mix(g, v ? 0x54 : 0x46); break;
      case 'symbol': h = mix(h, 0x6d); g = mix(g, 0x6d); break;
      default:
        if (v === null) { h = mix(h, 0x7a); g = mix(g, 0x7a); break; }
        h = mix(h, mixString(0x6f, canonicalJson(v)));
        g = mix(g, mixString(0x6f, canonicalJson(v).replace(/-?\d[\d.e+-]*/g, '#')));
    }
  }
  out[0] = h;
  out[1] = g;
}

function sameCell(x: Cell, y: Cell): boolean {
  if (x === y) return true;
  if (typeof x === 'number') return typeof y === 'number' && Number.isNaN(x) && Number.isNaN(y);
  return typeof x === 'object' && typeof y === 'object' && x !== null && y !== null && canonicalJson(x) === canonicalJson(y);
}

function identicalRows(x: Cell[], y: Cell[]): boolean {
  for (let c = 0; c < x.length; c++) if (!sameCell(x[c], y[c])) return false;
  return true;
}

/** Same non-numeric cells, numbers in the same places (nested objects: same shape). */
function sameSignature(x: Cell[], y: Cell[]): boolean {
  for (let c = 0; c < x.length; c++) {
    const u = x[c];
    const v = y[c];
    if (typeof u === 'number' && typeof v === 'number' && Number.isFinite(u) && Number.isFinite(v)) continue;
    if (typeof u === 'object' && typeof v === 'object' && u !== null && v !== null) {
      if (canonicalJson(u).replace(/-?\d[\d.e+-]*/g, '#') !== canonicalJson(v).replace(/-?\d[\d.e+-]*/g, '#')) return false;
      continue;
    }
    if (!sameCell(u, v)) return false;
  }
  return true;
}

// ---------- cell comparison ----------

class DiffSink {
  readonly list: Difference[] = [];
  total = 0;
  cellsDiffer = 0;
  add(d: Difference): void {
    this.total++;
    if (this.list.length < MAX_TABLE_DIFFERENCES) this.list.push(d);
  }
  finish(): Difference[] {
    if (this.total > this.list.length) {
      this.list.push({ path: 'rows', message: `… and ${this.total - this.list.length} more differences` });
    }
    return this.list;
  }
}

/** Compares one cell; returns whether it differed. */
function compareCell(e: Cell, a: Cell, tol: NumericTolerance, path: string, sink: DiffSink, note: string): boolean {
  if (e === a) return false;
  if (e === MISSING) { sink.add({ path, message: `not expected (cell absent in expected)${note}`, actual: a }); return true; }
  if (a === MISSING) { sink.add({ path, message: `missing in actual${note}`, expected: e }); return true; }
  if (typeof e === 'number' && typeof a === 'number') {
    if (numbersWithin(e, a, tol)) return false;
    const v = compareNumbers(e, a, tol);
    sink.add({ path, message: `expected ${e}, got ${a} (abs diff ${formatAbsDiff(v.absDiff)})${note}`, expected: e, actual: a });
    return true;
  }
  if (typeof e === 'object' && typeof a === 'object' && e !== null && a !== null) {
    const diffs = deepCompare(e, a, path, tol);
    for (const d of diffs) sink.add(note ? { ...d, message: d.message + note } : d);
    return diffs.length > 0;
  }
  const message = typeName(e) !== typeName(a)
    ? `expected ${typeName(e)} ${shortJson(e, 60)}, got ${typeName(a)} ${shortJson(a, 60)}`
    : `expected ${shortJson(e, 80)}, got ${shortJson(a, 80)}`;
  sink.add({ path, message: message + note, expected: e, actual: a });
  return true;
}

function cellsWithin(e: Cell[], a: Cell[], tols: NumericTolerance[]): boolean {
  for (let c = 0; c < e.length; c++) {
    const x = e[c];
    const y = a[c];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') { if (!numbersWithin(x, y, tols[c]!)) return false; continue; }
    if (typeof x === 'object' && typeof y === 'object' && x !== null && y !== null) {
      if (deepCompare(x, y, '', tols[c]!).length > 0) return false;
      continue;
    }
    return false;
  }
  return true;
}

// ---------- unordered matching ----------

interface Bucket { rep: Cell[]; e: number[]; a: number[] }

/**
 * Pairs rows as a maximum matching where an edge means "every cell within tolerance".
 * Returns matchE/matchA (−1 = unmatched) and whether the search had to stop early.
 */
function matchUnordered(E: Cell[][], A: Cell[][], tols: NumericTolerance[]): { matchE: Int32Array; matchA: Int32Array; incomplete: boolean; buckets: Bucket[] } {
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
    if (list) list.push(i); else exact.set(pair[0]!, [i]);
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
        matchE[i] = j; matchA[j] = i;
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
    if (list) list.push(b); else { list = [b]; bySignature.set(h, list); }
    return b;
  };
  const bucketed = new Uint8Array(E.length);
  for (let i = 0; i < E.length; i++) if (matchE[i] === -1) { bucketOf(E[i]!, sigE[i]!, true)!.e.push(i); bucketed[i] = 1; }
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
      if (matchE[e] === -1 && matchA[a] === -1) { matchE[e] = a; matchA[a] = e; }
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
        if (++steps > MATCHING_STEP_BUDGET) { incomplete = true; return; }
        const top = stackA.length - 1;
        const from = stackA[top]!;
        const at = edgeStart[from]! + stackI[top]!;
        if (at >= edgeEnd[from]!) { stackA.pop(); stackI.pop(); stackE.pop(); continue; }
        stackI[top]!++;
        const e = adj.e[at]!;
        if (seen[e] === stamp) continue;
        seen[e] = stamp;
        stackE[top] = e;
        if (matchE[e] === -1) {
          for (let t = top; t >= 0; t--) { matchE[stackE[t]!] = stackA[t]!; matchA[stackA[t]!] = stackE[t]!; }
          break;
        }
        stackA.push(matchE[e]!); stackI.push(0); stackE.push(-1);
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
      if (list) list.push(i); else identicalE.set(b, [i]);
    }
    for (const [b, es] of identicalE) solveBucket({ rep: b.rep, e: [...b.e, ...es], a: [...b.a, ...es.map((i) => matchE[i]!)] });
  }
  return { matchE, matchA, incomplete, buckets };
}

interface Edges { e: number[]; a: number[]; d: number[]; truncated: boolean }

/** Every (expected, actual) pair of the bucket whose cells are all within tolerance. */
function bucketEdges(b: Bucket, E: Cell[][], A: Cell[][], tols: NumericTolerance[], edgeStart: Int32Array, edgeEnd: Int32Array): Edges {
  const out: Edges = { e: [], a: [], d: [], truncated: false };
  const sample = E[b.e[0]!]!;
  const numericCols: number[] = [];
  for (let c = 0; c < sample.length; c++) if (typeof sample[c] === 'number' && Number.isFinite(sample[c])) numericCols.push(c);
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
        if (++tried > WINDOW_CANDIDATE_CAP) { out.truncated = true; break; }
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
    while (lo < hi) { const mid = (lo + hi) >>> 1; if (keys[mid]! < x) lo = mid + 1; else hi = mid; }
    return lo;
  };
  const step = Math.max(1, Math.floor(b.e.length / 512));
  const crowding = numericCols.map((c) => {
    const sample: number[] = [];
    for (let k = 0; k < b.e.length; k += step) sample.push(E[b.e[k]!]![c] as number);
    const sorted = Float64Array.from(sample).sort();
    let within = 0;
    for (const v of sorted) { const w = halfWindow(c, v); within += lowerBound(sorted, v + w + Number.MIN_VALUE) - lowerBound(sorted, v - w); }
    return { c, crowd: within / (sorted.length * sorted.length) };
  }).sort((x, y) => x.crowd - y.crowd);
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
      if (++tried > WINDOW_CANDIDATE_CAP) { out.truncated = true; break; }
      const i = rowAt[k]!;
      if (cellsWithin(E[i]!, row, tols)) addEdge(i, j);
    }
    edgeEnd[j] = out.e.length;
  }
  return out;
}

// ---------- the comparison ----------

interface Prepared {
  common: Aligned[];
  missingCols: Col[];
  extraCols: Col[];
  eCols: Col[];
  aCols: Col[];
  E: Cell[][];
  A: Cell[][];
  eRows: Row[];
  aRows: Row[];
  tols: NumericTolerance[];
}

function ruleText(mode: RowMode, base: NumericTolerance, colTols: Map<string, NumericTolerance>, ignored: string[]): string {
  const rows = mode.kind === 'keyed' ? `rows keyed by [${mode.key.join(', ')}]` : `rows ${mode.kind}`;
  let text = `${rows}, cells ${describeNumericTolerance(base)}`;
  for (const [name, t] of colTols) text += `; column ${name} ${describeNumericTolerance(t)}`;
  if (ignored.length) text += `; ignoring columns [${ignored.join(', ')}]`;
  return text;
}

/**
 * Compares two table values under a table tolerance. Exported for the file comparator (CSV).
 * `expected`/`actual` in the result are `echo` (defaults to the values given).
 */
export function compareTableValues(expected: unknown, actual: unknown, tolerance: Tolerance, echo = { expected, actual }): ComparisonResult {
  const base = numericTolerance(tolerance);
  const mode = rowModeOf(tolerance);
  const colSpec = columnTolerances(tolerance, base);
  const ignored = stringList(tolerance.ignore_columns);
  const rule = typeof mode === 'string' ? 'table' : ruleText(mode, base, colSpec.byName, ignored ?? []);
  const fail = (message: string): ComparisonResult => garbageResult(message, echo.expected, echo.actual, tolerance, rule);
  if (typeof mode === 'string') return fail(mode);
  if (ignored === null) return fail(`tolerance ignore_columns must be a list of column names, got ${shortJson(tolerance.ignore_columns, 60)}`);
  if (colSpec.problems.length) return fail(colSpec.problems.join('; '));

  const eSide = readTable('expected', expected);
  if (typeof eSide === 'string') return fail(eSide);
  const aSide = readTable('actual', actual);
  if (typeof aSide === 'string') return fail(aSide);

  const ignoreSet = new Set(ignored);
  const keep = (c: Col): boolean => !(ignoreSet.has(c.name) || (c.key !== undefined && ignoreSet.has(c.key)) || (c.label !== undefined && ignoreSet.has(c.label)));
  const eColsAll = deriveColumns(eSide, aSide);
  const aColsAll = deriveColumns(aSide, eSide);
  const knows = (name: string): boolean => [...eColsAll, ...aColsAll].some((c) => c.name === name || c.key === name || c.label === name);
  const unknownNames = [...ignoreSet, ...colSpec.byName.keys(), ...(mode.kind === 'keyed' ? mode.key : [])].filter((n) => !knows(n));
  if (unknownNames.length) {
    return fail(`tolerance names column(s) the table does not have: ${unknownNames.map((n) => JSON.stringify(n)).join(', ')} (columns: ${eColsAll.map((c) => c.name).join(', ')})`);
  }
  const eCols = eColsAll.filter(keep);
  const aCols = aColsAll.filter(keep);
  const { common, missing: missingCols, extra: extraCols } = alignColumns(eCols, aCols);
  const tols = common.map((c) => colSpec.byName.get(c.name) ?? colSpec.byName.get(c.e.label ?? '') ?? colSpec.byName.get(c.e.key ?? '') ?? base);
  const E = eSide.rows.map((r) => common.map((c) => cellOf(r, c.e)));
  const A = aSide.rows.map((r) => common.map((c) => cellOf(r, c.a)));
  const p: Prepared = { common, missingCols, extraCols, eCols, aCols, E, A, eRows: eSide.rows, aRows: aSide.rows, tols };

  const sink = new DiffSink();
  const notes: string[] = [];
  if (missingCols.length) sink.add({ path: 'columns', message: `columns missing in actual: ${missingCols.map((c) => c.name).join(', ')}`, expected: missingCols.map((c) => c.name) });
  if (extraCols.length) sink.add({ path: 'columns', message: `columns not expected (extra in actual): ${extraCols.map((c) => c.name).join(', ')}`, actual: extraCols.map((c) => c.name) });
  if (E.length !== A.length) sink.add({ path: 'rows', message: `row count differs: expected ${E.length}, got ${A.length}`, expected: E.length, actual: A.length });

  let rowsMissing = 0;
  let rowsExtra = 0;
  const compareRowPair = (i: number, j: number, path: string, note: string): void => {
    for (let c = 0; c < common.length; c++) {
      if (compareCell(E[i]![c], A[j]![c], tols[c]!, joinPath(path, common[c]!.name), sink, note)) sink.cellsDiffer++;
    }
  };
  const reportMissing = (i: number, path: string): void => {
    rowsMissing++;
    sink.cellsDiffer += common.length;
    sink.add({ path, message: `row missing in actual: expected row ${i} ${shortJson(rowContent(p.eRows[i]!, p.eCols), 200)}`, expected: rowContent(p.eRows[i]!, p.eCols) });
  };
  const reportExtra = (j: number, path: string): void => {
    rowsExtra++;
    sink.cellsDiffer += common.length;
    sink.add({ path, message: `row not expected (extra in actual): actual row ${j} ${shortJson(rowContent(p.aRows[j]!, p.aCols), 200)}`, actual: rowContent(p.aRows[j]!, p.aCols) });
  };

  if (mode.kind === 'ordered') {
    const n = Math.min(E.length, A.length);
    for (let i = 0; i < n; i++) compareRowPair(i, i, `rows[${i}]`, '');
    for (let i = n; i < E.length; i++) reportMissing(i, `rows[${i}]`);
    for (let j = n; j < A.length; j++) reportExtra(j, `rows[${j}]`);
  } else if (mode.kind === 'keyed') {
    const keyIdx = mode.key.map((k) => common.findIndex((c) => c.name === k || c.e.key === k || c.e.label === k));
    const absentKey = mode.key.filter((_, x) => keyIdx[x]! < 0);
    if (absentKey.length) return fail(`key column(s) ${absentKey.join(', ')} must be present in both tables`);
    const keyOf = (cells: Cell[]): string => keyIdx.map((c) => { const v = cells[c]; return typeof v === 'string' ? v : v === MISSING ? '∅' : shortJson(v, 60); }).join(',');
    const group = (rows: Cell[][]): Map<string, number[]> => {
      const m = new Map<string, number[]>();
      rows.forEach((cells, i) => { const k = keyOf(cells); const l = m.get(k); if (l) l.push(i); else m.set(k, [i]); });
      return m;
    };
    const eg = group(E);
    const ag = group(A);
    const pathOf = (k: string, occurrence: number): string => `rows[key=${k}${occurrence > 0 ? `#${occurrence + 1}` : ''}]`;
    const duplicated: string[] = [];
    for (const [k, es] of eg) {
      const as = ag.get(k) ?? [];
      if (es.length > 1 || as.length > 1) {
        // a key that is not unique: pair its rows as a multiset (the same matching as unordered
        // mode), so identical tables still match; the duplication is named in the metric
        duplicated.push(`${k} (${es.length} expected, ${as.length} actual)`);
        const sub = matchUnordered(es.map((i) => E[i]!), as.map((j) => A[j]!), tols);
        const leftE = es.filter((_, x) => sub.matchE[x] === -1);
        const leftA = as.filter((_, y) => sub.matchA[y] === -1);
        let occurrence = 0;
        for (let x = 0; x < es.length; x++) if (sub.matchE[x] !== -1) occurrence++;
        const n = Math.min(leftE.length, leftA.length);
        for (let x = 0; x < n; x++) compareRowPair(leftE[x]!, leftA[x]!, pathOf(k, occurrence++), ` (expected row ${leftE[x]}, actual row ${leftA[x]}; key ${k} is not unique)`);
        for (let x = n; x < leftE.length; x++) reportMissing(leftE[x]!, pathOf(k, occurrence++));
        for (let x = n; x < leftA.length; x++) reportExtra(leftA[x]!, pathOf(k, occurrence++));
        continue;
      }
      if (as.length === 1) compareRowPair(es[0]!, as[0]!, pathOf(k, 0), '');
      else reportMissing(es[0]!, pathOf(k, 0));
    }
    for (const [k, as] of ag) {
      if (eg.has(k)) continue;
      if (as.length > 1) duplicated.push(`${k} (0 expected, ${as.length} actual)`);
      as.forEach((j, x) => reportExtra(j, pathOf(k, x)));
    }
    if (duplicated.length) notes.push(`duplicate key(s): ${duplicated.slice(0, 5).join(', ')}${duplicated.length > 5 ? ` and ${duplicated.length - 5} more` : ''}`);
  } else {
    const { matchE, matchA, incomplete, buckets } = matchUnordered(E, A, tols);
    if (incomplete) notes.push('row matching stopped at its work limit; some rows may be reported unmatched that a longer search would pair');
    // leftovers that share their non-numeric cells are paired by nearest pivot value and reported
    // cell by cell (more useful than "missing" + "extra" for a number just out of tolerance)
    for (const b of buckets) {
      const es = b.e.filter((i) => matchE[i] === -1);
      const as = b.a.filter((j) => matchA[j] === -1);
      const n = Math.min(es.length, as.length);
      if (n === 0) continue;
      const sortKey = (cells: Cell[]): number => { for (const v of cells) if (typeof v === 'number' && Number.isFinite(v)) return v; return 0; };
      es.sort((x, y) => sortKey(E[x]!) - sortKey(E[y]!));
      as.sort((x, y) => sortKey(A[x]!) - sortKey(A[y]!));
      for (let k = 0; k < n; k++) {
        const i = es[k]!;
        const j = as[k]!;
        matchE[i] = j; matchA[j] = i;
        rowsMissing++; rowsExtra++;
        compareRowPair(i, j, `rows[${i}]`, ` (no actual row within tolerance; nearest is actual row ${j})`);
      }
    }
    for (let i = 0; i < E.length; i++) if (matchE[i] === -1) reportMissing(i, `rows[${i}]`);
    for (let j = 0; j < A.length; j++) if (matchA[j] === -1) reportExtra(j, `rows[${j}]`);
  }

  const width = common.length + missingCols.length + extraCols.length;
  const totalCells = Math.max(E.length, A.length) * width;
  const colCells = missingCols.length * E.length + extraCols.length * A.length;
  const differing = Math.min(totalCells, sink.cellsDiffer + colCells);
  const ok = sink.total === 0;
  let metric = `${differing} of ${totalCells} cells differ`;
  if (rowsMissing || rowsExtra) metric += `; ${rowsMissing} expected row(s) unmatched, ${rowsExtra} actual row(s) unmatched`;
  if (missingCols.length || extraCols.length) metric += `; ${missingCols.length} column(s) missing, ${extraCols.length} extra`;
  if (notes.length) metric += `; ${notes.join('; ')}`;
  const score = ok ? 1 : totalCells === 0 ? 0 : Math.max(0, Math.min(0.999, 1 - differing / totalCells));
  return { status: ok ? 'pass' : 'fail', score, metric, rule, expected: echo.expected, actual: echo.actual, tolerance, differences: sink.finish() };
}

export const tableComparator: Comparator = {
  name: 'table',
  types: ['table'],
  modes: TABLE_MODES,
  options: TABLE_OPTIONS,
  defaults(_type: OutputType): Tolerance {
    return { compare: 'rows_ordered', abs: 1e-6 };
  },
  compare({ expected, actual, tolerance }): ComparisonResult {
    const mode = tolerance.compare;
    if (mode === 'skip') return skipped(tolerance, expected, actual);
    if (mode !== undefined && !(TABLE_MODES as readonly string[]).includes(mode)) return unknownModeResult(mode, TABLE_MODES, expected, actual, tolerance);
    return compareTableValues(expected, actual, tolerance);
  },
};
