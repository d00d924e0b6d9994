// The file comparator: decode both files (MIME from mime_type/mime/content_type, else the data URL
// prefix, else the filename's extension; payload as data URL or base64), report filename and MIME
// differences, then compare the content by kind: JSON structurally, CSV/TSV as a table with numeric
// cells ("1.0" equals "1"), text/* with the text comparator, PDFs by pdf/pdf.ts,
// everything else by size + SHA-256.
import type { OutputType } from '../model/manifest.js';
import type { Difference } from '../model/report.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { deepCompare } from './kit/deep-compare.js';
import { describeNumericTolerance, numericTolerance } from './kit/numeric-tolerance.js';
import { garbageResult, skipped } from './kit/result.js';
import { canonicalJson, describeValue } from './kit/value.js';
import { bytesOfString, compareBySha256 } from './sha256.js';
import { comparePdf, PDF_MODES } from './pdf/pdf.js';
import { loadPdfjs } from './pdf/pdfjs.js';
import { PIXEL_OPTIONS } from './image/settings.js';
import { TABLE_OPTIONS } from './table/options.js';
import { compareTableValues } from './table/table.js';
import { compareTextValues, TEXT_MODES } from './text.js';
import type { Comparator, ComparisonResult } from './types.js';
import type { Tolerance } from '../model/tolerance.js';

const FILE_MODES = ['mime_dispatch', 'sha256', 'size_sha256'] as const;

interface DecodedFile {
  filename: string | null;
  /** normalised: lower case, parameters dropped; null when nothing says */
  mime: string | null;
  bytes: Buffer;
}

export type FileKind = 'json' | 'csv' | 'tsv' | 'text' | 'pdf' | 'binary';

export type FileContentComparator = (
  expected: DecodedFile,
  actual: DecodedFile,
  tolerance: Tolerance,
  echo: { expected: unknown; actual: unknown },
) => ComparisonResult | Promise<ComparisonResult>;

const EXTENSION_MIME: Record<string, string> = {
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  txt: 'text/plain',
  md: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
  xml: 'application/xml',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
  zip: 'application/zip',
};

function normaliseMime(m: string): string {
  return m.split(';')[0]!.trim().toLowerCase();
}

export function fileKind(mime: string | null): FileKind {
  if (!mime) return 'binary';
  if (mime === 'application/json' || mime.endsWith('+json') || mime === 'text/json') return 'json';
  if (mime === 'text/csv' || mime === 'application/csv') return 'csv';
  if (mime === 'text/tab-separated-values') return 'tsv';
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('text/') || mime === 'application/xml' || mime.endsWith('+xml')) return 'text';
  return 'binary';
}

function readFile(which: 'expected' | 'actual', v: unknown): DecodedFile | string {
  if (typeof v === 'string') {
    const got = bytesOfString(v);
    return { filename: null, mime: got.mime ?? (got.source === 'text' ? 'text/plain' : null), bytes: got.bytes };
  }
  if (!isPlainObject(v))
    return `${which} is ${describeValue(v)}, expected a file {filename, data, mime_type} or a data URL`;
  const filename = typeof v.filename === 'string' ? v.filename : typeof v.name === 'string' ? v.name : null;
  const declared = [v.mime_type, v.mime, v.content_type].find(
    (m): m is string => typeof m === 'string' && m.trim() !== '',
  );
  let bytes: Buffer | null = null;
  let prefixMime: string | undefined;
  for (const field of ['data', 'data_url', 'content', 'value']) {
    const p = v[field];
    if (p === undefined || p === null) continue;
    if (typeof p === 'string') {
      const got = bytesOfString(p);
      bytes = got.bytes;
      prefixMime = got.mime;
    } else {
      // inline structured content, e.g. {"content": {"a": 1}}
      bytes = Buffer.from(canonicalJson(p), 'utf8');
      prefixMime = 'application/json';
    }
    break;
  }
  if (!bytes) return `${which} file has no content (expected one of data, data_url, content, value)`;
  const ext = filename?.match(/\.([A-Za-z0-9]+)$/)?.[1]?.toLowerCase();
  const mime = declared ?? prefixMime ?? (ext ? EXTENSION_MIME[ext] : undefined);
  return { filename, mime: mime ? normaliseMime(mime) : null, bytes };
}

/**
 * RFC 4180 records: quoted fields with "" escapes and embedded newlines, CRLF or LF line ends, no
 * record for a final line break. Written here because it is forty lines and the project has no
 * CSV dependency; it is lenient about text after a closing quote (kept, as spreadsheets do).
 */
