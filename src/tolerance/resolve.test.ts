import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Tolerance } from '../model/tolerance.js';
import type { OutputType } from '../model/manifest.js';
import type { Finding } from '../model/finding.js';
import { emptyToleranceConfig, type ToleranceConfig } from './config.js';
import { parseToleranceText } from './load.js';
import { resolveTolerance } from './resolve.js';
import { TEST_OUTPUTS, fakeChart, fakeComparatorFor, fakeNumber, fakeTable } from './test-comparators.test-helper.js';

function config(partial: Partial<ToleranceConfig>): ToleranceConfig {
  return { ...emptyToleranceConfig(), ...partial };
}

function resolve(key: string, type: OutputType, cfg: ToleranceConfig, fixture?: Tolerance): Tolerance {
  return resolveTolerance(key, type, cfg, fixture, fakeComparatorFor(type));
}

describe('resolveTolerance: precedence, most specific first, merged per field', () => {
  const cases: {
    label: string;
    key: string;
    type: OutputType;
    cfg: ToleranceConfig;
    fixture?: Tolerance;
    want: Tolerance;
  }[] = [
    {
      label: 'nothing configured → the comparator default',
      key: 'final_value',
      type: 'number',
      cfg: config({}),
      want: { compare: 'abs_or_rel', abs: 1e-6, rel: 1e-4 },
    },
    {
      label: 'defaults[type] over the built-in; an authored rel sets aside the built-in abs/rel pair',
      key: 'final_value',
      type: 'number',
      cfg: config({ defaults: { number: { rel: 1e-6 } } }),
      want: { compare: 'abs_or_rel', rel: 1e-6 },
    },
    {
      label: 'the per-key entry over defaults[type]; setting only rel keeps the lower abs',
      key: 'final_value',
      type: 'number',
      cfg: config({ defaults: { number: { abs: 0.5, rel: 1e-6 } }, overrides: { final_value: { rel: 1e-2 } } }),
      want: { compare: 'abs_or_rel', abs: 0.5, rel: 1e-2 },
    },
    {
      label: 'the fixture over everything; setting only abs keeps the per-key rel',
      key: 'final_value',
      type: 'number',
      cfg: config({ defaults: { number: { abs: 0.5, rel: 1e-6 } }, overrides: { final_value: { rel: 1e-2 } } }),
      fixture: { abs: 6 },
      want: { compare: 'abs_or_rel', abs: 6, rel: 1e-2 },
    },
    {
      label: 'a per-key entry for another key does not apply',
      key: 'total_interest',
      type: 'number',
      cfg: config({ overrides: { final_value: { abs: 9 } } }),
      want: { compare: 'abs_or_rel', abs: 1e-6, rel: 1e-4 },
    },
    {
      label: 'defaults for another type do not apply',
      key: 'final_value',
      type: 'number',
      cfg: config({ defaults: { table: { abs: 9 } } }),
      want: { compare: 'abs_or_rel', abs: 1e-6, rel: 1e-4 },
    },
    {
      label: 'compare: skip from the fixture keeps the numeric fields (harmless) and wins',
      key: 'final_value',
      type: 'number',
      cfg: config({}),
      fixture: { compare: 'skip' },
      want: { compare: 'skip', abs: 1e-6, rel: 1e-4 },
    },
    {
      label: 'nested tolerance options merge per field across layers; a nested number sets the built-in pair aside',
      key: 'growth_chart',
      type: 'chart_line',
      cfg: config({
        defaults: { chart_line: { series: { rel: 0.01 } } },
        overrides: { growth_chart: { series: { abs: 0.5 } } },
      }),
      want: { compare: 'data_only', series: { abs: 0.5, rel: 0.01 } },
    },
    {
      label: 'named nested tolerances (table columns) merge per column and per field',
      key: 'schedule',
      type: 'table',
      cfg: config({ overrides: { schedule: { columns: { amount: { abs: 0.01, rel: 0.1 }, rate: { abs: 1 } } } } }),
      fixture: { columns: { amount: { rel: 0.2 } } },
      want: { compare: 'rows_ordered', columns: { amount: { abs: 0.01, rel: 0.2 }, rate: { abs: 1 } } },
    },
    {
      label: 'with no number written, built-in numbers stay at every depth',
      key: 'growth_chart',
      type: 'chart_line',
      cfg: config({ overrides: { growth_chart: { series_match: 'by_index' } } }),
      want: { compare: 'data_only', rel: 1e-3, series: { abs: 1e-9 }, series_match: 'by_index' },
    },
    {
      label: 'a number written at the top level sets aside the built-in nested numbers too',
      key: 'growth_chart',
      type: 'chart_line',
      cfg: config({}),
      fixture: { abs: 2 },
      want: { compare: 'data_only', abs: 2 },
    },
    {
      label: 'lists replace rather than merge',
      key: 'schedule',
      type: 'table',
      cfg: config({ overrides: { schedule: { key: ['month', 'year'] } } }),
      fixture: { key: ['id'] },
      want: { compare: 'rows_ordered', abs: 1e-6, key: ['id'] },
    },
    {
      label: 'synonyms in a hand-built layer are normalised',
      key: 'final_value',
      type: 'number',
      cfg: config({ overrides: { final_value: { rtol: 0.3 } as Tolerance } }),
      fixture: { atol: 2 } as Tolerance,
      want: { compare: 'abs_or_rel', abs: 2, rel: 0.3 },
    },
  ];

  it.each(cases)('$label', ({ key, type, cfg, fixture, want }) => {
    expect(resolve(key, type, cfg, fixture)).toEqual(want);
  });

  it('works end to end from both YAML forms, which resolve identically', () => {
    const problems: Finding[] = [];
    const ctx = { outputs: TEST_OUTPUTS, comparatorFor: fakeComparatorFor };
    const short = parseToleranceText('final_value: { rtol: 1.0e-2 }\n', ctx, problems);
    const structured = parseToleranceText('overrides:\n  final_value: { rel: 1.0e-2 }\n', ctx, problems);
    expect(problems).toEqual([]);
    expect(resolve('final_value', 'number', short)).toEqual(resolve('final_value', 'number', structured));
    expect(resolve('final_value', 'number', short)).toEqual({ compare: 'abs_or_rel', rel: 1e-2 });
  });

  it('never mutates the config, the fixture block or the comparator defaults', () => {
    const cfg = config({ overrides: { growth_chart: { series: { abs: 0.5 } } } });
    const fixture: Tolerance = { series: { rel: 0.1 } };
    const snapshot = structuredClone({ cfg, fixture, d: fakeChart.defaults('chart_line') });
    const out = resolve('growth_chart', 'chart_line', cfg, fixture);
    (out.series as Record<string, number>).abs = 99;
    expect({ cfg, fixture, d: fakeChart.defaults('chart_line') }).toEqual(snapshot);
  });
});

