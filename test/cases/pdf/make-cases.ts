// Generates the numbered PDF golden cases with pdf-lib: NNa.pdf (expected), NNb.pdf (actual), cases.json.
// Run from the repository root: node --import tsx test/cases/pdf/make-cases.ts
// Deterministic: fixed metadata dates, no automatic metadata.
import { readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const dir = new URL('./', import.meta.url);

interface Make {
  producer?: string;
  date?: Date;
  fontSize?: number;
  /** draw each word separately (different text items, same visible text) */
  wordByWord?: boolean;
}

const REPORT: string[][] = [
  ['Quarterly report', 'Revenue grew 12% to 4.2 million.', 'Costs were flat at 3.1 million.', 'Net margin: 26%'],
  ['Outlook', 'We expect steady growth next quarter.', 'Signed: the finance team'],
];

export async function makePdf(pages: string[][], o: Make = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const date = o.date ?? new Date('2026-01-15T10:00:00Z');
  doc.setTitle('pixie golden case');
  doc.setProducer(o.producer ?? 'pdf-lib (pixie golden cases)');
  doc.setCreator('pixie make-cases');
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const size = o.fontSize ?? 12;
  for (const lines of pages) {
    const page = doc.addPage([300, 300]);
    lines.forEach((line, i) => {
      const y = 260 - i * size * 1.6;
      if (!o.wordByWord) { page.drawText(line, { x: 20, y, size, font }); return; }
      let x = 20;
      for (const word of line.split(' ')) {
        page.drawText(word, { x, y, size, font });
        x += font.widthOfTextAtSize(`${word} `, size) + 2; // a slightly wider gap than a space
      }
    });
  }
  return doc.save({ useObjectStreams: false });
}

interface CaseSpec {
  name: string;
  expected: Uint8Array;
  actual: Uint8Array;
  tolerance?: Record<string, unknown>;
  status: 'pass' | 'fail';
  message?: string;
}

const base = await makePdf(REPORT);
const changedWord = await makePdf([[REPORT[0]![0]!, 'Revenue grew 15% to 4.2 million.', ...REPORT[0]!.slice(2)], REPORT[1]!]);
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==', 'base64');

const cases: CaseSpec[] = [
  { name: 'identical bytes', expected: base, actual: base, status: 'pass', message: 'identical' },
  { name: 're-generated with another producer and date, same text', expected: base, actual: await makePdf(REPORT, { producer: 'pdf-lib 1.17.1 (another build)', date: new Date('2026-03-01T08:30:00Z') }), status: 'pass', message: 'text equal on all 2 page(s)' },
  { name: 'same text drawn word by word at another size (whitespace normalised)', expected: base, actual: await makePdf(REPORT, { wordByWord: true, fontSize: 11 }), status: 'pass', message: 'text equal' },
  { name: 'a changed word names the page and line', expected: base, actual: changedWord, status: 'fail', message: 'page 1, line 2: - "Revenue grew 12% to 4.2 million." + "Revenue grew 15% to 4.2 million."' },
  { name: 'an extra page fails on page count', expected: base, actual: await makePdf([...REPORT, ['Appendix', 'Tables follow.']]), status: 'fail', message: 'page count differs: expected 2, got 3' },
  { name: 'a missing page', expected: base, actual: await makePdf([REPORT[0]!]), status: 'fail', message: 'page 2 is missing in actual' },
  { name: 'a changed line on page 2', expected: base, actual: await makePdf([REPORT[0]!, ['Outlook', 'We expect a decline next quarter.', 'Signed: the finance team']]), status: 'fail', message: 'page 2, line 2: -' },
  { name: 'a removed line', expected: base, actual: await makePdf([REPORT[0]!.slice(0, 3), REPORT[1]!]), status: 'fail', message: 'page 1, line 4 removed: - "Net margin: 26%"' },
  { name: 'not a PDF (PNG bytes with a PDF MIME type)', expected: base, actual: png, status: 'fail', message: 'not a PDF' },
  { name: 'sha256 on request: a re-generated PDF fails', expected: base, actual: await makePdf(REPORT, { producer: 'other' }), tolerance: { compare: 'sha256' }, status: 'fail', message: 'sha256' },
  { name: 'a PDF header with garbage after it', expected: base, actual: new TextEncoder().encode('%PDF-1.7\nthis is not really a pdf\n%%EOF\n'), status: 'fail', message: 'actual PDF could not be read' },
];

const written = new Map<string, string>();
const store = (name: string, bytes: Uint8Array): string => {
  const key = Buffer.from(bytes).toString('base64');
  const have = written.get(key);
  if (have) return have;
  writeFileSync(new URL(name, dir), bytes);
  written.set(key, name);
  return name;
};
for (const f of readdirSync(dir)) if (f.endsWith('.pdf')) unlinkSync(new URL(f, dir));
const index = cases.map((c, i) => {
  const id = String(i + 1).padStart(2, '0');
  const expected = store(`${id}a.pdf`, c.expected);
  const actual = store(`${id}b.pdf`, c.actual);
  return { id, name: c.name, expected, actual, tolerance: c.tolerance ?? {}, status: c.status, ...(c.message ? { message: c.message } : {}) };
});
writeFileSync(new URL('cases.json', dir), `${JSON.stringify(index, null, 2)}\n`);
console.log(`wrote ${index.length} pdf cases`);
