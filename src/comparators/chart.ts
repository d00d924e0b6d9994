// The chart comparator: all 13 chart_* types, each by its own data (SPEC §3). Series are matched by
// name, x and shapes are checked, every number goes through the shared abs-OR-rel rule, and every
// unordered collection (scatter points, histogram values, duplicate slices, graph edges) is matched
// as a multiset within tolerance — never by sorting mixed values or their string forms (anchor B17).
import type { OutputType } from '../tool/manifest-types.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { DiffCollector } from './kit/diff-collector.js';
import { keyCounts, matchScalarMultiset, maxMatching, occurrences, pairByKey, reportScalarMultiset, type Indexed } from './kit/matching.js';
import { describeNumericTolerance, numbersWithin, numericTolerance, type NumericTolerance } from './kit/numeric-tolerance.js';
import { joinPath, keyedPath, pathText } from './kit/paths.js';
import { garbageResult, skipped } from './kit/result.js';
import { describeValue, isPresent, jsonKey, shortJson } from './kit/value.js';
import type { Comparator, ComparisonResult, OptionKind, Tolerance } from './types.js';

// ---------- reading chart values ----------

type ChartType = Extract<OutputType, `chart_${string}`>;

export const CHART_TYPES: readonly ChartType[] = [
  'chart_line', 'chart_bar', 'chart_area', 'chart_scatter', 'chart_pie', 'chart_histogram', 'chart_boxplot',
  'chart_heatmap', 'chart_candlestick', 'chart_radar', 'chart_sankey', 'chart_treemap', 'chart_network',
];

export const CHART_MODES = [
  'data_only', 'slices_unordered', 'values_unordered', 'series_summary', 'matrix_elementwise', 'rows_ordered',
  'graph_set', 'tree_set', 'ordered', 'unordered',
] as const;

type Variant = 'ordered' | 'unordered';

/** Which `compare` modes apply to each type and what they mean (the first is the built-in default). */
const MODE_TABLE: Record<ChartType, [string, Record<string, Variant>]> = (() => {
  const seriesOrdered: Record<string, Variant> = { data_only: 'ordered', rows_ordered: 'ordered', ordered: 'ordered' };
  const orderedOrUnordered = (defaultName: string, unorderedNames: string[]): [string, Record<string, Variant>] => {
    const m: Record<string, Variant> = { rows_ordered: 'ordered', ordered: 'ordered', data_only: 'unordered', unordered: 'unordered' };
    for (const n of unorderedNames) m[n] = 'unordered';
    return [defaultName, m];
  };
  return {
    chart_line: ['data_only', seriesOrdered],
    chart_bar: ['data_only', seriesOrdered],
    chart_area: ['data_only', seriesOrdered],
    chart_radar: ['data_only', seriesOrdered],
    chart_heatmap: ['matrix_elementwise', { ...seriesOrdered, matrix_elementwise: 'ordered' }],
    chart_scatter: orderedOrUnordered('data_only', []),
    chart_pie: orderedOrUnordered('slices_unordered', ['slices_unordered']),
    chart_histogram: orderedOrUnordered('values_unordered', ['values_unordered']),
    chart_boxplot: orderedOrUnordered('series_summary', ['series_summary', 'values_unordered']),
    chart_candlestick: ['rows_ordered', { rows_ordered: 'ordered', ordered: 'ordered', data_only: 'ordered', unordered: 'unordered' }],
    chart_sankey: orderedOrUnordered('graph_set', ['graph_set']),
    chart_network: orderedOrUnordered('graph_set', ['graph_set']),
    chart_treemap: orderedOrUnordered('tree_set', ['tree_set']),
  };
})();

const SERIES_TYPES: readonly ChartType[] = ['chart_line', 'chart_bar', 'chart_area', 'chart_scatter', 'chart_radar', 'chart_boxplot'];

export const CHART_OPTIONS: Readonly<Record<string, OptionKind>> = {
  abs: 'number', rel: 'number', series_match: 'string', series: 'tolerance', order: 'string',
};

const BOX_SUMMARY_FIELDS = ['min', 'q1', 'q2', 'median', 'q3', 'max', 'mean', 'lower_fence', 'upper_fence', 'lowerfence', 'upperfence'];
const CANDLE_FIELDS = ['open', 'high', 'low', 'close', 'volume'];
/** Fields that only style a graph node or fix its drawn position; never compared. */
const PRESENTATION_KEYS = new Set(['colour', 'color', 'style', 'x', 'y', 'fx', 'fy', 'vx', 'vy', 'index']);
/** Fields that name things; compared exactly even when they hold numbers. */
const IDENTITY_KEYS = new Set(['id', 'parent', 'source', 'target', 'label', 'name', 'group', 't']);

interface Ctx {
  c: DiffCollector;
  type: ChartType;
  variant: Variant;
  tolerance: Tolerance;
  tol: NumericTolerance;
  seriesMatch: 'by_name' | 'by_index';
  order: 'ordered' | 'by_time';
}

/** Reads `value[field]` as an array, or says what is wrong with it ("actual.series is missing"). */
function readList(side: 'expected' | 'actual', value: Record<string, unknown>, field: string): unknown[] | string {
  const v = value[field];
  if (v === undefined) return `${side}.${field} is missing`;
  if (!Array.isArray(v)) return `${side}.${field} is ${describeValue(v)}, expected an array`;
  return v;
}

/** The numeric tolerance for one series' values: top level, then `series: {abs}`, then `series: {<name>: {abs}}`. */
function seriesTolerance(ctx: Ctx, name: unknown): NumericTolerance {
  const s = ctx.tolerance.series;
  let out: NumericTolerance = { ...ctx.tol };
  if (!isPlainObject(s)) return out;
  out = { ...out, ...numericTolerance(s as Tolerance) };
  if (typeof name === 'string' && Object.hasOwn(s, name) && isPlainObject(s[name])) out = { ...out, ...numericTolerance(s[name] as Tolerance) };
  return out;
}

interface SeriesPair { path: string; name: unknown; e: Record<string, unknown>; a: Record<string, unknown> }

