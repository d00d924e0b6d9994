import { describe, expect, it } from 'vitest';
import { booleanComparator } from './boolean.js';
import type { ComparisonResult, Tolerance } from './types.js';

const run = (expected: unknown, actual: unknown, tolerance: Tolerance = {}) =>
  booleanComparator.compare({ key: 'b', type: 'boolean', expected, actual, tolerance }) as ComparisonResult;

describe('booleanComparator', () => {
  it('compares real booleans exactly, unwrapping {value}', () => {
    expect(run(true, true).status).toBe('pass');
    expect(run({ value: false }, false).status).toBe('pass');
    const r = run(true, { value: false, true_label: 'yes' });
    expect(r.status).toBe('fail');
    expect(r.differences![0]).toMatchObject({ path: '', message: 'expected true, got false' });
  });
  it('refuses 0/1 and suggests true/false', () => {
    expect(run(true, 1).metric).toBe('actual is the number 1, not a boolean; return true instead');
    expect(run(false, 0).metric).toBe('actual is the number 0, not a boolean; return false instead');
    expect(run(1, true).metric).toMatch(/^expected is the number 1/);
  });
  it('refuses other values without throwing, and skips', () => {
    expect(run(true, 'true').status).toBe('fail');
    expect(run(true, null).metric).toBe('actual is null, expected a boolean (true or false)');
    expect(run(true, 'x', { compare: 'skip' }).status).toBe('skip');
  });
});
