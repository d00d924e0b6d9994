// Every sentence the map comparator writes (map.ts and the modules beside it). Coordinates come in
// as text (coords.ts's coordText), rounded to the comparison's digits.
import { describeNumericTolerance, type NumericTolerance } from '../kit/numeric-tolerance.js';
import { describeValue, isPresent, shortJson } from '../kit/value.js';
import type { MessageTable } from '../../util/message-table.js';
import type { Algorithm } from './modes.js';

type Side = 'expected' | 'actual';

const rounded = (digits: number): string =>
  `coordinates rounded to ${digits} dp (within half a unit across a rounding boundary)`;
const labelled = (label: unknown): string => (isPresent(label) ? ` labelled ${shortJson(label, 40)}` : '');

export const messages = {
  // the tolerance and the values as a whole (map.ts)
  // the rule of each type (map.ts picks one)
  choroplethRule: (tol: NumericTolerance) =>
    `values by region key, ${describeNumericTolerance(tol)}; geojson feature ids as a set`,
  polygonsRule: (digits: number, algorithm: Algorithm) =>
    `${rounded(digits)}; polygons ${algorithm === 'ordered' ? 'in order, vertices in order' : 'as a multiset, each ring from any starting vertex'}; labels when both have one`,
  heatmapRule: (digits: number, algorithm: Algorithm, tol: NumericTolerance) =>
    `${rounded(digits)}; points ${algorithm === 'ordered' ? 'in order' : 'as a multiset'}; weight ${describeNumericTolerance(tol)}`,
  pointsRule: (digits: number, algorithm: Algorithm) =>
    `${rounded(digits)}; points ${algorithm === 'ordered' ? 'in order' : 'as a multiset'}; labels when both have one`,
  modeRule: (mode: string) => `compare: ${mode}`,
  notAMapType: (type: string) => `the map comparator does not handle output type ${type}`,
  unknownMode: (mode: string, type: string, modes: readonly string[]) =>
    `unknown compare mode '${mode}' for ${type} (expected one of: ${[...modes, 'skip'].join(', ')})`,
  notForChoropleth: (mode: string) =>
    `compare mode '${mode}' does not apply to map_choropleth; use keyed_values or skip`,
  onlyForChoropleth: (mode: string, type: string) =>
    `compare mode '${mode}' applies to map_choropleth only; for ${type} use set_equal_after_round_coords_4dp (multiset), ordered_after_round_coords_4dp (ordered) or skip`,
  badRoundDigits: (v: unknown) => `tolerance round_digits must be a whole number from 0 to 10, got ${shortJson(v, 30)}`,
  notAMap: (side: Side, type: string, v: unknown) => `${side} is ${describeValue(v)}, expected a ${type} object`,
  // a coordinate that cannot be read (coords.ts): said after the item, e.g. "expected points[3] has no latitude …"
  tooFewNumbers: (n: number) => `is an array of ${n} number(s), expected [lat, lng]`,
  noLatitude: () => 'has no latitude (lat or latitude)',
  noLongitude: () => 'has no longitude (lng, lon or longitude)',
  notACoordinate: (v: unknown) => `is ${describeValue(v)}, expected {lat, lng} or [lat, lng]`,
  badLatitude: (v: unknown) => `has latitude ${shortJson(v, 30)}, expected a finite number`,
  badLongitude: (v: unknown) => `has longitude ${shortJson(v, 30)}, expected a finite number`,
  unreadable: (side: Side, field: string, i: number, problem: string) => `${side} ${field}[${i}] ${problem}`,
  // choropleth.ts
  valuesMissing: (side: Side) => `${side}.values is missing`,
  valuesNotAMap: (side: Side, v: unknown) =>
    `${side}.values is ${describeValue(v)}, expected an object of region → number`,
  regionMissing: (region: string, value: unknown) =>
    `region ${shortJson(region, 40)} missing in actual (expected ${shortJson(value, 30)})`,
  regionExtra: (region: string, value: unknown) =>
    `not expected: extra region ${shortJson(region, 40)} in actual (value ${shortJson(value, 30)})`,
  notGeoJson: (side: Side, v: unknown) => `${side}.geojson is ${describeValue(v)}, expected a GeoJSON object`,
  featuresNotAList: (side: Side, v: unknown) =>
    `${side}.geojson.features is ${describeValue(v)}, expected an array of features`,
  featureMissing: (id: unknown) => `feature ${shortJson(id, 40)} missing in actual geojson`,
  featureExtra: (id: unknown) => `not expected: extra feature ${shortJson(id, 40)} in actual geojson`,
  // points, routes and polygons (points.ts, polygons.ts); `thing` is point, vertex or polygon
  countDiffers: (thing: string, e: number, a: number) => `${thing} count differs: expected ${e}, got ${a}`,
  missingAt: (what: string) => `missing in actual: ${what}`,
  extraAt: (what: string) => `not expected: extra ${what} in actual`,
  moved: (e: string, a: string, digits: number) => `expected ${e}, got ${a} (rounded to ${digits} dp)`,
  /** `nearest`: the closest actual point left unmatched and where it is, when there is one */
  pointUnmatched: (coord: string, label: unknown, digits: number, nearest: { coord: string; at: string } | null) =>
    `missing in actual: point ${coord}${labelled(label)} (rounded to ${digits} dp) has no match${nearest ? `; closest unmatched actual ${nearest.coord} at ${nearest.at}` : ''}`,
  pointExtra: (coord: string, label: unknown, index: number) =>
    `not expected: actual point ${coord}${labelled(label)} (index ${index} in actual) has no match in expected`,
  noCoords: () => 'has no coords (also read: vertices, points, coordinates)',
  coordsNotAList: (v: unknown) => `has coords that are ${describeValue(v)}, expected an array of [lat, lng]`,
  ringNotAList: (r: number, v: unknown) => `ring ${r} is ${describeValue(v)}, expected an array of vertices`,
  /** `ring` is null for a polygon of one ring */
  badVertex: (ring: number | null, v: number, problem: string) =>
    `vertex ${ring === null ? '' : `${ring}.`}${v} ${problem}`,
  /** a polygon in messages: its size, first vertex and label */
  polygon: (vertices: number, first: string | null, label: unknown) =>
    `polygon of ${vertices} vertices${first ? ` starting ${first}` : ''}${labelled(label)}`,
  vertexMissing: (coord: string) => `vertex ${coord} missing in actual`,
  vertexExtra: (coord: string) => `not expected: extra vertex ${coord} in actual`,
  vertexMoved: (e: string, a: string) => `expected vertex ${e}, got ${a}`,
  /** how much of a polygon another one shares, said with each vertex difference between them */
  shared: (shared: number, of: number, actual: number) =>
    `${shared} of ${of} vertices shared with actual polygons[${actual}]`,
  vertexMissingFrom: (coord: string, shared: string) => `vertex ${coord} missing in actual (${shared})`,
  vertexExtraIn: (coord: string, actual: number, shared: string) =>
    `not expected: extra vertex ${coord} in actual polygons[${actual}] (${shared})`,
  verticesReordered: (actual: number) =>
    `vertices of actual polygons[${actual}] are the same but in a different order or ring structure`,
  noPolygonMatches: (polygon: string, digits: number) =>
    `missing in actual: no polygon matches ${polygon} (rounded to ${digits} dp)`,
  polygonExtra: (polygon: string, index: number) =>
    `not expected: actual ${polygon} (index ${index} in actual) has no match in expected`,
} satisfies MessageTable;
