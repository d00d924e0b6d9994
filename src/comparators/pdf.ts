// PDF comparison (a file whose MIME type is application/pdf): page count, then each page's extracted text, whitespace
// normalised, diffed line by line. Text comes from pdfjs-dist's legacy build, loaded only when a
// PDF needs it; without it the comparison degrades to size + SHA-256 and says so. file.ts calls
// comparePdf from its application/pdf hook. Extraction (I/O-free but async) is separate from the
// pure compare core, comparePdfPages.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Difference } from '../report/model.js';
import { loadOptional, type Degraded } from './optional-module.js';
import { compareBySha256 } from './sha256.js';
import { lineDifferences } from './text.js';
import type { ComparisonResult, Tolerance } from './types.js';

const PDFJS_PACKAGE = 'pdfjs-dist';
const PDFJS_SPECIFIER = 'pdfjs-dist/legacy/build/pdf.mjs';
const MAX_DIFFERENCES = 100;

/** One page = its text lines, whitespace-normalised, blank lines dropped. */
export type PdfPages = string[][];

export interface PdfPageComparison {
  ok: boolean;
  score: number;
  metric: string;
  differences: Difference[];
}

const quote = (s: string): string => JSON.stringify(s.length > 120 ? `${s.slice(0, 119)}…` : s);

/** Page count, then a line diff per page (paths `page[N]`, N from 1 as printed page numbers). */
export function comparePdfPages(expected: PdfPages, actual: PdfPages): PdfPageComparison {
  const differences: Difference[] = [];
  if (expected.length !== actual.length) {
    differences.push({
      path: 'pages',
      message: `page count differs: expected ${expected.length}, got ${actual.length}`,
      expected: expected.length,
      actual: actual.length,
    });
  }
  let totalLines = 0;
  let differingLines = 0;
  let differingPages = 0;
  const pages = Math.max(expected.length, actual.length);
  for (let p = 0; p < pages; p++) {
    const e = expected[p];
    const a = actual[p];
    const where = `page[${p + 1}]`;
    if (!a) {
      differences.push({
        path: where,
        message: `page ${p + 1} is missing in actual (expected ${e!.length} line(s)${e!.length ? `, first ${quote(e![0]!)}` : ''})`,
      });
      totalLines += e!.length;
      differingLines += e!.length;
      differingPages++;
      continue;
    }
    if (!e) {
      differences.push({
        path: where,
        message: `page ${p + 1} is extra in actual (${a.length} line(s)${a.length ? `, first ${quote(a[0]!)}` : ''})`,
      });
      totalLines += a.length;
      differingLines += a.length;
      differingPages++;
      continue;
    }
    const diff = lineDifferences(e.join('\n'), a.join('\n'));
    totalLines += diff.total;
    if (diff.differing === 0) continue;
    differingLines += diff.differing;
    differingPages++;
    for (const d of diff.differences) {
      const line = d.path; // "line N" (expected numbering), or '' for the "… and N more" note
      let message: string;
      if (d.expected !== undefined && d.actual !== undefined)
        message = `page ${p + 1}, ${line}: - ${quote(String(d.expected))} + ${quote(String(d.actual))}`;
      else if (d.expected !== undefined) message = `page ${p + 1}, ${line} removed: - ${quote(String(d.expected))}`;
      else if (d.actual !== undefined) message = `page ${p + 1}, ${line} added: + ${quote(String(d.actual))}`;
      else message = `page ${p + 1}: ${d.message}`;
      differences.push({
        path: where,
        message,
        ...(d.expected !== undefined ? { expected: d.expected } : {}),
        ...(d.actual !== undefined ? { actual: d.actual } : {}),
      });
    }
  }
  const ok = differences.length === 0;
  const capped =
    differences.length > MAX_DIFFERENCES
      ? [
          ...differences.slice(0, MAX_DIFFERENCES),
          { path: '', message: `… and ${differences.length - MAX_DIFFERENCES} more differences` },
        ]
      : differences;
  const score = ok
    ? 1
    : Math.max(0, 1 - differingLines / Math.max(1, totalLines)) * (expected.length === actual.length ? 1 : 0.5);
  const metric = ok
    ? `text equal on all ${expected.length} page(s) (${totalLines} line(s))`
    : [
        expected.length !== actual.length ? `page count ${expected.length} vs ${actual.length}` : '',
        `${differingPages} of ${pages} page(s) differ (${differingLines} of ${totalLines} line(s))`,
      ]
        .filter(Boolean)
        .join('; ');
  return { ok, score, metric, differences: capped };
}

interface TextItemLike {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
  hasEOL?: boolean;
}
interface PdfjsLike {
  getDocument(src: Record<string, unknown>): {
    promise: Promise<{
      numPages: number;
      getPage(n: number): Promise<{ getTextContent(): Promise<{ items: TextItemLike[] }> }>;
    }>;
    destroy(): Promise<void>;
  };
}

