// The real-world golden set (test/cases/real, sources and licences in its README.md): images,
// PDFs and audio made by software outside pixie, each pair with the verdict a person gives it under
// the default tolerances (or the tolerance the case names) and why.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { comparatorFor } from '../src/comparators/index.js';
import { comparatorTester, resultText } from '../src/comparators/kit/comparator-tester.test-helper.js';
import { skipWithout } from '../src/comparators/optional-installed.test-helper.js';
import type { OutputType } from '../src/model/manifest.js';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cases/real');

interface RealCase {
  id: string;
  type: OutputType;
  expected: string;
  actual: string;
  tolerance: Record<string, unknown>;
  status: 'pass' | 'fail';
  message?: string;
  why: string;
}

const cases = JSON.parse(readFileSync(path.join(DIR, 'cases.json'), 'utf8')) as RealCase[];
const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', wav: 'audio/wav', pdf: 'application/pdf' };

function outputValue(file: string, type: OutputType): unknown {
  const ext = file.split('.').pop()!;
  const url = `data:${MIME[ext]};base64,${readFileSync(path.join(DIR, file)).toString('base64')}`;
  return type === 'file' ? { filename: `output.${ext}`, mime_type: MIME[ext], data: url } : url;
}

/** What judges a case: sharp for images, fft.js for audio, pdf.js (and the canvas package to render) for PDFs. */
function packagesFor(c: RealCase): string[] {
  if (c.type === 'image') return ['sharp'];
  if (c.type === 'audio') return ['fft.js'];
  return c.tolerance.pdf_compare === 'visual' ? ['pdfjs-dist', '@napi-rs/canvas'] : ['pdfjs-dist'];
}

describe('real-world golden set (test/cases/real/cases.json)', () => {
  it('names files that exist, a why for every case, both verdicts for every type', () => {
    for (const c of cases) {
      expect(c.why.length, c.id).toBeGreaterThan(10);
      for (const f of [c.expected, c.actual]) expect(() => readFileSync(path.join(DIR, f)), f).not.toThrow();
    }
    for (const type of ['image', 'file', 'audio'])
      expect(new Set(cases.filter((c) => c.type === type).map((c) => c.status))).toEqual(new Set(['pass', 'fail']));
  });

  it.for(cases.map((c) => [`${c.id} → ${c.status}`, c] as const))('%s', async ([_title, c], ctx) => {
    skipWithout(ctx, ...packagesFor(c));
    const tester = comparatorTester(comparatorFor(c.type), { key: 'output', defaults: 'merge' });
    const r = await tester.compareAsync(
      outputValue(c.expected, c.type),
      outputValue(c.actual, c.type),
      c.tolerance,
      c.type,
    );
    expect(r.status, `${c.why}\n${resultText(r)}`).toBe(c.status);
    expect(r.degraded).toBeUndefined();
    if (c.message) expect(resultText(r)).toContain(c.message);
    if (c.status === 'fail') expect(r.differences?.length, resultText(r)).toBeGreaterThan(0);
  });
});
