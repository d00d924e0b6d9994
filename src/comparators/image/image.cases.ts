// Contract cases for the image comparator (run by contract.test.ts and image.test.ts), built from
// the committed golden PNGs in test/cases/image/.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ContractCase } from '../types.js';

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/cases/image');
const png = (file: string): string => `data:image/png;base64,${readFileSync(path.join(DIR, file)).toString('base64')}`;

const base = png('01-identical-a.png');
const hue = png('07-hue-change-b.png');
const patched = png('15-boundary-b.png');
const corrupt = png('13-corrupt-b.png');

export const contractCases: ContractCase[] = [
  {
    label: 'image (pixel, the default)',
    type: 'image',
    value: base,
    changed: hue,
    changedPath: '',
    // 16 of 4096 pixels differ: exactly max_diff_ratio
    boundary: {
      expected: base,
      actual: patched,
      tolerance: { compare: 'pixel', max_diff_ratio: 0.00390625, antialiasing: false, max_shift: 0 },
    },
    garbage: corrupt,
  },
  {
    label: 'image_grid (per image)',
    type: 'image_grid',
    value: {
      images: [
        { value: base, label: 'first' },
        { value: patched, label: 'second' },
      ],
    },
    changed: {
      images: [
        { value: base, label: 'first' },
        { value: hue, label: 'second' },
      ],
    },
    changedPath: 'images[1]',
    boundary: {
      expected: { images: [{ value: base }] },
      actual: { images: [{ value: patched }] },
      tolerance: { compare: 'ssim_per_image', min_ssim: 0.9 },
    },
    garbage: { images: [{ value: base }, { value: 'not an image at all' }] },
  },
  {
    label: 'image_compare (before and after)',
    type: 'image_compare',
    value: { before: base, after: patched },
    changed: { before: base, after: hue },
    changedPath: 'after',
    boundary: {
      expected: { before: base, after: base },
      actual: { before: base, after: patched },
      tolerance: { compare: 'pixel', max_diff_ratio: 0.00390625, antialiasing: false, max_shift: 0 },
    },
    garbage: 'a string instead of {before, after}',
  },
];
