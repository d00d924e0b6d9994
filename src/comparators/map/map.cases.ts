// Contract cases for the map comparator: one realistic value per map type.
import type { ContractCase } from '../types.js';

const london = { lat: 51.5074, lng: -0.1278, label: 'London' };
const nullIsland = { lat: 0.0, lng: 0.0, label: 'Null Island' };

export const contractCases: ContractCase[] = [
  {
    label: 'map_points: a multiset of rounded points (0.0 is a coordinate)',
    type: 'map_points',
    value: { points: [london, nullIsland, { lat: 48.8566, lng: 2.3522 }] },
    changed: { points: [london, { lat: 0.0, lng: 1.0, label: 'Null Island' }, { lat: 48.8566, lng: 2.3522 }] },
    changedPath: 'points[1]',
    // rounds to the same 4 dp in any order
    boundary: {
      expected: {
        points: [
          { lat: 51.50741, lng: -0.12779 },
          { lat: 0, lng: 0 },
        ],
      },
      actual: {
        points: [
          { latitude: 0.00001, longitude: -0.00004 },
          { lat: 51.50739, lon: -0.12781 },
        ],
      },
      tolerance: {},
    },
    garbage: { points: [{ lat: 'north', lng: 0 }] },
  },
  {
    label: 'map_heatmap: points as a multiset, weight 0 is a weight',
    type: 'map_heatmap',
    value: {
      points: [
        { lat: 40.7128, lng: -74.006, weight: 3 },
        { lat: 40.73, lng: -73.99, weight: 0 },
      ],
    },
    changed: {
      points: [
        { lat: 40.7128, lng: -74.006, weight: 3 },
        { lat: 40.73, lng: -73.99, weight: 1 },
      ],
    },
    changedPath: 'points[1].weight',
    boundary: {
      expected: { points: [{ lat: 1, lng: 1, weight: 0.5 }] },
      actual: { points: [{ lat: 1, lng: 1, intensity: 0.51 }] },
      tolerance: { abs: 0.01 },
    },
    garbage: { points: 'everywhere' },
  },
  {
    label: 'map_choropleth: values by region, feature ids as a set',
    type: 'map_choropleth',
    value: {
      geojson: {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', id: 'FR', geometry: null, properties: {} },
          { type: 'Feature', id: 'DE', geometry: null, properties: {} },
        ],
      },
      values: { FR: 67.8, DE: 83.2 },
    },
    changed: {
      geojson: {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', id: 'FR', geometry: null, properties: {} },
          { type: 'Feature', id: 'DE', geometry: null, properties: {} },
        ],
      },
      values: { FR: 67.8, DE: 90 },
    },
    changedPath: 'values.DE',
    boundary: {
      expected: { geojson: { type: 'FeatureCollection', features: [] }, values: { FR: 67.8 } },
      actual: { geojson: { type: 'FeatureCollection', features: [] }, values: { FR: 67.85 } },
      tolerance: { abs: 0.05 },
    },
    garbage: { geojson: {}, values: [67.8, 83.2] },
  },
  {
    label: 'map_polygons: polygons by coords, as a multiset',
    type: 'map_polygons',
    value: {
      polygons: [
        {
          coords: [
            [51.5, -0.12],
            [51.51, -0.12],
            [51.51, -0.1],
            [51.5, -0.1],
          ],
          label: 'Zone A',
          colour: '#f00',
        },
        {
          coords: [
            [0, 0],
            [0, 1],
            [1, 1],
          ],
          label: 'Zone B',
        },
      ],
    },
    changed: {
      polygons: [
        {
          coords: [
            [51.5, -0.12],
            [51.51, -0.12],
            [51.51, -0.1],
            [51.5, -0.1],
          ],
          label: 'Zone A',
          colour: '#f00',
        },
        {
          coords: [
            [0, 0],
            [0, 1],
            [1, 2],
          ],
          label: 'Zone B',
        },
      ],
    },
    changedPath: 'polygons[1].coords[2]',
    // same ring from another starting vertex, closed, read from `vertices`, in another order
    boundary: {
      expected: {
        polygons: [
          {
            coords: [
              [0, 0],
              [0, 1],
              [1, 1],
            ],
          },
          {
            coords: [
              [5, 5],
              [5, 6],
              [6, 6],
            ],
          },
        ],
      },
      actual: {
        polygons: [
          {
            vertices: [
              [5, 6],
              [6, 6],
              [5, 5],
              [5, 6],
            ],
          },
          [
            [0.00001, 0],
            [0, 1],
            [1, 1],
          ],
        ],
      },
      tolerance: {},
    },
    garbage: { polygons: [{ colour: 'red' }] },
  },
  {
    label: 'map_route: vertices in order',
    type: 'map_route',
    value: {
      points: [
        { lat: 51.5074, lng: -0.1278 },
        { lat: 51.5155, lng: -0.0922 },
        { lat: 51.5033, lng: -0.0195 },
      ],
    },
    changed: {
      points: [
        { lat: 51.5074, lng: -0.1278 },
        { lat: 51.5033, lng: -0.0195 },
        { lat: 51.5155, lng: -0.0922 },
      ],
    },
    changedPath: 'points[1]',
    boundary: {
      expected: {
        points: [
          [51.50744, -0.12784],
          [0, 0],
        ],
      },
      actual: {
        points: [
          [51.5074, -0.1278],
          [0.00004, -0.00001],
        ],
      },
      tolerance: {},
    },
    garbage: { route: [] },
  },
];
