import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { comparePdf } from './pdf.js';
import { acquirePdfThreads, type PdfThreadPool } from './pdf-threads.js';
import type { PdfjsLike } from './pdfjs.js';
import { missingOptional } from '../optional-installed.test-helper.js';

// real PDFs (test/cases/real/README.md: pages of the camlidl manual from Debian's camlidl-doc,
// LGPL-2+, resaved by Ghostscript and qpdf, with a word or the title changed; forms drawn by ReportLab)
const real = (name: string): Buffer => readFileSync(new URL(`../../../test/cases/real/pdf/${name}`, import.meta.url));

const onThreads = { readingThreads: (pdfjs: PdfjsLike) => acquirePdfThreads(pdfjs) };
const inProcess = { readingThreads: () => null };

describe.skipIf(missingOptional('pdfjs-dist'))('reading PDFs on threads (pdf-threads.ts)', () => {
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

  it("writes nothing of pdf.js's to pixie's output: warnings about a document stay in the thread", async () => {
    // the same pages with their cross-reference offset broken: pdf.js warns that it is indexing
    // every object, then reads them
    const bytes = real('camlidl.pdf');
    const text = bytes.toString('latin1');
    const broken = Buffer.from(`${text.slice(0, text.lastIndexOf('startxref'))}startxref\n999\n%%EOF\n`, 'latin1');
    const writes: string[] = [];
    const keep = (chunk: unknown) => {
      writes.push(String(chunk));
      return true;
    };
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(keep);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(keep);
    try {
      const r = await comparePdf(bytes, broken, {}, onThreads);
      expect(r.metric).toMatch(/^text equal on all 3 page\(s\)/);
      // what a thread prints reaches the main thread as messages: give them time to arrive
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    expect(writes).toEqual([]);
  }, 60_000);

  it('lets the process exit by itself once a comparison on the threads is done', async () => {
    const href = (f: string) => JSON.stringify(new URL(f, import.meta.url).href);
    const script = `
      import { readFileSync } from 'node:fs';
      import { comparePdf } from ${href('./pdf.ts')};
      import { acquirePdfThreads } from ${href('./pdf-threads.ts')};
      const real = (name) => readFileSync(new URL(name, ${href('../../../test/cases/real/pdf/')}));
      const r = await comparePdf(real('camlidl.pdf'), real('camlidl-word.pdf'), {}, { readingThreads: acquirePdfThreads });
      console.log(r.status);
    `;
    // a process the threads kept alive would be killed at the timeout, and fail here
    const result = await new Promise<{ error: Error | null; stdout: string }>((resolve) =>
      execFile(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        { timeout: 60_000 },
        (error, stdout) => resolve({ error, stdout }),
      ),
    );
    expect(result.error).toBeNull();
    expect(result.stdout.trim()).toBe('fail');
  }, 90_000);

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
