import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractCases } from './chart.cases.js';
import { chartComparator } from './chart.js';
import { CHART_TYPES } from './modes.js';
import { matchScalarMultiset, maxMatching } from '../kit/matching.js';
import { comparatorTester, messages, paths } from '../kit/comparator-tester.test-helper.js';

const tester = comparatorTester(chartComparator);

describe('chart contract cases (run against the comparator directly)', () => {
  tester.contract(contractCases);
  it('covers all 13 chart types', () => {
    expect(new Set(contractCases.map((c) => c.type))).toEqual(new Set(CHART_TYPES));
  });
});

describe('modes, options and defaults', () => {
  it('accepts every mode name of the original Pixie and defaults charts to rel 1e-3', () => {
    for (const m of [
      'data_only',
      'slices_unordered',
      'values_unordered',
      'series_summary',
      'matrix_elementwise',
      'rows_ordered',
      'graph_set',
      'tree_set',
    ]) {
      expect(chartComparator.modes).toContain(m);
    }
    expect(chartComparator.defaults('chart_line')).toEqual({
      compare: 'data_only',
      rel: 1e-3,
      series_match: 'by_name',
    });
    expect(chartComparator.defaults('chart_pie')).toEqual({ compare: 'slices_unordered', rel: 1e-3 });
    expect(chartComparator.defaults('chart_treemap').compare).toBe('tree_set');
    expect(chartComparator.options).toMatchObject({
      series_match: { enum: ['by_name', 'by_index'] },
      series: 'tolerance',
    });
  });

  it('a mode that names another algorithm is refused for the type, not ignored', () => {
    const r = tester.compare({ slices: [] }, { slices: [] }, { compare: 'matrix_elementwise' }, 'chart_pie');
    expect(r.status).toBe('fail');
    expect(r.metric).toMatch(/does not apply to chart_pie/);
    expect(tester.compare({ slices: [] }, { slices: [] }, { compare: 'bogus' }, 'chart_pie').metric).toMatch(
      /unknown compare mode 'bogus'/,
    );
  });

  it('rows_ordered really orders: a shuffled pie passes by label and fails in order', () => {
    const e = {
      slices: [
        { label: 'a', value: 1 },
        { label: 'b', value: 2 },
      ],
    };
    const a = {
      slices: [
        { label: 'b', value: 2 },
        { label: 'a', value: 1 },
      ],
    };
    expect(tester.compare(e, a, undefined, 'chart_pie').status).toBe('pass');
    const r = tester.compare(e, a, { compare: 'rows_ordered' }, 'chart_pie');
    expect(r.status).toBe('fail');
    expect(paths(r)).toEqual(expect.arrayContaining(['slices[0].label', 'slices[0].value']));
  });

  it('rejects bad option values with a message', () => {
    expect(
      tester.compare({ x: [], series: [] }, { x: [], series: [] }, { series_match: 'byname' }, 'chart_line').metric,
    ).toMatch(/series_match must be by_name or by_index/);
    expect(tester.compare({ x: [], series: [] }, { x: [], series: [] }, { series: 0.1 }, 'chart_line').metric).toMatch(
      /tolerance series must be a mapping/,
    );
  });
});

