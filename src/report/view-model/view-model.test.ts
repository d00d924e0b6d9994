// The view model of each kind, built from real comparisons: the real comparator runs on small values.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { comparatorFor } from '../../comparators/index.js';
import { skipWithout } from '../../comparators/optional-installed.test-helper.js';
import type { OutputType } from '../../model/manifest.js';
import type { OutputComparison } from '../../model/report.js';
import { differenceKind, outputView, type OutputView } from './index.js';

async function compared(
  type: OutputType,
  expected: unknown,
  actual: unknown,
  tolerance: Record<string, unknown> = {},
): Promise<OutputComparison> {
  const c = comparatorFor(type);
  const r = await c.compare({ key: 'out', type, expected, actual, tolerance: { ...c.defaults(type), ...tolerance } });
  return { key: 'out', type, comparator: r.comparator ?? c.name, ...r };
}

function as<K extends OutputView['kind']>(view: OutputView, kind: K): Extract<OutputView, { kind: K }> {
  expect(view.kind).toBe(kind);
  return view as Extract<OutputView, { kind: K }>;
}

const caseFile = (dir: string, name: string, mime: string) =>
  `data:${mime};base64,${readFileSync(new URL(`../../../test/cases/${dir}/${name}`, import.meta.url)).toString('base64')}`;

describe('scalar', () => {
  it('a number: both values, the signed and relative difference; the difference at the value itself is not listed again', async () => {
    const o = await compared('number', { value: 10 }, 9.5, { abs: 0.1 });
    expect(o.status).toBe('fail');
    const v = as(outputView(o), 'scalar');
    expect(v).toMatchObject({
      expected: 10,
      actual: 9.5,
      difference: { signed: -0.5, relative: 0.05 },
      differences: [],
    });
    expect(v.tolerance).toBe(JSON.stringify(o.tolerance));
    expect(v.rule).toBe(o.rule);
  });

  it('a boolean has no numeric difference', async () => {
    const v = as(outputView(await compared('boolean', true, false)), 'scalar');
    expect(v).toMatchObject({ expected: true, actual: false, difference: null });
  });
});

describe('table', () => {
  const columns = [
    { key: 'k', label: 'K' },
    { key: 'v', label: 'V' },
  ];
  const rows = [
    { k: 'a', v: 1 },
    { k: 'b', v: 2 },
    { k: 'c', v: 3 },
  ];

  it('rows in order: the changed cell carries expected and actual, the missing row is marked, the row count is listed', async () => {
    const o = await compared(
      'table',
      { columns, rows },
      {
        columns,
        rows: [
          { k: 'a', v: 1 },
          { k: 'b', v: 5 },
        ],
      },
    );
    const v = as(outputView(o), 'table');
    expect(v.rows[1]!.cells[1]!.change).toEqual({
      kind: 'changed',
      expected: 2,
      actual: 5,
      message: 'expected 2, got 5 (abs diff 3)',
    });
    expect(v.rows.map((r) => r.state)).toEqual(['same', 'same', 'missing']);
    expect(v.differences).toEqual([{ path: 'rows', message: 'row count differs: expected 3, got 2', kind: 'changed' }]);
    expect(v.expected.rows.map((r) => r.cells.map((c) => c.marked))).toEqual([
      [false, false],
      [false, true],
      [false, false],
    ]);
    expect(v.expected.rows[2]!.marked).toBe(true);
    expect(v.actual.rows[1]!.cells[1]).toEqual({ value: 5, marked: true });
  });

  it('keyed rows: differences at rows[key=…] land on the rows with that key, an extra row is marked in actual and listed', async () => {
    const o = await compared(
      'table',
      { columns, rows },
      {
        columns,
        rows: [
          { k: 'd', v: 4 },
          { k: 'b', v: 5 },
          { k: 'a', v: 1 },
        ],
      },
      { compare: 'keyed', key: ['k'] },
    );
    expect(o.differences!.map((d) => d.path)).toEqual(['rows[key=b].v', 'rows[key=c]', 'rows[key=d]']);
    const v = as(outputView(o), 'table');
    expect(v.rows[1]!.cells[1]!.change).toMatchObject({ kind: 'changed', expected: 2, actual: 5 });
    expect(v.rows[2]!.state).toBe('missing');
    expect(v.actual.rows.map((r) => r.marked)).toEqual([true, false, false]);
    expect(v.actual.rows[1]!.cells[1]!.marked).toBe(true);
    expect(v.differences).toEqual([expect.objectContaining({ path: 'rows[key=d]', kind: 'extra' })]);
  });

  it('reads what happened from Difference.kind, never from the message', async () => {
    const o = await compared(
      'table',
      { columns, rows },
      {
        columns,
        rows: [
          { k: 'a', v: 1 },
          { k: 'b', v: 2 },
        ],
      },
    );
    const reworded = { ...o, differences: o.differences!.map((d) => ({ ...d, message: 'something else' })) };
    expect(as(outputView(reworded), 'table').rows[2]!.state).toBe('missing');
    // the kind wins over which values a difference happens to carry
    expect(differenceKind({ path: 'rows[2]', message: '', kind: 'extra', expected: 1 })).toBe('extra');
    // reports written before comparators set it: the values present decide
    expect(differenceKind({ path: 'rows[2]', message: '', expected: 1 })).toBe('missing');
    expect(differenceKind({ path: 'rows[2]', message: '', actual: 1 })).toBe('extra');
    expect(differenceKind({ path: '', message: '' })).toBe('changed');
  });
});

