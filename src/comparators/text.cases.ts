import type { ContractCase } from './types.js';

const report = '# Summary\n\nTotal: 16470.09\nRate:  5 %\n';

export const contractCases: ContractCase[] = [
  {
    label: 'text: exact',
    type: 'text',
    value: 'Hello, world\nsecond line',
    changed: 'Hello, world\nsecond lane',
    changedPath: 'line 2',
    boundary: {
      expected: 'abcdefghij',
      actual: 'abcdefghiX',
      tolerance: { compare: 'levenshtein', min_similarity: 0.9 },
    },
    garbage: 42,
  },
  {
    label: 'markdown: whitespace-normalised by default',
    type: 'markdown',
    tolerance: { compare: 'normalize_whitespace' },
    value: report,
    changed: report.replace('16470.09', '16470.19'),
    changedPath: 'line 3',
    boundary: {
      expected: report,
      actual: `\n${report.replace('Rate:  5', 'Rate:\t5')}   \n\n`,
      tolerance: { compare: 'normalize_whitespace' },
    },
    garbage: { value: ['not', 'text'] },
  },
  {
    label: 'code: json mode with numeric tolerance',
    type: 'code',
    tolerance: { compare: 'json', abs: 0.005 },
    value: '{"total": 16470.09, "items": [1, 2]}',
    changed: '{"total": 16470.09, "items": [1, 3]}',
    changedPath: 'items[1]',
    boundary: {
      expected: '{"total": 16470.09}',
      actual: '{ "total": 16470.085 }',
      tolerance: { compare: 'json', abs: 0.005 },
    },
    garbage: 'not json {',
  },
  {
    label: 'latex: exact is exact',
    type: 'latex',
    tolerance: { compare: 'exact' },
    value: '\\frac{a}{b}\\,x',
    changed: '\\frac{a}{c}\\,x',
    changedPath: 'line 1',
    boundary: {
      expected: '\\frac{a}{b}\\,x',
      actual: '\\frac{a}{b} x',
      tolerance: { compare: 'normalize_whitespace' },
    },
    garbage: null,
  },
  {
    label: 'stream_text: regex',
    type: 'stream_text',
    tolerance: { compare: 'regex' },
    value: 'Finished: ok',
    changed: 'Failed: timeout',
    changedPath: '',
    garbage: 7,
  },
];
