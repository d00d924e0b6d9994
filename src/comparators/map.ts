// The map comparator (map_points, map_heatmap, map_choropleth, map_polygons, map_route). Coordinates
// are read with `??` (0.0 is a real latitude; anchor B4), rounded to `round_digits` in decimal (so a
// coordinate rounds as written), then compared as multisets (points, heatmap, polygons — duplicates
// count; B9), in order (route), or by region key (choropleth). The mode really picks the algorithm
// (B10), and polygons are read from `coords` (B5) as well as `vertices` or a bare vertex list.
import type { OutputType } from '../tool/manifest-types.js';
import { toDecimal } from '../util/decimal.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { DiffCollector } from './kit/diff-collector.js';
import { pairByKey } from './kit/matching.js';
import { describeNumericTolerance, numericTolerance, type NumericTolerance } from './kit/numeric-tolerance.js';
import { joinPath, keyedPath } from './kit/paths.js';
import { garbageResult, skipped } from './kit/result.js';
import { describeValue, isPresent, jsonKey, shortJson } from './kit/value.js';
import type { Comparator, ComparisonResult, OptionKind, Tolerance } from './types.js';

type MapType = 'map_points' | 'map_heatmap' | 'map_choropleth' | 'map_polygons' | 'map_route';
export const MAP_TYPES: readonly MapType[] = ['map_points', 'map_heatmap', 'map_choropleth', 'map_polygons', 'map_route'];

export const MAP_MODES = [
  'set_equal_after_round_coords_4dp', 'multiset', 'unordered',
  'ordered_after_round_coords_4dp', 'ordered',
  'keyed_values',
] as const;

export const MAP_OPTIONS: Readonly<Record<string, OptionKind>> = { abs: 'number', rel: 'number', round_digits: 'integer' };

type Algorithm = 'multiset' | 'ordered' | 'keyed';
const MODE_ALGORITHM: Record<string, Algorithm> = {
  set_equal_after_round_coords_4dp: 'multiset', multiset: 'multiset', unordered: 'multiset',
  ordered_after_round_coords_4dp: 'ordered', ordered: 'ordered',
  keyed_values: 'keyed',
};

const DEFAULT_MODE: Record<MapType, string> = {
  map_points: 'set_equal_after_round_coords_4dp',
  map_heatmap: 'set_equal_after_round_coords_4dp',
  map_polygons: 'set_equal_after_round_coords_4dp',
  map_route: 'ordered_after_round_coords_4dp',
  map_choropleth: 'keyed_values',
};

export const DEFAULT_ROUND_DIGITS = 4;

// ---------- coordinates ----------

/**
 * Rounds half away from zero on the number's shortest decimal text, so 51.50005 rounds to 51.5001
 * as written (binary rounding would give 51.5). Returns the rounded value as an integer count of
 * 10^-digits units.
 */
export function roundToUnits(v: number, digits: number): bigint {
  const d = toDecimal(v);
  const shift = -digits - d.exponent;
  if (shift <= 0) return d.mantissa * 10n ** BigInt(-shift);
  const div = 10n ** BigInt(shift);
  const q = d.mantissa / div;
  const r = d.mantissa % div;
  const twice = (r < 0n ? -r : r) * 2n;
  return twice >= div ? q + (d.mantissa < 0n ? -1n : 1n) : q;
}

export function unitsToText(units: bigint, digits: number): string {
  const neg = units < 0n;
  let s = (neg ? -units : units).toString();
  if (digits > 0) {
    s = s.padStart(digits + 1, '0');
    const whole = s.slice(0, s.length - digits);
    const frac = s.slice(s.length - digits).replace(/0+$/, '');
    s = frac ? `${whole}.${frac}` : whole;
  }
  return neg && s !== '0' ? `-${s}` : s;
}

interface Coord { lat: number; lng: number; latU: bigint; lngU: bigint }

