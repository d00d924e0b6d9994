// Compares two different golden PNGs and prints the comparison as JSON (run by image.test.ts
// under block-sharp.mjs, so sharp cannot be loaded).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { imageComparator } from '../../../src/comparators/image/image.js';

const dir = path.dirname(fileURLToPath(import.meta.url));
const url = (f: string) => `data:image/png;base64,${readFileSync(path.join(dir, f)).toString('base64')}`;
const result = await imageComparator.compare({
  key: 'chart', type: 'image', expected: url('07-hue-change-a.png'), actual: url('07-hue-change-b.png'), tolerance: imageComparator.defaults('image'),
});
const same = await imageComparator.compare({
  key: 'chart', type: 'image', expected: url('01-identical-a.png'), actual: url('01-identical-b.png'), tolerance: imageComparator.defaults('image'),
});
process.stdout.write(JSON.stringify({ result: { ...result, expected: undefined, actual: undefined }, same: { status: same.status, degraded: same.degraded ?? null } }));
