// The boolean comparator: real JSON booleans only, compared exactly. 0/1 are refused with a hint,
// because a tool returning 1 for true is a contract drift the author should see.
import type { OutputType } from '../model/manifest.js';
import { garbageResult, skipped, unknownModeResult } from './kit/result.js';
import { describeValue, unwrapValue } from './kit/value.js';
import type { Comparator, ComparisonResult } from './types.js';
import type { Tolerance } from '../model/tolerance.js';
import type { MessageTable } from '../util/message-table.js';

const BOOLEAN_MODES = ['exact'] as const;

type Side = 'expected' | 'actual';

const messages = {
  aNumber: (side: Side, v: 0 | 1) =>
    `${side} is the number ${v}, not a boolean; return ${v === 1 ? 'true' : 'false'} instead`,
  aString: (side: Side, v: 'true' | 'false') =>
    `${side} is the string "${v}", not a boolean; return ${v} without quotes`,
  notABoolean: (side: Side, v: unknown) => `${side} is ${describeValue(v)}, expected a boolean (true or false)`,
  same: (v: boolean) => `both ${String(v)}`,
  differ: (e: boolean, a: boolean) => `expected ${String(e)}, got ${String(a)}`,
} satisfies MessageTable;

function notABoolean(side: Side, v: unknown): string | null {
  if (typeof v === 'boolean') return null;
  if (v === 0 || v === 1) return messages.aNumber(side, v);
  if (v === 'true' || v === 'false') return messages.aString(side, v);
  return messages.notABoolean(side, v);
}

export const booleanComparator: Comparator = {
  name: 'boolean',
  types: ['boolean'],
  modes: BOOLEAN_MODES,
  options: {},
  messages,
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
    const [eb, ab] = [e as boolean, a as boolean];
    const ok = eb === ab;
    return {
      status: ok ? 'pass' : 'fail',
      score: ok ? 1 : 0,
      metric: ok ? messages.same(ab) : messages.differ(eb, ab),
      rule,
      expected,
      actual,
      tolerance,
      differences: ok ? [] : [{ path: '', message: messages.differ(eb, ab), kind: 'changed', expected: e, actual: a }],
    };
  },
};
