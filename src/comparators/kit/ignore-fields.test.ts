import { describe, expect, it } from 'vitest';
import { chartComparator } from '../chart/chart.js';
import { kvComparator } from '../kv.js';
import { mapComparator } from '../map/map.js';
import { structuralComparator } from '../structural/structural.js';
import { tableComparator } from '../table/table.js';
import { textComparator } from '../text.js';
import type { Comparator, ComparisonResult } from '../types.js';
import type { OutputType } from '../../model/manifest.js';
import type { Tolerance } from '../../model/tolerance.js';
import { FieldPruner, fieldPatternProblem } from './ignore-fields.js';

describe('FieldPruner: names, dotted paths and JSON pointers', () => {
  const value = {
    generated_at: 't1',
    meta: { generated_at: 't2', id: 'r-1', 'a.b': 1, 'x/y': 2 },
    rows: [
      { id: 1, ts: 5, keep: true },
      { id: 2, ts: 6, keep: true },
    ],
  };
  const cases: [string[], unknown, string[]][] = [
    [
      ['generated_at'],
      { meta: { id: 'r-1', 'a.b': 1, 'x/y': 2 }, rows: value.rows },
      ['generated_at', 'meta.generated_at'],
    ],
    [['meta.generated_at'], { ...value, meta: { id: 'r-1', 'a.b': 1, 'x/y': 2 } }, ['meta.generated_at']],
    [['/meta/generated_at'], { ...value, meta: { id: 'r-1', 'a.b': 1, 'x/y': 2 } }, ['meta.generated_at']],
    [
      ['/meta/a.b', '/meta/x~1y'],
      { ...value, meta: { generated_at: 't2', id: 'r-1' } },
      ['meta["a.b"]', 'meta["x/y"]'],
    ],
    [
      ['rows.*.ts'],
      {
        ...value,
        rows: [
          { id: 1, keep: true },
          { id: 2, keep: true },
        ],
      },
      ['rows[0].ts', 'rows[1].ts'],
    ],
    [
      ['rows[*].ts'],
      {
        ...value,
        rows: [
          { id: 1, keep: true },
          { id: 2, keep: true },
        ],
      },
      ['rows[0].ts', 'rows[1].ts'],
    ],
    [['/rows/1'], { ...value, rows: [value.rows[0]] }, ['rows[1]']],
    [['*.id'], { ...value, meta: { generated_at: 't2', 'a.b': 1, 'x/y': 2 } }, ['meta.id']],
    [['nowhere.x', 'absent'], value, []],
  ];
  it.each(cases)('%j', (patterns, want, removed) => {
    const pruner = new FieldPruner(patterns);
    expect(pruner.prune(value)).toEqual(want);
    expect(pruner.removed).toEqual(removed);
  });

  it('never changes the value it is given, and keeps __proto__ an own key', () => {
    const v = JSON.parse('{"__proto__": {"x": 1}, "a": {"ts": 1}}');
    const before = structuredClone(v);
    const out = new FieldPruner(['ts']).prune(v) as Record<string, unknown>;
    expect(v).toEqual(before);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(out.a).toEqual({});
  });

  it('refuses an empty pattern and an empty step, with the fix', () => {
    expect(fieldPatternProblem('')).toMatch(/is empty; write a field name/);
    expect(fieldPatternProblem('meta..id')).toBe(
      "'meta..id' has an empty step; write steps separated by single dots (a.b.c) or slashes (/a/b/c)",
    );
    expect(fieldPatternProblem('meta.id')).toBeNull();
    expect(fieldPatternProblem('/meta/')).toBeNull();
  });
});

async function run(
  comparator: Comparator,
  type: OutputType,
  expected: unknown,
  actual: unknown,
  tolerance: Tolerance = {},
): Promise<ComparisonResult> {
  return comparator.compare({
    key: 'out',
    type,
    expected,
    actual,
    tolerance: { ...comparator.defaults(type), ...tolerance },
  });
}

