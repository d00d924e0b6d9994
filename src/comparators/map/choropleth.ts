// Choropleths: values by region key under the numeric tolerance, and the GeoJSON feature ids as a set
// (geometry is not compared).
import { isPlainObject } from '../../util/is-plain-object.js';
import { joinPath, keyedPath } from '../kit/paths.js';
import { isPresent, jsonKey } from '../kit/value.js';
import { messages } from './messages.js';
import type { MapCtx } from './modes.js';

function featureId(f: unknown): unknown {
  if (!isPlainObject(f)) return undefined;
  const props = isPlainObject(f.properties) ? f.properties : {};
  return f.id ?? props.id ?? props.name;
}

export function compareChoropleth(ctx: MapCtx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const { c } = ctx;
  if (e.values === undefined) return messages.valuesMissing('expected');
  if (!isPlainObject(e.values)) return messages.valuesNotAMap('expected', e.values);
  if (a.values === undefined) return messages.valuesMissing('actual');
  if (!isPlainObject(a.values)) return messages.valuesNotAMap('actual', a.values);
  const eV = e.values;
  const aV = a.values;
  for (const k of Object.keys(eV)) {
    const p = joinPath('values', k);
    if (!Object.hasOwn(aV, k)) c.missing(p, messages.regionMissing(k, eV[k]), eV[k]);
    else c.value(p, eV[k], aV[k], ctx.tol);
  }
  for (const k of Object.keys(aV)) {
    if (!Object.hasOwn(eV, k)) c.extra(joinPath('values', k), messages.regionExtra(k, aV[k]), aV[k]);
  }
  // geojson: the set of feature ids (geometry is not compared)
  if (!isPresent(e.geojson) && !isPresent(a.geojson)) return null;
  if (!isPlainObject(a.geojson)) {
    c.add('geojson', messages.notGeoJson('actual', a.geojson), undefined, a.geojson);
    return null;
  }
  if (!isPlainObject(e.geojson)) {
    c.add('geojson', messages.notGeoJson('expected', e.geojson), e.geojson);
    return null;
  }
  const eF = Array.isArray(e.geojson.features) ? e.geojson.features : null;
  const aF = Array.isArray(a.geojson.features) ? a.geojson.features : null;
  if (!eF && !aF) return null;
  if (!eF || !aF) {
    c.add(
      'geojson.features',
      messages.featuresNotAList(eF ? 'actual' : 'expected', eF ? a.geojson.features : e.geojson.features),
      e.geojson.features,
      a.geojson.features,
    );
    return null;
  }
  const eIds = new Map(eF.map((f) => [jsonKey(featureId(f)), featureId(f)]));
  const aIds = new Map(aF.map((f) => [jsonKey(featureId(f)), featureId(f)]));
  for (const [k, id] of eIds) {
    if (aIds.has(k)) c.ok();
    else c.missing(keyedPath('geojson.features', 'id', id), messages.featureMissing(id), id);
  }
  for (const [k, id] of aIds)
    if (!eIds.has(k)) c.extra(keyedPath('geojson.features', 'id', id), messages.featureExtra(id), id);
  return null;
}
