// The one place a comparison keeps its differences: every difference is counted, the first
// MAX_DIFFERENCES are kept and the rest summarised in one "… and N more" entry. Items (values,
// points, cells…) are counted as compared or differing, with a mean per-item score, and each
// difference says whether an item is missing, extra or changed so views need not parse messages.
import type { Difference } from '../../model/report.js';
import type { ComparisonResult } from '../types.js';
import type { Tolerance } from '../../model/tolerance.js';
import { deepCompare } from './deep-compare.js';
import {
  compareNumbers,
  describeNumericTolerance,
  formatAbsDiff,
  numbersWithin,
  type NumericTolerance,
} from './numeric-tolerance.js';
import { joinPath } from './paths.js';
import { describeValue, isPresent, shortJson } from './value.js';
import { isNumeric, type Numeric, toDouble } from '../../util/json-number.js';
import type { MessageTable } from '../../util/message-table.js';

/** Differences beyond this are summarised in one "… and N more" entry; counts stay exact. */
export const MAX_DIFFERENCES = 1000;

type Kind = NonNullable<Difference['kind']>;

export const messages = {
  numbersDiffer: (e: Numeric, a: Numeric, absDiff: string, rule: string) =>
    `expected ${String(e)}, got ${String(a)} (abs diff ${formatAbsDiff(absDiff)}) ${rule === 'exact' ? 'where an exact match is required' : `exceeds ${rule}`}`,
  missing: (e: unknown) => `missing in actual (expected ${shortJson(e, 60)})`,
  extra: (a: unknown) => `not expected (extra in actual: ${shortJson(a, 60)})`,
  expectedNotArray: (path: string, e: unknown) => `expected ${path} is ${describeValue(e)}, expected an array`,
  actualNotArray: (path: string, a: unknown, n: number, what: string) =>
    `actual ${path} is ${describeValue(a)}, expected an array of ${n} ${what}`,
  lengthDiffers: (e: number, a: number, what: string) => `length differs: expected ${e} ${what}, got ${a}`,
  more: (n: number) => `… and ${n} more differences`,
  /** "N of M values differ" (or "M values match"); `maxAbs` is the largest numeric difference, when numbers were compared */
  metric: (compared: number, differing: number, noun: string, maxAbs: number | null) => {
    const one = (n: number): string => (n === 1 ? noun.replace(/s$/, '') : noun);
    const max = maxAbs === null ? '' : `; max abs diff ${maxAbs}`;
    return differing === 0
      ? `${compared} ${one(compared)} ${compared === 1 ? 'matches' : 'match'}${max}`
      : `${differing} of ${compared} ${one(compared)} ${differing === 1 ? 'differs' : 'differ'}${max}`;
  },
} satisfies MessageTable;

export class DiffCollector {
  private readonly kept: Difference[] = [];
  /** every difference recorded, kept or summarised */
  recorded = 0;
  compared = 0;
  differing = 0;
  numbers = 0;
  maxAbsDiff = 0;
  private scoreSum = 0;

  /** `overflowPath` is where the "… and N more differences" entry points. */
  constructor(
    readonly tol: NumericTolerance = {},
    private readonly overflowPath = '',
  ) {}

  /** Whether a difference recorded now would be kept (else only counted, so callers may skip building it). */
  get keeping(): boolean {
    return this.kept.length < MAX_DIFFERENCES;
  }

  /** Keeps one difference as given, without counting an item. */
  record(d: Difference): void {
    this.recorded++;
    if (this.kept.length < MAX_DIFFERENCES) this.kept.push(d);
  }

  /** A difference that counts as one differing item (set `count` false for a summary note). */
  add(path: string, message: string, expected?: unknown, actual?: unknown, count = true, kind?: Kind): void {
    if (count) {
      this.compared++;
      this.differing++;
    }
    const d: Difference = { path, message };
    if (kind) d.kind = kind;
    if (expected !== undefined) d.expected = expected;
    if (actual !== undefined) d.actual = actual;
    this.record(d);
  }

  /** An item only in expected. */
  missing(path: string, message: string, expected: unknown, count = true): void {
    this.add(path, message, expected, undefined, count, 'missing');
  }

  /** An item only in actual. */
  extra(path: string, message: string, actual: unknown, count = true): void {
    this.add(path, message, undefined, actual, count, 'extra');
  }

  /** An item on both sides whose value differs. */
  changed(path: string, message: string, expected: unknown, actual: unknown, count = true): void {
    this.add(path, message, expected, actual, count, 'changed');
  }

  ok(n = 1, score = 1): void {
    this.compared += n;
    this.scoreSum += n * score;
  }