describe('lines', () => {
  it('text: a line diff with 1-based line numbers, additions before removals in a block, every difference listed', async () => {
    const o = await compared('text', 'one\ntwo\nthree', 'one\nTWO\nthree\nfour');
    const v = as(outputView(o), 'lines');
    expect(v.items).toEqual([
      { op: ' ', text: 'one', e: 1, a: 1 },
      { op: '+', text: 'TWO', a: 2 },
      { op: '-', text: 'two', e: 2 },
      { op: ' ', text: 'three', e: 3, a: 3 },
      { op: '+', text: 'four', a: 4 },
    ]);
    expect(v.noLineDiffers).toBe(false);
    expect(v.differences.map((d) => d.path)).toEqual(['', 'line 2', 'line 4']);
    expect(v.values).toEqual({ expected: '"one\\ntwo\\nthree"', actual: '"one\\nTWO\\nthree\\nfour"' });
  });

  it('PDF text: the lines the comparator reported, under the place they are', async (ctx) => {
    skipWithout(ctx, 'pdfjs-dist');
    const pdf = (name: string) => ({
      filename: 'report.pdf',
      mime_type: 'application/pdf',
      data: caseFile('pdf', name, 'application/pdf'),
    });
    const o = await compared('file', pdf('01a.pdf'), pdf('04b.pdf'), { compare: 'mime_dispatch' });
    const v = as(outputView(o), 'lines');
    expect(v.items).toEqual([
      { op: '@', label: 'content.page[1]' },
      { op: '-', text: 'Revenue grew 12% to 4.2 million.' },
      { op: '+', text: 'Revenue grew 15% to 4.2 million.' },
    ]);
  });
});

describe('series', () => {
  it('a line chart: each series as points over x, in expected and in actual, one name list for colours', async () => {
    const e = {
      x: [1, 2, 3],
      series: [
        { name: 'a', y: [1, 2, 3] },
        { name: 'b', y: [0, 0, 0] },
      ],
    };
    const a = {
      x: [1, 2, 3],
      series: [
        { name: 'a', y: [1, 2, 4] },
        { name: 'b', y: [0, 0, 0] },
      ],
    };
    const v = as(outputView(await compared('chart_line', e, a)), 'series');
    expect(v.mark).toBe('line');
    expect(v.names).toEqual(['a', 'b']);
    expect(v.expected[0]).toEqual({
      name: 'a',
      points: [
        [1, 1],
        [2, 2],
        [3, 3],
      ],
    });
    expect(v.actual[0]).toEqual({
      name: 'a',
      points: [
        [1, 1],
        [2, 2],
        [3, 4],
      ],
    });
    expect(v.differences.map((d) => d.path)).toEqual(['series[name=a].y[2]']);
  });

  it('a scatter is drawn as marks; pie slices by their label; histogram values sorted', async () => {
    const scatter = as(
      outputView(
        await compared(
          'chart_scatter',
          {
            series: [
              {
                name: 's',
                points: [
                  { x: 0, y: 0 },
                  { x: 1, y: 1 },
                ],
              },
            ],
          },
          { series: [{ name: 's', points: [{ x: 0, y: 0 }] }] },
        ),
      ),
      'series',
    );
    expect(scatter.mark).toBe('point');
    const pie = as(
      outputView(
        await compared(
          'chart_pie',
          {
            slices: [
              { label: 'Rent', value: 1200 },
              { label: 'Food', value: 400 },
            ],
          },
          {
            slices: [
              { label: 'Food', value: 400 },
              { label: 'Rent', value: 1300 },
            ],
          },
        ),
      ),
      'series',
    );
    expect(pie.actual[0]!.points).toEqual([
      [1, 400],
      [0, 1300],
    ]);
    const histogram = as(
      outputView(await compared('chart_histogram', { values: [3, 1, 2] }, { values: [3, 1, 9] })),
      'series',
    );
    expect(histogram.expected[0]!.points).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
  });
});

