// PDF comparison speed: pixie's text comparison (pdfjs-dist in-process: extract both files, diff
// per page) vs poppler's `pdftotext -layout` extracting the same files (process spawn included;
// it only extracts, it does not diff). A 100-page PDF (50 lines per page) made with pdf-lib.
// Run alone: node --import tsx bench/pdf.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { comparePdf } from '../src/comparators/pdf/pdf.js';
import { median, row, timeCommand } from './measure.js';

const PAGES = 100;
const LINES = 50;

async function hundredPages(changedLines: Set<string>): Promise<Uint8Array> {
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
    await comparePdf(expected, actual, {}); // warm up: pdfjs import and its fake worker
    const pixie: number[] = [];
    let verdict = '';
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const r = await comparePdf(expected, actual, {});
      pixie.push(performance.now() - t);
      verdict = `${r.status}: ${r.metric}`;
    }
    const pixieMs = median(pixie);
    console.log(
      `  ${PAGES}-page PDF (${LINES} lines/page, ${(expected.length / 1024).toFixed(0)} kB), 10 changed lines; pixie says ${verdict}`,
    );
    console.log(row('pixie comparePdf (pdfjs extract both + per-page line diff)', pixieMs));
    if (!hasPdftotext()) {
      console.log(
        '  pdftotext is not installed (apt-get install -y poppler-utils), so there is no peer to compare with',
      );
      return { pixieMs, pdftotextMs: null, ratio: null };
    }
    const peer: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await Promise.all([
        timeCommand('pdftotext', ['-layout', fe, '-']),
        timeCommand('pdftotext', ['-layout', fa, '-']),
      ]);
      peer.push(performance.now() - t);
    }
    const pdftotextMs = median(peer);
    const ratio = pixieMs / pdftotextMs;
    console.log(row('pdftotext -layout on both files (2 spawns, parallel; no diff)', pdftotextMs));
    console.log(`  ratio: pixie takes ${ratio.toFixed(1)}× the time of pdftotext extracting the same two files`);
    return { pixieMs, pdftotextMs, ratio };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await benchPdf();
