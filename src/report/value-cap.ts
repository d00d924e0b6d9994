// The one place where values are copied into a report (docs/report.md, "Large values"): a value
// larger than the per-value limit, nested deeper than the depth limit, or arriving after the
// report's values have used their total is replaced by a marker that notes its size and SHA-256
// (and, for a media value, where its bytes were written). Comparators see the full values while
// comparing; only what the report keeps is capped, so four 255 MiB responses cannot crash `--json`
// or the dashboard. Raising the limits (`--json-full`, an option, or the environment variables)
// lifts the cap. A value's JSON text is the one pixie writes: NaN and long numbers as Python's json
// writes them (util/python-json.ts).
import type { ValueCapLimits } from '../model/options.js';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatSize, limit, limitHint } from '../limits.js';
import { excerpt } from '../source/excerpt.js';
import { JsonNumber, numberText } from '../util/json-number.js';
import { stringifyJson } from '../util/python-json.js';
import { type Children, childrenOf, type RowColumns, rowColumnsOf } from '../util/row-columns.js';
import { sameJsonText } from './same-json.js';

/** What a report holds in place of a value it did not keep. */
export interface TruncatedValue {
  $truncated: {
    /** the value's size as JSON text (at least this much, when `more` is set) */
    json_chars: number;
    /** what the value was: "a string", "a list of 1300000 items", … */
    kind: string;
    /** its first characters, escaped */
    preview: string;
    /** why it was not kept, with the limit and how to raise it */
    why: string;
    /** SHA-256 of the value's JSON text (UTF-8, as pixie writes it), to tell two large values apart */
    sha256: string;
    /** a media value (an image, a sound, a PDF, a file): where its bytes were written */
    file?: string;
  };
}

export function isTruncatedValue(v: unknown): v is TruncatedValue {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.keys(v).length === 1 &&
    typeof (v as { $truncated?: unknown }).$truncated === 'object'
  );
}

export interface ValueCap {
  /** the limits it enforces (a repeated fixture's runs each get a cap of their own with them) */
  readonly limits: ValueCapLimits;
  /**
   * the value itself when the report may keep it, else a TruncatedValue marker (`media`: write its
   * bytes to a file; `sameAs`: a value it may well equal, whose digest it takes when their JSON
   * text is the same, as a tool's answer that matches its fixture does)
   */
  keep(value: unknown, opts?: { media?: boolean; sameAs?: unknown }): unknown;
  /** an object of values (inputs, a response) with each value kept or replaced on its own */
  keepEach(record: Record<string, unknown>): Record<string, unknown>;
}

/** The limits in force (environment variables or defaults), with any of them overridden. */
export function valueCapLimits(overrides: Partial<ValueCapLimits> = {}): ValueCapLimits {
  return {
    valueChars: overrides.valueChars ?? limit('reportValueChars'),
    totalChars: overrides.totalChars ?? limit('reportTotalChars'),
    depth: overrides.depth ?? limit('depth'),
  };
}

/** Where the bytes of media values a report does not keep are written, named by their hash. */
function mediaValuesDir(): string {
  return path.join(os.tmpdir(), 'pixie-values');
}

/** A cap for one report: the total is shared by every value it keeps. */
export function createValueCap(limits: ValueCapLimits = valueCapLimits()): ValueCap {
  let used = 0;
  const cap: ValueCap = {
    limits,
    keepEach(record) {
      // fromEntries defines each key as an own property, even one named __proto__
      return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, cap.keep(v)]));
    },
    keep(value, opts = {}) {
      if (value === null || typeof value !== 'object') {
        if (typeof value !== 'string') return value;
        const chars = jsonStringChars(value, limits.valueChars);
        if (chars <= limits.valueChars && used + chars <= limits.totalChars) {
          used += chars;
          return value;
        }
      }
      // counted exactly while it may be kept; past the limit, its text is hashed and counted in pieces
      const size = measure(value, limits.depth, limits.valueChars);
      if (!size.deeper && size.chars <= limits.valueChars && used + size.chars <= limits.totalChars) {
        used += size.chars;
        return value;
      }
      const twin = isObject(opts.sameAs) ? digests.get(opts.sameAs) : undefined;
      if (twin && isObject(value) && !digests.has(value) && sameJsonText(value, opts.sameAs)) digests.set(value, twin);
      const { chars, sha256 } = digest(value);
      const why = size.deeper
        ? `it nests more than ${limits.depth} levels deep, more than a report keeps (PIXIE_MAX_DEPTH)`
        : chars > limits.valueChars
          ? `it is larger than the ${capWords(limits.valueChars, 'reportValueChars')} a report keeps of one value`
          : `the report's values had already used the ${capWords(limits.totalChars, 'reportTotalChars')} it keeps in total`;
      const file = opts.media ? writeMedia(value, sha256) : undefined;
      const marker: TruncatedValue = {
        $truncated: {
          json_chars: chars,
          kind: kindOf(value),
          preview: previewOf(value),
          why,
          sha256,
          ...(file ? { file } : {}),
        },
      };
      return marker;
    },
  };
  return cap;
}

