// What every structural comparison shares: its context, and comparing every field of two objects
// (minus the ones a type compares on its own) with each difference counted; `ignore_fields` are taken
// out before (kit/ignore-fields.ts).
import type { DiffCollector } from '../kit/diff-collector.js';
import { deepCompare } from '../kit/deep-compare.js';
import type { NumericTolerance } from '../kit/numeric-tolerance.js';

export type StructuralType = 'tree' | 'timeline' | 'gantt' | 'log' | 'diff';

export const LIST_FIELD: Record<'timeline' | 'gantt' | 'log', string> = {
  timeline: 'events',
  gantt: 'tasks',
  log: 'lines',
};

export type RowOrder = 'ordered' | 'by_time' | 'by_id' | 'by_name';

export interface SCtx {
  c: DiffCollector;
  type: StructuralType;
  tol: NumericTolerance;
  childrenOrdered: boolean;
  rowOrder: RowOrder | 'multiset';
  allowRegex: boolean;
  regexCache: Map<string, RegExp | string>;
}

export function without(o: Record<string, unknown>, also: string[] = []): Record<string, unknown> {
  if (also.length === 0) return o;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (!also.includes(k)) out[k] = v;
  return out;
}

/** Differences in the top-level fields around the main data (title, language…); a match adds no count. */
export function compareOuterFields(
  ctx: SCtx,
  e: Record<string, unknown>,
  a: Record<string, unknown>,
  also: string[],
): void {
  ctx.c.all(deepCompare(without(e, also), without(a, also), '', ctx.tol));
}

/** Every field of two objects (minus `also`) via deepCompare; each difference counted. */
export function compareFields(
  ctx: SCtx,
  path: string,
  e: Record<string, unknown>,
  a: Record<string, unknown>,
  also: string[] = [],
): void {
  const diffs = deepCompare(without(e, also), without(a, also), path, ctx.tol);
  if (diffs.length === 0) ctx.c.ok();
  ctx.c.all(diffs);
}
