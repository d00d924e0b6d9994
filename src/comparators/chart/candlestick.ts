// Candlestick charts: candles in order, or matched by t; t exact, open/high/low/close (or o/h/l/c)
// under the tolerance.
import { isPlainObject } from '../../util/is-plain-object.js';
import { keyCounts, occurrences, pairByKey, type Indexed } from '../kit/matching.js';
import { joinPath, keyedPath } from '../kit/paths.js';
import { jsonKey, readLists } from '../kit/value.js';
import type { Ctx } from './context.js';
import { messages } from './messages.js';

const CANDLE_FIELDS = ['open', 'high', 'low', 'close', 'volume'];
/** The short names (o, h, l, c) the original Pixie's comparator read beside the long ones. */
const SHORT: Record<string, string> = { open: 'o', high: 'h', low: 'l', close: 'c' };

function field(candle: Record<string, unknown>, f: string): unknown {
  return candle[f] ?? (SHORT[f] ? candle[SHORT[f]] : undefined);
}

function compareCandle(ctx: Ctx, path: string, e: unknown, a: unknown): void {
  const { c } = ctx;
  if (!isPlainObject(e) || !isPlainObject(a)) {
    c.value(path, e, a);
    return;
  }
  c.value(joinPath(path, 't'), e.t, a.t, {});
  for (const f of CANDLE_FIELDS) {
    if (f === 'volume') c.optional(joinPath(path, f), e[f], a[f]);
    else c.value(joinPath(path, f), field(e, f), field(a, f));
  }
}

export function compareCandlestick(ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const points = readLists(e, a, 'points');
  if (typeof points === 'string') return points;
  const [eP, aP] = points;
  const { c } = ctx;
  if (eP.length !== aP.length)
    c.add('points', messages.countDiffers('candle', eP.length, aP.length), eP.length, aP.length, false);
  if (ctx.order === 'ordered') {
    for (let i = 0; i < Math.max(eP.length, aP.length); i++) {
      const p = joinPath('points', i);
      if (i >= aP.length) c.missing(p, messages.missingItem('candle', eP[i]), eP[i]);
      else if (i >= eP.length) c.extra(p, messages.extraItem('candle', aP[i]), aP[i]);
      else compareCandle(ctx, p, eP[i], aP[i]);
    }
    return null;
  }
  const tOf = (x: Indexed): string => (isPlainObject(x.v) ? jsonKey(x.v.t) : `#${x.i}`);
  const E = eP.map((v, i) => ({ v, i }));
  const A = aP.map((v, i) => ({ v, i }));
  const counts = keyCounts(E, tOf);
  const m = pairByKey(E, A, tOf);
  const at = (x: Indexed, occ: number): string =>
    isPlainObject(x.v)
      ? keyedPath('points', 't', x.v.t, (counts.get(tOf(x)) ?? 1) > 1 ? occ : undefined)
      : joinPath('points', x.i);
  for (const [x, y, occ] of m.pairs) compareCandle(ctx, at(x, occ), x.v, y.v);
  const occE = occurrences(E, tOf);
  for (const x of m.missing)
    c.missing(at(x, occE.get(x) ?? 0), messages.noCandleAt(isPlainObject(x.v) ? x.v.t : x.v), x.v);
  const occA = occurrences(A, tOf);
  for (const y of m.extra)
    c.extra(at(y, occA.get(y) ?? 0), messages.extraCandleAt(isPlainObject(y.v) ? y.v.t : y.v, y.i), y.v);
  return null;
}
