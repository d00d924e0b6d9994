// The results every comparator builds the same way: skipped, a garbage-in failure, an unknown mode.
import type { Status } from '../../model/report.js';
import type { ComparisonResult } from '../types.js';
import type { Tolerance } from '../../model/tolerance.js';

export function skipped(tolerance: Tolerance, expected: unknown, actual: unknown): ComparisonResult {
  return { status: 'skip', score: 1, metric: 'not compared', rule: 'compare: skip', expected, actual, tolerance };
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
  const message = `unknown compare mode '${mode}' (expected one of: ${[...modes, 'skip'].join(', ')})`;
  return garbageResult(message, expected, actual, tolerance, `compare: ${mode}`);
}
