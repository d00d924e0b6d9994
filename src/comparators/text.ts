// The text family (text, code, latex, stream_text, markdown): exact by default, or one of the modes
// below. A mismatch names the first differing line and column with a window of each side, and
// lists every differing line (capped), found by a line LCS so one inserted line is one difference.
import { ignoredFieldsOf, ignoreFields } from './kit/ignore-fields.js';
import type { OutputType } from '../model/manifest.js';
import type { Difference } from '../model/report.js';
import { commonEnds, diffLineLists } from '../util/line-diff.js';
import { deepCompare } from './kit/deep-compare.js';
import { describeNumericTolerance, numericTolerance } from './kit/numeric-tolerance.js';
import { garbageResult, skipped, unknownModeResult } from './kit/result.js';
import { describeValue, shortJson, shortPair, unwrapValue } from './kit/value.js';
import { boundedLevenshtein, levenshtein, similarity } from './levenshtein.js';
import type { Comparator, ComparisonResult } from './types.js';
import type { Tolerance } from '../model/tolerance.js';
import type { MessageTable } from '../util/message-table.js';
import { parseJson } from '../util/python-json.js';
import { codePointsOf, isPlainAscii, visiblePair } from '../util/visible-text.js';

export const TEXT_MODES = [
  'exact',
  'normalize_whitespace',
  'exact_after_normalize_whitespace',
  'json',
  'json_normalized',
  'levenshtein',
  'regex',
  'contains',
] as const;

/** Unicode normalisation forms the `normalize` option applies to both sides before comparing. */
export const NORMALIZATION_FORMS = ['nfc', 'nfd', 'nfkc', 'nfkd'] as const;

/** The original Pixie's spellings → the canonical mode. */
const MODE_ALIASES: Record<string, string> = {
  exact_after_normalize_whitespace: 'normalize_whitespace',
  json_normalized: 'json',
};

const messages = {
  lineDiffers: (eLine: number, aLine: number, e: string | undefined, a: string | undefined) => {
    const [es, as] = shortPair(e, a, 120);
    return `line differs${aLine === eLine ? '' : ` (actual line ${aLine})`}: expected ${es}, got ${as}`;
  },
  lineMissing: (e: string | undefined) => `missing in actual: ${shortJson(e, 120)}`,
  lineExtra: (aLine: number, a: string | undefined) =>
    `not expected (extra line ${aLine} in actual): ${shortJson(a, 120)}`,
  moreLines: (n: number) => `… and ${n} more differing lines`,
  /**
   * `ends` names the side that ends at the difference, if one does; `e` and `a` are windows of each
   * side; `points`, when the differing characters are not plain ASCII, their code points
   */
  firstDifference: (
    line: number,
    column: number,
    ends: 'expected' | 'actual' | null,
    e: string,
    a: string,
    points: { expected: string; actual: string } | null,
  ) =>
    `first difference at line ${line}, column ${column}${ends ? ` (${ends} ends here)` : ''}: expected ${e}, got ${a}${points ? ` (code points: expected ${points.expected}, got ${points.actual})` : ''}`,
  normalizedRule: (rule: string, form: string) => `${rule}, after ${form.toUpperCase()} normalisation`,
  sameAfterNormalization: (form: string) => `identical after ${form.toUpperCase()} normalisation`,
  whitespaceRule: () => 'exact after whitespace normalisation',
  jsonRule: (tolerance: Tolerance) =>
    `json structural, numbers ${describeNumericTolerance(numericTolerance(tolerance))}`,
  levenshteinRule: (min: number) => `levenshtein similarity ≥ ${min}`,
  regexRule: () => 'expected is a regex that must match the whole actual',
  containsRule: () => 'actual contains expected',
  notJson: (side: 'expected' | 'actual', error: string) => `${side} is not valid JSON: ${error}`,
  notJsonText: (a: unknown) => `actual is ${describeValue(a)}, expected a string of JSON`,
  jsonEqual: () => 'json values equal',
  fieldsNeedJson: (mode: string) =>
    `ignore_fields applies only to JSON text, but this output is compared with compare: ${mode}; add compare: json or remove ignore_fields`,
  jsonDiffer: (n: number) => `${n} JSON difference(s)`,
  notAString: (side: 'expected' | 'actual', v: unknown) => `${side} is ${describeValue(v)}, expected a string`,
  sameAfterWhitespace: () => 'identical after whitespace normalisation',
  identical: (chars: number) => `identical (${chars} chars)`,
  linesDiffer: (first: string, differing: number, total: number) => `${first}; ${differing} of ${total} lines differ`,
  similarity: (sim: number, distance: number, chars: number) =>
    `similarity ${sim.toFixed(4)} (distance ${distance} over ${chars} chars)`,
  similarityBelow: (bound: number, allowed: number, chars: number) =>
    `similarity < ${bound.toFixed(4)} (distance > ${allowed} over ${chars} chars)`,
  belowMinimum: (min: number, first: string) => `similarity below ${min}; ${first}`,
  badRegex: (e: string, error: string) => `expected is not a valid regex ${JSON.stringify(e)}: ${error}`,
  regexMatches: () => 'regex matches',
  regexFails: (e: string) => `regex ${shortJson(e, 60)} does not match the whole actual`,
  noMatch: (a: string, e: string) => `actual ${shortJson(a, 120)} does not match regex ${JSON.stringify(e)}`,
  contains: (chars: number) => `contains expected (${chars} chars)`,
  notFound: (eChars: number, aChars: number) => `expected text (${eChars} chars) not found in actual (${aChars} chars)`,
  doesNotContain: (e: string) => `actual does not contain ${shortJson(e, 120)}`,
} satisfies MessageTable;