  /** Runs `fn` and counts everything it compared as one item (a point with its label and weight). */
  item(fn: () => void): boolean {
    const c0 = this.compared;
    const d0 = this.differing;
    const s0 = this.scoreSum;
    fn();
    const bad = this.differing > d0;
    const sub = this.compared - c0;
    const subScore = this.scoreSum - s0;
    this.compared = c0 + 1;
    this.differing = d0 + (bad ? 1 : 0);
    this.scoreSum = s0 + (bad ? 0 : sub > 0 ? subScore / sub : 1);
    return !bad;
  }

  /** Notes a numeric difference for the metric's "max abs diff". */
  track(e: Numeric, a: Numeric): void {
    this.numbers++;
    // the metric's largest difference may be a double's (as Python's isclose works)
    const d = Math.abs(toDouble(a) - toDouble(e));
    if (Number.isFinite(d) && d > this.maxAbsDiff) this.maxAbsDiff = d;
  }

  /** Compares two numbers under `tol`; records a difference when outside it. */
  num(path: string, e: Numeric, a: Numeric, tol: NumericTolerance = this.tol): boolean {
    this.track(e, a);
    if (numbersWithin(e, a, tol)) {
      const [x, y] = [toDouble(e), toDouble(a)];
      const diff = Math.abs(y - x);
      const allowed = Math.max(tol.abs ?? 0, (tol.rel ?? 0) * Math.max(Math.abs(y), Math.abs(x)));
      this.ok(1, x === y || (Number.isNaN(x) && Number.isNaN(y)) ? 1 : allowed > 0 ? 1 / (1 + diff / allowed) : 1);
      return true;
    }
    const v = compareNumbers(e, a, tol);
    const rule = describeNumericTolerance(tol);
    this.changed(path, messages.numbersDiffer(e, a, v.absDiff, rule), e, a);
    return false;
  }

  /** Records the differences of a structural comparison, each counted as one item. */
  all(diffs: readonly Difference[]): void {
    for (const d of diffs) this.add(d.path, d.message, d.expected, d.actual, true, d.kind);
  }

  /** Any two JSON values: numbers with `tol`, everything else structurally (every difference listed). */
  value(path: string, e: unknown, a: unknown, tol: NumericTolerance = this.tol): boolean {
    if (isNumeric(e) && isNumeric(a)) return this.num(path, e, a, tol);
    const diffs = deepCompare(e, a, path, tol);
    if (diffs.length === 0) {
      this.ok();
      return true;
    }
    this.all(diffs);
    return false;
  }

  /** An optional field: absent (undefined or null) on both sides is fine; on one side is a difference. */
  optional(path: string, e: unknown, a: unknown, tol: NumericTolerance = this.tol): void {
    if (!isPresent(e) && !isPresent(a)) return;
    if (!isPresent(a)) {
      this.missing(path, messages.missing(e), e);
      return;
    }
    if (!isPresent(e)) {
      this.extra(path, messages.extra(a), a);
      return;
    }
    this.value(path, e, a, tol);
  }

  /** Arrays element by element: numbers with `tol`, others exact; length differences listed per index. */
  array(path: string, e: unknown, a: unknown, tol: NumericTolerance = this.tol, what = 'values'): void {
    if (!Array.isArray(e)) {
      this.add(path, messages.expectedNotArray(path, e), e, a);
      return;
    }
    if (!Array.isArray(a)) {
      this.changed(path, messages.actualNotArray(path, a, e.length, what), e, a);
      return;
    }
    if (e.length !== a.length)
      this.add(path, messages.lengthDiffers(e.length, a.length, what), e.length, a.length, false);
    const n = Math.max(e.length, a.length);
    for (let i = 0; i < n; i++) {
      const p = joinPath(path, i);
      if (i >= a.length) this.missing(p, messages.missing(e[i]), e[i]);
      else if (i >= e.length) this.extra(p, messages.extra(a[i]), a[i]);
      else this.value(p, e[i], a[i], tol);
    }
  }

  /** The kept differences, plus the "… and N more" entry when some were summarised. */
  list(): Difference[] {
    const out = [...this.kept];
    if (this.recorded > this.kept.length)
      out.push({ path: this.overflowPath, message: messages.more(this.recorded - this.kept.length) });
    return out;
  }

  /** The result: "N of M values differ" (or "M values match"), with the largest numeric difference. */
  finish(
    base: { rule: string; expected: unknown; actual: unknown; tolerance: Tolerance; comparator: string },
    noun = 'values',
  ): ComparisonResult {
    const pass = this.differing === 0;
    const maxAbs = this.numbers > 0 ? Number(this.maxAbsDiff.toPrecision(6)) : null;
    const metric = messages.metric(this.compared, this.differing, noun, maxAbs);
    const score = this.compared === 0 ? (pass ? 1 : 0) : Math.max(0, Math.min(1, this.scoreSum / this.compared));
    return {
      ...base,
      status: pass ? 'pass' : 'fail',
      score: pass ? score : Math.min(score, 0.99),
      metric,
      differences: this.list(),
    };
  }
}