function capWords(chars: number, name: 'reportValueChars' | 'reportTotalChars'): string {
  return chars === limit(name) ? limitHint(name) : formatSize(chars);
}

function kindOf(v: unknown): string {
  if (typeof v === 'string') return `a string of ${v.length} characters`;
  if (v instanceof JsonNumber) return `a number of ${v.text.length} characters`;
  if (Array.isArray(v)) return `a list of ${v.length} items`;
  if (typeof v === 'object' && v !== null) {
    const keys = Object.keys(v);
    return `an object with ${keys.length} key(s)${keys.length ? ` (${excerpt(keys.slice(0, 5).join(', '), 80)})` : ''}`;
  }
  return typeof v;
}

function previewOf(v: unknown): string {
  if (typeof v === 'string') return excerpt(v, 200);
  return '';
}

interface Digest {
  chars: number;
  sha256: string;
}

/**
 * Digests made, by value (values are never changed once compared): the report keeps a fixture's
 * expected value and every run's answer through caps of their own, and an answer whose text is its
 * fixture's takes the fixture's digest (keep's `sameAs`).
 */
const digests = new WeakMap<object, Digest>();

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null;

/** The length and SHA-256 of a value's JSON text, made once per value. */
function digest(value: unknown): Digest {
  const known = isObject(value) ? digests.get(value) : undefined;
  if (known) return known;
  const made = digestText(value);
  if (isObject(value)) digests.set(value, made);
  return made;
}

/**
 * The length and SHA-256 of a value's JSON text, made and fed in pieces (a row of a table at a
 * time), never the whole text of a million-row table at once; without recursion, at any depth.
 */
function digestText(value: unknown): Digest {
  const hash = createHash('sha256');
  let chars = 0;
  let pending: string[] = [];
  let pendingChars = 0;
  const emit = (text: string) => {
    chars += text.length;
    pending.push(text);
    pendingChars += text.length;
    if (pendingChars > 1 << 16) {
      hash.update(pending.join(''));
      pending = [];
      pendingChars = 0;
    }
  };
  // one frame per open array or object: memory follows the depth, not the size
  const frames: (Children & { at: number })[] = [];
  let next: unknown = value;
  for (;;) {
    const v = next;
    const held = rowColumnsOf(v);
    if (held && !held.nested) for (const piece of rowsText(held)) emit(piece);
    else if (v instanceof JsonNumber) emit(v.text);
    else if (typeof v === 'object' && v !== null && !isFlat(v)) {
      const frame = { ...childrenOf(v), at: 0 };
      emit(frame.keys ? '{' : '[');
      frames.push(frame);
    } else if (typeof v === 'string' && v.length > 1 << 16) {
      // a long string escaped a slice at a time (never splitting a surrogate pair), not copied whole
      emit('"');
      for (let at = 0; at < v.length; ) {
        let end = Math.min(v.length, at + (1 << 16));
        const last = v.charCodeAt(end - 1);
        if (end < v.length && last >= 0xd800 && last <= 0xdbff) end++;
        emit(JSON.stringify(v.slice(at, end)).slice(1, -1));
        at = end;
      }
      emit('"');
    } else emit(flatText(v));
    // the next value: the next item of the innermost frame that has one left
    let top = frames[frames.length - 1];
    while (top && top.at >= top.length) {
      emit(top.keys ? '}' : ']');
      frames.pop();
      top = frames[frames.length - 1];
    }
    if (!top) break;
    if (top.at > 0) emit(',');
    if (top.keys) emit(`${JSON.stringify(top.keys[top.at])}:`);
    next = top.item(top.at++);
  }
  hash.update(pending.join(''));
  return { chars, sha256: hash.digest('hex') };
}

/** Rows a chunk stringifies at once. */
const ROWS_PER_CHUNK = 512;

/**
 * The JSON text of rows held as columns (util/row-columns.ts) without nested cells, in pieces: a
 * chunk of rows made and stringified by one JSON.stringify. A string per cell or per row, and the
 * pieces between them, made the digest of a 100k-row table take 130 ms, and what they left behind
 * raised pixie's peak memory for that table by 26 MiB (bench/scaling.ts).
 */
function* rowsText(rows: RowColumns): Generator<string> {
  yield '[';
  for (let from = 0; from < rows.length; from += ROWS_PER_CHUNK) {
    const chunk: unknown[] = [];
    for (let i = from; i < Math.min(rows.length, from + ROWS_PER_CHUNK); i++) chunk.push(rows.row(i));
    const text = rows.hasPythonNumbers() ? stringifyJson(chunk) : JSON.stringify(chunk);
    yield from > 0 ? `,${text.slice(1, -1)}` : text.slice(1, -1);
  }
  yield ']';
}

