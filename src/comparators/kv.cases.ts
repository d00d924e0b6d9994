import type { ContractCase } from './types.js';

export const contractCases: ContractCase[] = [
  {
    label: 'kv: pairs list',
    type: 'kv',
    tolerance: { abs: 1e-6 },
    value: {
      pairs: [
        { key: 'rate', value: 0.05 },
        { key: 'currency', value: 'EUR' },
        { key: 'meta', value: { years: 10 } },
      ],
    },
    changed: {
      pairs: [
        { key: 'rate', value: 0.06 },
        { key: 'currency', value: 'EUR' },
        { key: 'meta', value: { years: 10 } },
      ],
    },
    changedPath: 'rate',
    boundary: {
      expected: { pairs: [{ key: 'total', value: 16470.09 }] },
      actual: { total: 16470.085 },
      tolerance: { abs: 0.005 },
    },
    garbage: 'rate=0.05',
  },
  {
    label: 'kv: dict with nested values',
    type: 'kv',
    value: { name: 'Ada', scores: [1, 2, 3], flags: { admin: true } },
    changed: { name: 'Ada', scores: [1, 2, 3], flags: { admin: false } },
    changedPath: 'flags.admin',
    garbage: { pairs: [{ value: 1 }] },
  },
  {
    label: "kv: pairs as an object (the original Pixie's tools)",
    type: 'kv',
    value: { pairs: { 'fast MA': 20, 'slow MA': 50, status: 'done', wind_kmh: null } },
    changed: { pairs: { 'fast MA': 20, 'slow MA': 55, status: 'done', wind_kmh: null } },
    changedPath: '"slow MA"',
    boundary: {
      expected: { 'fast MA': 20, bars: 500 },
      actual: { pairs: { 'fast MA': 20, bars: 500.004 } },
      tolerance: { abs: 0.005 },
    },
    garbage: 'fast MA=20',
  },
];
