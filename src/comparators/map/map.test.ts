import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractCases } from './map.cases.js';
import { readCoord, roundToUnits, unitsToText } from './coords.js';
import { mapComparator } from './map.js';
import { MAP_TYPES } from './modes.js';
import { comparatorTester, messages, paths } from '../kit/comparator-tester.test-helper.js';

const tester = comparatorTester(mapComparator);

describe('map contract cases (run against the comparator directly)', () => {
  tester.contract(contractCases);
  it('covers all 5 map types', () => {
    expect(new Set(contractCases.map((c) => c.type))).toEqual(new Set(MAP_TYPES));
  });
});

describe('modes and defaults', () => {
  it('defaults: 4 dp, multiset for points/heatmap/polygons, ordered route, keyed choropleth', () => {
    expect(mapComparator.defaults('map_points')).toEqual({
      compare: 'set_equal_after_round_coords_4dp',
      round_digits: 4,
    });
    expect(mapComparator.defaults('map_route')).toEqual({ compare: 'ordered_after_round_coords_4dp', round_digits: 4 });
    expect(mapComparator.defaults('map_choropleth')).toEqual({ compare: 'keyed_values' });
    expect(mapComparator.options).toMatchObject({ round_digits: 'integer' });
  });

  it('the mode changes the algorithm: ordered points, multiset route', () => {
    const e = {
      points: [
        [1, 1],
        [2, 2],
      ],
    };
    const a = {
      points: [
        [2, 2],
        [1, 1],
      ],
    };
    expect(tester.compare(e, a, undefined, 'map_points').status).toBe('pass');
    expect(tester.compare(e, a, { compare: 'ordered' }, 'map_points').status).toBe('fail');
    expect(tester.compare(e, a, { compare: 'ordered_after_round_coords_4dp' }, 'map_points').status).toBe('fail');
    expect(tester.compare(e, a, undefined, 'map_route').status).toBe('fail');
    expect(tester.compare(e, a, { compare: 'multiset' }, 'map_route').status).toBe('pass');
    expect(tester.compare(e, a, { compare: 'set_equal_after_round_coords_4dp' }, 'map_route').status).toBe('pass');
  });

  it('keyed_values only for choropleth, and choropleth only keyed', () => {
    expect(tester.compare({ points: [] }, { points: [] }, { compare: 'keyed_values' }, 'map_points').metric).toMatch(
      /applies to map_choropleth only/,
    );
    expect(tester.compare({ values: {} }, { values: {} }, { compare: 'ordered' }, 'map_choropleth').metric).toMatch(
      /does not apply to map_choropleth/,
    );
  });

  it('round_digits changes the rounding and is validated', () => {
    const e = { points: [{ lat: 51.501, lng: 0 }] };
    const a = { points: [{ lat: 51.504, lng: 0 }] };
    expect(tester.compare(e, a, undefined, 'map_points').status).toBe('fail');
    expect(tester.compare(e, a, { round_digits: 2 }, 'map_points').status).toBe('pass');
    expect(tester.compare(e, a, { round_digits: 11 }, 'map_points').metric).toMatch(
      /round_digits must be a whole number from 0 to 10/,
    );
  });
});

