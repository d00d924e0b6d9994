// Reads a YAML file a user wrote (tolerance.yaml) with its lines: syntax errors become one sentence
// each, pointing at the line that opened an unclosed '{', '[' or quote rather than where the parser
// noticed; keys must be unique; values are located lazily by path for later sentences.
import {
  type Alias,
  type Document,
  isAlias,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Node as YamlNode,
  visit,
} from 'yaml';
import { finding, type Finding } from '../model/finding.js';
import { limit, limitHint } from '../limits.js';
import { excerpt } from './excerpt.js';
import { lineAt, lineStarts, type LineOf } from './lines.js';
import { yamlDepth } from './yaml-depth.js';

export type YamlSource =
  | { ok: false; problems: Finding[] }
  /** data is null for an empty file or one holding only comments */
  | { ok: true; data: unknown; lineOf: LineOf; sourceLine(line: number): string | undefined };

/** Aliases expand on reading; more than this many is a "billion laughs" file, not a tolerance file. */
const MAX_ALIAS_COUNT = 100;

/** Parses the text of a YAML file; a leading byte-order mark is not content. `file` names it in findings. */
export function readYamlSource(text: string, file: string): YamlSource {
  const source = text.replace(/^\uFEFF/, '');
  let starts: number[] | undefined;
  const lines = () => (starts ??= lineStarts(source));
  let sourceLines: string[] | undefined;
  const sourceLine = (line: number): string | undefined => (sourceLines ??= source.split(/\r?\n/))[line - 1];
  const nesting = yamlDepth(source);
  if (nesting.depth > limit('depth')) {
    const message = `YAML syntax error: it nests ${nesting.depth} levels deep, more than pixie reads (${limitHint('depth')}); flatten it`;
    return { ok: false, problems: [finding('yaml-syntax', { file, line: nesting.line, message })] };
  }
  let doc: ReturnType<typeof parseDocument>;
  try {
    doc = parseDocument(source, { lineCounter: new LineCounter(), prettyErrors: false, uniqueKeys: true });
  } catch (err) {
    return {
      ok: false,
      problems: [
        finding('yaml-syntax', {
          file,
          message: `could not parse YAML (${excerpt((err as Error).message, 120)}); fix the syntax`,
        }),
      ],
    };
  }
  if (doc.errors.length) {
    return {
      ok: false,
      problems: doc.errors.map((e) => syntaxProblem(e.code, e.message, lineAt(lines(), e.pos[0]), sourceLine, file)),
    };
  }
  const lineOf = yamlLineOf(doc.contents as YamlNode | null, lines);
  try {
    return { ok: true, data: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) ?? null, lineOf, sourceLine };
  } catch (err) {
    return {
      ok: false,
      problems: [
        finding('yaml-syntax', {
          file,
          line: aliasLine(doc, lines),
          message: `could not read the YAML (${excerpt((err as Error).message, 120)}); simplify anchors and aliases`,
        }),
      ],
    };
  }
}

/** Where reading an alias failed: the first alias whose anchor is not set before it, else the first alias. */
function aliasLine(doc: Document, lines: () => number[]): number | undefined {
  const anchors = new Set<string>();
  let first: Alias | undefined;
  let unresolved: Alias | undefined;
  // one pass in document order, so an anchor is known before any alias after it
  visit(doc, (_key, node) => {
    if (isAlias(node)) {
      first ??= node;
      if (anchors.has(node.source)) return;
      unresolved = node;
      return visit.BREAK;
    }
    if (isNode(node) && node.anchor) anchors.add(node.anchor);
  });
  const at = (unresolved ?? first)?.range?.[0];
  return at === undefined ? undefined : lineAt(lines(), at);
}

function syntaxProblem(
  code: string,
  parserMessage: string,
  errorLine: number,
  sourceLine: (line: number) => string | undefined,
  file: string,
): Finding {
  let line = errorLine;
  // the parser's words may quote the file (an alias name, a token): only an excerpt is kept
  const what = excerpt(
    parserMessage
      .split('\n')[0]!
      .replace(/ at line \d+, column \d+:?$/, '')
      .replace(/[.:]$/, ''),
    160,
  );
  let fix = yamlErrorFix(code, what);
  // an unclosed { or [ is detected on a later line; point at the line that opened it
  const flow = /^Flow (map|sequence)/.exec(what);
  if (flow) {
    const [open, close] = flow[1] === 'map' ? ['{', '}'] : ['[', ']'];
    for (let l = line; l >= 1; l--) {
      const t = sourceLine(l) ?? '';
      if (t.split(open).length > t.split(close).length) {
        fix = `the '${open}' on line ${l} is not closed; add '${close}' at the end of that entry`;
        line = l;
        break;
      }
    }
  }
  const quote = /closing (['"])quote/.exec(what)?.[1];
  if (quote) {
    for (let l = line; l >= 1; l--) {
      if (((sourceLine(l) ?? '').split(quote).length - 1) % 2 === 1) {
        fix = `the ${quote} on line ${l} is not closed; add the closing ${quote}`;
        line = l;
        break;
      }
    }
  }
  return finding(code === 'DUPLICATE_KEY' ? 'duplicate-key' : 'yaml-syntax', {
    file,
    line,
    message: `YAML syntax error: ${what}; ${fix}`,
  });
}

function yamlErrorFix(code: string, yamlText: string): string {
  // the yaml library has no code of its own for an unclosed quote, only its wording
  if (/quote/i.test(yamlText)) return 'close the quote';
  switch (code) {
    case 'DUPLICATE_KEY':
      return 'remove or rename one of the two entries';
    case 'TAB_AS_INDENT':
      return 'indent with spaces, not tabs';
    case 'BAD_INDENT':
    case 'MISSING_CHAR':
      return 'check the indentation and that every { or [ is closed';
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY':
      return 'put a space after each colon and keep each key on one line';
    case 'UNEXPECTED_TOKEN':
      return 'check for a stray character, a missing colon or an unclosed quote';
    default:
      return 'fix the YAML syntax there';
  }
}

function yamlKeyText(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  return undefined;
}

function yamlLineOf(root: YamlNode | null, lines: () => number[]): LineOf {
  const lineOfNode = (n: unknown): number | undefined => {
    const range = (n as { range?: [number, number, number] } | null)?.range;
    return range ? lineAt(lines(), range[0]) : undefined;
  };
  return (segments, part) => {
    let node: unknown = root;
    let keyLine: number | undefined;
    for (let i = 0; i < segments.length; i++) {
      const seg = segments[i]!;
      if (isMap(node)) {
        const pair = node.items.find((p) => isPair(p) && yamlKeyText(p.key) === String(seg));
        if (!pair) return keyLine;
        keyLine = lineOfNode(pair.key);
        if (i === segments.length - 1 && part === 'key') return keyLine;
        node = pair.value;
      } else if (isSeq(node) && typeof seg === 'number') {
        node = node.items[seg];
        keyLine = lineOfNode(node) ?? keyLine;
      } else return keyLine;
    }
    return lineOfNode(node) ?? keyLine;
  };
}
