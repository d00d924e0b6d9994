import type { ContractCase } from './types.js';

export const contractCases: ContractCase[] = [
  {
    label: 'number: a bare value',
    type: 'number',
    value: 16470.09,
    changed: 16500,
    changedPath: '',
    boundary: { expected: 16470.09, actual: 16470.085, tolerance: { abs: 0.005 } },
    garbage: '16470.09',
  },
  {
    label: 'number: {value} wrapper and rel tolerance',
    type: 'number',
    tolerance: { rel: 1e-4 },
    value: { value: 1000 },
    changed: { value: 1001 },
    changedPath: '',
    boundary: { expected: { value: 1000 }, actual: 1000.1, tolerance: { rel: 1e-4 } },
    garbage: true,
  },
  {
    label: 'number: NaN equals NaN',
    type: 'number',
    value: Number.NaN,
    changed: 0,
    changedPath: '',
    garbage: { amount: 1 },
  },
];