describe('coordinates', () => {
  it('0.0 is a valid latitude and longitude, in every spelling', () => {
    for (const p of [{ lat: 0, lng: 0 }, { latitude: 0.0, longitude: 0.0 }, { lat: 0, lon: 0 }, [0, 0]]) {
      const c = readCoord(p, 4);
      expect(typeof c, JSON.stringify(p)).toBe('object');
    }
    expect(
      tester.compare(
        { points: [{ lat: 0.0, lng: 0.0, label: 'origin' }] },
        { points: [{ latitude: 0, lon: 0, label: 'origin' }] },
        undefined,
        'map_points',
      ).status,
    ).toBe('pass');
    const r = tester.compare(
      { points: [{ lat: 0.0, lng: 10 }] },
      { points: [{ lat: 0.5, lng: 10 }] },
      undefined,
      'map_points',
    );
    expect(r.status).toBe('fail');
    expect(messages(r)).toMatch(/point \(0, 10\).*has no match; closest unmatched actual \(0\.5, 10\)/);
  });

  it('a point with no readable coordinate is a difference naming it, never a crash', () => {
    const r = tester.compare(
      { points: [[0, 0]] },
      { points: [{ lat: null, lng: 0 }, { lat: 1 }, 'x'] },
      undefined,
      'map_points',
    );
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
    expect(
      tester.compare({ points: [[51.50004999, 1]] }, { points: [[51.50005001, 1]] }, undefined, 'map_points').status,
    ).toBe('pass');
    expect(tester.compare({ points: [[51.5, 1]] }, { points: [[51.50011, 1]] }, undefined, 'map_points').status).toBe(
      'fail',
    );
  });
});

describe('points and heatmap as multisets', () => {
  const A = { lat: 1, lng: 1 };
  const B = { lat: 2, lng: 2 };

  it('[A, A, B] is not [A, B, B]: missing and extra reported with coordinates', () => {
    const r = tester.compare({ points: [A, A, B] }, { points: [A, B, B] }, undefined, 'map_points');
    expect(r.status).toBe('fail');
    expect(paths(r)).toEqual(['points[1]', 'points[2]']);
    expect(messages(r)).toMatch(/points\[1\]: missing in actual: point \(1, 1\)/);
    expect(messages(r)).toMatch(/points\[2\]: not expected: actual point \(2, 2\)/);
    expect(r.metric).toBe('1 of 3 points differs');
  });

  it('a different count is reported', () => {
    const r = tester.compare({ points: [A, B] }, { points: [A, B, B] }, undefined, 'map_points');
    expect(paths(r)).toEqual(['points', 'points[2]']);
  });

  it('labels are compared when both sides have one, ignored when one side has none', () => {
    const r = tester.compare(
      { points: [{ ...A, label: 'Home' }] },
      { points: [{ ...A, label: 'Work' }] },
      undefined,
      'map_points',
    );
    expect(paths(r)).toEqual(['points[0].label']);
    expect(tester.compare({ points: [{ ...A, label: 'Home' }] }, { points: [A] }, undefined, 'map_points').status).toBe(
      'pass',
    );
  });

  it('duplicate places pair by label first', () => {
    const e = {
      points: [
        { ...A, label: 'x' },
        { ...A, label: 'y' },
      ],
    };
    expect(
      tester.compare(
        e,
        {
          points: [
            { ...A, label: 'y' },
            { ...A, label: 'x' },
          ],
        },
        undefined,
        'map_points',
      ).status,
    ).toBe('pass');
  });

  it('heatmap weights: 0 is a weight; weight and intensity are the same field; tolerance applies', () => {
    expect(
      tester.compare({ points: [{ ...A, weight: 0 }] }, { points: [{ ...A, intensity: 0 }] }, undefined, 'map_heatmap')
        .status,
    ).toBe('pass');
    expect(paths(tester.compare({ points: [{ ...A, weight: 0 }] }, { points: [A] }, undefined, 'map_heatmap'))).toEqual(
      ['points[0].weight'],
    );
    expect(
      tester.compare({ points: [{ ...A, weight: 1 }] }, { points: [{ ...A, weight: 1.05 }] }, undefined, 'map_heatmap')
        .status,
    ).toBe('fail');
    expect(
      tester.compare(
        { points: [{ ...A, weight: 1 }] },
        { points: [{ ...A, weight: 1.05 }] },
        { abs: 0.05 },
        'map_heatmap',
      ).status,
    ).toBe('pass');
  });

  it('duplicate heatmap points pair weights by value', () => {
    const e = {
      points: [
        { ...A, weight: 1 },
        { ...A, weight: 5 },
      ],
    };
    expect(
      tester.compare(
        e,
        {
          points: [
            { ...A, weight: 5 },
            { ...A, weight: 1 },
          ],
        },
        undefined,
        'map_heatmap',
      ).status,
    ).toBe('pass');
  });
});

