import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseJsonWithRowColumns } from '../util/parse-json-rows.js';
import { createValueCap, type TruncatedValue } from './value-cap.js';

const LIMITS = { valueChars: 1000, totalChars: 1e9, depth: 64 };

/** A table of `n` rows as a large fixture or answer holds it (rows as columns), and its JSON text. */
function table(n: number, nudge = -1): { value: object; text: string } {
  const rows = Array.from({ length: n }, (_, i) => [i, `row ${i % 97}`, i / 7 + (i === nudge ? 1e-9 : 0), i % 5 === 0]);
  const text = JSON.stringify({ columns: ['id', 'name', 'x', 'flag'], rows });
  return { value: parseJsonWithRowColumns(text, (p) => p.length === 1 && p[0] === 'rows', 0) as object, text };
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const truncated = (v: unknown) => (v as TruncatedValue).$truncated;

describe('the report value cap: digests shared between equal values', () => {
  it('an answer with the same JSON text as its fixture gets the fixture digest; one cell off, its own', () => {
    const expected = table(5_000);
    const cap = createValueCap(LIMITS);
    const e = truncated(cap.keep(expected.value));
    expect(e).toMatchObject({ json_chars: expected.text.length, sha256: sha(expected.text) });
    const same = table(5_000);
    expect(truncated(cap.keep(same.value, { sameAs: expected.value }))).toEqual(e);
    for (const nudge of [0, 2_500, 4_999]) {
      const off = table(5_000, nudge);
      expect(off.text).not.toBe(expected.text);
      expect(truncated(cap.keep(off.value, { sameAs: expected.value })), `row ${nudge}`).toMatchObject({
        json_chars: off.text.length,
        sha256: sha(off.text),
      });
    }
  });

  it('a value digested once is not digested again by another cap, and gives the same marker', () => {
    const { value, text } = table(5_000);
    const first = truncated(createValueCap(LIMITS).keep(value));
    const again = truncated(createValueCap(LIMITS).keep(value));
    expect(again).toEqual(first);
    expect(again).toMatchObject({ json_chars: text.length, sha256: sha(text) });
  });

  it('a sameAs that was never digested (or is no object) changes nothing', () => {
    const { value, text } = table(3_000);
    const cap = createValueCap(LIMITS);
    for (const sameAs of [table(3_000).value, 'text', null, undefined])
      expect(truncated(cap.keep(value, { sameAs }))).toMatchObject({ json_chars: text.length, sha256: sha(text) });
  });
});
