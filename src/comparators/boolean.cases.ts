import type { ContractCase } from './types.js';

export const contractCases: ContractCase[] = [
  { label: 'boolean: bare', type: 'boolean', value: true, changed: false, changedPath: '', garbage: 1 },
  {
    label: 'boolean: {value} wrapper',
    type: 'boolean',
    value: { value: false },
    changed: { value: true },
    changedPath: '',
    garbage: 'false',
  },
];