describe('line, bar, area', () => {
  const e = {
    x: [1, 2, 3],
    series: [
      { name: 'balance', y: [100, 200, 300] },
      { name: 'interest', y: [0, 5, 10] },
    ],
  };

  it('a renamed series fails naming both names', () => {
    const r = tester.compare(
      e,
      { x: [1, 2, 3], series: [{ name: 'Balance', y: [100, 200, 300] }, e.series[1]] },
      undefined,
      'chart_line',
    );
    expect(r.status).toBe('fail');
    expect(paths(r)).toEqual(expect.arrayContaining(['series[name=balance]', 'series[name=Balance]']));
    const text = messages(r);
    expect(text).toMatch(/"balance" missing in actual \(unmatched actual series: "Balance"\)/);
    expect(text).toMatch(/extra series "Balance"/);
  });

  it('matches series by name regardless of order, or by index when asked', () => {
    const swapped = { x: [1, 2, 3], series: [e.series[1], e.series[0]] };
    expect(tester.compare(e, swapped, undefined, 'chart_line').status).toBe('pass');
    const r = tester.compare(e, swapped, { series_match: 'by_index' }, 'chart_line');
    expect(r.status).toBe('fail');
    expect(paths(r)).toContain('series[0].name');
  });

  it('lists every differing value, and shape differences', () => {
    const r = tester.compare(
      e,
      {
        x: [1, 2],
        series: [
          { name: 'balance', y: [101, 200] },
          { name: 'interest', y: [0, 5, 11] },
        ],
      },
      undefined,
      'chart_line',
    );
    expect(paths(r)).toEqual(
      expect.arrayContaining([
        'x',
        'x[2]',
        'series[name=balance].y',
        'series[name=balance].y[0]',
        'series[name=balance].y[2]',
        'series[name=interest].y[2]',
      ]),
    );
    expect(r.metric).toMatch(/^\d+ of \d+ values differ; max abs diff 1$/);
    expect(r.rule).toMatch(/series by name; series values rel 0.001/);
  });

  it('series tolerance applies to values; a per-series entry overrides it; x keeps the top-level rule', () => {
    const base = {
      x: [1],
      series: [
        { name: 'a', y: [10] },
        { name: 'b', y: [10] },
      ],
    };
    const act = {
      x: [1],
      series: [
        { name: 'a', y: [10.5] },
        { name: 'b', y: [11] },
      ],
    };
    expect(tester.compare(base, act, { series: { abs: 1 } }, 'chart_line').status).toBe('pass');
    const r = tester.compare(base, act, { series: { abs: 1, b: { abs: 0.1 } } }, 'chart_line');
    expect(paths(r)).toEqual(['series[name=b].y[0]']);
    expect(tester.compare(base, { ...act, x: [1.5] }, { series: { abs: 1 } }, 'chart_line').status).toBe('fail');
  });

  it('a per-series tolerance naming no series is reported (a typo, never silently ignored)', () => {
    const v = { x: [1], series: [{ name: 'a', y: [1] }] };
    const r = tester.compare(v, v, { series: { balanse: { abs: 1 } } }, 'chart_line');
    expect(r.status).toBe('fail');
    expect(messages(r)).toMatch(/tolerance names series 'balanse'/);
  });

  it('bar categories compare exactly; numbers in x use the tolerance', () => {
    expect(
      tester.compare(
        { x: ['a'], series: [{ name: 's', y: [1] }] },
        { x: ['A'], series: [{ name: 's', y: [1] }] },
        undefined,
        'chart_bar',
      ).status,
    ).toBe('fail');
    expect(tester.compare({ x: [1000], series: [] }, { x: [1000.5], series: [] }, undefined, 'chart_line').status).toBe(
      'pass',
    );
  });
});

