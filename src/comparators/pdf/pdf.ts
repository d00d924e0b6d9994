// PDF comparison, for a file whose MIME type is application/pdf (file.ts's hook): `pdf_compare`
// picks text, visual, metadata or page_count (docs/comparators.md#pdfs). pdf.js loads only when a
// PDF needs it, the canvas package only for `visual`; without them it degrades to size + SHA-256.
import type { Difference } from '../../model/report.js';
import { settingsOf } from '../image/settings.js';
import { parseRegions, type Region } from '../kit/regions.js';
import { missingOptional, type Degraded } from '../optional-module.js';
import { compareBySha256 } from '../sha256.js';
import type { ComparisonResult } from '../types.js';
import type { Tolerance } from '../../model/tolerance.js';
import { messages } from './messages.js';
import { METADATA_FIELDS, pageTexts, pdfMetadata } from './page-text.js';
import { acquirePdfThreads, PDF_THREAD_MIN_BYTES, type PdfThreadPool, releasePdfThreads } from './pdf-threads.js';
import {
  type DocumentLike,
  type Loaded,
  loadCanvas,
  loadPdfjs,
  loadRenderingPdfjs,
  openDocument,
  type PdfjsLike,
} from './pdfjs.js';
import { comparePdfPages } from './text-diff.js';
import { type CanvasModule, compareVisually, MAX_VISUAL_PAGES } from './visual.js';

export const PDF_MODES = ['text', 'visual', 'metadata', 'page_count'] as const;
type PdfMode = (typeof PDF_MODES)[number];
const CANVAS_PACKAGE = '@napi-rs/canvas';
/** 72 dpi: one pixel per point; a changed word or figure shows at this size and an A4 page is 0.5 megapixels */
export const DEFAULT_RENDER_DPI = 72;
const MAX_RENDER_DPI = 600;
/** Pages read per document for text and metadata: each is parsed, and a 60 000-page file took minutes */
export const MAX_PDF_PAGES = 10_000;

export interface PdfLoaders {
  /** pdf.js for reading (text, metadata, page counts) */
  pdfjs: () => Promise<Loaded<unknown>>;
  /** pdf.js for rendering (the visual mode), loaded after the canvas package */
  renderingPdfjs: () => Promise<Loaded<unknown>>;
  canvas: () => Promise<Loaded<unknown>>;
  /** threads to read documents of `bytes` (the larger side) on, or null to read them in-process */
  readingThreads: (pdfjs: PdfjsLike, bytes: number) => PdfThreadPool | null;
}
const LOADERS: PdfLoaders = {
  pdfjs: loadPdfjs,
  renderingPdfjs: loadRenderingPdfjs,
  canvas: loadCanvas,
  readingThreads: (pdfjs, bytes) => (bytes >= PDF_THREAD_MIN_BYTES ? acquirePdfThreads(pdfjs) : null),
};

/** `%PDF-` must appear in the first 1024 bytes (the spec allows leading junk). */
export function notAPdf(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return null;
  if (bytes.length === 0) return messages.empty();
  const printable = Buffer.from(bytes.subarray(0, 24))
    .toString('latin1')
    .replace(/[^\x20-\x7e]/g, '.');
  return messages.noHeader(printable, bytes.length);
}

function ruleOf(mode: PdfMode, tolerance: Tolerance, dpi: number, regions: Region[]): string {
  switch (mode) {
    case 'text':
      return messages.textRule(regions.length);
    case 'visual':
      return messages.visualRule(settingsOf(tolerance, 'pixel'), dpi, CANVAS_PACKAGE, regions.length);
    case 'metadata':
      return messages.metadataRule(METADATA_FIELDS);
    case 'page_count':
      return messages.pageCountRule();
  }
}

