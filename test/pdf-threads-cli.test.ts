// A tool whose PDF output is large enough to be read on pixie's PDF threads (128 KiB or more,
// src/comparators/pdf/pdf-threads.ts), validated by the real CLI: pixie must compare it, print a
// clean --json report and leave nothing behind. The fixture's PDF has its cross-reference offset
// broken, so pdf.js rebuilds it and warns; a thread's warning once landed in pixie's stderr.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/model/report.js';
import { REPO_ROOT, runPixie } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';
import { missingOptional } from '../src/comparators/optional-installed.test-helper.js';

/** Pages of numbered lines in Helvetica, uncompressed: a few hundred KiB. */
async function longPdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([612, 792]);
    for (let l = 0; l < 40; l++)
      page.drawText(`Page ${p}, line ${l + 1}: the quick brown fox jumps over the lazy dog`, {
        x: 50,
        y: 740 - l * 17,
        size: 11,
        font,
      });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

const dataUrl = (pdf: Buffer) => ({
  filename: 'report.pdf',
  mime_type: 'application/pdf',
  data: `data:application/pdf;base64,${pdf.toString('base64')}`,
});

describe.skipIf(missingOptional('pdfjs-dist'))('a large PDF output, read on the PDF threads by the CLI', () => {
  it('is compared, and the report and the terminal carry nothing of pdf.js', async () => {
    const pdf = await longPdf(80);
    expect(pdf.length).toBeGreaterThan(128 * 1024);
    const text = pdf.toString('latin1');
    const broken = Buffer.from(`${text.slice(0, text.lastIndexOf('startxref'))}startxref\n999\n%%EOF\n`, 'latin1');

    mkdirSync(path.join(REPO_ROOT, 'test-artifacts'), { recursive: true });
    const dir = path.join(mkdtempSync(path.join(REPO_ROOT, 'test-artifacts', 'pdf-threads-')), 'long-pdf');
    mkdirSync(path.join(dir, 'reference'), { recursive: true });
    writeFileSync(
      path.join(dir, 'tool.json'),
      JSON.stringify({
        id: 'long-pdf',
        name: 'Long PDF',
        description: 'Answers an 80-page PDF.',
        version: '1.0.0',
        max_runtime_seconds: 20,
        inputs: [{ key: 'pages', type: 'number', label: 'Pages', default: 80 }],
        outputs: [{ key: 'report', type: 'file', label: 'Report', default_export_format: 'pdf' }],
      }),
    );
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    writeFileSync(path.join(dir, 'report.pdf'), pdf);
    const server = path.relative(dir, path.join(REPO_ROOT, 'test', 'tools', '_shared', 'tool-server.mjs'));
    writeFileSync(
      path.join(dir, 'main.js'),
      [
        "import { readFileSync } from 'node:fs';",
        `import { serveTool } from ${JSON.stringify(server.split(path.sep).join('/'))};`,
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the tool's own source, whose template string the tool evaluates
        "const data = `data:application/pdf;base64,${readFileSync(new URL('report.pdf', import.meta.url)).toString('base64')}`;",
        "serveTool({ dir: import.meta.dirname, run: () => ({ report: { filename: 'report.pdf', mime_type: 'application/pdf', data } }) });",
      ].join('\n'),
    );
    writeFileSync(
      path.join(dir, 'reference', 'fixture_long.json'),
      JSON.stringify({ name: 'eighty pages', inputs: { pages: 80 }, expected_outputs: { report: dataUrl(broken) } }),
    );

    const r = await runPixie(['validate', dir, '--json']);
    expect(processesUnder(dir)).toEqual([]);
    expect(r.code, r.stderr.slice(0, 2000)).toBe(0);
    expect(r.stderr).not.toMatch(/Warning/);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.overall).toBe('pass');
    expect(report.fixtures[0]!.outputs[0]!.metric).toMatch(/^text equal on all 80 page\(s\)/);
  }, 180_000);
});
