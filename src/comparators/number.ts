// The number comparator: |a − e| ≤ abs OR ≤ rel × max(|a|, |e|), decided in exact decimal at the
// boundary so a tolerance holds as written (kit/numeric-tolerance.ts). For outputs that are random by
// design, two modes describe a distribution instead (docs/comparators.md): `distribution` (expected is
// the mean; a run passes within `sigmas` × `spread` of it) and `band` (a run passes between
// expected − below and expected + above, e.g. a percentile band); with a fixture's repeat and pass_rate
// they judge the share of runs that land where the distribution says. NaN, the infinities and numbers
// kept as their text (docs/tolerance.md) go through the same rule, compared from their text.
import type { OutputType } from '../model/manifest.js';
import type { Difference } from '../model/report.js';
import {
  compareNumbers,
  describeNumericTolerance,
  formatAbsDiff,
  formatRelDiff,
  numericTolerance,
  type NumericTolerance,
} from './kit/numeric-tolerance.js';
import { garbageResult, skipped, unknownModeResult } from './kit/result.js';
import { describeValue, shortJson, unwrapValue } from './kit/value.js';
import type { Comparator, ComparisonResult } from './types.js';
import type { Tolerance } from '../model/tolerance.js';
import type { MessageTable } from '../util/message-table.js';
import { isNumeric, type Numeric, toDouble } from '../util/json-number.js';

const NUMBER_MODES = ['abs_or_rel', 'numeric_isclose', 'exact', 'distribution', 'band'] as const;
const DEFAULT_SIGMAS = 2;

type Side = 'expected' | 'actual';

const messages = {
  aBoolean: (side: Side, v: boolean) => `${side} is a boolean (${v}); a boolean is not a number`,
  aNumericString: (side: Side, v: string) =>
    `${side} is the string ${shortJson(v, 40)}, not a number; return a JSON number (numeric strings are not accepted)`,
  notANumber: (side: Side, v: unknown) => `${side} is ${describeValue(v)}, expected a number`,
  metric: (absDiff: string, relDiff: number) =>
    `abs diff ${formatAbsDiff(absDiff)}, rel diff ${formatRelDiff(relDiff)}`,
  outside: (e: Numeric, a: Numeric, absDiff: string, rule: string) =>
    `expected ${String(e)}, got ${String(a)} (abs diff ${formatAbsDiff(absDiff)}) exceeds ${rule}`,
  againstMetric: (e: Numeric, a: Numeric) => `${String(e)} against ${String(a)}`,
  nanOnlyNaN: (e: Numeric, a: Numeric) => `expected ${String(e)}, got ${String(a)}: NaN equals only NaN`,
  infinityOnlyItself: (e: Numeric, a: Numeric) =>
    `expected ${String(e)}, got ${String(a)}: an infinity equals only the same infinity`,
  distributionRule: (sigmas: number, spread: number) => `within ${sigmas} × spread ${spread} of the mean`,
  bandRule: (below: number | undefined, above: number | undefined) =>
    `band [expected − ${below ?? 0}, expected + ${above ?? 0}]`,
  needsSpread: () => 'compare: distribution needs spread (the standard deviation of the output across runs)',
  needsBand: () => 'compare: band needs below and/or above (how far a run may fall from expected)',
  fromMean: (spreads: number, mean: number) => `${formatRelDiff(spreads)} spread(s) from the mean ${String(mean)}`,
  inBand: (x: number, low: number, high: number) => `${String(x)} against the band [${String(low)}, ${String(high)}]`,
  outsideBand: (x: number, low: number, high: number, rule: string) =>
    `got ${String(x)}, outside [${String(low)}, ${String(high)}] (${rule})`,
} satisfies MessageTable;

function notANumber(side: Side, v: unknown): string | null {
  if (isNumeric(v)) return null;
  if (typeof v === 'boolean') return messages.aBoolean(side, v);
  if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return messages.aNumericString(side, v);
  return messages.notANumber(side, v);
}