function metadataDifferences(
  e: Awaited<ReturnType<typeof pdfMetadata>>,
  a: Awaited<ReturnType<typeof pdfMetadata>>,
): Difference[] {
  const out: Difference[] = [];
  if (e.pages.length !== a.pages.length)
    out.push({
      path: 'pages',
      message: messages.pageCount(e.pages.length, a.pages.length),
      expected: e.pages.length,
      actual: a.pages.length,
    });
  for (let i = 0; i < Math.min(e.pages.length, a.pages.length); i++)
    if (e.pages[i] !== a.pages[i])
      out.push({
        path: `page[${i + 1}].size`,
        message: messages.pageSizeDiffers(i + 1, e.pages[i], a.pages[i]),
        expected: e.pages[i],
        actual: a.pages[i],
      });
  for (const k of METADATA_FIELDS)
    if (e.info[k] !== a.info[k])
      out.push({
        path: `metadata.${k}`,
        message: messages.fieldDiffers(k, e.info[k], a.info[k]),
        expected: e.info[k],
        actual: a.info[k],
      });
  return out;
}

export async function comparePdf(
  expectedBytes: Uint8Array,
  actualBytes: Uint8Array,
  tolerance: Tolerance,
  loaders: Partial<PdfLoaders> = {},
): Promise<ComparisonResult> {
  const load = { ...LOADERS, ...loaders };
  const echo = {
    expected: messages.document(expectedBytes.length, null),
    actual: messages.document(actualBytes.length, null),
  };
  const raw = tolerance.pdf_compare ?? 'text';
  const mode = (PDF_MODES as readonly unknown[]).includes(raw) ? (raw as PdfMode) : null;
  const dpiOption = tolerance.render_dpi;
  const dpi =
    typeof dpiOption === 'number' && Number.isFinite(dpiOption) && dpiOption > 0
      ? Math.min(MAX_RENDER_DPI, dpiOption)
      : DEFAULT_RENDER_DPI;
  const parsed = parseRegions(tolerance.ignore_regions);
  const regions = 'regions' in parsed ? parsed.regions : [];
  const rule = mode ? ruleOf(mode, tolerance, dpi, regions) : 'pdf_compare';
  const fail = (message: string): ComparisonResult => ({
    status: 'fail',
    score: 0,
    metric: message,
    rule,
    ...echo,
    tolerance,
    differences: [{ path: '', message }],
  });
  if (tolerance.compare === 'sha256' || tolerance.compare === 'size_sha256')
    return compareBySha256(expectedBytes, actualBytes, echo, tolerance);
  if (!mode) return fail(messages.unknownMode(String(raw), PDF_MODES));
  if ('problem' in parsed) return fail(parsed.problem);
  if (Buffer.from(expectedBytes.buffer, expectedBytes.byteOffset, expectedBytes.byteLength).equals(actualBytes)) {
    // a pass, but one a run without pdfjs-dist (or the canvas, to render) could not have judged had the bytes differed
    const degraded = missingOptional('pdfjs-dist') ?? (mode === 'visual' ? missingOptional(CANVAS_PACKAGE) : null);
    return {
      status: 'pass',
      score: 1,
      metric: degraded
        ? `${messages.identicalBytes(expectedBytes.length)}; ${messages.degradedNote(degraded.reason)}`
        : messages.identicalBytes(expectedBytes.length),
      rule: degraded
        ? messages.degradedRule(
            mode === 'visual' ? messages.renderingNeeds() : messages.modeNeeds(mode),
            degraded.package,
            degraded.install,
          )
        : rule,
      ...echo,
      tolerance,
      differences: [],
      ...(degraded ? { degraded } : {}),
    };
  }
  const badE = notAPdf(expectedBytes);
  if (badE) return fail(messages.notAPdf('expected', badE));
  const badA = notAPdf(actualBytes);
  if (badA) return fail(messages.notAPdf('actual', badA));

  const degrade = (d: Degraded, what: string): ComparisonResult => {
    const sha = compareBySha256(expectedBytes, actualBytes, echo, tolerance, messages.degradedNote(d.reason));
    return { ...sha, rule: messages.degradedRule(what, d.package, d.install), degraded: d };
  };
  let canvas: CanvasModule | null = null;
  if (mode === 'visual') {
    const loadedCanvas = await load.canvas();
    if ('degraded' in loadedCanvas) return degrade(loadedCanvas.degraded, messages.renderingNeeds());
    canvas = loadedCanvas.module as CanvasModule;
  }
  const loadedPdfjs = await (mode === 'visual' ? load.renderingPdfjs() : load.pdfjs());
  if ('degraded' in loadedPdfjs) return degrade(loadedPdfjs.degraded, messages.modeNeeds(mode));
  const pdfjs = loadedPdfjs.module as PdfjsLike;

  // large documents are read on two threads at once, one each (pdf-threads.ts); rendering stays here
  const threads =
    mode === 'visual' ? null : load.readingThreads(pdfjs, Math.max(expectedBytes.length, actualBytes.length));
  if (!threads) return readAndCompare();
  try {
    const died = Promise.race(threads.threads.map((t) => t.died)).then(fail);
    return await Promise.race([readAndCompare(threads.threads.map((t) => t.pdfWorker)), died]);
  } finally {
    releasePdfThreads(threads);
  }

  async function readAndCompare(workers: unknown[] = []): Promise<ComparisonResult> {
    // opened together (pdf.js parses one while it waits on the other); the expected file's problem first
    const [openedE, openedA] = await Promise.all([
      openDocument(pdfjs, expectedBytes, workers[0]),
      openDocument(pdfjs, actualBytes, workers[1]),
    ]);
    if (!openedE.ok) {
      if (openedA.ok) await openedA.open.close();
      return fail(messages.unreadable('expected', openedE.problem));
    }
    if (!openedA.ok) {
      await openedE.open.close();
      return fail(messages.unreadable('actual', openedA.problem));
    }
    // both documents open at once: the visual mode renders them page by page side by side
    try {
      return await compareDocuments(openedE.open.doc, openedA.open.doc);
    } catch (err) {
      return fail(messages.notComparable((err as Error).message || String(err)));
    } finally {
      await Promise.all([openedE.open.close(), openedA.open.close()]);
    }
  }
  async function compareDocuments(e: DocumentLike, a: DocumentLike): Promise<ComparisonResult> {
    const described = {
      expected: messages.document(expectedBytes.length, e.numPages),
      actual: messages.document(actualBytes.length, a.numPages),
    };
    const result = (
      ok: boolean,
      score: number,
      metric: string,
      differences: Difference[],
      extra: Partial<ComparisonResult> = {},
    ): ComparisonResult => ({
      status: ok ? 'pass' : 'fail',
      score,
      metric,
      rule,
      ...described,
      tolerance,
      differences,
      ...extra,
    });
    if (mode === 'page_count') {
      const ok = e.numPages === a.numPages;
      return result(
        ok,
        ok ? 1 : 0,
        ok ? messages.pagesEach(e.numPages) : messages.pageCount(e.numPages, a.numPages),
        ok ? [] : [{ path: 'pages', message: messages.pageCount(e.numPages, a.numPages) }],
      );
    }
    const pages = Math.max(e.numPages, a.numPages);
    if (mode !== 'visual' && pages > MAX_PDF_PAGES)
      return result(false, 0, messages.overPdfPageLimit(pages, MAX_PDF_PAGES), [
        { path: 'pages', message: messages.overPdfPageLimit(pages, MAX_PDF_PAGES) },
      ]);
    if (mode === 'metadata') {
      const diffs = metadataDifferences(await pdfMetadata(e), await pdfMetadata(a));
      return result(
        diffs.length === 0,
        diffs.length ? 1 / (1 + diffs.length) : 1,
        diffs.length ? messages.metadataDiffers(diffs.length) : messages.sameMetadata(e.numPages),
        diffs,
      );
    }
    if (mode === 'visual') {
      const most = Math.max(e.numPages, a.numPages);
      if (most > MAX_VISUAL_PAGES)
        return result(false, 0, messages.tooManyPages(most, MAX_VISUAL_PAGES), [
          { path: 'pages', message: messages.overPageLimit(most, MAX_VISUAL_PAGES) },
        ]);
      const v = await compareVisually(pdfjs, canvas!, e, a, settingsOf(tolerance, 'pixel'), regions, dpi);
      return result(v.ok, v.score, v.metric, v.differences, v.artifacts.length ? { artifacts: v.artifacts } : {});
    }
    // both documents read together: pdf.js waits between its steps, and the other's fill the gaps
    const [pagesE, pagesA] = await Promise.all([pageTexts(e, regions), pageTexts(a, regions)]);
    const r = comparePdfPages(pagesE, pagesA);
    return result(r.ok, r.score, r.metric, r.differences);
  }
}