describe('scatter', () => {
  it('matches points as a multiset within tolerance, not by sorting strings', () => {
    const e = {
      series: [
        {
          name: 's',
          points: [
            { x: 10, y: 1 },
            { x: 9, y: 2 },
            { x: 9, y: 2 },
          ],
        },
      ],
    };
    const a = {
      series: [
        {
          name: 's',
          points: [
            { x: 9.001, y: 2 },
            { x: 10, y: 1.0005 },
            { x: 9, y: 2.001 },
          ],
        },
      ],
    };
    expect(tester.compare(e, a, undefined, 'chart_scatter').status).toBe('pass');
  });

  it('duplicates count: [A, A, B] is not [A, B, B]', () => {
    const A = { x: 1, y: 1 };
    const B = { x: 2, y: 2 };
    const r = tester.compare(
      { series: [{ name: 's', points: [A, A, B] }] },
      { series: [{ name: 's', points: [A, B, B] }] },
      undefined,
      'chart_scatter',
    );
    expect(r.status).toBe('fail');
    expect(messages(r)).toMatch(/missing in actual: point \(x 1, y 1\)/);
    expect(messages(r)).toMatch(/not expected: actual point \(x 2, y 2\)/);
  });

  it('labels must agree for points to pair', () => {
    const r = tester.compare(
      { series: [{ name: 's', points: [{ x: 1, y: 1, label: 'a' }] }] },
      { series: [{ name: 's', points: [{ x: 1, y: 1, label: 'b' }] }] },
      undefined,
      'chart_scatter',
    );
    expect(r.status).toBe('fail');
  });

  it('finds a full matching where greedy pairing would not', () => {
    // expected p1 fits both actual points, p2 fits only the first: greedy p1→first would strand p2
    const e = {
      series: [
        {
          name: 's',
          points: [
            { x: 1, y: 1 },
            { x: 1.0015, y: 1 },
          ],
        },
      ],
    };
    const a = {
      series: [
        {
          name: 's',
          points: [
            { x: 1.001, y: 1 },
            { x: 0.9995, y: 1 },
          ],
        },
      ],
    };
    expect(tester.compare(e, a, { rel: 0, abs: 0.001 }, 'chart_scatter').status).toBe('pass');
  });

  it('matches 20 000 jittered, shuffled points', () => {
    const pts = Array.from({ length: 20_000 }, (_, i) => ({ x: i * 0.37, y: Math.sin(i) }));
    const jittered = pts.map((p) => ({ x: p.x * (1 + 1e-5), y: p.y })).reverse();
    const r = tester.compare(
      { series: [{ name: 's', points: pts }] },
      { series: [{ name: 's', points: jittered }] },
      undefined,
      'chart_scatter',
    );
    expect(r.status, messages(r).slice(0, 500)).toBe('pass');
  });
});

