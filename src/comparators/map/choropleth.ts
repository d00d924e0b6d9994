// Choropleths: values by region key under the numeric tolerance, and the GeoJSON feature ids as a set
// (geometry is not compared).
import { isPlainObject } from '../../util/is-plain-object.js';
import { joinPath, keyedPath } from '../kit/paths.js';
import { describeValue, isPresent, jsonKey, shortJson } from '../kit/value.js';
import type { MapCtx } from './modes.js';

function featureId(f: unknown): unknown {
  if (!isPlainObject(f)) return undefined;
  const props = isPlainObject(f.properties) ? f.properties : {};
  return f.id ?? props.id ?? props.name;
}

export function compareChoropleth(ctx: MapCtx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const { c } = ctx;
  if (e.values === undefined) return 'expected.values is missing';
  if (!isPlainObject(e.values))
    return `expected.values is ${describeValue(e.values)}, expected an object of region → number`;
  if (a.values === undefined) return 'actual.values is missing';
  if (!isPlainObject(a.values))
    return `actual.values is ${describeValue(a.values)}, expected an object of region → number`;
  const eV = e.values;
  const aV = a.values;
  for (const k of Object.keys(eV)) {
    const p = joinPath('values', k);
    if (!Object.hasOwn(aV, k))
      c.missing(p, `region ${shortJson(k, 40)} missing in actual (expected ${shortJson(eV[k], 30)})`, eV[k]);
    else c.value(p, eV[k], aV[k], ctx.tol);
  }
  for (const k of Object.keys(aV)) {
    if (!Object.hasOwn(eV, k))
      c.extra(
        joinPath('values', k),
        `not expected: extra region ${shortJson(k, 40)} in actual (value ${shortJson(aV[k], 30)})`,
        aV[k],
      );
  }
  // geojson: the set of feature ids (geometry is not compared)
  if (!isPresent(e.geojson) && !isPresent(a.geojson)) return null;
  if (!isPlainObject(a.geojson)) {
    c.add('geojson', `actual.geojson is ${describeValue(a.geojson)}, expected a GeoJSON object`, undefined, a.geojson);
    return null;
  }
  if (!isPlainObject(e.geojson)) {
    c.add('geojson', `expected.geojson is ${describeValue(e.geojson)}, expected a GeoJSON object`, e.geojson);
    return null;
  }
  const eF = Array.isArray(e.geojson.features) ? e.geojson.features : null;
  const aF = Array.isArray(a.geojson.features) ? a.geojson.features : null;
  if (!eF && !aF) return null;
  if (!eF || !aF) {
    c.add(
      'geojson.features',
      `${eF ? 'actual' : 'expected'}.geojson.features is ${describeValue(eF ? a.geojson.features : e.geojson.features)}, expected an array of features`,
      e.geojson.features,
      a.geojson.features,
    );
    return null;
  }
  const eIds = new Map(eF.map((f) => [jsonKey(featureId(f)), featureId(f)]));
  const aIds = new Map(aF.map((f) => [jsonKey(featureId(f)), featureId(f)]));
  for (const [k, id] of eIds) {
    if (aIds.has(k)) c.ok();
    else
      c.missing(keyedPath('geojson.features', 'id', id), `feature ${shortJson(id, 40)} missing in actual geojson`, id);
  }
  for (const [k, id] of aIds)
    if (!eIds.has(k))
      c.extra(
        keyedPath('geojson.features', 'id', id),
        `not expected: extra feature ${shortJson(id, 40)} in actual geojson`,
        id,
      );
  return null;
}
