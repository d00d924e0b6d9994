// The chart comparator: all 13 chart_* types, each by its own data. Series are matched by name, x
// and shapes are checked, every number goes through the shared abs-OR-rel rule, and every
// unordered collection (scatter points, histogram values, duplicate slices, graph edges) is matched
// as a multiset within tolerance, never by sorting mixed values or their string forms.
import type { OutputType } from '../../model/manifest.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { DiffCollector } from '../kit/diff-collector.js';
import { describeNumericTolerance, numericTolerance } from '../kit/numeric-tolerance.js';
import { garbageResult, skipped } from '../kit/result.js';
import { describeValue, shortJson } from '../kit/value.js';
import type { Comparator, ComparisonResult } from '../types.js';
import type { Tolerance } from '../../model/tolerance.js';
import { compareCandlestick } from './candlestick.js';
import type { ChartCompare, Ctx } from './context.js';
import { compareBoxplot, compareHistogram } from './distribution.js';
import { compareGraph, compareTreemap } from './graph.js';
import { compareHeatmap } from './heatmap.js';
import {
  CANDLE_ORDERS,
  CHART_MODES,
  CHART_OPTIONS,
  CHART_TYPES,
  MODE_TABLE,
  SERIES_MATCHES,
  SERIES_TYPES,
  type ChartType,
} from './modes.js';
import { comparePie } from './pie.js';
import { compareScatter } from './scatter.js';
import { seriesName, seriesTolerance } from './series.js';
import { compareRadar, compareXYSeries } from './xy.js';

const PER_TYPE: Record<ChartType, ChartCompare> = {
  chart_line: compareXYSeries,
  chart_bar: compareXYSeries,
  chart_area: compareXYSeries,
  chart_scatter: compareScatter,
  chart_pie: comparePie,
  chart_histogram: compareHistogram,
  chart_boxplot: compareBoxplot,
  chart_heatmap: compareHeatmap,
  chart_candlestick: compareCandlestick,
  chart_radar: compareRadar,
  chart_sankey: compareGraph,
  chart_network: compareGraph,
  chart_treemap: compareTreemap,
};

function ruleFor(ctx: Ctx): string {
  const values = describeNumericTolerance(ctx.tol);
  const series = (): string => {
    const s = ctx.tolerance.series;
    const seriesTol = isPlainObject(s) ? describeNumericTolerance(seriesTolerance(ctx, undefined)) : values;
    return `series ${ctx.seriesMatch === 'by_index' ? 'by index' : 'by name'}; series values ${seriesTol}`;
  };
  switch (ctx.type) {
    case 'chart_line':
    case 'chart_bar':
    case 'chart_area':
      return `x in order (numbers ${values}, text exact); ${series()}`;
    case 'chart_radar':
      return `axes exact in order; ${series()}`;
    case 'chart_scatter':
      return `${series()}; points ${ctx.variant === 'ordered' ? 'in order' : 'as a multiset within tolerance'}`;
    case 'chart_pie':
      return ctx.variant === 'ordered'
        ? `slices in order; labels exact; values ${values}`
        : `slices by label (multiset); values ${values}`;
    case 'chart_histogram':
      return `values ${ctx.variant === 'ordered' ? 'in order' : 'as a multiset'} within ${values}; bins compared`;
    case 'chart_boxplot':
      return `${series()}; raw values ${ctx.variant === 'ordered' ? 'in order' : 'as a multiset'} and summary fields (min, q1, median, q3, max, mean)`;
    case 'chart_heatmap':
      return `z cell by cell, ${values}; labels exact`;
    case 'chart_candlestick':
      return `candles ${ctx.order === 'ordered' ? 'in order' : 'matched by t'}; t exact; open/high/low/close ${values}`;
    case 'chart_sankey':
    case 'chart_network':
      return `nodes by id (then name, label); ${ctx.type === 'chart_sankey' ? 'links' : 'edges'} ${ctx.variant === 'ordered' ? 'in order' : 'by (source, target) as a multiset'}; weights ${values}`;
    case 'chart_treemap':
      return `nodes ${ctx.variant === 'ordered' ? 'in order' : 'by id (then name, label)'}; parent exact; values ${values}`;
  }
}

