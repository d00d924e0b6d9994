// Structural comparison of JSON values that lists every difference by path. Numbers use the shared
// numeric rule at any depth (never a fallback to string equality).
import type { Difference } from '../../model/report.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { isNumeric, type Numeric } from '../../util/json-number.js';
import { compareNumbers, type NumericTolerance } from './numeric-tolerance.js';
import { joinPath } from './paths.js';
import { shortJson, typeName } from './value.js';
import type { MessageTable } from '../../util/message-table.js';
import { visiblePair } from '../../util/visible-text.js';

export const messages = {
  numbersDiffer: (expected: Numeric, actual: Numeric, absDiff: string) =>
    `expected ${expected}, got ${actual} (abs diff ${absDiff})`,
  missing: () => 'missing in actual',
  extra: () => 'not expected (extra in actual)',
  typesDiffer: (expected: unknown, actual: unknown) => `expected ${typeName(expected)}, got ${typeName(actual)}`,
  valuesDiffer: (expected: unknown, actual: unknown) => {
    const [e, a] =
      typeof expected === 'string' && typeof actual === 'string'
        ? visiblePair(expected, actual)
        : [shortJson(expected), shortJson(actual)];
    return `expected ${e}, got ${a}`;
  },
} satisfies MessageTable;

/**
 * Every difference between two JSON values. `tol` applies to numbers (omit it for exact numbers).
 * Arrays compare by index; objects by key (missing and extra keys both reported).
 */
export function deepCompare(
  expected: unknown,
  actual: unknown,
  path = '',
  tol: NumericTolerance = {},
  out: Difference[] = [],
): Difference[] {
  if (isNumeric(expected) && isNumeric(actual)) {
    const v = compareNumbers(expected, actual, tol);
    if (!v.ok)
      out.push({
        path,
        message: messages.numbersDiffer(expected, actual, v.absDiff),
        kind: 'changed',
        expected,
        actual,
      });
    return out;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const n = Math.max(expected.length, actual.length);
    for (let i = 0; i < n; i++) {
      const p = joinPath(path, i);
      if (i >= actual.length)
        out.push({ path: p, message: messages.missing(), kind: 'missing', expected: expected[i] });
      else if (i >= expected.length) out.push({ path: p, message: messages.extra(), kind: 'extra', actual: actual[i] });
      else deepCompare(expected[i], actual[i], p, tol, out);
    }
    return out;
  }
  if (isPlainObject(expected) && isPlainObject(actual)) {
    for (const k of Object.keys(expected)) {
      const p = joinPath(path, k);
      if (!Object.hasOwn(actual, k))
        out.push({ path: p, message: messages.missing(), kind: 'missing', expected: expected[k] });
      else deepCompare(expected[k], actual[k], p, tol, out);
    }
    for (const k of Object.keys(actual)) {
      if (!Object.hasOwn(expected, k))
        out.push({
          path: joinPath(path, k),
          message: messages.extra(),
          kind: 'extra',
          actual: actual[k],
        });
    }
    return out;
  }
  if (typeName(expected) !== typeName(actual)) {
    out.push({
      path,
      message: messages.typesDiffer(expected, actual),
      kind: 'changed',
      expected,
      actual,
    });
  } else if (expected !== actual) {
    out.push({
      path,
      message: messages.valuesDiffer(expected, actual),
      kind: 'changed',
      expected,
      actual,
    });
  }
  return out;
}
