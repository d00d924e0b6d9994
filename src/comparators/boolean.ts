// The boolean comparator: real JSON booleans only, compared exactly. 0/1 are refused with a hint,
// because a tool returning 1 for true is a contract drift the author should see.
import type { OutputType } from '../model/manifest.js';
import { garbageResult, skipped, unknownModeResult } from './kit/result.js';
import { describeValue, unwrapValue } from './kit/value.js';
import type { Comparator, ComparisonResult } from './types.js';
import type { Tolerance } from '../model/tolerance.js';

const BOOLEAN_MODES = ['exact'] as const;

function notABoolean(side: 'expected' | 'actual', v: unknown): string | null {
  if (typeof v === 'boolean') return null;
  if (v === 0 || v === 1)
    return `${side} is the number ${v}, not a boolean; return ${v === 1 ? 'true' : 'false'} instead`;
  if (v === 'true' || v === 'false') return `${side} is the string "${v}", not a boolean; return ${v} without quotes`;
  return `${side} is ${describeValue(v)}, expected a boolean (true or false)`;
}

export const booleanComparator: Comparator = {
  name: 'boolean',
  types: ['boolean'],
  modes: BOOLEAN_MODES,
  options: {},
  defaults(_type: OutputType): Tolerance {
    return { compare: 'exact' };
  },
  compare({ expected, actual, tolerance }): ComparisonResult {
    const mode = tolerance.compare ?? 'exact';
    if (mode === 'skip') return skipped(tolerance, expected, actual);
    if (mode !== 'exact') return unknownModeResult(mode, BOOLEAN_MODES, expected, actual, tolerance);
    const rule = 'exact';
    const e = unwrapValue(expected);
    const a = unwrapValue(actual);
    const problem = notABoolean('expected', e) ?? notABoolean('actual', a);
    if (problem) return garbageResult(problem, expected, actual, tolerance, rule);
    const ok = e === a;
    return {
      status: ok ? 'pass' : 'fail',
      score: ok ? 1 : 0,
      metric: ok ? `both ${String(a)}` : `expected ${String(e)}, got ${String(a)}`,
      rule,
      expected,
      actual,
      tolerance,
      differences: ok
        ? []
        : [{ path: '', message: `expected ${String(e)}, got ${String(a)}`, kind: 'changed', expected: e, actual: a }],
    };
  },
};
