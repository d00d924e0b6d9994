import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OutputType } from '../../tool/manifest-types.js';
import { contractCases } from './map.cases.js';
import { readCoord, roundToUnits, unitsToText } from './coords.js';
import { mapComparator } from './map.js';
import { MAP_TYPES } from './modes.js';
import type { ComparisonResult, Tolerance } from '../types.js';

function compare(type: OutputType, expected: unknown, actual: unknown, tolerance: Tolerance = {}): ComparisonResult {
  return mapComparator.compare({ key: 'out', type, expected, actual, tolerance: { ...mapComparator.defaults(type), ...tolerance } }) as ComparisonResult;
}
const paths = (r: ComparisonResult): string[] => (r.differences ?? []).map((d) => d.path);
const messages = (r: ComparisonResult): string => (r.differences ?? []).map((d) => `${d.path}: ${d.message}`).join('\n');

describe('map contract cases (run against the comparator directly)', () => {
  it.each(contractCases.map((c) => [c.label, c] as const))('%s', (_l, c) => {
    expect(compare(c.type, structuredClone(c.value), structuredClone(c.value), c.tolerance).status).toBe('pass');
    const changed = compare(c.type, c.value, c.changed, c.tolerance);
    expect(changed.status).toBe('fail');
    expect(paths(changed)).toContain(c.changedPath);
    if (c.boundary) {
      const b = compare(c.type, c.boundary.expected, c.boundary.actual, c.boundary.tolerance);
      expect(b.status, messages(b)).toBe('pass');
    }
    expect(compare(c.type, c.value, c.changed, { compare: 'skip' }).status).toBe('skip');
    expect(compare(c.type, c.value, c.garbage, c.tolerance).status).toBe('fail');
  });
  it('covers all 5 map types', () => {
    expect(new Set(contractCases.map((c) => c.type))).toEqual(new Set(MAP_TYPES));
  });
});

describe('modes and defaults', () => {
  it('defaults: 4 dp, multiset for points/heatmap/polygons, ordered route, keyed choropleth', () => {
    expect(mapComparator.defaults('map_points')).toEqual({ compare: 'set_equal_after_round_coords_4dp', round_digits: 4 });
    expect(mapComparator.defaults('map_route')).toEqual({ compare: 'ordered_after_round_coords_4dp', round_digits: 4 });
    expect(mapComparator.defaults('map_choropleth')).toEqual({ compare: 'keyed_values' });
    expect(mapComparator.options).toMatchObject({ round_digits: 'integer' });
  });

  it('the mode changes the algorithm (B10): ordered points, multiset route', () => {
    const e = { points: [[1, 1], [2, 2]] };
    const a = { points: [[2, 2], [1, 1]] };
    expect(compare('map_points', e, a).status).toBe('pass');
    expect(compare('map_points', e, a, { compare: 'ordered' }).status).toBe('fail');
    expect(compare('map_points', e, a, { compare: 'ordered_after_round_coords_4dp' }).status).toBe('fail');
    expect(compare('map_route', e, a).status).toBe('fail');
    expect(compare('map_route', e, a, { compare: 'multiset' }).status).toBe('pass');
    expect(compare('map_route', e, a, { compare: 'set_equal_after_round_coords_4dp' }).status).toBe('pass');
  });

  it('keyed_values only for choropleth, and choropleth only keyed', () => {
    expect(compare('map_points', { points: [] }, { points: [] }, { compare: 'keyed_values' }).metric).toMatch(/applies to map_choropleth only/);
    expect(compare('map_choropleth', { values: {} }, { values: {} }, { compare: 'ordered' }).metric).toMatch(/does not apply to map_choropleth/);
  });

  it('round_digits changes the rounding and is validated', () => {
    const e = { points: [{ lat: 51.501, lng: 0 }] };
    const a = { points: [{ lat: 51.504, lng: 0 }] };
    expect(compare('map_points', e, a).status).toBe('fail');
    expect(compare('map_points', e, a, { round_digits: 2 }).status).toBe('pass');
    expect(compare('map_points', e, a, { round_digits: 11 }).metric).toMatch(/round_digits must be a whole number from 0 to 10/);
  });
});

