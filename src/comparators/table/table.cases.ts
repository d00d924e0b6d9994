import type { ContractCase } from '../types.js';

const ledger = {
  columns: [
    { key: 'year', label: 'Year' },
    { key: 'balance', label: 'Balance' },
    { key: 'note', label: 'Note' },
  ],
  rows: [
    { year: 2024, balance: 10500, note: 'opening' },
    { year: 2025, balance: 16470.09, note: 'after interest' },
  ],
};

export const contractCases: ContractCase[] = [
  {
    label: 'table: ordered rows, object rows',
    type: 'table',
    tolerance: { abs: 1e-6 },
    value: ledger,
    changed: { ...ledger, rows: [ledger.rows[0], { ...ledger.rows[1], balance: 16480 }] },
    changedPath: 'rows[1].balance',
    boundary: {
      expected: ledger,
      actual: { ...ledger, rows: [ledger.rows[0], { ...ledger.rows[1], balance: 16470.085 }] },
      tolerance: { abs: 0.005 },
    },
    garbage: 'not a table',
  },
  {
    label: 'table: unordered array rows',
    type: 'table',
    tolerance: { rows: 'unordered', abs: 0.01 },
    value: {
      columns: ['city', 'temp'],
      rows: [
        ['Oslo', 3.5],
        ['Rome', 18.25],
        ['Lima', 21],
      ],
    },
    changed: {
      columns: ['city', 'temp'],
      rows: [
        ['Lima', 21],
        ['Oslo', 3.5],
        ['Rome', 19.25],
      ],
    },
    changedPath: 'rows[1].temp',
    boundary: {
      expected: {
        columns: ['city', 'temp'],
        rows: [
          ['Oslo', 3.5],
          ['Rome', 18.25],
          ['Lima', 21],
        ],
      },
      actual: {
        columns: ['city', 'temp'],
        rows: [
          ['Lima', 21.01],
          ['Rome', 18.24],
          ['Oslo', 3.49],
        ],
      },
      tolerance: { rows: 'unordered', abs: 0.01 },
    },
    garbage: { columns: ['city', 'temp'], rows: 'Oslo,3.5' },
  },
  {
    label: 'table: keyed rows',
    type: 'table',
    tolerance: { key: ['year'] },
    value: ledger,
    changed: { ...ledger, rows: [{ ...ledger.rows[1], note: 'edited' }, ledger.rows[0]] },
    changedPath: 'rows[key=2025].note',
    garbage: { columns: ['year'], rows: [2024, 2025] },
  },
];
