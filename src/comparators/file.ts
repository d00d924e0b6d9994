// The file comparator: decode both files (MIME from mime_type/mime/content_type, else the data URL
// prefix, else the filename's extension; payload as data URL or base64), report filename and MIME
// differences, then compare the content by kind: JSON structurally, CSV/TSV as a table with numeric
// cells ("1.0" equals "1"), text/* with the text comparator, PDFs by pdf/pdf.ts,
// everything else by size + SHA-256.
import type { OutputType } from '../model/manifest.js';
import type { Difference } from '../model/report.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { deepCompare } from './kit/deep-compare.js';
import { describeNumericTolerance, numericTolerance, type NumericTolerance } from './kit/numeric-tolerance.js';
import { garbageResult, skipped, unknownModeResult } from './kit/result.js';
import { canonicalJson, describeValue } from './kit/value.js';
import { bytesOfString, compareBySha256 } from './sha256.js';
import { comparePdf, PDF_MODES } from './pdf/pdf.js';
import { loadPdfjs } from './pdf/pdfjs.js';
import { PIXEL_OPTIONS } from './image/settings.js';
import { TABLE_OPTIONS } from './table/options.js';
import { compareTableValues } from './table/table.js';
import { compareTextValues, NORMALIZATION_FORMS, TEXT_MODES } from './text.js';
import type { Comparator, ComparisonResult } from './types.js';
import type { Tolerance } from '../model/tolerance.js';
import type { MessageTable } from '../util/message-table.js';
import { parseJson } from '../util/python-json.js';

const FILE_MODES = ['mime_dispatch', 'sha256', 'size_sha256'] as const;

type Side = 'expected' | 'actual';

const messages = {
  notAFile: (side: Side, v: unknown) =>
    `${side} is ${describeValue(v)}, expected a file {filename, data, mime_type} or a data URL`,
  noContent: (side: Side) => `${side} file has no content (expected one of data, data_url, content, value)`,
  unterminated: (line: number) => `unterminated quoted field starting on line ${line}`,
  jsonRule: (tol: NumericTolerance) => `json structural, numbers ${describeNumericTolerance(tol)}`,
  notJson: (side: Side, error: string) => `${side} file is not valid JSON: ${error}`,
  jsonEqual: () => 'json equal',
  jsonDiffer: (n: number) => `${n} JSON difference(s)`,
  csvRule: () => 'csv as a table',
  notCsv: (side: Side, error: string) => `${side} file is not valid CSV: ${error}`,
  unknownTextMode: (mode: string) => `unknown text_compare '${mode}' (expected one of: ${TEXT_MODES.join(', ')})`,
  textModeRule: (mode: string) => `text_compare: ${mode}`,
  filenameDiffers: (e: string, a: string | null) =>
    `expected filename ${JSON.stringify(e)}, got ${a === null ? 'none' : JSON.stringify(a)}`,
  mimeDiffers: (e: string | null, a: string | null) => `expected MIME type ${e ?? '(none)'}, got ${a ?? '(none)'}`,
  // how the content was compared, as the rule says after "compared as"
  bySha256: () => 'size + SHA-256',
  identicalBytes: (mime: string | null) => `${mime ?? 'unknown type'}, identical bytes`,
  differentKinds: () => 'size + SHA-256 (the files are of different kinds)',
  byKind: (kind: FileKind, mime: string | null) => `${kind} (${mime ?? 'unknown type'})`,
  couldNotCompare: (error: string) => `could not compare file content: ${error}`,
  /** the content's metric, then the metadata fields (filename, mime_type) that differ */
  metric: (content: string, differing: string[]) =>
    `${content}${differing.length ? `; ${differing.map((field) => `${field} differs`).join(', ')}` : ''}`,
  rule: (content: string, how: string) => `${content} — compared as ${how}`,
} satisfies MessageTable;

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

