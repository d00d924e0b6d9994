// Graphs: sankey and network charts (nodes by id, links or edges by source and target as a multiset)
// and treemaps (nodes by id; a root's absent, null or empty parent all mean no parent).
import { isPlainObject } from '../../util/is-plain-object.js';
import {
  keyCounts,
  matchScalarMultiset,
  occurrences,
  pairByKey,
  reportScalarMultiset,
  type Indexed,
} from '../kit/matching.js';
import { joinPath, keyedPath, pathText } from '../kit/paths.js';
import { isPresent, jsonKey, readLists } from '../kit/value.js';
import type { Ctx } from './context.js';
import { messages } from './messages.js';

/** Fields that only style a graph node or fix its drawn position; never compared. */
const PRESENTATION_KEYS = new Set(['colour', 'color', 'style', 'x', 'y', 'fx', 'fy', 'vx', 'vy', 'index']);
/** Fields that name things; compared exactly even when they hold numbers. */
const IDENTITY_KEYS = new Set(['id', 'parent', 'source', 'target', 'label', 'name', 'group', 't']);

/** A graph node's identity: id, else name, else label (`??`, so id 0 is an id). */
function nodeKeyField(n: Record<string, unknown>): ['id' | 'name' | 'label', unknown] | null {
  if (isPresent(n.id)) return ['id', n.id];
  if (isPresent(n.name)) return ['name', n.name];
  if (isPresent(n.label)) return ['label', n.label];
  return null;
}

function compareNodeFields(
  ctx: Ctx,
  path: string,
  e: Record<string, unknown>,
  a: Record<string, unknown>,
  skip: Set<string>,
): void {
  const keys = new Set([...Object.keys(e), ...Object.keys(a)]);
  for (const k of keys) {
    if (skip.has(k) || PRESENTATION_KEYS.has(k)) continue;
    ctx.c.optional(joinPath(path, k), e[k], a[k], IDENTITY_KEYS.has(k) ? {} : ctx.tol);
  }
}