/** lat/latitude and lng/lon/longitude (with `??`), or a [lat, lng] pair; a message when unreadable. */
export function readCoord(p: unknown, digits: number): Coord | string {
  let lat: unknown;
  let lng: unknown;
  if (Array.isArray(p)) {
    if (p.length < 2) return `is an array of ${p.length} number(s), expected [lat, lng]`;
    [lat, lng] = p;
  } else if (isPlainObject(p)) {
    lat = p.lat ?? p.latitude;
    lng = p.lng ?? p.lon ?? p.longitude;
    // a key that is present but null is reported as null, not as missing
    const named = (keys: string[]): boolean => keys.some((k) => Object.hasOwn(p, k));
    if (lat === undefined && named(['lat', 'latitude'])) lat = null;
    if (lng === undefined && named(['lng', 'lon', 'longitude'])) lng = null;
    if (lat === undefined) return `has no latitude (lat or latitude)`;
    if (lng === undefined) return `has no longitude (lng, lon or longitude)`;
  } else {
    return `is ${describeValue(p)}, expected {lat, lng} or [lat, lng]`;
  }
  if (typeof lat !== 'number' || !Number.isFinite(lat)) return `has latitude ${shortJson(lat, 30)}, expected a finite number`;
  if (typeof lng !== 'number' || !Number.isFinite(lng)) return `has longitude ${shortJson(lng, 30)}, expected a finite number`;
  return { lat, lng, latU: roundToUnits(lat, digits), lngU: roundToUnits(lng, digits) };
}

function coordKey(c: Coord): string {
  return `${c.latU},${c.lngU}`;
}

function coordText(c: Coord, digits: number): string {
  return `(${unitsToText(c.latU, digits)}, ${unitsToText(c.lngU, digits)})`;
}

/**
 * Two coordinates that round to neighbouring cells but lie within half a unit of the last digit of
 * each other match too: rounding alone would fail 51.50004999 against 51.50005001.
 */
function nearlySame(e: Coord, a: Coord, digits: number): boolean {
  const half = 0.5 * 10 ** -digits;
  const close = (x: number, y: number, xu: bigint, yu: bigint): boolean => {
    const du = xu - yu;
    return (du === 0n || du === 1n || du === -1n) && Math.abs(x - y) <= half * (1 + 1e-9);
  };
  return close(e.lat, a.lat, e.latU, a.latU) && close(e.lng, a.lng, e.lngU, a.lngU);
}

// ---------- points, heatmap, route ----------

interface MapPoint { i: number; raw: unknown; c: Coord; label: unknown; weight: unknown }

interface MapCtx { c: DiffCollector; type: MapType; digits: number; tol: NumericTolerance; algorithm: Algorithm }

function readPoints(ctx: MapCtx, side: 'expected' | 'actual', list: unknown[], field: string): MapPoint[] {
  const out: MapPoint[] = [];
  list.forEach((raw, i) => {
    const c = readCoord(raw, ctx.digits);
    if (typeof c === 'string') {
      ctx.c.add(joinPath(field, i), `${side} ${field}[${i}] ${c}`, side === 'expected' ? raw : undefined, side === 'actual' ? raw : undefined);
      return;
    }
    const o = isPlainObject(raw) ? raw : {};
    // `??`: a weight of 0 is a real weight, not a missing one (B4)
    out.push({ i, raw, c, label: o.label, weight: o.weight ?? o.intensity });
  });
  return out;
}

/** Fields compared on a matched pair: labels when both sides have one; weights for heatmaps. */
function comparePointFields(ctx: MapCtx, path: string, e: MapPoint, a: MapPoint): void {
  if (isPresent(e.label) && isPresent(a.label)) ctx.c.value(joinPath(path, 'label'), e.label, a.label, {});
  if (ctx.type === 'map_heatmap') ctx.c.optional(joinPath(path, 'weight'), e.weight, a.weight, ctx.tol);
}