describe('coordinates', () => {
  it('0.0 is a valid latitude and longitude (B4), in every spelling', () => {
    for (const p of [{ lat: 0, lng: 0 }, { latitude: 0.0, longitude: 0.0 }, { lat: 0, lon: 0 }, [0, 0]]) {
      const c = readCoord(p, 4);
      expect(typeof c, JSON.stringify(p)).toBe('object');
    }
    expect(compare('map_points', { points: [{ lat: 0.0, lng: 0.0, label: 'origin' }] }, { points: [{ latitude: 0, lon: 0, label: 'origin' }] }).status).toBe('pass');
    const r = compare('map_points', { points: [{ lat: 0.0, lng: 10 }] }, { points: [{ lat: 0.5, lng: 10 }] });
    expect(r.status).toBe('fail');
    expect(messages(r)).toMatch(/point \(0, 10\).*has no match; closest unmatched actual \(0\.5, 10\)/);
  });

  it('a point with no readable coordinate is a difference naming it, never a crash', () => {
    const r = compare('map_points', { points: [[0, 0]] }, { points: [{ lat: null, lng: 0 }, { lat: 1 }, 'x'] });
    expect(r.status).toBe('fail');
    const text = messages(r);
    expect(text).toMatch(/actual points\[0\] has latitude null/);
    expect(text).toMatch(/actual points\[1\] has no longitude/);
    expect(text).toMatch(/actual points\[2\] is a string/);
  });

  it('rounds the decimal as written, half away from zero', () => {
    expect(unitsToText(roundToUnits(51.50005, 4), 4)).toBe('51.5001');
    expect(unitsToText(roundToUnits(-0.00005, 4), 4)).toBe('-0.0001');
    expect(unitsToText(roundToUnits(-0.00004, 4), 4)).toBe('0');
    expect(unitsToText(roundToUnits(1e-7, 4), 4)).toBe('0');
    expect(unitsToText(roundToUnits(123.4, 0), 0)).toBe('123');
  });

  it('points straddling a rounding boundary still match (within half a unit)', () => {
    expect(compare('map_points', { points: [[51.50004999, 1]] }, { points: [[51.50005001, 1]] }).status).toBe('pass');
    expect(compare('map_points', { points: [[51.5000, 1]] }, { points: [[51.50011, 1]] }).status).toBe('fail');
  });
});

describe('points and heatmap as multisets (B9)', () => {
  const A = { lat: 1, lng: 1 };
  const B = { lat: 2, lng: 2 };

  it('[A, A, B] is not [A, B, B]: missing and extra reported with coordinates', () => {
    const r = compare('map_points', { points: [A, A, B] }, { points: [A, B, B] });
    expect(r.status).toBe('fail');
    expect(paths(r)).toEqual(['points[1]', 'points[2]']);
    expect(messages(r)).toMatch(/points\[1\]: missing in actual: point \(1, 1\)/);
    expect(messages(r)).toMatch(/points\[2\]: not expected: actual point \(2, 2\)/);
    expect(r.metric).toBe('1 of 3 points differs');
  });

  it('a different count is reported', () => {
    const r = compare('map_points', { points: [A, B] }, { points: [A, B, B] });
    expect(paths(r)).toEqual(['points', 'points[2]']);
  });

  it('labels are compared when both sides have one, ignored when one side has none', () => {
    const r = compare('map_points', { points: [{ ...A, label: 'Home' }] }, { points: [{ ...A, label: 'Work' }] });
    expect(paths(r)).toEqual(['points[0].label']);
    expect(compare('map_points', { points: [{ ...A, label: 'Home' }] }, { points: [A] }).status).toBe('pass');
  });

  it('duplicate places pair by label first', () => {
    const e = { points: [{ ...A, label: 'x' }, { ...A, label: 'y' }] };
    expect(compare('map_points', e, { points: [{ ...A, label: 'y' }, { ...A, label: 'x' }] }).status).toBe('pass');
  });

  it('heatmap weights: 0 is a weight; weight and intensity are the same field; tolerance applies', () => {
    expect(compare('map_heatmap', { points: [{ ...A, weight: 0 }] }, { points: [{ ...A, intensity: 0 }] }).status).toBe('pass');
    expect(paths(compare('map_heatmap', { points: [{ ...A, weight: 0 }] }, { points: [A] }))).toEqual(['points[0].weight']);
    expect(compare('map_heatmap', { points: [{ ...A, weight: 1 }] }, { points: [{ ...A, weight: 1.05 }] }).status).toBe('fail');
    expect(compare('map_heatmap', { points: [{ ...A, weight: 1 }] }, { points: [{ ...A, weight: 1.05 }] }, { abs: 0.05 }).status).toBe('pass');
  });

  it('duplicate heatmap points pair weights by value', () => {
    const e = { points: [{ ...A, weight: 1 }, { ...A, weight: 5 }] };
    expect(compare('map_heatmap', e, { points: [{ ...A, weight: 5 }, { ...A, weight: 1 }] }).status).toBe('pass');
  });
});