const DEFAULT_MIN_SIMILARITY = 0.9;
const MAX_LINE_DIFFERENCES = 50;
const WINDOW = 20;

// ---------- whitespace normalisation ----------

/** Collapse runs of spaces/tabs per line, strip line ends, drop leading/trailing blank lines. */
export function normalizeWhitespace(text: string, latex = false): string {
  let t = text.replace(/\r\n?/g, '\n');
  // LaTeX spacing commands only change spacing, so they count as whitespace here (never in exact mode).
  if (latex) t = t.replace(/\\[,;:!]/g, ' ');
  const lines = t.split('\n').map((line) => line.replace(/[ \t\f\v\u00a0]+/g, ' ').replace(/ +$/, ''));
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start] === '') start++;
  while (end > start && lines[end - 1] === '') end--;
  return lines.slice(start, end).join('\n');
}

// ---------- line diff ----------

interface LineDiffSummary {
  differences: Difference[];
  /** differing lines (changed + missing + extra) */
  differing: number;
  total: number;
}

type Op = { kind: 'changed'; e: number; a: number } | { kind: 'missing'; e: number } | { kind: 'extra'; a: number };

/** Every differing line (capped at 50 plus a "… and N more" entry). Paths are `line N`, 1-based. */
export function lineDifferences(expected: string, actual: string): LineDiffSummary {
  const E = expected.split('\n');
  const A = actual.split('\n');
  const ops: Op[] = [];
  const lines = diffLineLists(E, A);
  if (lines) {
    // inside each changed block the n-th removed line pairs with the n-th added one
    const removed: number[] = [];
    const added: number[] = [];
    const flush = (): void => {
      const paired = Math.min(removed.length, added.length);
      for (let k = 0; k < paired; k++) ops.push({ kind: 'changed', e: removed[k]!, a: added[k]! });
      for (let k = paired; k < removed.length; k++) ops.push({ kind: 'missing', e: removed[k]! });
      for (let k = paired; k < added.length; k++) ops.push({ kind: 'extra', a: added[k]! });
      removed.length = 0;
      added.length = 0;
    };
    for (const line of lines) {
      if (line.op === '-') removed.push(line.e! - 1);
      else if (line.op === '+') added.push(line.a! - 1);
      else flush();
    }
    flush();
  } else {
    // too many edits to align: pair the middle lines by position
    const { start: p, suffix: s } = commonEnds(E, A);
    const Em = E.length - s - p;
    const Am = A.length - s - p;
    const paired = Math.min(Em, Am);
    for (let k = 0; k < paired; k++) if (E[p + k] !== A[p + k]) ops.push({ kind: 'changed', e: p + k, a: p + k });
    for (let k = paired; k < Em; k++) ops.push({ kind: 'missing', e: p + k });
    for (let k = paired; k < Am; k++) ops.push({ kind: 'extra', a: p + k });
  }
  const differences: Difference[] = [];
  for (const op of ops.slice(0, MAX_LINE_DIFFERENCES)) {
    if (op.kind === 'changed') {
      differences.push({
        path: `line ${op.e + 1}`,
        message: messages.lineDiffers(op.e + 1, op.a + 1, E[op.e], A[op.a]),
        expected: E[op.e],
        actual: A[op.a],
      });
    } else if (op.kind === 'missing') {
      differences.push({
        path: `line ${op.e + 1}`,
        message: messages.lineMissing(E[op.e]),
        expected: E[op.e],
      });
    } else {
      differences.push({
        path: `line ${op.a + 1}`,
        message: messages.lineExtra(op.a + 1, A[op.a]),
        actual: A[op.a],
      });
    }
  }
  if (ops.length > MAX_LINE_DIFFERENCES) {
    differences.push({ path: '', message: messages.moreLines(ops.length - MAX_LINE_DIFFERENCES) });
  }
  return { differences, differing: ops.length, total: Math.max(E.length, A.length) };
}

