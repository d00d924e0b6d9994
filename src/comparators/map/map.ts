// The map comparator (map_points, map_heatmap, map_choropleth, map_polygons, map_route). The mode
// really picks the algorithm: multisets for points, heatmaps and polygons (duplicates count), order
// for routes, region keys for choropleths; coordinates are compared after rounding to round_digits.
import type { OutputType } from '../../model/manifest.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { DiffCollector } from '../kit/diff-collector.js';
import { numericTolerance } from '../kit/numeric-tolerance.js';
import { withIgnoredFields } from '../kit/ignore-fields.js';
import { garbageResult, skipped } from '../kit/result.js';
import type { Comparator, ComparisonResult } from '../types.js';
import type { Tolerance } from '../../model/tolerance.js';
import { compareChoropleth } from './choropleth.js';
import { messages } from './messages.js';
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
  switch (ctx.type) {
    case 'map_choropleth':
      return messages.choroplethRule(ctx.tol);
    case 'map_polygons':
      return messages.polygonsRule(ctx.digits, ctx.algorithm);
    case 'map_heatmap':
      return messages.heatmapRule(ctx.digits, ctx.algorithm, ctx.tol);
    default:
      return messages.pointsRule(ctx.digits, ctx.algorithm);
  }
}

export const mapComparator: Comparator = {
  name: 'map',
  types: MAP_TYPES,
  modes: MAP_MODES,
  modesFor: (type) => MAP_MODES.filter((m) => (MODE_ALGORITHM[m] === 'keyed') === (type === 'map_choropleth')),
  options: MAP_OPTIONS,
  messages,
  defaults(type: OutputType): Tolerance {
    const mode = DEFAULT_MODE[type as MapType] ?? 'set_equal_after_round_coords_4dp';
    return type === 'map_choropleth' ? { compare: mode } : { compare: mode, round_digits: DEFAULT_ROUND_DIGITS };
  },
  compare: withIgnoredFields(({ type, expected, actual, tolerance }): ComparisonResult => {
    const mapType = type as MapType;
    const mode = tolerance.compare ?? DEFAULT_MODE[mapType] ?? 'set_equal_after_round_coords_4dp';
    if (mode === 'skip') return skipped(tolerance, expected, actual);
    const fail = (message: string, rule = messages.modeRule(mode)): ComparisonResult => ({
      ...garbageResult(message, expected, actual, tolerance, rule),
      comparator: `map:${mode}`,
    });
    if (!(MAP_TYPES as readonly string[]).includes(type)) return fail(messages.notAMapType(type));
    const algorithm = MODE_ALGORITHM[mode];
    if (!algorithm) return fail(messages.unknownMode(mode, type, MAP_MODES));
    if ((algorithm === 'keyed') !== (mapType === 'map_choropleth'))
      return fail(
        mapType === 'map_choropleth' ? messages.notForChoropleth(mode) : messages.onlyForChoropleth(mode, type),
      );
    const rd = tolerance.round_digits ?? DEFAULT_ROUND_DIGITS;
    if (typeof rd !== 'number' || !Number.isInteger(rd) || rd < 0 || rd > 10) return fail(messages.badRoundDigits(rd));
    const ctx: MapCtx = {
      c: new DiffCollector(numericTolerance(tolerance)),
      type: mapType,
      digits: rd,
      tol: numericTolerance(tolerance),
      algorithm,
    };
    const rule = ruleFor(ctx);
    if (!isPlainObject(expected)) return fail(messages.notAMap('expected', type, expected), rule);
    if (!isPlainObject(actual)) return fail(messages.notAMap('actual', type, actual), rule);
    const problem =
      mapType === 'map_choropleth'
        ? compareChoropleth(ctx, expected, actual)
        : mapType === 'map_polygons'
          ? comparePolygons(ctx, expected, actual)
          : comparePointLike(ctx, expected, actual);
    if (problem) return fail(problem, rule);
    const noun = mapType === 'map_choropleth' ? 'items' : mapType === 'map_polygons' ? 'polygons' : 'points';
    return ctx.c.finish({ rule, expected, actual, tolerance, comparator: `map:${mode}` }, noun);
  }),
};