/** Text lines from pdf.js text items: a new line when the baseline moves or an item ends a line. */
export function itemsToLines(items: TextItemLike[]): string[] {
  const lines: string[] = [];
  let cur = '';
  let lastY: number | null = null;
  let lastEndX: number | null = null;
  const push = (): void => {
    const t = cur.replace(/[\s\u00a0]+/g, ' ').trim();
    if (t) lines.push(t);
    cur = '';
    lastY = null;
    lastEndX = null;
  };
  for (const item of items) {
    if (typeof item.str !== 'string') continue; // marked-content markers
    const tr = item.transform ?? [1, 0, 0, 1, 0, 0];
    const x = tr[4] ?? 0;
    const y = tr[5] ?? 0;
    const size = Math.hypot(tr[2] ?? 0, tr[3] ?? 0) || item.height || 10;
    if (lastY !== null && Math.abs(y - lastY) > size * 0.5) push();
    else if (lastEndX !== null && x - lastEndX > size * 0.15 && !/\s$/.test(cur) && !/^\s/.test(item.str)) cur += ' ';
    cur += item.str;
    lastY = y;
    lastEndX = x + (item.width ?? 0);
    if (item.hasEOL) push();
  }
  push();
  return lines;
}

let pdfjsOptions: Record<string, unknown> | null = null;

function documentOptions(): Record<string, unknown> {
  if (pdfjsOptions) return pdfjsOptions;
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  pdfjsOptions = {
    standardFontDataUrl: `${path.join(root, 'standard_fonts')}/`,
    cMapUrl: `${path.join(root, 'cmaps')}/`,
    cMapPacked: true,
    wasmUrl: `${path.join(root, 'wasm')}/`,
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  };
  return pdfjsOptions;
}

/** Per-page text lines, or the problem in a sentence (never a throw). */
async function extractPdfText(
  bytes: Uint8Array,
  pdfjs: PdfjsLike,
): Promise<{ ok: true; pages: PdfPages } | { ok: false; problem: string }> {
  let task: ReturnType<PdfjsLike['getDocument']> | null = null;
  try {
    // pdf.js may detach the buffer it is given: hand it a copy, as a plain Uint8Array (not a Buffer)
    task = pdfjs.getDocument({ data: new Uint8Array(bytes), ...documentOptions() });
    const doc = await task.promise;
    const pages: PdfPages = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      pages.push(itemsToLines((await page.getTextContent()).items));
    }
    return { ok: true, pages };
  } catch (err) {
    return { ok: false, problem: (err as Error).message || String(err) };
  } finally {
    await task?.destroy().catch(() => undefined);
  }
}

/** `%PDF-` must appear in the first 1024 bytes (the spec allows leading junk). */
export function notAPdf(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return null;
  if (bytes.length === 0) return 'the file is empty';
  const printable = Buffer.from(bytes.subarray(0, 24))
    .toString('latin1')
    .replace(/[^\x20-\x7e]/g, '.');
  return `no %PDF- header; it starts with ${JSON.stringify(printable)} (${bytes.length} bytes)`;
}

export async function comparePdf(
  expectedBytes: Uint8Array,
  actualBytes: Uint8Array,
  tolerance: Tolerance,
  loadPdfjs: () => Promise<{ module: unknown } | { degraded: Degraded }> = () =>
    loadOptional(PDFJS_PACKAGE, PDFJS_SPECIFIER),
): Promise<ComparisonResult> {
  const echo = { expected: `PDF, ${expectedBytes.length} bytes`, actual: `PDF, ${actualBytes.length} bytes` };
  const mode = tolerance.compare;
  const rule = 'same page count and the same text per page after whitespace normalisation (pdfjs-dist text extraction)';
  const fail = (message: string): ComparisonResult => ({
    status: 'fail',
    score: 0,
    metric: message,
    rule,
    ...echo,
    tolerance,
    differences: [{ path: '', message }],
  });
  if (mode === 'sha256' || mode === 'size_sha256') return compareBySha256(expectedBytes, actualBytes, echo, tolerance);
  if (Buffer.from(expectedBytes.buffer, expectedBytes.byteOffset, expectedBytes.byteLength).equals(actualBytes)) {
    return {
      status: 'pass',
      score: 1,
      metric: `identical bytes (${expectedBytes.length} bytes)`,
      rule,
      ...echo,
      tolerance,
      differences: [],
    };
  }
  const badE = notAPdf(expectedBytes);
  if (badE) return fail(`expected file is not a PDF: ${badE} (fix the fixture)`);
  const badA = notAPdf(actualBytes);
  if (badA) return fail(`not a PDF: the actual file has MIME type application/pdf but ${badA}`);

  const loaded = await loadPdfjs();
  if ('degraded' in loaded) {
    const d = loaded.degraded;
    const sha = compareBySha256(expectedBytes, actualBytes, echo, tolerance, `degraded: ${d.reason}`);
    return { ...sha, rule: `size + SHA-256 (PDF text comparison needs ${d.package}: ${d.install})`, degraded: d };
  }
  const pdfjs = loaded.module as PdfjsLike;
  const [e, a] = await Promise.all([extractPdfText(expectedBytes, pdfjs), extractPdfText(actualBytes, pdfjs)]);
  if (!e.ok) return fail(`expected PDF could not be read: ${e.problem} (fix the fixture)`);
  if (!a.ok) return fail(`actual PDF could not be read: ${a.problem}`);
  const r = comparePdfPages(e.pages, a.pages);
  return {
    status: r.ok ? 'pass' : 'fail',
    score: r.score,
    metric: r.metric,
    rule,
    expected: `PDF, ${e.pages.length} page(s), ${expectedBytes.length} bytes`,
    actual: `PDF, ${a.pages.length} page(s), ${actualBytes.length} bytes`,
    tolerance,
    differences: r.differences,
  };
}