/** Nodes matched by id (falling back to name, label, then position); every data field compared. */
function compareNodes(ctx: Ctx, field: string, eL: unknown[], aL: unknown[], extraSkip: string[] = []): void {
  const { c } = ctx;
  if (eL.length !== aL.length)
    c.add(field, messages.countDiffers('node', eL.length, aL.length), eL.length, aL.length, false);
  const skip = new Set(['id', ...extraSkip]);
  if (ctx.variant === 'ordered') {
    for (let i = 0; i < Math.max(eL.length, aL.length); i++) {
      const p = joinPath(field, i);
      if (i >= aL.length) {
        c.missing(p, messages.missingItem('node', eL[i]), eL[i]);
        continue;
      }
      if (i >= eL.length) {
        c.extra(p, messages.extraItem('node', aL[i]), aL[i]);
        continue;
      }
      const x = eL[i];
      const y = aL[i];
      if (!isPlainObject(x) || !isPlainObject(y)) {
        c.value(p, x, y);
        continue;
      }
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
    if (!isPlainObject(x.v) || !isPlainObject(y.v)) {
      c.value(p, x.v, y.v);
      continue;
    }
    c.ok();
    const keyField = nodeKeyField(x.v)?.[0];
    compareNodeFields(ctx, p, x.v, y.v, keyField ? new Set([...skip, keyField]) : skip);
  }
  const occE = occurrences(E, keyOf);
  for (const x of m.missing) c.missing(at(x, occE.get(x) ?? 0), messages.nodeMissing(x.v), x.v);
  const occA = occurrences(A, keyOf);
  for (const y of m.extra) c.extra(at(y, occA.get(y) ?? 0), messages.nodeExtra(y.v, y.i), y.v);
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
  const kind = field === 'links' ? 'link' : 'edge';
  if (eL.length !== aL.length)
    c.add(field, messages.countDiffers(kind, eL.length, aL.length), eL.length, aL.length, false);
  if (ctx.variant === 'ordered') {
    for (let i = 0; i < Math.max(eL.length, aL.length); i++) {
      const p = joinPath(field, i);
      if (i >= aL.length) c.missing(p, messages.missingItem(null, eL[i]), eL[i]);
      else if (i >= eL.length) c.extra(p, messages.extraItem(null, aL[i]), aL[i]);
      else if (isPlainObject(eL[i]) && isPlainObject(aL[i]))
        compareEdgeFields(ctx, p, eL[i] as Record<string, unknown>, aL[i] as Record<string, unknown>, true);
      else c.value(p, eL[i], aL[i]);
    }
    return;
  }
  interface Group {
    s: unknown;
    t: unknown;
    e: Indexed<Record<string, unknown>>[];
    a: Indexed<Record<string, unknown>>[];
  }
  const groups = new Map<string, Group>();
  const add = (side: 'e' | 'a', list: unknown[]) =>
    list.forEach((x, i) => {
      if (!isPlainObject(x)) {
        c.add(
          joinPath(field, i),
          messages.notAnEdge(side === 'e' ? 'expected' : 'actual', field, i, x),
          side === 'e' ? x : undefined,
          side === 'a' ? x : undefined,
        );
        return;
      }
      const s = edgeEnd(x, 'source');
      const t = edgeEnd(x, 'target');
      const k = `${jsonKey(s)}→${jsonKey(t)}`;
      let g = groups.get(k);
      if (!g) {
        g = { s, t, e: [], a: [] };
        groups.set(k, g);
      }
      g[side].push({ v: x, i });
    });
  add('e', eL);
  add('a', aL);
  for (const g of groups.values()) {
    const base = `${field}[source=${pathText(g.s)},target=${pathText(g.t)}]`;
    const sub = (k: number, n: number): string => (n > 1 ? `${base.slice(0, -1)}#${k + 1}]` : base);
    if (g.a.length === 0) {
      g.e.forEach((x, k) => c.missing(sub(k, g.e.length), messages.noEdge(kind, g.s, g.t), x.v));
      continue;
    }
    if (g.e.length === 0) {
      g.a.forEach((y, k) => c.extra(sub(k, g.a.length), messages.extraEdge(kind, g.s, g.t, y.i), y.v));
      continue;
    }
    if (g.e.length === 1 && g.a.length === 1) {
      compareEdgeFields(ctx, base, g.e[0]!.v, g.a[0]!.v, false);
      continue;
    }
    if (g.e.length !== g.a.length)
      c.add(base, messages.parallelEdges(g.e.length, g.a.length), g.e.length, g.a.length, false);
    // parallel edges: weights as a multiset (null and numbers may mix without crashing)
    const wf = edgeWeightField(g.e[0]!.v);
    const m = matchScalarMultiset(
      g.e.map((x, k) => ({ v: x.v.value ?? x.v.weight ?? null, i: k })),
      g.a.map((y, k) => ({ v: y.v.value ?? y.v.weight ?? null, i: k })),
      ctx.tol,
    );
    reportScalarMultiset(c, m, (k) => `${sub(k, Math.max(g.e.length, g.a.length))}.${wf}`, ctx.tol, wf);
    for (const [x, y] of m.pairs) compareEdgeFields(ctx, sub(x.i, g.e.length), g.e[x.i]!.v, g.a[y.i]!.v, false, true);
  }
}

function compareEdgeFields(
  ctx: Ctx,
  path: string,
  e: Record<string, unknown>,
  a: Record<string, unknown>,
  endpoints: boolean,
  skipWeight = false,
): void {
  if (endpoints) {
    ctx.c.value(joinPath(path, 'source'), edgeEnd(e, 'source'), edgeEnd(a, 'source'), {});
    ctx.c.value(joinPath(path, 'target'), edgeEnd(e, 'target'), edgeEnd(a, 'target'), {});
  }
  // `value` (sankey) and `weight` (network) are the same number under two names; `??` keeps 0
  if (!skipWeight) ctx.c.optional(joinPath(path, edgeWeightField(e)), e.value ?? e.weight, a.value ?? a.weight);
  compareNodeFields(ctx, path, e, a, new Set(['source', 'target', 'src', 'tgt', 'from', 'to', 'value', 'weight']));
}

export function compareGraph(ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const nodes = readLists(e, a, 'nodes');
  if (typeof nodes === 'string') return nodes;
  const [eN, aN] = nodes;
  const preferred = ctx.type === 'chart_sankey' ? 'links' : 'edges';
  const field =
    e[preferred] !== undefined
      ? preferred
      : e.links !== undefined
        ? 'links'
        : e.edges !== undefined
          ? 'edges'
          : preferred;
  const links = readLists(e, a, field);
  if (typeof links === 'string') return links;
  const [eE, aE] = links;
  compareNodes(ctx, 'nodes', eN, aN);
  compareEdges(ctx, field, eE, aE);
  return null;
}

export function compareTreemap(ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const nodes = readLists(e, a, 'nodes');
  if (typeof nodes === 'string') return nodes;
  const [eN, aN] = nodes;
  // a root's parent may be absent, null or ""; all three mean "no parent"
  const norm = (list: unknown[]): unknown[] =>
    list.map((n) =>
      isPlainObject(n) && (n.parent === '' || n.parent === null) ? (({ parent: _p, ...rest }) => rest)(n) : n,
    );
  compareNodes(ctx, 'nodes', norm(eN), norm(aN));
  return null;
}
