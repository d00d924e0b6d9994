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

describe('the report value cap: digests made ahead and shared', () => {
  it('a digest made while the tool works is the one keep() reports', async () => {
    const { value, text } = table(20_000);
    const cap = createValueCap(LIMITS);
    cap.digestAhead(value);
    // let it run to its end, a slice at a time
    for (let i = 0; i < 200; i++) await new Promise((r) => setImmediate(r));
    expect(truncated(cap.keep(value))).toMatchObject({ json_chars: text.length, sha256: sha(text) });
  });

  it('keep() finishes a digest begun ahead rather than starting again, and the rest of it stops', async () => {
    const { value, text } = table(300_000);
    const cap = createValueCap(LIMITS);
    cap.digestAhead(value); // its first slice only: the rest waits for the event loop
    const marker = truncated(cap.keep(value));
    expect(marker).toMatchObject({ json_chars: text.length, sha256: sha(text) });
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    expect(truncated(createValueCap(LIMITS).keep(value))).toEqual(marker);
  });

  it('an answer with the same JSON text as its fixture gets the fixture digest; one cell off, its own', () => {
    const expected = table(5_000);
    const cap = createValueCap(LIMITS);
    const e = truncated(cap.keep(expected.value));
    const same = table(5_000);
    expect(truncated(cap.keep(same.value, { sameAs: expected.value }))).toEqual(e);
    const off = table(5_000, 4_321);
    expect(off.text).not.toBe(expected.text);
    expect(truncated(cap.keep(off.value, { sameAs: expected.value }))).toMatchObject({
      json_chars: off.text.length,
      sha256: sha(off.text),
    });
  });

  it('does nothing ahead for a value the report keeps whole', () => {
    const small = { a: [1, 2, 3] };
    const cap = createValueCap(LIMITS);
    cap.digestAhead(small);
    cap.digestAhead('a string');
    cap.digestAhead(null);
    expect(cap.keep(small)).toBe(small);
  });
});
