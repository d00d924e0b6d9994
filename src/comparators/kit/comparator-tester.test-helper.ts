// One harness for the comparator tests (in the manner of ESLint's RuleTester): calls a comparator
// the way check 12 does, and `run({ valid, invalid })` turns lists of cases into tests. Test-only:
// the build leaves *.test-helper.ts out of dist.
import { describe, expect, it } from 'vitest';
import type { OutputType } from '../../model/manifest.js';
import type { Difference } from '../../model/report.js';
import type { Comparator, ComparisonResult, ContractCase } from '../types.js';
import type { Tolerance } from '../../model/tolerance.js';
import { shortJson } from './value.js';

/**
 * How a case's tolerance meets the comparator's defaults: `merge` lays it over them (as tolerance
 * resolution does), `when-absent` uses the defaults only when the case gives none, `never` passes it as is.
 */
type DefaultsPolicy = 'merge' | 'when-absent' | 'never';

export interface TesterOptions {
  /** the output type when a case names none; the comparator's first type by default */
  type?: OutputType;
  key?: string;
  defaults?: DefaultsPolicy;
}

export interface ValidCase {
  /** the test's title; a short form of expected and actual by default */
  name?: string;
  type?: OutputType;
  expected: unknown;
  actual: unknown;
  tolerance?: Tolerance;
  /** the metric, exactly (string) or matching (RegExp) */
  metric?: string | RegExp;
  rule?: string | RegExp;
  /** contained in (string) or matching (RegExp) the metric and every difference, one per line */
  text?: string | RegExp;
}

export interface InvalidCase extends ValidCase {
  /** 'fail' by default */
  status?: 'fail' | 'skip';
  /** every difference's path, in order */
  paths?: string[];
  /** the first differences, each matched as a subset (`toMatchObject`, so asymmetric matchers work) */
  differences?: Partial<Difference>[];
}

export const paths = (r: ComparisonResult): string[] => (r.differences ?? []).map((d) => d.path);

/** Every difference as `path: message`, one per line. */
export const messages = (r: ComparisonResult): string =>
  (r.differences ?? []).map((d) => `${d.path}: ${d.message}`).join('\n');

/** The metric, then every difference as `path: message`: what a failing assertion should show. */
export const resultText = (r: ComparisonResult): string =>
  [r.metric, ...(r.differences ?? []).map((d) => `${d.path}: ${d.message}`)].join('\n');

function matches(actual: string, expected: string | RegExp): void {
  if (typeof expected === 'string') expect(actual).toBe(expected);
  else expect(actual).toMatch(expected);
}

export function comparatorTester(comparator: Comparator, options: TesterOptions = {}) {
  const defaultType = options.type ?? comparator.types[0]!;
  const key = options.key ?? 'out';
  const policy = options.defaults ?? 'merge';

  function toleranceFor(type: OutputType, tolerance: Tolerance | undefined): Tolerance {
    if (policy === 'never') return tolerance ?? {};
    if (policy === 'when-absent') return tolerance ?? comparator.defaults(type);
    return { ...comparator.defaults(type), ...tolerance };
  }

  /** Compares as check 12 does; for comparators that may work asynchronously (file, image, audio). */
  function compareAsync(
    expected: unknown,
    actual: unknown,
    tolerance?: Tolerance,
    type: OutputType = defaultType,
  ): Promise<ComparisonResult> {
    return Promise.resolve(
      comparator.compare({ key, type, expected, actual, tolerance: toleranceFor(type, tolerance) }),
    );
  }

  /** Compares with a synchronous comparator; throws when the comparator returned a promise. */
  function compare(
    expected: unknown,
    actual: unknown,
    tolerance?: Tolerance,
    type: OutputType = defaultType,
  ): ComparisonResult {
    const r = comparator.compare({ key, type, expected, actual, tolerance: toleranceFor(type, tolerance) });
    if (r instanceof Promise) throw new Error(`the ${comparator.name} comparator is asynchronous; use compareAsync`);
    return r;
  }

  const title = (c: ValidCase): string =>
    c.name ??
    `${shortJson(c.expected, 40)} vs ${shortJson(c.actual, 40)}${c.tolerance ? ` under ${shortJson(c.tolerance, 60)}` : ''}`;

  function check(r: ComparisonResult, c: InvalidCase, status: string): void {
    expect(r.status, resultText(r)).toBe(status);
    if (c.metric !== undefined) matches(r.metric, c.metric);
    if (c.rule !== undefined) matches(r.rule, c.rule);
    if (c.paths) expect(paths(r)).toEqual(c.paths);
    c.differences?.forEach((d, i) => expect(r.differences?.[i], resultText(r)).toMatchObject(d));
    if (typeof c.text === 'string') expect(resultText(r)).toContain(c.text);
    else if (c.text) expect(resultText(r)).toMatch(c.text);
  }

  /** One test per case: every valid case passes; every invalid one fails (or skips) as it says. */
  function run({ valid = [], invalid = [] }: { valid?: ValidCase[]; invalid?: InvalidCase[] }): void {
    if (valid.length)
      describe('valid', () => {
        it.each(valid.map((c) => [title(c), c] as const))('%s', async (_t, c) => {
          check(await compareAsync(c.expected, c.actual, c.tolerance, c.type), c, 'pass');
        });
      });
    if (invalid.length)
      describe('invalid', () => {
        it.each(invalid.map((c) => [title(c), c] as const))('%s', async (_t, c) => {
          check(await compareAsync(c.expected, c.actual, c.tolerance, c.type), c, c.status ?? 'fail');
        });
      });
  }

  /**
   * The contract cases of a family run straight against its comparator (defaults merged, no
   * tolerance file): identical passes, the change fails at its path, the boundary passes, skip skips,
   * garbage fails.
   */
  function contract(cases: ContractCase[]): void {
    it.each(cases.map((c) => [c.label, c] as const))('%s', async (_l, c) => {
      expect((await compareAsync(structuredClone(c.value), structuredClone(c.value), c.tolerance, c.type)).status).toBe(
        'pass',
      );
      const changed = await compareAsync(c.value, c.changed, c.tolerance, c.type);
      expect(changed.status).toBe('fail');
      expect(paths(changed)).toContain(c.changedPath);
      if (c.boundary) {
        const b = await compareAsync(c.boundary.expected, c.boundary.actual, c.boundary.tolerance, c.type);
        expect(b.status, messages(b)).toBe('pass');
      }
      expect((await compareAsync(c.value, c.changed, { compare: 'skip' }, c.type)).status).toBe('skip');
      expect((await compareAsync(c.value, c.garbage, c.tolerance, c.type)).status).toBe('fail');
    });
  }

  return { compare, compareAsync, run, contract, toleranceFor };
}
