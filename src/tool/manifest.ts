// Reads and validates a tool's tool.json: JSON syntax (with line and column), duplicate keys (which
// JSON.parse silently drops), then reference-schemas/tool.schema.json. Every problem becomes one
// sentence with its JSON pointer, its line, and the fix.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseTree, printParseErrorCode } from 'jsonc-parser';
import type { Node as JsonNode, ParseError } from 'jsonc-parser';
import { INPUT_TYPES, OUTPUT_TYPES } from './manifest-types.js';
import type { Manifest } from './manifest-types.js';
import { compileReferenceSchema, describeGot, describeTypes, loadReferenceSchema } from '../schema/ajv.js';
import type { ErrorObject } from '../schema/ajv.js';
import { suggest } from '../util/did-you-mean.js';

export interface ManifestProblem {
  /** JSON pointer such as /inputs/2/type; '' for the whole document. */
  path: string;
  line?: number;
  /** One sentence that includes the fix. */
  message: string;
}

export type ManifestLoad =
  | { ok: true; manifest: Manifest; raw: unknown; text: string }
  | { ok: false; stage: 'missing' | 'read' | 'json' | 'schema'; problems: ManifestProblem[] };

const TOOL_SCHEMA = 'tool.schema.json';
const FILE = 'tool.json';

export function loadManifest(toolDir: string): ManifestLoad {
  const file = path.join(toolDir, FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      return { ok: false, stage: 'missing', problems: [{ path: '', message: `${FILE} not found in ${toolDir} — create it (see reference-schemas/tool.schema.json)` }] };
    }
    const why = code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (err as Error).message;
    return { ok: false, stage: 'read', problems: [{ path: '', message: `${FILE} could not be read: ${why} — make it a readable file` }] };
  }
  return parseManifestText(text);
}

/** Validates tool.json text already in memory (loadManifest without the file system). */
export function parseManifestText(text: string): ManifestLoad {
  // editors on Windows write a BOM; it is not content
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = lineStarts(body);

  if (!body.trim()) {
    return { ok: false, stage: 'json', problems: [{ path: '', line: 1, message: `${FILE} is empty — it must hold one JSON object with id, name, inputs and outputs` }] };
  }
  const errors: ParseError[] = [];
  const root = parseTree(body, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
  if (errors.length) return { ok: false, stage: 'json', problems: syntaxProblems(body, errors, lines) };

  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch (err) {
    // jsonc-parser accepted something JSON.parse refuses; report JSON.parse's own words
    return { ok: false, stage: 'json', problems: [{ path: '', message: `${FILE} is not valid JSON: ${(err as Error).message} — fix the syntax there` }] };
  }

  const duplicates = root ? duplicateKeyProblems(root, lines) : [];
  if (duplicates.length) return { ok: false, stage: 'json', problems: duplicates };

  const problems = schemaProblems(raw, root, lines);
  if (problems.length) return { ok: false, stage: 'schema', problems };
  return { ok: true, manifest: structuredClone(raw) as Manifest, raw, text };
}

// ---------------------------------------------------------------------------------------------
// JSON syntax

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

function position(lines: number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lines[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - lines[lo]! + 1 };
}

function previousNonSpace(text: string, offset: number): number {
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  return i;
}

function tokenAt(text: string, offset: number): string {
  const match = /^"(?:[^"\\\n]|\\.){0,30}"?|^[A-Za-z_$][\w$]*|^-?[\d.eE+-]+|^./.exec(text.slice(offset, offset + 40));
  return match ? match[0] : '';
}

const NOT_JSON_WORDS: Record<string, string> = {
  True: 'true', False: 'false', None: 'null', undefined: 'null', NaN: 'null', Infinity: 'a large number', nil: 'null', NULL: 'null',
};

