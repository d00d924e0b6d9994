import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { fileComparator } from '../file.js';
import { contractCases } from './pdf.cases.js';
import { comparePdf, notAPdf } from './pdf.js';
import { readingOrder } from './reading-order.js';
import { comparePdfPages } from './text-diff.js';
import type { ComparisonResult } from '../types.js';
import { comparatorTester, resultText } from '../kit/comparator-tester.test-helper.js';
import { missingOptional, skipWithout } from '../optional-installed.test-helper.js';

// pdf.js reads the PDFs (the canvas package renders them); without it only the core and the fallback are tested
const withoutPdfjs = missingOptional('pdfjs-dist');

const casesDir = new URL('../../../test/cases/pdf/', import.meta.url);
interface GoldenCase {
  id: string;
  name: string;
  expected: string;
  actual: string;
  tolerance: Record<string, unknown>;
  status: string;
  message?: string;
}
const cases = JSON.parse(readFileSync(new URL('cases.json', casesDir), 'utf8')) as GoldenCase[];
const file = (name: string): Buffer => readFileSync(new URL(name, casesDir));
const asFile = (name: string) => ({
  filename: 'report.pdf',
  mime_type: 'application/pdf',
  data: `data:application/pdf;base64,${file(name).toString('base64')}`,
});
const files = comparatorTester(fileComparator, { key: 'report', defaults: 'never' });

describe.skipIf(withoutPdfjs)('PDF golden cases (test/cases/pdf) through comparePdf', () => {
  for (const c of cases) {
    it(`${c.id} ${c.name} → ${c.status}`, async () => {
      const r = await comparePdf(file(c.expected), file(c.actual), c.tolerance);
      expect(r.status, resultText(r)).toBe(c.status);
      if (c.message) expect(resultText(r)).toContain(c.message);
      if (c.status === 'fail') expect(r.differences?.length).toBeGreaterThan(0);
      expect(r.degraded).toBeUndefined();
    });
  }
});

describe.skipIf(withoutPdfjs)('PDF golden cases through the file comparator (application/pdf hook)', () => {
  for (const c of cases.filter((x) => !x.tolerance.compare)) {
    it(`${c.id} ${c.name} → ${c.status}`, async () => {
      const r = await files.compareAsync(asFile(c.expected), asFile(c.actual), { compare: 'mime_dispatch' });
      expect(r.status, resultText(r)).toBe(c.status);
      if (c.message) expect(resultText(r)).toContain(c.message);
    });
  }
  it('a changed word is reported at content.page[1] with the removed and added line', async () => {
    const r = await files.compareAsync(asFile('01a.pdf'), asFile('04b.pdf'), { compare: 'mime_dispatch' });
    expect(r.differences).toEqual([
      {
        path: 'content.page[1]',
        message: 'page 1, line 2: - "Revenue grew 12% to 4.2 million." + "Revenue grew 15% to 4.2 million."',
        expected: 'Revenue grew 12% to 4.2 million.',
        actual: 'Revenue grew 15% to 4.2 million.',
      },
    ]);
    expect(r.metric).toBe('1 of 2 page(s) differ (1 of 7 line(s))');
  });
});

describe.skipIf(withoutPdfjs)('PDF contract cases', () => {
  const tester = comparatorTester(fileComparator, { defaults: 'never' });
  for (const c of contractCases) {
    it(`${c.label}`, async () => {
      expect((await tester.compareAsync(c.value, c.value, { compare: 'mime_dispatch' })).status).toBe('pass');
      const changed = await tester.compareAsync(c.value, c.changed, { compare: 'mime_dispatch' });
      expect(changed.status).toBe('fail');
      expect(changed.differences?.map((d) => d.path)).toContain(c.changedPath);
      expect(
        (await tester.compareAsync(c.boundary!.expected, c.boundary!.actual, { compare: 'mime_dispatch' })).status,
      ).toBe('pass');
      const g = await tester.compareAsync(c.value, c.garbage, { compare: 'mime_dispatch' });
      expect(g.status).toBe('fail');
      expect(g.metric).toContain('not a PDF');
    });
  }
});

