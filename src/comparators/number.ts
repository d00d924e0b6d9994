// The number comparator (SPEC §3: |a − e| ≤ abs OR ≤ rel × max(|a|, |e|), decimal-honest), plus the
// small helpers every scalar comparator shares: unwrapping `{value}`, naming a bad value, reading
// the numeric part of a tolerance, and an unknown-mode failure.
import type { OutputType } from '../tool/manifest-types.js';
import type { Difference } from '../report/model.js';
import { isPlainObject, typeName } from './deep-compare.js';
import { compareNumbers, describeNumericTolerance, type NumericTolerance } from './numeric-tolerance.js';
import { skipped, type Comparator, type ComparisonResult, type Tolerance } from './types.js';

/** Scalar outputs may arrive bare or as `{value: …}` (SPEC §1). */
export function unwrapValue(v: unknown): unknown {
  return isPlainObject(v) && 'value' in v ? v.value : v;
}

/** "a string (\"abc\")", "null", "an array" — for messages that name what was wrong. */
export function describeValue(v: unknown): string {
  const t = typeName(v);
  if (t === 'null' || t === 'undefined') return t === 'undefined' ? 'missing' : 'null';
  const article = /^[aeiou]/.test(t) ? 'an' : 'a';
  if (t === 'string') return `a string (${shortJson(v, 40)})`;
  if (t === 'number' || t === 'boolean') return `${article} ${t} (${String(v)})`;
  return `${article} ${t === 'object' ? 'object' : t}`;
}

/** JSON text of a value cut to `limit` characters, for messages (never for comparison). */
export function shortJson(v: unknown, limit = 80): string {
  let text: string;
  try {
    text = typeof v === 'number' && !Number.isFinite(v) ? String(v) : (JSON.stringify(v) ?? String(v));
  } catch {
    text = String(v);
  }
  return text.length > limit ? `${text.slice(0, Math.max(1, limit - 1))}…` : text;
}

/** The numeric part of a tolerance; non-numbers are ignored (tolerance.yaml is validated upstream). */
export function numericTolerance(tol: Tolerance): NumericTolerance {
  const out: NumericTolerance = {};
  if (typeof tol.abs === 'number' && !Number.isNaN(tol.abs)) out.abs = tol.abs;
  if (typeof tol.rel === 'number' && !Number.isNaN(tol.rel)) out.rel = tol.rel;
  return out;
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

/** A `fail` for values the comparator cannot work with (never a throw). */
export function garbageResult(message: string, expected: unknown, actual: unknown, tolerance: Tolerance, rule: string): ComparisonResult {
  return {
    status: 'fail', score: 0, metric: message, rule, expected, actual, tolerance,
    differences: [{ path: '', message, expected, actual }],
  };
}

export function unknownModeResult(mode: string, modes: readonly string[], expected: unknown, actual: unknown, tolerance: Tolerance): ComparisonResult {
  const message = `unknown compare mode '${mode}' (expected one of: ${[...modes, 'skip'].join(', ')})`;
  return garbageResult(message, expected, actual, tolerance, `compare: ${mode}`);
}

const NUMBER_MODES = ['abs_or_rel', 'numeric_isclose', 'exact'] as const;

function notANumber(side: 'expected' | 'actual', v: unknown): string | null {
  if (typeof v === 'number') return null;
  if (typeof v === 'boolean') return `${side} is a boolean (${v}); a boolean is not a number`;
  if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) {
    return `${side} is the string ${shortJson(v, 40)}, not a number; return a JSON number (numeric strings are not accepted)`;
  }
  return `${side} is ${describeValue(v)}, expected a number`;
}

export const numberComparator: Comparator = {
  name: 'number',
  types: ['number'],
  modes: NUMBER_MODES,
  options: { abs: 'number', rel: 'number' },
  defaults(_type: OutputType): Tolerance {
    return { compare: 'abs_or_rel', abs: 1e-6, rel: 1e-4 };
  },
  compare({ expected, actual, tolerance }): ComparisonResult {
    const mode = tolerance.compare ?? 'abs_or_rel';
    if (mode === 'skip') return skipped(tolerance, expected, actual);
    if (!(NUMBER_MODES as readonly string[]).includes(mode)) return unknownModeResult(mode, NUMBER_MODES, expected, actual, tolerance);
    const tol: NumericTolerance = mode === 'exact' ? {} : numericTolerance(tolerance);
    const rule = describeNumericTolerance(tol);
    const e = unwrapValue(expected);
    const a = unwrapValue(actual);
    const problem = notANumber('expected', e) ?? notANumber('actual', a);
    if (problem) return garbageResult(problem, expected, actual, tolerance, rule);
    const v = compareNumbers(e as number, a as number, tol);
    const metric = `abs diff ${formatAbsDiff(v.absDiff)}, rel diff ${formatRelDiff(v.relDiff)}`;
    const differences: Difference[] = [];
    if (!v.ok) {
      differences.push({
        path: '',
        message: `expected ${String(e)}, got ${String(a)} (abs diff ${formatAbsDiff(v.absDiff)}) exceeds ${rule}`,
        expected: e, actual: a,
      });
    }
    return { status: v.ok ? 'pass' : 'fail', score: v.score, metric, rule, expected, actual, tolerance, differences };
  },
};
