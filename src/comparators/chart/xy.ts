// Line, bar and area charts (x, then series of y by name) and radar charts (axes, then series).
import { joinPath } from '../kit/paths.js';
import { isPresent, readLists } from '../kit/value.js';
import type { Ctx } from './context.js';
import { messages } from './messages.js';
import { compareAxis, compareSeriesArrays, matchSeries, seriesTolerance } from './series.js';

export function compareXYSeries(ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const series = readLists(e, a, 'series');
  if (typeof series === 'string') return series;
  const [eS, aS] = series;
  compareAxis(ctx, 'x', e, a, ctx.tol, 'x values');
  for (const sp of matchSeries(ctx, eS, aS)) {
    const tol = seriesTolerance(ctx, sp.name);
    if (!isPresent(sp.e.y) && !isPresent(sp.e.values)) ctx.c.add(joinPath(sp.path, 'y'), messages.noYValues(), sp.e);
    compareSeriesArrays(ctx, sp, ['y', 'x', 'values'], tol);
  }
  return null;
}

export function compareRadar(ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const axes = readLists(e, a, 'axes');
  if (typeof axes === 'string') return axes;
  const [eAxes, aAxes] = axes;
  const series = readLists(e, a, 'series');
  if (typeof series === 'string') return series;
  const [eS, aS] = series;
  ctx.c.array('axes', eAxes, aAxes, {}, 'axes');
  for (const sp of matchSeries(ctx, eS, aS))
    compareSeriesArrays(ctx, sp, ['values', 'y'], seriesTolerance(ctx, sp.name));
  return null;
}
