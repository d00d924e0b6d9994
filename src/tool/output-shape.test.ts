import { describe, expect, it } from 'vitest';
import { OUTPUT_TYPES } from '../model/manifest.js';
import type { OutputType } from '../model/manifest.js';
import { validateOutputValue } from './output-shape.js';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** For every output type: values that conform, and values that do not with the message they give. */
const CASES: Record<OutputType, { valid: unknown[]; invalid: [unknown, string][] }> = {
  text: {
    valid: ['hi', '', { value: 'hi' }],
    invalid: [
      [42, 'the value should be a string, got number 42'],
      [{ value: 1 }, 'value should be a string, got number 1'],
    ],
  },
  markdown: { valid: ['# hi', { value: '*a*' }], invalid: [[['a'], 'the value should be a string, got array']] },
  number: {
    valid: [42, -1.5, { value: 3, format: 'currency', precision: 2 }],
    invalid: [
      ['42', 'the value should be a number, got string "42"'],
      [{ value: 'abc' }, 'value should be a number, got string "abc"'],
      [{ value: 1, format: 'money' }, 'format is "money"; use one of'],
    ],
  },
  boolean: {
    valid: [true, false, { value: true, true_label: 'Yes' }],
    invalid: [
      [1, 'the value should be true or false, got number 1'],
      [{ value: 0 }, 'value should be true or false, got number 0'],
    ],
  },
  latex: { valid: ['x^2', { value: '\\frac{1}{2}' }], invalid: [[{}, "the value is missing 'value'"]] },
  code: {
    valid: ['select 1', { value: 'x = 1', language: 'python' }],
    invalid: [[{ value: 'x', language: 3 }, 'language should be a string or null, got number 3']],
  },
  stream_text: {
    valid: ['', { value: 'partial' }],
    invalid: [[true, 'the value should be a string, got boolean true']],
  },
  progress: {
    valid: [0, 0.5, 1, null, { value: 0.25 }, { value: null }],
    invalid: [
      [1.5, 'the value is 1.5 but must be <= 1'],
      [-0.1, 'must be >= 0'],
      ['half', 'should be a number or null'],
      [{ value: 2 }, 'value is 2 but must be <= 1'],
    ],
  },
  image: {
    valid: [PNG, 'https://example.com/a.png', { value: PNG }],
    invalid: [
      [{ value: 5 }, 'value should be a string, got number 5'],
      ['', 'the value is an empty string'],
    ],
  },
  audio: {
    valid: ['data:audio/wav;base64,UklGRg==', { value: '/files/a.wav' }],
    invalid: [[null, 'the value should be a string, got null']],
  },
  video: { valid: ['https://example.com/a.mp4'], invalid: [[{ url: 'x' }, "the value is missing 'value'"]] },
  table: {
    valid: [
      {
        columns: [{ key: 'a', label: 'A', type: 'number' }, 'b'],
        rows: [{ a: 1, b: 'x' }, [2, 'y']],
        downloadable: true,
        next_cursor: 'abc',
        total_rows: 10,
      },
      { columns: [], rows: [] },
    ],
    invalid: [
      [{ columns: ['a'] }, "the value is missing 'rows'"],
      [{ columns: [{ label: 'A' }], rows: [] }, "columns[0] is missing 'key'"],
      [{ columns: ['a', 'b'], rows: [[1, 2], [1]] }, 'rows[1] has 1 cell but there are 2 columns'],
      [{ columns: ['a'], rows: ['x'] }, 'rows[0] should be an object or an array, got string "x"'],
    ],
  },
  kv: {
    valid: [
      {
        pairs: [
          { key: 'a', value: 1 },
          { key: 'b', value: { nested: true } },
        ],
      },
      { total: 5, name: 'x' },
      {},
      // the original Pixie's tools return pairs as an object (values of any kind, null included)
      { pairs: { 'fast MA': 20, status: 'training started', current_temperature_c: null } },
    ],
    invalid: [
      [{ pairs: [{ key: 'a' }] }, "pairs[0] is missing 'value'"],
      [[1, 2], 'the value should be an object, got array'],
      [{ pairs: 'x' }, 'pairs should be an array or an object, got string "x"'],
    ],
  },
  chart_line: {
    valid: [
      { x: [1, 2, 3], series: [{ name: 'a', y: [1, null, 3] }], x_label: 'Year', log_y: true },
      { x: ['2024-01-01', '2024-01-02'], series: [] },
    ],
    invalid: [
      [
        {
          x: [1, 2, 3],
          series: [
            { name: 'a', y: [1, 2, 3] },
            { name: 'b', y: [1, 2] },
          ],
        },
        'series[1].y has 2 values but x has 3',
      ],
      [{ x: [1], series: [{ name: 'a', y: ['1'] }] }, 'series[0].y[0] should be a number or null, got string "1"'],
      [{ x: [1], series: [{ y: [1] }] }, "series[0] is missing 'name'"],
      [{ series: [] }, "the value is missing 'x'"],
    ],
  },
  chart_bar: {
    valid: [
      { x: ['a', 'b'], series: [{ name: 's', y: [1, 2] }] },
      { x: [2020, 2021], series: [{ name: 's', y: [1, 2], colour: 'red' }] },
    ],
    invalid: [
      [{ x: ['a', 'b'], series: [{ name: 's', y: [1, 2, 3] }] }, 'series[0].y has 3 values but x has 2'],
      [{ x: [true], series: [] }, 'x[0] should be a string or a number, got boolean true'],
    ],
  },
  chart_area: {
    valid: [{ x: [0, 1], series: [{ name: 'a', y: [0, 1] }] }],
    invalid: [
      [
        {
          x: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
          series: [
            { name: 'a', y: [0] },
            { name: 'b', y: [0, 1, 2, 3, 4, 5, 6, 7, 8] },
          ],
        },
        'series[1].y has 9 values but x has 10',
      ],
    ],
  },
  chart_scatter: {
    valid: [
      {
        series: [
          {
            name: 'a',
            points: [
              { x: 1, y: 2 },
              { x: 3, y: 4, label: 'p' },
            ],
          },
        ],
      },
    ],
    invalid: [
      [{ series: [{ name: 'a', points: [{ x: 1 }] }] }, "series[0].points[0] is missing 'y'"],
      [{ series: [{ name: 'a', points: [[1, 2]] }] }, 'series[0].points[0] should be an object, got array'],
    ],
  },
  chart_pie: {
    valid: [
      {
        slices: [
          { label: 'a', value: 1 },
          { label: 'b', value: 0 },
        ],
      },
    ],
    invalid: [
      [{ slices: [{ label: 'a', value: -1 }] }, 'slices[0].value is -1 but must be >= 0'],
      [{ slices: [{ value: 1 }] }, "slices[0] is missing 'label'"],
    ],
  },
  chart_histogram: {
    valid: [{ values: [1, 2, 2, 3] }, { values: [], bins: 10 }, { values: [1], bins: [0, 1, 2] }],
    invalid: [
      [{ values: [1, 'x'] }, 'values[1] should be a number, got string "x"'],
      [{ values: [1], bins: 0 }, 'bins is 0 but must be >= 1'],
    ],
  },
  chart_boxplot: {
    valid: [
      { series: [{ name: 'a', values: [1, 2, 3] }] },
      { series: [{ name: 'a', min: 0, q1: 1, median: 2, q3: 3, max: 4 }] },
    ],
    invalid: [
      [{ series: [{ name: 'a' }] }, "series[0] needs 'values' or all of 'min', 'q1', 'q3', 'max'"],
      [{ series: [{ name: 'a', min: 0, q1: 3, median: 2, q3: 3, max: 4 }] }, 'series[0]: q1 3 is above median 2'],
    ],
  },
  chart_heatmap: {
    valid: [
      {
        z: [
          [1, 2],
          [3, null],
        ],
        x_labels: ['a', 'b'],
        y_labels: ['r1', 'r2'],
      },
      { z: [[1, 2, 3]] },
    ],
    invalid: [
      [
        {
          z: [
            [1, 2],
            [3, 4],
          ],
          y_labels: ['r1'],
        },
        'z has 2 rows but y_labels has 1',
      ],
      [{ z: [[1, 2], [3]], x_labels: ['a', 'b'] }, 'z[1] has 1 value but x_labels has 2'],
      [{ z: [[1, 2], [3]] }, 'z[1] has 1 value but z[0] has 2'],
      [{ z: [1, 2] }, 'z[0] should be an array, got number 1'],
    ],
  },
  chart_candlestick: {
    valid: [
      {
        points: [
          { t: '2024-01-01', open: 10, high: 12, low: 9, close: 11, volume: 100 },
          { t: 2, open: 11, high: 11, low: 10, close: 10 },
        ],
      },
      // the short names the original Pixie's comparator read
      { points: [{ t: 1, o: 10, h: 12, l: 9, c: 11 }] },
    ],
    invalid: [
      [{ points: [{ t: 1, open: 10, high: 11, low: 9 }] }, "points[0] needs 'close' or 'c'"],
      [{ points: [{ t: 1, open: 10, high: 11, low: 9, close: 12 }] }, 'points[0]: high 11 is below close 12'],
      [{ points: [{ t: 1, o: 10, h: 11, l: 9, c: 12 }] }, 'points[0]: high 11 is below close 12'],
    ],
  },
  chart_radar: {
    valid: [{ axes: ['speed', 'power', 'range'], series: [{ name: 'a', values: [1, 2, 3] }] }],
    invalid: [
      [
        { axes: ['speed', 'power', 'range'], series: [{ name: 'a', values: [1, 2] }] },
        'series[0].values has 2 values but axes has 3',
      ],
      [{ series: [] }, "the value is missing 'axes'"],
    ],
  },
  chart_sankey: {
    valid: [
      { nodes: [{ id: 'a', label: 'A' }, { id: 'b' }], links: [{ source: 'a', target: 'b', value: 3 }] },
      { nodes: [{ id: 'a' }, { id: 'b' }], links: [{ source: 0, target: 1, value: 3 }] },
      // the names the original Pixie's comparator reads: nodes by name, src/tgt (from/to), weight
      { nodes: [{ name: 'a' }, { name: 'b' }], links: [{ src: 'a', tgt: 'b', weight: 3 }] },
      { nodes: [{ id: 'a' }, { id: 'b' }], links: [{ from: 'a', to: 'b', value: 3 }] },
    ],
    invalid: [
      [
        { nodes: [{ id: 'a' }], links: [{ source: 'a', target: 'zz', value: 1 }] },
        "links[0].target 'zz' names no node in nodes",
      ],
      [
        { nodes: [{ name: 'a' }], links: [{ from: 'a', to: 'zz', value: 1 }] },
        "links[0].to 'zz' names no node in nodes",
      ],
      [{ nodes: [{ id: 'a' }], links: [{ source: 'a', target: 'a' }] }, "links[0] needs 'value' or 'weight'"],
      [{ nodes: [{ label: 'a' }], links: [] }, "nodes[0] needs 'id' or 'name'"],
    ],
  },
  chart_treemap: {
    valid: [
      {
        nodes: [
          { id: 'root', value: 10 },
          { id: 'a', label: 'A', value: 4, parent: 'root' },
          { id: 'b', value: 6, parent: '' },
        ],
      },
      // nodes by name, as the original Pixie's comparator keyed them
      {
        nodes: [
          { name: 'root', value: 10 },
          { name: 'a', value: 4, parent: 'root' },
        ],
      },
    ],
    invalid: [
      [{ nodes: [{ id: 'a', value: 1, parent: 'ghost' }] }, "nodes[0].parent 'ghost' names no node in nodes"],
      [{ nodes: [{ name: 'a', value: 1, parent: 'ghost' }] }, "nodes[0].parent 'ghost' names no node in nodes"],
      [{ nodes: [{ label: 'a', value: 1 }] }, "nodes[0] needs 'id' or 'name'"],
      [{ nodes: [{ id: 'a' }] }, "nodes[0] is missing 'value'"],
    ],
  },
  chart_network: {
    valid: [{ nodes: [{ id: 1, label: 'one' }, { id: 2 }], edges: [{ source: 1, target: 2, label: 'e' }] }],
    invalid: [
      [{ nodes: [{ id: 'a' }, { id: 'a' }], edges: [] }, "nodes[1].id 'a' repeats nodes[0].id"],
      [{ nodes: [{ id: 'a' }], edges: [{ source: 'a', target: 'q' }] }, "edges[0].target 'q' names no node in nodes"],
      [{ nodes: [{ id: 'a' }] }, "the value is missing 'edges'"],
    ],
  },
  map_points: {
    valid: [
      {
        points: [
          { lat: 0, lng: 0 },
          { lat: 51.5, lng: -0.12, label: 'London', colour: '#f00' },
        ],
        default_center: [51.5, 0],
        default_zoom: 5,
      },
      // every point form the original Pixie's tools and map comparator use
      {
        points: [
          [51.5, -0.12],
          { lat: 51.5, lon: -0.12 },
          { latitude: 51.5, longitude: -0.12, label: 'London', id: 7 },
          { lat: 51.5, lng: -0.12, label: null },
        ],
      },
    ],
    invalid: [
      [{ points: [{ lat: 91, lng: 0 }] }, 'points[0].lat is 91 but must be <= 90'],
      [{ points: [{ lat: 1, lng_: 2 }] }, "points[0] needs 'lng' or 'lon' or 'longitude'"],
      [{ points: [{ latitude: 1, lon: 200 }] }, 'points[0].lon is 200 but must be <= 180'],
      [{ points: [[1, 2, 3]] }, 'points[0] has 3 item(s) but needs at most 2'],
      [{ points: ['51.5,-0.1'] }, 'points[0] should be an object or an array, got string'],
    ],
  },
  map_heatmap: {
    valid: [
      {
        points: [
          { lat: 1, lng: 2, weight: 0.5 },
          { lat: 1, lng: 2 },
        ],
      },
      { points: [[1, 2, 0.5], [1, 2], { latitude: 1, longitude: 2, intensity: 3 }] },
    ],
    invalid: [
      [{ points: [{ lat: 1, lng: 200 }] }, 'points[0].lng is 200 but must be <= 180'],
      [{ points: [[1, 2, -1]] }, 'points[0][2] is -1 but must be >= 0'],
      [{ points: [{ lat: 1, lng: 2, weight: 'high' }] }, 'points[0].weight should be a number or null'],
    ],
  },
  map_choropleth: {
    valid: [{ geojson: { type: 'FeatureCollection', features: [] }, values: { FR: 1.5, DE: 2 } }],
    invalid: [
      [
        { geojson: { type: 'FeatureCollection' }, values: { FR: 'high' } },
        'values.FR should be a number, got string "high"',
      ],
      [{ geojson: 'https://x/geo.json', values: {} }, 'geojson should be an object, got string'],
    ],
  },
  map_polygons: {
    valid: [
      {
        polygons: [
          {
            coords: [
              [0, 0],
              [0, 1],
              [1, 1],
            ],
            colour: 'red',
            label: 'p',
          },
        ],
      },
      // vertices (what the original's comparator read), point objects, and a bare vertex list
      {
        polygons: [
          {
            vertices: [{ lat: 0, lng: 0 }, { lat: 0, lon: 1 }, [1, 1]],
          },
          [
            [0, 0],
            [0, 1],
            [1, 1],
          ],
        ],
      },
    ],
    invalid: [
      [{ polygons: [{ rings: [] }] }, "polygons[0] needs 'coords' or 'vertices' or 'points' or 'coordinates'"],
      [
        {
          polygons: [
            [
              [0, 0],
              [0, 1],
            ],
          ],
        },
        'polygons[0] has 2 item(s) but needs at least 3',
      ],
      [
        {
          polygons: [
            {
              coords: [
                [0, 0],
                [0, 1],
              ],
            },
          ],
        },
        'polygons[0].coords has 2 item(s) but needs at least 3',
      ],
      [
        {
          polygons: [
            {
              coords: [
                [0, 0],
                [0, 1],
                [100, 1],
              ],
            },
          ],
        },
        'polygons[0].coords[2][0] is 100 but must be <= 90',
      ],
    ],
  },
  map_route: {
    valid: [
      {
        points: [
          { lat: 1, lng: 2 },
          { lat: 1.5, lng: 2.5, label: 'stop' },
        ],
      },
      {
        points: [[1, 2], { latitude: 1.5, longitude: 2.5, label: null }],
      },
    ],
    invalid: [[{ points: [{ lat: 1 }] }, "points[0] needs 'lng' or 'lon' or 'longitude'"]],
  },
  image_grid: {
    valid: [
      { images: [{ value: PNG, label: 'a' }, { value: 'https://x/b.png' }] },
      // what the original Pixie's comparator reads: bare strings, data/url/image instead of value
      { images: [PNG, { data: PNG }, { url: 'https://x/b.png', label: 'b' }, { image: PNG }] },
    ],
    invalid: [
      [{ images: [''] }, 'images[0] is an empty string'],
      [{ images: [{ label: 'a' }] }, "images[0] needs 'value' or 'data' or 'url' or 'image'"],
      [{ images: [3] }, 'images[0] should be a string or an object, got number 3'],
    ],
  },
  image_compare: {
    valid: [
      { before: PNG, after: PNG },
      { before: { value: PNG }, after: { url: 'https://x/b.png' } },
    ],
    invalid: [
      [{ before: PNG }, "the value is missing 'after'"],
      [{ before: PNG, after: 3 }, 'after should be a string or an object, got number 3'],
      [{ before: PNG, after: { label: 'x' } }, "after needs 'value' or 'data' or 'url' or 'image'"],
    ],
  },
  diff: {
    valid: [{ before: 'a\n', after: 'b\n', language: 'text' }],
    invalid: [
      [{ before: 'a', after: ['b'] }, 'after should be a string, got array'],
      ['a -> b', 'the value should be an object, got string'],
    ],
  },
  tree: {
    valid: [
      {
        root: {
          label: 'root',
          children: [
            { name: 'a', value: 1 },
            { id: 3, label: 'b', children: [] },
          ],
        },
      },
    ],
    invalid: [
      [{ root: { label: 'r', children: [{ value: 1 }] } }, "root.children[0] needs 'label' or 'name'"],
      [{ tree: {} }, "the value is missing 'root'"],
    ],
  },
  timeline: {
    valid: [
      {
        events: [
          { t: '2024-01-01', label: 'start', description: 'x' },
          { t: 5, label: 'later' },
        ],
      },
    ],
    invalid: [[{ events: [{ t: '2024-01-01' }] }, "events[0] is missing 'label'"]],
  },
  gantt: {
    valid: [{ tasks: [{ name: 'a', start: '2024-01-01', end: '2024-01-05', progress: 0.5 }] }],
    invalid: [
      [
        { tasks: [{ name: 'a', start: '2024-02-01', end: '2024-01-05' }] },
        "tasks[0] ends ('2024-01-05') before it starts ('2024-02-01')",
      ],
      [{ tasks: [{ name: 'a', start: 1 }] }, "tasks[0] is missing 'end'"],
    ],
  },
  log: {
    valid: [{ lines: ['plain line', { level: 'info', message: 'm', t: '12:00:00' }, { message: 'only message' }] }],
    invalid: [
      [{ lines: [{ level: 'info' }] }, "lines[0] is missing 'message'"],
      [{ lines: 'a\nb' }, 'lines should be an array, got string'],
    ],
  },
  file: {
    valid: [
      { filename: 'a.csv', data: 'data:text/csv;base64,YSxiCjEsMgo=', mime_type: 'text/csv' },
      { filename: 'a.bin', data: 'AAECAw==' },
    ],
    invalid: [
      [{ filename: 'a.csv', data: 'not base64!' }, 'data is neither a data URL'],
      [{ data: 'AAAA' }, "the value is missing 'filename'"],
    ],
  },
};

