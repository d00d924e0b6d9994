// Reads a JSON file a user wrote (tool.json, a fixture) in one cheap pass: JSON.parse for the value,
// jsonc-parser's streaming `visit` for what JSON.parse hides (duplicate keys, where the syntax breaks).
// The located tree (parseTree) and the line table are built only when a problem needs a line, so a
// valid 8 MB fixture costs a parse and a scan, not a tree of every cell.
import { parseTree, printParseErrorCode, visit, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import { limit } from '../limits.js';
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

/** Parses the text of a JSON file; a leading byte-order mark (editors on Windows write one) is not content. */
export function readJsonSource(input: string): JsonSource {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  if (!text.trim()) return { kind: 'empty' };
  let data: unknown;
  let refusal: string | undefined;
  try {
    data = JSON.parse(text);
  } catch (err) {
    refusal = (err as Error).message;
  }
  let starts: number[] | undefined;
  const lines = () => (starts ??= lineStarts(text));
  const scan = scanJson(text, refusal === undefined, lines);
  if ('tooDeepAt' in scan) return { kind: 'too-deep', line: lineAt(lines(), scan.tooDeepAt) };
  if (scan.errors.length)
    return { kind: 'syntax', text, errors: scan.errors, position: (offset) => position(lines(), offset) };
  if (refusal !== undefined) return { kind: 'refused', reason: refusal };
  return { kind: 'parsed', text, data, duplicates: scan.duplicates, lineOf: treeLineOf(text, lines) };
}

/** One streaming pass: syntax errors always, duplicate keys when the text parsed; where it first nests too deep. */
function scanJson(
  text: string,
  findDuplicates: boolean,
  lines: () => number[],
): { errors: JsonSyntaxError[]; duplicates: DuplicateKey[] } | { tooDeepAt: number } {
  const errors: JsonSyntaxError[] = [];
  const duplicates: DuplicateKey[] = [];
  const offsets = new Set<number>();
  // per open object: key → offset of its first occurrence
  const objects: Map<string, number>[] = [];
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
        onArrayBegin: (offset) => enter(offset),
        onArrayEnd: leave,
        onError(error, offset) {
          if (offsets.has(offset)) return;
          offsets.add(offset);
          errors.push({ code: printParseErrorCode(error), offset });
        },
        ...(findDuplicates
          ? {
              onObjectBegin(offset) {
                enter(offset);
                objects.push(new Map());
              },
              onObjectEnd() {
                leave();
                objects.pop();
              },
              onObjectProperty(key, offset, _length, _line, _column, pathSupplier) {
                const seen = objects[objects.length - 1];
                if (!seen) return;
                const first = seen.get(key);
                if (first === undefined) {
                  seen.set(key, offset);
                  return;
                }
                duplicates.push({
                  key,
                  path: [...pathSupplier(), key],
                  line: lineAt(lines(), offset),
                  firstLine: lineAt(lines(), first),
                });
              },
            }
          : { onObjectBegin: (offset: number) => enter(offset), onObjectEnd: leave }),
      },
      STRICT_JSON,
    );
  } catch (err) {
    // the guard is far below what the parser's stack holds, so this is only a fallback
    if (err instanceof RangeError) return { tooDeepAt: tooDeepAt ?? 0 };
    throw err;
  }
  if (tooDeepAt !== undefined) return { tooDeepAt };
  return { errors, duplicates };
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
