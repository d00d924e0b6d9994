import { describe, expect, it } from 'vitest';
import { boundedLevenshtein, levenshtein } from './levenshtein.js';
import { lineDifferences, normalizeWhitespace, textComparator } from './text.js';
import { comparatorTester } from './kit/comparator-tester.test-helper.js';

const tester = comparatorTester(textComparator, { key: 't' });

function naiveLevenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

describe('textComparator: modes and defaults', () => {
  it('lists the documented spellings of every mode and those of the original Pixie', () => {
    for (const m of [
      'exact',
      'normalize_whitespace',
      'exact_after_normalize_whitespace',
      'json',
      'json_normalized',
      'levenshtein',
      'regex',
      'contains',
    ]) {
      expect(textComparator.modes).toContain(m);
    }
    expect(textComparator.defaults('text').compare).toBe('exact');
    expect(textComparator.defaults('markdown').compare).toBe('normalize_whitespace');
    expect(textComparator.defaults('latex').compare).toBe('normalize_whitespace');
  });

  it('exact: unwraps {value}, reports first line/column with a window and every differing line', () => {
    expect(tester.compare({ value: 'abc' }, 'abc').status).toBe('pass');
    const r = tester.compare('one\ntwo\nthree\nfour', 'one\nTWO\nthree\nfour\nfive');
    expect(r.status).toBe('fail');
    expect(r.metric).toMatch(
      /^first difference at line 2, column 1: expected "one\\ntwo\\nthree\\nfour"…?, got "one\\nTWO/,
    );
    expect(r.metric).toMatch(/2 of 5 lines differ$/);
    expect(r.differences!.map((d) => d.path)).toEqual(['', 'line 2', 'line 5']);
    expect(r.differences![1]!.message).toBe('line differs: expected "two", got "TWO"');
    expect(r.differences![2]!.message).toMatch(/^not expected \(extra line 5 in actual\)/);
  });

  it('exact: an inserted line is one difference, not a cascade', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i}`);
    const inserted = [...lines.slice(0, 10), 'NEW', ...lines.slice(10)];
    const r = tester.compare(lines.join('\n'), inserted.join('\n'));
    expect(r.differences!.slice(1)).toEqual([
      { path: 'line 11', message: 'not expected (extra line 11 in actual): "NEW"', actual: 'NEW' },
    ]);
  });

  it('caps line differences at 50 with a "… and N more" entry', () => {
    const e = Array.from({ length: 80 }, (_, i) => `a${i}`).join('\n');
    const a = Array.from({ length: 80 }, (_, i) => `b${i}`).join('\n');
    const summary = lineDifferences(e, a);
    expect(summary.differing).toBe(80);
    expect(summary.differences).toHaveLength(51);
    expect(summary.differences[50]!.message).toBe('… and 30 more differing lines');
  });

  it('exact is exact for latex too', () => {
    expect(tester.compare('a\\,b', 'a b', { compare: 'exact' }, 'latex').status).toBe('fail');
    expect(tester.compare('a\\,b', 'a b', {}, 'latex').status).toBe('pass');
    expect(tester.compare('a  b', 'a b', { compare: 'exact' }, 'latex').status).toBe('fail');
  });

  it('normalize_whitespace: runs collapse, line ends strip, outer blank lines drop, inner blank lines stay', () => {
    expect(normalizeWhitespace('\n\n  a \t b  \r\n\nc\t\n\n')).toBe(' a b\n\nc');
    expect(tester.compare('# T\n\nbody', '\n# T  \n\nbody\n\n', {}, 'markdown').status).toBe('pass');
    expect(tester.compare('# T\n\nbody', '# T\nbody', {}, 'markdown').status).toBe('fail');
    expect(tester.compare('a b', 'a   b', { compare: 'exact_after_normalize_whitespace' }).status).toBe('pass');
    expect(tester.compare('a b', 'a   b').status).toBe('fail');
  });

  it('json: structural with numeric tolerance, every difference by path', () => {
    const tol = { compare: 'json', abs: 0.005 };
    expect(tester.compare('{"a": 16470.09, "b": [1, 2]}', '{"b":[1,2],"a":16470.085}', tol).status).toBe('pass');
    const r = tester.compare('{"a": 1, "b": [1, 2], "c": true}', '{"a": 2, "b": [1], "d": null}', tol);
    expect(r.differences!.map((d) => d.path).sort()).toEqual(['a', 'b[1]', 'c', 'd']);
    expect(tester.compare('{"a":1}', '{"a":1.0}', { compare: 'json_normalized' }).status).toBe('pass');
    expect(tester.compare('{"a":1}', '{oops', tol).metric).toMatch(/^actual is not valid JSON/);
    expect(tester.compare({ a: 1 }, '{"a":1}', tol).status).toBe('pass');
  });

  it('levenshtein: similarity = 1 − distance / max length against min_similarity', () => {
    const tol = { compare: 'levenshtein', min_similarity: 0.9 };
    const r = tester.compare('abcdefghij', 'abcdefghiX', tol);
    expect(r.status).toBe('pass');
    expect(r.metric).toBe('similarity 0.9000 (distance 1 over 10 chars)');
    const f = tester.compare('abcdefghij', 'abcdefgXYZ', tol);
    expect(f.status).toBe('fail');
    // the failing similarity prints its value, not only that it is under the bound
    expect(f.metric).toMatch(/^similarity 0\.7000 \(distance 3 over 10 chars\)/);
    // beyond 10 kB the distance is not computed past the bound, and the message says so
    const long = 'a'.repeat(20_000);
    const far = tester.compare(long, 'b'.repeat(20_000), tol);
    expect(far.metric).toMatch(/^similarity < 0\.9000 \(distance > 2000 over 20000 chars\)/);
    expect(tester.compare('', '', tol).status).toBe('pass');
  });

  it('levenshtein: the bit-parallel banded distance agrees with the textbook DP', () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    for (let t = 0; t < 300; t++) {
      const alphabet = 'abc'.slice(0, 1 + Math.floor(rnd() * 3));
      const word = (n: number) =>
        Array.from({ length: n }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
      const a = word(Math.floor(rnd() * 90));
      const b =
        rnd() < 0.5
          ? word(Math.floor(rnd() * 90))
          : a.slice(0, Math.floor(rnd() * a.length)) + word(3) + a.slice(Math.floor(rnd() * a.length));
      const truth = naiveLevenshtein(a, b);
      expect(levenshtein(a, b)).toBe(truth);
      const k = Math.floor(rnd() * (truth + 5));
      const bounded = boundedLevenshtein(a, b, k);
      expect(bounded).toEqual(truth <= k ? { distance: truth, exact: true } : { distance: k + 1, exact: false });
    }
  });

  it('levenshtein: 100 kB strings with scattered edits', () => {
    let seed = 1;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const base = Array.from({ length: 100_000 }, () => String.fromCharCode(97 + Math.floor(rnd() * 26))).join('');
    const chars = base.split('');
    for (let i = 0; i < 500; i++) chars[Math.floor(rnd() * chars.length)] = '#';
    const r = tester.compare(base, chars.join(''), { compare: 'levenshtein', min_similarity: 0.99 });
    expect(r.status).toBe('pass');
    expect(r.metric).toMatch(/^similarity 0\.99\d+ \(distance \d+ over 100000 chars\)$/);
  });

  it('regex: the whole actual must match; an invalid pattern fails naming it', () => {
    const tol = { compare: 'regex' };
    expect(tester.compare('done in \\d+ ms', 'done in 42 ms', tol).status).toBe('pass');
    expect(tester.compare('done in \\d+ ms', 'done in 42 ms!', tol).status).toBe('fail');
    expect(tester.compare('a|b', 'b', tol).status).toBe('pass');
    expect(tester.compare('a.c', 'A\nC', { ...tol, regex_flags: 'is' }).status).toBe('pass');
    const bad = tester.compare('(unclosed', 'x', tol);
    expect(bad.status).toBe('fail');
    expect(bad.metric).toMatch(/^expected is not a valid regex "\(unclosed"/);
  });

  it('contains: actual contains expected', () => {
    expect(tester.compare('total: 5', 'report\ntotal: 5\nend', { compare: 'contains' }).status).toBe('pass');
    expect(tester.compare('total: 6', 'report\ntotal: 5\nend', { compare: 'contains' }).differences![0]!.message).toBe(
      'actual does not contain "total: 6"',
    );
  });

  it('fails on garbage and unknown modes without throwing; skip skips', () => {
    expect(tester.compare('a', 5).metric).toBe('actual is a number (5), expected a string');
    expect(tester.compare('a', { value: null }).metric).toBe('actual is null, expected a string');
    expect(tester.compare('a', 'a', { compare: 'fuzzy' }).metric).toMatch(/^unknown compare mode 'fuzzy'/);
    expect(tester.compare('a', 5, { compare: 'skip' }).status).toBe('skip');
  });
});

describe('textComparator: differences a reader cannot see (docs/comparators.md, "Text")', () => {
  const first = (e: string, a: string, tolerance = {}) => tester.compare(e, a, tolerance).differences![0]!.message;

  it('names the column in characters (code points), not UTF-16 units', () => {
    expect(first('😀😀x', '😀😀y')).toBe('first difference at line 1, column 3: expected "😀😀x", got "😀😀y"');
    expect(first('a\n😀😀😀b', 'a\n😀😀😀c')).toMatch(/^first difference at line 2, column 4:/);
    // an astral character that differs is one character at its own column, never half a surrogate pair
    expect(first('x😀', 'x😁')).toBe(
      'first difference at line 1, column 2: expected "x😀", got "x😁" (code points: expected U+1F600, got U+1F601)',
    );
  });

  it('escapes a BOM, zero-width and non-ASCII spaces and names their code points', () => {
    expect(first('abc', '\ufeffabc')).toBe(
      'first difference at line 1, column 1: expected "abc", got "\\ufeffabc" (code points: expected U+0061, got U+FEFF)',
    );
    expect(first('ab', 'a\u200bb')).toBe(
      'first difference at line 1, column 2: expected "ab", got "a\\u200bb" (code points: expected U+0062, got U+200B)',
    );
    expect(first('1 000', '1\u202f000')).toContain('got "1\\u202f000" (code points: expected U+0020, got U+202F)');
    // at the end of one side there is nothing to name on it
    expect(first('ab', 'ab\u200b')).toBe(
      'first difference at line 1, column 3 (expected ends here): expected "ab", got "ab\\u200b" (code points: expected nothing, got U+200B)',
    );
  });

  it('escapes what prints alike (NFC vs NFD, a ligature, a Cyrillic letter) and leaves visible differences as they are', () => {
    expect(first('caf\u00e9', 'cafe\u0301')).toBe(
      'first difference at line 1, column 4: expected "caf\\u00e9", got "cafe\\u0301" (code points: expected U+00E9, got U+0065 U+0301)',
    );
    expect(first('\ufb01le', 'file')).toContain('expected "\\ufb01le", got "file"');
    expect(first('a', '\u0430')).toContain('expected "a", got "\\u0430"');
    // Japanese that changed visibly keeps its characters, with their code points named
    expect(first('日本語', '日木語')).toBe(
      'first difference at line 1, column 2: expected "日本語", got "日木語" (code points: expected U+672C, got U+6728)',
    );
    // plain ASCII differences need no code points
    expect(first('cat', 'cut')).toBe('first difference at line 1, column 2: expected "cat", got "cut"');
  });

  it('normalize: nfc/nfd/nfkc/nfkd makes equivalent text equal in every mode, and says so', () => {
    const nfc = 'caf\u00e9 cr\u00e8me';
    const nfd = nfc.normalize('NFD');
    expect(tester.compare(nfc, nfd).status).toBe('fail');
    for (const form of ['nfc', 'nfd', 'nfkc', 'nfkd']) {
      const r = tester.compare(nfc, nfd, { normalize: form });
      expect(r).toMatchObject({ status: 'pass', metric: `identical after ${form.toUpperCase()} normalisation` });
      expect(r.rule).toBe(`exact, after ${form.toUpperCase()} normalisation`);
    }
    // canonical forms keep a ligature; compatibility forms read it as its letters
    expect(tester.compare('\ufb01le', 'file', { normalize: 'nfc' }).status).toBe('fail');
    expect(tester.compare('\ufb01le', 'file', { normalize: 'nfkc' }).status).toBe('pass');
    // a real change still fails, and the other modes compare the normalised text too
    expect(tester.compare(nfc, nfd.replace('cr', 'kr'), { normalize: 'nfc' }).status).toBe('fail');
    const word = 'caf\u00e9';
    const decomposed = 'cafe\u0301';
    expect(tester.compare(word, `le ${decomposed}`, { compare: 'contains', normalize: 'nfc' }).status).toBe('pass');
    expect(
      tester.compare(`{"w": "${word}"}`, `{"w": "${decomposed}"}`, { compare: 'json', normalize: 'nfc' }).status,
    ).toBe('pass');
    // JSON text compared without it names the value with its accents escaped
    expect(tester.compare(`{"w": "${word}"}`, `{"w": "${decomposed}"}`, { compare: 'json' }).differences).toMatchObject(
      [{ path: 'w', message: 'expected "caf\\u00e9", got "cafe\\u0301"' }],
    );
    expect(textComparator.options.normalize).toEqual({ enum: ['nfc', 'nfd', 'nfkc', 'nfkd'] });
  });
});
