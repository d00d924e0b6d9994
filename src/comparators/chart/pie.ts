// Pie charts: slices in order, or by label with the values of a repeated label as a multiset.
import { isPlainObject } from '../../util/is-plain-object.js';
import { matchScalarMultiset, reportScalarMultiset, type Indexed } from '../kit/matching.js';
import { joinPath, keyedPath } from '../kit/paths.js';
import { describeValue, isPresent, jsonKey, readLists, shortJson } from '../kit/value.js';
import { pointText, type Ctx } from './context.js';

export function comparePie(ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const slices = readLists(e, a, 'slices');
  if (typeof slices === 'string') return slices;
  const [eL, aL] = slices;
  const { c } = ctx;
  if (ctx.variant === 'ordered') {
    if (eL.length !== aL.length)
      c.add('slices', `slice count differs: expected ${eL.length}, got ${aL.length}`, eL.length, aL.length, false);
    const n = Math.max(eL.length, aL.length);
    for (let i = 0; i < n; i++) {
      const p = joinPath('slices', i);
      if (i >= aL.length) c.missing(p, `missing in actual: slice ${pointText(eL[i])}`, eL[i]);
      else if (i >= eL.length) c.extra(p, `not expected: extra slice ${pointText(aL[i])} in actual`, aL[i]);
      else compareSliceFields(ctx, p, eL[i], aL[i]);
    }
    return null;
  }
  const read = (side: 'expected' | 'actual', list: unknown[]): Indexed<Record<string, unknown>>[] =>
    list.flatMap((s, i) => {
      if (isPlainObject(s)) return [{ v: s, i }];
      c.add(
        joinPath('slices', i),
        `${side} slices[${i}] is ${describeValue(s)}, expected an object with label and value`,
        side === 'expected' ? s : undefined,
        side === 'actual' ? s : undefined,
      );
      return [];
    });
  const E = read('expected', eL);
  const A = read('actual', aL);
  if (eL.length !== aL.length)
    c.add('slices', `slice count differs: expected ${eL.length}, got ${aL.length}`, eL.length, aL.length, false);
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
          `slice ${shortJson(g.label, 40)} missing in actual (expected value ${shortJson(x.v.value, 30)})`,
          x.v,
        ),
      );
      continue;
    }
    if (g.e.length === 0) {
      for (const y of g.a)
        c.extra(
          base,
          `not expected: extra slice ${shortJson(g.label, 40)} in actual (value ${shortJson(y.v.value, 30)})`,
          y.v,
        );
      continue;
    }
    // repeated labels: the values of this label as a multiset
    if (g.e.length !== g.a.length)
      c.add(
        base,
        `slice ${shortJson(g.label, 40)} occurs ${g.e.length} times in expected, ${g.a.length} in actual`,
        g.e.length,
        g.a.length,
        false,
      );
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
    ctx.c.extra(joinPath(path, 'value'), `not expected (extra in actual: ${shortJson(a.value, 30)})`, a.value);
    return;
  }
  ctx.c.value(joinPath(path, 'value'), e.value, a.value);
}
