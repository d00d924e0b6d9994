import { PDFDocument, StandardFonts } from 'pdf-lib';
import { compareValues } from './src/api/compare.ts';
const doc = await PDFDocument.create();
const font = await doc.embedFont(StandardFonts.Helvetica);
for (let p = 1; p <= 80; p++) { const page = doc.addPage([612, 792]); for (let l = 0; l < 40; l++) page.drawText(`Page ${p}, line ${l + 1}: the quick brown fox jumps over the lazy dog`, { x: 50, y: 740 - l * 17, size: 11, font }); }
const pdf = Buffer.from(await doc.save({ useObjectStreams: false }));
const text = pdf.toString('latin1');
const broken = Buffer.from(`${text.slice(0, text.lastIndexOf('startxref'))}startxref\n999\n%%EOF\n`, 'latin1');
const f = (b: Buffer) => ({ filename: 'report.pdf', mime_type: 'application/pdf', data: `data:application/pdf;base64,${b.toString('base64')}` });
const t0 = Date.now();
const r = await compareValues({ type: 'file', expected: f(broken), actual: f(pdf) });
console.log(Date.now() - t0, r.status, r.metric);
