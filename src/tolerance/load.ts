// reference/tolerance.yaml (SPEC §3): both the short form (top-level output keys) and the structured
// form of existing Pixie tools (defaults / overrides / options), validated strictly so a typo is a
// reported problem with its line, never a silently ignored key (anchor bugs B15, B16). The block
// checker is shared with fixture `tolerance` objects so both are validated the same way.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { LineCounter, isMap, isPair, isScalar, isSeq, parseDocument, type Node as YamlNode } from 'yaml';
import type { Comparator, Tolerance } from '../comparators/types.js';
import { OUTPUT_TYPES, type OutputSpec, type OutputType } from '../tool/manifest-types.js';
import { suggest } from '../util/did-you-mean.js';
import { checkNonNegativeNumber, checkOptionValue, kindOf } from './option-kind.js';

export { kindOf };

export type Policy = 'warn' | 'fail' | 'ignore';
export const POLICIES: readonly Policy[] = ['warn', 'fail', 'ignore'];

export interface ToleranceOptions {
  on_extra_output_key: Policy;
  on_missing_expected_key: Policy;
  truncate_diff_chars: number;
}

export const DEFAULT_TOLERANCE_OPTIONS: Readonly<ToleranceOptions> = {
  on_extra_output_key: 'warn',
  on_missing_expected_key: 'fail',
  truncate_diff_chars: 400,
};

export interface ToleranceConfig {
  /** which form the file used; 'none' when there is no file or it is empty */
  form: 'none' | 'short' | 'structured';
  /** per output type (structured `defaults`), normalised */
  defaults: Partial<Record<OutputType, Tolerance>>;
  /** per output key: short-form entries or structured `overrides`, normalised */
  overrides: Record<string, Tolerance>;
  options: ToleranceOptions;
}

/** A problem in a user's reference file: where it is and one sentence naming the fix. */
export interface Problem {
  /** relative to the tool folder, e.g. reference/tolerance.yaml */
  file: string;
  /** 1-based */
  line?: number;
  /** path inside the file, e.g. overrides.final_value.rtoll ('' for the whole file) */
  path: string;
  message: string;
}

export interface ToleranceLoad {
  config: ToleranceConfig;
  problems: Problem[];
}

export interface ToleranceContext {
  outputs: OutputSpec[];
  comparatorFor(type: OutputType): Comparator;
}

export const TOLERANCE_FILE = 'tolerance.yaml';
const STRUCTURED_KEYS = ['defaults', 'overrides', 'options'] as const;
const OPTION_KEYS = ['on_extra_output_key', 'on_missing_expected_key', 'truncate_diff_chars'] as const;

/** Spellings of the numeric tolerance fields (anchor: atol/rtol, float_atol/float_rtol). */
export const NUMERIC_SYNONYMS: Readonly<Record<string, 'abs' | 'rel'>> = {
  abs: 'abs', atol: 'abs', float_atol: 'abs',
  rel: 'rel', rtol: 'rel', float_rtol: 'rel',
};

export function emptyToleranceConfig(): ToleranceConfig {
  return { form: 'none', defaults: {}, overrides: {}, options: { ...DEFAULT_TOLERANCE_OPTIONS } };
}

export function formatProblem(p: Problem): string {
  return `${p.file}${p.line ? ` line ${p.line}` : ''}${p.path ? ` (${p.path})` : ''}: ${p.message}`;
}

export type PathSegment = string | number;

/** Finds the line of a key or of its value inside the source file (undefined when unknown). */
export type LineOf = (segments: readonly PathSegment[], part: 'key' | 'value') => number | undefined;