function comparePointsOrdered(ctx: MapCtx, field: string, E: MapPoint[], A: MapPoint[], eLen: number, aLen: number): void {
  const { c, digits } = ctx;
  if (eLen !== aLen) c.add(field, `${field === 'points' && ctx.type === 'map_route' ? 'vertex' : 'point'} count differs: expected ${eLen}, got ${aLen}`, eLen, aLen, false);
  const byIndexE = new Map(E.map((p) => [p.i, p]));
  const byIndexA = new Map(A.map((p) => [p.i, p]));
  for (let i = 0; i < Math.max(eLen, aLen); i++) {
    const e = byIndexE.get(i);
    const a = byIndexA.get(i);
    const p = joinPath(field, i);
    if (i >= aLen && e) { c.add(p, `missing in actual: ${coordText(e.c, digits)}`, e.raw); continue; }
    if (i >= eLen && a) { c.add(p, `not expected: extra ${coordText(a.c, digits)} in actual`, undefined, a.raw); continue; }
    if (!e || !a) continue; // unreadable on a side: already reported
    if (coordKey(e.c) !== coordKey(a.c) && !nearlySame(e.c, a.c, digits)) {
      c.add(p, `expected ${coordText(e.c, digits)}, got ${coordText(a.c, digits)} (rounded to ${digits} dp)`, e.raw, a.raw);
      continue;
    }
    c.item(() => comparePointFields(ctx, p, e, a));
  }
}

function comparePointsMultiset(ctx: MapCtx, field: string, E: MapPoint[], A: MapPoint[], eLen: number, aLen: number): void {
  const { c, digits } = ctx;
  if (eLen !== aLen) c.add(field, `point count differs: expected ${eLen}, got ${aLen}`, eLen, aLen, false);
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
    for (const y of leftA) { const k = coordKey(y.c); (grid.get(k) ?? grid.set(k, []).get(k)!).push(y); }
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
      if (found) { used.add(found); pairs.push([x, found]); } else stillE.push(x);
    }
    leftE = stillE;
    leftA = leftA.filter((y) => !used.has(y));
  }
  for (const [x, y] of pairs) c.item(() => comparePointFields(ctx, joinPath(field, x.i), x, y));
  for (const x of leftE) {
    const near = nearestPoint(x, leftA);
    const hint = near ? `; closest unmatched actual ${coordText(near.c, digits)} at ${joinPath(field, near.i)}` : '';
    c.add(joinPath(field, x.i), `missing in actual: point ${coordText(x.c, digits)}${labelText(x)} (rounded to ${digits} dp) has no match${hint}`, x.raw, near?.raw, false);
  }
  for (const y of leftA) {
    c.add(joinPath(field, y.i), `not expected: actual point ${coordText(y.c, digits)}${labelText(y)} (index ${y.i} in actual) has no match in expected`, undefined, y.raw, false);
  }
  // a moved point is one missing and one extra, but one point that differs
  const unmatched = Math.max(leftE.length, leftA.length);
  c.compared += unmatched;
  c.differing += unmatched;
}

function labelText(p: MapPoint): string {
  return isPresent(p.label) ? ` labelled ${shortJson(p.label, 40)}` : '';
}

function nearestPoint(x: MapPoint, list: MapPoint[]): MapPoint | undefined {
  if (list.length === 0 || list.length > 10_000) return undefined;
  let best: MapPoint | undefined;
  let bestD = Infinity;
  for (const y of list) {
    const d = (x.c.lat - y.c.lat) ** 2 + (x.c.lng - y.c.lng) ** 2;
    if (d < bestD) { bestD = d; best = y; }
  }
  return best;
}

function listOf(side: 'expected' | 'actual', value: Record<string, unknown>, field: string): unknown[] | string {
  const v = value[field];
  if (v === undefined) return `${side}.${field} is missing`;
  if (!Array.isArray(v)) return `${side}.${field} is ${describeValue(v)}, expected an array`;
  return v;
}

function comparePointLike(ctx: MapCtx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const field = 'points';
  const eL = listOf('expected', e, field);
  if (typeof eL === 'string') return eL;
  const aL = listOf('actual', a, field);
  if (typeof aL === 'string') return aL;
  const E = readPoints(ctx, 'expected', eL, field);
  const A = readPoints(ctx, 'actual', aL, field);
  if (ctx.algorithm === 'ordered') comparePointsOrdered(ctx, field, E, A, eL.length, aL.length);
  else comparePointsMultiset(ctx, field, E, A, eL.length, aL.length);
  return null;
}

