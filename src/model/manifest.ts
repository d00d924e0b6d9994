// The vocabulary of tool.json shared by every layer: the 28 input and 39 output types of existing
// Pixie tools (docs/tool-format.md), and loose manifest shapes. The exact
// field rules live in reference-schemas/tool.schema.json; these types only name what code reads.

export const INPUT_TYPES = [
  'text',
  'textarea',
  'number',
  'slider',
  'select',
  'multiselect',
  'checkbox',
  'toggle',
  'radio',
  'date',
  'time',
  'datetime',
  'date_range',
  'file',
  'image',
  'audio',
  'colour',
  'json',
  'code',
  'markdown',
  'tags',
  'autocomplete',
  'table',
  'map_point',
  'map_bbox',
  'map_polygon',
  'map_multipoint',
  'hidden',
] as const;
export type InputType = (typeof INPUT_TYPES)[number];

export const OUTPUT_TYPES = [
  'text',
  'markdown',
  'number',
  'boolean',
  'latex',
  'code',
  'stream_text',
  'progress',
  'image',
  'audio',
  'video',
  'table',
  'kv',
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
  'map_points',
  'map_heatmap',
  'map_choropleth',
  'map_polygons',
  'map_route',
  'image_grid',
  'image_compare',
  'diff',
  'tree',
  'timeline',
  'gantt',
  'log',
  'file',
] as const;
export type OutputType = (typeof OUTPUT_TYPES)[number];

interface SelectOption {
  value: string | number | boolean;
  label: string;
}

export interface InputSpec {
  key: string;
  type: InputType;
  label: string;
  default?: unknown;
  required?: boolean;
  show_if?: { key: string; equals: unknown } | null;
  min?: number | string | null;
  max?: number | string | null;
  step?: number | null;
  range?: boolean;
  options?: SelectOption[];
  columns?: { key: string; label: string; type: string }[];
  min_rows?: number | null;
  max_rows?: number | null;
  default_center?: number[] | null;
  [field: string]: unknown;
}

export interface OutputSpec {
  key: string;
  type: OutputType;
  label: string;
  streaming?: boolean;
  [field: string]: unknown;
}

export interface Manifest {
  id: string;
  name: string;
  inputs: InputSpec[];
  outputs: OutputSpec[];
  entrypoint?: string;
  layout?: 'form' | 'chat' | 'split';
  max_memory_mb?: number;
  max_runtime_seconds?: number;
  startup_timeout_seconds?: number;
  validator_timeout_override?: number | null;
  secrets?: { key: string; description?: string | null; required?: boolean }[];
  concurrent?: boolean;
  [field: string]: unknown;
}
