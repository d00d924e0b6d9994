// The chart comparator: all 13 chart_* types, each by its own data. Series are matched by name, x
// and shapes are checked, every number goes through the shared abs-OR-rel rule, and every
// unordered collection (scatter points, histogram values, duplicate slices, graph edges) is matched
// as a multiset within tolerance, never by sorting mixed values or their string forms.
import type { OutputType } from '../../model/manifest.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { DiffCollector } from '../kit/diff-collector.js';
import { numericTolerance } from '../kit/numeric-tolerance.js';
import { withIgnoredFields } from '../kit/ignore-fields.js';
import { garbageResult, skipped } from '../kit/result.js';
import type { Comparator, ComparisonResult } from '../types.js';
import type { Tolerance } from '../../model/tolerance.js';
import { compareCandlestick } from './candlestick.js';
import type { ChartCompare, Ctx } from './context.js';
import { compareBoxplot, compareHistogram } from './distribution.js';
import { compareGraph, compareTreemap } from './graph.js';
import { compareHeatmap } from './heatmap.js';
import { messages } from './messages.js';
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
  const seriesTol = isPlainObject(ctx.tolerance.series) ? seriesTolerance(ctx, undefined) : ctx.tol;
  const series = messages.seriesRule(ctx.seriesMatch === 'by_index', seriesTol);
  switch (ctx.type) {
    case 'chart_line':
    case 'chart_bar':
    case 'chart_area':
      return messages.xyRule(ctx.tol, series);
    case 'chart_radar':
      return messages.radarRule(series);
    case 'chart_scatter':
      return messages.scatterRule(series, ctx.variant);
    case 'chart_pie':
      return messages.pieRule(ctx.variant, ctx.tol);
    case 'chart_histogram':
      return messages.histogramRule(ctx.variant, ctx.tol);
    case 'chart_boxplot':
      return messages.boxplotRule(series, ctx.variant);
    case 'chart_heatmap':
      return messages.heatmapRule(ctx.tol);
    case 'chart_candlestick':
      return messages.candlestickRule(ctx.order === 'by_time', ctx.tol);
    case 'chart_sankey':
      return messages.graphRule('links', ctx.variant, ctx.tol);
    case 'chart_network':
      return messages.graphRule('edges', ctx.variant, ctx.tol);
    case 'chart_treemap':
      return messages.treemapRule(ctx.variant, ctx.tol);
  }
}

function optionProblem(tolerance: Tolerance, type: ChartType): string | null {
  const sm = tolerance.series_match;
  if (sm !== undefined && !(SERIES_MATCHES as readonly unknown[]).includes(sm)) return messages.badSeriesMatch(sm);
  const order = tolerance.order;
  if (order !== undefined && !(CANDLE_ORDERS as readonly unknown[]).includes(order)) return messages.badOrder(order);
  if (order === 'by_time' && type !== 'chart_candlestick') return messages.byTimeOnlyForCandles(type);
  const s = tolerance.series;
  if (s !== undefined && !isPlainObject(s)) return messages.badSeries(s);
  return null;
}

export const chartComparator: Comparator = {
  name: 'chart',
  types: CHART_TYPES,
  modes: CHART_MODES,
  modesFor: (type) => Object.keys(MODE_TABLE[type as ChartType]?.[1] ?? {}),
  options: CHART_OPTIONS,
  messages,
  defaults(type: OutputType): Tolerance {
    const entry = MODE_TABLE[type as ChartType];
    const out: Tolerance = { compare: entry ? entry[0] : 'data_only', rel: 1e-3 };
    if ((SERIES_TYPES as readonly string[]).includes(type)) out.series_match = 'by_name';
    return out;
  },
  compare: withIgnoredFields(({ type, expected, actual, tolerance }): ComparisonResult => {
    const chartType = type as ChartType;
    const entry = MODE_TABLE[chartType];
    const mode = tolerance.compare ?? entry?.[0] ?? 'data_only';
    if (mode === 'skip') return skipped(tolerance, expected, actual);
    const fail = (message: string, rule = messages.modeRule(mode)): ComparisonResult => ({
      ...garbageResult(message, expected, actual, tolerance, rule),
      comparator: `chart:${mode}`,
    });
    if (!entry) return fail(messages.notAChartType(type));
    const variant = entry[1][mode];
    if (!variant) {
      const known = (CHART_MODES as readonly string[]).includes(mode);
      const modes = Object.keys(entry[1]);
      return fail(known ? messages.modeNotForType(mode, type, modes) : messages.unknownMode(mode, type, modes));
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
    if (!isPlainObject(expected)) return fail(messages.notAChart('expected', type, expected), rule);
    if (!isPlainObject(actual)) return fail(messages.notAChart('actual', type, actual), rule);
    const shapeProblem = PER_TYPE[chartType](ctx, expected, actual);
    if (shapeProblem) return fail(shapeProblem, rule);
    // a per-series tolerance naming no expected series is a typo the author should see
    const s = tolerance.series;
    if (isPlainObject(s) && Array.isArray(expected.series)) {
      const names = new Set(expected.series.map((x) => (isPlainObject(x) ? seriesName(x) : undefined)));
      for (const [k, v] of Object.entries(s)) {
        if (isPlainObject(v) && !names.has(k))
          ctx.c.add(`tolerance.series.${k}`, messages.unknownSeries(k, [...names]));
      }
    }
    return ctx.c.finish(
      { rule, expected, actual, tolerance, comparator: `chart:${mode}` },
      chartType === 'chart_heatmap' ? 'cells' : 'values',
    );
  }),
};