/** `n` code points back from unit offset `i` (never splitting a surrogate pair). */
function back(s: string, i: number, n: number): number {
  let k = i;
  for (let c = 0; c < n && k > 0; c++)
    k -= k >= 2 && /[\udc00-\udfff]/.test(s[k - 1]!) && /[\ud800-\udbff]/.test(s[k - 2]!) ? 2 : 1;
  return k;
}

/** `n` code points on from unit offset `i`. */
function forward(s: string, i: number, n: number): number {
  let k = i;
  for (let c = 0; c < n && k < s.length; c++) k += s.codePointAt(k)! > 0xffff ? 2 : 1;
  return k;
}

/** The character at `i` with the marks that follow it (the thing a reader sees as one letter). */
const characterAt = (s: string, i: number): string => /^[\s\S]\p{M}*/u.exec(s.slice(i, forward(s, i, 8)))?.[0] ?? '';

/**
 * "line 3, column 12: expected …"abc d"… got …"abc e"…" for the first differing character. Columns
 * count characters (code points); what prints alike is escaped, with its code points named.
 */
export function firstDifference(expected: string, actual: string): string {
  let i = 0;
  const n = Math.min(expected.length, actual.length);
  while (i < n && expected.charCodeAt(i) === actual.charCodeAt(i)) i++;
  // never inside a surrogate pair: the difference is in the whole character
  if (i > 0 && /[\ud800-\udbff]/.test(expected[i - 1]!)) i--;
  const before = expected.slice(0, i);
  const line = before.split('\n').length;
  const column = Array.from(before.slice(before.lastIndexOf('\n') + 1)).length + 1;
  const from = back(expected, i, WINDOW);
  const [we, wa] = visiblePair(
    expected.slice(from, forward(expected, i, WINDOW)),
    actual.slice(from, forward(actual, i, WINDOW)),
  );
  const window = (s: string, body: string): string =>
    `${from > 0 ? '…' : ''}${body}${forward(s, i, WINDOW) < s.length ? '…' : ''}`;
  const ends = i >= expected.length ? 'expected' : i >= actual.length ? 'actual' : null;
  const ce = characterAt(expected, i);
  const ca = characterAt(actual, i);
  const points = isPlainAscii(ce) && isPlainAscii(ca) ? null : { expected: codePointsOf(ce), actual: codePointsOf(ca) };
  return messages.firstDifference(line, column, ends, window(expected, we), window(actual, wa), points);
}

// ---------- comparing two strings ----------

function ruleFor(mode: string, tolerance: Tolerance): string {
  switch (mode) {
    case 'normalize_whitespace':
      return messages.whitespaceRule();
    case 'json':
      return messages.jsonRule(tolerance);
    case 'levenshtein':
      return messages.levenshteinRule(minSimilarity(tolerance));
    case 'regex':
      return messages.regexRule();
    case 'contains':
      return messages.containsRule();
    default:
      return 'exact';
  }
}