describe('resolveTolerance: a looser fixture tolerance never tightens the result', () => {
  const tol = fc.record(
    { abs: fc.double({ min: 0, max: 1e6, noNaN: true }), rel: fc.double({ min: 0, max: 10, noNaN: true }) },
    { requiredKeys: [] },
  );
  const layers = fc.record({ defaults: tol, override: tol });

  it('holds for numbers (abs/rel) and for nested chart series', () => {
    fc.assert(
      fc.property(
        layers,
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.boolean(),
        fc.boolean(),
        ({ defaults, override }, extraAbs, extraRel, setAbs, setRel) => {
          const cfg = config({
            defaults: { number: defaults, chart_line: { series: defaults } },
            overrides: { final_value: override, growth_chart: { series: override } },
          });
          for (const [key, type, comparator, pick] of [
            ['final_value', 'number', fakeNumber, (t: Tolerance) => t],
            ['growth_chart', 'chart_line', fakeChart, (t: Tolerance) => (t.series ?? {}) as Tolerance],
          ] as const) {
            // monotone among the layers an author wrote; built-in numbers step aside once any is written
            const authoredBelow = ['abs', 'rel'].some((k) => k in defaults || k in override);
            if (!authoredBelow) continue;
            const without = pick(resolveTolerance(key, type, cfg, undefined, comparator));
            const looser: Tolerance = {};
            if (setAbs && typeof without.abs === 'number') looser.abs = without.abs + extraAbs;
            if (setRel && typeof without.rel === 'number') looser.rel = without.rel + extraRel;
            const fixture = type === 'number' ? looser : { series: looser };
            const withFixture = pick(resolveTolerance(key, type, cfg, fixture, comparator));
            if (typeof without.abs === 'number') expect(withFixture.abs).toBeGreaterThanOrEqual(without.abs);
            if (typeof without.rel === 'number') expect(withFixture.rel).toBeGreaterThanOrEqual(without.rel);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('fields the fixture leaves out come from the lower layers unchanged', () => {
    fc.assert(
      fc.property(tol, tol, (override, fixture) => {
        const cfg = config({ overrides: { schedule: override } });
        const out = resolveTolerance('schedule', 'table', cfg, fixture, fakeTable);
        const authored = ['abs', 'rel'].some((k) => k in override || k in fixture);
        expect(out.abs).toBe(fixture.abs ?? override.abs ?? (authored ? undefined : 1e-6));
        expect(out.rel).toBe(fixture.rel ?? override.rel);
      }),
    );
  });
});
