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
    label: 'image (sha256 stand-in): bare base64',
    type: 'image',
    value: Buffer.from('pixels').toString('base64'),
    changed: Buffer.from('pixelz').toString('base64'),
    changedPath: '',
    garbage: null,
  },
];