// ---------- polygons ----------

interface Polygon { i: number; raw: unknown; rings: Coord[][]; key: string; label: unknown }

/** A polygon's rings: `coords` (the documented key), `vertices`, `points`, or the polygon itself as a list. */
function readPolygon(p: unknown, digits: number): { rings: Coord[][]; label: unknown } | string {
  const o = isPlainObject(p) ? p : null;
  const verts = o ? (o.coords ?? o.vertices ?? o.points ?? o.coordinates) : p;
  if (verts === undefined) return 'has no coords (also read: vertices, points, coordinates)';
  if (!Array.isArray(verts)) return `has coords that are ${describeValue(verts)}, expected an array of [lat, lng]`;
  // a list of rings (outer ring then holes) when the first vertex is itself a list of vertices
  const ringsRaw = Array.isArray(verts[0]) && (Array.isArray(verts[0][0]) || isPlainObject(verts[0][0])) ? verts : [verts];
  const rings: Coord[][] = [];
  for (let r = 0; r < ringsRaw.length; r++) {
    const ring = ringsRaw[r];
    if (!Array.isArray(ring)) return `ring ${r} is ${describeValue(ring)}, expected an array of vertices`;
    const out: Coord[] = [];
    for (let v = 0; v < ring.length; v++) {
      const c = readCoord(ring[v], digits);
      if (typeof c === 'string') return `vertex ${ringsRaw.length > 1 ? `${r}.` : ''}${v} ${c}`;
      out.push(c);
    }
    rings.push(out);
  }
  return { rings, label: o?.label };
}

/** Drops a closing vertex equal to the first; in multiset mode starts at the smallest vertex. */
function canonicalRing(ring: Coord[], rotate: boolean): string[] {
  let keys = ring.map(coordKey);
  if (keys.length > 1 && keys[0] === keys[keys.length - 1]) keys = keys.slice(0, -1);
  if (!rotate || keys.length < 2) return keys;
  let best: string[] | null = null;
  const min = keys.reduce((m, k) => (k < m ? k : m));
  for (let s = 0; s < keys.length; s++) {
    if (keys[s] !== min) continue;
    const cand = [...keys.slice(s), ...keys.slice(0, s)];
    if (!best || cand.join(';') < best.join(';')) best = cand;
  }
  return best ?? keys;
}

function readPolygons(ctx: MapCtx, side: 'expected' | 'actual', list: unknown[], rotate: boolean): Polygon[] {
  const out: Polygon[] = [];
  list.forEach((raw, i) => {
    const p = readPolygon(raw, ctx.digits);
    if (typeof p === 'string') {
      ctx.c.add(joinPath('polygons', i), `${side} polygons[${i}] ${p}`, side === 'expected' ? raw : undefined, side === 'actual' ? raw : undefined);
      return;
    }
    const key = p.rings.map((r) => canonicalRing(r, rotate).join(';')).join('|');
    out.push({ i, raw, rings: p.rings, key, label: p.label });
  });
  return out;
}

function vertexCount(p: Polygon): number {
  return p.rings.reduce((n, r) => n + r.length, 0);
}

function polygonText(p: Polygon, digits: number): string {
  const first = p.rings[0]?.[0];
  return `polygon of ${vertexCount(p)} vertices${first ? ` starting ${coordText(first, digits)}` : ''}${isPresent(p.label) ? ` labelled ${shortJson(p.label, 40)}` : ''}`;
}

