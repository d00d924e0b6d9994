// JSON.parse for a document that may hold a large table (docs/comparators.md, "Large tables"):
// the long lists of rows at the paths the caller names (a fixture's expected_outputs.<table>.rows,
// a /run answer's <table>.rows) become columns (util/row-columns.ts) instead of a JavaScript array
// per row. Written by hand because no JSON library does this at JSON.parse's speed: streaming
// parsers (stream-json, @streamparser/json) tokenise in JavaScript, several times slower than
// JSON.parse. Here JSON.parse still reads every value; this file only finds where the row lists
// are, by a scan of the UTF-8 bytes for brackets and quotes (ASCII, so never inside a multi-byte
// character), and hands JSON.parse the rest of the document and the rows some 64 KiB at a time,
// decoded slice by slice: neither the rows as arrays nor a /run answer as one string is ever held
// whole. Anything unexpected (text JSON.parse refuses, rows of different shapes) falls back to one
// JSON.parse of the whole text: same value, same error. Every JSON.parse here is parseJson
// (util/python-json.ts), which also reads NaN, the infinities and long numbers as Python's json does.
import { stringEnd, stringText } from './json-bytes.js';
import { parseJson } from './python-json.js';
import { RowColumnsBuilder, rowsArray } from './row-columns.js';

export type JsonPath = readonly (string | number)[];

/**
 * Where the table outputs' rows lie in a record of output values found at `under` (a /run answer:
 * []; a fixture: ["expected_outputs"]): `<key>` (a bare list of rows) or `<key>.rows`. Undefined
 * when no output is a table.
 */
export function tableRowsIn(
  outputs: readonly { key: string; type: string }[],
  under: readonly string[] = [],
): ((path: JsonPath) => boolean) | undefined {
  const tables = new Set(outputs.filter((o) => o.type === 'table').map((o) => o.key));
  if (tables.size === 0) return undefined;
  return (path) => {
    if (!under.every((segment, i) => path[i] === segment)) return false;
    const [key, rows] = path.slice(under.length);
    const depth = path.length - under.length;
    return typeof key === 'string' && tables.has(key) && (depth === 1 || (depth === 2 && rows === 'rows'));
  };
}

/** Row lists shorter than this (bytes of JSON) are parsed as usual: columns pay off only for large tables. */
const ROW_COLUMNS_MIN_BYTES = 1024 * 1024;

/** Bytes of rows handed to JSON.parse at once: small enough that the rows it makes die young. */
const SLICE_BYTES = 64 * 1024;

/** Only paths this deep are followed (a fixture's expected_outputs.<key>.rows is 3 keys deep). */
const MAX_PATH = 4;

/** A list of rows found in the document (byte offsets): `[` at `open`, `]` at `close`, commas between rows at `cuts`. */
interface RowList {
  path: (string | number)[];
  open: number;
  close: number;
  count: number;
  /** every ~SLICE_BYTES, the offset of a comma that separates two rows */
  cuts: number[];
}

class NotPlainJson extends Error {}

/** Index of the quote that closes the string opened at `at`; text JSON.parse would refuse when none does. */
function closingQuote(bytes: Buffer, at: number): number {
  const end = stringEnd(bytes, at);
  if (end < 0) throw new NotPlainJson();
  return end;
}

/** Scans the list whose `[` is at `open`: its closing `]`, its rows and where to cut it. */
function scanRows(bytes: Buffer, open: number, path: (string | number)[]): RowList {
  const cuts: number[] = [];
  let depth = 0;
  let count = 0;
  let content = false;
  let last = open;
  for (let i = open + 1; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c === 0x22) {
      i = closingQuote(bytes, i);
      content = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth++;
      content = true;
    } else if (c === 0x5d || c === 0x7d) {
      if (depth === 0) return { path, open, close: i, count: content ? count + 1 : 0, cuts };
      depth--;
    } else if (c === 0x2c && depth === 0) {
      count++;
      if (i - last > SLICE_BYTES) {
        cuts.push(i);
        last = i;
      }
    } else if (c > 0x20) content = true;
  }
  throw new NotPlainJson();
}

