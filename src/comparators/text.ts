// The text family (text, code, latex, stream_text, markdown): exact by default, or one of the modes
// below. A mismatch names the first differing line and column with a window of each side, and
// lists every differing line (capped), found by a line LCS so one inserted line is one difference.
import type { OutputType } from '../model/manifest.js';
import type { Difference } from '../model/report.js';
import { commonEnds, diffLineLists } from '../util/line-diff.js';
import { deepCompare } from './kit/deep-compare.js';
import { describeNumericTolerance, numericTolerance } from './kit/numeric-tolerance.js';
import { garbageResult, skipped, unknownModeResult } from './kit/result.js';
import { describeValue, shortJson, unwrapValue } from './kit/value.js';
import { boundedLevenshtein, similarity } from './levenshtein.js';
import type { Comparator, ComparisonResult } from './types.js';
import type { Tolerance } from '../model/tolerance.js';

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

/** The original Pixie's spellings → the canonical mode. */
const MODE_ALIASES: Record<string, string> = {
  exact_after_normalize_whitespace: 'normalize_whitespace',
  json_normalized: 'json',
};

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
      const where = op.a === op.e ? '' : ` (actual line ${op.a + 1})`;
      differences.push({
        path: `line ${op.e + 1}`,
        message: `line differs${where}: expected ${shortJson(E[op.e], 120)}, got ${shortJson(A[op.a], 120)}`,
        expected: E[op.e],
        actual: A[op.a],
      });
    } else if (op.kind === 'missing') {
      differences.push({
        path: `line ${op.e + 1}`,
        message: `missing in actual: ${shortJson(E[op.e], 120)}`,
        expected: E[op.e],
      });
    } else {
      differences.push({
        path: `line ${op.a + 1}`,
        message: `not expected (extra line ${op.a + 1} in actual): ${shortJson(A[op.a], 120)}`,
        actual: A[op.a],
      });
    }
  }
  if (ops.length > MAX_LINE_DIFFERENCES) {
    differences.push({ path: '', message: `… and ${ops.length - MAX_LINE_DIFFERENCES} more differing lines` });
  }
  return { differences, differing: ops.length, total: Math.max(E.length, A.length) };
}

/** "line 3, column 12: expected …"abc d"… got …"abc e"…" for the first differing character. */
export function firstDifference(expected: string, actual: string): string {
  let i = 0;
  const n = Math.min(expected.length, actual.length);
  while (i < n && expected.charCodeAt(i) === actual.charCodeAt(i)) i++;
  const before = expected.slice(0, i);
  const line = before.split('\n').length;
  const column = i - (before.lastIndexOf('\n') + 1) + 1;
  const window = (s: string): string => {
    const from = Math.max(0, i - WINDOW);
    const to = Math.min(s.length, i + WINDOW);
    const body = JSON.stringify(s.slice(from, to));
    return `${from > 0 ? '…' : ''}${body}${to < s.length ? '…' : ''}`;
  };
  const tail = i >= expected.length ? ' (expected ends here)' : i >= actual.length ? ' (actual ends here)' : '';
  return `first difference at line ${line}, column ${column}${tail}: expected ${window(expected)}, got ${window(actual)}`;
}

// ---------- comparing two strings ----------

