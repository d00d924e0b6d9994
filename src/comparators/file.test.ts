import { describe, expect, it } from 'vitest';
import { csvToTable, FILE_CONTENT_COMPARATORS, fileComparator, fileKind, parseCsv } from './file.js';
import { comparatorTester, paths } from './kit/comparator-tester.test-helper.js';
import { skipWithout } from './optional-installed.test-helper.js';

const tester = comparatorTester(fileComparator, { key: 'f' });
const b64 = (s: string) => Buffer.from(s).toString('base64');
const file = (filename: string, mime: string | undefined, body: string) => ({
  filename,
  ...(mime && { mime_type: mime }),
  data: b64(body),
});

describe('parseCsv (RFC 4180)', () => {
  it('handles quotes, escaped quotes, embedded delimiters and newlines, CRLF, and no trailing record', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n"multi\nline",\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['multi\nline', ''],
    ]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('a\tb\n1\t2', '\t')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
  it('names the line of an unterminated quote', () => {
    expect(parseCsv('a,b\n1,"open\n2,3')).toEqual({ error: 'unterminated quoted field starting on line 2' });
  });
  it('turns numeric-looking cells into numbers', () => {
    expect(csvToTable('\uFEFFn,s\n1.0,007x\n-2e3, 4 \n', ',')).toEqual({
      columns: ['n', 's'],
      rows: [
        [1, '007x'],
        [-2000, 4],
      ],
    });
  });
});

