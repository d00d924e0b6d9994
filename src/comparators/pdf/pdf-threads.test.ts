import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { comparePdf } from './pdf.js';
import { acquirePdfThreads, type PdfThreadPool } from './pdf-threads.js';
import type { PdfjsLike } from './pdfjs.js';

// real PDFs (test/cases/real/README.md: pages of the camlidl manual from Debian's camlidl-doc,
// LGPL-2+, resaved by Ghostscript and qpdf, with a word or the title changed; forms drawn by ReportLab)
const real = (name: string): Buffer => readFileSync(new URL(`../../../test/cases/real/pdf/${name}`, import.meta.url));

const onThreads = { readingThreads: (pdfjs: PdfjsLike) => acquirePdfThreads(pdfjs) };
const inProcess = { readingThreads: () => null };

describe('reading PDFs on threads (pdf-threads.ts)', () => {
  it('gives the verdict, metric and differences that reading in-process gives, on real PDFs', async () => {
    for (const [e, a, tolerance] of [
      ['camlidl.pdf', 'camlidl-word.pdf', {}],
      ['camlidl.pdf', 'camlidl-gs.pdf', {}],
      ['camlidl.pdf', 'camlidl-title.pdf', { pdf_compare: 'metadata' }],
      ['form-alice.pdf', 'form-bob.pdf', {}],
      ['camlidl.pdf', 'camlidl-qpdf.pdf', { pdf_compare: 'page_count' }],
    ] as const) {
      const threaded = await comparePdf(real(e), real(a), tolerance, onThreads);
      const here = await comparePdf(real(e), real(a), tolerance, inProcess);
      expect(threaded.status, `${e} vs ${a}`).toBe(here.status);
      expect(threaded.metric).toBe(here.metric);
      expect(threaded.differences).toEqual(here.differences);
    }
    const changed = await comparePdf(real('camlidl.pdf'), real('camlidl-word.pdf'), {}, onThreads);
    expect(changed.status).toBe('fail');
    expect(changed.differences?.length).toBeGreaterThan(0);
  }, 60_000);

  it('fails the comparison with a sentence when a thread dies, and starts new threads for the next', async () => {
    let used: PdfThreadPool | null = null;
    const dying = {
      readingThreads: (pdfjs: PdfjsLike) => {
        used = acquirePdfThreads(pdfjs);
        if (used) void used.threads[1]!.thread.terminate();
        return used;
      },
    };
    const r = await comparePdf(real('camlidl.pdf'), real('camlidl-word.pdf'), {}, dying);
    expect(r.status).toBe('fail');
    expect(r.metric).toBe("pdf.js's reading thread stopped (exit code 1)");
    let next: PdfThreadPool | null = null;
    const again = await comparePdf(
      real('camlidl.pdf'),
      real('camlidl-word.pdf'),
      {},
      {
        readingThreads: (pdfjs: PdfjsLike) => {
          next = acquirePdfThreads(pdfjs);
          return next;
        },
      },
    );
    expect(again.status).toBe('fail');
    expect(again.metric).toMatch(/page\(s\) differ/);
    expect(next).not.toBeNull();
    expect(next).not.toBe(used);
  }, 60_000);
});