/** Vertex-level differences between two polygons that did not match as a whole. */
function polygonVertexDiffs(ctx: MapCtx, path: string, e: Polygon, a: Polygon, ordered: boolean): void {
  const { c, digits } = ctx;
  const coordsPath = isPlainObject(e.raw) && e.raw.vertices !== undefined && e.raw.coords === undefined ? 'vertices' : 'coords';
  if (ordered) {
    const eV = e.rings.flat();
    const aV = a.rings.flat();
    if (eV.length !== aV.length) c.add(joinPath(path, coordsPath), `vertex count differs: expected ${eV.length}, got ${aV.length}`, eV.length, aV.length, false);
    for (let v = 0; v < Math.max(eV.length, aV.length); v++) {
      const p = joinPath(joinPath(path, coordsPath), v);
      if (v >= aV.length) c.add(p, `vertex ${coordText(eV[v]!, digits)} missing in actual`, [eV[v]!.lat, eV[v]!.lng]);
      else if (v >= eV.length) c.add(p, `not expected: extra vertex ${coordText(aV[v]!, digits)} in actual`, undefined, [aV[v]!.lat, aV[v]!.lng]);
      else if (coordKey(eV[v]!) !== coordKey(aV[v]!)) c.add(p, `expected vertex ${coordText(eV[v]!, digits)}, got ${coordText(aV[v]!, digits)}`, [eV[v]!.lat, eV[v]!.lng], [aV[v]!.lat, aV[v]!.lng]);
    }
    return;
  }
  const eV = e.rings.flat().map((v, k) => ({ v, k }));
  const aV = a.rings.flat().map((v, k) => ({ v, k }));
  const m = pairByKey(eV, aV, (x) => coordKey(x.v));
  const detail = `${m.pairs.length} of ${eV.length} vertices shared with actual polygons[${a.i}]`;
  let reported = false;
  for (const x of m.missing) {
    c.add(joinPath(joinPath(path, coordsPath), x.k), `vertex ${coordText(x.v, digits)} missing in actual (${detail})`, [x.v.lat, x.v.lng]);
    reported = true;
  }
  for (const y of m.extra) {
    c.add(`${joinPath(path, coordsPath)}[actual ${y.k}]`, `not expected: extra vertex ${coordText(y.v, digits)} in actual polygons[${a.i}] (${detail})`, undefined, [y.v.lat, y.v.lng]);
    reported = true;
  }
  // same vertices, different order or rings
  if (!reported) c.add(path, `vertices of actual polygons[${a.i}] are the same but in a different order or ring structure`, e.raw, a.raw);
}

function comparePolygons(ctx: MapCtx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const eL = listOf('expected', e, 'polygons');
  if (typeof eL === 'string') return eL;
  const aL = listOf('actual', a, 'polygons');
  if (typeof aL === 'string') return aL;
  const { c, digits } = ctx;
  const ordered = ctx.algorithm === 'ordered';
  const E = readPolygons(ctx, 'expected', eL, !ordered);
  const A = readPolygons(ctx, 'actual', aL, !ordered);
  if (eL.length !== aL.length) c.add('polygons', `polygon count differs: expected ${eL.length}, got ${aL.length}`, eL.length, aL.length, false);
  if (ordered) {
    const byE = new Map(E.map((p) => [p.i, p]));
    const byA = new Map(A.map((p) => [p.i, p]));
    for (let i = 0; i < Math.max(eL.length, aL.length); i++) {
      const x = byE.get(i);
      const y = byA.get(i);
      const p = joinPath('polygons', i);
      if (i >= aL.length && x) { c.add(p, `missing in actual: ${polygonText(x, digits)}`, x.raw); continue; }
      if (i >= eL.length && y) { c.add(p, `not expected: extra ${polygonText(y, digits)} in actual`, undefined, y.raw); continue; }
      if (!x || !y) continue;
      if (x.key === y.key) c.item(() => comparePolygonLabel(ctx, p, x, y));
      else c.item(() => polygonVertexDiffs(ctx, p, x, y, true));
    }
    return null;
  }
  const first = pairByKey(E, A, (p) => `${p.key}|${jsonKey(p.label)}`);
  const second = pairByKey(first.missing, first.extra, (p) => p.key);
  for (const [x, y] of [...first.pairs, ...second.pairs]) c.item(() => comparePolygonLabel(ctx, joinPath('polygons', x.i), x, y));
  // unmatched: pair each with the unmatched actual polygon sharing most vertices, to show vertex diffs
  const leftA = [...second.extra];
  for (const x of second.missing) {
    const eKeys = new Set(x.rings.flat().map(coordKey));
    let best = -1;
    let bestShared = 0;
    leftA.forEach((y, k) => {
      const shared = y.rings.flat().filter((v) => eKeys.has(coordKey(v))).length;
      if (shared > bestShared) { bestShared = shared; best = k; }
    });
    if (best < 0 && second.missing.length === 1 && leftA.length === 1) best = 0;
    if (best < 0) { c.add(joinPath('polygons', x.i), `missing in actual: no polygon matches ${polygonText(x, digits)} (rounded to ${digits} dp)`, x.raw); continue; }
    const y = leftA.splice(best, 1)[0]!;
    c.item(() => polygonVertexDiffs(ctx, joinPath('polygons', x.i), x, y, false));
  }
  for (const y of leftA) c.add(joinPath('polygons', y.i), `not expected: actual ${polygonText(y, digits)} (index ${y.i} in actual) has no match in expected`, undefined, y.raw);
  return null;
}