function readFile(which: Side, v: unknown): DecodedFile | string {
  if (typeof v === 'string') {
    const got = bytesOfString(v);
    return { filename: null, mime: got.mime ?? (got.source === 'text' ? 'text/plain' : null), bytes: got.bytes };
  }
  if (!isPlainObject(v)) return messages.notAFile(which, v);
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
  if (!bytes) return messages.noContent(which);
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
        if (i >= n) return { error: messages.unterminated(startLine) };
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
  const rule = messages.jsonRule(tol);
  const fail = (side: Side, err: unknown): ComparisonResult =>
    garbageResult(messages.notJson(side, (err as Error).message), echo.expected, echo.actual, tolerance, rule);
  let ev: unknown;
  let av: unknown;
  try {
    ev = parseJson(utf8(e.bytes));
  } catch (err) {
    return fail('expected', err);
  }
  try {
    av = parseJson(utf8(a.bytes));
  } catch (err) {
    return fail('actual', err);
  }
  const differences = deepCompare(ev, av, '', tol);
  const ok = differences.length === 0;
  return {
    status: ok ? 'pass' : 'fail',
    score: ok ? 1 : 1 / (1 + differences.length),
    metric: ok ? messages.jsonEqual() : messages.jsonDiffer(differences.length),
    rule,
    expected: echo.expected,
    actual: echo.actual,
    tolerance,
    differences,
  };
};

function csvComparator(delimiter: string): FileContentComparator {
  return (e, a, tolerance, echo) => {
    const fail = (side: Side, error: string): ComparisonResult =>
      garbageResult(messages.notCsv(side, error), echo.expected, echo.actual, tolerance, messages.csvRule());
    const et = csvToTable(utf8(e.bytes), delimiter);
    if ('error' in et) return fail('expected', et.error);
    const at = csvToTable(utf8(a.bytes), delimiter);
    if ('error' in at) return fail('actual', at.error);
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
  messages,
  options: {
    ...TABLE_OPTIONS,
    text_compare: { enum: TEXT_MODES },
    min_similarity: 'number',
    regex_flags: 'string',
    normalize: { enum: NORMALIZATION_FORMS },
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
    if (!(FILE_MODES as readonly string[]).includes(mode))
      return unknownModeResult(mode, FILE_MODES, expected, actual, tolerance);
    const textMode = tolerance.text_compare;
    if (textMode !== undefined && !(TEXT_MODES as readonly string[]).includes(String(textMode))) {
      return garbageResult(
        messages.unknownTextMode(String(textMode)),
        expected,
        actual,
        tolerance,
        messages.textModeRule(String(textMode)),
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
        message: messages.filenameDiffers(e.filename, a.filename),
        kind: 'changed',
        expected: e.filename,
        actual: a.filename,
      });
    }
    if (e.mime !== a.mime) {
      meta.push({
        path: 'mime_type',
        message: messages.mimeDiffers(e.mime, a.mime),
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
        how = messages.bySha256();
      } else if (e.bytes.equals(a.bytes)) {
        content = compareBySha256(e.bytes, a.bytes, echo, tolerance);
        how = messages.identicalBytes(e.mime);
      } else if (kind !== fileKind(a.mime)) {
        content = compareBySha256(e.bytes, a.bytes, echo, tolerance);
        how = messages.differentKinds();
      } else {
        content = await FILE_CONTENT_COMPARATORS[kind](e, a, tolerance, echo);
        how = messages.byKind(kind, e.mime);
      }
    } catch (err) {
      return garbageResult(messages.couldNotCompare((err as Error).message), expected, actual, tolerance, 'file');
    }
    if (content.status === 'skip') return content;
    const differences = [...meta, ...(content.differences ?? []).map((d) => ({ ...d, path: prefixPath(d.path) }))];
    const ok = content.status !== 'fail' && meta.length === 0;
    return {
      ...content,
      status: ok ? content.status : 'fail',
      score: meta.length ? Math.min(content.score, 0.5) : content.score,
      metric: messages.metric(
        content.metric,
        meta.map((d) => d.path),
      ),
      rule: messages.rule(content.rule, how),
      expected,
      actual,
      tolerance,
      differences,
    };
  },
};
