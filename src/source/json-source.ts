// Reads a JSON file a user wrote (tool.json, a fixture) in one cheap pass: JSON.parse for the value,
// then a scan for what JSON.parse hides (duplicate keys, nesting too deep to walk). Text JSON.parse
// accepted is scanned by hand, allocating nothing but object keys: jsonc-parser's visitor makes a
// string of every token, about fifteen times a numeric table's size in garbage. Text it refused goes
// to jsonc-parser's visitor, which names where the syntax breaks. The located tree (parseTree) and
// the line table are built only when a problem needs a line, so a valid 80 MB fixture costs a parse
// and a scan, not a tree of every cell.
import { parseTree, printParseErrorCode, visit, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import { limit } from '../limits.js';
import { type JsonPath, parseJsonWithRowColumns } from '../util/parse-json-rows.js';
import { lineAt, lineStarts, position, type LineOf, type Position } from './lines.js';
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
  | { kind: 'parsed'; text: string; data: unknown; duplicates: DuplicateKey[]; lineOf: LineOf };

const STRICT_JSON = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

/** Levels a file adds around the values it holds (a fixture's expected_outputs.key, a tolerance block). */
const FILE_LEVELS = 16;

/**
 * A coarse guard, four times the value depth limit: files within it are parsed, and their loaders
 * name the value that nests past the limit itself; beyond it nothing is walked at all.
 */
const depthGuard = () => limit('depth') * 4 + FILE_LEVELS;

/**
 * Parses the text of a JSON file; a leading byte-order mark (editors on Windows write one) is not
 * content. Large lists of rows at the paths `rowsAt` accepts are held as columns (util/parse-json-rows.ts).
 */
export function readJsonSource(input: string, rowsAt?: (path: JsonPath) => boolean): JsonSource {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  if (!text.trim()) return { kind: 'empty' };
  let data: unknown;
  let refusal: string | undefined;
  try {
    data = rowsAt ? parseJsonWithRowColumns(text, rowsAt) : JSON.parse(text);
  } catch (err) {
    refusal = (err as Error).message;
  }
  let starts: number[] | undefined;
  const lines = () => (starts ??= lineStarts(text));
  const scan = refusal === undefined ? scanValidJson(text, lines) : scanJson(text);
  if ('tooDeepAt' in scan) return { kind: 'too-deep', line: lineAt(lines(), scan.tooDeepAt) };
  if (scan.errors.length)
    return { kind: 'syntax', text, errors: scan.errors, position: (offset) => position(lines(), offset) };
  if (refusal !== undefined) return { kind: 'refused', reason: refusal };
  return { kind: 'parsed', text, data, duplicates: scan.duplicates, lineOf: treeLineOf(text, lines) };
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
 * Duplicate keys and the first place nesting goes too deep, in text JSON.parse accepted (so no
 * syntax is checked here). Keys are the only strings made; paths are built only for a duplicate.
 */
function scanValidJson(
  text: string,
  lines: () => number[],
): { errors: JsonSyntaxError[]; duplicates: DuplicateKey[] } | { tooDeepAt: number } {
  const duplicates: DuplicateKey[] = [];
  const maxDepth = depthGuard();
  // per open container: an object's keys so far (offset of each first occurrence), or null for an
  // array; and where inside it the scan is (an object's current key, an array's index)
  const keys: (Map<string, number> | null)[] = [];
  const at: PathSegment[] = [];
  let expectKey = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // a string: jump to its closing quote (one not escaped by an odd run of backslashes)
      let end = text.indexOf('"', i + 1);
      for (;;) {
        let b = end - 1;
        while (text.charCodeAt(b) === 0x5c) b--;
        if ((end - 1 - b) % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      const top = keys.length - 1;
      const seen = top >= 0 ? keys[top] : null;
      if (expectKey && seen) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
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
  return { errors: [], duplicates };
}

/** Lines of keys and values, from the located tree built on the first question. */
function treeLineOf(text: string, lines: () => number[]): LineOf {
  let root: JsonNode | undefined;
  return (segments, part) => {
    root ??= parseTree(text, [] as ParseError[], STRICT_JSON);
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

function childAt(node: JsonNode, segment: PathSegment): JsonNode | undefined {
  if (node.type === 'array') {
    return typeof segment === 'number' || /^\d+$/.test(segment) ? node.children?.[Number(segment)] : undefined;
  }
  if (node.type !== 'object') return undefined;
  // the last property with this key is the one JSON.parse kept
  const children = node.children ?? [];
  for (let i = children.length - 1; i >= 0; i--) {
    const property = children[i]!;
    if (property.children?.[0]?.value === String(segment)) return property.children[1];
  }
  return undefined;
}