describe('PDF modes', () => {
  const real = (name: string): Buffer => readFileSync(new URL(`../../../test/cases/real/pdf/${name}`, import.meta.url));
  it('an unknown pdf_compare fails listing the modes', async () => {
    const r = await comparePdf(file('01a.pdf'), file('02b.pdf'), { pdf_compare: 'pixels' });
    expect(r.metric).toBe("unknown pdf_compare 'pixels' (expected one of: text, visual, metadata, page_count)");
  });
  it('reads the accented letters of a font the PDF neither embeds nor gives an encoding', async (ctx) => {
    skipWithout(ctx, 'pdfjs-dist');
    // a hand-written PDF: Helvetica by name, Latin-1 bytes, no /Encoding. pdf.js maps them through
    // its own copy of the font (standard_fonts/); without it, ü and ö are both dropped and would
    // compare equal (pdfjs.ts)
    const page = async (text: string): Promise<Uint8Array> => {
      const doc = await PDFDocument.create();
      const p = doc.addPage([300, 80]);
      const font = doc.context.register(doc.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica' }));
      p.node.setFontDictionary(PDFName.of('F1'), font);
      const hex = Buffer.from(text, 'latin1').toString('hex');
      p.node.set(
        PDFName.of('Contents'),
        doc.context.register(doc.context.stream(`BT /F1 12 Tf 10 40 Td <${hex}> Tj ET`)),
      );
      return doc.save();
    };
    const r = await comparePdf(await page('Grüße aus Köln'), await page('Größe aus Köln'), {});
    expect(r.differences).toEqual([
      {
        path: 'page[1]',
        message: 'page 1, line 1: - "Grüße aus Köln" + "Größe aus Köln"',
        expected: 'Grüße aus Köln',
        actual: 'Größe aus Köln',
      },
    ]);
  });
  it('a form field and a note are lines of the page text', async (ctx) => {
    skipWithout(ctx, 'pdfjs-dist');
    const r = await comparePdf(real('form-alice.pdf'), real('form-bob.pdf'), {});
    expect(r.differences).toEqual([
      {
        path: 'page[1]',
        message: `page 1, line 6: - "form field 'name': Alice" + "form field 'name': Bob"`,
        expected: "form field 'name': Alice",
        actual: "form field 'name': Bob",
      },
    ]);
  });
  it('the visual mode names the differing page, with its renders grouped for the report', async (ctx) => {
    skipWithout(ctx, 'pdfjs-dist', '@napi-rs/canvas');
    const r = await comparePdf(real('chart-a.pdf'), real('chart-logo.pdf'), { pdf_compare: 'visual' });
    expect(r.metric).toMatch(/^1 of 1 page\(s\) differ at 72 dpi; page 1: \d+ of 250320 pixels \([\d.]+%\) differ/);
    expect(r.artifacts?.map((a) => [a.group, a.role])).toEqual([
      ['page 1', 'expected'],
      ['page 1', 'actual'],
      ['page 1', 'diff'],
    ]);
  });
  it('the visual mode refuses a page over the pixel budget at the asked resolution', async (ctx) => {
    skipWithout(ctx, 'pdfjs-dist', '@napi-rs/canvas');
    const r = await comparePdf(real('chart-a.pdf'), real('chart-logo.pdf'), { pdf_compare: 'visual', render_dpi: 600 });
    expect(r.differences?.[0]?.message).toMatch(/^page 1 at 600 dpi: it declares 3497×4961 px .* lower render_dpi$/);
  });
  it('the metadata mode lists what differs', async (ctx) => {
    skipWithout(ctx, 'pdfjs-dist');
    const r = await comparePdf(real('camlidl.pdf'), real('camlidl-title.pdf'), { pdf_compare: 'metadata' });
    expect(r.differences).toEqual([
      {
        path: 'metadata.Title',
        message: 'Title differs: expected "", got "Camlidl manual, pages 1-3"',
        expected: '',
        actual: 'Camlidl manual, pages 1-3',
      },
    ]);
  });
});

describe('PDF compare core', () => {
  it('lists page count, missing pages and line changes by page', () => {
    const r = comparePdfPages([['Title', 'a b'], ['x']], [['Title', 'a c'], ['x'], ['extra']]);
    expect(r.ok).toBe(false);
    expect(r.differences.map((d) => [d.path, d.message])).toEqual([
      ['pages', 'page count differs: expected 2, got 3'],
      ['page[1]', 'page 1, line 2: - "a b" + "a c"'],
      ['page[3]', 'page 3 is extra in actual (1 line(s), first "extra")'],
    ]);
    expect(comparePdfPages([['a']], [['a']])).toMatchObject({
      ok: true,
      score: 1,
      metric: 'text equal on all 1 page(s) (1 line(s))',
    });
  });
  it('joins text pieces into normalised lines', () => {
    const piece = (str: string, x: number, y: number, width: number) => ({ str, x, y, width, size: 12 });
    expect(
      readingOrder([
        piece('Total:', 20, 100, 30),
        piece('10', 54, 100, 12), // gap of 4 pt → a space
        piece('  spaced   out ', 20, 120, 60),
        piece('end', 20, 140, 10),
        piece('', 0, 0, 0),
      ]),
    ).toEqual(['Total: 10', 'spaced out', 'end']);
  });
  it('keeps side-by-side blocks whole when drawn one after the other, and a table drawn row by row as rows', () => {
    let order = 0;
    const piece = (str: string, x: number, y: number) => ({
      str,
      x,
      y,
      width: str.length * 5,
      size: 10,
      order: order++,
    });
    // an invoice header: the number and date block, then the address block beside it
    const header = [
      piece('Number: 7', 50, 100),
      piece('Date: today', 50, 114),
      piece('Bill to', 350, 100),
      piece('Acme Ltd', 350, 114),
    ];
    expect(readingOrder(header)).toEqual(['Number: 7', 'Date: today', 'Bill to', 'Acme Ltd']);
    order = 0;
    const table = [piece('Widget', 50, 100), piece('2', 350, 100), piece('Gadget', 50, 114), piece('3', 350, 114)];
    expect(readingOrder(table)).toEqual(['Widget 2', 'Gadget 3']);
    // drawn backwards, the table is still read by position
    expect(readingOrder(table.map((p) => ({ ...p, order: 3 - p.order })))).toEqual(['Widget 2', 'Gadget 3']);
  });
  it('names a non-PDF', () => {
    expect(notAPdf(new TextEncoder().encode('%PDF-1.7\n'))).toBeNull();
    expect(notAPdf(new Uint8Array(0))).toBe('the file is empty');
    expect(notAPdf(new TextEncoder().encode('<html>'))).toBe('no %PDF- header; it starts with "<html>" (6 bytes)');
  });
});

describe.skipIf(withoutPdfjs)('loading pdf.js', () => {
  // in a fresh process: the natives are taken before pdf.js is first loaded there
  it('leaves the process with the native Array.prototype.push, JSON.parse and JSON.stringify its polyfills replace', async () => {
    const script = `const natives = [Array.prototype.push, JSON.parse, JSON.stringify];
const { loadPdfjs } = await import(${JSON.stringify(new URL('./pdfjs.ts', import.meta.url).href)});
const loaded = await loadPdfjs();
const now = [Array.prototype.push, JSON.parse, JSON.stringify];
console.log(JSON.stringify({ loaded: 'module' in loaded, natives: now.map((f, i) => f === natives[i]), withResolvers: typeof Promise.withResolvers }));`;
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], (err, out, errOut) =>
        err ? reject(new Error(`${err.message}\n${errOut}`)) : resolve(out),
      );
    });
    expect(JSON.parse(stdout)).toEqual({ loaded: true, natives: [true, true, true], withResolvers: 'function' });
  });
});

