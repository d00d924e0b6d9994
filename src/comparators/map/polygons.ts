// Polygons: rings read from `coords` (also `vertices`, `points`, `coordinates`, or the polygon as a
// bare vertex list), in order, or as a multiset where each ring may start at any vertex; unmatched
// polygons are paired with the one sharing most vertices to show vertex differences.
import { isPlainObject } from '../../util/is-plain-object.js';
import { pairByKey } from '../kit/matching.js';
import { joinPath } from '../kit/paths.js';
import { isPresent, jsonKey, readLists } from '../kit/value.js';
import { coordKey, coordText, readCoord, type Coord } from './coords.js';
import { messages } from './messages.js';
import type { MapCtx } from './modes.js';

interface Polygon {
  i: number;
  raw: unknown;
  rings: Coord[][];
  key: string;
  label: unknown;
}

/** A polygon's rings: `coords` (the documented key), `vertices`, `points`, or the polygon itself as a list. */
function readPolygon(p: unknown, digits: number): { rings: Coord[][]; label: unknown } | string {
  const o = isPlainObject(p) ? p : null;
  const verts = o ? (o.coords ?? o.vertices ?? o.points ?? o.coordinates) : p;
  if (verts === undefined) return messages.noCoords();
  if (!Array.isArray(verts)) return messages.coordsNotAList(verts);
  // a list of rings (outer ring then holes) when the first vertex is itself a list of vertices
  const ringsRaw =
    Array.isArray(verts[0]) && (Array.isArray(verts[0][0]) || isPlainObject(verts[0][0])) ? verts : [verts];
  const rings: Coord[][] = [];
  for (let r = 0; r < ringsRaw.length; r++) {
    const ring = ringsRaw[r];
    if (!Array.isArray(ring)) return messages.ringNotAList(r, ring);
    const out: Coord[] = [];
    for (let v = 0; v < ring.length; v++) {
      const c = readCoord(ring[v], digits);
      if (typeof c === 'string') return messages.badVertex(ringsRaw.length > 1 ? r : null, v, c);
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
      ctx.c.add(
        joinPath('polygons', i),
        messages.unreadable(side, 'polygons', i, p),
        side === 'expected' ? raw : undefined,
        side === 'actual' ? raw : undefined,
      );
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
  return messages.polygon(vertexCount(p), first ? coordText(first, digits) : null, p.label);
}

/** Vertex-level differences between two polygons that did not match as a whole. */
function polygonVertexDiffs(ctx: MapCtx, path: string, e: Polygon, a: Polygon, ordered: boolean): void {
  const { c, digits } = ctx;
  const coordsPath =
    isPlainObject(e.raw) && e.raw.vertices !== undefined && e.raw.coords === undefined ? 'vertices' : 'coords';
  if (ordered) {
    const eV = e.rings.flat();
    const aV = a.rings.flat();
    if (eV.length !== aV.length)
      c.add(
        joinPath(path, coordsPath),
        messages.countDiffers('vertex', eV.length, aV.length),
        eV.length,
        aV.length,
        false,
      );
    for (let v = 0; v < Math.max(eV.length, aV.length); v++) {
      const p = joinPath(joinPath(path, coordsPath), v);
      if (v >= aV.length) c.missing(p, messages.vertexMissing(coordText(eV[v]!, digits)), [eV[v]!.lat, eV[v]!.lng]);
      else if (v >= eV.length) c.extra(p, messages.vertexExtra(coordText(aV[v]!, digits)), [aV[v]!.lat, aV[v]!.lng]);
      else if (coordKey(eV[v]!) !== coordKey(aV[v]!))
        c.changed(
          p,
          messages.vertexMoved(coordText(eV[v]!, digits), coordText(aV[v]!, digits)),
          [eV[v]!.lat, eV[v]!.lng],
          [aV[v]!.lat, aV[v]!.lng],
        );
    }
    return;
  }
  const eV = e.rings.flat().map((v, k) => ({ v, k }));
  const aV = a.rings.flat().map((v, k) => ({ v, k }));
  const m = pairByKey(eV, aV, (x) => coordKey(x.v));
  const detail = messages.shared(m.pairs.length, eV.length, a.i);
  let reported = false;
  for (const x of m.missing) {
    c.missing(joinPath(joinPath(path, coordsPath), x.k), messages.vertexMissingFrom(coordText(x.v, digits), detail), [
      x.v.lat,
      x.v.lng,
    ]);
    reported = true;
  }
  for (const y of m.extra) {
    c.extra(
      `${joinPath(path, coordsPath)}[actual ${y.k}]`,
      messages.vertexExtraIn(coordText(y.v, digits), a.i, detail),
      [y.v.lat, y.v.lng],
    );
    reported = true;
  }
  // same vertices, different order or rings
  if (!reported) c.changed(path, messages.verticesReordered(a.i), e.raw, a.raw);
}

export function comparePolygons(ctx: MapCtx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const lists = readLists(e, a, 'polygons');
  if (typeof lists === 'string') return lists;
  const [eL, aL] = lists;
  const { c, digits } = ctx;
  const ordered = ctx.algorithm === 'ordered';
  const E = readPolygons(ctx, 'expected', eL, !ordered);
  const A = readPolygons(ctx, 'actual', aL, !ordered);
  if (eL.length !== aL.length)
    c.add('polygons', messages.countDiffers('polygon', eL.length, aL.length), eL.length, aL.length, false);
  if (ordered) {
    const byE = new Map(E.map((p) => [p.i, p]));
    const byA = new Map(A.map((p) => [p.i, p]));
    for (let i = 0; i < Math.max(eL.length, aL.length); i++) {
      const x = byE.get(i);
      const y = byA.get(i);
      const p = joinPath('polygons', i);
      if (i >= aL.length && x) {
        c.missing(p, messages.missingAt(polygonText(x, digits)), x.raw);
        continue;
      }
      if (i >= eL.length && y) {
        c.extra(p, messages.extraAt(polygonText(y, digits)), y.raw);
        continue;
      }
      if (!x || !y) continue;
      if (x.key === y.key) c.item(() => comparePolygonLabel(ctx, p, x, y));
      else c.item(() => polygonVertexDiffs(ctx, p, x, y, true));
    }
    return null;
  }
  const first = pairByKey(E, A, (p) => `${p.key}|${jsonKey(p.label)}`);
  const second = pairByKey(first.missing, first.extra, (p) => p.key);
  for (const [x, y] of [...first.pairs, ...second.pairs])
    c.item(() => comparePolygonLabel(ctx, joinPath('polygons', x.i), x, y));
  // unmatched: pair each with the unmatched actual polygon sharing most vertices, to show vertex diffs
  const leftA = [...second.extra];
  for (const x of second.missing) {
    const eKeys = new Set(x.rings.flat().map(coordKey));
    let best = -1;
    let bestShared = 0;
    leftA.forEach((y, k) => {
      const shared = y.rings.flat().filter((v) => eKeys.has(coordKey(v))).length;
      if (shared > bestShared) {
        bestShared = shared;
        best = k;
      }
    });
    if (best < 0 && second.missing.length === 1 && leftA.length === 1) best = 0;
    if (best < 0) {
      c.missing(joinPath('polygons', x.i), messages.noPolygonMatches(polygonText(x, digits), digits), x.raw);
      continue;
    }
    const y = leftA.splice(best, 1)[0]!;
    c.item(() => polygonVertexDiffs(ctx, joinPath('polygons', x.i), x, y, false));
  }
  for (const y of leftA) c.extra(joinPath('polygons', y.i), messages.polygonExtra(polygonText(y, digits), y.i), y.raw);
  return null;
}

function comparePolygonLabel(ctx: MapCtx, path: string, e: Polygon, a: Polygon): void {
  if (isPresent(e.label) && isPresent(a.label)) ctx.c.value(joinPath(path, 'label'), e.label, a.label, {});
}
