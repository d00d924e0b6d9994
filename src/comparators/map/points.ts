// Points, heatmaps and routes: points in order, or as a multiset (same rounded place, preferring the
// same label and weight; duplicates count), with labels and heatmap weights compared on each pair.
import { isPlainObject } from '../../util/is-plain-object.js';
import { pairByKey } from '../kit/matching.js';
import { joinPath } from '../kit/paths.js';
import { isPresent, jsonKey, readLists } from '../kit/value.js';
import { coordKey, coordText, nearlySame, readCoord, type Coord } from './coords.js';
import { messages } from './messages.js';
import type { MapCtx } from './modes.js';

interface MapPoint {
  i: number;
  raw: unknown;
  c: Coord;
  label: unknown;
  weight: unknown;
}

function readPoints(ctx: MapCtx, side: 'expected' | 'actual', list: unknown[], field: string): MapPoint[] {
  const out: MapPoint[] = [];
  list.forEach((raw, i) => {
    const c = readCoord(raw, ctx.digits);
    if (typeof c === 'string') {
      ctx.c.add(
        joinPath(field, i),
        messages.unreadable(side, field, i, c),
        side === 'expected' ? raw : undefined,
        side === 'actual' ? raw : undefined,
      );
      return;
    }
    const o = isPlainObject(raw) ? raw : {};
    // `??`: a weight of 0 is a real weight, not a missing one; [lat, lng, weight] is Leaflet.heat's form
    const weight = Array.isArray(raw) ? raw[2] : (o.weight ?? o.intensity);
    out.push({ i, raw, c, label: o.label, weight });
  });
  return out;
}

/** Fields compared on a matched pair: labels when both sides have one; weights for heatmaps. */
function comparePointFields(ctx: MapCtx, path: string, e: MapPoint, a: MapPoint): void {
  if (isPresent(e.label) && isPresent(a.label)) ctx.c.value(joinPath(path, 'label'), e.label, a.label, {});
  if (ctx.type === 'map_heatmap') ctx.c.optional(joinPath(path, 'weight'), e.weight, a.weight, ctx.tol);
}

function comparePointsOrdered(
  ctx: MapCtx,
  field: string,
  E: MapPoint[],
  A: MapPoint[],
  eLen: number,
  aLen: number,
): void {
  const { c, digits } = ctx;
  const thing = field === 'points' && ctx.type === 'map_route' ? 'vertex' : 'point';
  if (eLen !== aLen) c.add(field, messages.countDiffers(thing, eLen, aLen), eLen, aLen, false);
  const byIndexE = new Map(E.map((p) => [p.i, p]));
  const byIndexA = new Map(A.map((p) => [p.i, p]));
  for (let i = 0; i < Math.max(eLen, aLen); i++) {
    const e = byIndexE.get(i);
    const a = byIndexA.get(i);
    const p = joinPath(field, i);
    if (i >= aLen && e) {
      c.missing(p, messages.missingAt(coordText(e.c, digits)), e.raw);
      continue;
    }
    if (i >= eLen && a) {
      c.extra(p, messages.extraAt(coordText(a.c, digits)), a.raw);
      continue;
    }
    if (!e || !a) continue; // unreadable on a side: already reported
    if (coordKey(e.c) !== coordKey(a.c) && !nearlySame(e.c, a.c, digits)) {
      c.changed(p, messages.moved(coordText(e.c, digits), coordText(a.c, digits), digits), e.raw, a.raw);
      continue;
    }
    c.item(() => comparePointFields(ctx, p, e, a));
  }
}

function comparePointsMultiset(
  ctx: MapCtx,
  field: string,
  E: MapPoint[],
  A: MapPoint[],
  eLen: number,
  aLen: number,
): void {
  const { c, digits } = ctx;
  if (eLen !== aLen) c.add(field, messages.countDiffers('point', eLen, aLen), eLen, aLen, false);
  // same rounded place: prefer same label and weight, then same label, then any (duplicates count)
  const passes: ((p: MapPoint) => string)[] = [
    (p) => `${coordKey(p.c)}|${jsonKey(p.label)}|${jsonKey(p.weight)}`,
    (p) => `${coordKey(p.c)}|${jsonKey(p.label)}`,
    (p) => coordKey(p.c),
  ];
  let leftE = E;
  let leftA = A;
  const pairs: [MapPoint, MapPoint][] = [];
  for (const keyOf of passes) {
    const m = pairByKey(leftE, leftA, keyOf);
    for (const [x, y] of m.pairs) pairs.push([x, y]);
    leftE = m.missing;
    leftA = m.extra;
  }
  // points straddling a rounding boundary
  if (leftE.length > 0 && leftA.length > 0) {
    const grid = new Map<string, MapPoint[]>();
    for (const y of leftA) {
      const k = coordKey(y.c);
      (grid.get(k) ?? grid.set(k, []).get(k)!).push(y);
    }
    const stillE: MapPoint[] = [];
    const used = new Set<MapPoint>();
    for (const x of leftE) {
      let found: MapPoint | undefined;
      for (const dl of [0n, -1n, 1n]) {
        for (const dg of [0n, -1n, 1n]) {
          const cell = grid.get(`${x.c.latU + dl},${x.c.lngU + dg}`);
          found = cell?.find((y) => !used.has(y) && nearlySame(x.c, y.c, digits));
          if (found) break;
        }
        if (found) break;
      }
      if (found) {
        used.add(found);
        pairs.push([x, found]);
      } else stillE.push(x);
    }
    leftE = stillE;
    leftA = leftA.filter((y) => !used.has(y));
  }
  for (const [x, y] of pairs) c.item(() => comparePointFields(ctx, joinPath(field, x.i), x, y));
  for (const x of leftE) {
    const near = nearestPoint(x, leftA);
    const nearest = near ? { coord: coordText(near.c, digits), at: joinPath(field, near.i) } : null;
    c.add(
      joinPath(field, x.i),
      messages.pointUnmatched(coordText(x.c, digits), x.label, digits, nearest),
      x.raw,
      near?.raw,
      false,
      'missing',
    );
  }
  for (const y of leftA) {
    c.extra(joinPath(field, y.i), messages.pointExtra(coordText(y.c, digits), y.label, y.i), y.raw, false);
  }
  // a moved point is one missing and one extra, but one point that differs
  const unmatched = Math.max(leftE.length, leftA.length);
  c.compared += unmatched;
  c.differing += unmatched;
}

function nearestPoint(x: MapPoint, list: MapPoint[]): MapPoint | undefined {
  if (list.length === 0 || list.length > 10_000) return undefined;
  let best: MapPoint | undefined;
  let bestD = Infinity;
  for (const y of list) {
    const d = (x.c.lat - y.c.lat) ** 2 + (x.c.lng - y.c.lng) ** 2;
    if (d < bestD) {
      bestD = d;
      best = y;
    }
  }
  return best;
}
export function comparePointLike(ctx: MapCtx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const field = 'points';
  const lists = readLists(e, a, field);
  if (typeof lists === 'string') return lists;
  const [eL, aL] = lists;
  const E = readPoints(ctx, 'expected', eL, field);
  const A = readPoints(ctx, 'actual', aL, field);
  if (ctx.algorithm === 'ordered') comparePointsOrdered(ctx, field, E, A, eL.length, aL.length);
  else comparePointsMultiset(ctx, field, E, A, eL.length, aL.length);
  return null;
}