export function parseCsv(text: string, delimiter = ','): string[][] | { error: string } {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  let line = 1;
  const n = text.length;
  let fieldStarted = false;
  while (i < n) {
    const ch = text[i]!;
    if (ch === '"' && !fieldStarted) {
      const startLine = line;
      i++;
      for (;;) {
        if (i >= n) return { error: `unterminated quoted field starting on line ${startLine}` };
        const q = text[i]!;
        if (q === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (q === '\n') line++;
        field += q;
        i++;
      }
      fieldStarted = true;
      continue;
    }
    if (ch === delimiter) {
      record.push(field);
      field = '';
      fieldStarted = false;
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      fieldStarted = false;
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      continue;
    }
    field += ch;
    fieldStarted = true;
    i++;
  }
  if (fieldStarted || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

const NUMERIC_CELL = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/** CSV text → a table value whose numeric-looking cells are numbers ("1.0" equals "1"). */
export function csvToTable(
  text: string,
  delimiter: string,
): { columns: string[]; rows: unknown[][] } | { error: string } {
  const parsed = parseCsv(text.replace(/^\uFEFF/, ''), delimiter);
  if ('error' in parsed) return parsed;
  const [header = [], ...body] = parsed;
  return { columns: header, rows: body.map((r) => r.map((cell) => (NUMERIC_CELL.test(cell) ? Number(cell) : cell))) };
}

const utf8 = (b: Buffer): string => b.toString('utf8').replace(/^\uFEFF/, '');

/** Options of the text/table comparators, without the file's own `compare`. */
function innerTolerance(tolerance: Tolerance): Tolerance {
  const { compare: _compare, text_compare: _text, ...rest } = tolerance;
  return rest;
}

const compareJsonFiles: FileContentComparator = (e, a, tolerance, echo) => {
  const tol = numericTolerance(tolerance);
  const rule = `json structural, numbers ${describeNumericTolerance(tol)}`;
  let ev: unknown;
  let av: unknown;
  try {
    ev = JSON.parse(utf8(e.bytes));
  } catch (err) {
    return garbageResult(
      `expected file is not valid JSON: ${(err as Error).message}`,
      echo.expected,
      echo.actual,
      tolerance,
      rule,
    );
  }
  try {
    av = JSON.parse(utf8(a.bytes));
  } catch (err) {
    return garbageResult(
      `actual file is not valid JSON: ${(err as Error).message}`,
      echo.expected,
      echo.actual,
      tolerance,
      rule,
    );
  }
  const differences = deepCompare(ev, av, '', tol);
  const ok = differences.length === 0;
  return {
    status: ok ? 'pass' : 'fail',
    score: ok ? 1 : 1 / (1 + differences.length),
    metric: ok ? 'json equal' : `${differences.length} JSON difference(s)`,
    rule,
    expected: echo.expected,
    actual: echo.actual,
    tolerance,
    differences,
  };
};

function csvComparator(delimiter: string): FileContentComparator {
  return (e, a, tolerance, echo) => {
    const et = csvToTable(utf8(e.bytes), delimiter);
    if ('error' in et)
      return garbageResult(
        `expected file is not valid CSV: ${et.error}`,
        echo.expected,
        echo.actual,
        tolerance,
        'csv as a table',
      );
    const at = csvToTable(utf8(a.bytes), delimiter);
    if ('error' in at)
      return garbageResult(
        `actual file is not valid CSV: ${at.error}`,
        echo.expected,
        echo.actual,
        tolerance,
        'csv as a table',
      );
    return compareTableValues(et, at, innerTolerance(tolerance), echo);
  };
}

const compareTextFiles: FileContentComparator = (e, a, tolerance, echo) => {
  const mode = typeof tolerance.text_compare === 'string' ? tolerance.text_compare : 'exact';
  return compareTextValues(utf8(e.bytes), utf8(a.bytes), mode, innerTolerance(tolerance), 'file', echo);
};

const compareBinaryFiles: FileContentComparator = (e, a, tolerance, echo) =>
  compareBySha256(e.bytes, a.bytes, echo, tolerance);

/**
 * Content comparison per kind. `pdf` is the hook for the PDF comparator (pdf/pdf.ts: text in reading
 * order, rendered pages, metadata or page count; size + SHA-256 with `degraded` without pdfjs-dist).
 */
export const FILE_CONTENT_COMPARATORS: Record<FileKind, FileContentComparator> = {
  json: compareJsonFiles,
  csv: csvComparator(','),
  tsv: csvComparator('\t'),
  text: compareTextFiles,
  pdf: (e, a, tolerance) => comparePdf(e.bytes, a.bytes, tolerance),
  binary: compareBinaryFiles,
};

function prefixPath(p: string): string {
  if (!p) return 'content';
  if (p.startsWith('[')) return `content${p}`;
  if (/^line \d+/.test(p)) return `content ${p}`;
  return `content.${p}`;
}

export const fileComparator: Comparator = {
  // a file output exported as PDF by default will be compared by pdf.js, the largest package pixie
  // loads; its worker too (~40 ms to compile), which pdf.js then takes from globalThis.pdfjsWorker
  warm: (output) => {
    if (output.default_export_format !== 'pdf') return;
    void loadPdfjs().catch(() => null);
  },
  name: 'file',
  types: ['file'],
  modes: FILE_MODES,
  options: {
    ...TABLE_OPTIONS,
    text_compare: { enum: TEXT_MODES },
    min_similarity: 'number',
    regex_flags: 'string',
    pdf_compare: { enum: PDF_MODES },
    render_dpi: 'number',
    ...PIXEL_OPTIONS,
  },
  defaults(_type: OutputType): Tolerance {
    return { compare: 'mime_dispatch' };
  },
  async compare({ expected, actual, tolerance }): Promise<ComparisonResult> {
    const mode = tolerance.compare ?? 'mime_dispatch';
    if (mode === 'skip') return skipped(tolerance, expected, actual);
    const echo = { expected, actual };
    if (!(FILE_MODES as readonly string[]).includes(mode)) {
      return garbageResult(
        `unknown compare mode '${mode}' (expected one of: ${[...FILE_MODES, 'skip'].join(', ')})`,
        expected,
        actual,
        tolerance,
        `compare: ${mode}`,
      );
    }
    const textMode = tolerance.text_compare;
    if (textMode !== undefined && !(TEXT_MODES as readonly string[]).includes(String(textMode))) {
      return garbageResult(
        `unknown text_compare '${String(textMode)}' (expected one of: ${TEXT_MODES.join(', ')})`,
        expected,
        actual,
        tolerance,
        `text_compare: ${String(textMode)}`,
      );
    }
    const e = readFile('expected', expected);
    if (typeof e === 'string') return garbageResult(e, expected, actual, tolerance, 'file');
    const a = readFile('actual', actual);
    if (typeof a === 'string') return garbageResult(a, expected, actual, tolerance, 'file');

    const meta: Difference[] = [];
    if (e.filename !== null && e.filename !== a.filename) {
      meta.push({
        path: 'filename',
        message: `expected filename ${JSON.stringify(e.filename)}, got ${a.filename === null ? 'none' : JSON.stringify(a.filename)}`,
        kind: 'changed',
        expected: e.filename,
        actual: a.filename,
      });
    }
    if (e.mime !== a.mime) {
      meta.push({
        path: 'mime_type',
        message: `expected MIME type ${e.mime ?? '(none)'}, got ${a.mime ?? '(none)'}`,
        kind: 'changed',
        expected: e.mime,
        actual: a.mime,
      });
    }

    const kind = fileKind(e.mime);
    let content: ComparisonResult;
    let how: string;
    try {
      if (mode !== 'mime_dispatch') {
        content = compareBySha256(e.bytes, a.bytes, echo, tolerance);
        how = 'size + SHA-256';
      } else if (e.bytes.equals(a.bytes)) {
        content = compareBySha256(e.bytes, a.bytes, echo, tolerance);
        how = `${e.mime ?? 'unknown type'}, identical bytes`;
      } else if (kind !== fileKind(a.mime)) {
        content = compareBySha256(e.bytes, a.bytes, echo, tolerance);
        how = 'size + SHA-256 (the files are of different kinds)';
      } else {
        content = await FILE_CONTENT_COMPARATORS[kind](e, a, tolerance, echo);
        how = `${kind} (${e.mime ?? 'unknown type'})`;
      }
    } catch (err) {
      return garbageResult(
        `could not compare file content: ${(err as Error).message}`,
        expected,
        actual,
        tolerance,
        'file',
      );
    }
    if (content.status === 'skip') return content;
    const differences = [...meta, ...(content.differences ?? []).map((d) => ({ ...d, path: prefixPath(d.path) }))];
    const ok = content.status !== 'fail' && meta.length === 0;
    const metaText = meta.map((d) => `${d.path} differs`).join(', ');
    return {
      ...content,
      status: ok ? content.status : 'fail',
      score: meta.length ? Math.min(content.score, 0.5) : content.score,
      metric: `${content.metric}${metaText ? `; ${metaText}` : ''}`,
      rule: `${content.rule} — compared as ${how}`,
      expected,
      actual,
      tolerance,
      differences,
    };
  },
};