describe('media', () => {
  it("an image: expected and actual as data URLs with the comparator's diff image beside them", async (ctx) => {
    skipWithout(ctx, 'sharp');
    const o = await compared(
      'image',
      caseFile('image', '07-hue-change-a.png', 'image/png'),
      caseFile('image', '07-hue-change-b.png', 'image/png'),
    );
    expect(o.status).toBe('fail');
    const v = as(outputView(o), 'media');
    expect(v.pairs).toHaveLength(1);
    expect(v.pairs[0]!.expected).toMatchObject({
      kind: 'image',
      url: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect(v.pairs[0]!.actual).toMatchObject({ kind: 'image' });
    expect(v.diffs.length).toBeGreaterThan(0);
    expect(v.artifacts).toEqual([]); // drawn inside the media body, not again below it
  });

  it('a remote URL is kept as text, never as something to load', async () => {
    const png = caseFile('image', '07-hue-change-a.png', 'image/png');
    const v = as(outputView(await compared('image', 'https://example.com/x.png', png)), 'media');
    expect(v.pairs[0]!.expected).toEqual({ kind: 'text', text: 'https://example.com/x.png' });
    expect(v.pairs[0]!.actual).toMatchObject({ kind: 'image' });
  });

  it('a PDF compared visually: each differing page rendered expected, actual and diff in one row', async (ctx) => {
    skipWithout(ctx, 'pdfjs-dist', '@napi-rs/canvas');
    const pdf = (name: string) => ({ filename: 'chart.pdf', data: caseFile('real/pdf', name, 'application/pdf') });
    const o = await compared('file', pdf('chart-a.pdf'), pdf('chart-logo.pdf'), { pdf_compare: 'visual' });
    expect(o.status).toBe('fail');
    const v = as(outputView(o), 'media');
    expect(v.pairs).toHaveLength(1);
    expect(v.pairs[0]).toMatchObject({
      label: 'page 1',
      expected: { kind: 'image', url: expect.stringMatching(/^data:image\/png;base64,/) },
      actual: { kind: 'image' },
      diffs: [{ label: expect.stringMatching(/^page 1 diff/) }],
    });
    expect(v.diffs).toEqual([]);
    expect(v.differences.map((d) => d.path)).toEqual(['content.page[1]']);
  });

  it('audio: both recordings as players', async () => {
    const o = await compared(
      'audio',
      caseFile('audio', '01a.wav', 'audio/wav'),
      caseFile('audio', '11b.wav', 'audio/wav'),
    );
    expect(o.status).not.toBe('pass');
    const v = as(outputView(o), 'media');
    expect(v.pairs.map((p) => [p.expected?.kind, p.actual?.kind])).toEqual([['audio', 'audio']]);
  });
});

describe('json', () => {
  it('any other value: a line diff of both as pretty JSON', async () => {
    const v = as(
      outputView(
        await compared('kv', { pairs: [{ key: 'rate', value: 0.05 }] }, { pairs: [{ key: 'rate', value: 0.06 }] }),
      ),
      'json',
    );
    expect(v.items.filter((i) => i.op === '-' || i.op === '+')).toEqual([
      { op: '+', text: '      "value": 0.06', a: 5 },
      { op: '-', text: '      "value": 0.05', e: 5 },
    ]);
    expect(v.values).toBeNull();
  });
});

describe('line diffs of text that differs invisibly (docs/comparators.md, "Text")', () => {
  it('quotes and escapes a changed line only where it would otherwise look the same or hide a character', async () => {
    const expected = ['same\u00a0context', 'caf\u00e9', '日本語', 'end'].join('\n');
    const actual = ['same\u00a0context', 'cafe\u0301', '日木語', '\u200b', 'end'].join('\n');
    const view = as(outputView(await compared('text', expected, actual)), 'lines');
    expect(view.items.map((i) => ('text' in i ? `${i.op} ${i.text}` : i.op))).toEqual([
      '  same\u00a0context',
      '+ "cafe\\u0301"',
      '+ 日木語',
      '+ "\\u200b"',
      '- "caf\\u00e9"',
      '- 日本語',
      '  end',
    ]);
  });

  it('shows a table cell whose strings print alike in their escaped forms', async () => {
    const table = (item: string) => ({ columns: ['item'], rows: [[item]] });
    const view = as(outputView(await compared('table', table('caf\u00e9'), table('cafe\u0301'))), 'table');
    expect(view.rows[0]!.cells[0]!.change).toMatchObject({
      shown: { expected: '"caf\\u00e9"', actual: '"cafe\\u0301"' },
    });
  });
});
