// The results every comparator builds the same way: skipped, a garbage-in failure, an unknown mode.
import type { Status } from '../../model/report.js';
import type { ComparisonResult } from '../types.js';
import type { Tolerance } from '../../model/tolerance.js';
import type { MessageTable } from '../../util/message-table.js';

export const messages = {
  notCompared: () => 'not compared',
  skipRule: () => 'compare: skip',
  unknownMode: (mode: string, modes: readonly string[]) =>
    `unknown compare mode '${mode}' (expected one of: ${[...modes, 'skip'].join(', ')})`,
  modeRule: (mode: string) => `compare: ${mode}`,
} satisfies MessageTable;

export function skipped(tolerance: Tolerance, expected: unknown, actual: unknown): ComparisonResult {
  return {
    status: 'skip',
    score: 1,
    metric: messages.notCompared(),
    rule: messages.skipRule(),
    expected,
    actual,
    tolerance,
  };
}

export function statusFrom(ok: boolean): Status {
  return ok ? 'pass' : 'fail';
}

/** A `fail` for values the comparator cannot work with (never a throw). */
export function garbageResult(
  message: string,
  expected: unknown,
  actual: unknown,
  tolerance: Tolerance,
  rule: string,
): ComparisonResult {
  return {
    status: 'fail',
    score: 0,
    metric: message,
    rule,
    expected,
    actual,
    tolerance,
    differences: [{ path: '', message, expected, actual }],
  };
}

export function unknownModeResult(
  mode: string,
  modes: readonly string[],
  expected: unknown,
  actual: unknown,
  tolerance: Tolerance,
): ComparisonResult {
  return garbageResult(messages.unknownMode(mode, modes), expected, actual, tolerance, messages.modeRule(mode));
}
