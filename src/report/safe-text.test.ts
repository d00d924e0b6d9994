import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { safeText } from './safe-text.js';
import { parseJsonWithRowColumns } from '../util/parse-json-rows.js';
import { rowColumnsOf } from '../util/row-columns.js';
import { createValueCap, isTruncatedValue, type TruncatedValue } from './value-cap.js';

describe('safeText', () => {
  it('removes escape sequences and shows other control characters escaped', () => {
    expect(safeText('\u001b[31mred\u001b[0m \u009b2J\rover\u0007')).toBe('red \\rover\\u0007');
    expect(safeText('tab\tand\nnewline')).toBe('tab\tand\nnewline');
    expect(safeText('one\nline', true)).toBe('one\\nline');
    expect(safeText('right-to-left \u202e override')).toBe('right-to-left \\u202e override');
  });

  it('never lets a line start with a workflow command', () => {
    const out = safeText('ok\n::error file=a::x\n   ::add-mask::secret\nmid ::warning:: stays');
    expect(out.split('\n').filter((l) => /^\s*::/.test(l))).toEqual([]);
    expect(out).toBe('ok\n:\u200b:error file=a::x\n   :\u200b:add-mask::secret\nmid ::warning:: stays');
  });
});

describe('the report value cap', () => {
  it('keeps values within the limits and replaces the others with a marker that notes their size', () => {
    const cap = createValueCap({ valueChars: 20, totalChars: 30, depth: 3 });
    expect(cap.keep('short')).toBe('short');
    expect(cap.keep(12345)).toBe(12345);
    expect(cap.keep({ a: [1, 2] })).toEqual({ a: [1, 2] });
    const long = cap.keep('y'.repeat(50));
    expect(long).toEqual({
      $truncated: {
        json_chars: 52,
        kind: 'a string of 50 characters',
        preview: 'y'.repeat(50),
        why: 'it is larger than the 20 B a report keeps of one value',
        sha256: createHash('sha256')
          .update(JSON.stringify('y'.repeat(50)))
          .digest('hex'),
      },
    });
    expect(isTruncatedValue(long)).toBe(true);
    expect(cap.keep([[[[1]]]])).toMatchObject({
      $truncated: { why: expect.stringMatching(/nests more than 3 levels/) },
    });
    // the total is shared: 'short' (5) and the object (12) used 17 of 30
    expect(cap.keep('z'.repeat(15))).toMatchObject({
      $truncated: { why: expect.stringMatching(/had already used the 30 B/) },
    });
    expect(cap.keepEach({ ['__proto__']: 'p', ok: 1 })).toEqual(JSON.parse('{"__proto__": "p", "ok": 1}'));
  });

  it("notes a large value's exact JSON size and SHA-256, counted in pieces, and writes a media value's bytes to a file", () => {
    const cap = createValueCap({ valueChars: 1000, totalChars: 1e9, depth: 256 });
    const table = {
      columns: ['id', 'name', 'x'],
      rows: Array.from({ length: 5000 }, (_, i) => [i, `row "${i}"\n`, i / 7, { deep: [i, null, true] }]),
    };
    const text = JSON.stringify(table);
    expect(cap.keep(table)).toMatchObject({
      $truncated: { json_chars: text.length, sha256: createHash('sha256').update(text).digest('hex') },
    });
    const long = `é${'😀'.repeat(70_000)}\u0001`;
    expect(cap.keep(long)).toMatchObject({
      $truncated: {
        json_chars: JSON.stringify(long).length,
        sha256: createHash('sha256').update(JSON.stringify(long)).digest('hex'),
      },
    });
    const png = Buffer.from('\x89PNG fake bytes '.repeat(100));
    const marker = cap.keep(`data:image/png;base64,${png.toString('base64')}`, { media: true }) as TruncatedValue;
    expect(marker.$truncated.file).toMatch(new RegExp(`${marker.$truncated.sha256}\\.png$`));
    expect(readFileSync(marker.$truncated.file!)).toEqual(png);
    expect((cap.keep('z'.repeat(2000)) as TruncatedValue).$truncated.file).toBeUndefined();
  });

  it('counts a value as JSON.stringify writes it, escapes included, to keep exactly what fits', () => {
    const strings = [
      'plain',
      'quote " and \\ back',
      'tab\tnew\nline\u0001\u001f\u007f',
      '😀 pair',
      '\ud800 lone',
      'lone \udc00',
      '\u0001\udc00',
      '\ud83d',
    ];
    for (const v of [...strings, { [strings[1]!]: strings[2], [strings[4]!]: [strings[5], 1.5e-7, -0] }]) {
      const exact = JSON.stringify(v).length;
      expect(createValueCap({ valueChars: exact, totalChars: 1e9, depth: 8 }).keep(v)).toBe(v);
      expect(createValueCap({ valueChars: exact - 1, totalChars: 1e9, depth: 8 }).keep(v)).toMatchObject({
        $truncated: { json_chars: exact },
      });
    }
  });

  it('measures and hashes rows held as columns exactly as the same rows parsed whole', () => {
    const cell = (i: number) => [i, -0, 0.1 * i, 1e21 * i, `"é\n${'😀'.repeat(i % 3)}\u0001`, i % 2 === 0, null];
    const texts = [
      JSON.stringify({
        columns: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
        rows: Array.from({ length: 1300 }, (_, i) => cell(i)),
      }),
      JSON.stringify({
        rows: Array.from({ length: 1300 }, (_, i) => Object.fromEntries(cell(i).map((v, k) => [`k${k}`, v]))),
      }),
    ];
    for (const text of texts) {
      const held = parseJsonWithRowColumns(text, (p) => p.length === 1 && p[0] === 'rows', 0) as { rows: unknown[] };
      expect(rowColumnsOf(held.rows)).toBeDefined();
      const plain = JSON.parse(text) as unknown;
      const exact = JSON.stringify(plain).length;
      const marker = (v: unknown, limits: { valueChars: number; depth: number }) =>
        createValueCap({ ...limits, totalChars: 1e9 }).keep(v);
      // too large by one character, the same marker; within the limit, kept as it is
      for (const limits of [
        { valueChars: exact - 1, depth: 256 },
        { valueChars: 1000, depth: 256 },
      ]) {
        expect(marker(held, limits)).toEqual(marker(plain, limits));
        expect(marker(held, limits)).toMatchObject({
          $truncated: { json_chars: exact, sha256: createHash('sha256').update(JSON.stringify(plain)).digest('hex') },
        });
      }
      expect(marker(held, { valueChars: exact, depth: 256 })).toBe(held);
      // the table, its rows and a row: three levels
      expect(marker(held, { valueChars: exact, depth: 3 })).toBe(held);
      expect(marker(held, { valueChars: exact, depth: 2 })).toEqual(marker(plain, { valueChars: exact, depth: 2 }));
      expect(marker(held, { valueChars: exact, depth: 2 })).toMatchObject({
        $truncated: { why: expect.stringMatching(/nests more than 2 levels/) },
      });
    }
  });
});
