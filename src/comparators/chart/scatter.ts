// Scatter charts: points of each series in order, or as a multiset (exact duplicates first, then a
// maximum matching within tolerance over a window sorted by x, so large scatters stay fast).
import { isPlainObject } from '../../util/is-plain-object.js';
import type { DiffCollector } from '../kit/diff-collector.js';
import { maxMatching, pairByKey, type Indexed } from '../kit/matching.js';
import { numbersWithin, type NumericTolerance } from '../kit/numeric-tolerance.js';
import { joinPath } from '../kit/paths.js';
import { isPresent, jsonKey, readLists } from '../kit/value.js';
import type { Ctx } from './context.js';
import { messages } from './messages.js';
import { compareSeriesArrays, matchSeries, seriesTolerance } from './series.js';
import { isNumeric } from '../../util/json-number.js';

/** Scatter points of one series as a multiset: exact duplicates pair first, then a maximum matching within tolerance. */
function comparePointBag(ctx: Ctx, path: string, eIn: unknown, aIn: unknown, tol: NumericTolerance): void {
  const { c } = ctx;
  if (!Array.isArray(eIn)) {
    c.add(path, messages.expectedNotAList(path, eIn, 'points'), eIn);
    return;
  }
  if (!Array.isArray(aIn)) {
    c.changed(path, messages.actualNotAList(path, aIn, eIn.length, 'points'), eIn, aIn);
    return;
  }
  if (eIn.length !== aIn.length)
    c.add(path, messages.countDiffers('point', eIn.length, aIn.length), eIn.length, aIn.length, false);
  // a point's "shape": its keys and non-numeric fields (label); only same-shape points can pair
  const shape = (p: unknown): string => {
    if (!isPlainObject(p)) return `scalar:${jsonKey(p)}`;
    return jsonKey(
      Object.keys(p)
        .sort()
        .map((k) => [k, isNumeric(p[k]) ? '#' : p[k]]),
    );
  };
  const exact = (p: unknown): string =>
    isPlainObject(p)
      ? jsonKey(
          Object.keys(p)
            .sort()
            .map((k) => [k, p[k]]),
        )
      : jsonKey(p);
  const E = eIn.map((v, i) => ({ v, i }));
  const A = aIn.map((v, i) => ({ v, i }));
  const first = pairByKey(E, A, (x) => exact(x.v));
  for (const [x, y] of first.pairs) {
    c.ok();
    countNumbers(c, x.v, y.v);
  }
  const byShapeE = new Map<string, Indexed[]>();
  const byShapeA = new Map<string, Indexed[]>();
  for (const x of first.missing) {
    const k = shape(x.v);
    (byShapeE.get(k) ?? byShapeE.set(k, []).get(k)!).push(x);
  }
  for (const y of first.extra) {
    const k = shape(y.v);
    (byShapeA.get(k) ?? byShapeA.set(k, []).get(k)!).push(y);
  }
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
      if (ai >= 0) {
        usedA.add(ai);
        c.ok(1, 0.9);
        countNumbers(c, x.v, as[ai]!.v);
      } else leftE.push(x);
    });
    as.forEach((y, ai) => {
      if (!usedA.has(ai)) leftA.push(y);
    });
  }
  for (const as of byShapeA.values()) leftA.push(...as);
  for (const x of leftE) {
    const near = nearest(x.v, leftA);
    c.add(
      joinPath(path, x.i),
      messages.pointUnmatched(x.v, tol, near ? { point: near.v, at: joinPath(path, near.i) } : null),
      x.v,
      near?.v,
      true,
      'missing',
    );
  }
  for (const y of leftA) c.extra(joinPath(path, y.i), messages.pointExtra(y.v, y.i), y.v);
}

/** Tracks the largest numeric difference between two matched points, for the metric. */
function countNumbers(c: DiffCollector, e: unknown, a: unknown): void {
  if (!isPlainObject(e) || !isPlainObject(a)) return;
  for (const k of Object.keys(e)) {
    const x = e[k];
    const y = a[k];
    if (isNumeric(x) && isNumeric(y)) c.track(x, y);
  }
}

function withinAll(e: unknown, a: unknown, tol: NumericTolerance): boolean {
  if (!isPlainObject(e) || !isPlainObject(a)) return jsonKey(e) === jsonKey(a);
  for (const k of Object.keys(e)) {
    const x = e[k];
    const y = a[k];
    if (isNumeric(x) && isNumeric(y)) {
      if (!numbersWithin(x, y, tol)) return false;
    } else if (jsonKey(x) !== jsonKey(y)) return false;
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
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (order[mid]!.x < k - w) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let j = lo; j < order.length && order[j]!.x <= k + w; j++)
      if (withinAll(x.v, as[order[j]!.ai]!.v, tol)) out.push(order[j]!.ai);
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
    if (d < bestD) {
      bestD = d;
      best = y;
    }
  }
  return best;
}

export function compareScatter(ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const series = readLists(e, a, 'series');
  if (typeof series === 'string') return series;
  const [eS, aS] = series;
  for (const sp of matchSeries(ctx, eS, aS)) {
    const tol = seriesTolerance(ctx, sp.name);
    const p = joinPath(sp.path, 'points');
    if (!isPresent(sp.e.points) && !isPresent(sp.a.points)) {
      compareSeriesArrays(ctx, sp, ['x', 'y'], tol);
      continue;
    }
    if (ctx.variant === 'ordered') ctx.c.array(p, sp.e.points, sp.a.points, tol, 'points');
    else comparePointBag(ctx, p, sp.e.points, sp.a.points, tol);
  }
  return null;
}
