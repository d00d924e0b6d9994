import type { ContractCase } from './types.js';

const png = (body: string): string => `data:image/png;base64,${Buffer.from(body).toString('base64')}`;

export const contractCases: ContractCase[] = [
  {
    label: 'video: data URL',
    type: 'video',
    value: { value: png('frame-1') },
    changed: { value: png('frame-2') },
    changedPath: '',
    garbage: null,
  },
  { label: 'progress: number', type: 'progress', value: 0.75, changed: 0.5, changedPath: '', garbage: undefined },
  {
    // a 1×1 red and a 1×1 blue PNG: identical bytes pass only when they read as an image
    label: 'image (sha256 stand-in): bare base64',
    type: 'image',
    value:
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADUlEQVQImWM4ISf3HwAEugIEHAAUUwAAAABJRU5ErkJggg==',
    changed:
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADUlEQVQImWOQkzvxHwADZgIEkZ1T3gAAAABJRU5ErkJggg==',
    changedPath: '',
    garbage: null,
  },
];