describe('fileComparator', () => {
  it('compares CSV as a table with numeric cells: "1.0" equals "1"', async () => {
    const e = file('t.csv', 'text/csv', 'id,amount\n1,1.0\n2,2.50\n');
    const a = file('t.csv', 'text/csv', 'id,amount\r\n1,1\r\n2,2.5\r\n');
    const r = await tester.compareAsync(e, a);
    expect(r.status).toBe('pass');
    expect(r.rule).toMatch(/rows ordered, cells exact — compared as csv \(text\/csv\)/);
  });

  it('passes table options through for CSV (rows, key, abs) and prefixes paths with content', async () => {
    const e = file('t.csv', 'text/csv', 'id,amount\n1,16470.09\n2,5\n');
    const a = file('t.csv', 'text/csv', 'id,amount\n2,5\n1,16470.085\n');
    expect((await tester.compareAsync(e, a, { rows: 'unordered', abs: 0.005 })).status).toBe('pass');
    expect((await tester.compareAsync(e, a, { key: ['id'], abs: 0.005 })).status).toBe('pass');
    const r = await tester.compareAsync(e, a, { abs: 0.005 });
    expect(paths(r)).toEqual([
      'content.rows[0].id',
      'content.rows[0].amount',
      'content.rows[1].id',
      'content.rows[1].amount',
    ]);
  });

  it('reads MIME from mime_type, mime, content_type, the data URL prefix, or the extension', async () => {
    const body = '{"a": 1}';
    const forms = [
      { filename: 'x.json', mime_type: 'application/json', data: b64(body) },
      { filename: 'x.json', mime: 'application/json', data: b64(body) },
      { filename: 'x.json', content_type: 'application/json; charset=utf-8', data: b64(body) },
      { filename: 'x.json', data: `data:application/json;base64,${b64(body)}` },
      { filename: 'x.json', data: b64(body) },
    ];
    for (const f of forms) {
      const r = await tester.compareAsync(
        forms[0],
        { ...f, data: f.data.replace(b64(body), b64('{"a": 1.0000001}')) },
        { abs: 1e-6 },
      );
      expect(r.status, JSON.stringify(f)).toBe('pass');
      expect(r.rule).toMatch(/compared as json/);
    }
  });

  it('compares JSON structurally with numeric tolerance, listing every difference', async () => {
    const e = file('o.json', 'application/json', '{"total": 1, "items": [1, 2], "ok": true}');
    const a = file('o.json', 'application/vnd.api+json', '{"items": [1, 3], "total": 1.5}');
    const r = await tester.compareAsync(e, a, { abs: 0.1 });
    expect(r.status).toBe('fail');
    expect(paths(r).sort()).toEqual(['content.items[1]', 'content.ok', 'content.total', 'mime_type']);
    expect((await tester.compareAsync(e, file('o.json', 'application/json', '{oops'))).metric).toMatch(
      /^actual file is not valid JSON/,
    );
  });

  it('compares text/* with the text comparator; text_compare selects the mode', async () => {
    const e = { filename: 'r.md', mime_type: 'text/markdown', content: '# Title\n\nBody' };
    const a = { filename: 'r.md', mime_type: 'text/markdown', content: '# Title  \n\nBody\n' };
    const exact = await tester.compareAsync(e, a);
    expect(exact.status).toBe('fail');
    expect(paths(exact)).toContain('content line 1');
    expect((await tester.compareAsync(e, a, { text_compare: 'normalize_whitespace' })).status).toBe('pass');
    expect((await tester.compareAsync(e, a, { text_compare: 'levenshtein', min_similarity: 0.8 })).status).toBe('pass');
    expect((await tester.compareAsync(e, a, { text_compare: 'bogus' })).metric).toMatch(/unknown text_compare 'bogus'/);
  });

  it('reports filename and MIME differences as differences', async () => {
    const r = await tester.compareAsync(
      file('a.bin', 'application/octet-stream', 'x'),
      file('b.bin', 'application/zip', 'x'),
    );
    expect(r.status).toBe('fail');
    expect(paths(r)).toEqual(['filename', 'mime_type']);
    expect(r.differences![0]!.message).toBe('expected filename "a.bin", got "b.bin"');
  });

  it('sends PDFs through the pdf hook of the dispatch map (pdf.ts), identical bytes short-circuiting', async () => {
    expect(fileKind('application/pdf')).toBe('pdf');
    expect(typeof FILE_CONTENT_COMPARATORS.pdf).toBe('function');
    const r = await tester.compareAsync(
      file('a.pdf', 'application/pdf', '%PDF-1.7 a'),
      file('a.pdf', 'application/pdf', '%PDF-1.7 b'),
    );
    expect(r.status).toBe('fail');
    expect(r.rule).toMatch(/compared as pdf \(application\/pdf\)$/);
    const same = await tester.compareAsync(
      file('a.pdf', 'application/pdf', '%PDF same'),
      file('a.pdf', 'application/pdf', '%PDF same'),
    );
    expect(same.status).toBe('pass');
    expect(same.rule).toMatch(/identical bytes/);
  });

  it('reads a 5 MB PDF given as bare base64 in linear time: a failure naming the problem, never a stack overflow', async (ctx) => {
    skipWithout(ctx, 'pdfjs-dist');
    const big = Buffer.alloc(5 * 1024 * 1024, 32);
    big.write('%PDF-1.4\n');
    const b64 = big.toString('base64');
    const r = await tester.compareAsync(
      { filename: 'big.pdf', mime_type: 'application/pdf', data: b64 },
      { filename: 'big.pdf', mime_type: 'application/pdf', data: `${b64.slice(0, -4)}AAAA` },
    );
    expect(r.status).toBe('fail');
    expect(r.metric).toMatch(/^expected PDF could not be read: .* \(fix the fixture\)$/);
  });

  it('compares other binaries by size + SHA-256', async () => {
    const r = await tester.compareAsync(
      file('a.bin', 'application/octet-stream', 'bytes a'),
      file('a.bin', 'application/octet-stream', 'bytes b'),
    );
    expect(r.status).toBe('fail');
    expect(r.metric).toMatch(/^sha256 [0-9a-f]{8}… vs [0-9a-f]{8}… \(size 7 vs 7\)$/);
    expect(paths(r)).toEqual(['content']);
  });

  it('sha256 mode compares bytes only, even for CSV', async () => {
    const e = file('t.csv', 'text/csv', 'a\n1.0\n');
    const a = file('t.csv', 'text/csv', 'a\n1\n');
    expect((await tester.compareAsync(e, a)).status).toBe('pass');
    expect((await tester.compareAsync(e, a, { compare: 'sha256' })).status).toBe('fail');
    expect((await tester.compareAsync(e, a, { compare: 'size_sha256' })).status).toBe('fail');
  });

  it('fails on garbage without throwing, and skips', async () => {
    expect((await tester.compareAsync(file('a', 'text/plain', 'x'), 42)).metric).toBe(
      'actual is a number (42), expected a file {filename, data, mime_type} or a data URL',
    );
    expect((await tester.compareAsync(file('a', 'text/plain', 'x'), { filename: 'a' })).metric).toMatch(
      /^actual file has no content/,
    );
    expect(
      (await tester.compareAsync(file('t.csv', 'text/csv', 'a\n1'), file('t.csv', 'text/csv', 'a\n"1'))).metric,
    ).toMatch(/^actual file is not valid CSV: unterminated quoted field/);
    expect((await tester.compareAsync(1, 2, { compare: 'skip' })).status).toBe('skip');
    expect(
      (await tester.compareAsync(file('a', 'text/plain', 'x'), file('a', 'text/plain', 'x'), { compare: 'pdf_text' }))
        .metric,
    ).toMatch(/unknown compare mode 'pdf_text'/);
  });
});
