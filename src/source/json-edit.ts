// Setting one value in a JSON file a user wrote, changing only that value's text: key order,
// indentation, line endings and one-line objects stay as the author wrote them (`pixie lint --fix`,
// fixture updates). The value is found in one streaming pass of jsonc-parser's `visit`, so a 40 MB
// fixture costs a scan, not a tree of every cell; the result must parse and hold the new value.
// Numbers are written as Python's json writes them and as they were read (util/python-json.ts), so
// NaN stays NaN and 9007199254740993 keeps its digits.
import { visit } from 'jsonc-parser';
import { maskPythonTokens, parseJson, stringifyJson } from '../util/python-json.js';

type Segment = string | number;

interface Span {
  offset: number;
  length: number;
}

interface ObjectSpan extends Span {
  /** where its last property's key starts and its value ends; null for an empty object */
  last: { keyOffset: number; end: number } | null;
}

interface Located {
  /** the value at the path (the last occurrence, as JSON.parse keeps) */
  value: Span | null;
  /** the object or array holding it */
  parent: (ObjectSpan & { kind: 'object' | 'array' }) | null;
}

interface Frame {
  kind: 'object' | 'array';
  offset: number;
  /** the key of the property being read, or the index of the next item */
  at: Segment;
  keyOffset: number;
  last: { keyOffset: number; end: number } | null;
}

const samePath = (a: readonly Segment[], b: readonly Segment[]) =>
  a.length === b.length && a.every((s, i) => String(s) === String(b[i]));

/** Where the value at `path` and its parent sit in `text` (one pass, no tree). */
export function locate(text: string, path: readonly Segment[]): Located {
  const frames: Frame[] = [];
  const out: Located = { value: null, parent: null };
  const parentPath = path.slice(0, -1);
  const current = (): Segment[] => frames.map((f) => f.at);
  // the path of a value starting now, and whether it is the target or may hold it
  const begin = (offset: number): Segment[] | null => {
    const top = frames[frames.length - 1];
    if (top?.kind === 'array') top.keyOffset = offset;
    if (frames.length > path.length) return null;
    return current();
  };
  const finish = (start: number, end: number, at: Segment[] | null) => {
    const top = frames[frames.length - 1];
    if (top) {
      top.last = { keyOffset: top.keyOffset, end };
      if (top.kind === 'array') top.at = (top.at as number) + 1;
    }
    if (at && samePath(at, path)) out.value = { offset: start, length: end - start };
  };
  const opened: { offset: number; at: Segment[] | null }[] = [];
  const open = (kind: 'object' | 'array', offset: number) => {
    const at = begin(offset);
    opened.push({ offset, at });
    frames.push({ kind, offset, at: kind === 'array' ? 0 : '', keyOffset: offset, last: null });
  };
  const close = (offset: number, length: number) => {
    const frame = frames.pop()!;
    const { at } = opened.pop()!;
    const end = offset + length;
    if (at && samePath(at, parentPath))
      out.parent = { kind: frame.kind, offset: frame.offset, length: end - frame.offset, last: frame.last };
    finish(frame.offset, end, at);
  };
  visit(text, {
    onObjectBegin: (offset) => open('object', offset),
    onArrayBegin: (offset) => open('array', offset),
    onObjectEnd: close,
    onArrayEnd: close,
    onObjectProperty(key, offset) {
      const top = frames[frames.length - 1]!;
      top.at = key;
      top.keyOffset = offset;
    },
    onLiteralValue(_value, offset, length) {
      finish(offset, offset + length, begin(offset));
    },
  });
  return out;
}

export interface SetValueOptions {
  /**
   * How a new object or list is written: `keep` follows what it replaces (several lines if the old
   * value spanned several, else one line), `indented` always spreads it over lines like its neighbours.
   */
  layout?: 'keep' | 'indented';
  /** how a refusal names the edit and what happened ("fix", "the file changed since lint read it") */
  what?: string;
  since?: string;
}

