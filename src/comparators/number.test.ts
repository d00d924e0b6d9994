import { describe, expect, it } from 'vitest';
import { comparatorTester } from './kit/comparator-tester.test-helper.js';
import { numberComparator } from './number.js';
import { JsonNumber } from '../util/json-number.js';

const tester = comparatorTester(numberComparator, { key: 'x', defaults: 'when-absent' });

describe('numberComparator', () => {
  describe('passes a difference equal to abs as written (16470.09 vs 16470.085, abs 0.005)', () =>
    tester.run({
      valid: [
        {
          expected: 16470.09,
          actual: 16470.085,
          tolerance: { abs: 0.005 },
          metric: /^abs diff 0\.005, rel diff /,
          rule: 'abs 0.005',
        },
      ],
    }));
  describe('fails past the tolerance and names the rule', () =>
    tester.run({
      invalid: [
        {
          expected: 6470.09,
          actual: 6469.5,
          tolerance: { abs: 0.005, rel: 1e-5 },
          differences: [{ message: 'expected 6470.09, got 6469.5 (abs diff 0.59) exceeds abs 0.005 or rel 0.00001' }],
        },
      ],
      // the same pair passes under rel 1e-4: 0.59 ≤ 1e-4 × 6470.09
      valid: [{ expected: 6470.09, actual: 6469.5, tolerance: { abs: 0.005, rel: 1e-4 } }],
    }));
  describe('applies the default of 1e-6 abs OR 1e-4 rel', () => {
    it('has those defaults', () => expect(numberComparator.defaults('number')).toMatchObject({ abs: 1e-6, rel: 1e-4 }));
    tester.run({
      valid: [
        { expected: 1000, actual: 1000.1 },
        { expected: 0, actual: 1e-6 },
      ],
      invalid: [{ expected: 1000, actual: 1000.2 }],
    });
  });
  describe('unwraps {value} on both sides', () =>
    tester.run({
      valid: [
        { expected: { value: 3 }, actual: 3 },
        { expected: 3, actual: { value: 3, format: 'currency' } },
      ],
    }));
  describe('treats NaN as equal to NaN and to nothing else', () =>
    tester.run({
      valid: [{ expected: NaN, actual: NaN }],
      invalid: [{ expected: NaN, actual: 0, tolerance: { abs: 1e9 } }],
    }));
  describe('says why NaN or an infinity differs from a number, in the forms Python writes', () =>
    tester.run({
      invalid: [
        {
          expected: Number.NaN,
          actual: 0.5,
          metric: 'NaN against 0.5',
          differences: [{ message: 'expected NaN, got 0.5: NaN equals only NaN' }],
        },
        {
          expected: 0.5,
          actual: Number.NaN,
          tolerance: { abs: 1e9 },
          differences: [{ message: 'expected 0.5, got NaN: NaN equals only NaN' }],
        },
        {
          expected: Number.POSITIVE_INFINITY,
          actual: Number.NEGATIVE_INFINITY,
          tolerance: { rel: 1 },
          metric: 'Infinity against -Infinity',
          differences: [{ message: 'expected Infinity, got -Infinity: an infinity equals only the same infinity' }],
        },
        {
          expected: new JsonNumber('1e400'),
          actual: Number.POSITIVE_INFINITY,
          differences: [{ message: 'expected 1e400, got Infinity: an infinity equals only the same infinity' }],
        },
      ],
      valid: [
        { expected: Number.POSITIVE_INFINITY, actual: Number.POSITIVE_INFINITY, tolerance: { compare: 'exact' } },
        { expected: Number.NaN, actual: Number.NaN, tolerance: { compare: 'exact' } },
      ],
    }));
  describe('compares numbers a double cannot hold from their text, and prints them as written', () =>
    tester.run({
      invalid: [
        {
          // the acceptance case of issue 29: Python (and pandas check_exact) say these differ
          expected: new JsonNumber('9007199254740993'),
          actual: new JsonNumber('9007199254740992'),
          tolerance: { compare: 'exact' },
          metric: /^abs diff 1, rel diff 1\.11e-16$/,
          differences: [
            { message: 'expected 9007199254740993, got 9007199254740992 (abs diff 1) exceeds exact', path: '' },
          ],
        },
        {
          // both parse to Infinity as doubles; issue 31
          expected: new JsonNumber('1e400'),
          actual: new JsonNumber('1e401'),
          tolerance: { abs: 0 },
          differences: [{ message: 'expected 1e400, got 1e401 (abs diff 9.00000e+400) exceeds abs 0' }],
        },
        { expected: new JsonNumber('1e-400'), actual: 0, tolerance: { abs: 0 } },
        {
          expected: new JsonNumber('12345678901234567890'),
          actual: new JsonNumber('12345678901234567891'),
          tolerance: { abs: 0.5 },
        },
      ],
      valid: [
        {
          expected: new JsonNumber('9007199254740993'),
          actual: new JsonNumber('9007199254740993'),
          tolerance: { compare: 'exact' },
          metric: 'abs diff 0, rel diff 0',
        },
        // a tolerance holds in decimal: 1 off in 2^53 is within rel 1e-15
        {
          expected: new JsonNumber('9007199254740993'),
          actual: new JsonNumber('9007199254740992'),
          tolerance: { rel: 1e-15 },
        },
        { expected: new JsonNumber('1e400'), actual: new JsonNumber('1.00000000001e400'), tolerance: { rel: 1e-6 } },
        { expected: new JsonNumber('9007199254740993'), actual: { value: new JsonNumber('9007199254740993') } },
      ],
    }));
  describe('refuses booleans and numeric strings with a clear message, never throwing', () =>
    tester.run({
      invalid: [
        { expected: 1, actual: true, metric: 'actual is a boolean (true); a boolean is not a number' },
        { expected: 1, actual: '1', metric: /actual is the string "1", not a number/ },
        { expected: '2', actual: 2, metric: /^expected is the string "2"/ },
        { expected: 1, actual: null, metric: 'actual is null, expected a number' },
        { expected: 1, actual: undefined },
      ],
    }));
  describe('supports exact mode and rejects unknown modes', () =>
    tester.run({
      valid: [{ expected: 1, actual: 1, tolerance: { compare: 'numeric_isclose' } }],
      invalid: [
        { expected: 1, actual: 1.0000001, tolerance: { compare: 'exact', abs: 1 } },
        { expected: 1, actual: 1, tolerance: { compare: 'fuzzy' }, metric: /unknown compare mode 'fuzzy'/ },
      ],
    }));
  describe('skips without failing', () =>
    tester.run({
      invalid: [{ expected: 1, actual: 'garbage', tolerance: { compare: 'skip' }, status: 'skip' }],
    }));
  describe('distribution: a random output passes within sigmas × spread of the expected mean', () =>
    tester.run({
      valid: [
        {
          expected: 100,
          actual: 101.2,
          tolerance: { compare: 'distribution', spread: 1 },
          metric: '1.2 spread(s) from the mean 100',
          rule: 'within 2 × spread 1 of the mean',
        },
        { expected: 10, actual: 7, tolerance: { compare: 'distribution', spread: 1, sigmas: 3 } },
      ],
      invalid: [
        {
          expected: 100,
          actual: 97.5,
          tolerance: { compare: 'distribution', spread: 1 },
          differences: [{ message: 'got 97.5, outside [98, 102] (within 2 × spread 1 of the mean)', kind: 'changed' }],
        },
        {
          expected: 3,
          actual: 3,
          tolerance: { compare: 'distribution' },
          metric: 'compare: distribution needs spread (the standard deviation of the output across runs)',
        },
      ],
    }));
  describe('band: a random output passes between expected − below and expected + above', () =>
    tester.run({
      valid: [
        { expected: 100, actual: 90, tolerance: { compare: 'band', below: 10, above: 40 } },
        { expected: 100, actual: 140, tolerance: { compare: 'band', below: 10, above: 40 } },
      ],
      invalid: [
        {
          expected: 100,
          actual: 89.9,
          tolerance: { compare: 'band', below: 10, above: 40 },
          metric: '89.9 against the band [90, 140]',
        },
        {
          expected: 100,
          actual: 100,
          tolerance: { compare: 'band' },
          metric: /^compare: band needs below and\/or above/,
        },
        {
          expected: 100,
          actual: '100',
          tolerance: { compare: 'band', below: 1 },
          metric: /actual is the string "100"/,
        },
      ],
    }));
  it('keeps the metric short for extreme values', () => {
    expect(tester.compare(1e300, 1e-300).metric.length).toBeLessThan(60);
  });
});