describe('ignore_fields in every structured comparator', () => {
  const families: {
    label: string;
    comparator: Comparator;
    type: OutputType;
    expected: unknown;
    actual: unknown;
    ignore: string[];
    removed: string[];
    tolerance?: Tolerance;
  }[] = [
    {
      label: 'kv, as a dict',
      comparator: kvComparator,
      type: 'kv',
      expected: { total: 5, generated_at: '2024-01-01T00:00:00Z' },
      actual: { total: 5, generated_at: '2025-06-01T12:00:00Z' },
      ignore: ['generated_at'],
      removed: ['generated_at'],
    },
    {
      label: 'kv, as pairs (names are the pairs’ keys)',
      comparator: kvComparator,
      type: 'kv',
      expected: {
        pairs: [
          { key: 'total', value: 5 },
          { key: 'request', value: { id: 'a', at: 1 } },
        ],
      },
      actual: {
        pairs: [
          { key: 'total', value: 5 },
          { key: 'request', value: { id: 'b', at: 1 } },
        ],
      },
      ignore: ['request.id'],
      removed: ['request.id'],
    },
    {
      label: 'text compare: json',
      comparator: textComparator,
      type: 'text',
      expected: '{"n": 1, "meta": {"request_id": "x"}}',
      actual: '{"n": 1, "meta": {"request_id": "y"}}',
      ignore: ['/meta/request_id'],
      removed: ['meta.request_id'],
      tolerance: { compare: 'json' },
    },
    {
      label: 'tree',
      comparator: structuralComparator,
      type: 'tree',
      expected: { root: { id: 'root', built: 1, children: [{ id: 'a', built: 1 }] } },
      actual: { root: { id: 'root', built: 2, children: [{ id: 'a', built: 3 }] } },
      ignore: ['built'],
      removed: ['root.built', 'root.children[0].built'],
    },
    {
      label: 'chart, a field of every point',
      comparator: chartComparator,
      type: 'chart_scatter',
      expected: { series: [{ name: 's', points: [{ x: 1, y: 2, t: 1 }] }] },
      actual: { series: [{ name: 's', points: [{ x: 1, y: 2, t: 2 }] }] },
      ignore: ['series.*.points.*.t'],
      removed: ['series[0].points[0].t'],
    },
    {
      label: 'chart, the x axis (run times)',
      comparator: chartComparator,
      type: 'chart_line',
      expected: { x: [1, 2], series: [{ name: 's', y: [1, 2] }] },
      actual: { x: [5, 6], series: [{ name: 's', y: [1, 2] }] },
      ignore: ['/x'],
      removed: ['x'],
    },
    {
      label: 'map',
      comparator: mapComparator,
      type: 'map_points',
      expected: { points: [{ lat: 1, lng: 2, label: 'seen 10:00' }] },
      actual: { points: [{ lat: 1, lng: 2, label: 'seen 10:05' }] },
      ignore: ['points.*.label'],
      removed: ['points[0].label'],
    },
    {
      label: 'table cells (nested JSON in a cell)',
      comparator: tableComparator,
      type: 'table',
      expected: { columns: ['id', 'meta'], rows: [{ id: 1, meta: { by: 'x', at: 1 } }] },
      actual: { columns: ['id', 'meta'], rows: [{ id: 1, meta: { by: 'x', at: 2 } }] },
      ignore: ['meta.at'],
      removed: ['rows[0].meta.at'],
    },
    {
      label: 'table, a column named by a bare name',
      comparator: tableComparator,
      type: 'table',
      expected: { columns: ['id', 'updated'], rows: [{ id: 1, updated: 'a' }] },
      actual: { columns: ['id', 'updated'], rows: [{ id: 1, updated: 'b' }] },
      ignore: ['updated'],
      removed: ['columns.updated'],
    },
  ];

  it.each(families)('$label: fails without ignore_fields, passes with it and says what it ignored', async (f) => {
    const without = await run(f.comparator, f.type, f.expected, f.actual, f.tolerance);
    expect(without.status).toBe('fail');
    const r = await run(f.comparator, f.type, f.expected, f.actual, { ...f.tolerance, ignore_fields: f.ignore });
    expect(r.status).toBe('pass');
    expect(r.rule).toContain(`; ignoring fields ${f.ignore.join(', ')}`);
    expect(r.ignored_fields).toEqual(f.removed);
    // the report shows the values as they came
    expect(r.expected).toEqual(f.expected);
    expect(r.actual).toEqual(f.actual);
  });

  it('a pattern that matches nothing is named in the rule, and the difference still fails', async () => {
    const r = await run(kvComparator, 'kv', { a: 1, ts: 1 }, { a: 1, ts: 2 }, { ignore_fields: ['tss'] });
    expect(r.status).toBe('fail');
    expect(r.rule).toContain('ignoring fields tss (matched nothing)');
  });

  it('text outside compare: json refuses ignore_fields with the fix', async () => {
    const r = await run(textComparator, 'text', 'a', 'a', { ignore_fields: ['x'] });
    expect(r.status).toBe('fail');
    expect(r.metric).toBe(
      'ignore_fields applies only to JSON text, but this output is compared with compare: exact; add compare: json or remove ignore_fields',
    );
  });
});