/** `text` with the value at `path` set to `value` (a missing last key is added), or why that cannot be done safely. */
export function setJsonValue(
  text: string,
  path: readonly Segment[],
  value: unknown,
  opts: SetValueOptions = {},
): string | { reason: string } {
  const bom = text.startsWith('\ufeff') ? '\ufeff' : '';
  const body = text.slice(bom.length);
  let found: Located;
  try {
    // jsonc-parser does not know NaN or the infinities: it reads them masked as numbers of the same length
    found = locate(maskPythonTokens(body), path);
  } catch {
    return { reason: 'the file does not parse as JSON' };
  }
  const last = path[path.length - 1];
  if (last === undefined) return { reason: 'the edit names no value' };
  const { parent } = found;
  if (!parent || parent.kind !== (typeof last === 'number' ? 'array' : 'object'))
    return {
      reason: `${formatAt(path.slice(0, -1))} is not where the ${opts.what ?? 'edit'} expects it; ${opts.since ?? 'the file changed meanwhile'}`,
    };
  const eol = body.includes('\r\n') ? '\r\n' : '\n';
  let out: string;
  if (found.value) {
    const old = body.slice(found.value.offset, found.value.offset + found.value.length);
    const spread = opts.layout === 'indented' || old.includes('\n');
    const written = render(value, spread, indentOfLine(body, found.value.offset), indentUnit(body), eol);
    out = body.slice(0, found.value.offset) + written + body.slice(found.value.offset + found.value.length);
  } else if (typeof last === 'number') {
    return { reason: `${formatAt(path)} does not exist` };
  } else out = insertProperty(body, parent, last, value, eol);
  try {
    let node: unknown = parseJson(out);
    for (const s of path) node = (node as Record<string, unknown>)[String(s)];
    if (stringifyJson(node) !== stringifyJson(value)) return { reason: 'the edit did not produce the expected value' };
  } catch {
    return { reason: 'the edited file would not parse' };
  }
  return bom + out;
}

/** A value as JSON: on one line, or spread over lines indented from `indent` by `unit`. */
function render(value: unknown, spread: boolean, indent: string, unit: string, eol: string): string {
  if (!spread || typeof value !== 'object' || value === null) return stringifyJson(value);
  return stringifyJson(value, unit).split('\n').join(`${eol}${indent}`);
}

/**
 * A new key after the object's last one: on the same line, spaced like the object's own keys, when
 * the object is written on one line ({"a": 1, "b": 2}); else on its own line, indented like the
 * previous key. Written by hand because jsonc-parser's formatter would re-indent the neighbouring value.
 */
function insertProperty(text: string, parent: ObjectSpan, key: string, value: unknown, eol: string): string {
  const own = text.slice(parent.offset, parent.offset + parent.length);
  const colon = /"\s*:\s/.test(own) || !/"\s*:/.test(own) ? ': ' : ':';
  const oneLine = !own.includes('\n');
  const unit = indentUnit(text);
  if (!parent.last) {
    const open = parent.offset + 1;
    const inner = own.slice(1, -1);
    if (!inner.includes('\n')) {
      const pair = `${JSON.stringify(key)}${colon}${stringifyJson(value)}`;
      return `${text.slice(0, open)}${inner.length ? ` ${pair} ` : pair}${text.slice(open + inner.length)}`;
    }
    const indent = indentOfLine(text, parent.offset) + unit;
    const pair = `${JSON.stringify(key)}${colon}${render(value, true, indent, unit, eol)}`;
    return `${text.slice(0, open)}${eol}${indent}${pair}${text.slice(open)}`;
  }
  const end = parent.last.end;
  if (oneLine) {
    const comma = /,\s/.test(own) || !own.includes(',') ? ', ' : ',';
    return `${text.slice(0, end)}${comma}${JSON.stringify(key)}${colon}${stringifyJson(value)}${text.slice(end)}`;
  }
  const indent = indentOfLine(text, parent.last.keyOffset);
  const pair = `${JSON.stringify(key)}${colon}${render(value, true, indent, unit, eol)}`;
  return `${text.slice(0, end)},${eol}${indent}${pair}${text.slice(end)}`;
}

/** The whitespace that starts the line holding `offset`. */
function indentOfLine(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start, offset))![0];
}

/** One level of the file's indentation: a tab, or the narrowest run of leading spaces. */
function indentUnit(text: string): string {
  if (/\n\t+\S/.test(text)) return '\t';
  let narrowest = Infinity;
  for (const m of text.matchAll(/\n( +)\S/g)) narrowest = Math.min(narrowest, m[1]!.length);
  return ' '.repeat(Number.isFinite(narrowest) ? narrowest : 2);
}

function formatAt(at: readonly Segment[]): string {
  return at.map((s) => (typeof s === 'number' ? `[${s}]` : `.${s}`)).join('') || 'the top level';
}
