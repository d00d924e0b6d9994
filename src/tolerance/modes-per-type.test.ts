// A compare mode that names another type's algorithm is refused when tolerance.yaml is loaded,
// not later at compare time: a mode must mean something for the type it is set on.
import { describe, expect, it } from 'vitest';
import { comparatorFor } from '../comparators/index.js';
import type { OutputSpec } from '../model/manifest.js';
import type { Finding } from '../model/finding.js';
import { parseToleranceText } from './load.js';

const outputs: OutputSpec[] = [
  { key: 'shares', type: 'chart_pie', label: 'Shares' },
  { key: 'flows', type: 'chart_sankey', label: 'Flows' },
  { key: 'regions', type: 'map_choropleth', label: 'Regions' },
  { key: 'tree', type: 'tree', label: 'Tree' },
];

function load(text: string): Finding[] {
  const problems: Finding[] = [];
  parseToleranceText(text, { outputs, comparatorFor }, problems);
  return problems;
}

describe('compare modes are checked per output type', () => {
  it('accepts the modes that apply', () => {
    expect(
      load(
        'shares: { compare: slices_unordered }\nflows: { compare: graph_set }\nregions: { compare: keyed_values }\ntree: { compare: structural }\n',
      ),
    ).toEqual([]);
  });

  it('refuses a chart mode of another chart type, with the line', () => {
    const [p] = load('shares: { compare: graph_set }\n');
    expect(p).toMatchObject({ line: 1, path: 'shares.compare' });
    expect(p!.message).toMatch(/unknown compare mode 'graph_set' for shares \(chart_pie\)/);
  });

  it('refuses a point-set mode on a choropleth and a row mode on a tree, also under defaults', () => {
    const problems = load('defaults:\n  map_choropleth: { compare: ordered }\n  tree: { compare: rows_unordered }\n');
    expect(problems.map((p) => p.line)).toEqual([2, 3]);
    expect(problems[0]!.message).toMatch(/'ordered' for map_choropleth outputs/);
  });
});