describe('route', () => {
  it('in order, with each differing vertex named', () => {
    const r = compare('map_route', { points: [[0, 0], [1, 1], [2, 2]] }, { points: [[0, 0], [1, 1.5], [2, 2], [3, 3]] });
    expect(paths(r)).toEqual(['points', 'points[1]', 'points[3]']);
    expect(messages(r)).toMatch(/points\[1\]: expected \(1, 1\), got \(1, 1\.5\)/);
  });
});

describe('polygons (B5)', () => {
  const square = [[0, 0], [0, 1], [1, 1], [1, 0]];

  it('reads coords, vertices and bare vertex lists; a changed vertex fails', () => {
    expect(compare('map_polygons', { polygons: [{ coords: square }] }, { polygons: [{ vertices: square }] }).status).toBe('pass');
    expect(compare('map_polygons', { polygons: [{ coords: square }] }, { polygons: [square] }).status).toBe('pass');
    const r = compare('map_polygons', { polygons: [{ coords: square }] }, { polygons: [{ coords: [[0, 0], [0, 1], [1, 1], [1, 0.5]] }] });
    expect(r.status).toBe('fail');
    expect(paths(r)).toContain('polygons[0].coords[3]');
    expect(messages(r)).toMatch(/vertex \(1, 0\) missing in actual \(3 of 4 vertices shared/);
  });

  it('accepts {lat, lng} vertices and a ring from any starting vertex, closed or open', () => {
    const objs = square.map(([lat, lng]) => ({ lat, lng }));
    const rotatedClosed = [...square.slice(2), ...square.slice(0, 2), square[2]];
    expect(compare('map_polygons', { polygons: [{ coords: objs }] }, { polygons: [{ coords: rotatedClosed }] }).status).toBe('pass');
  });

  it('ordered mode keeps the vertex order and the polygon order', () => {
    const rotated = [...square.slice(1), square[0]];
    const r = compare('map_polygons', { polygons: [{ coords: square }] }, { polygons: [{ coords: rotated }] }, { compare: 'ordered' });
    expect(r.status).toBe('fail');
    expect(paths(r)).toContain('polygons[0].coords[0]');
  });

  it('polygons are a multiset: duplicates count, labels compared', () => {
    const tri = [[5, 5], [5, 6], [6, 6]];
    expect(compare('map_polygons', { polygons: [{ coords: tri }, { coords: square }] }, { polygons: [{ coords: square }, { coords: tri }] }).status).toBe('pass');
    expect(compare('map_polygons', { polygons: [{ coords: tri }, { coords: tri }] }, { polygons: [{ coords: tri }, { coords: square }] }).status).toBe('fail');
    expect(paths(compare('map_polygons', { polygons: [{ coords: tri, label: 'A' }] }, { polygons: [{ coords: tri, label: 'B' }] }))).toEqual(['polygons[0].label']);
  });

  it('a polygon without coordinates is named, not counted as empty', () => {
    const r = compare('map_polygons', { polygons: [{ coords: square }] }, { polygons: [{ colour: 'red' }] });
    expect(messages(r)).toMatch(/actual polygons\[0\] has no coords/);
  });
});

describe('choropleth', () => {
  it('missing and extra regions, values with tolerance, feature ids as a set', () => {
    const e = { geojson: { type: 'FeatureCollection', features: [{ id: 'FR' }, { properties: { id: 'DE' } }] }, values: { FR: 1, DE: 2 } };
    const a = { geojson: { type: 'FeatureCollection', features: [{ properties: { name: 'DE' } }, { id: 'FR' }, { id: 'ES' }] }, values: { FR: 1.0000001, ES: 3 } };
    const r = compare('map_choropleth', e, a, { abs: 1e-6 });
    expect(paths(r)).toEqual(['values.DE', 'values.ES', 'geojson.features[id=ES]']);
  });
});

describe('never throws', () => {
  it('on arbitrary JSON for every map type and mode', () => {
    const coord = fc.oneof(fc.tuple(fc.double(), fc.double()), fc.record({ lat: fc.jsonValue(), lng: fc.jsonValue() }), fc.jsonValue());
    const shapes = fc.oneof(
      fc.jsonValue(),
      fc.record({ points: fc.oneof(fc.array(coord), fc.jsonValue()), polygons: fc.oneof(fc.array(fc.oneof(fc.array(coord), fc.record({ coords: fc.array(coord) }))), fc.jsonValue()), values: fc.jsonValue(), geojson: fc.jsonValue() }, { requiredKeys: [] }),
    );
    fc.assert(fc.property(fc.constantFrom(...MAP_TYPES), shapes, shapes, fc.constantFrom(undefined, 'ordered', 'multiset'), (type, e, a, mode) => {
      const r = compare(type, e, a, mode ? { compare: mode } : {});
      expect(['pass', 'fail']).toContain(r.status);
    }), { numRuns: 400 });
  });
});
