// Starts loading the packages the comparators of tool.json's outputs will need (pdf.js, sharp,
// fft.js) while the tool starts, so check 12 does not wait for them.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { COMPARATORS } from '../comparators/index.js';
import { readUserFile } from '../source/user-file.js';
import type { OutputType } from '../model/manifest.js';
import { isPlainObject } from '../util/is-plain-object.js';

/** Starts loading the packages the comparators of tool.json's outputs will need, while the tool starts. */
export function warmComparators(toolDir: string): void {
  try {
    if (!existsSync(path.join(toolDir, 'reference'))) return;
    const read = readUserFile(toolDir, 'tool.json');
    const raw: unknown = read.ok ? JSON.parse(read.text.replace(/^\uFEFF/, '')) : null;
    const outputs = isPlainObject(raw) && Array.isArray(raw.outputs) ? raw.outputs : [];
    for (const o of outputs)
      if (isPlainObject(o) && typeof o.type === 'string' && Object.hasOwn(COMPARATORS, o.type))
        COMPARATORS[o.type as OutputType].warm?.(o);
  } catch {
    // only a head start: check 12 loads what it needs anyway
  }
}
