// Numbers and booleans: both values side by side and, for two numbers, the signed and relative difference.
import type { OutputComparison } from '../../model/report.js';
import { unwrapScalar } from './values.js';

export interface ScalarBody {
  kind: 'scalar';
  expected: unknown;
  actual: unknown;
  /** actual − expected, and its size relative to the larger magnitude; null unless both are numbers */
  difference: { signed: number; relative: number } | null;
}

export function scalarBody(o: OutputComparison): ScalarBody {
  const expected = unwrapScalar(o.expected);
  const actual = unwrapScalar(o.actual);
  let difference: ScalarBody['difference'] = null;
  // two doubles only: a NaN, an infinity or a number kept as its text has no difference to show
  if (
    typeof expected === 'number' &&
    typeof actual === 'number' &&
    Number.isFinite(expected) &&
    Number.isFinite(actual)
  ) {
    const signed = actual - expected;
    const scale = Math.max(Math.abs(actual), Math.abs(expected));
    difference = { signed, relative: scale > 0 ? Math.abs(signed) / scale : 0 };
  }
  return { kind: 'scalar', expected, actual, difference };
}