describe('validateOutputValue', () => {
  it('has cases for all 39 output types', () => {
    expect(Object.keys(CASES).sort()).toEqual([...OUTPUT_TYPES].sort());
  });

  describe.each(OUTPUT_TYPES.map((t) => [t] as const))('%s', (type) => {
    it.each(CASES[type].valid.map((v) => [JSON.stringify(v).slice(0, 80), v]))('accepts %s', (_label, value) => {
      expect(validateOutputValue(type, value)).toEqual([]);
    });
    it.each(CASES[type].invalid.map(([v, m]) => [JSON.stringify(v).slice(0, 80), v, m] as const))(
      'rejects %s',
      (_label, value, fragment) => {
        const problems = validateOutputValue(type, value);
        expect(problems.length).toBeGreaterThan(0);
        expect(problems.join('\n')).toContain(fragment);
      },
    );
  });

  it('gives one problem per real problem (no schema noise)', () => {
    expect(validateOutputValue('chart_line', { x: [1, 2], series: [{ name: 'a', y: [1, 'b'] }] })).toEqual([
      'series[0].y[1] should be a number or null, got string "b"',
    ]);
    expect(validateOutputValue('number', { value: 'abc' })).toEqual(['value should be a number, got string "abc"']);
    expect(validateOutputValue('tree', { root: { children: [] } })).toEqual(["root needs 'label' or 'name'"]);
  });

  it('caps a flood of problems with a count', () => {
    const problems = validateOutputValue('chart_histogram', { values: Array.from({ length: 100 }, () => 'x') });
    expect(problems).toHaveLength(21);
    expect(problems[20]).toBe('…and 80 more problem(s)');
  });

  it('names odd keys readably', () => {
    expect(
      validateOutputValue('map_choropleth', { geojson: { type: 'FeatureCollection' }, values: { 'New York': 'x' } }),
    ).toEqual(['values["New York"] should be a number, got string "x"']);
  });

  it('reports an unknown type instead of throwing', () => {
    expect(validateOutputValue('chart_lines' as OutputType, {})).toEqual(["unknown output type 'chart_lines'"]);
  });
});
