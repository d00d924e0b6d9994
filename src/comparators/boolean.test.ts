import { describe } from 'vitest';
import { booleanComparator } from './boolean.js';
import { comparatorTester } from './kit/comparator-tester.test-helper.js';

const tester = comparatorTester(booleanComparator, { key: 'b', defaults: 'never' });

describe('booleanComparator', () => {
  describe('compares real booleans exactly, unwrapping {value}', () =>
    tester.run({
      valid: [
        { expected: true, actual: true },
        { expected: { value: false }, actual: false },
      ],
      invalid: [
        {
          expected: true,
          actual: { value: false, true_label: 'yes' },
          differences: [{ path: '', message: 'expected true, got false' }],
        },
      ],
    }));
  describe('refuses 0/1 and suggests true/false', () =>
    tester.run({
      invalid: [
        { expected: true, actual: 1, metric: 'actual is the number 1, not a boolean; return true instead' },
        { expected: false, actual: 0, metric: 'actual is the number 0, not a boolean; return false instead' },
        { expected: 1, actual: true, metric: /^expected is the number 1/ },
      ],
    }));
  describe('refuses other values without throwing, and skips', () =>
    tester.run({
      invalid: [
        { expected: true, actual: 'true' },
        { expected: true, actual: null, metric: 'actual is null, expected a boolean (true or false)' },
        { expected: true, actual: 'x', tolerance: { compare: 'skip' }, status: 'skip' },
      ],
    }));
});
