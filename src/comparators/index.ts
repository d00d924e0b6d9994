// The comparator registry: output type → comparator. Adding an output type means
// one comparator file, one line here and one schema in reference-schemas/outputs/.
import type { OutputType } from '../model/manifest.js';
import { audioComparator } from './audio/audio.js';
import { booleanComparator } from './boolean.js';
import { chartComparator } from './chart/chart.js';
import { fileComparator } from './file.js';
import { imageComparator } from './image/image.js';
import { kvComparator } from './kv.js';
import { mapComparator } from './map/map.js';
import { numberComparator } from './number.js';
import { sha256Comparator } from './sha256.js';
import { structuralComparator } from './structural/structural.js';
import { tableComparator } from './table/table.js';
import { textComparator } from './text.js';
import type { Comparator } from './types.js';

export const COMPARATORS: Record<OutputType, Comparator> = {
  number: numberComparator,
  boolean: booleanComparator,
  text: textComparator,
  markdown: textComparator,
  latex: textComparator,
  code: textComparator,
  stream_text: textComparator,
  table: tableComparator,
  kv: kvComparator,
  chart_line: chartComparator,
  chart_bar: chartComparator,
  chart_area: chartComparator,
  chart_scatter: chartComparator,
  chart_pie: chartComparator,
  chart_histogram: chartComparator,
  chart_boxplot: chartComparator,
  chart_heatmap: chartComparator,
  chart_candlestick: chartComparator,
  chart_radar: chartComparator,
  chart_sankey: chartComparator,
  chart_treemap: chartComparator,
  chart_network: chartComparator,
  map_points: mapComparator,
  map_heatmap: mapComparator,
  map_choropleth: mapComparator,
  map_polygons: mapComparator,
  map_route: mapComparator,
  tree: structuralComparator,
  timeline: structuralComparator,
  gantt: structuralComparator,
  log: structuralComparator,
  diff: structuralComparator,
  file: fileComparator,
  image: imageComparator,
  image_grid: imageComparator,
  image_compare: imageComparator,
  // video/progress compare by size + SHA-256 until their comparators land
  audio: audioComparator,
  video: sha256Comparator,
  progress: sha256Comparator,
};

export function comparatorFor(type: OutputType): Comparator {
  return COMPARATORS[type] ?? sha256Comparator;
}
