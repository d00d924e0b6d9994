import { describe, expect, it } from 'vitest';
import { locate, setJsonValue } from './json-edit.js';
import { JsonNumber } from '../util/json-number.js';

const set = (text: string, path: (string | number)[], value: unknown, layout?: 'keep' | 'indented') => {
  const out = setJsonValue(text, path, value, { layout });
  if (typeof out !== 'string') throw new Error(out.reason);
  return out;
};

describe('setJsonValue', () => {
  it('replaces only the value, keeping every other byte', () => {
    const text = '{\n    "name": "a",  "expected_outputs": {"x": 1, "y": [1,2]},\n\n  "tags": ["t"]\n}\n';
    expect(set(text, ['expected_outputs', 'x'], 2)).toBe(
      '{\n    "name": "a",  "expected_outputs": {"x": 2, "y": [1,2]},\n\n  "tags": ["t"]\n}\n',
    );
    // a list written on one line stays on one line
    expect(set(text, ['expected_outputs', 'y'], [3, 4])).toBe(
      '{\n    "name": "a",  "expected_outputs": {"x": 1, "y": [3,4]},\n\n  "tags": ["t"]\n}\n',
    );
  });

  it('spreads a value over lines, indented from its key, when the old one was', () => {
    const text = '{\n  "expected_outputs": {\n    "t": {\n      "rows": []\n    },\n    "n": 1\n  }\n}\n';
    expect(set(text, ['expected_outputs', 't'], { rows: [{ a: 1 }] })).toBe(
      '{\n  "expected_outputs": {\n    "t": {\n      "rows": [\n        {\n          "a": 1\n        }\n      ]\n    },\n    "n": 1\n  }\n}\n',
    );
  });

  it('adds a missing key after the last one, like its neighbours', () => {
    const multi = '{\n\t"expected_outputs": {\n\t\t"a": 1\n\t}\n}';
    expect(set(multi, ['expected_outputs', 'b'], { k: true })).toBe(
      '{\n\t"expected_outputs": {\n\t\t"a": 1,\n\t\t"b": {\n\t\t\t"k": true\n\t\t}\n\t}\n}',
    );
    expect(set('{"expected_outputs": {"a": 1}}', ['expected_outputs', 'b'], 2)).toBe(
      '{"expected_outputs": {"a": 1, "b": 2}}',
    );
    expect(set('{"expected_outputs": {}}', ['expected_outputs', 'b'], 2)).toBe('{"expected_outputs": {"b": 2}}');
    expect(set('{\r\n  "name": "x"\r\n}\r\n', ['source'], 's')).toBe('{\r\n  "name": "x",\r\n  "source": "s"\r\n}\r\n');
  });

  it('keeps a byte-order mark and edits the occurrence JSON.parse keeps', () => {
    const text = '\ufeff{"a": 1, "a": 2}';
    expect(set(text, ['a'], 3)).toBe('\ufeff{"a": 1, "a": 3}');
  });

  it('refuses when the parent is not there or the text does not parse', () => {
    expect(setJsonValue('{"a": 1}', ['b', 'c'], 1)).toEqual({
      reason: '.b is not where the edit expects it; the file changed meanwhile',
    });
    expect(setJsonValue('{"a": [1]}', ['a', 3], 1)).toEqual({ reason: '.a[3] does not exist' });
    expect(setJsonValue('{"a": ', ['a'], 1)).toHaveProperty('reason');
  });

  it('locates values in arrays and nested objects', () => {
    const text = '{"a": [10, {"b": "x"}], "c": null}';
    expect(locate(text, ['a', 1, 'b']).value).toEqual({ offset: 17, length: 3 });
    expect(locate(text, ['c']).value).toEqual({ offset: 29, length: 4 });
    expect(locate(text, ['a', 1]).parent?.kind).toBe('array');
  });
});

describe('setJsonValue on numbers as Python writes them', () => {
  it('finds values past NaN and Infinity, keeps every other byte, and writes NaN and long integers as they are', () => {
    const text =
      '{\n  "expected_outputs": {\n    "ratio": NaN,\n    "id": 9007199254740993,\n    "top": -Infinity\n  }\n}\n';
    expect(set(text, ['expected_outputs', 'top'], Number.NEGATIVE_INFINITY)).toBe(text);
    expect(set(text, ['expected_outputs', 'ratio'], 0.5)).toBe(text.replace('NaN', '0.5'));
    expect(set(text, ['expected_outputs', 'top'], new JsonNumber('12345678901234567890'))).toBe(
      text.replace('-Infinity', '12345678901234567890'),
    );
    expect(set(text, ['expected_outputs', 'id'], [Number.NaN, Number.POSITIVE_INFINITY])).toBe(
      text.replace('9007199254740993', '[NaN,Infinity]'),
    );
    expect(set(text, ['expected_outputs', 'new'], { sharpe: Number.NaN }, 'indented')).toBe(
      text.replace('-Infinity\n', '-Infinity,\n    "new": {\n      "sharpe": NaN\n    }\n'),
    );
  });
});
