// What every per-type chart comparison shares: its context (collector, tolerance, settings) and
// how a point is named in messages.
import { isPlainObject } from '../../util/is-plain-object.js';
import type { DiffCollector } from '../kit/diff-collector.js';
import type { NumericTolerance } from '../kit/numeric-tolerance.js';
import { shortJson } from '../kit/value.js';
import type { Tolerance } from '../../model/tolerance.js';
import type { ChartType, Variant } from './modes.js';

export interface Ctx {
  c: DiffCollector;
  type: ChartType;
  variant: Variant;
  tolerance: Tolerance;
  tol: NumericTolerance;
  seriesMatch: 'by_name' | 'by_index';
  order: 'ordered' | 'by_time';
}

/** A point, node or slice in messages: `(x 1, y 2)`. */
export function pointText(p: unknown): string {
  if (isPlainObject(p))
    return `(${Object.entries(p)
      .map(([k, v]) => `${k} ${shortJson(v, 30)}`)
      .join(', ')})`;
  return shortJson(p, 60);
}

/** A per-type comparison: records differences in `ctx.c`, or returns why the values cannot be compared. */
export type ChartCompare = (ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>) => string | null;
