// The dashboard's per-type diff views, rendered to HTML without a browser.
import { describe, expect, it } from 'vitest';
import type { OutputComparison } from '../src/model/report.js';
import { lineDiff, withContext } from '../src/util/line-diff.js';
import { outputDetail } from '../src/report/html/output-detail.js';

function comparison(over: Partial<OutputComparison>): OutputComparison {
  return {
    key: 'k',
    type: 'text',
    comparator: 'text',
    status: 'fail',
    score: 0,
    metric: 'm',
    rule: 'exact',
    expected: '',
    actual: '',
    tolerance: {},
    ...over,
  };
}

describe('line diff', () => {
  it('keeps common lines and marks removed and added ones in order', () => {
    expect(lineDiff('a\nb\nc\nd', 'a\nB\nc\nd\ne').map((l) => `${l.op}${l.text}`)).toEqual([
      ' a',
      '+B',
      '-b',
      ' c',
      ' d',
      '+e',
    ]);
    expect(lineDiff('same', 'same')).toEqual([{ op: ' ', text: 'same', e: 1, a: 1 }]);
  });

  it('folds long unchanged runs around the changes', () => {
    const e = Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n');
    const a = e.replace('line 20', 'line twenty');
    const items = withContext(lineDiff(e, a), 2);
    expect(items[0]).toEqual({ op: '…', skipped: 18 });
    expect(items.filter((i) => i.op === '-' || i.op === '+')).toHaveLength(2);
    expect(items.at(-1)).toEqual({ op: '…', skipped: 17 });
  });

  it('diffs large inputs with no common lines (falls back past the LCS limit)', () => {
    const e = Array.from({ length: 5000 }, (_, i) => `e${i}`).join('\n');
    const a = Array.from({ length: 5000 }, (_, i) => `a${i}`).join('\n');
    const d = lineDiff(e, a);
    expect(d).toHaveLength(10_000);
    expect(d.filter((item) => item.op === '-')).toHaveLength(5000);
    expect(d.filter((item) => item.op === '+')).toHaveLength(5000);
  });
});

describe('output views', () => {
  it('text: a line diff, with markup in the values escaped', () => {
    const html = outputDetail(comparison({ expected: 'hello\n<b>world</b>', actual: 'hello\n<i>world</i>' })).value;
    expect(html).toContain('<span class="del">- &lt;b&gt;world&lt;/b&gt;</span>');
    expect(html).toContain('<span class="ins">+ &lt;i&gt;world&lt;/i&gt;</span>');
    expect(html).not.toContain('<b>world');
  });

  it('number: expected, actual, signed difference, the rule and the tolerance', () => {
    const html = outputDetail(
      comparison({
        type: 'number',
        comparator: 'number',
        expected: { value: 10 },
        actual: 9.5,
        rule: 'abs 0.1 or rel 1e-4',
        tolerance: { abs: 0.1 },
      }),
    ).value;
    expect(html).toMatch(/expected<\/th><td class="num">10</);
    expect(html).toMatch(/actual<\/th><td class="num">9.5</);
    expect(html).toContain('-0.5');
    expect(html).toContain('abs 0.1 or rel 1e-4');
    expect(html).toContain('{&quot;abs&quot;:0.1}');
  });

  it('image: data URLs side by side with the diff artifact; remote URLs are never loaded', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const html = outputDetail(
      comparison({
        type: 'image',
        comparator: 'image',
        expected: png,
        actual: { value: png },
        artifacts: [{ label: 'diff', data_url: png }],
      }),
    ).value;
    expect(html.match(/<img /g)).toHaveLength(3);
    const remote = outputDetail(
      comparison({ type: 'image', comparator: 'image', expected: 'https://example.com/x.png', actual: png }),
    ).value;
    expect(remote.match(/<img /g)).toHaveLength(1);
    expect(remote).toContain('https://example.com/x.png');
    const grid = outputDetail(
      comparison({
        type: 'image_grid',
        comparator: 'image',
        expected: { images: [{ value: png }, { value: png }] },
        actual: { images: [{ value: png }] },
      }),
    ).value;
    expect(grid).toContain('images[1]');
  });

  it('PDF text: per-line differences as removed/added lines', () => {
    const html = outputDetail(
      comparison({
        type: 'file',
        comparator: 'file:pdf',
        expected: 'PDF, 1 page(s), 900 bytes',
        actual: 'PDF, 1 page(s), 901 bytes',
        differences: [
          { path: 'page 1 line 3', message: 'line differs', expected: 'Total: 10.00', actual: 'Total: 10.50' },
        ],
      }),
    ).value;
    expect(html).toContain('<span class="del">- Total: 10.00</span>');
    expect(html).toContain('<span class="ins">+ Total: 10.50</span>');
  });

  it('charts: series overlaid on one SVG (lines dashed for expected; scatter as rings and dots)', () => {
    const line = outputDetail(
      comparison({
        type: 'chart_line',
        comparator: 'chart',
        expected: { x: [1, 2, 3], series: [{ name: 'a', y: [1, 2, 3] }] },
        actual: { x: [1, 2, 3], series: [{ name: 'a', y: [1, 2, 4] }] },
      }),
    ).value;
    expect(line.match(/<polyline /g)).toHaveLength(2);
    expect(line).toContain('stroke-dasharray');
    const scatter = outputDetail(
      comparison({
        type: 'chart_scatter',
        comparator: 'chart',
        expected: {
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
        actual: { series: [{ name: 's', points: [{ x: 0, y: 0 }] }] },
      }),
    ).value;
    expect(scatter.match(/<circle /g)).toHaveLength(3);
  });

  it('tables: differing cells highlighted, missing rows struck out, other differences listed', () => {
    const expected = {
      columns: [
        { key: 'k', label: 'K' },
        { key: 'v', label: 'V' },
      ],
      rows: [
        { k: 'a', v: 1 },
        { k: 'b', v: 2 },
        { k: 'c', v: 3 },
      ],
    };
    const html = outputDetail(
      comparison({
        type: 'table',
        comparator: 'table',
        expected,
        actual: {
          columns: expected.columns,
          rows: [
            { k: 'a', v: 1 },
            { k: 'b', v: 5 },
            { k: 'd', v: 4 },
          ],
        },
        differences: [
          { path: 'rows[1].v', message: 'expected 2, got 5', expected: 2, actual: 5 },
          {
            path: 'rows[2]',
            message: 'row missing in actual: expected row 2 {"k":"c","v":3}',
            expected: { k: 'c', v: 3 },
          },
          {
            path: 'rows[2]',
            message: 'row not expected (extra in actual): actual row 2 {"k":"d","v":4}',
            actual: { k: 'd', v: 4 },
          },
        ],
      }),
    ).value;
    expect(html).toMatch(/<td class="cell-diff"[^>]*><del>2<\/del> <ins>5<\/ins><\/td>/);
    expect(html).toContain('<tr class="row-missing"><th>2</th>');
    expect(html).toContain('row not expected (extra in actual)');
  });
});