describe('route', () => {
  it('in order, with each differing vertex named', () => {
    const r = tester.compare(
      {
        points: [
          [0, 0],
          [1, 1],
          [2, 2],
        ],
      },
      {
        points: [
          [0, 0],
          [1, 1.5],
          [2, 2],
          [3, 3],
        ],
      },
      undefined,
      'map_route',
    );
    expect(paths(r)).toEqual(['points', 'points[1]', 'points[3]']);
    expect(messages(r)).toMatch(/points\[1\]: expected \(1, 1\), got \(1, 1\.5\)/);
  });
});

describe('polygons', () => {
  const square = [
    [0, 0],
    [0, 1],
    [1, 1],
    [1, 0],
  ];

  it('reads coords, vertices and bare vertex lists; a changed vertex fails', () => {
    expect(
      tester.compare(
        { polygons: [{ coords: square }] },
        { polygons: [{ vertices: square }] },
        undefined,
        'map_polygons',
      ).status,
    ).toBe('pass');
    expect(
      tester.compare({ polygons: [{ coords: square }] }, { polygons: [square] }, undefined, 'map_polygons').status,
    ).toBe('pass');
    const r = tester.compare(
      { polygons: [{ coords: square }] },
      {
        polygons: [
          {
            coords: [
              [0, 0],
              [0, 1],
              [1, 1],
              [1, 0.5],
            ],
          },
        ],
      },
      undefined,
      'map_polygons',
    );
    expect(r.status).toBe('fail');
    expect(paths(r)).toContain('polygons[0].coords[3]');
    expect(messages(r)).toMatch(/vertex \(1, 0\) missing in actual \(3 of 4 vertices shared/);
  });

  it('accepts {lat, lng} vertices and a ring from any starting vertex, closed or open', () => {
    const objs = square.map(([lat, lng]) => ({ lat, lng }));
    const rotatedClosed = [...square.slice(2), ...square.slice(0, 2), square[2]];
    expect(
      tester.compare(
        { polygons: [{ coords: objs }] },
        { polygons: [{ coords: rotatedClosed }] },
        undefined,
        'map_polygons',
      ).status,
    ).toBe('pass');
  });

  it('ordered mode keeps the vertex order and the polygon order', () => {
    const rotated = [...square.slice(1), square[0]];
    const r = tester.compare(
      { polygons: [{ coords: square }] },
      { polygons: [{ coords: rotated }] },
      { compare: 'ordered' },
      'map_polygons',
    );
    expect(r.status).toBe('fail');
    expect(paths(r)).toContain('polygons[0].coords[0]');
  });

  it('polygons are a multiset: duplicates count, labels compared', () => {
    const tri = [
      [5, 5],
      [5, 6],
      [6, 6],
    ];
    expect(
      tester.compare(
        { polygons: [{ coords: tri }, { coords: square }] },
        { polygons: [{ coords: square }, { coords: tri }] },
        undefined,
        'map_polygons',
      ).status,
    ).toBe('pass');
    expect(
      tester.compare(
        { polygons: [{ coords: tri }, { coords: tri }] },
        { polygons: [{ coords: tri }, { coords: square }] },
        undefined,
        'map_polygons',
      ).status,
    ).toBe('fail');
    expect(
      paths(
        tester.compare(
          { polygons: [{ coords: tri, label: 'A' }] },
          { polygons: [{ coords: tri, label: 'B' }] },
          undefined,
          'map_polygons',
        ),
      ),
    ).toEqual(['polygons[0].label']);
  });

  it('a polygon without coordinates is named, not counted as empty', () => {
    const r = tester.compare(
      { polygons: [{ coords: square }] },
      { polygons: [{ colour: 'red' }] },
      undefined,
      'map_polygons',
    );
    expect(messages(r)).toMatch(/actual polygons\[0\] has no coords/);
  });
});

describe('choropleth', () => {
  it('missing and extra regions, values with tolerance, feature ids as a set', () => {
    const e = {
      geojson: { type: 'FeatureCollection', features: [{ id: 'FR' }, { properties: { id: 'DE' } }] },
      values: { FR: 1, DE: 2 },
    };
    const a = {
      geojson: { type: 'FeatureCollection', features: [{ properties: { name: 'DE' } }, { id: 'FR' }, { id: 'ES' }] },
      values: { FR: 1.0000001, ES: 3 },
    };
    const r = tester.compare(e, a, { abs: 1e-6 }, 'map_choropleth');
    expect(paths(r)).toEqual(['values.DE', 'values.ES', 'geojson.features[id=ES]']);
  });
});

describe('never throws', () => {
  it('on arbitrary JSON for every map type and mode', () => {
    const coord = fc.oneof(
      fc.tuple(fc.double(), fc.double()),
      fc.record({ lat: fc.jsonValue(), lng: fc.jsonValue() }),
      fc.jsonValue(),
    );
    const shapes = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          points: fc.oneof(fc.array(coord), fc.jsonValue()),
          polygons: fc.oneof(
            fc.array(fc.oneof(fc.array(coord), fc.record({ coords: fc.array(coord) }))),
            fc.jsonValue(),
          ),
          values: fc.jsonValue(),
          geojson: fc.jsonValue(),
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...MAP_TYPES),
        shapes,
        shapes,
        fc.constantFrom(undefined, 'ordered', 'multiset'),
        (type, e, a, mode) => {
          const r = tester.compare(e, a, mode ? { compare: mode } : {}, type);
          expect(['pass', 'fail']).toContain(r.status);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("every point form the original Pixie's tools and comparator use, compared across forms", () => {
  const london = [
    [51.5074, -0.1278],
    { lat: 51.5074, lng: -0.1278, label: 'London' },
    { lat: 51.5074, lon: -0.1278 },
    { latitude: 51.5074, longitude: -0.1278, label: 'London', id: 1 },
  ];
  it('points and routes match whatever form each side uses', () => {
    for (const type of ['map_points', 'map_route'] as const) {
      for (const e of london) {
        for (const a of london) {
          const r = tester.compare({ points: [e] }, { points: [a] }, undefined, type);
          expect(r.status, `${type}: ${JSON.stringify(e)} vs ${JSON.stringify(a)}: ${r.metric}`).toBe('pass');
        }
      }
    }
  });

  it('polygons: vertices as objects, coords as pairs, or a bare vertex list', () => {
    const square = [
      [0, 0],
      [0, 1],
      [1, 1],
      [1, 0],
    ];
    const asObjects = square.map(([lat, lng]) => ({ lat, lng }));
    const forms = [{ coords: square }, { vertices: asObjects }, square];
    for (const e of forms) {
      for (const a of forms) {
        const r = tester.compare({ polygons: [e] }, { polygons: [a] }, undefined, 'map_polygons');
        expect(r.status, r.metric).toBe('pass');
      }
    }
  });

  it('heatmaps: a [lat, lng, weight] triple carries its weight', () => {
    const e = { points: [[51.5, -0.1, 0.7]] };
    expect(
      tester.compare(e, { points: [{ lat: 51.5, lng: -0.1, weight: 0.7 }] }, undefined, 'map_heatmap').status,
    ).toBe('pass');
    const other = tester.compare(
      e,
      { points: [{ latitude: 51.5, longitude: -0.1, intensity: 0.2 }] },
      undefined,
      'map_heatmap',
    );
    expect(other.status).toBe('fail');
    expect(paths(other)).toEqual(['points[0].weight']);
  });
});