describe('pie and histogram', () => {
  it('repeated pie labels are a multiset of values', () => {
    const e = {
      slices: [
        { label: 'x', value: 1 },
        { label: 'x', value: 2 },
      ],
    };
    expect(
      tester.compare(
        e,
        {
          slices: [
            { label: 'x', value: 2 },
            { label: 'x', value: 1 },
          ],
        },
        undefined,
        'chart_pie',
      ).status,
    ).toBe('pass');
    const r = tester.compare(
      e,
      {
        slices: [
          { label: 'x', value: 2 },
          { label: 'x', value: 2 },
        ],
      },
      undefined,
      'chart_pie',
    );
    expect(r.status).toBe('fail');
    expect(paths(r)[0]).toMatch(/^slices\[label=x#\d\]\.value$/);
  });

  it('reports missing and extra slices by label', () => {
    const r = tester.compare(
      { slices: [{ label: 'Rent', value: 1 }] },
      { slices: [{ label: 'Food', value: 1 }] },
      undefined,
      'chart_pie',
    );
    expect(paths(r)).toEqual(['slices[label=Rent]', 'slices[label=Food]']);
  });

  it('histogram values with mixed types never crash and name the bad value', () => {
    const r = tester.compare(
      { values: [1, 2, null, 'a'] },
      { values: ['b', 2, 1, null] },
      undefined,
      'chart_histogram',
    );
    expect(r.status).toBe('fail');
    expect(messages(r)).toMatch(/expected values\[2\] is null, expected a number/);
    expect(messages(r)).toMatch(/actual values\[0\] is a string \("b"\), expected a number/);
  });

  it('histogram values are a numeric multiset (10 after 9, not "10" < "9")', () => {
    expect(
      tester.compare({ values: [9, 10, 100, -1, NaN] }, { values: [NaN, 100, -1, 10, 9] }, undefined, 'chart_histogram')
        .status,
    ).toBe('pass');
    expect(
      tester.compare({ values: [9, 10] }, { values: [10, 9] }, { compare: 'rows_ordered' }, 'chart_histogram').status,
    ).toBe('fail');
  });

  it('a missing value is reported once, not as a cascade of shifted pairs', () => {
    const r = tester.compare({ values: [1, 2, 3, 4, 5] }, { values: [1, 2, 4, 5] }, undefined, 'chart_histogram');
    expect(paths(r)).toEqual(['values', 'values[2]']);
    expect(messages(r)).toMatch(/missing in actual: expected value 3/);
  });

  it('compares bins when present on either side', () => {
    expect(
      paths(tester.compare({ values: [1], bins: [0, 1, 2] }, { values: [1] }, undefined, 'chart_histogram')),
    ).toEqual(['bins']);
    expect(
      tester.compare({ values: [1], bins: [0, 1, 2] }, { values: [1], bins: [0, 1, 2] }, undefined, 'chart_histogram')
        .status,
    ).toBe('pass');
  });
});

describe('boxplot', () => {
  const e = { series: [{ name: 'a', values: [1, 2, 3, 4, 5], min: 1, q1: 2, median: 3, q3: 4, max: 5 }] };

  it('raw values changed but summary identical → fail', () => {
    const r = tester.compare(e, { series: [{ ...e.series[0], values: [1, 2, 3, 4, 50] }] }, undefined, 'chart_boxplot');
    expect(r.status).toBe('fail');
    expect(paths(r)).toContain('series[name=a].values[4]');
  });

  it('summary changed but values identical → fail', () => {
    const r = tester.compare(e, { series: [{ ...e.series[0], median: 3.5 }] }, undefined, 'chart_boxplot');
    expect(paths(r)).toEqual(['series[name=a].median']);
  });

  it('values in any order pass; a summary present on one side only is reported', () => {
    expect(
      tester.compare(e, { series: [{ ...e.series[0], values: [5, 4, 3, 2, 1] }] }, undefined, 'chart_boxplot').status,
    ).toBe('pass');
    const { q1: _q1, ...noQ1 } = e.series[0]!;
    expect(paths(tester.compare(e, { series: [noQ1] }, undefined, 'chart_boxplot'))).toEqual(['series[name=a].q1']);
  });
});

describe('heatmap, candlestick, radar', () => {
  it('heatmap: row and column count differences and label changes are listed', () => {
    const r = tester.compare(
      {
        z: [
          [1, 2],
          [3, 4],
        ],
        x_labels: ['a', 'b'],
      },
      { z: [[1, 2, 9]], x_labels: ['a', 'c'] },
      undefined,
      'chart_heatmap',
    );
    expect(paths(r)).toEqual(expect.arrayContaining(['z', 'z[1]', 'z[0]', 'z[0][2]', 'x_labels[1]']));
  });

  it('candlestick: by index by default, by t when asked', () => {
    const c1 = { t: '2024-01-01', open: 1, high: 2, low: 0.5, close: 1.5 };
    const c2 = { t: '2024-01-02', open: 1.5, high: 3, low: 1, close: 2.5 };
    expect(tester.compare({ points: [c1, c2] }, { points: [c2, c1] }, undefined, 'chart_candlestick').status).toBe(
      'fail',
    );
    expect(
      tester.compare({ points: [c1, c2] }, { points: [c2, c1] }, { order: 'by_time' }, 'chart_candlestick').status,
    ).toBe('pass');
    expect(
      tester.compare({ points: [c1, c2] }, { points: [c2, c1] }, { compare: 'unordered' }, 'chart_candlestick').status,
    ).toBe('pass');
    const r = tester.compare(
      { points: [c1, c2] },
      { points: [c1, { ...c2, t: '2024-01-03' }] },
      { order: 'by_time' },
      'chart_candlestick',
    );
    expect(paths(r)).toEqual(['points[t=2024-01-02]', 'points[t=2024-01-03]']);
  });

  it("candlestick: o/h/l/c (the original Pixie's short names) match open/high/low/close", () => {
    const long = { t: 1, open: 1, high: 2, low: 0.5, close: 1.5 };
    const short = { t: 1, o: 1, h: 2, l: 0.5, c: 1.5 };
    expect(tester.compare({ points: [short] }, { points: [long] }, undefined, 'chart_candlestick').status).toBe('pass');
    const r = tester.compare(
      { points: [short] },
      { points: [{ ...long, close: 1.7 }] },
      undefined,
      'chart_candlestick',
    );
    expect(paths(r)).toEqual(['points[0].close']);
  });

  it('radar: axis order matters', () => {
    const r = tester.compare(
      { axes: ['a', 'b'], series: [] },
      { axes: ['b', 'a'], series: [] },
      undefined,
      'chart_radar',
    );
    expect(paths(r)).toEqual(['axes[0]', 'axes[1]']);
  });
});

describe('sankey, network, treemap', () => {
  it('node id 0 is an id and labels are compared', () => {
    const r = tester.compare(
      {
        nodes: [
          { id: 0, label: 'In' },
          { id: 1, label: 'Out' },
        ],
        links: [{ source: 0, target: 1, value: 5 }],
      },
      {
        nodes: [
          { id: 1, label: 'Out' },
          { id: 0, label: 'Input' },
        ],
        links: [{ source: 0, target: 1, value: 5 }],
      },
      undefined,
      'chart_sankey',
    );
    expect(paths(r)).toEqual(['nodes[id=0].label']);
  });

  it('parallel links with mixed null and numeric weights never crash', () => {
    const nodes = [{ id: 'a' }, { id: 'b' }];
    const e = {
      nodes,
      links: [
        { source: 'a', target: 'b', value: null },
        { source: 'a', target: 'b', value: 3 },
      ],
    };
    expect(
      tester.compare(
        e,
        {
          nodes,
          links: [
            { source: 'a', target: 'b', value: 3 },
            { source: 'a', target: 'b', value: null },
          ],
        },
        undefined,
        'chart_sankey',
      ).status,
    ).toBe('pass');
    const r = tester.compare(
      e,
      {
        nodes,
        links: [
          { source: 'a', target: 'b', value: 4 },
          { source: 'a', target: 'b', value: null },
        ],
      },
      undefined,
      'chart_sankey',
    );
    expect(r.status).toBe('fail');
    expect(messages(r)).toMatch(/expected value 3 has no match/);
  });

  it('edges are directed; weight and value name the same number', () => {
    const nodes = [{ id: 1 }, { id: 2 }];
    const r = tester.compare(
      { nodes, edges: [{ source: 1, target: 2 }] },
      { nodes, edges: [{ source: 2, target: 1 }] },
      undefined,
      'chart_network',
    );
    expect(paths(r)).toEqual(['edges[source=1,target=2]', 'edges[source=2,target=1]']);
    expect(
      tester.compare(
        { nodes, edges: [{ source: 1, target: 2, weight: 0 }] },
        { nodes, edges: [{ source: 1, target: 2, value: 0 }] },
        undefined,
        'chart_network',
      ).status,
    ).toBe('pass');
    expect(
      paths(
        tester.compare(
          { nodes, edges: [{ source: 1, target: 2, weight: 0 }] },
          { nodes, edges: [{ source: 1, target: 2 }] },
          undefined,
          'chart_network',
        ),
      ),
    ).toEqual(['edges[source=1,target=2].weight']);
  });

  it('graph node positions and colours are presentation, not data', () => {
    expect(
      tester.compare(
        { nodes: [{ id: 1, x: 0, colour: 'red' }], edges: [] },
        { nodes: [{ id: 1, x: 50, colour: 'blue' }], edges: [] },
        undefined,
        'chart_network',
      ).status,
    ).toBe('pass');
  });

  it('treemap: nodes by id, ids and parents exact, values with tolerance', () => {
    const e = {
      nodes: [
        { id: 'r', label: 'Root', value: 10 },
        { id: 'a', label: 'A', value: 4, parent: 'r' },
        { id: 'b', label: 'A', value: 6, parent: 'r' },
      ],
    };
    expect(tester.compare(e, { nodes: [e.nodes[2], e.nodes[0], e.nodes[1]] }, undefined, 'chart_treemap').status).toBe(
      'pass',
    );
    const r = tester.compare(
      e,
      { nodes: [e.nodes[0], { ...e.nodes[1], value: 4.5 }, { ...e.nodes[2], parent: 'a' }] },
      undefined,
      'chart_treemap',
    );
    expect(paths(r)).toEqual(['nodes[id=a].value', 'nodes[id=b].parent']);
    // ids with numbers are exact even under a loose tolerance
    expect(
      tester.compare(
        { nodes: [{ id: 1000, value: 1 }] },
        { nodes: [{ id: 1001, value: 1 }] },
        { rel: 0.01 },
        'chart_treemap',
      ).status,
    ).toBe('fail');
  });

  it('treemap: a root parent may be absent, null or ""; nodes without id fall back to name', () => {
    expect(
      tester.compare(
        { nodes: [{ name: 'r', value: 1, parent: null }] },
        { nodes: [{ name: 'r', value: 1, parent: '' }] },
        undefined,
        'chart_treemap',
      ).status,
    ).toBe('pass');
    expect(
      paths(
        tester.compare(
          { nodes: [{ name: 'r', value: 1 }] },
          { nodes: [{ name: 's', value: 1 }] },
          undefined,
          'chart_treemap',
        ),
      ),
    ).toEqual(['nodes[name=r]', 'nodes[name=s]']);
  });
});

describe('helpers', () => {
  it('matchScalarMultiset pairs interval-compatible numbers optimally', () => {
    const m = matchScalarMultiset(
      [
        { v: 1, i: 0 },
        { v: 1.2, i: 1 },
      ],
      [
        { v: 1.15, i: 0 },
        { v: 0.95, i: 1 },
      ],
      { abs: 0.1 },
    );
    expect(m.pairs.length).toBe(2);
  });

  it('maxMatching finds augmenting paths', () => {
    const match = maxMatching(3, 3, [[0, 1], [0], [1, 2]]);
    expect([...match].filter((x) => x >= 0).length).toBe(3);
  });
});

describe('never throws', () => {
  it('on arbitrary JSON for every chart type and mode', () => {
    const shapes = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          series: fc.jsonValue(),
          x: fc.jsonValue(),
          slices: fc.jsonValue(),
          values: fc.jsonValue(),
          z: fc.jsonValue(),
          points: fc.jsonValue(),
          axes: fc.jsonValue(),
          nodes: fc.jsonValue(),
          links: fc.jsonValue(),
          edges: fc.jsonValue(),
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...CHART_TYPES),
        shapes,
        shapes,
        fc.constantFrom('data_only', 'rows_ordered', 'unordered'),
        (type, e, a, mode) => {
          const r = tester.compare(e, a, { compare: mode }, type);
          expect(['pass', 'fail']).toContain(r.status);
          expect(r.score).toBeGreaterThanOrEqual(0);
          expect(r.score).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('chart labels that differ only in what a reader cannot see (docs/comparators.md, "Text")', () => {
  const nfc = 'caf\u00e9';
  const nfd = 'cafe\u0301';
  it('name the label with its accent escaped, as text messages do', () => {
    const bar = (x: string[], name: string) => ({ x, series: [{ name, y: [1, 2] }] });
    expect(messages(tester.compare(bar([nfc, 'tea'], 's'), bar([nfd, 'tea'], 's'), {}, 'chart_bar'))).toBe(
      'x[0]: expected "caf\\u00e9", got "cafe\\u0301"',
    );
    const renamed = messages(tester.compare(bar(['a', 'b'], nfc), bar(['a', 'b'], nfd), {}, 'chart_bar'));
    expect(renamed).toContain('extra series "cafe\\u0301" in actual');
    const pie = (label: string) => ({ slices: [{ label, value: 1 }] });
    expect(messages(tester.compare(pie(nfc), pie(nfd), {}, 'chart_pie'))).toContain(
      'not expected: extra slice "cafe\\u0301" in actual (value 1)',
    );
  });
});
