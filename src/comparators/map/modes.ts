// The map output types, their compare modes and the algorithm each mode picks (multiset, ordered,
// keyed), the options, and the context every map comparison shares.
import type { DiffCollector } from '../kit/diff-collector.js';
import type { NumericTolerance } from '../kit/numeric-tolerance.js';
import type { OptionKind } from '../types.js';

export type MapType = 'map_points' | 'map_heatmap' | 'map_choropleth' | 'map_polygons' | 'map_route';
export const MAP_TYPES: readonly MapType[] = [
  'map_points',
  'map_heatmap',
  'map_choropleth',
  'map_polygons',
  'map_route',
];

export const MAP_MODES = [
  'set_equal_after_round_coords_4dp',
  'multiset',
  'unordered',
  'ordered_after_round_coords_4dp',
  'ordered',
  'keyed_values',
] as const;

export const MAP_OPTIONS: Readonly<Record<string, OptionKind>> = {
  abs: 'number',
  rel: 'number',
  round_digits: 'integer',
  ignore_fields: 'fields',
};

export type Algorithm = 'multiset' | 'ordered' | 'keyed';
export const MODE_ALGORITHM: Record<string, Algorithm> = {
  set_equal_after_round_coords_4dp: 'multiset',
  multiset: 'multiset',
  unordered: 'multiset',
  ordered_after_round_coords_4dp: 'ordered',
  ordered: 'ordered',
  keyed_values: 'keyed',
};

export const DEFAULT_MODE: Record<MapType, string> = {
  map_points: 'set_equal_after_round_coords_4dp',
  map_heatmap: 'set_equal_after_round_coords_4dp',
  map_polygons: 'set_equal_after_round_coords_4dp',
  map_route: 'ordered_after_round_coords_4dp',
  map_choropleth: 'keyed_values',
};

export const DEFAULT_ROUND_DIGITS = 4;

export interface MapCtx {
  c: DiffCollector;
  type: MapType;
  digits: number;
  tol: NumericTolerance;
  algorithm: Algorithm;
}
