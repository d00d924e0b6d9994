import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { JsonNumber } from './json-number.js';
import { maskPythonTokens, parseJson, stringifyJson } from './python-json.js';

/** What Python's own json module writes for a document, or reads from one (python3 is on every machine pixie's tests run on). */
function python(script: string, input: string): string {
  return execFileSync('python3', ['-c', script], { input, encoding: 'utf8' });
}

describe('parseJson', () => {
  it('reads NaN, Infinity and -Infinity where a value goes, as Python writes them', () => {
    const v = parseJson('{"sharpe": NaN, "max": Infinity, "min": -Infinity, "list": [NaN, 1]}') as Record<
      string,
      unknown
    >;
    expect(v.sharpe).toBeNaN();
    expect(v.max).toBe(Number.POSITIVE_INFINITY);
    expect(v.min).toBe(Number.NEGATIVE_INFINITY);
    expect(v.list).toEqual([Number.NaN, 1]);
    expect(parseJson('NaN')).toBeNaN();
    expect(parseJson(' -Infinity ')).toBe(Number.NEGATIVE_INFINITY);
  });

  it('keeps integers a double cannot hold, and numbers a double makes infinite or zero, as their text', () => {
    const v = parseJson('{"id": 9007199254740993, "neg": -9007199254740993, "big": 1e400, "tiny": 1e-400}') as Record<
      string,
      unknown
    >;
    expect(v.id).toEqual(new JsonNumber('9007199254740993'));
    expect(v.neg).toEqual(new JsonNumber('-9007199254740993'));
    expect(v.big).toEqual(new JsonNumber('1e400'));
    expect(v.tiny).toEqual(new JsonNumber('1e-400'));
    expect(parseJson('12345678901234567890')).toEqual(new JsonNumber('12345678901234567890'));
    // alone, after whitespace, negative, and after each place a value starts
    for (const text of ['-9007199254740993', '\n 9007199254740993', '\t-9007199254740993 '])
      expect(parseJson(text)).toEqual(new JsonNumber(text.trim()));
    expect(parseJson('[9007199254740993,\n9007199254740995,{"a":\r9007199254740997}, 1E+400]')).toEqual([
      new JsonNumber('9007199254740993'),
      new JsonNumber('9007199254740995'),
      { a: new JsonNumber('9007199254740997') },
      new JsonNumber('1E+400'),
    ]);
  });

  it('leaves every number a double holds to JSON.parse, 17-digit floats and safe integers included', () => {
    const text = '[9007199254740991, 0.30000000000000004, 1e300, 5e-324, -0, 0.1, 1.7976931348623157e308, 1e-7]';
    expect(parseJson(text)).toEqual(JSON.parse(text));
    expect(Object.is((parseJson('[-0]') as number[])[0], -0)).toBe(true);
  });

  it('never reads a token inside a string, nor a key, and still refuses what is not JSON', () => {
    expect(parseJson('{"a": "NaN", "b": "9007199254740993"}')).toEqual({ a: 'NaN', b: '9007199254740993' });
    expect(parseJson('{"NaN": 1}')).toEqual({ NaN: 1 });
    expect(parseJson('["a NaN b", "x\\"NaN", NaN, "\\\\", Infinity]')).toEqual([
      'a NaN b',
      'x"NaN',
      Number.NaN,
      '\\',
      Number.POSITIVE_INFINITY,
    ]);
    expect(() => parseJson('["NaN, NaN')).toThrow(SyntaxError);
    for (const text of [
      '{NaN: 1}',
      '{"a": 1, NaN: 2}',
      '{"a": NaNx}',
      '{"a": nan}',
      '[+Infinity]',
      '[- Infinity]',
      '{"a": NaN,}',
    ])
      expect(() => parseJson(text), text).toThrow(SyntaxError);
  });

  it("refuses other mistakes with JSON.parse's own words, quoting the text as written", () => {
    let message = '';
    try {
      parseJson('{"a": NaN, "b": tru}');
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('"{"a": NaN, "b": tru}" is not valid JSON');
    // V8 cuts a long quote with "..." before it: the part shown is still the author's text
    for (const text of [
      '{"sharpe": NaN,\n "b": nan}',
      '{"first": 1, "second": 2, "third": 3, "ratio": -Infinity, "b": nan}',
    ]) {
      try {
        parseJson(text);
        message = '';
      } catch (err) {
        message = (err as Error).message;
      }
      const quoted = /"([\s\S]*)" is not valid JSON$/.exec(message)?.[1] ?? '';
      expect(message).toMatch(/Unexpected token/);
      expect(text).toContain(quoted.replace(/^\.\.\.|\.\.\.$/g, ''));
    }
    // a document with no such token throws exactly what JSON.parse throws
    expect(() => parseJson('{"a": 1,}')).toThrow(/Expected double-quoted property name in JSON at position 8/);
  });

  it('keeps an own key named __proto__ an own key when its value is a token', () => {
    const v = parseJson('{"__proto__": NaN, "x": {"__proto__": 9007199254740993}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.hasOwn(v, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(v, '__proto__')?.value).toBeNaN();
    expect(Object.getOwnPropertyDescriptor(v.x, '__proto__')?.value).toEqual(new JsonNumber('9007199254740993'));
  });

  it("refuses an integer longer than Python's json reads (4300 digits), and reads a longer decimal as a double", () => {
    expect(() => parseJson(`[${'9'.repeat(4301)}]`)).toThrow(/an integer of 4301 digits .* at most 4300/);
    expect(parseJson(`[${'9'.repeat(4300)}]`)).toEqual([new JsonNumber('9'.repeat(4300))]);
    expect(parseJson('[1e99999]')).toEqual([Number.POSITIVE_INFINITY]);
  });
});

describe('stringifyJson', () => {
  it('writes NaN, the infinities and numbers kept as their text as Python reads them', () => {
    const value = {
      a: Number.NaN,
      b: [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY],
      id: new JsonNumber('9007199254740993'),
    };
    expect(stringifyJson(value)).toBe('{"a":NaN,"b":[Infinity,-Infinity],"id":9007199254740993}');
    expect(stringifyJson(value, 2)).toBe(
      '{\n  "a": NaN,\n  "b": [\n    Infinity,\n    -Infinity\n  ],\n  "id": 9007199254740993\n}',
    );
    expect(stringifyJson({ x: 1e21, y: 0, z: -0, s: 'NaN' })).toBe(JSON.stringify({ x: 1e21, y: 0, z: -0, s: 'NaN' }));
  });

  it('finds NaN and long numbers at any depth, and leaves plain values, toJSON and cycles as JSON.stringify does', () => {
    const deep = (inner: unknown) => ({ a: [1, { b: [[2, inner]] }], s: 'x' });
    expect(stringifyJson(deep(Number.NaN))).toBe('{"a":[1,{"b":[[2,NaN]]}],"s":"x"}');
    expect(stringifyJson(deep(new JsonNumber('-1e400')))).toBe('{"a":[1,{"b":[[2,-1e400]]}],"s":"x"}');
    expect(stringifyJson(deep(null), 2)).toBe(JSON.stringify(deep(null), null, 2));
    expect(stringifyJson(Number.NEGATIVE_INFINITY)).toBe('-Infinity');
    const when = new Date(0);
    expect(stringifyJson({ when, n: Number.NaN })).toBe('{"when":"1970-01-01T00:00:00.000Z","n":NaN}');
    expect(stringifyJson({ when })).toBe(JSON.stringify({ when }));
    const cycle: Record<string, unknown> = { n: 1 };
    cycle.self = cycle;
    expect(() => stringifyJson(cycle)).toThrow(TypeError);
  });

  it("cannot be made to write raw text by a string that looks like pixie's placeholder", () => {
    const hostile = '\u0000abc:1}';
    expect(stringifyJson({ s: hostile, n: Number.NaN })).toBe(`{"s":${JSON.stringify(hostile)},"n":NaN}`);
  });

  it('round-trips through parseJson, and agrees with Python on the text of each number', () => {
    const text = '{"ratio": NaN, "top": Infinity, "low": -Infinity, "id": 9007199254740993, "x": 1e400, "y": 0.1}';
    expect(stringifyJson(parseJson(text))).toBe(text.replace(/: /g, ':').replace(/, /g, ','));
    // what Python reads back from pixie's text is what it wrote
    const again = python(
      'import json,sys; v=json.loads(sys.stdin.read()); print(json.dumps(v["id"]), json.dumps(v["ratio"]), json.dumps(v["top"]), v["id"] == 9007199254740993)',
      stringifyJson(parseJson(text)),
    );
    expect(again.trim()).toBe('9007199254740993 NaN Infinity True');
  });

  it('reads back anything it writes, numbers of every kind included (property)', () => {
    const number = fc.oneof(
      fc.double(),
      fc
        .bigInt({ min: -(10n ** 30n), max: 10n ** 30n })
        .map((b) => (Number.isSafeInteger(Number(b)) ? Number(b) : new JsonNumber(String(b)))),
    );
    // strings that hold what the scan looks for: NaN, quotes, backslashes, long digits, a colon
    const text = fc.oneof(
      fc.string(),
      fc.stringMatching(/^[a-z \\":,[\]{}]{0,6}(NaN|-?Infinity|9007199254740993|1e400)[a-z \\":,[\]{}]{0,6}$/),
    );
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, number, text, fc.boolean(), fc.constant(null), tie('list'), tie('obj')),
      list: fc.array(tie('node'), { maxLength: 4 }),
      obj: fc.dictionary(text, tie('node'), { maxKeys: 4 }),
    })).node;
    fc.assert(
      fc.property(value, fc.boolean(), (v, spaced) => {
        const written = stringifyJson(v, spaced ? 2 : undefined);
        expect(stringifyJson(parseJson(written), spaced ? 2 : undefined)).toBe(written);
      }),
      { numRuns: 500 },
    );
  });
});

describe("Python's json", () => {
  it('writes what parseJson reads: json.dumps of NaN, infinities and a 20-digit integer', () => {
    const text = python(
      'import json; print(json.dumps({"sharpe": float("nan"), "max_dd": float("-inf"), "id": 12345678901234567890123}))',
      '',
    );
    const v = parseJson(text) as Record<string, unknown>;
    expect(v.sharpe).toBeNaN();
    expect(v.max_dd).toBe(Number.NEGATIVE_INFINITY);
    expect(v.id).toEqual(new JsonNumber('12345678901234567890123'));
    expect(stringifyJson(v, 0).replace(/\n/g, '')).toBe(text.trim().replace(/: /g, ':').replace(/, /g, ','));
  });
});

describe('maskPythonTokens', () => {
  it('writes each token as a number of the same length, so offsets stay where they were', () => {
    const text = '{"a": NaN, "b": [Infinity, -Infinity], "s": "NaN"}';
    const masked = maskPythonTokens(text);
    expect(masked.length).toBe(text.length);
    expect(JSON.parse(masked)).toEqual({ a: 0, b: [10000000, -10000000], s: 'NaN' });
    expect(maskPythonTokens('{"a": 1}')).toBe('{"a": 1}');
  });
});