function syntaxProblems(text: string, errors: ParseError[], lines: number[]): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const offsets = new Set<number>();
  for (const error of errors) {
    // one mistake can produce two codes at the same spot (a trailing comma: name and value expected)
    if (offsets.has(error.offset)) continue;
    offsets.add(error.offset);
    const { message, recoverable } = describeSyntaxError(text, error, lines);
    const { line, column } = position(lines, Math.min(error.offset, text.length));
    problems.push({ path: '', line, message: `${FILE} line ${line}, column ${column}: ${message}` });
    // after anything but a trailing comma or a comment the parser's later complaints are echoes
    if (!recoverable) break;
  }
  return problems;
}

function describeSyntaxError(text: string, error: ParseError, lines: number[]): { message: string; recoverable: boolean } {
  const code = printParseErrorCode(error.error);
  const atEnd = error.offset >= text.length;
  const ch = atEnd ? '' : text[error.offset]!;
  const token = atEnd ? '' : tokenAt(text, error.offset);
  const prev = previousNonSpace(text, error.offset);

  if ((code === 'PropertyNameExpected' || code === 'ValueExpected') && (ch === '}' || ch === ']') && text[prev] === ',') {
    const commaLine = position(lines, prev).line;
    return { message: `trailing comma before '${ch}' — remove the comma after the last item (line ${commaLine})`, recoverable: true };
  }
  if (code === 'InvalidCommentToken' || code === 'UnexpectedEndOfComment') {
    return { message: 'comments are not allowed in JSON — remove the comment (put notes in "description" instead)', recoverable: code === 'InvalidCommentToken' };
  }
  if (atEnd) {
    return { message: 'the file ends too early — close every open string, object ({ … }) and array ([ … ])', recoverable: false };
  }
  if (ch === "'") {
    return { message: 'single quotes are not JSON — use double quotes around keys and strings', recoverable: false };
  }
  switch (code) {
    case 'PropertyNameExpected':
      return { message: `expected a property name in double quotes, found '${token}' — write keys as "${/^\w+$/.test(token) ? token : 'key'}"`, recoverable: false };
    case 'ValueExpected':
    case 'InvalidSymbol': {
      const replacement = NOT_JSON_WORDS[token];
      if (replacement) return { message: `'${token}' is not a JSON value — write ${replacement}`, recoverable: false };
      if (/^[A-Za-z_]/.test(token)) return { message: `unexpected '${token}' — strings must be in double quotes ("${token}")`, recoverable: false };
      return { message: `expected a value (a string, number, true, false, null, object or array), found '${token}' — fix or remove it`, recoverable: false };
    }
    case 'ColonExpected':
      return { message: `expected ':' after the property name, found '${token}' — write "key": value`, recoverable: false };
    case 'CommaExpected': {
      if (/\d/.test(ch) && /(^|[^\d.eE+-])-?0$/.test(text.slice(Math.max(0, prev - 20), prev + 1))) {
        return { message: 'invalid number: JSON numbers cannot start with 0 — remove the leading zero', recoverable: false };
      }
      const prevLine = prev >= 0 ? position(lines, prev).line : 1;
      return { message: `missing comma before '${token}' — add ',' after the previous item (line ${prevLine})`, recoverable: false };
    }
    case 'CloseBraceExpected':
      return { message: `expected ',' or '}' here, found '${token}' — add the missing comma, or close the object with '}'`, recoverable: false };
    case 'CloseBracketExpected':
      return { message: `expected ',' or ']' here, found '${token}' — add the missing comma, or close the array with ']'`, recoverable: false };
    case 'EndOfFileExpected':
      return { message: `unexpected '${token}' after the end of the JSON object — remove it (the file must hold exactly one object)`, recoverable: false };
    case 'UnexpectedEndOfString':
      return { message: 'a string is not closed on its line — add the closing double quote (write a line break inside a string as \\n)', recoverable: false };
    case 'InvalidCharacter':
      return { message: 'a control character (such as a raw newline or tab) is inside a string — write it as \\n or \\t', recoverable: false };
    case 'InvalidEscapeCharacter':
      return { message: 'invalid escape in a string — a literal backslash must be written \\\\', recoverable: false };
    case 'InvalidUnicode':
      return { message: 'invalid \\u escape — it needs exactly four hex digits, e.g. \\u00e9', recoverable: false };
    case 'InvalidNumberFormat':
    case 'UnexpectedEndOfNumber':
      return { message: `invalid number '${token}' — JSON numbers have no leading zeros, '+' sign or trailing '.'`, recoverable: false };
    default:
      return { message: `invalid JSON (${code}) — fix the syntax here`, recoverable: false };
  }
}

