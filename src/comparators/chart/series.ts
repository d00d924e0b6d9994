// Series: matched by name (or by index) with missing, extra and renamed series reported, each
// series' own tolerance, and its arrays compared in order or as a multiset.
import { isPlainObject } from '../../util/is-plain-object.js';
import {
  keyCounts,
  matchScalarMultiset,
  occurrences,
  pairByKey,
  reportScalarMultiset,
  type Indexed,
} from '../kit/matching.js';
import { numericTolerance, type NumericTolerance } from '../kit/numeric-tolerance.js';
import { joinPath, keyedPath } from '../kit/paths.js';
import { isPresent, jsonKey, shortJson } from '../kit/value.js';
import type { Tolerance } from '../../model/tolerance.js';
import type { Ctx } from './context.js';
import { messages } from './messages.js';

/** The numeric tolerance for one series' values: top level, then `series: {abs}`, then `series: {<name>: {abs}}`. */
export function seriesTolerance(ctx: Ctx, name: unknown): NumericTolerance {
  const s = ctx.tolerance.series;
  let out: NumericTolerance = { ...ctx.tol };
  if (!isPlainObject(s)) return out;
  out = { ...out, ...numericTolerance(s as Tolerance) };
  if (typeof name === 'string' && Object.hasOwn(s, name) && isPlainObject(s[name]))
    out = { ...out, ...numericTolerance(s[name] as Tolerance) };
  return out;
}

export interface SeriesPair {
  path: string;
  name: unknown;
  e: Record<string, unknown>;
  a: Record<string, unknown>;
}

export function seriesName(s: Record<string, unknown>): unknown {
  return s.name ?? s.label;
}

/**
 * Matches series by name (or by index), reporting missing, extra and renamed series. A series
 * that is not an object is a difference at its index.
 */
export function matchSeries(ctx: Ctx, eList: unknown[], aList: unknown[]): SeriesPair[] {
  const { c } = ctx;
  const read = (side: 'expected' | 'actual', list: unknown[]): Indexed<Record<string, unknown>>[] => {
    const out: Indexed<Record<string, unknown>>[] = [];
    list.forEach((s, i) => {
      if (isPlainObject(s)) out.push({ v: s, i });
      else
        c.add(
          joinPath('series', i),
          messages.seriesNotAnObject(side, i, s),
          side === 'expected' ? s : undefined,
          side === 'actual' ? s : undefined,
        );
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
      if (i >= aList.length) {
        c.missing(p, messages.seriesMissingAt(isPlainObject(e) ? seriesName(e) : e, aList.length), e);
        continue;
      }
      if (i >= eList.length) {
        c.extra(p, messages.seriesExtraAt(isPlainObject(a) ? seriesName(a) : a), a);
        continue;
      }
      if (!isPlainObject(e) || !isPlainObject(a)) continue;
      if (jsonKey(seriesName(e)) !== jsonKey(seriesName(a))) {
        c.changed(
          joinPath(p, 'name'),
          messages.seriesRenamed(seriesName(e), seriesName(a)),
          seriesName(e),
          seriesName(a),
        );
      }
      pairs.push({ path: p, name: seriesName(e), e, a });
    }
    return pairs;
  }
  const keyOf = (s: Indexed<Record<string, unknown>>): string =>
    isPresent(seriesName(s.v)) && seriesName(s.v) !== '' ? jsonKey(seriesName(s.v)) : `#${s.i}`;
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
  for (const x of m.missing)
    c.missing(pathOf(x, occE.get(x) ?? 0), messages.seriesMissing(seriesName(x.v) ?? `#${x.i}`, extraNames), x.v);
  for (const y of m.extra)
    c.extra(
      keyedPath('series', 'name', seriesName(y.v) ?? `#${y.i}`),
      messages.seriesExtra(seriesName(y.v) ?? `#${y.i}`, missingNames),
      y.v,
    );
  return pairs;
}

/** Top-level array fields compared element-wise when present on either side (x, axes, labels). */
export function compareAxis(
  ctx: Ctx,
  field: string,
  e: Record<string, unknown>,
  a: Record<string, unknown>,
  tol: NumericTolerance,
  what: string,
): void {
  if (!isPresent(e[field]) && !isPresent(a[field])) return;
  if (!isPresent(a[field])) {
    ctx.c.missing(field, messages.axisMissing(field, e[field]), e[field]);
    return;
  }
  if (!isPresent(e[field])) {
    ctx.c.extra(field, messages.axisExtra(field, a[field]), a[field]);
    return;
  }
  ctx.c.array(field, e[field], a[field], tol, what);
}

/** Fields of one series compared as arrays in order (y, x, values), when present on either side. */
export function compareSeriesArrays(ctx: Ctx, sp: SeriesPair, fields: string[], tol: NumericTolerance): void {
  for (const f of fields) {
    if (!isPresent(sp.e[f]) && !isPresent(sp.a[f])) continue;
    const p = joinPath(sp.path, f);
    if (!isPresent(sp.a[f])) {
      ctx.c.missing(p, messages.missing(sp.e[f]), sp.e[f]);
      continue;
    }
    if (!isPresent(sp.e[f])) {
      ctx.c.extra(p, messages.extra(sp.a[f]), sp.a[f]);
      continue;
    }
    ctx.c.array(p, sp.e[f], sp.a[f], tol, 'values');
  }
}

/** A list of scalars as a multiset within tolerance (histogram values, boxplot values, outliers). */
export function compareScalarBag(ctx: Ctx, path: string, e: unknown, a: unknown, tol: NumericTolerance): void {
  const { c } = ctx;
  if (!Array.isArray(e)) {
    c.add(path, messages.expectedNotAList(path, e, 'numbers'), e);
    return;
  }
  if (!Array.isArray(a)) {
    c.changed(path, messages.actualNotAList(path, a, e.length, 'numbers'), e, a);
    return;
  }
  if (e.length !== a.length) c.add(path, messages.valueCount(e.length, a.length), e.length, a.length, false);
  const m = matchScalarMultiset(
    e.map((v, i) => ({ v, i })),
    a.map((v, i) => ({ v, i })),
    tol,
  );
  reportScalarMultiset(c, m, (i) => joinPath(path, i), tol);
}
