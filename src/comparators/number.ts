// The number comparator: |a − e| ≤ abs OR ≤ rel × max(|a|, |e|), decided in exact decimal at the
// boundary so a tolerance holds as written (kit/numeric-tolerance.ts).
import type { OutputType } from '../tool/manifest-types.js';
import type { Difference } from '../report/model.js';
import {
  compareNumbers,
  describeNumericTolerance,
  formatAbsDiff,
  formatRelDiff,
  numericTolerance,
  type NumericTolerance,
} from './kit/numeric-tolerance.js';
import { garbageResult, skipped, unknownModeResult } from './kit/result.js';
import { describeValue, shortJson, unwrapValue } from './kit/value.js';
import type { Comparator, ComparisonResult, Tolerance } from './types.js';

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
    if (!(NUMBER_MODES as readonly string[]).includes(mode))
      return unknownModeResult(mode, NUMBER_MODES, expected, actual, tolerance);
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
        kind: 'changed',
        expected: e,
        actual: a,
      });
    }
    return { status: v.ok ? 'pass' : 'fail', score: v.score, metric, rule, expected, actual, tolerance, differences };
  },
};
