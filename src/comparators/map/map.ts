// The map comparator (map_points, map_heatmap, map_choropleth, map_polygons, map_route). The mode
// really picks the algorithm: multisets for points, heatmaps and polygons (duplicates count), order
// for routes, region keys for choropleths; coordinates are compared after rounding to round_digits.
import type { OutputType } from '../../model/manifest.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { DiffCollector } from '../kit/diff-collector.js';
import { describeNumericTolerance, numericTolerance } from '../kit/numeric-tolerance.js';
import { garbageResult, skipped } from '../kit/result.js';
import { describeValue, shortJson } from '../kit/value.js';
import type { Comparator, ComparisonResult } from '../types.js';
import type { Tolerance } from '../../model/tolerance.js';
import { compareChoropleth } from './choropleth.js';
import {
  DEFAULT_MODE,
  DEFAULT_ROUND_DIGITS,
  MAP_MODES,
  MAP_OPTIONS,
  MAP_TYPES,
  MODE_ALGORITHM,
  type MapCtx,
  type MapType,
} from './modes.js';
import { comparePointLike } from './points.js';
import { comparePolygons } from './polygons.js';

function ruleFor(ctx: MapCtx): string {
  const round = `coordinates rounded to ${ctx.digits} dp (within half a unit across a rounding boundary)`;
  const nums = describeNumericTolerance(ctx.tol);
  switch (ctx.type) {
    case 'map_choropleth':
      return `values by region key, ${nums}; geojson feature ids as a set`;
    case 'map_polygons':
      return `${round}; polygons ${ctx.algorithm === 'ordered' ? 'in order, vertices in order' : 'as a multiset, each ring from any starting vertex'}; labels when both have one`;
    case 'map_heatmap':
      return `${round}; points ${ctx.algorithm === 'ordered' ? 'in order' : 'as a multiset'}; weight ${nums}`;
    default:
      return `${round}; points ${ctx.algorithm === 'ordered' ? 'in order' : 'as a multiset'}; labels when both have one`;
  }
}

export const mapComparator: Comparator = {
  name: 'map',
  types: MAP_TYPES,
  modes: MAP_MODES,
  modesFor: (type) => MAP_MODES.filter((m) => (MODE_ALGORITHM[m] === 'keyed') === (type === 'map_choropleth')),
  options: MAP_OPTIONS,
  defaults(type: OutputType): Tolerance {
    const mode = DEFAULT_MODE[type as MapType] ?? 'set_equal_after_round_coords_4dp';
    return type === 'map_choropleth' ? { compare: mode } : { compare: mode, round_digits: DEFAULT_ROUND_DIGITS };
  },
  compare({ type, expected, actual, tolerance }): ComparisonResult {
    const mapType = type as MapType;
    const mode = tolerance.compare ?? DEFAULT_MODE[mapType] ?? 'set_equal_after_round_coords_4dp';
    if (mode === 'skip') return skipped(tolerance, expected, actual);
    const fail = (message: string, rule = `compare: ${mode}`): ComparisonResult => ({
      ...garbageResult(message, expected, actual, tolerance, rule),
      comparator: `map:${mode}`,
    });
    if (!(MAP_TYPES as readonly string[]).includes(type))
      return fail(`the map comparator does not handle output type ${type}`);
    const algorithm = MODE_ALGORITHM[mode];
    if (!algorithm)
      return fail(`unknown compare mode '${mode}' for ${type} (expected one of: ${[...MAP_MODES, 'skip'].join(', ')})`);
    if ((algorithm === 'keyed') !== (mapType === 'map_choropleth')) {
      return fail(
        mapType === 'map_choropleth'
          ? `compare mode '${mode}' does not apply to map_choropleth; use keyed_values or skip`
          : `compare mode '${mode}' applies to map_choropleth only; for ${type} use set_equal_after_round_coords_4dp (multiset), ordered_after_round_coords_4dp (ordered) or skip`,
      );
    }
    const rd = tolerance.round_digits ?? DEFAULT_ROUND_DIGITS;
    if (typeof rd !== 'number' || !Number.isInteger(rd) || rd < 0 || rd > 10)
      return fail(`tolerance round_digits must be a whole number from 0 to 10, got ${shortJson(rd, 30)}`);
    const ctx: MapCtx = {
      c: new DiffCollector(numericTolerance(tolerance)),
      type: mapType,
      digits: rd,
      tol: numericTolerance(tolerance),
      algorithm,
    };
    const rule = ruleFor(ctx);
    if (!isPlainObject(expected))
      return fail(`expected is ${describeValue(expected)}, expected a ${type} object`, rule);
    if (!isPlainObject(actual)) return fail(`actual is ${describeValue(actual)}, expected a ${type} object`, rule);
    const problem =
      mapType === 'map_choropleth'
        ? compareChoropleth(ctx, expected, actual)
        : mapType === 'map_polygons'
          ? comparePolygons(ctx, expected, actual)
          : comparePointLike(ctx, expected, actual);
    if (problem) return fail(problem, rule);
    const noun = mapType === 'map_choropleth' ? 'items' : mapType === 'map_polygons' ? 'polygons' : 'points';
    return ctx.c.finish({ rule, expected, actual, tolerance, comparator: `map:${mode}` }, noun);
  },
};