/** The row lists in the document at paths `isRows` accepts, in document order. */
function findRowLists(bytes: Buffer, isRows: (path: JsonPath) => boolean, minBytes: number): RowList[] {
  const lists: RowList[] = [];
  // per open container: its key so far (an object) or index (an array); deeper than MAX_PATH only counted
  const path: (string | number)[] = [];
  const isObject: boolean[] = [];
  let depth = 0;
  let expectKey = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c === 0x22) {
      const end = closingQuote(bytes, i);
      if (expectKey && depth <= MAX_PATH) path[depth - 1] = stringText(bytes, i, end);
      expectKey = false;
      i = end;
    } else if (c === 0x5b && depth < MAX_PATH && isRows(path.slice(0, depth))) {
      const list = scanRows(bytes, i, path.slice(0, depth));
      if (list.close - list.open >= minBytes) lists.push(list);
      i = list.close;
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth <= MAX_PATH) {
        isObject[depth - 1] = c === 0x7b;
        path[depth - 1] = c === 0x7b ? '' : 0;
      }
      expectKey = c === 0x7b;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
      expectKey = false;
    } else if (c === 0x2c && depth > 0 && depth <= MAX_PATH) {
      if (isObject[depth - 1]) expectKey = true;
      else path[depth - 1] = (path[depth - 1] as number) + 1;
    }
  }
  return lists;
}

/**
 * The rows of one list as columns, or null when they are not all alike (arrays of one length, or
 * objects with the same keys in the same order) and are better kept as JSON.parse makes them.
 */
function columnsOf(bytes: Buffer, list: RowList): unknown[] | null {
  const ends = [...list.cuts, list.close];
  let from = list.open + 1;
  let builder: RowColumnsBuilder | undefined;
  for (const end of ends) {
    const rows = parseJson(`[${bytes.toString('utf8', from, end)}]`) as unknown[];
    from = end + 1;
    for (const row of rows) {
      if (typeof row !== 'object' || row === null) return null;
      if (Array.isArray(row)) {
        builder ??= new RowColumnsBuilder(list.count, null, row.length);
        if (builder.keys !== null || row.length !== builder.width) return null;
        for (let c = 0; c < row.length; c++) builder.set(c, row[c]);
      } else {
        const keys = Object.keys(row);
        // a key named __proto__ cannot be set back by assignment when the row is made again
        builder ??= keys.includes('__proto__') ? undefined : new RowColumnsBuilder(list.count, keys, keys.length);
        if (!builder?.keys || keys.length !== builder.width) return null;
        for (let c = 0; c < keys.length; c++) {
          if (keys[c] !== builder.keys[c]) return null;
          builder.set(c, (row as Record<string, unknown>)[keys[c]!]);
        }
      }
      builder.next();
    }
  }
  if (!builder || builder.rows !== list.count) throw new NotPlainJson();
  return rowsArray(builder.build());
}

/**
 * JSON.parse of a document (its text, or its UTF-8 bytes: a /run answer need never be one string),
 * except that a list of rows at a path `isRows` accepts (the path of the list itself:
 * ["expected_outputs", "table", "rows"]) and at least `minBytes` long is held as columns. Throws
 * what JSON.parse throws.
 */
export function parseJsonWithRowColumns(
  input: string | Buffer,
  isRows: (path: JsonPath) => boolean,
  minBytes = ROW_COLUMNS_MIN_BYTES,
): unknown {
  const whole = () => parseJson(typeof input === 'string' ? input : input.toString('utf8'));
  if (input.length < minBytes) return whole();
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  try {
    const lists = findRowLists(bytes, isRows, minBytes);
    if (lists.length === 0) return whole();
    // the document with each list replaced by a string no value holds, to find where it ended up
    // (a key written twice keeps only its last value, as in JSON.parse)
    const token = `\u0000pixie-rows-${Math.random().toString(36).slice(2)}-`;
    const pieces: string[] = [];
    let at = 0;
    lists.forEach((list, k) => {
      pieces.push(bytes.toString('utf8', at, list.open), JSON.stringify(token + k));
      at = list.close + 1;
    });
    pieces.push(bytes.toString('utf8', at));
    let doc = parseJson(pieces.join(''));
    lists.forEach((list, k) => {
      let parent: unknown = null;
      let node: unknown = doc;
      for (const segment of list.path) {
        parent = node;
        node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[segment] : undefined;
      }
      if (node !== token + k) return;
      const rows = columnsOf(bytes, list) ?? parseJson(bytes.toString('utf8', list.open, list.close + 1));
      if (list.path.length === 0) doc = rows;
      else (parent as Record<string | number, unknown>)[list.path[list.path.length - 1]!] = rows;
    });
    return doc;
  } catch (err) {
    if (!(err instanceof NotPlainJson) && !(err instanceof SyntaxError)) throw err;
    return whole();
  }
}