function comparePolygonLabel(ctx: MapCtx, path: string, e: Polygon, a: Polygon): void {
  if (isPresent(e.label) && isPresent(a.label)) ctx.c.value(joinPath(path, 'label'), e.label, a.label, {});
}

// ---------- choropleth ----------

function featureId(f: unknown): unknown {
  if (!isPlainObject(f)) return undefined;
  const props = isPlainObject(f.properties) ? f.properties : {};
  return f.id ?? props.id ?? props.name;
}

function compareChoropleth(ctx: MapCtx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const { c } = ctx;
  if (e.values === undefined) return 'expected.values is missing';
  if (!isPlainObject(e.values)) return `expected.values is ${describeValue(e.values)}, expected an object of region → number`;
  if (a.values === undefined) return 'actual.values is missing';
  if (!isPlainObject(a.values)) return `actual.values is ${describeValue(a.values)}, expected an object of region → number`;
  const eV = e.values;
  const aV = a.values;
  for (const k of Object.keys(eV)) {
    const p = joinPath('values', k);
    if (!Object.hasOwn(aV, k)) c.add(p, `region ${shortJson(k, 40)} missing in actual (expected ${shortJson(eV[k], 30)})`, eV[k]);
    else c.value(p, eV[k], aV[k], ctx.tol);
  }
  for (const k of Object.keys(aV)) {
    if (!Object.hasOwn(eV, k)) c.add(joinPath('values', k), `not expected: extra region ${shortJson(k, 40)} in actual (value ${shortJson(aV[k], 30)})`, undefined, aV[k]);
  }
  // geojson: the set of feature ids (geometry is not compared)
  if (!isPresent(e.geojson) && !isPresent(a.geojson)) return null;
  if (!isPlainObject(a.geojson)) { c.add('geojson', `actual.geojson is ${describeValue(a.geojson)}, expected a GeoJSON object`, undefined, a.geojson); return null; }
  if (!isPlainObject(e.geojson)) { c.add('geojson', `expected.geojson is ${describeValue(e.geojson)}, expected a GeoJSON object`, e.geojson); return null; }
  const eF = Array.isArray(e.geojson.features) ? e.geojson.features : null;
  const aF = Array.isArray(a.geojson.features) ? a.geojson.features : null;
  if (!eF && !aF) return null;
  if (!eF || !aF) { c.add('geojson.features', `${eF ? 'actual' : 'expected'}.geojson.features is ${describeValue(eF ? a.geojson.features : e.geojson.features)}, expected an array of features`, e.geojson.features, a.geojson.features); return null; }
  const eIds = new Map(eF.map((f) => [jsonKey(featureId(f)), featureId(f)]));
  const aIds = new Map(aF.map((f) => [jsonKey(featureId(f)), featureId(f)]));
  for (const [k, id] of eIds) {
    if (aIds.has(k)) c.ok();
    else c.add(keyedPath('geojson.features', 'id', id), `feature ${shortJson(id, 40)} missing in actual geojson`, id);
  }
  for (const [k, id] of aIds) if (!eIds.has(k)) c.add(keyedPath('geojson.features', 'id', id), `not expected: extra feature ${shortJson(id, 40)} in actual geojson`, undefined, id);
  return null;
}