/** An array or object of plain values only (a table row): stringified in one piece. */
function isFlat(v: object): boolean {
  const items = Array.isArray(v) ? v : Object.values(v);
  if (items.length > 64) return false;
  for (const x of items) if (typeof x === 'object' && x !== null) return false;
  return true;
}

/** The JSON text of a plain value or a flat row; JSON.stringify's unless a number in it is NaN or infinite. */
function flatText(v: unknown): string {
  if (typeof v === 'number') return numberText(v);
  const items = typeof v === 'object' && v !== null ? (Array.isArray(v) ? v : Object.values(v)) : [];
  const python = items.some((x) => typeof x === 'number' && !Number.isFinite(x));
  return (python ? stringifyJson(v) : JSON.stringify(v)) ?? 'null';
}

const MEDIA_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'video/mp4': 'mp4',
  'application/pdf': 'pdf',
};

/** The bytes of a media value (a data URL, or `{data, mime_type}`), written once under its hash; undefined when it has none. */
function writeMedia(value: unknown, sha256: string): string | undefined {
  let mime = '';
  let b64: string | undefined;
  if (typeof value === 'string') {
    const m = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[^,;]*)*;base64,/.exec(value.slice(0, 200));
    if (!m) return undefined;
    mime = m[1] ?? '';
    b64 = value.slice(m[0].length);
  } else if (typeof value === 'object' && value !== null && typeof (value as { data?: unknown }).data === 'string') {
    const v = value as { data: string; mime_type?: unknown; mime?: unknown };
    mime = String(v.mime_type ?? v.mime ?? '');
    b64 = v.data.replace(/^data:[^,]*;base64,/, '');
  }
  if (b64 === undefined) return undefined;
  try {
    const dir = mediaValuesDir();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, `${sha256}.${MEDIA_EXTENSIONS[mime.toLowerCase()] ?? 'bin'}`);
    writeFileSync(file, Buffer.from(b64, 'base64'), { mode: 0o600 });
    return file;
  } catch {
    return undefined; // a report without the file is still a report
  }
}

/**
 * The length of JSON.stringify(s), counted without making it: quotes, backslashes and control
 * characters are escaped, and so is half of a surrogate pair on its own. Past `budget`, where the
 * count no longer matters, the plain length plus quotes.
 */
function jsonStringChars(s: string, budget: number): number {
  let chars = s.length + 2;
  if (chars > budget) return chars;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c !== 0x22 && c !== 0x5c && (c < 0xd800 || c > 0xdfff)) continue;
    if (c < 0x20) chars += c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d ? 1 : 5;
    else if (c === 0x22 || c === 0x5c) chars += 1;
    // a surrogate: with its other half, as it is; alone, escaped
    else if (c <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
    else chars += 5;
  }
  return chars;
}

/**
 * JSON characters of a value, exactly as pixie writes it (stringifyJson), walked without recursion;
 * `deeper` when it nests past `maxDepth`. The walk stops once past `stopAfter` characters (the value
 * is not kept then, and digest() counts it), so a large table costs no string per cell here.
 */
function measure(value: unknown, maxDepth: number, stopAfter: number): { chars: number; deeper: boolean } {
  let chars = 0;
  // one frame per open array or object: memory follows the depth, not the size
  const frames: (Children & { at: number })[] = [];
  let next: unknown = value;
  for (;;) {
    const v = next;
    const held = rowColumnsOf(v);
    if (held && !held.nested) {
      // the list and its rows: two levels
      if (frames.length + 2 > maxDepth) return { chars, deeper: true };
      for (const piece of rowsText(held)) {
        chars += piece.length;
        if (chars > stopAfter) return { chars, deeper: false };
      }
    } else if (typeof v === 'string') chars += jsonStringChars(v, stopAfter - chars);
    else if (typeof v === 'number') chars += numberText(v).length;
    else if (v instanceof JsonNumber) chars += v.text.length;
    else if (typeof v === 'boolean') chars += v ? 4 : 5;
    else if (typeof v === 'object' && v !== null) {
      if (frames.length + 1 > maxDepth) return { chars, deeper: true };
      const frame = { ...childrenOf(v), at: 0 };
      for (const k of frame.keys ?? []) chars += jsonStringChars(k, stopAfter - chars) + 1;
      chars += 2 + Math.max(0, frame.length - 1);
      frames.push(frame);
    } else chars += 4;
    if (chars > stopAfter) return { chars, deeper: false };
    // the next value: the next item of the innermost frame that has one left
    let top = frames[frames.length - 1];
    while (top && top.at >= top.length) {
      frames.pop();
      top = frames[frames.length - 1];
    }
    if (!top) return { chars, deeper: false };
    next = top.item(top.at++);
  }
}
