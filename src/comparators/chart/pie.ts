// Pie charts: slices in order, or by label with the values of a repeated label as a multiset.
import { isPlainObject } from '../../util/is-plain-object.js';
import { matchScalarMultiset, reportScalarMultiset, type Indexed } from '../kit/matching.js';
import { joinPath, keyedPath } from '../kit/paths.js';
import { isPresent, jsonKey, readLists } from '../kit/value.js';
import type { Ctx } from './context.js';
import { messages } from './messages.js';

export function comparePie(ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const slices = readLists(e, a, 'slices');
  if (typeof slices === 'string') return slices;
  const [eL, aL] = slices;
  const { c } = ctx;
  if (ctx.variant === 'ordered') {
    if (eL.length !== aL.length)
      c.add('slices', messages.countDiffers('slice', eL.length, aL.length), eL.length, aL.length, false);
    const n = Math.max(eL.length, aL.length);
    for (let i = 0; i < n; i++) {
      const p = joinPath('slices', i);
      if (i >= aL.length) c.missing(p, messages.missingItem('slice', eL[i]), eL[i]);
      else if (i >= eL.length) c.extra(p, messages.extraItem('slice', aL[i]), aL[i]);
      else compareSliceFields(ctx, p, eL[i], aL[i]);
    }
    return null;
  }
  const read = (side: 'expected' | 'actual', list: unknown[]): Indexed<Record<string, unknown>>[] =>
    list.flatMap((s, i) => {
      if (isPlainObject(s)) return [{ v: s, i }];
      c.add(
        joinPath('slices', i),
        messages.notASlice(side, i, s),
        side === 'expected' ? s : undefined,
        side === 'actual' ? s : undefined,
      );
      return [];
    });
  const E = read('expected', eL);
  const A = read('actual', aL);
  if (eL.length !== aL.length)
    c.add('slices', messages.countDiffers('slice', eL.length, aL.length), eL.length, aL.length, false);
  const labelOf = (s: Record<string, unknown>): unknown => s.label ?? s.name;
  const groups = new Map<
    string,
    { label: unknown; e: Indexed<Record<string, unknown>>[]; a: Indexed<Record<string, unknown>>[] }
  >();
  const group = (s: Indexed<Record<string, unknown>>) => {
    const k = jsonKey(labelOf(s.v));
    let g = groups.get(k);
    if (!g) {
      g = { label: labelOf(s.v), e: [], a: [] };
      groups.set(k, g);
    }
    return g;
  };
  for (const s of E) group(s).e.push(s);
  for (const s of A) group(s).a.push(s);
  for (const g of groups.values()) {
    const base = keyedPath('slices', 'label', g.label);
    if (g.e.length === 1 && g.a.length === 1) {
      compareSliceFields(ctx, base, g.e[0]!.v, g.a[0]!.v, false);
      continue;
    }
    if (g.a.length === 0) {
      g.e.forEach((x, k) =>
        c.missing(
          g.e.length > 1 ? keyedPath('slices', 'label', g.label, k) : base,
          messages.sliceMissing(g.label, x.v.value),
          x.v,
        ),
      );
      continue;
    }
    if (g.e.length === 0) {
      for (const y of g.a) c.extra(base, messages.sliceExtra(g.label, y.v.value), y.v);
      continue;
    }
    // repeated labels: the values of this label as a multiset
    if (g.e.length !== g.a.length)
      c.add(base, messages.sliceRepeats(g.label, g.e.length, g.a.length), g.e.length, g.a.length, false);
    const m = matchScalarMultiset(
      g.e.map((x, k) => ({ v: x.v.value, i: k })),
      g.a.map((y, k) => ({ v: y.v.value, i: k })),
      ctx.tol,
    );
    reportScalarMultiset(c, m, (k) => `${keyedPath('slices', 'label', g.label, k)}.value`, ctx.tol);
  }
  return null;
}

function compareSliceFields(ctx: Ctx, path: string, e: unknown, a: unknown, withLabel = true): void {
  if (!isPlainObject(e) || !isPlainObject(a)) {
    ctx.c.value(path, e, a);
    return;
  }
  if (withLabel) ctx.c.value(joinPath(path, 'label'), e.label ?? e.name, a.label ?? a.name, {});
  if (!isPresent(e.value) && isPresent(a.value)) {
    ctx.c.extra(joinPath(path, 'value'), messages.extra(a.value, 30), a.value);
    return;
  }
  ctx.c.value(joinPath(path, 'value'), e.value, a.value);
}