// ---------- the comparator ----------

function ruleFor(ctx: MapCtx): string {
  const round = `coordinates rounded to ${ctx.digits} dp (within half a unit across a rounding boundary)`;
  const nums = describeNumericTolerance(ctx.tol);
  switch (ctx.type) {
    case 'map_choropleth': return `values by region key, ${nums}; geojson feature ids as a set`;
    case 'map_polygons': return `${round}; polygons ${ctx.algorithm === 'ordered' ? 'in order, vertices in order' : 'as a multiset, each ring from any starting vertex'}; labels when both have one`;
    case 'map_heatmap': return `${round}; points ${ctx.algorithm === 'ordered' ? 'in order' : 'as a multiset'}; weight ${nums}`;
    default: return `${round}; points ${ctx.algorithm === 'ordered' ? 'in order' : 'as a multiset'}; labels when both have one`;
  }
}

export const mapComparator: Comparator = {
  name: 'map',
  types: MAP_TYPES,
  modes: MAP_MODES,
  modesFor: (type) => MAP_MODES.filter((m) => (MODE_ALGORITHM[m] === 'keyed') === (type === 'map_choropleth')),
  options: MAP_OPTIONS,
  defaults(type: OutputType): Tolerance {
    const mode = DEFAULT_MODE[type as MapType] ?? 'set_equal_after_round_coords_4dp';
    return type === 'map_choropleth' ? { compare: mode } : { compare: mode, round_digits: DEFAULT_ROUND_DIGITS };
  },
  compare({ type, expected, actual, tolerance }): ComparisonResult {
    const mapType = type as MapType;
    const mode = tolerance.compare ?? DEFAULT_MODE[mapType] ?? 'set_equal_after_round_coords_4dp';
    if (mode === 'skip') return skipped(tolerance, expected, actual);
    const fail = (message: string, rule = `compare: ${mode}`): ComparisonResult => ({ ...garbageResult(message, expected, actual, tolerance, rule), comparator: `map:${mode}` });
    if (!(MAP_TYPES as readonly string[]).includes(type)) return fail(`the map comparator does not handle output type ${type}`);
    const algorithm = MODE_ALGORITHM[mode];
    if (!algorithm) return fail(`unknown compare mode '${mode}' for ${type} (expected one of: ${[...MAP_MODES, 'skip'].join(', ')})`);
    if ((algorithm === 'keyed') !== (mapType === 'map_choropleth')) {
      return fail(mapType === 'map_choropleth'
        ? `compare mode '${mode}' does not apply to map_choropleth; use keyed_values or skip`
        : `compare mode '${mode}' applies to map_choropleth only; for ${type} use set_equal_after_round_coords_4dp (multiset), ordered_after_round_coords_4dp (ordered) or skip`);
    }
    const rd = tolerance.round_digits ?? DEFAULT_ROUND_DIGITS;
    if (typeof rd !== 'number' || !Number.isInteger(rd) || rd < 0 || rd > 10) return fail(`tolerance round_digits must be a whole number from 0 to 10, got ${shortJson(rd, 30)}`);
    const ctx: MapCtx = { c: new DiffCollector(numericTolerance(tolerance)), type: mapType, digits: rd, tol: numericTolerance(tolerance), algorithm };
    const rule = ruleFor(ctx);
    if (!isPlainObject(expected)) return fail(`expected is ${describeValue(expected)}, expected a ${type} object`, rule);
    if (!isPlainObject(actual)) return fail(`actual is ${describeValue(actual)}, expected a ${type} object`, rule);
    const problem = mapType === 'map_choropleth' ? compareChoropleth(ctx, expected, actual)
      : mapType === 'map_polygons' ? comparePolygons(ctx, expected, actual)
        : comparePointLike(ctx, expected, actual);
    if (problem) return fail(problem, rule);
    const noun = mapType === 'map_choropleth' ? 'items' : mapType === 'map_polygons' ? 'polygons' : 'points';
    return ctx.c.finish({ rule, expected, actual, tolerance, comparator: `map:${mode}` }, noun);
  },
};