/** The Unicode form `normalize` names (loading has checked it is one of NORMALIZATION_FORMS), or null. */
function normalizationForm(tolerance: Tolerance): 'NFC' | 'NFD' | 'NFKC' | 'NFKD' | null {
  const v = tolerance.normalize;
  return typeof v === 'string' && (NORMALIZATION_FORMS as readonly string[]).includes(v)
    ? (v.toUpperCase() as 'NFC' | 'NFD' | 'NFKC' | 'NFKD')
    : null;
}

function minSimilarity(tolerance: Tolerance): number {
  const v = tolerance.min_similarity;
  return typeof v === 'number' && v >= 0 && v <= 1 ? v : DEFAULT_MIN_SIMILARITY;
}

/** Score for a failed exact comparison: character similarity when cheap, else the share of equal lines. */
function mismatchScore(e: string, a: string, lines: LineDiffSummary): number {
  if (e.length <= 10_000 && a.length <= 10_000) return similarity(e, a);
  return lines.total === 0 ? 0 : Math.max(0, 1 - lines.differing / lines.total);
}

/**
 * Compares two strings under a text mode (canonical or an older alias). `expected`/`actual` in the result
 * are the values given as `echo`. Also used by the file comparator for text/* payloads.
 */
export function compareTextValues(
  eIn: unknown,
  aIn: unknown,
  modeIn: string,
  tolerance: Tolerance,
  type: OutputType | 'file',
  echo: { expected: unknown; actual: unknown },
): ComparisonResult {
  const mode = MODE_ALIASES[modeIn] ?? modeIn;
  // `normalize: nfc` (or nfd, nfkc, nfkd) makes canonically (or compatibly) equivalent text equal
  const form = normalizationForm(tolerance);
  const e = form && typeof eIn === 'string' ? eIn.normalize(form) : eIn;
  const a = form && typeof aIn === 'string' ? aIn.normalize(form) : aIn;
  const rule = form ? messages.normalizedRule(ruleFor(mode, tolerance), form) : ruleFor(mode, tolerance);
  const base = { rule, expected: echo.expected, actual: echo.actual, tolerance };
  const fail = (message: string): ComparisonResult =>
    garbageResult(message, echo.expected, echo.actual, tolerance, rule);

  if (mode === 'json') {
    let ev: unknown = e;
    if (typeof e === 'string') {
      try {
        ev = parseJson(e);
      } catch (err) {
        return fail(messages.notJson('expected', (err as Error).message));
      }
    }
    if (typeof a !== 'string') return fail(messages.notJsonText(a));
    let av: unknown;
    try {
      av = parseJson(a);
    } catch (err) {
      return fail(messages.notJson('actual', (err as Error).message));
    }
    const patterns = ignoredFieldsOf(tolerance);
    const ig = patterns ? ignoreFields(patterns, ev, av) : null;
    const differences = deepCompare(ig ? ig.expected : ev, ig ? ig.actual : av, '', numericTolerance(tolerance));
    const ok = differences.length === 0;
    const r: ComparisonResult = {
      ...base,
      status: ok ? 'pass' : 'fail',
      score: ok ? 1 : 1 / (1 + differences.length),
      metric: ok ? messages.jsonEqual() : messages.jsonDiffer(differences.length),
      differences,
    };
    return ig ? ig.annotate(r, echo) : r;
  }
  if (ignoredFieldsOf(tolerance)) return fail(messages.fieldsNeedJson(mode));

  if (typeof e !== 'string') return fail(messages.notAString('expected', e));
  if (typeof a !== 'string') return fail(messages.notAString('actual', a));

  switch (mode) {
    case 'exact':
    case 'normalize_whitespace': {
      const normalised = mode === 'normalize_whitespace';
      const es = normalised ? normalizeWhitespace(e, type === 'latex') : e;
      const as = normalised ? normalizeWhitespace(a, type === 'latex') : a;
      if (es === as) {
        return {
          ...base,
          status: 'pass',
          score: 1,
          differences: [],
          metric:
            normalised && e !== a
              ? messages.sameAfterWhitespace()
              : form && eIn !== aIn
                ? messages.sameAfterNormalization(form)
                : messages.identical(e.length),
        };
      }
      const lines = lineDifferences(es, as);
      const first = firstDifference(es, as);
      const differences: Difference[] = [{ path: '', message: first }, ...lines.differences];
      return {
        ...base,
        status: 'fail',
        score: mismatchScore(es, as, lines),
        differences,
        metric: messages.linesDiffer(first, lines.differing, lines.total),
      };
    }
    case 'levenshtein': {
      const min = minSimilarity(tolerance);
      const longest = Math.max(e.length, a.length);
      const allowed = Math.floor((1 - min) * longest + 1e-9);
      const bounded = boundedLevenshtein(e, a, allowed);
      // over the bound, the real distance is still worth printing when it is cheap (texts up to
      // 10 kB, as mismatchScore); beyond that the message says only that it is over the bound
      const exact = bounded.exact || longest <= 10_000;
      const d = bounded.exact || !exact ? bounded.distance : levenshtein(e, a);
      const sim = longest === 0 ? 1 : 1 - d / longest;
      const ok = d <= allowed;
      const metric = exact
        ? messages.similarity(sim, d, longest)
        : messages.similarityBelow(1 - allowed / Math.max(longest, 1), allowed, longest);
      if (ok) return { ...base, status: 'pass', score: sim, metric, differences: [] };
      const lines = lineDifferences(e, a);
      return {
        ...base,
        status: 'fail',
        score: Math.max(0, sim),
        metric,
        differences: [{ path: '', message: messages.belowMinimum(min, firstDifference(e, a)) }, ...lines.differences],
      };
    }
    case 'regex': {
      let re: RegExp;
      const flags = typeof tolerance.regex_flags === 'string' ? tolerance.regex_flags : '';
      try {
        re = new RegExp(`^(?:${e})$`, flags);
      } catch (err) {
        return fail(messages.badRegex(e, (err as Error).message));
      }
      const ok = re.test(a);
      return {
        ...base,
        status: ok ? 'pass' : 'fail',
        score: ok ? 1 : 0,
        metric: ok ? messages.regexMatches() : messages.regexFails(e),
        differences: ok
          ? []
          : [
              {
                path: '',
                message: messages.noMatch(a, e),
                expected: e,
                actual: a,
              },
            ],
      };
    }
    case 'contains': {
      const ok = a.includes(e);
      return {
        ...base,
        status: ok ? 'pass' : 'fail',
        score: ok ? 1 : 0,
        metric: ok ? messages.contains(e.length) : messages.notFound(e.length, a.length),
        differences: ok ? [] : [{ path: '', message: messages.doesNotContain(e), expected: e, actual: a }],
      };
    }
    default:
      return unknownModeResult(modeIn, TEXT_MODES, echo.expected, echo.actual, tolerance);
  }
}

const TEXT_TYPES = ['text', 'code', 'latex', 'stream_text', 'markdown'] as const;

export const textComparator: Comparator = {
  name: 'text',
  types: TEXT_TYPES,
  modes: TEXT_MODES,
  options: {
    min_similarity: 'number',
    regex_flags: 'string',
    abs: 'number',
    rel: 'number',
    normalize: { enum: NORMALIZATION_FORMS },
    ignore_fields: 'fields',
  },
  optionModes: { ignore_fields: ['json', 'json_normalized'] },
  messages,
  defaults(type: OutputType): Tolerance {
    return { compare: type === 'markdown' || type === 'latex' ? 'normalize_whitespace' : 'exact' };
  },
  compare({ type, expected, actual, tolerance }): ComparisonResult {
    const defaultMode = textComparator.defaults(type).compare!;
    const mode = tolerance.compare ?? defaultMode;
    if (mode === 'skip') return skipped(tolerance, expected, actual);
    if (!(TEXT_MODES as readonly string[]).includes(mode))
      return unknownModeResult(mode, TEXT_MODES, expected, actual, tolerance);
    return compareTextValues(unwrapValue(expected), unwrapValue(actual), mode, tolerance, type, { expected, actual });
  },
};