export function formatPath(segments: readonly PathSegment[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(s)) out += out ? `.${s}` : s;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function didYouMean(word: string, candidates: Iterable<string>): string {
  const s = suggest(word, candidates);
  return s ? ` — did you mean '${s}'?` : '';
}

/**
 * YAML reads `key:{abs: 1}` (no space after the colon) as text, not as a mapping. Given the text that
 * came out, returns the hint sentence, or null when the text does not look like that mistake.
 */
export function colonSpaceHint(text: string, sourceLine?: string): string | null {
  if (!/^[^\s:{}[\],]+:[^\s]/.test(text)) return null;
  const fixedText = text.replace(/^([^\s:{}[\],]+):(?=\S)/, '$1: ');
  const line = sourceLine?.trim();
  const original = line && line.includes(text) ? line : text;
  const fixed = original.replace(text, fixedText);
  return `YAML read '${original}' as text because there is no space after the colon; write '${fixed}'`;
}

// ---------------------------------------------------------------------------------------------
// The shared block checker

export interface BlockWhere {
  file: string;
  lineOf: LineOf;
  /** path of the block itself */
  path: PathSegment[];
  /** how messages name the block, e.g. "final_value (number)" or "number outputs" */
  subject: string;
  /** the output type the block applies to, so only the modes that apply to it are accepted */
  type?: OutputType;
  /** source text lookup for the `key:{…}` hint */
  sourceLine?: (line: number) => string | undefined;
}

function problemAt(where: BlockWhere, segments: PathSegment[], part: 'key' | 'value', message: string): Problem {
  const line = where.lineOf(segments, part) ?? where.lineOf(segments, 'key');
  return { file: where.file, ...(line ? { line } : {}), path: formatPath(segments), message };
}

/**
 * A 'tolerance'-kind option is either a numeric tolerance itself (`series: {abs: 0.01}`) or a map of
 * names to numeric tolerances (`columns: {amount: {abs: 0.01}}`); mixing both is allowed.
 */
function checkNestedTolerance(value: unknown, where: BlockWhere, segments: PathSegment[], label: string, problems: Problem[], depth = 0): Record<string, unknown> | undefined {
  if (!isPlainObject(value)) {
    problems.push(problemAt(where, segments, 'value', `${label} must be a mapping such as { abs: 0.01 }${depth === 0 ? ' or { <name>: { abs: 0.01 } }' : ''}, got ${kindOf(value)}`));
    return undefined;
  }
  const out: Record<string, unknown> = {};
  const seen = new Map<string, string>();
  for (const [k, v] of Object.entries(value)) {
    const at = [...segments, k];
    const canonical = NUMERIC_SYNONYMS[k];
    if (canonical) {
      const err = checkNonNegativeNumber(v, false);
      if (err) { problems.push(problemAt(where, at, 'value', `${label}.${k} ${err}`)); continue; }
      const other = seen.get(canonical);
      if (other !== undefined) { problems.push(problemAt(where, at, 'key', synonymClash(other, k, label))); continue; }
      seen.set(canonical, k);
      out[canonical] = v;
    } else if (depth === 0 && isPlainObject(v)) {
      const inner = checkNestedTolerance(v, where, at, `${label}.${k}`, problems, depth + 1);
      if (inner) out[k] = inner;
    } else {
      const hint = didYouMean(k, Object.keys(NUMERIC_SYNONYMS));
      problems.push(problemAt(where, at, 'key', hint
        ? `unknown key '${k}' in ${label}${hint}`
        : `unknown key '${k}' in ${label}; use abs or rel${depth === 0 ? ', or name: { abs: …, rel: … }' : ''}`));
    }
  }
  return out;
}

function synonymClash(first: string, second: string, subject: string): string {
  return `'${first}' and '${second}' are the same setting for ${subject}; keep only one of them`;
}

/**
 * Validates one tolerance block (a tolerance.yaml entry or a fixture's `tolerance[key]`) against the
 * comparator that will read it. Pushes every problem found; returns the normalised block (synonyms
 * renamed to abs/rel, invalid entries dropped), or undefined when it is not a mapping at all.
 */
export function checkToleranceBlock(value: unknown, comparator: Comparator, where: BlockWhere, problems: Problem[]): Tolerance | undefined {
  if (!isPlainObject(value)) {
    const line = where.lineOf(where.path, 'value') ?? where.lineOf(where.path, 'key');
    const hint = typeof value === 'string' ? colonSpaceHint(value, line ? where.sourceLine?.(line) : undefined) : null;
    const message = hint
      ?? (value === null
        ? `the tolerance entry for ${where.subject} is empty; give it settings such as { abs: 0.005 } or remove it`
        : `the tolerance for ${where.subject} must be a mapping such as { abs: 0.005 }, got ${kindOf(value)}`);
    problems.push({ file: where.file, ...(line ? { line } : {}), path: formatPath(where.path), message });
    return undefined;
  }
  const options = comparator.options;
  const allowedKeys = ['compare', 'abs', 'rel', 'atol', 'rtol', 'float_atol', 'float_rtol', ...Object.keys(options)];
  const out: Tolerance = {};
  const seen = new Map<string, string>();
  for (const [k, v] of Object.entries(value)) {
    const at = [...where.path, k];
    const canonical = NUMERIC_SYNONYMS[k];
    if (k === 'compare') {
      const modes = [...(where.type && comparator.modesFor ? comparator.modesFor(where.type) : comparator.modes), 'skip'];
      if (typeof v !== 'string') {
        problems.push(problemAt(where, at, 'value', `compare for ${where.subject} must be one of ${modes.join(', ')}; got ${kindOf(v)}`));
      } else if (!modes.includes(v)) {
        const hint = didYouMean(v, modes);
        problems.push(problemAt(where, at, 'value', hint
          ? `unknown compare mode '${v}' for ${where.subject}${hint}`
          : `unknown compare mode '${v}' for ${where.subject}; use one of ${modes.join(', ')}`));
      } else out.compare = v;
    } else if (canonical) {
      const err = checkNonNegativeNumber(v, false);
      if (err) { problems.push(problemAt(where, at, 'value', `${k} for ${where.subject} ${err}`)); continue; }
      const other = seen.get(canonical);
      if (other !== undefined) { problems.push(problemAt(where, at, 'key', synonymClash(other, k, where.subject))); continue; }
      seen.set(canonical, k);
      out[canonical] = v as number;
    } else if (Object.hasOwn(options, k)) {
      const kind = options[k]!;
      if (kind === 'tolerance') {
        const nested = checkNestedTolerance(v, where, at, k, problems);
        if (nested) out[k] = nested;
        continue;
      }
      const err = checkOptionValue(kind, v);
      if (err) problems.push(problemAt(where, at, 'value', `${k} for ${where.subject} ${err}`));
      else out[k] = v;
    } else {
      const line = where.lineOf(at, 'key');
      const hint = colonSpaceHint(k, line ? where.sourceLine?.(line) : undefined);
      const close = didYouMean(k, allowedKeys);
      problems.push(problemAt(where, at, 'key', hint ?? (close
        ? `unknown tolerance key '${k}' for ${where.subject}${close}`
        : `unknown tolerance key '${k}' for ${where.subject}; allowed keys: ${[...new Set(allowedKeys)].join(', ')}`)));
    }
  }
  return out;
}

/** The message for a key that names no declared output. */
export function notAnOutputMessage(key: string, outputKeys: readonly string[], extraCandidates: readonly string[] = []): string {
  const close = suggest(key, [...outputKeys, ...extraCandidates]);
  if (close) return `'${key}' is not an output of this tool — did you mean '${close}'?`;
  return outputKeys.length
    ? `'${key}' is not an output of this tool; use one of: ${outputKeys.join(', ')}`
    : `'${key}' is not an output of this tool, which declares no outputs; remove it`;
}

// ---------------------------------------------------------------------------------------------
// YAML plumbing

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** 1-based line of an offset. */
export function lineAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

function yamlKeyText(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  return undefined;
}

function yamlLineOf(root: YamlNode | null, starts: readonly number[]): LineOf {
  const lineOfNode = (n: unknown): number | undefined => {
    const range = (n as { range?: [number, number, number] } | null)?.range;
    return range ? lineAt(starts, range[0]) : undefined;
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

function yamlErrorFix(code: string, message: string): string {
  if (/quote/i.test(message)) return 'close the quote';
  switch (code) {
    case 'DUPLICATE_KEY': return 'remove or rename one of the two entries';
    case 'TAB_AS_INDENT': return 'indent with spaces, not tabs';
    case 'BAD_INDENT': case 'MISSING_CHAR': return 'check the indentation and that every { or [ is closed';
    case 'BLOCK_AS_IMPLICIT_KEY': case 'MULTILINE_IMPLICIT_KEY': return 'put a space after each colon and keep each key on one line';
    case 'UNEXPECTED_TOKEN': return 'check for a stray character, a missing colon or an unclosed quote';
    default: return 'fix the YAML syntax there';
  }
}

// ---------------------------------------------------------------------------------------------

/** Loads and validates `<referenceDir>/tolerance.yaml`. A missing file is an empty config. */
export function loadTolerance(referenceDir: string, ctx: ToleranceContext): ToleranceLoad {
  const file = `reference/${TOLERANCE_FILE}`;
  const config = emptyToleranceConfig();
  const problems: Problem[] = [];
  const full = path.join(referenceDir, TOLERANCE_FILE);
  if (!existsSync(full)) {
    if (existsSync(path.join(referenceDir, 'tolerance.yml'))) {
      problems.push({ file: 'reference/tolerance.yml', path: '', message: `pixie reads reference/${TOLERANCE_FILE}, so this file would be ignored; rename it to ${TOLERANCE_FILE}` });
    }
    return { config, problems };
  }
  let text: string;
  try {
    if (statSync(full).isDirectory()) throw Object.assign(new Error('it is a directory'), { code: 'EISDIR' });
    text = readFileSync(full, 'utf8');
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    problems.push({ file, path: '', message: `could not read the file (${e.code ?? e.message}); make it a readable text file` });
    return { config, problems };
  }
  return { config: parseToleranceText(text, ctx, problems, file), problems };
}

/** Parses tolerance.yaml text (exported for tests and for the HTTP service's editor). */
export function parseToleranceText(text: string, ctx: ToleranceContext, problems: Problem[], file = `reference/${TOLERANCE_FILE}`): ToleranceConfig {
  const config = emptyToleranceConfig();
  const source = text.replace(/^\uFEFF/, '');
  const starts = lineStarts(source);
  const sourceLines = source.split(/\r?\n/);
  const sourceLine = (line: number) => sourceLines[line - 1];
  let doc;
  try {
    doc = parseDocument(source, { lineCounter: new LineCounter(), prettyErrors: false, uniqueKeys: true });
  } catch (err) {
    problems.push({ file, path: '', message: `could not parse YAML (${(err as Error).message}); fix the syntax` });
    return config;
  }
  if (doc.errors.length) {
    for (const e of doc.errors) {
      let line = lineAt(starts, e.pos[0]);
      const what = e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '').replace(/[.:]$/, '');
      let fix = yamlErrorFix(e.code, what);
      // an unclosed { or [ is detected on a later line; point at the line that opened it
      const flow = /^Flow (map|sequence)/.exec(what);
      if (flow) {
        const [open, close] = flow[1] === 'map' ? ['{', '}'] : ['[', ']'];
        for (let l = line; l >= 1; l--) {
          const t = sourceLines[l - 1] ?? '';
          if (t.split(open).length > t.split(close).length) {
            fix = `the '${open}' on line ${l} is not closed; add '${close}' at the end of that entry`;
            line = l;
            break;
          }
        }
      }
      const quote = /closing (['"])quote/.exec(what)?.[1];
      if (quote) {
        for (let l = Math.min(line, sourceLines.length); l >= 1; l--) {
          if (((sourceLines[l - 1] ?? '').split(quote).length - 1) % 2 === 1) {
            fix = `the ${quote} on line ${l} is not closed; add the closing ${quote}`;
            line = l;
            break;
          }
        }
      }
      problems.push({ file, line, path: '', message: `YAML syntax error: ${what}; ${fix}` });
    }
    return config;
  }
  const root = doc.contents as YamlNode | null;
  const lineOf = yamlLineOf(root, starts);
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (err) {
    problems.push({ file, path: '', message: `could not read the YAML (${(err as Error).message}); simplify anchors and aliases` });
    return config;
  }
  if (data === null || data === undefined) return config; // empty file or only comments
  if (!isPlainObject(data)) {
    const hint = typeof data === 'string' ? colonSpaceHint(data, sourceLine(lineOf([], 'value') ?? 1)) : null;
    problems.push({ file, line: lineOf([], 'value') ?? 1, path: '', message: hint ?? `the top level must be a mapping (output key: { abs: … }, or defaults/overrides/options), got ${kindOf(data)}` });
    return config;
  }
  const outputs = new Map(ctx.outputs.map((o) => [o.key, o]));
  const outputKeys = [...outputs.keys()];
  const where = (segments: PathSegment[], subject: string): BlockWhere => ({ file, lineOf, path: segments, subject, sourceLine });
  const keyProblem = (segments: PathSegment[], message: string): Problem => {
    const line = lineOf(segments, 'key');
    return { file, ...(line ? { line } : {}), path: formatPath(segments), message };
  };
  const hintFor = (segments: PathSegment[], key: string): string | null => {
    const line = lineOf(segments, 'key');
    return colonSpaceHint(key, line ? sourceLine(line) : undefined);
  };
  const perKey = (segments: PathSegment[], key: string, value: unknown, extraCandidates: readonly string[]) => {
    const spec = outputs.get(key);
    if (!spec) {
      problems.push(keyProblem(segments, hintFor(segments, key) ?? notAnOutputMessage(key, outputKeys, extraCandidates)));
      return;
    }
    const block = checkToleranceBlock(value, ctx.comparatorFor(spec.type), { ...where(segments, `${key} (${spec.type})`), type: spec.type }, problems);
    if (block) config.overrides[key] = block;
  };

  const top = Object.entries(data);
  const structured = top.some(([k]) => (STRUCTURED_KEYS as readonly string[]).includes(k));
  if (!structured) {
    config.form = 'short';
    for (const [key, value] of top) perKey([key], key, value, STRUCTURED_KEYS);
    return config;
  }

  config.form = 'structured';
  for (const [key, value] of top) {
    if ((STRUCTURED_KEYS as readonly string[]).includes(key)) continue;
    if (outputs.has(key)) {
      problems.push(keyProblem([key], `'${key}' is a short-form entry but this file also uses defaults/overrides/options; the two forms cannot be mixed, so move it under overrides:`));
    } else {
      const close = suggest(key, STRUCTURED_KEYS);
      problems.push(keyProblem([key], hintFor([key], key) ?? (close
        ? `unknown top-level key '${key}' — did you mean '${close}'?`
        : `unknown top-level key '${key}'; the structured form allows only defaults, overrides and options`)));
    }
  }
  const section = (name: string): Record<string, unknown> | undefined => {
    const value = (data as Record<string, unknown>)[name];
    if (value === undefined || value === null) return undefined;
    if (isPlainObject(value)) return value;
    const line = lineOf([name], 'value');
    const hint = typeof value === 'string' ? colonSpaceHint(value, line ? sourceLine(line) : undefined) : null;
    problems.push({ file, ...(line ? { line } : {}), path: name, message: hint ?? `${name} must be a mapping, got ${kindOf(value)}` });
    return undefined;
  };

  const defaults = section('defaults');
  for (const [type, value] of Object.entries(defaults ?? {})) {
    const segments = ['defaults', type];
    if (!(OUTPUT_TYPES as readonly string[]).includes(type)) {
      const close = suggest(type, OUTPUT_TYPES);
      problems.push(keyProblem(segments, hintFor(segments, type) ?? (close
        ? `'${type}' is not an output type — did you mean '${close}'?`
        : `'${type}' is not an output type; defaults are keyed by output type (number, table, chart_line, …); per-output settings go under overrides`)));
      continue;
    }
    const block = checkToleranceBlock(value, ctx.comparatorFor(type as OutputType), { ...where(segments, `${type} outputs`), type: type as OutputType }, problems);
    if (block) config.defaults[type as OutputType] = block;
  }

  const overrides = section('overrides');
  for (const [key, value] of Object.entries(overrides ?? {})) perKey(['overrides', key], key, value, []);

  const options = section('options');
  for (const [key, value] of Object.entries(options ?? {})) {
    const segments = ['options', key];
    if (key === 'on_extra_output_key' || key === 'on_missing_expected_key') {
      if (typeof value === 'string' && (POLICIES as readonly string[]).includes(value)) config.options[key] = value as Policy;
      else {
        const close = typeof value === 'string' ? suggest(value, POLICIES) : undefined;
        problems.push({ file, line: lineOf(segments, 'value'), path: formatPath(segments), message: `${key} must be warn, fail or ignore, got ${kindOf(value)}${close ? ` — did you mean '${close}'?` : ''}` });
      }
    } else if (key === 'truncate_diff_chars') {
      const err = checkNonNegativeNumber(value, true);
      if (err) problems.push({ file, line: lineOf(segments, 'value'), path: formatPath(segments), message: `truncate_diff_chars ${err}` });
      else config.options.truncate_diff_chars = value as number;
    } else {
      const close = suggest(key, OPTION_KEYS);
      problems.push(keyProblem(segments, hintFor(segments, key) ?? (close
        ? `unknown option '${key}' — did you mean '${close}'?`
        : `unknown option '${key}'; allowed: ${OPTION_KEYS.join(', ')}`)));
    }
  }
  return config;
}