function optionProblem(tolerance: Tolerance, type: ChartType): string | null {
  const sm = tolerance.series_match;
  if (sm !== undefined && !(SERIES_MATCHES as readonly unknown[]).includes(sm))
    return `tolerance series_match must be by_name or by_index, got ${shortJson(sm, 40)}`;
  const order = tolerance.order;
  if (order !== undefined && !(CANDLE_ORDERS as readonly unknown[]).includes(order))
    return `tolerance order must be ordered or by_time, got ${shortJson(order, 40)}`;
  if (order === 'by_time' && type !== 'chart_candlestick')
    return `tolerance order: by_time applies to chart_candlestick only, not ${type}`;
  const s = tolerance.series;
  if (s !== undefined && !isPlainObject(s))
    return `tolerance series must be a mapping such as { abs: 0.01 } or { <series name>: { abs: 0.01 } }, got ${describeValue(s)}`;
  return null;
}

export const chartComparator: Comparator = {
  name: 'chart',
  types: CHART_TYPES,
  modes: CHART_MODES,
  modesFor: (type) => Object.keys(MODE_TABLE[type as ChartType]?.[1] ?? {}),
  options: CHART_OPTIONS,
  defaults(type: OutputType): Tolerance {
    const entry = MODE_TABLE[type as ChartType];
    const out: Tolerance = { compare: entry ? entry[0] : 'data_only', rel: 1e-3 };
    if ((SERIES_TYPES as readonly string[]).includes(type)) out.series_match = 'by_name';
    return out;
  },
  compare({ type, expected, actual, tolerance }): ComparisonResult {
    const chartType = type as ChartType;
    const entry = MODE_TABLE[chartType];
    const mode = tolerance.compare ?? entry?.[0] ?? 'data_only';
    if (mode === 'skip') return skipped(tolerance, expected, actual);
    const fail = (message: string, rule = `compare: ${mode}`): ComparisonResult => ({
      ...garbageResult(message, expected, actual, tolerance, rule),
      comparator: `chart:${mode}`,
    });
    if (!entry) return fail(`the chart comparator does not handle output type ${type}`);
    const variant = entry[1][mode];
    if (!variant) {
      const known = (CHART_MODES as readonly string[]).includes(mode);
      return fail(
        known
          ? `compare mode '${mode}' does not apply to ${type}; use one of: ${Object.keys(entry[1]).join(', ')}, skip`
          : `unknown compare mode '${mode}' for ${type} (expected one of: ${Object.keys(entry[1]).join(', ')}, skip)`,
      );
    }
    const problem = optionProblem(tolerance, chartType);
    if (problem) return fail(problem);
    const ctx: Ctx = {
      c: new DiffCollector(numericTolerance(tolerance)),
      type: chartType,
      variant,
      tolerance,
      tol: numericTolerance(tolerance),
      seriesMatch: tolerance.series_match === 'by_index' ? 'by_index' : 'by_name',
      order: tolerance.order === 'by_time' || variant === 'unordered' ? 'by_time' : 'ordered',
    };
    const rule = ruleFor(ctx);
    if (!isPlainObject(expected))
      return fail(`expected is ${describeValue(expected)}, expected a ${type} object`, rule);
    if (!isPlainObject(actual)) return fail(`actual is ${describeValue(actual)}, expected a ${type} object`, rule);
    const shapeProblem = PER_TYPE[chartType](ctx, expected, actual);
    if (shapeProblem) return fail(shapeProblem, rule);
    // a per-series tolerance naming no expected series is a typo the author should see
    const s = tolerance.series;
    if (isPlainObject(s) && Array.isArray(expected.series)) {
      const names = new Set(expected.series.map((x) => (isPlainObject(x) ? seriesName(x) : undefined)));
      for (const [k, v] of Object.entries(s)) {
        if (isPlainObject(v) && !names.has(k))
          ctx.c.add(
            `tolerance.series.${k}`,
            `tolerance names series '${k}', which the expected chart does not have (series: ${[...names].map((n) => shortJson(n, 30)).join(', ')})`,
          );
      }
    }
    return ctx.c.finish(
      { rule, expected, actual, tolerance, comparator: `chart:${mode}` },
      chartType === 'chart_heatmap' ? 'cells' : 'values',
    );
  },
};
