import { describe, expect, it } from 'vitest';
import { parseJsonWithRowColumns, tableRowsIn } from './parse-json-rows.js';
import { tooDeep } from './nesting.js';
import { rowColumnsOf } from './row-columns.js';
import { parseJson, stringifyJson } from './python-json.js';

const atT = tableRowsIn([{ key: 't', type: 'table' }])!;

/** A pseudo-random document with a table `t` of `n` rows (arrays or objects) and cells of every JSON kind. */
function documentText(seed: number, n: number, shape: 'array' | 'object', bare: boolean): string {
  let s = seed;
  const rand = () => (s = (s * 16807) % 2147483647) / 2147483647;
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const cell = (depth: number): unknown => {
    const r = rand();
    if (r < 0.45) return (Math.round(rand() * 1e6) / 100) * (rand() < 0.2 ? -1 : 1);
    if (r < 0.55) return pick([0, -0, 1e300, 5e-324, 123456789012, 2 ** 53 + 2]);
    if (r < 0.75) return pick(['a', 'b"c', 'd\\', '],[', '{"x":1}', 'é\u2028', '', '\\"]', '\u0000', '😀']);
    if (r < 0.85 || depth > 1) return pick([null, true, false]);
    return rand() < 0.5 ? [cell(depth + 1), cell(depth + 1)] : { k: cell(depth + 1), '[': cell(depth + 1) };
  };
  const keys = ['a', 'b', 'c', 'd'];
  const rows = Array.from({ length: n }, () =>
    shape === 'array' ? keys.map(() => cell(0)) : Object.fromEntries(keys.map((k) => [k, cell(0)])),
  );
  const doc = { name: 'x', before: [[1, 2]], t: bare ? rows : { columns: keys, rows }, after: { rows: [[3]] } };
  return JSON.stringify(doc, null, seed % 2 ? 1 : undefined);
}

