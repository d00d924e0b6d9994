// Histograms (values in order or as a multiset, and the bins) and box plots (raw values and summary fields per series).
import { matchScalarMultiset, reportScalarMultiset, type Indexed } from '../kit/matching.js';
import { joinPath } from '../kit/paths.js';
import { isPresent, readLists } from '../kit/value.js';
import type { Ctx } from './context.js';
import { messages } from './messages.js';
import { compareScalarBag, matchSeries, seriesTolerance } from './series.js';
import { isNumeric } from '../../util/json-number.js';

const BOX_SUMMARY_FIELDS = [
  'min',
  'q1',
  'q2',
  'median',
  'q3',
  'max',
  'mean',
  'lower_fence',
  'upper_fence',
  'lowerfence',
  'upperfence',
];

export function compareHistogram(ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const values = readLists(e, a, 'values');
  if (typeof values === 'string') return values;
  const [eV, aV] = values;
  const { c } = ctx;
  if (ctx.variant === 'ordered') {
    c.array('values', eV, aV, ctx.tol, 'values');
  } else {
    // a value that is not a number is a difference of its own, never sorted against numbers
    const numbersOf = (side: 'expected' | 'actual', list: unknown[]): Indexed[] =>
      list.flatMap((v, i) => {
        if (isNumeric(v)) return [{ v, i }];
        c.add(
          joinPath('values', i),
          messages.notANumber(side, i, v),
          side === 'expected' ? v : undefined,
          side === 'actual' ? v : undefined,
        );
        return [];
      });
    if (eV.length !== aV.length)
      c.add('values', messages.countDiffers('value', eV.length, aV.length), eV.length, aV.length, false);
    const eN = numbersOf('expected', eV);
    const aN = numbersOf('actual', aV);
    reportScalarMultiset(c, matchScalarMultiset(eN, aN, ctx.tol), (i) => joinPath('values', i), ctx.tol);
  }
  c.optional('bins', e.bins, a.bins);
  return null;
}

export function compareBoxplot(ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const series = readLists(e, a, 'series');
  if (typeof series === 'string') return series;
  const [eS, aS] = series;
  for (const sp of matchSeries(ctx, eS, aS)) {
    const tol = seriesTolerance(ctx, sp.name);
    // raw values AND summary fields: either alone would let the other drift unseen
    for (const f of ['values', 'outliers']) {
      const p = joinPath(sp.path, f);
      if (!isPresent(sp.e[f]) && !isPresent(sp.a[f])) continue;
      if (!isPresent(sp.a[f])) {
        ctx.c.missing(p, messages.missing(sp.e[f]), sp.e[f]);
        continue;
      }
      if (!isPresent(sp.e[f])) {
        ctx.c.extra(p, messages.extra(sp.a[f]), sp.a[f]);
        continue;
      }
      if (ctx.variant === 'ordered') ctx.c.array(p, sp.e[f], sp.a[f], tol);
      else compareScalarBag(ctx, p, sp.e[f], sp.a[f], tol);
    }
    for (const f of BOX_SUMMARY_FIELDS) ctx.c.optional(joinPath(sp.path, f), sp.e[f], sp.a[f], tol);
  }
  return null;
}
