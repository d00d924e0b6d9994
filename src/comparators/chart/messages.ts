// Every sentence the chart comparator writes (chart.ts and the per-type modules beside it).
import { describeNumericTolerance, type NumericTolerance } from '../kit/numeric-tolerance.js';
import { describeValue, shortJson, shortPair } from '../kit/value.js';
import type { MessageTable } from '../../util/message-table.js';
import { pointText } from './context.js';
import type { Variant } from './modes.js';

type Side = 'expected' | 'actual';

const inOrder = (variant: Variant, otherwise: string): string => (variant === 'ordered' ? 'in order' : otherwise);

export const messages = {
  // the tolerance and the values as a whole (chart.ts)
  badSeriesMatch: (v: unknown) => `tolerance series_match must be by_name or by_index, got ${shortJson(v, 40)}`,
  badOrder: (v: unknown) => `tolerance order must be ordered or by_time, got ${shortJson(v, 40)}`,
  byTimeOnlyForCandles: (type: string) => `tolerance order: by_time applies to chart_candlestick only, not ${type}`,
  badSeries: (v: unknown) =>
    `tolerance series must be a mapping such as { abs: 0.01 } or { <series name>: { abs: 0.01 } }, got ${describeValue(v)}`,
  modeRule: (mode: string) => `compare: ${mode}`,
  notAChartType: (type: string) => `the chart comparator does not handle output type ${type}`,
  modeNotForType: (mode: string, type: string, modes: string[]) =>
    `compare mode '${mode}' does not apply to ${type}; use one of: ${modes.join(', ')}, skip`,
  unknownMode: (mode: string, type: string, modes: string[]) =>
    `unknown compare mode '${mode}' for ${type} (expected one of: ${modes.join(', ')}, skip)`,
  notAChart: (side: Side, type: string, v: unknown) => `${side} is ${describeValue(v)}, expected a ${type} object`,
  unknownSeries: (name: string, names: unknown[]) =>
    `tolerance names series '${name}', which the expected chart does not have (series: ${names.map((n) => shortJson(n, 30)).join(', ')})`,
  seriesRule: (byIndex: boolean, tol: NumericTolerance) =>
    `series ${byIndex ? 'by index' : 'by name'}; series values ${describeNumericTolerance(tol)}`,
  // the rule of each chart type (chart.ts picks one); `series` is seriesRule's text
  xyRule: (tol: NumericTolerance, series: string) =>
    `x in order (numbers ${describeNumericTolerance(tol)}, text exact); ${series}`,
  radarRule: (series: string) => `axes exact in order; ${series}`,
  scatterRule: (series: string, variant: Variant) =>
    `${series}; points ${inOrder(variant, 'as a multiset within tolerance')}`,
  pieRule: (variant: Variant, tol: NumericTolerance) =>
    variant === 'ordered'
      ? `slices in order; labels exact; values ${describeNumericTolerance(tol)}`
      : `slices by label (multiset); values ${describeNumericTolerance(tol)}`,
  histogramRule: (variant: Variant, tol: NumericTolerance) =>
    `values ${inOrder(variant, 'as a multiset')} within ${describeNumericTolerance(tol)}; bins compared`,
  boxplotRule: (series: string, variant: Variant) =>
    `${series}; raw values ${inOrder(variant, 'as a multiset')} and summary fields (min, q1, median, q3, max, mean)`,
  heatmapRule: (tol: NumericTolerance) => `z cell by cell, ${describeNumericTolerance(tol)}; labels exact`,
  candlestickRule: (byTime: boolean, tol: NumericTolerance) =>
    `candles ${byTime ? 'matched by t' : 'in order'}; t exact; open/high/low/close ${describeNumericTolerance(tol)}`,
  /** `edges` names them as the type does: links (sankey) or edges (network) */
  graphRule: (edges: string, variant: Variant, tol: NumericTolerance) =>
    `nodes by id (then name, label); ${edges} ${inOrder(variant, 'by (source, target) as a multiset')}; weights ${describeNumericTolerance(tol)}`,
  treemapRule: (variant: Variant, tol: NumericTolerance) =>
    `nodes ${inOrder(variant, 'by id (then name, label)')}; parent exact; values ${describeNumericTolerance(tol)}`,
  // series (series.ts)
  seriesNotAnObject: (side: Side, i: number, v: unknown) =>
    `${side} series[${i}] is ${describeValue(v)}, expected an object with a name`,
  seriesMissingAt: (name: unknown, actualCount: number) =>
    `series ${shortJson(name, 40)} missing in actual (actual has ${actualCount} series)`,
  seriesExtraAt: (name: unknown) => `not expected: extra series ${shortJson(name, 40)} in actual`,
  seriesRenamed: (e: unknown, a: unknown) => `series name differs: expected ${shortPair(e, a, 40).join(', got ')}`,
  /** `unmatched`: the names of the actual series left unmatched, shown as a hint */
  seriesMissing: (name: unknown, unmatched: string[]) =>
    `series ${shortJson(name, 40)} missing in actual${unmatched.length ? ` (unmatched actual series: ${unmatched.join(', ')})` : ''}`,
  seriesExtra: (name: unknown, unmatched: string[]) =>
    `not expected: extra series ${shortJson(name, 40)} in actual${unmatched.length ? ` (unmatched expected series: ${unmatched.join(', ')})` : ''}`,
  axisMissing: (field: string, e: unknown) => `actual.${field} is missing (expected ${shortJson(e, 60)})`,
  axisExtra: (field: string, a: unknown) => `not expected: actual has ${field} ${shortJson(a, 60)}`,
  missing: (e: unknown, chars = 60) => `missing in actual (expected ${shortJson(e, chars)})`,
  extra: (a: unknown, chars = 60) => `not expected (extra in actual: ${shortJson(a, chars)})`,
  expectedNotAList: (path: string, v: unknown, what: string) =>
    `expected ${path} is ${describeValue(v)}, expected an array of ${what}`,
  actualNotAList: (path: string, v: unknown, n: number, what: string) =>
    `actual ${path} is ${describeValue(v)}, expected an array of ${n} ${what}`,
  valueCount: (e: number, a: number) => `count differs: expected ${e} values, got ${a}`,
  /** `thing` is what is counted: row, point, value, slice, node, link, edge, candle */
  countDiffers: (thing: string, e: number, a: number) => `${thing} count differs: expected ${e}, got ${a}`,
  // items by position, `thing` naming them (null for links and edges)
  missingItem: (thing: string | null, item: unknown) =>
    `missing in actual: ${thing ? `${thing} ` : ''}${pointText(item)}`,
  extraItem: (thing: string | null, item: unknown) =>
    `not expected: extra ${thing ? `${thing} ` : ''}${pointText(item)} in actual`,
  noYValues: () => 'expected series has no y values',
  // heatmap.ts, candlestick.ts, distribution.ts
  rowMissing: (r: number, cells: number) => `missing in actual: row ${r} (${cells} cells)`,
  rowExtra: (r: number) => `not expected: extra row ${r} in actual`,
  noCandleAt: (t: unknown) => `missing in actual: no candle with t ${shortJson(t, 40)}`,
  extraCandleAt: (t: unknown, index: number) =>
    `not expected: actual candle with t ${shortJson(t, 40)} (index ${index} in actual)`,
  notANumber: (side: Side, i: number, v: unknown) => `${side} values[${i}] is ${describeValue(v)}, expected a number`,
  // graph.ts
  nodeMissing: (node: unknown) => `node ${pointText(node)} missing in actual`,
  nodeExtra: (node: unknown, index: number) => `not expected: extra node ${pointText(node)} in actual (index ${index})`,
  notAnEdge: (side: Side, field: string, i: number, v: unknown) =>
    `${side} ${field}[${i}] is ${describeValue(v)}, expected an object with source and target`,
  /** `kind` is link (sankey) or edge (network) */
  noEdge: (kind: string, source: unknown, target: unknown) =>
    `missing in actual: no ${kind} ${shortJson(source, 30)} → ${shortJson(target, 30)}`,
  extraEdge: (kind: string, source: unknown, target: unknown, index: number) =>
    `not expected: extra ${kind} ${shortJson(source, 30)} → ${shortJson(target, 30)} in actual (index ${index})`,
  parallelEdges: (e: number, a: number) => `${e} parallel edges expected, ${a} in actual`,
  // pie.ts
  notASlice: (side: Side, i: number, v: unknown) =>
    `${side} slices[${i}] is ${describeValue(v)}, expected an object with label and value`,
  sliceMissing: (label: unknown, value: unknown) =>
    `slice ${shortJson(label, 40)} missing in actual (expected value ${shortJson(value, 30)})`,
  sliceExtra: (label: unknown, value: unknown) =>
    `not expected: extra slice ${shortJson(label, 40)} in actual (value ${shortJson(value, 30)})`,
  sliceRepeats: (label: unknown, e: number, a: number) =>
    `slice ${shortJson(label, 40)} occurs ${e} times in expected, ${a} in actual`,
  // scatter.ts; `nearest` is the closest actual point left unmatched and where it is, when there is one
  pointUnmatched: (point: unknown, tol: NumericTolerance, nearest: { point: unknown; at: string } | null) =>
    `missing in actual: point ${pointText(point)} has no match within ${describeNumericTolerance(tol)}${nearest ? `; closest unmatched actual ${pointText(nearest.point)} at ${nearest.at}` : ''}`,
  pointExtra: (point: unknown, index: number) =>
    `not expected: actual point ${pointText(point)} (index ${index} in actual) has no match in expected`,
} satisfies MessageTable;