// ---------------------------------------------------------------------------------------------
// Duplicate keys

function escapePointer(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

function duplicateKeyProblems(root: JsonNode, lines: number[]): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const walk = (node: JsonNode, pointer: string): void => {
    if (node.type === 'object') {
      const seen = new Map<string, number>();
      for (const property of node.children ?? []) {
        const keyNode = property.children?.[0];
        const valueNode = property.children?.[1];
        if (!keyNode) continue;
        const key = String(keyNode.value);
        const line = position(lines, keyNode.offset).line;
        const first = seen.get(key);
        if (first !== undefined) {
          problems.push({
            path: `${pointer}/${escapePointer(key)}`,
            line,
            message: `duplicate key '${key}' ${inWhere(pointer)} (${first === line ? `twice on line ${line}` : `lines ${first} and ${line}`}) — JSON keeps only the last one; remove or rename one of them`,
          });
        } else {
          seen.set(key, line);
        }
        if (valueNode) walk(valueNode, `${pointer}/${escapePointer(key)}`);
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((child, i) => walk(child, `${pointer}/${i}`));
    }
  };
  walk(root, '');
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Schema errors → sentences

type SchemaObject = Record<string, unknown> & { properties?: Record<string, Record<string, unknown>> };

interface SpecContext {
  kind: 'input' | 'output';
  pointer: string;
  key?: string;
  type?: string;
  typeValid: boolean;
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function nodeAt(root: JsonNode | undefined, pointer: string): JsonNode | undefined {
  let node = root;
  if (!pointer) return node;
  for (const raw of pointer.split('/').slice(1)) {
    if (!node) return undefined;
    const segment = unescapePointer(raw);
    if (node.type === 'array') {
      node = node.children?.[Number(segment)];
    } else if (node.type === 'object') {
      // the last property with this key is the one JSON.parse kept
      const property = [...(node.children ?? [])].reverse().find((p) => p.children?.[0]?.value === segment);
      node = property?.children?.[1];
    } else {
      return undefined;
    }
  }
  return node;
}

function valueAt(raw: unknown, pointer: string): unknown {
  let value = raw;
  if (!pointer) return value;
  for (const segment of pointer.split('/').slice(1).map(unescapePointer)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

function specContext(raw: unknown, pointer: string): SpecContext | undefined {
  const match = /^\/(inputs|outputs)\/(\d+)(?=\/|$)/.exec(pointer);
  if (!match) return undefined;
  const kind = match[1] === 'inputs' ? 'input' : 'output';
  const spec = valueAt(raw, match[0]);
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) return undefined;
  const { key, type } = spec as Record<string, unknown>;
  const types: readonly string[] = kind === 'input' ? INPUT_TYPES : OUTPUT_TYPES;
  return {
    kind,
    pointer: match[0],
    key: typeof key === 'string' ? key : undefined,
    type: typeof type === 'string' ? type : undefined,
    typeValid: typeof type === 'string' && types.includes(type),
  };
}

function describeSpec(ctx: SpecContext): string {
  return `${ctx.kind}${ctx.key ? ` '${ctx.key}'` : ''} (${ctx.pointer})${ctx.typeValid ? ` of type ${ctx.type}` : ''}`;
}

function where(pointer: string): string {
  return pointer || 'the top level';
}

function inWhere(pointer: string): string {
  return pointer ? `in ${pointer}` : 'at the top level';
}

function defs(): Record<string, SchemaObject> {
  return (loadReferenceSchema(TOOL_SCHEMA).$defs ?? {}) as Record<string, SchemaObject>;
}

/** Every key an input or output of this type may carry: the shared fields plus the type's own. */
function specKeys(kind: 'input' | 'output', type: string): string[] {
  const all = defs();
  return [...Object.keys(all[kind]?.properties ?? {}), ...Object.keys(all[`${kind}_${type}`]?.properties ?? {})];
}

function specPropertySchema(kind: 'input' | 'output', type: string | undefined, property: string): Record<string, unknown> | undefined {
  const all = defs();
  return all[kind]?.properties?.[property] ?? (type ? all[`${kind}_${type}`]?.properties?.[property] : undefined);
}

function placeholderFor(schema: Record<string, unknown> | undefined): string {
  if (!schema) return '<value>';
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const ref = typeof schema.$ref === 'string' ? schema.$ref : '';
  if (ref) return '{ … }';
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'number': return '<number>';
    case 'integer': return '<whole number>';
    case 'string': return '"…"';
    case 'boolean': return 'true | false';
    case 'array': return '[ … ]';
    case 'object': return '{ … }';
    default: return '<value>';
  }
}

function schemaProblems(raw: unknown, root: JsonNode | undefined, lines: number[]): ManifestProblem[] {
  const validate = compileReferenceSchema(TOOL_SCHEMA);
  if (validate(raw)) return [];
  const lineOf = (pointer: string): number | undefined => {
    const node = nodeAt(root, pointer);
    return node ? position(lines, node.offset).line : undefined;
  };

  const problems: ManifestProblem[] = [];
  const seen = new Set<string>();
  for (const error of validate.errors ?? []) {
    const problem = explain(error, raw, lineOf);
    if (!problem || seen.has(problem.message)) continue;
    seen.add(problem.message);
    problems.push(problem);
  }
  // document order reads best; problems without a line (none today) go last
  return problems.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
}

function explain(error: ErrorObject, raw: unknown, lineOf: (pointer: string) => number | undefined): ManifestProblem | undefined {
  const pointer = error.instancePath;
  const params = error.params as Record<string, unknown>;
  const spec = specContext(raw, pointer);

  switch (error.keyword) {
    case 'if':
    case 'const': // only used inside `if`
      return undefined;

    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const key = String(params.additionalProperty ?? params.unevaluatedProperty);
      const keyPointer = `${pointer}/${escapePointer(key)}`;
      const line = lineOf(keyPointer) ?? lineOf(pointer);
      const isSpec = spec && spec.pointer === pointer;
      let allowed: string[];
      if (isSpec) {
        // the type's own fields are unknown until the type is right; the type error covers it
        if (!spec.typeValid) return undefined;
        allowed = specKeys(spec.kind, spec.type!);
        // a failing sibling drops the annotations of its branch, so valid keys show up here too
        if (allowed.includes(key)) return undefined;
      } else {
        allowed = Object.keys((error.parentSchema as SchemaObject | undefined)?.properties ?? {});
      }
      // a field of another type (x_label on a chart_bar) is a clearer story than a near spelling
      const otherTypes = isSpec ? (spec.kind === 'input' ? INPUT_TYPES : OUTPUT_TYPES).filter((t) => specKeys(spec.kind, t).includes(key)) : [];
      // secrets take "description", and authors reach for "label" as on inputs
      const guess = key === 'label' && allowed.includes('description') && !allowed.includes('label') ? 'description' : suggest(key, allowed);
      let fix: string;
      if (isSpec && otherTypes.length) {
        fix = `only ${otherTypes.join(', ')} ${spec.kind}s take '${key}', not ${spec.type}; remove it${spec.kind === 'output' ? ' (a tool can return such settings inside the value instead)' : ''}`;
      } else if (guess) {
        fix = `did you mean '${guess}'?`;
      } else if (isSpec) {
        fix = `remove it (${spec.kind}s of type ${spec.type} take: ${allowed.join(', ')})`;
      } else {
        fix = `remove it (allowed here: ${allowed.join(', ')})`;
      }
      return { path: keyPointer, line, message: `unknown key '${key}' ${inWhere(pointer)} — ${fix}` };
    }

    case 'required': {
      const missing = String(params.missingProperty);
      const line = lineOf(pointer);
      if (spec && spec.pointer === pointer) {
        if (missing === 'type') {
          const count = spec.kind === 'input' ? INPUT_TYPES.length : OUTPUT_TYPES.length;
          return { path: pointer, line, message: `${describeSpec(spec)} needs 'type' — add "type": one of the ${count} ${spec.kind} types (see reference-schemas/tool.schema.json)` };
        }
        const placeholder = placeholderFor(specPropertySchema(spec.kind, spec.type, missing));
        return { path: pointer, line, message: `${describeSpec(spec)} needs '${missing}' — add "${missing}": ${placeholder}` };
      }
      const property = (error.parentSchema as SchemaObject | undefined)?.properties?.[missing];
      const owner = pointer ? `${pointer}` : `${FILE}`;
      return { path: pointer, line, message: `${owner} needs '${missing}'${pointer ? '' : ' at the top level'} — add "${missing}": ${placeholderFor(property)}` };
    }

    case 'type': {
      const value = valueAt(raw, pointer);
      const expected = describeTypes(params.type);
      let fix = `change it to ${expected}`;
      const types = String(params.type);
      if (typeof value === 'string' && /number|integer/.test(types) && value.trim() !== '' && Number.isFinite(Number(value))) fix = `remove the quotes: ${value.trim()}`;
      else if (typeof value === 'string' && /boolean/.test(types) && (value === 'true' || value === 'false')) fix = `remove the quotes: ${value}`;
      else if (typeof value === 'number' && /integer/.test(types) && !/number/.test(types)) fix = `use a whole number, e.g. ${Math.round(value)}`;
      return { path: pointer, line: lineOf(pointer), message: `expected ${expected} at ${where(pointer)}, got ${describeGot(value)} — ${fix}` };
    }

    case 'enum': {
      const value = valueAt(raw, pointer);
      const allowed = (params.allowedValues as unknown[]).map(String);
      const shown = typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
      const guess = typeof value === 'string' ? suggest(value, allowed) : undefined;
      const typeOf = /^\/(inputs|outputs)\/\d+\/type$/.exec(pointer);
      if (typeOf) {
        const kind = typeOf[1] === 'inputs' ? 'input' : 'output';
        const hint = guess ? `did you mean '${guess}'? ` : 'use one of the listed types ';
        return { path: pointer, line: lineOf(pointer), message: `unknown ${kind} type ${shown} at ${pointer} — ${hint}(see reference-schemas/tool.schema.json for the ${allowed.length} types)` };
      }
      const hint = guess ? `did you mean '${guess}'? (allowed: ${allowed.join(', ')})` : `use one of ${allowed.join(', ')}`;
      return { path: pointer, line: lineOf(pointer), message: `invalid value ${shown} at ${where(pointer)} — ${hint}` };
    }

    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const comparison = String(params.comparison);
      const limit = params.limit;
      const value = valueAt(raw, pointer);
      return { path: pointer, line: lineOf(pointer), message: `${where(pointer)} is ${JSON.stringify(value)} but must be ${comparison} ${String(limit)} — change it` };
    }

    case 'minLength':
      return { path: pointer, line: lineOf(pointer), message: `${where(pointer)} is empty — give it a value` };

    case 'minItems':
    case 'maxItems': {
      const count = Array.isArray(valueAt(raw, pointer)) ? (valueAt(raw, pointer) as unknown[]).length : 0;
      const limit = Number(params.limit);
      const isCentre = /\/default_center$/.test(pointer);
      const want = isCentre ? 'exactly 2 numbers [latitude, longitude]' : `${error.keyword === 'minItems' ? 'at least' : 'at most'} ${limit} item(s)`;
      return { path: pointer, line: lineOf(pointer), message: `${where(pointer)} has ${count} item(s) but needs ${want} — fix the list` };
    }

    default:
      return { path: pointer, line: lineOf(pointer), message: `${where(pointer)} ${error.message ?? 'is invalid'} — fix it to match reference-schemas/tool.schema.json` };
  }
}
