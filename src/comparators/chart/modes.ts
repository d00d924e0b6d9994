// Which `compare` modes apply to each chart type, what they mean (values in order or as a
// multiset), and the chart options with their closed sets of values.
import type { OutputType } from '../../model/manifest.js';
import type { OptionKind } from '../types.js';

export type ChartType = Extract<OutputType, `chart_${string}`>;

export const CHART_TYPES: readonly ChartType[] = [
  'chart_line',
  'chart_bar',
  'chart_area',
  'chart_scatter',
  'chart_pie',
  'chart_histogram',
  'chart_boxplot',
  'chart_heatmap',
  'chart_candlestick',
  'chart_radar',
  'chart_sankey',
  'chart_treemap',
  'chart_network',
];

export const CHART_MODES = [
  'data_only',
  'slices_unordered',
  'values_unordered',
  'series_summary',
  'matrix_elementwise',
  'rows_ordered',
  'graph_set',
  'tree_set',
  'ordered',
  'unordered',
] as const;

export type Variant = 'ordered' | 'unordered';

/** Which `compare` modes apply to each type and what they mean (the first is the built-in default). */
export const MODE_TABLE: Record<ChartType, [string, Record<string, Variant>]> = (() => {
  const seriesOrdered: Record<string, Variant> = { data_only: 'ordered', rows_ordered: 'ordered', ordered: 'ordered' };
  const orderedOrUnordered = (defaultName: string, unorderedNames: string[]): [string, Record<string, Variant>] => {
    const m: Record<string, Variant> = {
      rows_ordered: 'ordered',
      ordered: 'ordered',
      data_only: 'unordered',
      unordered: 'unordered',
    };
    for (const n of unorderedNames) m[n] = 'unordered';
    return [defaultName, m];
  };
  return {
    chart_line: ['data_only', seriesOrdered],
    chart_bar: ['data_only', seriesOrdered],
    chart_area: ['data_only', seriesOrdered],
    chart_radar: ['data_only', seriesOrdered],
    chart_heatmap: ['matrix_elementwise', { ...seriesOrdered, matrix_elementwise: 'ordered' }],
    chart_scatter: orderedOrUnordered('data_only', []),
    chart_pie: orderedOrUnordered('slices_unordered', ['slices_unordered']),
    chart_histogram: orderedOrUnordered('values_unordered', ['values_unordered']),
    chart_boxplot: orderedOrUnordered('series_summary', ['series_summary', 'values_unordered']),
    chart_candlestick: [
      'rows_ordered',
      { rows_ordered: 'ordered', ordered: 'ordered', data_only: 'ordered', unordered: 'unordered' },
    ],
    chart_sankey: orderedOrUnordered('graph_set', ['graph_set']),
    chart_network: orderedOrUnordered('graph_set', ['graph_set']),
    chart_treemap: orderedOrUnordered('tree_set', ['tree_set']),
  };
})();

export const SERIES_TYPES: readonly ChartType[] = [
  'chart_line',
  'chart_bar',
  'chart_area',
  'chart_scatter',
  'chart_radar',
  'chart_boxplot',
];

export const SERIES_MATCHES = ['by_name', 'by_index'] as const;
/** `by_time` applies to chart_candlestick only, which the comparator checks. */
export const CANDLE_ORDERS = ['ordered', 'by_time'] as const;

export const CHART_OPTIONS: Readonly<Record<string, OptionKind>> = {
  abs: 'number',
  rel: 'number',
  series_match: { enum: SERIES_MATCHES },
  series: 'tolerance',
  order: { enum: CANDLE_ORDERS },
  ignore_fields: 'fields',
};
