// Numbers as Python's json writes them (NaN, Infinity, integers past 2^53), read by parseJson as
// check 12 reads a fixture and an answer, through every family that compares numbers
// (docs/tolerance.md, "NaN, infinities and long numbers").
import { describe, expect, it } from 'vitest';
import { parseJson } from '../util/python-json.js';
import type { OutputType } from '../model/manifest.js';
import type { Tolerance } from '../model/tolerance.js';
import { comparatorFor } from './index.js';
import type { ComparisonResult } from './types.js';
import { resultText } from './kit/comparator-tester.test-helper.js';

async function compare(
  type: OutputType,
  expectedText: string,
  actualText: string,
  tolerance: Tolerance = {},
): Promise<ComparisonResult> {
  const comparator = comparatorFor(type);
  return comparator.compare({
    key: 'out',
    type,
    expected: parseJson(expectedText),
    actual: parseJson(actualText),
    tolerance: { ...comparator.defaults(type), ...tolerance },
  });
}

describe('numbers as Python writes them, in every family that compares numbers', () => {
  it('number: NaN equals NaN; NaN against 0.5 fails naming both', async () => {
    expect((await compare('number', 'NaN', 'NaN')).status).toBe('pass');
    const r = await compare('number', 'NaN', '0.5');
    expect(r.status).toBe('fail');
    expect(r.differences?.[0]?.message).toBe('expected NaN, got 0.5: NaN equals only NaN');
  });

  it('number: 9007199254740993 against 9007199254740992 fails under compare: exact, both printed as written', async () => {
    const r = await compare('number', '9007199254740993', '9007199254740992', { compare: 'exact' });
    expect(r.status, resultText(r)).toBe('fail');
    expect(r.metric).toMatch(/^abs diff 1,/);
    expect(r.differences?.[0]?.message).toBe(
      'expected 9007199254740993, got 9007199254740992 (abs diff 1) exceeds exact',
    );
  });

  it('number: 1e400 against 1e401, and integers past 2^53, fail under abs 0 (each pair is one double)', async () => {
    const r = await compare('number', '1e400', '1e401', { abs: 0 });
    expect(r.status).toBe('fail');
    expect(r.metric).not.toContain('abs diff 0,');
    // `abs: 0` alone, as tolerance.yaml's `order_id: { abs: 0 }` resolves (the built-in rel dropped)
    const absZero = (e: string, a: string) =>
      comparatorFor('number').compare({
        key: 'out',
        type: 'number',
        expected: parseJson(e),
        actual: parseJson(a),
        tolerance: { compare: 'abs_or_rel', abs: 0 },
      });
    const ids = await absZero('-9007199254740993', '-9007199254740992');
    expect(ids.status, resultText(ids)).toBe('fail');
    expect(ids.differences?.[0]?.message).toBe(
      'expected -9007199254740993, got -9007199254740992 (abs diff 1) exceeds abs 0',
    );
    expect((await absZero('1e400', '1e401')).status).toBe('fail');
    expect((await absZero('12345678901234567890', '12345678901234567890')).status).toBe('pass');
  });

  it('text, compare: json: {"id": …993} against {"id": …992} fails at id; NaN in the same place passes', async () => {
    const r = await compare('text', '"{\\"id\\": 9007199254740993}"', '"{\\"id\\": 9007199254740992}"', {
      compare: 'json',
    });
    expect(r.status, resultText(r)).toBe('fail');
    expect(r.differences?.[0]).toMatchObject({ path: 'id', message: expect.stringContaining('9007199254740993') });
    const same = await compare(
      'text',
      '"{\\"ratio\\": NaN, \\"n\\": -Infinity}"',
      '"{\\"ratio\\": NaN, \\"n\\": -Infinity}"',
      {
        compare: 'json',
      },
    );
    expect(same.status, resultText(same)).toBe('pass');
  });

  it('kv: a long id compares exactly; NaN equals NaN', async () => {
    const fail = await compare(
      'kv',
      '{"id": 9007199254740993, "sharpe": NaN}',
      '{"id": 9007199254740992, "sharpe": NaN}',
    );
    expect(fail.status, resultText(fail)).toBe('fail');
    expect(fail.differences?.map((d) => d.path)).toEqual(['id']);
    const pass = await compare(
      'kv',
      '{"id": 9007199254740993, "sharpe": NaN}',
      '{"id": 9007199254740993, "sharpe": NaN}',
    );
    expect(pass.status, resultText(pass)).toBe('pass');
  });

  it('table: key columns holding long ids pair only equal ids; NaN cells match NaN cells', async () => {
    const expected = '{"columns": ["id", "pnl"], "rows": [[9007199254740993, NaN], [9007199254740995, 1.5]]}';
    const swapped = '{"columns": ["id", "pnl"], "rows": [[9007199254740995, 1.5], [9007199254740993, NaN]]}';
    const keyed = await compare('table', expected, swapped, { key: ['id'] });
    expect(keyed.status, resultText(keyed)).toBe('pass');
    const unordered = await compare('table', expected, swapped, { rows: 'unordered' });
    expect(unordered.status, resultText(unordered)).toBe('pass');
    const other = '{"columns": ["id", "pnl"], "rows": [[9007199254740992, NaN], [9007199254740995, 1.5]]}';
    const r = await compare('table', expected, other, { key: ['id'] });
    expect(r.status, resultText(r)).toBe('fail');
    expect(resultText(r)).toContain('9007199254740993');
    const ordered = await compare('table', expected, other);
    expect(ordered.status).toBe('fail');
    expect(ordered.differences?.[0]?.message).toContain('expected 9007199254740993, got 9007199254740992');
  });

  it('chart: NaN in a series equals NaN; an infinity only the same infinity', async () => {
    const chart = (y: string) => `{"x": [1, 2, 3], "series": [{"name": "equity", "y": ${y}}]}`;
    expect((await compare('chart_line', chart('[1, NaN, Infinity]'), chart('[1, NaN, Infinity]'))).status).toBe('pass');
    const r = await compare('chart_line', chart('[1, NaN, Infinity]'), chart('[1, 2, -Infinity]'));
    expect(r.status).toBe('fail');
    expect(r.differences?.map((d) => d.path)).toEqual(['series[name=equity].y[1]', 'series[name=equity].y[2]']);
  });

  it('tree: a long integer deep inside differs from its neighbour', async () => {
    const tree = (id: string) => `{"root": {"label": "r", "children": [{"label": "a", "value": ${id}}]}}`;
    expect((await compare('tree', tree('9007199254740993'), tree('9007199254740993'))).status).toBe('pass');
    expect((await compare('tree', tree('9007199254740993'), tree('9007199254740992'))).status).toBe('fail');
  });
});
