// PDF comparison speed: pixie's text comparison (pdfjs-dist in-process: extract both files, diff
// per page) vs poppler's `pdftotext -layout` extracting the same files (process spawn included;
// it only extracts, it does not diff). A 100-page PDF (50 lines per page) made with pdf-lib. The two
// are timed in alternating pairs, each after a pause, and the ratio is taken pair by pair.
// Run alone: node --import tsx bench/pdf.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { comparePdf } from '../src/comparators/pdf/pdf.js';
import { interleaved, median, row, showSpread, spread, timeCommand } from './measure.js';

const PAGES = 100;
const LINES = 50;
const RUNS = 9;

export async function hundredPages(changedLines: Set<string>): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < PAGES; p++) {
    const page = doc.addPage([612, 792]);
    for (let l = 0; l < LINES; l++) {
      const changed = changedLines.has(`${p}/${l}`);
      const text = `Page ${p + 1} line ${l + 1}: amount ${((p * LINES + l) * 1.37).toFixed(2)} EUR${changed ? ' (revised)' : ''}, reference ${(p * 7919 + l * 104729) % 100000}`;
      page.drawText(text, { x: 36, y: 760 - l * 14.5, size: 9, font });
    }
  }
  return doc.save({ useObjectStreams: false });
}

function hasPdftotext(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** pdftotext found, or installed (poppler-utils, with apt-get as root), so the ratio is always printed when it can be. */
function findOrInstallPdftotext(): boolean {
  if (hasPdftotext()) return true;
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  try {
    console.log('  pdftotext is not installed: installing poppler-utils with apt-get');
    execFileSync('apt-get', ['install', '-y', '-q', 'poppler-utils'], { stdio: 'ignore', timeout: 300_000 });
  } catch {
    return false;
  }
  return hasPdftotext();
}

/** `fn` timed after a pause, so the last run's leftovers (pdf.js cleanup, GC threads) are not timed with the next. */
const settled = (fn: () => Promise<number>) => async (): Promise<number> => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return fn();
};

export async function benchPdf(): Promise<{ pixieMs: number; pdftotextMs: number | null; ratio: number | null }> {
  const changed = new Set(Array.from({ length: 10 }, (_, i) => `${i * 9}/${(i * 13) % LINES}`));
  const expected = await hundredPages(new Set());
  const actual = await hundredPages(changed);
  const dir = mkdtempSync(path.join(tmpdir(), 'pixie-bench-pdf-'));
  try {
    const fe = path.join(dir, 'expected.pdf');
    const fa = path.join(dir, 'actual.pdf');
    writeFileSync(fe, expected);
    writeFileSync(fa, actual);
    let verdict = '';
    const pixie = async (): Promise<number> => {
      const t = performance.now();
      const r = await comparePdf(expected, actual, {});
      verdict = `${r.status}: ${r.metric}`;
      return performance.now() - t;
    };
    const heading = (): string =>
      `  ${PAGES}-page PDF (${LINES} lines/page, ${(expected.length / 1024).toFixed(0)} kB), 10 changed lines; pixie says ${verdict}`;
    if (!findOrInstallPdftotext()) {
      await pixie(); // warm up: the pdfjs import
      const xs: number[] = [];
      for (let i = 0; i < RUNS; i++) xs.push(await pixie());
      const pixieMs = median(xs);
      console.log(heading());
      console.log(row('pixie comparePdf (pdfjs extract both + per-page line diff)', pixieMs));
      console.log(
        '  pdftotext is not installed and could not be installed here: install poppler-utils (apt-get install -y poppler-utils; brew install poppler) for the ratio',
      );
      return { pixieMs, pdftotextMs: null, ratio: null };
    }
    const peer = async (): Promise<number> => {
      const t = performance.now();
      await Promise.all([
        timeCommand('pdftotext', ['-layout', fe, '-']),
        timeCommand('pdftotext', ['-layout', fa, '-']),
      ]);
      return performance.now() - t;
    };
    // in pairs, alternating which goes first, so a shared machine's drift hits both sides alike
    const runs = await interleaved(settled(pixie), settled(peer), RUNS);
    const pixieMs = median(runs.a);
    const pdftotextMs = median(runs.b);
    const ratio = median(runs.ratio);
    console.log(heading());
    console.log(`  ${RUNS} interleaved pairs after one warm-up each; min / median / max`);
    console.log(
      `  ${'pixie comparePdf (pdfjs extract both + per-page line diff)'.padEnd(62)} ${showSpread(spread(runs.a))}`,
    );
    console.log(
      `  ${'pdftotext -layout on both files (2 spawns, parallel; no diff)'.padEnd(62)} ${showSpread(spread(runs.b))}`,
    );
    console.log(
      `  ratio (pair by pair): pixie takes ${showSpread(spread(runs.ratio), 1, '×')} the time of pdftotext extracting the same two files (aim ≤ 3×)`,
    );
    return { pixieMs, pdftotextMs, ratio };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await benchPdf();
