// One rule for every number pixie compares, at any depth: pass when |a − e| ≤ abs OR
// |a − e| ≤ rel × max(|a|, |e|), decided in exact decimal so a tolerance holds as written
// (16470.09 − 16470.085 is 0.005 in decimal but 0.0050000000010914 in binary). big.js works on each
// double's shortest round-trip text, and its minus and times are exact. NaN equals NaN; infinities
// equal only themselves; booleans are never numbers. A number kept as its text (util/json-number.ts:
// 9007199254740993, 1e400, where doubles cannot tell two values apart) is compared from that text.
import Big from 'big.js';
import type { Tolerance } from '../../model/tolerance.js';
import { JsonNumber, type Numeric, toDouble } from '../../util/json-number.js';

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

export function compareNumbers(expected: Numeric, actual: Numeric, tol: NumericTolerance): NumericVerdict {
  if (typeof expected !== 'number' || typeof actual !== 'number') return compareTexts(expected, actual, tol);
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

/** The exact decimal of a finite number, or null for NaN and the infinities (a JsonNumber is always finite as written). */
function decimalOf(v: Numeric): Big | null {
  if (v instanceof JsonNumber) return new Big(v.text);
  return Number.isFinite(v) ? new Big(v) : null;
}

/** The rule when a side is kept as its text: decided in exact decimal from that text. */
function compareTexts(expected: Numeric, actual: Numeric, tol: NumericTolerance): NumericVerdict {
  const e = decimalOf(expected);
  const a = decimalOf(actual);
  if (!e || !a) {
    // NaN or an infinity against a number written out in full: never equal
    const nan = Number.isNaN(expected) || Number.isNaN(actual);
    return { ok: false, absDiff: nan ? 'NaN' : 'Infinity', relDiff: Infinity, score: 0 };
  }
  const diff = a.minus(e).abs();
  const scale = e.abs().gt(a.abs()) ? e.abs() : a.abs();
  let ok = diff.eq(0);
  if (!ok && tol.abs !== undefined && Number.isFinite(tol.abs)) ok = diff.lte(new Big(tol.abs));
  if (!ok && tol.rel !== undefined && Number.isFinite(tol.rel)) ok = diff.lte(new Big(tol.rel).times(scale));
  const relDiff = scale.eq(0) ? 0 : Number(diff.div(scale));
  const allowed = Math.max(tol.abs ?? 0, (tol.rel ?? 0) * Number(scale));
  const far = Number(diff);
  const score = diff.eq(0) ? 1 : allowed > 0 && Number.isFinite(allowed) ? 1 / (1 + far / allowed) : 0;
  return { ok, absDiff: diff.toFixed(), relDiff, score };
}

/**
 * The same rule as a plain yes/no without allocating a verdict, for hot loops over table cells and
 * chart values; only differences within ~1e-12 of the allowed band take the exact decimal path.
 */
export function numbersWithin(e: Numeric, a: Numeric, tol: NumericTolerance): boolean {
  if (e === a) return true;
  if (typeof e !== 'number' || typeof a !== 'number') return compareTexts(e, a, tol).ok;
  if (!Number.isFinite(e) || !Number.isFinite(a)) return Number.isNaN(e) && Number.isNaN(a);
  const diff = Math.abs(a - e);
  const scale = Math.max(Math.abs(a), Math.abs(e));
  const allowed = Math.max(tol.abs ?? 0, (tol.rel ?? 0) * scale);
  const slack = scale * 1e-15 + allowed * 1e-12;
  if (diff < allowed - slack) return true;
  if (diff > allowed + slack) return false;
  return compareNumbers(e, a, tol).ok;
}

/** The order of two numbers, NaN last; where their doubles tie, decided from the texts. */
export function numericOrder(x: Numeric, y: Numeric): number {
  const dx = toDouble(x);
  const dy = toDouble(y);
  const nx = Number.isNaN(dx);
  const ny = Number.isNaN(dy);
  if (nx || ny) return nx === ny ? 0 : nx ? 1 : -1;
  if (dx !== dy || (typeof x === 'number' && typeof y === 'number')) return dx < dy ? -1 : dx > dy ? 1 : 0;
  const ex = decimalOf(x);
  const ey = decimalOf(y);
  return ex && ey ? ex.cmp(ey) : 0;
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
  // past a double's range (1e401 − 1e400), big.js gives the same six digits
  return Number.isFinite(n) && n !== 0
    ? `${n.toPrecision(6)}`
    : /^\d/.test(absDiff)
      ? new Big(absDiff).toPrecision(6)
      : absDiff;
}

export function formatRelDiff(rel: number): string {
  if (!Number.isFinite(rel)) return String(rel);
  if (rel === 0) return '0';
  return Number(rel.toPrecision(3)).toString();
}
