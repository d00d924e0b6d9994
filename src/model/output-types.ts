// What pixie knows about each output type, as data: the comparator family that compares it, the
// drawing the report and the dashboard give it, and whether its value is one media payload. Typed
// Record<OutputType, …>, so a type added to OUTPUT_TYPES without its entry does not compile.
import { OUTPUT_TYPES, type OutputType } from './manifest.js';

/** The comparator families (src/comparators/index.ts maps each to its comparator). */
export type ComparatorFamily =
  | 'number'
  | 'boolean'
  | 'text'
  | 'table'
  | 'kv'
  | 'chart'
  | 'map'
  | 'structural'
  | 'image'
  | 'audio'
  | 'file'
  | 'sha256';

/**
 * How the report draws a comparison (src/report/view-model/): `scalar` both values side by side;
 * `images` the image pairs the value holds, shown even when they cannot be embedded; `media` the data
 * URLs found in the value; `file` those, else the lines the comparator reported; `series` a chart;
 * `table` the rows; `text` a line diff, data URLs included; `json` a line diff of plain strings, else
 * the values as JSON. Any drawing that finds nothing to draw falls back to the last two.
 */
type ViewKind = 'scalar' | 'images' | 'media' | 'file' | 'series' | 'table' | 'text' | 'json';

export interface OutputTypeInfo {
  comparator: ComparatorFamily;
  view: ViewKind;
  /**
   * The value is one media payload (a data URL or base64, `data_url`; or a file object with its
   * payload in `data`, `file_object`), or null when it is not. A media value's bytes go to files:
   * the report's sidecars, pending results, and the `{"$file": …}` reference beside a fixture that
   * updates write and the loader accepts (docs/fixtures.md, "Media files"). One property for all
   * of these, so an update never writes a reference the loader refuses.
   */
  media: 'data_url' | 'file_object' | null;
}

const OUTPUT_TYPE_INFO: Record<OutputType, OutputTypeInfo> = {
  text: { comparator: 'text', view: 'text', media: null },
  markdown: { comparator: 'text', view: 'text', media: null },
  number: { comparator: 'number', view: 'scalar', media: null },
  boolean: { comparator: 'boolean', view: 'scalar', media: null },
  latex: { comparator: 'text', view: 'text', media: null },
  code: { comparator: 'text', view: 'text', media: null },
  stream_text: { comparator: 'text', view: 'text', media: null },
  // compared by size and SHA-256 until a comparator of its own lands
  progress: { comparator: 'sha256', view: 'scalar', media: null },
  image: { comparator: 'image', view: 'images', media: 'data_url' },
  audio: { comparator: 'audio', view: 'media', media: 'data_url' },
  video: { comparator: 'sha256', view: 'media', media: 'data_url' },
  table: { comparator: 'table', view: 'table', media: null },
  kv: { comparator: 'kv', view: 'json', media: null },
  chart_line: { comparator: 'chart', view: 'series', media: null },
  chart_bar: { comparator: 'chart', view: 'series', media: null },
  chart_area: { comparator: 'chart', view: 'series', media: null },
  chart_scatter: { comparator: 'chart', view: 'series', media: null },
  chart_pie: { comparator: 'chart', view: 'series', media: null },
  chart_histogram: { comparator: 'chart', view: 'series', media: null },
  chart_boxplot: { comparator: 'chart', view: 'series', media: null },
  chart_heatmap: { comparator: 'chart', view: 'series', media: null },
  chart_candlestick: { comparator: 'chart', view: 'series', media: null },
  chart_radar: { comparator: 'chart', view: 'series', media: null },
  chart_sankey: { comparator: 'chart', view: 'series', media: null },
  chart_treemap: { comparator: 'chart', view: 'series', media: null },
  chart_network: { comparator: 'chart', view: 'series', media: null },
  map_points: { comparator: 'map', view: 'json', media: null },
  map_heatmap: { comparator: 'map', view: 'json', media: null },
  map_choropleth: { comparator: 'map', view: 'json', media: null },
  map_polygons: { comparator: 'map', view: 'json', media: null },
  map_route: { comparator: 'map', view: 'json', media: null },
  image_grid: { comparator: 'image', view: 'images', media: null },
  image_compare: { comparator: 'image', view: 'images', media: null },
  diff: { comparator: 'structural', view: 'text', media: null },
  tree: { comparator: 'structural', view: 'json', media: null },
  timeline: { comparator: 'structural', view: 'json', media: null },
  gantt: { comparator: 'structural', view: 'json', media: null },
  log: { comparator: 'structural', view: 'text', media: null },
  file: { comparator: 'file', view: 'file', media: 'file_object' },
};

/** The entry of a type named by a file or a report (any string), or undefined when pixie has none. */
export function outputTypeInfo(type: string): OutputTypeInfo | undefined {
  return Object.hasOwn(OUTPUT_TYPE_INFO, type) ? OUTPUT_TYPE_INFO[type as OutputType] : undefined;
}

export function isMediaType(type: string): boolean {
  return outputTypeInfo(type)?.media != null;
}

/** The media output types, in OUTPUT_TYPES order. */
export const MEDIA_TYPES: readonly OutputType[] = OUTPUT_TYPES.filter(isMediaType);
