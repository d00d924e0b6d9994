// One rule for every number pixie compares, at any depth: pass when |a − e| ≤ abs OR
// |a − e| ≤ rel × max(|a|, |e|), decided in exact decimal so a tolerance holds as written
// (16470.09 − 16470.085 is 0.005 in decimal but 0.0050000000010914 in binary). big.js works on each
// double's shortest round-trip text, and its minus and times are exact. NaN equals NaN; infinities
// equal only themselves; booleans are never numbers.
import Big from 'big.js';
import type { Tolerance } from '../../model/tolerance.js';

export interface NumericTolerance {
  abs?: number;
  rel?: number;
}

/** The numeric part of a tolerance; non-numbers are ignored (tolerance.yaml is validated when loaded). */
export function numericTolerance(tol: Tolerance): NumericTolerance {
  const out: NumericTolerance = {};
  if (typeof tol.abs === 'number' && !Number.isNaN(tol.abs)) out.abs = tol.abs;
  if (typeof tol.rel === 'number' && !Number.isNaN(tol.rel)) out.rel = tol.rel;
  return out;
}

export interface NumericVerdict {
  ok: boolean;
  /** |a − e| as exact decimal text ("0.005"), or "NaN"/"Infinity" */
  absDiff: string;
  /** |a − e| / max(|a|, |e|) as a float (0 when both are 0) */
  relDiff: number;
  /** 1 when equal, falling towards 0 as the difference grows relative to the tolerance */
  score: number;
}

export function compareNumbers(expected: number, actual: number, tol: NumericTolerance): NumericVerdict {
  if (Number.isNaN(expected) || Number.isNaN(actual)) {
    const ok = Number.isNaN(expected) && Number.isNaN(actual);
    return { ok, absDiff: ok ? '0' : 'NaN', relDiff: ok ? 0 : Infinity, score: ok ? 1 : 0 };
  }
  if (!Number.isFinite(expected) || !Number.isFinite(actual)) {
    const ok = expected === actual;
    return { ok, absDiff: ok ? '0' : 'Infinity', relDiff: ok ? 0 : Infinity, score: ok ? 1 : 0 };
  }
  const scale = Math.max(Math.abs(expected), Math.abs(actual));
  const diffFloat = Math.abs(actual - expected);
  const relDiff = scale === 0 ? 0 : diffFloat / scale;
  const exactDiff = (): Big => new Big(actual).minus(expected).abs();
  let ok = diffFloat === 0 && expected === actual;
  for (const [bound, exact] of [
    [tol.abs, () => new Big(tol.abs!)],
    [tol.rel === undefined ? undefined : tol.rel * scale, () => new Big(tol.rel!).times(scale)],
  ] as const) {
    if (ok || bound === undefined || !Number.isFinite(bound)) continue;
    // float error of |a − e| and of the bound is a few ulps of the operands: decide in float when the
    // margin is wider than that (almost always), and in exact decimal only at the boundary
    const margin = 4 * Number.EPSILON * (scale + bound);
    if (diffFloat + margin < bound) ok = true;
    else if (diffFloat - margin <= bound) ok = exactDiff().lte(exact());
  }
  // score: how much of the allowed band the difference uses, mapped so equal → 1, at limit → 0.5
  const allowed = Math.max(tol.abs ?? 0, (tol.rel ?? 0) * scale);
  const score = diffFloat === 0 ? 1 : allowed > 0 ? 1 / (1 + diffFloat / allowed) : 0;
  let text: string | undefined;
  return {
    ok,
    // the exact decimal difference is only worked out when someone reads it
    get absDiff() {
      return (text ??= exactDiff().toFixed());
    },
    relDiff,
    score,
  };
}

/**
 * The same rule as a plain yes/no without allocating a verdict, for hot loops over table cells and
 * chart values; only differences within ~1e-12 of the allowed band take the exact decimal path.
 */
export function numbersWithin(e: number, a: number, tol: NumericTolerance): boolean {
  if (e === a) return true;
  if (!Number.isFinite(e) || !Number.isFinite(a)) return Number.isNaN(e) && Number.isNaN(a);
  const diff = Math.abs(a - e);
  const scale = Math.max(Math.abs(a), Math.abs(e));
  const allowed = Math.max(tol.abs ?? 0, (tol.rel ?? 0) * scale);
  const slack = scale * 1e-15 + allowed * 1e-12;
  if (diff < allowed - slack) return true;
  if (diff > allowed + slack) return false;
  return compareNumbers(e, a, tol).ok;
}

/** "abs 0.005 or rel 0.0001" — the rule as the author wrote it. */
export function describeNumericTolerance(tol: NumericTolerance): string {
  const parts: string[] = [];
  if (tol.abs !== undefined) parts.push(`abs ${tol.abs}`);
  if (tol.rel !== undefined) parts.push(`rel ${tol.rel}`);
  return parts.length ? parts.join(' or ') : 'exact';
}

/** Exact decimal text can be hundreds of digits for extreme values; keep messages readable. */
export function formatAbsDiff(absDiff: string): string {
  if (absDiff.length <= 24) return absDiff;
  const n = Number(absDiff);
  return Number.isFinite(n) ? `${n.toPrecision(6)}` : absDiff;
}

export function formatRelDiff(rel: number): string {
  if (!Number.isFinite(rel)) return String(rel);
  if (rel === 0) return '0';
  return Number(rel.toPrecision(3)).toString();
}
