// Reads a JSON file a user wrote (tool.json, a fixture) in one cheap pass: JSON.parse for the value,
// then a scan for what JSON.parse hides (duplicate keys, nesting too deep to walk). Text JSON.parse
// accepted is scanned by hand, as UTF-8 bytes, allocating nothing but object keys: jsonc-parser's
// visitor makes a string of every token, about fifteen times a numeric table's size in garbage.
// Text it refused goes to jsonc-parser's visitor, which names where the syntax breaks. The located
// tree (parseTree) and the line table are built only when a problem needs a line, so a valid 80 MB
// fixture costs a parse and a scan, not a tree of every cell. NaN, Infinity, -Infinity and long
// numbers are read as Python's json reads them (util/python-json.ts); jsonc-parser, which does not
// know them, reads the text with them masked as numbers of the same length.
import { parseTree, printParseErrorCode, visit, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import { limit } from '../limits.js';
import { stringEnd, stringText } from '../util/json-bytes.js';
import { type JsonPath, parseJsonWithRowColumns } from '../util/parse-json-rows.js';
import { maskPythonTokens, parseJson } from '../util/python-json.js';
import { lineAt, lineStarts, lineStartsOfBytes, position, type LineOf, type Position } from './lines.js';
import type { PathSegment } from './path.js';

/** One place where the JSON breaks, as jsonc-parser names it (ValueExpected, CommaExpected, …). */
export interface JsonSyntaxError {
  code: string;
  offset: number;
}

/** A key written twice in one object; JSON.parse silently keeps the later one. */
interface DuplicateKey {
  key: string;
  /** the path of the later occurrence: the object's path, then the key */
  path: PathSegment[];
  line: number;
  firstLine: number;
}

export type JsonSource =
  | { kind: 'empty' }
  /** errors in document order, one per offset (one mistake can yield two codes at one spot) */
  | { kind: 'syntax'; text: string; errors: JsonSyntaxError[]; position(offset: number): Position }
  /** jsonc-parser accepted what JSON.parse refuses; `reason` is JSON.parse's own words */
  | { kind: 'refused'; reason: string }
  /** nested deeper than pixie follows (PIXIE_MAX_DEPTH, with room for the file's own levels) */
  | { kind: 'too-deep'; line: number }
  | { kind: 'parsed'; data: unknown; duplicates: DuplicateKey[]; lineOf: LineOf };

const STRICT_JSON = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

/** Levels a file adds around the values it holds (a fixture's expected_outputs.key, a tolerance block). */
const FILE_LEVELS = 16;

/**
 * A coarse guard, four times the value depth limit: files within it are parsed, and their loaders
 * name the value that nests past the limit itself; beyond it nothing is walked at all.
 */
const depthGuard = () => limit('depth') * 4 + FILE_LEVELS;

/** Whether every byte is JSON whitespace (an empty file, once its byte-order mark is gone). */
function blank(bytes: Buffer): boolean {
  for (const b of bytes) if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return false;
  return true;
}

/**
 * Parses a JSON file, its text or its bytes; a leading byte-order mark (editors on Windows write
 * one) is not content. Large lists of rows at the paths `rowsAt` accepts are held as columns
 * (util/parse-json-rows.ts); given bytes, such a file is then never held as one string unless a
 * problem needs its text (a string that size lives until V8's next full collection).
 */
export function readJsonSource(input: string | Buffer, rowsAt?: (path: JsonPath) => boolean): JsonSource {
  const bom =
    typeof input === 'string'
      ? input.charCodeAt(0) === 0xfeff
      : input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf;
  let text: string | undefined = typeof input === 'string' ? (bom ? input.slice(1) : input) : undefined;
  const given = typeof input === 'string' ? undefined : bom ? input.subarray(3) : input;
  const textOf = (): string => {
    text ??= given!.toString('utf8');
    return text;
  };
  // the duplicate-key scan reads bytes; a string given is small (tool.json, a test's fixture)
  const bytes = given ?? Buffer.from(text!, 'utf8');
  if (blank(bytes)) return { kind: 'empty' };
  let data: unknown;
  let refusal: string | undefined;
  try {
    data = rowsAt ? parseJsonWithRowColumns(given ?? textOf(), rowsAt) : parseJson(textOf());
  } catch (err) {
    refusal = (err as Error).message;
  }
  let starts: number[] | undefined;
  const lines = () => (starts ??= lineStarts(textOf()));
  if (refusal === undefined) {
    // offsets in bytes, counted in lines of bytes: the same lines as in the text
    let byteStarts: number[] | undefined;
    const byteLines = () => (byteStarts ??= lineStartsOfBytes(bytes));
    const scan = scanValidJson(bytes, byteLines);
    if ('tooDeepAt' in scan) return { kind: 'too-deep', line: lineAt(byteLines(), scan.tooDeepAt) };
    return { kind: 'parsed', data, duplicates: scan.duplicates, lineOf: treeLineOf(textOf, lines) };
  }
  const scan = scanJson(maskPythonTokens(textOf()));
  if ('tooDeepAt' in scan) return { kind: 'too-deep', line: lineAt(lines(), scan.tooDeepAt) };
  if (scan.errors.length)
    return { kind: 'syntax', text: textOf(), errors: scan.errors, position: (offset) => position(lines(), offset) };
  return { kind: 'refused', reason: refusal };
}

/** jsonc-parser's streaming pass over text JSON.parse refused: where the syntax breaks; where it first nests too deep. */
function scanJson(text: string): { errors: JsonSyntaxError[]; duplicates: DuplicateKey[] } | { tooDeepAt: number } {
  const errors: JsonSyntaxError[] = [];
  const offsets = new Set<number>();
  // deeper than this, later steps (structuredClone, schema validation, comparisons) would overflow the stack
  const maxDepth = depthGuard();
  let depth = 0;
  let tooDeepAt: number | undefined;
  const enter = (offset: number) => {
    if (++depth > maxDepth) tooDeepAt ??= offset;
  };
  const leave = () => {
    depth--;
  };
  try {
    visit(
      text,
      {
        onArrayBegin: enter,
        onArrayEnd: leave,
        onObjectBegin: enter,
        onObjectEnd: leave,
        onError(error, offset) {
          if (offsets.has(offset)) return;
          offsets.add(offset);
          errors.push({ code: printParseErrorCode(error), offset });
        },
      },
      STRICT_JSON,
    );
  } catch (err) {
    // the guard is far below what the parser's stack holds, so this is only a fallback
    if (err instanceof RangeError) return { tooDeepAt: tooDeepAt ?? 0 };
    throw err;
  }
  if (tooDeepAt !== undefined) return { tooDeepAt };
  return { errors, duplicates: [] };
}

/**
 * Duplicate keys and the first place nesting goes too deep, in a file JSON.parse accepted (so no
 * syntax is checked here), read from its UTF-8 bytes (offsets in bytes). Keys are the only strings
 * made; paths are built only for a duplicate.
 */
function scanValidJson(bytes: Buffer, lines: () => number[]): { duplicates: DuplicateKey[] } | { tooDeepAt: number } {
  const duplicates: DuplicateKey[] = [];
  const maxDepth = depthGuard();
  // per open container: an object's keys so far (offset of each first occurrence), or null for an
  // array; and where inside it the scan is (an object's current key, an array's index)
  const keys: (Map<string, number> | null)[] = [];
  const at: PathSegment[] = [];
  let expectKey = false;
  const n = bytes.length;
  for (let i = 0; i < n; i++) {
    const c = bytes[i]!;
    if (c === 0x22) {
      // a string: jump to its closing quote (JSON.parse accepted the text, so there is one)
      const end = stringEnd(bytes, i);
      if (end < 0) break;
      const top = keys.length - 1;
      const seen = top >= 0 ? keys[top] : null;
      if (expectKey && seen) {
        const key = stringText(bytes, i, end);
        const first = seen.get(key);
        if (first === undefined) seen.set(key, i);
        else
          duplicates.push({
            key,
            path: [...at.slice(0, top), key],
            line: lineAt(lines(), i),
            firstLine: lineAt(lines(), first),
          });
        at[top] = key;
        expectKey = false;
      }
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      if (keys.length + 1 > maxDepth) return { tooDeepAt: i };
      keys.push(c === 0x7b ? new Map() : null);
      at.push(c === 0x7b ? '' : 0);
      expectKey = c === 0x7b;
    } else if (c === 0x7d || c === 0x5d) {
      keys.pop();
      at.pop();
      expectKey = false;
    } else if (c === 0x2c) {
      const top = keys.length - 1;
      if (keys[top]) expectKey = true;
      else at[top] = (at[top] as number) + 1;
    }
  }
  return { duplicates };
}

/** Lines of keys and values, from the located tree built on the first question. */
function treeLineOf(text: () => string, lines: () => number[]): LineOf {
  let root: JsonNode | undefined;
  return (segments, part) => {
    root ??= parseTree(maskPythonTokens(text()), [] as ParseError[], STRICT_JSON);
    // the deepest node the path reaches: a problem under a missing key points at its parent
    let node = root;
    let depth = 0;
    for (const segment of segments) {
      const child = node && childAt(node, segment);
      if (!child) break;
      node = child;
      depth++;
    }
    if (!node) return undefined;
    const keyNode = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
    const target = depth === segments.length && part === 'value' ? node : (keyNode ?? node);
    return lineAt(lines(), target.offset);
  };
}

/** Each object node's properties by key, built once: a lookup per problem stays O(1) with many keys. */
const propertiesOf = new WeakMap<JsonNode, Map<string, JsonNode>>();

function childAt(node: JsonNode, segment: PathSegment): JsonNode | undefined {
  if (node.type === 'array') {
    return typeof segment === 'number' || /^\d+$/.test(segment) ? node.children?.[Number(segment)] : undefined;
  }
  if (node.type !== 'object') return undefined;
  let byKey = propertiesOf.get(node);
  if (!byKey) {
    byKey = new Map();
    // the last property with this key is the one JSON.parse kept
    for (const property of node.children ?? []) {
      const key = property.children?.[0]?.value;
      const value = property.children?.[1];
      if (typeof key === 'string' && value) byKey.set(key, value);
    }
    propertiesOf.set(node, byKey);
  }
  return byKey.get(String(segment));
}
