import { describe, expect } from 'vitest';
import { comparatorTester } from './kit/comparator-tester.test-helper.js';
import { kvComparator } from './kv.js';

const tester = comparatorTester(kvComparator, { key: 'kv', defaults: 'when-absent' });

describe('kvComparator', () => {
  const pairs = {
    pairs: [
      { key: 'rate', value: 0.05 },
      { key: 'years', value: 10 },
      { key: 'label', value: 'A' },
    ],
  };
  const dict = { rate: 0.05, years: 10, label: 'A' };

  describe('accepts pairs or dict on either side', () =>
    tester.run({
      valid: [
        { expected: pairs, actual: dict },
        { expected: dict, actual: pairs },
        { expected: pairs, actual: pairs },
        { expected: pairs.pairs, actual: dict },
        // the original Pixie's tools return {pairs: {…}}; its fixtures expect the bare dict
        { expected: dict, actual: { pairs: dict } },
        { expected: { pairs: dict }, actual: pairs },
        { expected: {}, actual: { pairs: dict }, tolerance: { allow_extra: true } },
        {
          expected: { 'fast MA': 20 },
          actual: { pairs: { 'fast MA': 20, bars: 500 } },
          tolerance: { allow_extra: true },
        },
      ],
      invalid: [
        { expected: dict, actual: { pairs: { ...dict, years: 11 } }, paths: ['years'] },
        { expected: { status: 'started' }, actual: { pairs: { state: 'started' } }, paths: ['status', 'state'] },
      ],
    }));
  describe('uses 1e-6 abs for numbers by default and the shared rule at any depth', () =>
    tester.run({
      valid: [
        { expected: { a: 1 }, actual: { a: 1.0000009 } },
        { expected: { m: { x: [1, 16470.09] } }, actual: { m: { x: [1, 16470.085] } }, tolerance: { abs: 0.005 } },
      ],
      invalid: [{ expected: { a: 1 }, actual: { a: 1.00001 } }],
    }));
  describe('reports every missing, extra and differing key', () =>
    tester.run({
      invalid: [
        {
          expected: { a: 1, b: 2, c: { d: 'x' } },
          actual: { a: 2, c: { d: 'y' }, e: 5 },
          paths: ['a', 'b', 'c.d', 'e'],
          metric: '4 of 4 keys differ',
        },
      ],
    }));
  describe('allows extra keys when asked', () =>
    tester.run({
      valid: [
        {
          expected: { a: 1 },
          actual: { a: 1, extra: true },
          tolerance: { allow_extra: true },
          metric: /1 extra key\(s\) allowed/,
        },
      ],
    }));
  describe('reports duplicate keys in a pairs list', () =>
    tester.run({
      invalid: [
        {
          expected: {
            pairs: [
              { key: 'a', value: 1 },
              { key: 'a', value: 2 },
            ],
          },
          actual: { a: 1 },
          differences: [{ message: expect.stringMatching(/duplicate key in expected pairs/) }],
        },
      ],
    }));
  describe('fails on garbage without throwing', () =>
    tester.run({
      invalid: [
        { expected: dict, actual: 'rate=1', metric: /^actual is a string/ },
        { expected: dict, actual: { pairs: [{ key: {} }] }, metric: /actual.pairs\[0\].key is an object/ },
        { expected: dict, actual: 42, tolerance: { compare: 'skip' }, status: 'skip' },
      ],
    }));
});