function seriesName(s: Record<string, unknown>): unknown {
  return s.name ?? s.label;
}

/**
 * Matches series by name (or by index), reporting missing, extra and renamed series. A series
 * that is not an object is a difference at its index.
 */
function matchSeries(ctx: Ctx, eList: unknown[], aList: unknown[]): SeriesPair[] {
  const { c } = ctx;
  const read = (side: 'expected' | 'actual', list: unknown[]): Indexed<Record<string, unknown>>[] => {
    const out: Indexed<Record<string, unknown>>[] = [];
    list.forEach((s, i) => {
      if (isPlainObject(s)) out.push({ v: s, i });
      else c.add(joinPath('series', i), `${side} series[${i}] is ${describeValue(s)}, expected an object with a name`, side === 'expected' ? s : undefined, side === 'actual' ? s : undefined);
    });
    return out;
  };
  const E = read('expected', eList);
  const A = read('actual', aList);
  const pairs: SeriesPair[] = [];
  if (ctx.seriesMatch === 'by_index') {
    const n = Math.max(eList.length, aList.length);
    for (let i = 0; i < n; i++) {
      const e = eList[i];
      const a = aList[i];
      const p = joinPath('series', i);
      if (i >= aList.length) { c.add(p, `series ${shortJson(isPlainObject(e) ? seriesName(e) : e, 40)} missing in actual (actual has ${aList.length} series)`, e); continue; }
      if (i >= eList.length) { c.add(p, `not expected: extra series ${shortJson(isPlainObject(a) ? seriesName(a) : a, 40)} in actual`, undefined, a); continue; }
      if (!isPlainObject(e) || !isPlainObject(a)) continue;
      if (jsonKey(seriesName(e)) !== jsonKey(seriesName(a))) {
        c.add(joinPath(p, 'name'), `series name differs: expected ${shortJson(seriesName(e), 40)}, got ${shortJson(seriesName(a), 40)}`, seriesName(e), seriesName(a));
      }
      pairs.push({ path: p, name: seriesName(e), e, a });
    }
    return pairs;
  }
  const keyOf = (s: Indexed<Record<string, unknown>>): string => (isPresent(seriesName(s.v)) && seriesName(s.v) !== '' ? jsonKey(seriesName(s.v)) : `#${s.i}`);
  const counts = keyCounts(E, keyOf);
  const pathOf = (s: Indexed<Record<string, unknown>>, occurrence: number): string => {
    const k = keyOf(s);
    if (k.startsWith('#')) return joinPath('series', s.i);
    return keyedPath('series', 'name', seriesName(s.v), (counts.get(k) ?? 1) > 1 ? occurrence : undefined);
  };
  const m = pairByKey(E, A, keyOf);
  const occE = occurrences(E, keyOf);
  for (const [x, y, occ] of m.pairs) pairs.push({ path: pathOf(x, occ), name: seriesName(x.v), e: x.v, a: y.v });
  const extraNames = m.extra.map((y) => shortJson(seriesName(y.v) ?? `#${y.i}`, 40));
  const missingNames = m.missing.map((x) => shortJson(seriesName(x.v) ?? `#${x.i}`, 40));
  for (const x of m.missing) {
    const hint = extraNames.length ? ` (unmatched actual series: ${extraNames.join(', ')})` : '';
    c.add(pathOf(x, occE.get(x) ?? 0), `series ${shortJson(seriesName(x.v) ?? `#${x.i}`, 40)} missing in actual${hint}`, x.v);
  }
  for (const y of m.extra) {
    const hint = missingNames.length ? ` (unmatched expected series: ${missingNames.join(', ')})` : '';
    c.add(keyedPath('series', 'name', seriesName(y.v) ?? `#${y.i}`), `not expected: extra series ${shortJson(seriesName(y.v) ?? `#${y.i}`, 40)} in actual${hint}`, undefined, y.v);
  }
  return pairs;
}

/** Top-level array fields compared element-wise when present on either side (x, axes, labels). */
function compareAxis(ctx: Ctx, field: string, e: Record<string, unknown>, a: Record<string, unknown>, tol: NumericTolerance, what: string): void {
  if (!isPresent(e[field]) && !isPresent(a[field])) return;
  if (!isPresent(a[field])) { ctx.c.add(field, `actual.${field} is missing (expected ${shortJson(e[field], 60)})`, e[field]); return; }
  if (!isPresent(e[field])) { ctx.c.add(field, `not expected: actual has ${field} ${shortJson(a[field], 60)}`, undefined, a[field]); return; }
  ctx.c.array(field, e[field], a[field], tol, what);
}

/** Fields of one series compared as arrays in order (y, x, values), when present on either side. */
function compareSeriesArrays(ctx: Ctx, sp: SeriesPair, fields: string[], tol: NumericTolerance): void {
  for (const f of fields) {
    if (!isPresent(sp.e[f]) && !isPresent(sp.a[f])) continue;
    const p = joinPath(sp.path, f);
    if (!isPresent(sp.a[f])) { ctx.c.add(p, `missing in actual (expected ${shortJson(sp.e[f], 60)})`, sp.e[f]); continue; }
    if (!isPresent(sp.e[f])) { ctx.c.add(p, `not expected (extra in actual: ${shortJson(sp.a[f], 60)})`, undefined, sp.a[f]); continue; }
    ctx.c.array(p, sp.e[f], sp.a[f], tol, 'values');
  }
}

/** A list of scalars as a multiset within tolerance (histogram values, boxplot values, outliers). */
function compareScalarBag(ctx: Ctx, path: string, e: unknown, a: unknown, tol: NumericTolerance): void {
  const { c } = ctx;
  if (!Array.isArray(e)) { c.add(path, `expected ${path} is ${describeValue(e)}, expected an array of numbers`, e); return; }
  if (!Array.isArray(a)) { c.add(path, `actual ${path} is ${describeValue(a)}, expected an array of ${e.length} numbers`, e, a); return; }
  if (e.length !== a.length) c.add(path, `count differs: expected ${e.length} values, got ${a.length}`, e.length, a.length, false);
  const m = matchScalarMultiset(e.map((v, i) => ({ v, i })), a.map((v, i) => ({ v, i })), tol);
  reportScalarMultiset(c, m, (i) => joinPath(path, i), tol);
}

// ---------- per-type comparisons ----------

function compareXYSeries(ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const eS = readList('expected', e, 'series');
  if (typeof eS === 'string') return eS;
  const aS = readList('actual', a, 'series');
  if (typeof aS === 'string') return aS;
  compareAxis(ctx, 'x', e, a, ctx.tol, 'x values');
  for (const sp of matchSeries(ctx, eS, aS)) {
    const tol = seriesTolerance(ctx, sp.name);
    if (!isPresent(sp.e.y) && !isPresent(sp.e.values)) ctx.c.add(joinPath(sp.path, 'y'), 'expected series has no y values', sp.e);
    compareSeriesArrays(ctx, sp, ['y', 'x', 'values'], tol);
  }
  return null;
}

function compareRadar(ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const eAxes = readList('expected', e, 'axes');
  if (typeof eAxes === 'string') return eAxes;
  const aAxes = readList('actual', a, 'axes');
  if (typeof aAxes === 'string') return aAxes;
  const eS = readList('expected', e, 'series');
  if (typeof eS === 'string') return eS;
  const aS = readList('actual', a, 'series');
  if (typeof aS === 'string') return aS;
  ctx.c.array('axes', eAxes, aAxes, {}, 'axes');
  for (const sp of matchSeries(ctx, eS, aS)) compareSeriesArrays(ctx, sp, ['values', 'y'], seriesTolerance(ctx, sp.name));
  return null;
}

function pointText(p: unknown): string {
  if (isPlainObject(p)) return `(${Object.entries(p).map(([k, v]) => `${k} ${shortJson(v, 30)}`).join(', ')})`;
  return shortJson(p, 60);
}

/** Scatter points of one series as a multiset: exact duplicates pair first, then a maximum matching within tolerance. */
function comparePointBag(ctx: Ctx, path: string, eIn: unknown, aIn: unknown, tol: NumericTolerance): void {
  const { c } = ctx;
  if (!Array.isArray(eIn)) { c.add(path, `expected ${path} is ${describeValue(eIn)}, expected an array of points`, eIn); return; }
  if (!Array.isArray(aIn)) { c.add(path, `actual ${path} is ${describeValue(aIn)}, expected an array of ${eIn.length} points`, eIn, aIn); return; }
  if (eIn.length !== aIn.length) c.add(path, `point count differs: expected ${eIn.length}, got ${aIn.length}`, eIn.length, aIn.length, false);
  // a point's "shape": its keys and non-numeric fields (label); only same-shape points can pair
  const shape = (p: unknown): string => {
    if (!isPlainObject(p)) return `scalar:${jsonKey(p)}`;
    return jsonKey(Object.keys(p).sort().map((k) => [k, typeof p[k] === 'number' ? '#' : p[k]]));
  };
  const exact = (p: unknown): string => (isPlainObject(p) ? jsonKey(Object.keys(p).sort().map((k) => [k, p[k]])) : jsonKey(p));
  const E = eIn.map((v, i) => ({ v, i }));
  const A = aIn.map((v, i) => ({ v, i }));
  const first = pairByKey(E, A, (x) => exact(x.v));
  for (const [x, y] of first.pairs) { c.ok(); countNumbers(c, x.v, y.v); }
  const byShapeE = new Map<string, Indexed[]>();
  const byShapeA = new Map<string, Indexed[]>();
  for (const x of first.missing) { const k = shape(x.v); (byShapeE.get(k) ?? byShapeE.set(k, []).get(k)!).push(x); }
  for (const y of first.extra) { const k = shape(y.v); (byShapeA.get(k) ?? byShapeA.set(k, []).get(k)!).push(y); }
  const leftE: Indexed[] = [];
  const leftA: Indexed[] = [];
  for (const [k, es] of byShapeE) {
    const as = byShapeA.get(k) ?? [];
    byShapeA.delete(k);
    const adj = candidateLists(es, as, tol);
    const match = maxMatching(es.length, as.length, adj);
    const usedA = new Set<number>();
    es.forEach((x, ei) => {
      const ai = match[ei]!;
      if (ai >= 0) { usedA.add(ai); c.ok(1, 0.9); countNumbers(c, x.v, as[ai]!.v); } else leftE.push(x);
    });
    as.forEach((y, ai) => { if (!usedA.has(ai)) leftA.push(y); });
  }
  for (const as of byShapeA.values()) leftA.push(...as);
  for (const x of leftE) {
    const near = nearest(x.v, leftA);
    const hint = near ? `; closest unmatched actual ${pointText(near.v)} at ${joinPath(path, near.i)}` : '';
    c.add(joinPath(path, x.i), `missing in actual: point ${pointText(x.v)} has no match within ${describeNumericTolerance(tol)}${hint}`, x.v, near?.v);
  }
  for (const y of leftA) c.add(joinPath(path, y.i), `not expected: actual point ${pointText(y.v)} (index ${y.i} in actual) has no match in expected`, undefined, y.v);
}

/** Tracks the largest numeric difference between two matched points, for the metric. */
function countNumbers(c: DiffCollector, e: unknown, a: unknown): void {
  if (!isPlainObject(e) || !isPlainObject(a)) return;
  for (const k of Object.keys(e)) {
    const x = e[k];
    const y = a[k];
    if (typeof x === 'number' && typeof y === 'number') {
      c.numbers++;
      const d = Math.abs(x - y);
      if (Number.isFinite(d) && d > c.maxAbsDiff) c.maxAbsDiff = d;
    }
  }
}

function withinAll(e: unknown, a: unknown, tol: NumericTolerance): boolean {
  if (!isPlainObject(e) || !isPlainObject(a)) return jsonKey(e) === jsonKey(a);
  for (const k of Object.keys(e)) {
    const x = e[k];
    const y = a[k];
    if (typeof x === 'number' && typeof y === 'number') { if (!numbersWithin(x, y, tol)) return false; }
    else if (jsonKey(x) !== jsonKey(y)) return false;
  }
  return true;
}

/**
 * Actual indices a point may pair with. When every x is a finite number the actual points are
 * sorted by x and only a window that can hold a match is scanned, so large scatters stay fast.
 */
function candidateLists(es: Indexed[], as: Indexed[], tol: NumericTolerance): number[][] {
  const xOf = (p: unknown): number => (isPlainObject(p) && typeof p.x === 'number' && Number.isFinite(p.x) ? p.x : NaN);
  const rel = tol.rel ?? 0;
  const sortable = rel < 1 && es.every((x) => !Number.isNaN(xOf(x.v))) && as.every((y) => !Number.isNaN(xOf(y.v)));
  if (!sortable) return es.map((x) => as.flatMap((y, ai) => (withinAll(x.v, y.v, tol) ? [ai] : [])));
  const order = as.map((y, ai) => ({ ai, x: xOf(y.v) })).sort((p, q) => p.x - q.x);
  return es.map((x) => {
    const k = xOf(x.v);
    // |a − k| ≤ max(abs, rel·max(|a|, |k|)) implies |a − k| ≤ max(abs, rel·|k| / (1 − rel))
    const w = Math.max(tol.abs ?? 0, (rel * Math.abs(k)) / (1 - rel)) * (1 + 1e-9) + Number.EPSILON * Math.abs(k);
    let lo = 0;
    let hi = order.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (order[mid]!.x < k - w) lo = mid + 1; else hi = mid; }
    const out: number[] = [];
    for (let j = lo; j < order.length && order[j]!.x <= k + w; j++) if (withinAll(x.v, as[order[j]!.ai]!.v, tol)) out.push(order[j]!.ai);
    return out;
  });
}

function nearest(e: unknown, as: Indexed[]): Indexed | undefined {
  if (!isPlainObject(e) || as.length === 0 || as.length > 5000) return undefined;
  let best: Indexed | undefined;
  let bestD = Infinity;
  for (const y of as) {
    if (!isPlainObject(y.v)) continue;
    let d = 0;
    for (const k of Object.keys(e)) {
      const p = e[k];
      const q = y.v[k];
      if (typeof p === 'number' && typeof q === 'number') d += (p - q) ** 2;
      else if (jsonKey(p) !== jsonKey(q)) d += 1e12;
    }
    if (d < bestD) { bestD = d; best = y; }
  }
  return best;
}

function compareScatter(ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const eS = readList('expected', e, 'series');
  if (typeof eS === 'string') return eS;
  const aS = readList('actual', a, 'series');
  if (typeof aS === 'string') return aS;
  for (const sp of matchSeries(ctx, eS, aS)) {
    const tol = seriesTolerance(ctx, sp.name);
    const p = joinPath(sp.path, 'points');
    if (!isPresent(sp.e.points) && !isPresent(sp.a.points)) { compareSeriesArrays(ctx, sp, ['x', 'y'], tol); continue; }
    if (ctx.variant === 'ordered') ctx.c.array(p, sp.e.points, sp.a.points, tol, 'points');
    else comparePointBag(ctx, p, sp.e.points, sp.a.points, tol);
  }
  return null;
}

function comparePie(ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const eL = readList('expected', e, 'slices');
  if (typeof eL === 'string') return eL;
  const aL = readList('actual', a, 'slices');
  if (typeof aL === 'string') return aL;
  const { c } = ctx;
  if (ctx.variant === 'ordered') {
    if (eL.length !== aL.length) c.add('slices', `slice count differs: expected ${eL.length}, got ${aL.length}`, eL.length, aL.length, false);
    const n = Math.max(eL.length, aL.length);
    for (let i = 0; i < n; i++) {
      const p = joinPath('slices', i);
      if (i >= aL.length) c.add(p, `missing in actual: slice ${pointText(eL[i])}`, eL[i]);
      else if (i >= eL.length) c.add(p, `not expected: extra slice ${pointText(aL[i])} in actual`, undefined, aL[i]);
      else compareSliceFields(ctx, p, eL[i], aL[i]);
    }
    return null;
  }
  const read = (side: 'expected' | 'actual', list: unknown[]): Indexed<Record<string, unknown>>[] =>
    list.flatMap((s, i) => {
      if (isPlainObject(s)) return [{ v: s, i }];
      c.add(joinPath('slices', i), `${side} slices[${i}] is ${describeValue(s)}, expected an object with label and value`, side === 'expected' ? s : undefined, side === 'actual' ? s : undefined);
      return [];
    });
  const E = read('expected', eL);
  const A = read('actual', aL);
  if (eL.length !== aL.length) c.add('slices', `slice count differs: expected ${eL.length}, got ${aL.length}`, eL.length, aL.length, false);
  const labelOf = (s: Record<string, unknown>): unknown => s.label ?? s.name;
  const groups = new Map<string, { label: unknown; e: Indexed<Record<string, unknown>>[]; a: Indexed<Record<string, unknown>>[] }>();
  const group = (s: Indexed<Record<string, unknown>>) => {
    const k = jsonKey(labelOf(s.v));
    let g = groups.get(k);
    if (!g) { g = { label: labelOf(s.v), e: [], a: [] }; groups.set(k, g); }
    return g;
  };
  for (const s of E) group(s).e.push(s);
  for (const s of A) group(s).a.push(s);
  for (const g of groups.values()) {
    const base = keyedPath('slices', 'label', g.label);
    if (g.e.length === 1 && g.a.length === 1) { compareSliceFields(ctx, base, g.e[0]!.v, g.a[0]!.v, false); continue; }
    if (g.a.length === 0) { g.e.forEach((x, k) => c.add(g.e.length > 1 ? keyedPath('slices', 'label', g.label, k) : base, `slice ${shortJson(g.label, 40)} missing in actual (expected value ${shortJson(x.v.value, 30)})`, x.v)); continue; }
    if (g.e.length === 0) { for (const y of g.a) c.add(base, `not expected: extra slice ${shortJson(g.label, 40)} in actual (value ${shortJson(y.v.value, 30)})`, undefined, y.v); continue; }
    // repeated labels: the values of this label as a multiset
    if (g.e.length !== g.a.length) c.add(base, `slice ${shortJson(g.label, 40)} occurs ${g.e.length} times in expected, ${g.a.length} in actual`, g.e.length, g.a.length, false);
    const m = matchScalarMultiset(g.e.map((x, k) => ({ v: x.v.value, i: k })), g.a.map((y, k) => ({ v: y.v.value, i: k })), ctx.tol);
    reportScalarMultiset(c, m, (k) => `${keyedPath('slices', 'label', g.label, k)}.value`, ctx.tol);
  }
  return null;
}

function compareSliceFields(ctx: Ctx, path: string, e: unknown, a: unknown, withLabel = true): void {
  if (!isPlainObject(e) || !isPlainObject(a)) { ctx.c.value(path, e, a); return; }
  if (withLabel) ctx.c.value(joinPath(path, 'label'), e.label ?? e.name, a.label ?? a.name, {});
  if (!isPresent(e.value) && isPresent(a.value)) { ctx.c.add(joinPath(path, 'value'), `not expected (extra in actual: ${shortJson(a.value, 30)})`, undefined, a.value); return; }
  ctx.c.value(joinPath(path, 'value'), e.value, a.value);
}

function compareHistogram(ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const eV = readList('expected', e, 'values');
  if (typeof eV === 'string') return eV;
  const aV = readList('actual', a, 'values');
  if (typeof aV === 'string') return aV;
  const { c } = ctx;
  if (ctx.variant === 'ordered') {
    c.array('values', eV, aV, ctx.tol, 'values');
  } else {
    // a value that is not a number is a difference of its own, never sorted against numbers (B17)
    const numbersOf = (side: 'expected' | 'actual', list: unknown[]): Indexed[] => list.flatMap((v, i) => {
      if (typeof v === 'number') return [{ v, i }];
      c.add(joinPath('values', i), `${side} values[${i}] is ${describeValue(v)}, expected a number`, side === 'expected' ? v : undefined, side === 'actual' ? v : undefined);
      return [];
    });
    if (eV.length !== aV.length) c.add('values', `value count differs: expected ${eV.length}, got ${aV.length}`, eV.length, aV.length, false);
    const eN = numbersOf('expected', eV);
    const aN = numbersOf('actual', aV);
    reportScalarMultiset(c, matchScalarMultiset(eN, aN, ctx.tol), (i) => joinPath('values', i), ctx.tol);
  }
  c.optional('bins', e.bins, a.bins);
  return null;
}

function compareBoxplot(ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const eS = readList('expected', e, 'series');
  if (typeof eS === 'string') return eS;
  const aS = readList('actual', a, 'series');
  if (typeof aS === 'string') return aS;
  for (const sp of matchSeries(ctx, eS, aS)) {
    const tol = seriesTolerance(ctx, sp.name);
    // raw values AND summary fields: either alone would let the other drift unseen (anchor B8)
    for (const f of ['values', 'outliers']) {
      const p = joinPath(sp.path, f);
      if (!isPresent(sp.e[f]) && !isPresent(sp.a[f])) continue;
      if (!isPresent(sp.a[f])) { ctx.c.add(p, `missing in actual (expected ${shortJson(sp.e[f], 60)})`, sp.e[f]); continue; }
      if (!isPresent(sp.e[f])) { ctx.c.add(p, `not expected (extra in actual: ${shortJson(sp.a[f], 60)})`, undefined, sp.a[f]); continue; }
      if (ctx.variant === 'ordered') ctx.c.array(p, sp.e[f], sp.a[f], tol);
      else compareScalarBag(ctx, p, sp.e[f], sp.a[f], tol);
    }
    for (const f of BOX_SUMMARY_FIELDS) ctx.c.optional(joinPath(sp.path, f), sp.e[f], sp.a[f], tol);
  }
  return null;
}

function compareHeatmap(ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const eZ = readList('expected', e, 'z');
  if (typeof eZ === 'string') return eZ;
  const aZ = readList('actual', a, 'z');
  if (typeof aZ === 'string') return aZ;
  const { c } = ctx;
  if (eZ.length !== aZ.length) c.add('z', `row count differs: expected ${eZ.length}, got ${aZ.length}`, eZ.length, aZ.length, false);
  for (let r = 0; r < Math.max(eZ.length, aZ.length); r++) {
    const p = joinPath('z', r);
    if (r >= aZ.length) { c.add(p, `missing in actual: row ${r} (${Array.isArray(eZ[r]) ? (eZ[r] as unknown[]).length : 1} cells)`, eZ[r]); continue; }
    if (r >= eZ.length) { c.add(p, `not expected: extra row ${r} in actual`, undefined, aZ[r]); continue; }
    c.array(p, eZ[r], aZ[r], ctx.tol, 'cells');
  }
  for (const f of ['x_labels', 'y_labels', 'x', 'y']) compareAxis(ctx, f, e, a, ctx.tol, 'labels');
  return null;
}

function compareCandle(ctx: Ctx, path: string, e: unknown, a: unknown): void {
  const { c } = ctx;
  if (!isPlainObject(e) || !isPlainObject(a)) { c.value(path, e, a); return; }
  c.value(joinPath(path, 't'), e.t, a.t, {});
  for (const f of CANDLE_FIELDS) {
    if (f === 'volume') c.optional(joinPath(path, f), e[f], a[f]);
    else c.value(joinPath(path, f), e[f], a[f]);
  }
}

function compareCandlestick(ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const eP = readList('expected', e, 'points');
  if (typeof eP === 'string') return eP;
  const aP = readList('actual', a, 'points');
  if (typeof aP === 'string') return aP;
  const { c } = ctx;
  if (eP.length !== aP.length) c.add('points', `candle count differs: expected ${eP.length}, got ${aP.length}`, eP.length, aP.length, false);
  if (ctx.order === 'ordered') {
    for (let i = 0; i < Math.max(eP.length, aP.length); i++) {
      const p = joinPath('points', i);
      if (i >= aP.length) c.add(p, `missing in actual: candle ${pointText(eP[i])}`, eP[i]);
      else if (i >= eP.length) c.add(p, `not expected: extra candle ${pointText(aP[i])} in actual`, undefined, aP[i]);
      else compareCandle(ctx, p, eP[i], aP[i]);
    }
    return null;
  }
  const tOf = (x: Indexed): string => (isPlainObject(x.v) ? jsonKey(x.v.t) : `#${x.i}`);
  const E = eP.map((v, i) => ({ v, i }));
  const A = aP.map((v, i) => ({ v, i }));
  const counts = keyCounts(E, tOf);
  const m = pairByKey(E, A, tOf);
  const at = (x: Indexed, occ: number): string => (isPlainObject(x.v) ? keyedPath('points', 't', x.v.t, (counts.get(tOf(x)) ?? 1) > 1 ? occ : undefined) : joinPath('points', x.i));
  for (const [x, y, occ] of m.pairs) compareCandle(ctx, at(x, occ), x.v, y.v);
  const occE = occurrences(E, tOf);
  for (const x of m.missing) c.add(at(x, occE.get(x) ?? 0), `missing in actual: no candle with t ${shortJson(isPlainObject(x.v) ? x.v.t : x.v, 40)}`, x.v);
  const occA = occurrences(A, tOf);
  for (const y of m.extra) c.add(at(y, occA.get(y) ?? 0), `not expected: actual candle with t ${shortJson(isPlainObject(y.v) ? y.v.t : y.v, 40)} (index ${y.i} in actual)`, undefined, y.v);
  return null;
}

/** A graph node's identity: id, else name, else label (`??`, so id 0 is an id; anchor B4). */
function nodeKeyField(n: Record<string, unknown>): ['id' | 'name' | 'label', unknown] | null {
  if (isPresent(n.id)) return ['id', n.id];
  if (isPresent(n.name)) return ['name', n.name];
  if (isPresent(n.label)) return ['label', n.label];
  return null;
}

function compareNodeFields(ctx: Ctx, path: string, e: Record<string, unknown>, a: Record<string, unknown>, skip: Set<string>): void {
  const keys = new Set([...Object.keys(e), ...Object.keys(a)]);
  for (const k of keys) {
    if (skip.has(k) || PRESENTATION_KEYS.has(k)) continue;
    ctx.c.optional(joinPath(path, k), e[k], a[k], IDENTITY_KEYS.has(k) ? {} : ctx.tol);
  }
}

/** Nodes matched by id (falling back to name, label, then position); every data field compared. */
function compareNodes(ctx: Ctx, field: string, eL: unknown[], aL: unknown[], extraSkip: string[] = []): void {
  const { c } = ctx;
  if (eL.length !== aL.length) c.add(field, `node count differs: expected ${eL.length}, got ${aL.length}`, eL.length, aL.length, false);
  const skip = new Set(['id', ...extraSkip]);
  if (ctx.variant === 'ordered') {
    for (let i = 0; i < Math.max(eL.length, aL.length); i++) {
      const p = joinPath(field, i);
      if (i >= aL.length) { c.add(p, `missing in actual: node ${pointText(eL[i])}`, eL[i]); continue; }
      if (i >= eL.length) { c.add(p, `not expected: extra node ${pointText(aL[i])} in actual`, undefined, aL[i]); continue; }
      const x = eL[i];
      const y = aL[i];
      if (!isPlainObject(x) || !isPlainObject(y)) { c.value(p, x, y); continue; }
      c.optional(joinPath(p, 'id'), x.id, y.id, {});
      compareNodeFields(ctx, p, x, y, skip);
    }
    return;
  }
  const keyOf = (x: Indexed): string => {
    if (!isPlainObject(x.v)) return `scalar:${jsonKey(x.v)}`;
    const k = nodeKeyField(x.v);
    return k ? `${k[0]}:${jsonKey(k[1])}` : `#${x.i}`;
  };
  const E = eL.map((v, i) => ({ v, i }));
  const A = aL.map((v, i) => ({ v, i }));
  const counts = keyCounts(E, keyOf);
  const at = (x: Indexed, occ: number): string => {
    const k = isPlainObject(x.v) ? nodeKeyField(x.v) : null;
    return k ? keyedPath(field, k[0], k[1], (counts.get(keyOf(x)) ?? 1) > 1 ? occ : undefined) : joinPath(field, x.i);
  };
  const m = pairByKey(E, A, keyOf);
  for (const [x, y, occ] of m.pairs) {
    const p = at(x, occ);
    if (!isPlainObject(x.v) || !isPlainObject(y.v)) { c.value(p, x.v, y.v); continue; }
    c.ok();
    const keyField = nodeKeyField(x.v)?.[0];
    compareNodeFields(ctx, p, x.v, y.v, keyField ? new Set([...skip, keyField]) : skip);
  }
  const occE = occurrences(E, keyOf);
  for (const x of m.missing) c.add(at(x, occE.get(x) ?? 0), `node ${pointText(x.v)} missing in actual`, x.v);
  const occA = occurrences(A, keyOf);
  for (const y of m.extra) c.add(at(y, occA.get(y) ?? 0), `not expected: extra node ${pointText(y.v)} in actual (index ${y.i})`, undefined, y.v);
}

function edgeEnd(e: Record<string, unknown>, which: 'source' | 'target'): unknown {
  const v = which === 'source' ? (e.source ?? e.src ?? e.from) : (e.target ?? e.tgt ?? e.to);
  // d3 replaces endpoints with node objects; their id is the endpoint
  return isPlainObject(v) && isPresent(v.id) ? v.id : v;
}

function edgeWeightField(e: Record<string, unknown>): 'value' | 'weight' {
  return e.value !== undefined ? 'value' : 'weight';
}

/** Links/edges as a multiset keyed by (source, target); weights within a key matched as a multiset. */
function compareEdges(ctx: Ctx, field: string, eL: unknown[], aL: unknown[]): void {
  const { c } = ctx;
  if (eL.length !== aL.length) c.add(field, `${field === 'links' ? 'link' : 'edge'} count differs: expected ${eL.length}, got ${aL.length}`, eL.length, aL.length, false);
  if (ctx.variant === 'ordered') {
    for (let i = 0; i < Math.max(eL.length, aL.length); i++) {
      const p = joinPath(field, i);
      if (i >= aL.length) c.add(p, `missing in actual: ${pointText(eL[i])}`, eL[i]);
      else if (i >= eL.length) c.add(p, `not expected: extra ${pointText(aL[i])} in actual`, undefined, aL[i]);
      else if (isPlainObject(eL[i]) && isPlainObject(aL[i])) compareEdgeFields(ctx, p, eL[i] as Record<string, unknown>, aL[i] as Record<string, unknown>, true);
      else c.value(p, eL[i], aL[i]);
    }
    return;
  }
  interface Group { s: unknown; t: unknown; e: Indexed<Record<string, unknown>>[]; a: Indexed<Record<string, unknown>>[] }
  const groups = new Map<string, Group>();
  const add = (side: 'e' | 'a', list: unknown[]) => list.forEach((x, i) => {
    if (!isPlainObject(x)) {
      c.add(joinPath(field, i), `${side === 'e' ? 'expected' : 'actual'} ${field}[${i}] is ${describeValue(x)}, expected an object with source and target`, side === 'e' ? x : undefined, side === 'a' ? x : undefined);
      return;
    }
    const s = edgeEnd(x, 'source');
    const t = edgeEnd(x, 'target');
    const k = `${jsonKey(s)}→${jsonKey(t)}`;
    let g = groups.get(k);
    if (!g) { g = { s, t, e: [], a: [] }; groups.set(k, g); }
    g[side].push({ v: x, i });
  });
  add('e', eL);
  add('a', aL);
  for (const g of groups.values()) {
    const base = `${field}[source=${pathText(g.s)},target=${pathText(g.t)}]`;
    const sub = (k: number, n: number): string => (n > 1 ? `${base.slice(0, -1)}#${k + 1}]` : base);
    if (g.a.length === 0) { g.e.forEach((x, k) => c.add(sub(k, g.e.length), `missing in actual: no ${field === 'links' ? 'link' : 'edge'} ${shortJson(g.s, 30)} → ${shortJson(g.t, 30)}`, x.v)); continue; }
    if (g.e.length === 0) { g.a.forEach((y, k) => c.add(sub(k, g.a.length), `not expected: extra ${field === 'links' ? 'link' : 'edge'} ${shortJson(g.s, 30)} → ${shortJson(g.t, 30)} in actual (index ${y.i})`, undefined, y.v)); continue; }
    if (g.e.length === 1 && g.a.length === 1) { compareEdgeFields(ctx, base, g.e[0]!.v, g.a[0]!.v, false); continue; }
    if (g.e.length !== g.a.length) c.add(base, `${g.e.length} parallel edges expected, ${g.a.length} in actual`, g.e.length, g.a.length, false);
    // parallel edges: weights as a multiset (null and numbers may mix without crashing; B17)
    const wf = edgeWeightField(g.e[0]!.v);
    const m = matchScalarMultiset(g.e.map((x, k) => ({ v: x.v.value ?? x.v.weight ?? null, i: k })), g.a.map((y, k) => ({ v: y.v.value ?? y.v.weight ?? null, i: k })), ctx.tol);
    reportScalarMultiset(c, m, (k) => `${sub(k, Math.max(g.e.length, g.a.length))}.${wf}`, ctx.tol, wf);
    for (const [x, y] of m.pairs) compareEdgeFields(ctx, sub(x.i, g.e.length), g.e[x.i]!.v, g.a[y.i]!.v, false, true);
  }
}

function compareEdgeFields(ctx: Ctx, path: string, e: Record<string, unknown>, a: Record<string, unknown>, endpoints: boolean, skipWeight = false): void {
  if (endpoints) {
    ctx.c.value(joinPath(path, 'source'), edgeEnd(e, 'source'), edgeEnd(a, 'source'), {});
    ctx.c.value(joinPath(path, 'target'), edgeEnd(e, 'target'), edgeEnd(a, 'target'), {});
  }
  // `value` (sankey) and `weight` (network) are the same number under two names; `??` keeps 0
  if (!skipWeight) ctx.c.optional(joinPath(path, edgeWeightField(e)), e.value ?? e.weight, a.value ?? a.weight);
  compareNodeFields(ctx, path, e, a, new Set(['source', 'target', 'src', 'tgt', 'from', 'to', 'value', 'weight']));
}

function compareGraph(ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const eN = readList('expected', e, 'nodes');
  if (typeof eN === 'string') return eN;
  const aN = readList('actual', a, 'nodes');
  if (typeof aN === 'string') return aN;
  const preferred = ctx.type === 'chart_sankey' ? 'links' : 'edges';
  const field = e[preferred] !== undefined ? preferred : e.links !== undefined ? 'links' : e.edges !== undefined ? 'edges' : preferred;
  const eE = readList('expected', e, field);
  if (typeof eE === 'string') return eE;
  const aE = readList('actual', a, field);
  if (typeof aE === 'string') return aE;
  compareNodes(ctx, 'nodes', eN, aN);
  compareEdges(ctx, field, eE, aE);
  return null;
}

function compareTreemap(ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const eN = readList('expected', e, 'nodes');
  if (typeof eN === 'string') return eN;
  const aN = readList('actual', a, 'nodes');
  if (typeof aN === 'string') return aN;
  // a root's parent may be absent, null or ""; all three mean "no parent"
  const norm = (list: unknown[]): unknown[] => list.map((n) => (isPlainObject(n) && (n.parent === '' || n.parent === null) ? (({ parent: _p, ...rest }) => rest)(n) : n));
  compareNodes(ctx, 'nodes', norm(eN), norm(aN));
  return null;
}

const PER_TYPE: Record<ChartType, (ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>) => string | null> = {
  chart_line: compareXYSeries,
  chart_bar: compareXYSeries,
  chart_area: compareXYSeries,
  chart_scatter: compareScatter,
  chart_pie: comparePie,
  chart_histogram: compareHistogram,
  chart_boxplot: compareBoxplot,
  chart_heatmap: compareHeatmap,
  chart_candlestick: compareCandlestick,
  chart_radar: compareRadar,
  chart_sankey: compareGraph,
  chart_network: compareGraph,
  chart_treemap: compareTreemap,
};

function ruleFor(ctx: Ctx): string {
  const values = describeNumericTolerance(ctx.tol);
  const series = (): string => {
    const s = ctx.tolerance.series;
    const seriesTol = isPlainObject(s) ? describeNumericTolerance(seriesTolerance(ctx, undefined)) : values;
    return `series ${ctx.seriesMatch === 'by_index' ? 'by index' : 'by name'}; series values ${seriesTol}`;
  };
  switch (ctx.type) {
    case 'chart_line': case 'chart_bar': case 'chart_area':
      return `x in order (numbers ${values}, text exact); ${series()}`;
    case 'chart_radar': return `axes exact in order; ${series()}`;
    case 'chart_scatter': return `${series()}; points ${ctx.variant === 'ordered' ? 'in order' : 'as a multiset within tolerance'}`;
    case 'chart_pie': return ctx.variant === 'ordered' ? `slices in order; labels exact; values ${values}` : `slices by label (multiset); values ${values}`;
    case 'chart_histogram': return `values ${ctx.variant === 'ordered' ? 'in order' : 'as a multiset'} within ${values}; bins compared`;
    case 'chart_boxplot': return `${series()}; raw values ${ctx.variant === 'ordered' ? 'in order' : 'as a multiset'} and summary fields (min, q1, median, q3, max, mean)`;
    case 'chart_heatmap': return `z cell by cell, ${values}; labels exact`;
    case 'chart_candlestick': return `candles ${ctx.order === 'ordered' ? 'in order' : 'matched by t'}; t exact; open/high/low/close ${values}`;
    case 'chart_sankey': case 'chart_network':
      return `nodes by id (then name, label); ${ctx.type === 'chart_sankey' ? 'links' : 'edges'} ${ctx.variant === 'ordered' ? 'in order' : 'by (source, target) as a multiset'}; weights ${values}`;
    case 'chart_treemap': return `nodes ${ctx.variant === 'ordered' ? 'in order' : 'by id (then name, label)'}; parent exact; values ${values}`;
  }
}

function optionProblem(tolerance: Tolerance, type: ChartType): string | null {
  const sm = tolerance.series_match;
  if (sm !== undefined && sm !== 'by_name' && sm !== 'by_index') return `tolerance series_match must be by_name or by_index, got ${shortJson(sm, 40)}`;
  const order = tolerance.order;
  if (order !== undefined && order !== 'ordered' && order !== 'by_time') return `tolerance order must be ordered or by_time, got ${shortJson(order, 40)}`;
  if (order === 'by_time' && type !== 'chart_candlestick') return `tolerance order: by_time applies to chart_candlestick only, not ${type}`;
  const s = tolerance.series;
  if (s !== undefined && !isPlainObject(s)) return `tolerance series must be a mapping such as { abs: 0.01 } or { <series name>: { abs: 0.01 } }, got ${describeValue(s)}`;
  return null;
}

export const chartComparator: Comparator = {
  name: 'chart',
  types: CHART_TYPES,
  modes: CHART_MODES,
  modesFor: (type) => Object.keys(MODE_TABLE[type as ChartType]?.[1] ?? {}),
  options: CHART_OPTIONS,
  defaults(type: OutputType): Tolerance {
    const entry = MODE_TABLE[type as ChartType];
    const out: Tolerance = { compare: entry ? entry[0] : 'data_only', rel: 1e-3 };
    if ((SERIES_TYPES as readonly string[]).includes(type)) out.series_match = 'by_name';
    return out;
  },
  compare({ type, expected, actual, tolerance }): ComparisonResult {
    const chartType = type as ChartType;
    const entry = MODE_TABLE[chartType];
    const mode = tolerance.compare ?? entry?.[0] ?? 'data_only';
    if (mode === 'skip') return skipped(tolerance, expected, actual);
    const fail = (message: string, rule = `compare: ${mode}`): ComparisonResult => ({ ...garbageResult(message, expected, actual, tolerance, rule), comparator: `chart:${mode}` });
    if (!entry) return fail(`the chart comparator does not handle output type ${type}`);
    const variant = entry[1][mode];
    if (!variant) {
      const known = (CHART_MODES as readonly string[]).includes(mode);
      return fail(known
        ? `compare mode '${mode}' does not apply to ${type}; use one of: ${Object.keys(entry[1]).join(', ')}, skip`
        : `unknown compare mode '${mode}' for ${type} (expected one of: ${Object.keys(entry[1]).join(', ')}, skip)`);
    }
    const problem = optionProblem(tolerance, chartType);
    if (problem) return fail(problem);
    const ctx: Ctx = {
      c: new DiffCollector(numericTolerance(tolerance)),
      type: chartType,
      variant,
      tolerance,
      tol: numericTolerance(tolerance),
      seriesMatch: tolerance.series_match === 'by_index' ? 'by_index' : 'by_name',
      order: tolerance.order === 'by_time' || variant === 'unordered' ? 'by_time' : 'ordered',
    };
    const rule = ruleFor(ctx);
    if (!isPlainObject(expected)) return fail(`expected is ${describeValue(expected)}, expected a ${type} object`, rule);
    if (!isPlainObject(actual)) return fail(`actual is ${describeValue(actual)}, expected a ${type} object`, rule);
    const shapeProblem = PER_TYPE[chartType](ctx, expected, actual);
    if (shapeProblem) return fail(shapeProblem, rule);
    // a per-series tolerance naming no expected series is a typo the author should see
    const s = tolerance.series;
    if (isPlainObject(s) && Array.isArray(expected.series)) {
      const names = new Set(expected.series.map((x) => (isPlainObject(x) ? seriesName(x) : undefined)));
      for (const [k, v] of Object.entries(s)) {
        if (isPlainObject(v) && !names.has(k)) ctx.c.add(`tolerance.series.${k}`, `tolerance names series '${k}', which the expected chart does not have (series: ${[...names].map((n) => shortJson(n, 30)).join(', ')})`);
      }
    }
    return ctx.c.finish({ rule, expected, actual, tolerance, comparator: `chart:${mode}` }, chartType === 'chart_heatmap' ? 'cells' : 'values');
  },
};
