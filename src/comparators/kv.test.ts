import { describe, expect, it } from 'vitest';
import { kvComparator } from './kv.js';
import type { ComparisonResult, Tolerance } from './types.js';

const run = (expected: unknown, actual: unknown, tolerance: Tolerance = kvComparator.defaults('kv')) =>
  kvComparator.compare({ key: 'kv', type: 'kv', expected, actual, tolerance }) as ComparisonResult;
const paths = (r: ComparisonResult) => r.differences!.map((d) => d.path);

describe('kvComparator', () => {
  const pairs = { pairs: [{ key: 'rate', value: 0.05 }, { key: 'years', value: 10 }, { key: 'label', value: 'A' }] };
  const dict = { rate: 0.05, years: 10, label: 'A' };

  it('accepts pairs or dict on either side (anchor bug B3)', () => {
    expect(run(pairs, dict).status).toBe('pass');
    expect(run(dict, pairs).status).toBe('pass');
    expect(run(pairs, pairs).status).toBe('pass');
    expect(run(pairs.pairs, dict).status).toBe('pass');
  });
  it('uses 1e-6 abs for numbers by default and the shared rule at any depth', () => {
    expect(run({ a: 1 }, { a: 1.0000009 }).status).toBe('pass');
    expect(run({ a: 1 }, { a: 1.00001 }).status).toBe('fail');
    expect(run({ m: { x: [1, 16470.09] } }, { m: { x: [1, 16470.085] } }, { abs: 0.005 }).status).toBe('pass');
  });
  it('reports every missing, extra and differing key', () => {
    const r = run({ a: 1, b: 2, c: { d: 'x' } }, { a: 2, c: { d: 'y' }, e: 5 });
    expect(r.status).toBe('fail');
    expect(paths(r).sort()).toEqual(['a', 'b', 'c.d', 'e']);
    expect(r.metric).toBe('4 of 4 keys differ');
  });
  it('allows extra keys when asked', () => {
    const r = run({ a: 1 }, { a: 1, extra: true }, { allow_extra: true });
    expect(r.status).toBe('pass');
    expect(r.metric).toMatch(/1 extra key\(s\) allowed/);
  });
  it('reports duplicate keys in a pairs list', () => {
    const r = run({ pairs: [{ key: 'a', value: 1 }, { key: 'a', value: 2 }] }, { a: 1 });
    expect(r.status).toBe('fail');
    expect(r.differences![0]!.message).toMatch(/duplicate key in expected pairs/);
  });
  it('fails on garbage without throwing', () => {
    expect(run(dict, 'rate=1').metric).toMatch(/^actual is a string/);
    expect(run(dict, { pairs: [{ key: {} }] }).metric).toMatch(/actual.pairs\[0\].key is an object/);
    expect(run(dict, 42, { compare: 'skip' }).status).toBe('skip');
  });
});
