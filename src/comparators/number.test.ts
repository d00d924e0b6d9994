import { describe, expect, it } from 'vitest';
import { numberComparator } from './number.js';
import type { Tolerance } from './types.js';

const run = (expected: unknown, actual: unknown, tolerance: Tolerance = numberComparator.defaults('number')) =>
  numberComparator.compare({ key: 'x', type: 'number', expected, actual, tolerance }) as ReturnType<typeof numberComparator.compare> & { status: string; metric: string; rule: string; differences: { path: string; message: string }[] };

describe('numberComparator', () => {
  it('passes a difference equal to abs as written (16470.09 vs 16470.085, abs 0.005)', () => {
    const r = run(16470.09, 16470.085, { abs: 0.005 });
    expect(r.status).toBe('pass');
    expect(r.metric).toMatch(/^abs diff 0\.005, rel diff /);
    expect(r.rule).toBe('abs 0.005');
  });
  it('fails past the tolerance and names the rule', () => {
    const r = run(6470.09, 6469.5, { abs: 0.005, rel: 1e-5 });
    expect(r.status).toBe('fail');
    expect(r.differences[0]!.message).toBe('expected 6470.09, got 6469.5 (abs diff 0.59) exceeds abs 0.005 or rel 0.00001');
    // SPEC §3's sample line marks this pair ✗ under "abs 0.005 or rel 1e-4", but 0.59 ≤ 1e-4 × 6470.09
    expect(run(6470.09, 6469.5, { abs: 0.005, rel: 1e-4 }).status).toBe('pass');
  });
  it('applies the SPEC default of 1e-6 abs OR 1e-4 rel', () => {
    expect(numberComparator.defaults('number')).toMatchObject({ abs: 1e-6, rel: 1e-4 });
    expect(run(1000, 1000.1).status).toBe('pass');
    expect(run(1000, 1000.2).status).toBe('fail');
    expect(run(0, 1e-6).status).toBe('pass');
  });
  it('unwraps {value} on both sides', () => {
    expect(run({ value: 3 }, 3).status).toBe('pass');
    expect(run(3, { value: 3, format: 'currency' }).status).toBe('pass');
  });
  it('treats NaN as equal to NaN and to nothing else', () => {
    expect(run(NaN, NaN).status).toBe('pass');
    expect(run(NaN, 0, { abs: 1e9 }).status).toBe('fail');
  });
  it('refuses booleans and numeric strings with a clear message, never throwing', () => {
    expect(run(1, true).metric).toBe('actual is a boolean (true); a boolean is not a number');
    expect(run(1, '1').metric).toMatch(/actual is the string "1", not a number/);
    expect(run('2', 2).metric).toMatch(/^expected is the string "2"/);
    expect(run(1, null).metric).toBe('actual is null, expected a number');
    expect(run(1, undefined).status).toBe('fail');
  });
  it('supports exact mode and rejects unknown modes', () => {
    expect(run(1, 1.0000001, { compare: 'exact', abs: 1 }).status).toBe('fail');
    expect(run(1, 1, { compare: 'numeric_isclose' }).status).toBe('pass');
    expect(run(1, 1, { compare: 'fuzzy' }).metric).toMatch(/unknown compare mode 'fuzzy'/);
  });
  it('skips without failing', () => {
    expect(run(1, 'garbage', { compare: 'skip' }).status).toBe('skip');
  });
  it('keeps the metric short for extreme values', () => {
    expect(run(1e300, 1e-300).metric.length).toBeLessThan(60);
  });
});
