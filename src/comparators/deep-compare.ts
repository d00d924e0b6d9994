// Structural comparison of JSON values that lists every difference by path. Numbers use the shared
// numeric rule at any depth (the top request in snapshot tools: never fall back to string equality).
import type { Difference } from '../report/model.js';
import { compareNumbers, type NumericTolerance } from './numeric-tolerance.js';

export function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function joinPath(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  const safe = /^[A-Za-z_$][\w$-]*$/.test(key) ? key : JSON.stringify(key);
  return base ? (safe.startsWith('"') ? `${base}[${safe}]` : `${base}.${safe}`) : safe;
}

/**
 * Every difference between two JSON values. `tol` applies to numbers (omit it for exact numbers).
 * Arrays compare by index; objects by key (missing and extra keys both reported).
 */
export function deepCompare(expected: unknown, actual: unknown, path = '', tol: NumericTolerance = {}, out: Difference[] = []): Difference[] {
  if (typeof expected === 'number' && typeof actual === 'number') {
    const v = compareNumbers(expected, actual, tol);
    if (!v.ok) out.push({ path, message: `expected ${expected}, got ${actual} (abs diff ${v.absDiff})`, expected, actual });
    return out;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const n = Math.max(expected.length, actual.length);
    for (let i = 0; i < n; i++) {
      const p = joinPath(path, i);
      if (i >= actual.length) out.push({ path: p, message: 'missing in actual', expected: expected[i] });
      else if (i >= expected.length) out.push({ path: p, message: 'not expected (extra in actual)', actual: actual[i] });
      else deepCompare(expected[i], actual[i], p, tol, out);
    }
    return out;
  }
  if (isPlainObject(expected) && isPlainObject(actual)) {
    for (const k of Object.keys(expected)) {
      const p = joinPath(path, k);
      if (!Object.hasOwn(actual, k)) out.push({ path: p, message: 'missing in actual', expected: expected[k] });
      else deepCompare(expected[k], actual[k], p, tol, out);
    }
    for (const k of Object.keys(actual)) {
      if (!Object.hasOwn(expected, k)) out.push({ path: joinPath(path, k), message: 'not expected (extra in actual)', actual: actual[k] });
    }
    return out;
  }
  if (typeName(expected) !== typeName(actual)) {
    out.push({ path, message: `expected ${typeName(expected)}, got ${typeName(actual)}`, expected, actual });
  } else if (expected !== actual) {
    out.push({ path, message: `expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`, expected, actual });
  }
  return out;
}