describe('parseJsonWithRowColumns', () => {
  it('gives the value parseJson gives (JSON.parse, integers beyond 2^53 kept as their text), rows held as columns, over row lists cut into many slices', () => {
    for (const [seed, shape, bare] of [
      [1, 'array', false],
      [2, 'object', false],
      [3, 'array', true],
      [4, 'object', true],
    ] as const) {
      const text = documentText(seed, 6000, shape, bare);
      expect(text.length).toBeGreaterThan(4 * 64 * 1024);
      // the text, or its UTF-8 bytes (a /run answer), cut between rows but never inside a character
      for (const input of [text, Buffer.from(text)]) {
        const v = parseJsonWithRowColumns(input, atT, 0) as { t: { rows: unknown[] } | unknown[] };
        const rows = bare ? v.t : (v.t as { rows: unknown[] }).rows;
        expect(rowColumnsOf(rows)?.length).toBe(6000);
        expect(JSON.stringify(v)).toBe(JSON.stringify(JSON.parse(text)));
        expect(stringifyJson(v)).toBe(stringifyJson(parseJson(text)));
        expect(v).toEqual(parseJson(text));
      }
    }
  });

  it('reads the rows as an ordinary array that refuses writes', () => {
    const text = '{"t": {"rows": [[1, "a", {"x": [2]}], [-0, null, true]]}}';
    const rows = (parseJsonWithRowColumns(text, atT, 0) as { t: { rows: unknown[][] } }).t.rows;
    expect(rowColumnsOf(rows)).toBeDefined();
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.length).toBe(2);
    expect(rows[1]).toEqual([-0, null, true]);
    expect(Object.is(rows[1]![0], -0)).toBe(true);
    expect([...rows]).toEqual([
      [1, 'a', { x: [2] }],
      [-0, null, true],
    ]);
    expect(rows.map((r) => r[0])).toEqual([1, -0]);
    expect(Object.keys(rows)).toEqual(['0', '1']);
    expect(rows['01' as unknown as number]).toBeUndefined();
    expect(rows[2]).toBeUndefined();
    expect(() => {
      rows[0] = [];
    }).toThrow(TypeError);
    expect(() => rows.push([])).toThrow(TypeError);
  });

  it('keeps rows of different shapes, or with a __proto__ key, as JSON.parse makes them', () => {
    for (const rows of [
      [[1, 2], [3]],
      [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ],
      [[1], { a: 1 }],
      [[1], 2],
      [JSON.parse('{"__proto__": 1, "a": 2}')],
    ]) {
      const text = JSON.stringify({ t: { rows } });
      const v = parseJsonWithRowColumns(text, atT, 0) as { t: { rows: unknown[] } };
      expect(rowColumnsOf(v.t.rows)).toBeUndefined();
      expect(v).toEqual(JSON.parse(text));
    }
    const proto = parseJsonWithRowColumns('{"t":{"rows":[{"__proto__":{"polluted":1}}]}}', atT, 0) as {
      t: { rows: object[] };
    };
    expect(Object.hasOwn(proto.t.rows[0]!, '__proto__')).toBe(true);
    expect(({} as { polluted?: number }).polluted).toBeUndefined();
  });

  it('throws what JSON.parse throws for text it refuses, wherever the mistake is', () => {
    const good = documentText(6, 3000, 'array', false);
    for (const bad of [
      good.slice(0, good.length / 2),
      good.replace('],[', '],,['),
      good.replace(/\]\]\}/, '],]}'),
      `${good} x`,
      good.replace('"rows":[', '"rows":[,'),
      good.replace(/"b\\"c"/, '"b\\"c'),
    ]) {
      expect(bad).not.toBe(good);
      let want = '';
      try {
        JSON.parse(bad);
      } catch (err) {
        want = (err as Error).message;
      }
      expect(want).not.toBe('');
      expect(() => parseJsonWithRowColumns(bad, atT, 0)).toThrow(want);
      expect(() => parseJsonWithRowColumns(Buffer.from(bad), atT, 0)).toThrow(want);
    }
  });

  it('keeps the last of a key written twice, as JSON.parse does', () => {
    const rows = JSON.stringify(Array.from({ length: 50 }, (_, i) => [i, `r${i}`]));
    const first = parseJsonWithRowColumns(`{"t":{"rows":${rows}},"t":5}`, atT, 0);
    expect(first).toEqual({ t: 5 });
    const last = parseJsonWithRowColumns(`{"t":{"rows":[[0,"x"]]},"t":{"rows":${rows}}}`, atT, 0) as {
      t: { rows: unknown[] };
    };
    expect(rowColumnsOf(last.t.rows)?.length).toBe(50);
    expect(last).toEqual(JSON.parse(`{"t":{"rows":${rows}}}`));
  });

  it('leaves lists at other paths, and row lists below the size, to JSON.parse', () => {
    const rows = Array.from({ length: 20 }, (_, i) => [i]);
    const text = JSON.stringify({ u: { rows }, t: { rows }, x: [{ t: { rows } }] });
    const v = parseJsonWithRowColumns(text, atT, 0) as Record<string, { rows: unknown[] }>;
    expect(rowColumnsOf(v.u!.rows)).toBeUndefined();
    expect(rowColumnsOf(v.t!.rows)).toBeDefined();
    expect(rowColumnsOf((v.x as unknown as { t: { rows: unknown[] } }[])[0]!.t.rows)).toBeUndefined();
    const small = parseJsonWithRowColumns(text, atT) as Record<string, { rows: unknown[] }>;
    expect(rowColumnsOf(small.t!.rows)).toBeUndefined();
  });

  it('finds table rows where the outputs lie, and nowhere else', () => {
    const outputs = [
      { key: 't', type: 'table' },
      { key: 'u', type: 'chart' },
    ];
    const inFixture = tableRowsIn(outputs, ['expected_outputs'])!;
    expect(inFixture(['expected_outputs', 't', 'rows'])).toBe(true);
    expect(inFixture(['expected_outputs', 't'])).toBe(true);
    for (const other of [
      ['inputs', 't', 'rows'],
      ['t', 'rows'],
      ['expected_outputs', 'u', 'rows'],
      ['expected_outputs', 't', 'columns'],
      ['expected_outputs', 't', 'rows', 0],
      ['expected_outputs'],
    ])
      expect(inFixture(other)).toBe(false);
    expect(tableRowsIn([{ key: 'u', type: 'chart' }])).toBeUndefined();
  });

  it('still shows a cell nested too deep to the depth check, and lets flat held rows through', () => {
    const deep = `${'['.repeat(300)}1${']'.repeat(300)}`;
    const text = `{"t":{"rows":[[1,"a"],[2,${deep}],[3,"c"]]}}`;
    const v = parseJsonWithRowColumns(text, atT, 0) as { t: { rows: unknown[] } };
    expect(rowColumnsOf(v.t.rows)?.nested).toBe(true);
    expect(tooDeep(v, 256)?.slice(0, 5)).toEqual(['t', 'rows', 1, 1, 0]);
    const flat = parseJsonWithRowColumns('{"t":{"rows":[[1,"a"],[2,"b"]]}}', atT, 0) as { t: { rows: unknown[] } };
    expect(rowColumnsOf(flat.t.rows)?.nested).toBe(false);
    expect(tooDeep(flat, 256)).toBeNull();
    expect(tooDeep(flat, 3)).toEqual(['t', 'rows', 0]);
  });
});
