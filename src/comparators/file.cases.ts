import type { ContractCase } from './types.js';

const b64 = (s: string): string => Buffer.from(s).toString('base64');
const csv = (body: string) => ({ filename: 'ledger.csv', mime_type: 'text/csv', data: b64(body) });

export const contractCases: ContractCase[] = [
  {
    label: 'file: CSV as a numeric table',
    type: 'file',
    tolerance: { abs: 1e-6 },
    value: csv('year,amount,note\n2024,100.50,"a, b"\n2025,200,c\n'),
    changed: csv('year,amount,note\n2024,101.50,"a, b"\n2025,200,c\n'),
    changedPath: 'content.rows[0].amount',
    boundary: {
      expected: csv('year,amount\n2024,16470.09\n2025,1.0\n'),
      actual: {
        filename: 'ledger.csv',
        data: `data:text/csv;base64,${b64('year,amount\r\n2024,16470.085\r\n2025,1\r\n')}`,
      },
      tolerance: { abs: 0.005 },
    },
    garbage: 42,
  },
  {
    label: 'file: JSON structural',
    type: 'file',
    value: { filename: 'out.json', mime_type: 'application/json', data: b64('{"total": 16470.09, "ok": true}') },
    changed: { filename: 'out.json', mime_type: 'application/json', data: b64('{"total": 16470.09, "ok": false}') },
    changedPath: 'content.ok',
    boundary: {
      expected: { filename: 'out.json', mime_type: 'application/json', data: b64('{"total": 16470.09}') },
      actual: {
        filename: 'out.json',
        mime_type: 'application/json; charset=utf-8',
        data: b64('{\n  "total": 16470.085\n}'),
      },
      tolerance: { abs: 0.005 },
    },
    garbage: { filename: 'out.json', mime_type: 'application/json' },
  },
  {
    label: 'file: binary by size + SHA-256',
    type: 'file',
    value: { filename: 'blob.bin', mime_type: 'application/octet-stream', data: b64('\u0000\u0001binary') },
    changed: { filename: 'blob.bin', mime_type: 'application/octet-stream', data: b64('\u0000\u0002binary') },
    changedPath: 'content',
    garbage: ['not', 'a', 'file'],
  },
];
