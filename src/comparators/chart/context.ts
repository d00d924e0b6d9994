// What every per-type chart comparison shares: its context (collector, tolerance, settings) and
// reading a list field of both sides.
import type { DiffCollector } from '../kit/diff-collector.js';
import type { NumericTolerance } from '../kit/numeric-tolerance.js';
import { describeValue, shortJson } from '../kit/value.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import type { Tolerance } from '../types.js';
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

/** Reads `value[field]` as an array, or says what is wrong with it ("actual.series is missing"). */
export function readList(side: 'expected' | 'actual', value: Record<string, unknown>, field: string): unknown[] | string {
  const v = value[field];
  if (v === undefined) return `${side}.${field} is missing`;
  if (!Array.isArray(v)) return `${side}.${field} is ${describeValue(v)}, expected an array`;
  return v;
}


/** `value[field]` of both sides as arrays (expected first), or what is wrong with the first that is not. */
export function readLists(e: Record<string, unknown>, a: Record<string, unknown>, field: string): [unknown[], unknown[]] | string {
  const eL = readList('expected', e, field);
  if (typeof eL === 'string') return eL;
  const aL = readList('actual', a, field);
  if (typeof aL === 'string') return aL;
  return [eL, aL];
}

export function pointText(p: unknown): string {
  if (isPlainObject(p)) return `(${Object.entries(p).map(([k, v]) => `${k} ${shortJson(v, 30)}`).join(', ')})`;
  return shortJson(p, 60);
}

/** A per-type comparison: records differences in `ctx.c`, or returns why the values cannot be compared. */
export type ChartCompare = (ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>) => string | null;