export const numberComparator: Comparator = {
  name: 'number',
  types: ['number'],
  modes: NUMBER_MODES,
  options: { abs: 'number', rel: 'number', spread: 'number', sigmas: 'number', below: 'number', above: 'number' },
  messages,
  defaults(_type: OutputType): Tolerance {
    return { compare: 'abs_or_rel', abs: 1e-6, rel: 1e-4 };
  },
  compare({ expected, actual, tolerance }): ComparisonResult {
    const mode = tolerance.compare ?? 'abs_or_rel';
    if (mode === 'skip') return skipped(tolerance, expected, actual);
    if (!(NUMBER_MODES as readonly string[]).includes(mode))
      return unknownModeResult(mode, NUMBER_MODES, expected, actual, tolerance);
    if (mode === 'distribution' || mode === 'band') return compareDistribution(mode, expected, actual, tolerance);
    const tol: NumericTolerance = mode === 'exact' ? {} : numericTolerance(tolerance);
    const rule = describeNumericTolerance(tol);
    const e = unwrapValue(expected);
    const a = unwrapValue(actual);
    const problem = notANumber('expected', e) ?? notANumber('actual', a);
    if (problem) return garbageResult(problem, expected, actual, tolerance, rule);
    const [x, y] = [e as Numeric, a as Numeric];
    const v = compareNumbers(x, y, tol);
    // NaN or an infinity against something else: there is no difference in digits to give
    const special = !v.ok && (v.absDiff === 'NaN' || v.absDiff === 'Infinity');
    const metric = special ? messages.againstMetric(x, y) : messages.metric(v.absDiff, v.relDiff);
    const differences: Difference[] = [];
    if (!v.ok) {
      differences.push({
        path: '',
        message: !special
          ? messages.outside(x, y, v.absDiff, rule)
          : v.absDiff === 'NaN'
            ? messages.nanOnlyNaN(x, y)
            : messages.infinityOnlyItself(x, y),
        kind: 'changed',
        expected: e,
        actual: a,
      });
    }
    return { status: v.ok ? 'pass' : 'fail', score: v.score, metric, rule, expected, actual, tolerance, differences };
  },
};

const option = (tolerance: Tolerance, key: string): number | undefined => {
  const v = tolerance[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
};

/** One run of a random output against its distribution: within sigmas × spread of the mean, or inside a band. */
function compareDistribution(
  mode: 'distribution' | 'band',
  expected: unknown,
  actual: unknown,
  tolerance: Tolerance,
): ComparisonResult {
  const e = unwrapValue(expected);
  const a = unwrapValue(actual);
  // how far below and above expected a run may fall
  let allowed: [number, number];
  let rule: string;
  if (mode === 'distribution') {
    const spread = option(tolerance, 'spread');
    const sigmas = option(tolerance, 'sigmas') ?? DEFAULT_SIGMAS;
    rule = spread === undefined ? 'distribution' : messages.distributionRule(sigmas, spread);
    if (spread === undefined) return garbageResult(messages.needsSpread(), expected, actual, tolerance, rule);
    allowed = [sigmas * spread, sigmas * spread];
  } else {
    const below = option(tolerance, 'below');
    const above = option(tolerance, 'above');
    rule = messages.bandRule(below, above);
    if (below === undefined && above === undefined)
      return garbageResult(messages.needsBand(), expected, actual, tolerance, rule);
    allowed = [below ?? 0, above ?? 0];
  }
  const problem = notANumber('expected', e) ?? notANumber('actual', a);
  if (problem) return garbageResult(problem, expected, actual, tolerance, rule);
  // a distribution is judged in doubles, as Python's statistics would
  const mean = toDouble(e as Numeric);
  const x = toDouble(a as Numeric);
  const [low, high] = [mean - allowed[0], mean + allowed[1]];
  const ok = x >= low && x <= high;
  // how much of the allowed room on its side of expected the run uses: 1 at expected, 0.5 at the edge
  const room = x >= mean ? high - mean : mean - low;
  const distance = Math.abs(x - mean);
  const spread = option(tolerance, 'spread');
  const metric =
    mode === 'distribution' && spread
      ? messages.fromMean(Math.abs(x - mean) / spread, mean)
      : messages.inBand(x, low, high);
  const differences: Difference[] = ok
    ? []
    : [
        {
          path: '',
          message: messages.outsideBand(x, low, high, rule),
          kind: 'changed',
          expected: e,
          actual: a,
        },
      ];
  return {
    status: ok ? 'pass' : 'fail',
    score: distance === 0 ? 1 : room > 0 && Number.isFinite(distance) ? 1 / (1 + distance / room) : 0,
    metric,
    rule,
    expected,
    actual,
    tolerance,
    differences,
  };
}