describe('PDF degradation', () => {
  it('falls back to size + SHA-256 with degraded set when pdfjs-dist is missing (injected loader)', async () => {
    const degraded = {
      package: 'pdfjs-dist',
      install: 'npm install pdfjs-dist',
      reason: 'pdfjs-dist could not be loaded (test)',
    };
    const r = await comparePdf(file('01a.pdf'), file('02b.pdf'), {}, { pdfjs: async () => ({ degraded }) });
    expect(r.status).toBe('fail');
    expect(r.degraded).toEqual(degraded);
    expect(r.rule).toContain('npm install pdfjs-dist');
    // a non-PDF is still named as such without pdfjs
    expect(
      (await comparePdf(file('01a.pdf'), file('09b.pdf'), {}, { pdfjs: async () => ({ degraded }) })).metric,
    ).toContain('not a PDF');
  });
  it('the visual mode degrades loudly without the canvas package; the text mode does not need it', async (ctx) => {
    skipWithout(ctx, 'pdfjs-dist');
    const degraded = {
      package: '@napi-rs/canvas',
      install: 'npm install @napi-rs/canvas',
      reason: '@napi-rs/canvas could not be loaded (test)',
    };
    const canvas = async () => ({ degraded });
    const r = await comparePdf(file('01a.pdf'), file('04b.pdf'), { pdf_compare: 'visual' }, { canvas });
    expect(r.status).toBe('fail');
    expect(r.degraded).toEqual(degraded);
    expect(r.rule).toBe(
      'size + SHA-256 (rendering PDF pages (pdf_compare: visual) needs @napi-rs/canvas: npm install @napi-rs/canvas)',
    );
    const text = await comparePdf(file('01a.pdf'), file('04b.pdf'), {}, { canvas });
    expect(text.degraded).toBeUndefined();
    expect(text.metric).toBe('1 of 2 page(s) differ (1 of 7 line(s))');
  });
  // pdf.js's Node build loads the canvas package as it loads (~140 ms); reading never needs it
  it('reading PDFs leaves the canvas package unloaded; rendering after reading, and reading after rendering, still work', async (ctx) => {
    skipWithout(ctx, 'pdfjs-dist', '@napi-rs/canvas');
    const probe = fileURLToPath(new URL('loading-probe.ts', casesDir));
    const run = (...pairs: string[]) =>
      new Promise<{ status: string; metric: string; canvasLoaded: boolean; DOMMatrix: string }[]>((resolve, reject) => {
        execFile(process.execPath, ['--import', 'tsx', probe, ...pairs], (err, out, errOut) =>
          err ? reject(new Error(`${err.message}\n${errOut}`)) : resolve(JSON.parse(out)),
        );
      });
    const textMetric = '1 of 2 page(s) differ (1 of 7 line(s))';
    const visualMetric = /^1 of 2 page\(s\) differ at 72 dpi; page 1: \d+ of 90000 pixels/;
    const [read, render, readAgain] = await run('01a.pdf:04b.pdf', '01a.pdf:04b.pdf:visual', '01a.pdf:04b.pdf');
    expect(read).toMatchObject({ status: 'fail', metric: textMetric, canvasLoaded: false, DOMMatrix: 'undefined' });
    expect(render!.metric).toMatch(visualMetric);
    expect(render).toMatchObject({ canvasLoaded: true, DOMMatrix: 'function' });
    expect(readAgain!.metric).toBe(textMetric);
    const [renderFirst, thenRead] = await run('01a.pdf:04b.pdf:visual', '01a.pdf:04b.pdf');
    expect(renderFirst!.metric).toMatch(visualMetric);
    expect(thenRead!.metric).toBe(textMetric);
  });
  it('PIXIE_DISABLE_OPTIONAL=@napi-rs/canvas degrades the visual mode in a fresh process', async () => {
    const probe = fileURLToPath(new URL('degraded-probe.ts', casesDir));
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', probe, '01a.pdf:02b.pdf'],
        {
          env: {
            ...process.env,
            PIXIE_DISABLE_OPTIONAL: '@napi-rs/canvas',
            PIXIE_PROBE_TOLERANCE: '{"pdf_compare":"visual"}',
          },
        },
        (err, out, errOut) => (err ? reject(new Error(`${err.message}\n${errOut}`)) : resolve(out)),
      );
    });
    const [regenerated] = JSON.parse(stdout) as ComparisonResult[];
    expect(regenerated!.degraded).toEqual({
      package: '@napi-rs/canvas',
      install: 'npm install @napi-rs/canvas',
      reason: '@napi-rs/canvas is disabled by PIXIE_DISABLE_OPTIONAL',
    });
  });
  it('PIXIE_DISABLE_OPTIONAL=pdfjs-dist degrades in a fresh process', async () => {
    const probe = fileURLToPath(new URL('degraded-probe.ts', casesDir));
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', probe, '01a.pdf:02b.pdf', '01a.pdf:01a.pdf'],
        { env: { ...process.env, PIXIE_DISABLE_OPTIONAL: 'pdfjs-dist' } },
        (err, out, errOut) => (err ? reject(new Error(`${err.message}\n${errOut}`)) : resolve(out)),
      );
    });
    const [regenerated, same] = JSON.parse(stdout) as ComparisonResult[];
    expect(regenerated!.status).toBe('fail');
    expect(regenerated!.degraded).toEqual({
      package: 'pdfjs-dist',
      install: 'npm install pdfjs-dist',
      reason: 'pdfjs-dist is disabled by PIXIE_DISABLE_OPTIONAL',
    });
    expect(regenerated!.metric).toContain('degraded: pdfjs-dist is disabled');
    expect(same!.status).toBe('pass');
    // identical bytes pass without pdfjs-dist, and still say the comparison was degraded
    expect(same!.degraded).toEqual(regenerated!.degraded);
    expect(same!.metric).toBe(
      'identical bytes (1970 bytes); degraded: pdfjs-dist is disabled by PIXIE_DISABLE_OPTIONAL',
    );
  });
});
