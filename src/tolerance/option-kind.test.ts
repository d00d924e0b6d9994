// Options with a closed set of values are refused when tolerance.yaml or a fixture's tolerance block
// is loaded (so by `pixie lint`), naming the line and the nearest allowed value.
import { describe, expect, it } from 'vitest';
import { comparatorFor } from '../comparators/index.js';
import type { OutputSpec } from '../model/manifest.js';
import type { Finding } from '../model/finding.js';
import { checkToleranceBlock } from './block.js';
import { parseToleranceText } from './load.js';
import { checkOptionValue } from './option-kind.js';

const outputs: OutputSpec[] = [
  { key: 'growth', type: 'chart_line', label: 'Growth' },
  { key: 'candles', type: 'chart_candlestick', label: 'Candles' },
  { key: 'schedule', type: 'table', label: 'Schedule' },
  { key: 'export', type: 'file', label: 'Export' },
  { key: 'org', type: 'tree', label: 'Org chart' },
];

function load(text: string): Finding[] {
  const problems: Finding[] = [];
  parseToleranceText(text, { outputs, comparatorFor }, problems);
  return problems;
}

describe('an enum option kind', () => {
  const kind = { enum: ['by_name', 'by_index'] } as const;
  it('accepts its words and nothing else', () => {
    expect(checkOptionValue(kind, 'by_name')).toBeNull();
    expect(checkOptionValue(kind, 'by_index')).toBeNull();
    expect(checkOptionValue(kind, 'by_nam')).toBe(
      "must be one of by_name, by_index, got 'by_nam' — did you mean 'by_name'?",
    );
    expect(checkOptionValue(kind, 'sideways')).toBe("must be one of by_name, by_index, got 'sideways'");
    expect(checkOptionValue(kind, 2)).toBe('must be one of by_name, by_index, got the number 2');
    expect(checkOptionValue(kind, ['by_name'])).toBe('must be one of by_name, by_index, got a list');
  });
});

describe('closed option values are checked when tolerance.yaml is loaded', () => {
  it('accepts every allowed value', () => {
    expect(
      load(
        [
          'growth: { series_match: by_index }',
          'candles: { order: by_time }',
          'schedule: { rows: unordered }',
          'export: { text_compare: levenshtein, rows: ordered }',
          'org: { children_order: ordered, order: by_id }',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('refuses series_match: by_nam with the line and a suggestion', () => {
    const problems = load('# tolerances\ngrowth:\n  rel: 0.001\n  series_match: by_nam\n');
    expect(problems).toEqual([
      {
        code: 'tolerance-invalid',
        severity: 'error',
        file: 'reference/tolerance.yaml',
        line: 4,
        path: 'growth.series_match',
        message:
          "series_match for growth (chart_line) must be one of by_name, by_index, got 'by_nam' — did you mean 'by_name'?",
      },
    ]);
  });

  it('refuses misspelt values of every comparator with a closed set, also under defaults', () => {
    const problems = load(
      [
        'defaults:',
        '  chart_candlestick: { order: by_tim }',
        '  tree: { children_order: unorderd }',
        'overrides:',
        '  schedule: { rows: unordred }',
        '  export: { text_compare: levenstein }',
        '  org: { order: by_nmae }',
      ].join('\n'),
    );
    expect(problems.map((p) => [p.line, p.path])).toEqual([
      [2, 'defaults.chart_candlestick.order'],
      [3, 'defaults.tree.children_order'],
      [5, 'overrides.schedule.rows'],
      [6, 'overrides.export.text_compare'],
      [7, 'overrides.org.order'],
    ]);
    expect(problems.map((p) => p.message.replace(/^.* must be one of [^,]+(, [^,]+)*, got /, ''))).toEqual([
      "'by_tim' — did you mean 'by_time'?",
      "'unorderd' — did you mean 'unordered'?",
      "'unordred' — did you mean 'unordered'?",
      "'levenstein' — did you mean 'levenshtein'?",
      "'by_nmae' — did you mean 'by_name'?",
    ]);
  });

  it('a fixture tolerance block goes through the same check', () => {
    const problems: Finding[] = [];
    const block = checkToleranceBlock(
      { series_match: 'by_nam', rel: 0.01 },
      comparatorFor('chart_line'),
      {
        file: 'reference/fixture_basic.json',
        lineOf: () => 12,
        path: ['tolerance', 'growth'],
        subject: 'growth (chart_line)',
        type: 'chart_line',
      },
      problems,
    );
    expect(block).toEqual({ rel: 0.01 });
    expect(problems).toEqual([
      {
        code: 'tolerance-invalid',
        severity: 'error',
        file: 'reference/fixture_basic.json',
        line: 12,
        path: 'tolerance.growth.series_match',
        message:
          "series_match for growth (chart_line) must be one of by_name, by_index, got 'by_nam' — did you mean 'by_name'?",
      },
    ]);
  });
});