function ruleFor(mode: string, tolerance: Tolerance): string {
  switch (mode) {
    case 'normalize_whitespace':
      return 'exact after whitespace normalisation';
    case 'json':
      return `json structural, numbers ${describeNumericTolerance(numericTolerance(tolerance))}`;
    case 'levenshtein':
      return `levenshtein similarity ≥ ${minSimilarity(tolerance)}`;
    case 'regex':
      return 'expected is a regex that must match the whole actual';
    case 'contains':
      return 'actual contains expected';
    default:
      return 'exact';
  }
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
  e: unknown,
  a: unknown,
  modeIn: string,
  tolerance: Tolerance,
  type: OutputType | 'file',
  echo: { expected: unknown; actual: unknown },
): ComparisonResult {
  const mode = MODE_ALIASES[modeIn] ?? modeIn;
  const rule = ruleFor(mode, tolerance);
  const base = { rule, expected: echo.expected, actual: echo.actual, tolerance };
  const fail = (message: string): ComparisonResult =>
    garbageResult(message, echo.expected, echo.actual, tolerance, rule);

  if (mode === 'json') {
    let ev: unknown = e;
    if (typeof e === 'string') {
      try {
        ev = JSON.parse(e);
      } catch (err) {
        return fail(`expected is not valid JSON: ${(err as Error).message}`);
      }
    }
    if (typeof a !== 'string') return fail(`actual is ${describeValue(a)}, expected a string of JSON`);
    let av: unknown;
    try {
      av = JSON.parse(a);
    } catch (err) {
      return fail(`actual is not valid JSON: ${(err as Error).message}`);
    }
    const differences = deepCompare(ev, av, '', numericTolerance(tolerance));
    const ok = differences.length === 0;
    return {
      ...base,
      status: ok ? 'pass' : 'fail',
      score: ok ? 1 : 1 / (1 + differences.length),
      metric: ok ? 'json values equal' : `${differences.length} JSON difference(s)`,
      differences,
    };
  }

  if (typeof e !== 'string') return fail(`expected is ${describeValue(e)}, expected a string`);
  if (typeof a !== 'string') return fail(`actual is ${describeValue(a)}, expected a string`);

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
          metric: normalised && e !== a ? 'identical after whitespace normalisation' : `identical (${e.length} chars)`,
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
        metric: `${first}; ${lines.differing} of ${lines.total} lines differ`,
      };
    }
    case 'levenshtein': {
      const min = minSimilarity(tolerance);
      const longest = Math.max(e.length, a.length);
      const allowed = Math.floor((1 - min) * longest + 1e-9);
      const { distance: d, exact } = boundedLevenshtein(e, a, allowed);
      const sim = longest === 0 ? 1 : 1 - d / longest;
      const ok = d <= allowed;
      const metric = exact
        ? `similarity ${sim.toFixed(4)} (distance ${d} over ${longest} chars)`
        : `similarity < ${(1 - allowed / Math.max(longest, 1)).toFixed(4)} (distance > ${allowed} over ${longest} chars)`;
      if (ok) return { ...base, status: 'pass', score: sim, metric, differences: [] };
      const lines = lineDifferences(e, a);
      return {
        ...base,
        status: 'fail',
        score: Math.max(0, sim),
        metric,
        differences: [{ path: '', message: `similarity below ${min}; ${firstDifference(e, a)}` }, ...lines.differences],
      };
    }
    case 'regex': {
      let re: RegExp;
      const flags = typeof tolerance.regex_flags === 'string' ? tolerance.regex_flags : '';
      try {
        re = new RegExp(`^(?:${e})$`, flags);
      } catch (err) {
        return fail(`expected is not a valid regex ${JSON.stringify(e)}: ${(err as Error).message}`);
      }
      const ok = re.test(a);
      return {
        ...base,
        status: ok ? 'pass' : 'fail',
        score: ok ? 1 : 0,
        metric: ok ? 'regex matches' : `regex ${shortJson(e, 60)} does not match the whole actual`,
        differences: ok
          ? []
          : [
              {
                path: '',
                message: `actual ${shortJson(a, 120)} does not match regex ${JSON.stringify(e)}`,
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
        metric: ok
          ? `contains expected (${e.length} chars)`
          : `expected text (${e.length} chars) not found in actual (${a.length} chars)`,
        differences: ok
          ? []
          : [{ path: '', message: `actual does not contain ${shortJson(e, 120)}`, expected: e, actual: a }],
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
  options: { min_similarity: 'number', regex_flags: 'string', abs: 'number', rel: 'number' },
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
