import { describe, expect, it } from 'vitest';
import { compareNumbers, describeNumericTolerance } from './numeric-tolerance.js';

describe('compareNumbers', () => {
  it('passes a difference equal to the tolerance as written (the boundary as written)', () => {
    const v = compareNumbers(16470.09, 16470.085, { abs: 0.005 });
    expect(v.ok).toBe(true);
    expect(v.absDiff).toBe('0.005');
  });
  it('fails just past the tolerance', () => {
    expect(compareNumbers(16470.09, 16470.0849, { abs: 0.005 }).ok).toBe(false);
  });
  it('uses abs OR rel', () => {
    expect(compareNumbers(1000, 1000.1, { abs: 0.01, rel: 1e-4 }).ok).toBe(true);
    expect(compareNumbers(1000, 1000.2, { abs: 0.01, rel: 1e-4 }).ok).toBe(false);
  });
  it('treats NaN as equal to NaN only', () => {
    expect(compareNumbers(NaN, NaN, {}).ok).toBe(true);
    expect(compareNumbers(NaN, 1, { abs: 10 }).ok).toBe(false);
  });
  it('handles exponents and infinities', () => {
    expect(compareNumbers(1e-7, 2e-7, { abs: 1e-7 }).ok).toBe(true);
    expect(compareNumbers(1.5e21, 1.5e21, {}).ok).toBe(true);
    expect(compareNumbers(Infinity, Infinity, {}).ok).toBe(true);
    expect(compareNumbers(Infinity, -Infinity, { rel: 1 }).ok).toBe(false);
  });
  it('describes the rule', () => {
    expect(describeNumericTolerance({ abs: 1e-6, rel: 1e-4 })).toBe('abs 0.000001 or rel 0.0001');
  });
});
