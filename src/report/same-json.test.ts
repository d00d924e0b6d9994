import { describe, expect, it } from 'vitest';
import { parseJsonWithRowColumns } from '../util/parse-json-rows.js';
import { rowColumnsOf } from '../util/row-columns.js';
import { sameJsonText } from './same-json.js';

/** `text` parsed with its `rows` held as columns (util/parse-json-rows.ts), as a large table is. */
function held(text: string): { rows: unknown[] } {
  const v = parseJsonWithRowColumns(text, (p) => p.length === 1 && p[0] === 'rows', 0) as { rows: unknown[] };
  expect(rowColumnsOf(v.rows)).toBeDefined();
  return v;
}

const table = (rows: unknown[][]) => JSON.stringify({ columns: ['n', 's', 'mixed'], rows });
const ROWS = Array.from({ length: 300 }, (_, i) => [i / 7, `row ${i}`, i % 3 === 0 ? null : i % 3 === 1 ? 'x' : i]);

describe('sameJsonText', () => {
  it('agrees with comparing the JSON text, for plain values', () => {
    const cases: [unknown, unknown][] = [
      [
        { a: 1, b: [1, 'x', null, true] },
        { a: 1, b: [1, 'x', null, true] },
      ],
      [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ], // key order is part of the text
      [
        [1, 2],
        [1, 2, 3],
      ],
      [
        [1, [2, [3]]],
        [1, [2, [4]]],
      ],
      [{ a: 'é\n' }, { a: 'é\n' }],
      [-0, 0], // both "0"
      [[-0], [0]],
      [{ a: 1 }, [1]],
      ['1', 1],
      [null, {}],
      [[], {}],
    ];
    for (const [a, b] of cases)
      expect(sameJsonText(a, b), JSON.stringify([a, b])).toBe(JSON.stringify(a) === JSON.stringify(b));
  });

  it('says "not the same" where it cannot tell cheaply, never "the same" wrongly', () => {
    // NaN and null write alike, as do a toJSON object and its result: answered false, which only costs work
    expect(sameJsonText([Number.NaN], [null])).toBe(false);
    const date = new Date(0);
    expect(sameJsonText({ d: date }, { d: date.toJSON() })).toBe(false);
    expect(sameJsonText({ d: date }, { d: date })).toBe(true);
  });

  it('compares rows held as columns cell for cell, without making the rows', () => {
    const a = held(table(ROWS));
    expect(sameJsonText(a, held(table(ROWS)))).toBe(true);
    expect(sameJsonText(a, JSON.parse(table(ROWS)))).toBe(false); // held against plain: not compared, not claimed
    for (const [i, c, v] of [
      [0, 0, 1e-300], // a number column
      [150, 1, 'row 151'], // a string column
      [299, 2, 299.5], // a column of numbers, strings and nulls
      [3, 2, 'x'], // null → string in the mixed column
    ] as const) {
      const changed = ROWS.map((r) => [...r]);
      changed[i]![c] = v;
      expect(sameJsonText(a, held(table(changed))), `row ${i} column ${c}`).toBe(false);
    }
    expect(sameJsonText(a, held(table(ROWS.slice(1))))).toBe(false);
    const objectRows = held(
      JSON.stringify({ columns: ['n', 's', 'mixed'], rows: ROWS.map((r) => ({ n: r[0], s: r[1], m: r[2] })) }),
    );
    expect(
      sameJsonText(
        objectRows,
        held(JSON.stringify({ columns: ['n', 's', 'mixed'], rows: ROWS.map((r) => ({ n: r[0], s: r[1], m: r[2] })) })),
      ),
    ).toBe(true);
    expect(
      sameJsonText(
        objectRows,
        held(JSON.stringify({ columns: ['n', 's', 'mixed'], rows: ROWS.map((r) => ({ n: r[0], s: r[1], z: r[2] })) })),
      ),
    ).toBe(false);
  });
});
