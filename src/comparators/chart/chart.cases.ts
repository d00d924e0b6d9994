// Contract cases for the chart comparator: one realistic value per chart type.
import type { ContractCase } from '../types.js';

const growth = {
  x: [2020, 2021, 2022, 2023],
  x_label: 'year',
  series: [
    { name: 'balance', y: [10000, 10511.62, 11049.41, 11614.72] },
    { name: 'interest', y: [0, 511.62, 1049.41, 1614.72] },
  ],
};

export const contractCases: ContractCase[] = [
  {
    label: 'chart_line: series by name, rel 1e-3 default',
    type: 'chart_line',
    value: growth,
    changed: { ...growth, series: [growth.series[0], { name: 'interest', y: [0, 511.62, 1049.41, 1700] }] },
    changedPath: 'series[name=interest].y[3]',
    // series: { abs: 0.01 } as in a growth chart's usual tolerance; the difference equals it exactly
    boundary: {
      expected: { x: [1], series: [{ name: 'balance', y: [16470.09] }] },
      actual: { x: [1], series: [{ name: 'balance', y: [16470.1] }] },
      tolerance: { rel: 0, series: { abs: 0.01 } },
    },
    garbage: { x: [2020], series: 'balance' },
  },
  {
    label: 'chart_bar: string categories exact',
    type: 'chart_bar',
    value: { x: ['Rent', 'Food', 'Travel'], series: [{ name: '2024', y: [1200, 400, 150] }] },
    changed: { x: ['Rent', 'Groceries', 'Travel'], series: [{ name: '2024', y: [1200, 400, 150] }] },
    changedPath: 'x[1]',
    boundary: {
      expected: { x: ['a'], series: [{ name: 's', y: [1000] }] },
      actual: { x: ['a'], series: [{ name: 's', y: [1001] }] },
      tolerance: { rel: 0.001 },
    },
    garbage: [1, 2, 3],
  },
  {
    label: 'chart_area: a renamed series fails',
    type: 'chart_area',
    value: {
      x: [0, 1, 2],
      series: [
        { name: 'cpu', y: [0.2, 0.5, 0.4] },
        { name: 'mem', y: [0.6, 0.6, 0.7] },
      ],
    },
    changed: {
      x: [0, 1, 2],
      series: [
        { name: 'cpu', y: [0.2, 0.5, 0.4] },
        { name: 'memory', y: [0.6, 0.6, 0.7] },
      ],
    },
    changedPath: 'series[name=mem]',
    boundary: {
      expected: { x: [0], series: [{ name: 'cpu', y: [0.5] }] },
      actual: { x: [0], series: [{ name: 'cpu', y: [0.505] }] },
      tolerance: { abs: 0.005, rel: 0 },
    },
    garbage: { x: [0, 1, 2] },
  },
  {
    label: 'chart_scatter: points as a multiset',
    type: 'chart_scatter',
    value: {
      series: [
        {
          name: 'samples',
          points: [
            { x: 1, y: 2 },
            { x: 1, y: 2 },
            { x: 3, y: 4.5, label: 'peak' },
          ],
        },
      ],
    },
    changed: {
      series: [
        {
          name: 'samples',
          points: [
            { x: 1, y: 2 },
            { x: 3, y: 4.5, label: 'peak' },
            { x: 3, y: 4.5, label: 'peak' },
          ],
        },
      ],
    },
    changedPath: 'series[name=samples].points[1]',
    boundary: {
      expected: {
        series: [
          {
            name: 's',
            points: [
              { x: 1, y: 2 },
              { x: 5, y: 6 },
            ],
          },
        ],
      },
      actual: {
        series: [
          {
            name: 's',
            points: [
              { x: 5.005, y: 6 },
              { x: 1, y: 2.005 },
            ],
          },
        ],
      },
      tolerance: { abs: 0.005, rel: 0 },
    },
    garbage: { series: [{ name: 'samples', points: 'none' }] },
  },
  {
    label: 'chart_pie: slices by label',
    type: 'chart_pie',
    value: {
      slices: [
        { label: 'Rent', value: 1200 },
        { label: 'Food', value: 400 },
        { label: 'Fun', value: 0 },
      ],
    },
    changed: {
      slices: [
        { label: 'Food', value: 400 },
        { label: 'Rent', value: 1300 },
        { label: 'Fun', value: 0 },
      ],
    },
    changedPath: 'slices[label=Rent].value',
    boundary: {
      expected: { slices: [{ label: 'Rent', value: 1200 }] },
      actual: { slices: [{ label: 'Rent', value: 1201.2 }] },
      tolerance: { rel: 0.001 },
    },
    garbage: { slices: { Rent: 1200 } },
  },
  {
    label: 'chart_histogram: values as a multiset, bins compared',
    type: 'chart_histogram',
    value: { values: [3.1, 1.2, 2.2, 1.2, 5], bins: 4 },
    changed: { values: [3.1, 1.2, 2.2, 1.2, 5], bins: 5 },
    changedPath: 'bins',
    boundary: {
      expected: { values: [1, 2, 3] },
      actual: { values: [3, 2.002, 1] },
      tolerance: { abs: 0.002, rel: 0 },
    },
    garbage: { values: 'lots' },
  },
  {
    label: 'chart_boxplot: raw values and summary',
    type: 'chart_boxplot',
    value: {
      series: [{ name: 'latency', values: [12, 15, 11, 30, 14], min: 11, q1: 12, median: 14, q3: 15, max: 30 }],
    },
    changed: {
      series: [{ name: 'latency', values: [12, 15, 11, 90, 14], min: 11, q1: 12, median: 14, q3: 15, max: 30 }],
    },
    changedPath: 'series[name=latency].values[3]',
    boundary: {
      expected: { series: [{ name: 's', values: [10, 20], median: 15 }] },
      actual: { series: [{ name: 's', values: [20.02, 10], median: 15.015 }] },
      tolerance: { rel: 0.001 },
    },
    garbage: { series: null },
  },
  {
    label: 'chart_heatmap: cells and labels',
    type: 'chart_heatmap',
    value: {
      x_labels: ['Mon', 'Tue'],
      y_labels: ['am', 'pm'],
      z: [
        [1, 2],
        [3, 4],
      ],
    },
    changed: {
      x_labels: ['Mon', 'Tue'],
      y_labels: ['am', 'pm'],
      z: [
        [1, 2],
        [3, 40],
      ],
    },
    changedPath: 'z[1][1]',
    boundary: {
      expected: { z: [[0.5, 1]] },
      actual: { z: [[0.51, 1]] },
      tolerance: { abs: 0.01, rel: 0 },
    },
    garbage: { z: 7 },
  },
  {
    label: 'chart_candlestick: candles in order',
    type: 'chart_candlestick',
    value: {
      points: [
        { t: '2024-01-02', open: 100, high: 105, low: 99, close: 104 },
        { t: '2024-01-03', open: 104, high: 108, low: 103, close: 107.5, volume: 1200 },
      ],
    },
    changed: {
      points: [
        { t: '2024-01-02', open: 100, high: 105, low: 99, close: 104 },
        { t: '2024-01-03', open: 104, high: 108, low: 103, close: 101, volume: 1200 },
      ],
    },
    changedPath: 'points[1].close',
    boundary: {
      expected: { points: [{ t: 1, open: 1000, high: 1000, low: 1000, close: 1000 }] },
      actual: { points: [{ t: 1, open: 1001, high: 1000, low: 1000, close: 999 }] },
      tolerance: { rel: 0.001 },
    },
    garbage: { points: [{ t: '2024-01-02', open: 'n/a' }] },
  },
  {
    label: 'chart_radar: axes in order, series values',
    type: 'chart_radar',
    value: {
      axes: ['speed', 'power', 'range'],
      series: [
        { name: 'A', values: [3, 4, 5] },
        { name: 'B', values: [5, 2, 4] },
      ],
    },
    changed: {
      axes: ['speed', 'power', 'range'],
      series: [
        { name: 'A', values: [3, 4, 5] },
        { name: 'B', values: [5, 2, 1] },
      ],
    },
    changedPath: 'series[name=B].values[2]',
    boundary: {
      expected: { axes: ['a'], series: [{ name: 'A', values: [100] }] },
      actual: { axes: ['a'], series: [{ name: 'A', values: [100.1] }] },
      tolerance: { rel: 0.001 },
    },
    garbage: { series: [] },
  },
  {
    label: 'chart_sankey: nodes by id (0 is an id), links as a multiset',
    type: 'chart_sankey',
    value: {
      nodes: [
        { id: 0, label: 'Income' },
        { id: 1, label: 'Rent' },
        { id: 2, label: 'Savings' },
      ],
      links: [
        { source: 0, target: 1, value: 1200 },
        { source: 0, target: 2, value: 300 },
      ],
    },
    changed: {
      nodes: [
        { id: 0, label: 'Income' },
        { id: 1, label: 'Rent' },
        { id: 2, label: 'Savings' },
      ],
      links: [
        { source: 0, target: 2, value: 300 },
        { source: 0, target: 1, value: 1500 },
      ],
    },
    changedPath: 'links[source=0,target=1].value',
    boundary: {
      expected: { nodes: [{ id: 'a' }, { id: 'b' }], links: [{ source: 'a', target: 'b', value: 10 }] },
      actual: { nodes: [{ id: 'b' }, { id: 'a' }], links: [{ source: 'a', target: 'b', value: 10.01 }] },
      tolerance: { abs: 0.01 },
    },
    garbage: { nodes: [{ id: 0 }], links: 'a->b' },
  },
  {
    label: 'chart_network: edges by (source, target), labels compared',
    type: 'chart_network',
    value: {
      nodes: [
        { id: 'alice', label: 'Alice' },
        { id: 'bob', label: 'Bob' },
        { id: 'carol', label: 'Carol' },
      ],
      edges: [
        { source: 'alice', target: 'bob', label: 'knows' },
        { source: 'bob', target: 'carol', weight: 2 },
      ],
    },
    changed: {
      nodes: [
        { id: 'alice', label: 'Alice' },
        { id: 'bob', label: 'Robert' },
        { id: 'carol', label: 'Carol' },
      ],
      edges: [
        { source: 'alice', target: 'bob', label: 'knows' },
        { source: 'bob', target: 'carol', weight: 2 },
      ],
    },
    changedPath: 'nodes[id=bob].label',
    boundary: {
      expected: { nodes: [{ id: 1 }, { id: 2 }], edges: [{ source: 1, target: 2, weight: 0.5 }] },
      actual: { nodes: [{ id: 1 }, { id: 2 }], edges: [{ source: 1, target: 2, weight: 0.5005 }] },
      tolerance: { rel: 0.001 },
    },
    garbage: { edges: [] },
  },
  {
    label: 'chart_treemap: nodes by id, parent and value',
    type: 'chart_treemap',
    value: {
      nodes: [
        { id: 'all', label: 'All', value: 100 },
        { id: 'a', label: 'A', value: 60, parent: 'all' },
        { id: 'b', label: 'B', value: 40, parent: 'all' },
      ],
    },
    changed: {
      nodes: [
        { id: 'all', label: 'All', value: 100 },
        { id: 'b', label: 'B', value: 40, parent: 'all' },
        { id: 'a', label: 'A', value: 60, parent: 'b' },
      ],
    },
    changedPath: 'nodes[id=a].parent',
    boundary: {
      expected: { nodes: [{ id: 'r', value: 100, parent: null }] },
      actual: { nodes: [{ id: 'r', value: 100.1, parent: '' }] },
      tolerance: { rel: 0.001 },
    },
    garbage: 'treemap',
  },
];
