import { describe, expect, it } from 'vitest';
import { readJsonSource } from './json-source.js';
import { JsonNumber } from '../util/json-number.js';
import { lineAt, lineStarts, position } from './lines.js';
import { formatPath, pointerSegments, toPointer } from './path.js';

function parsed(text: string) {
  const source = readJsonSource(text);
  if (source.kind !== 'parsed') throw new Error(`expected the text to parse, got ${source.kind}`);
  return source;
}

describe('readJsonSource', () => {
  it('parses with JSON.parse semantics and drops a byte-order mark', () => {
    const source = parsed('\ufeff{"a": [1, {"b": null}], "a2": "x"}');
    expect(source.data).toEqual({ a: [1, { b: null }], a2: 'x' });
    expect(source.duplicates).toEqual([]);
    const fromBytes = readJsonSource(Buffer.from('\ufeff{"a": [1, {"b": null}], "a2": "x"}'));
    expect(fromBytes).toMatchObject({ kind: 'parsed', data: source.data, duplicates: [] });
  });

  it('reads bytes as it reads text: duplicate keys and their lines past multi-byte characters, syntax errors', () => {
    const text = '{"é😀\\"": "ü",\n "k\\u00e9": 1,\n "ké": 2,\n "x": {"y": [1, "😀"]}}';
    for (const input of [text, Buffer.from(text)]) {
      const source = readJsonSource(input);
      expect(source).toMatchObject({
        kind: 'parsed',
        data: JSON.parse(text),
        duplicates: [{ key: 'ké', path: ['ké'], line: 3, firstLine: 2 }],
      });
      if (source.kind === 'parsed') expect(source.lineOf(['x', 'y'], 'value')).toBe(4);
    }
    const broken = readJsonSource(Buffer.from('{"é": 1,\n "b": [1,],\n}'));
    expect(broken.kind).toBe('syntax');
    if (broken.kind === 'syntax') expect(broken.position(broken.errors[0]!.offset).line).toBe(2);
    expect(readJsonSource(Buffer.from('\ufeff \n')).kind).toBe('empty');
  });

  it('an empty or blank file is empty', () => {
    expect(readJsonSource('').kind).toBe('empty');
    expect(readJsonSource(' \n\t\n').kind).toBe('empty');
    expect(readJsonSource('\ufeff').kind).toBe('empty');
  });

  it('lists syntax errors in document order, one per offset', () => {
    const source = readJsonSource('{\n  "a": 1,\n  "b": [1,],\n}');
    expect(source.kind).toBe('syntax');
    if (source.kind !== 'syntax') return;
    expect(source.errors).toEqual([
      { code: 'ValueExpected', offset: 22 },
      { code: 'PropertyNameExpected', offset: 25 },
    ]);
    expect(source.position(22)).toEqual({ line: 3, column: 11 });
    expect(source.position(25)).toEqual({ line: 4, column: 1 });
  });

  it("finds duplicate keys at every depth, with both lines and the later one's path", () => {
    const source = parsed('{\n  "a": 1,\n  "list": [{"k": 1,\n    "k": 2}],\n  "a": 3\n}');
    expect(source.data).toEqual({ a: 3, list: [{ k: 2 }] });
    expect(source.duplicates).toEqual([
      { key: 'k', path: ['list', 0, 'k'], line: 4, firstLine: 3 },
      { key: 'a', path: ['a'], line: 5, firstLine: 2 },
    ]);
  });

  it('the same key in sibling objects is not a duplicate', () => {
    expect(parsed('[{"a": 1}, {"a": 2}, {"b": {"a": 3}}]').duplicates).toEqual([]);
  });

  it('locates keys and values; a missing key points at the deepest part that exists', () => {
    const { lineOf } = parsed(
      '{\n  "inputs": {\n    "x":\n      5\n  },\n  "rows": [\n    [1, 2],\n    [3,\n     4]\n  ]\n}',
    );
    expect(lineOf(['inputs', 'x'], 'key')).toBe(3);
    expect(lineOf(['inputs', 'x'], 'value')).toBe(4);
    expect(lineOf(['inputs', 'nope'], 'value')).toBe(2);
    expect(lineOf(['rows', 1, 1], 'value')).toBe(9);
    expect(lineOf(['rows', '1', '0'], 'value')).toBe(8);
    expect(lineOf([], 'value')).toBe(1);
  });

  it('a duplicated key is located at its later occurrence, the value JSON.parse kept', () => {
    const { lineOf } = parsed('{\n  "a": 1,\n  "a": "two"\n}');
    expect(lineOf(['a'], 'value')).toBe(3);
  });

  it('nesting deeper than the parser can follow is reported, not thrown', () => {
    const deep = `{"a": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    expect(readJsonSource(deep).kind).toBe('too-deep');
  });
});

describe('lines and paths', () => {
  it('maps offsets to 1-based lines and columns, \\r\\n or \\n', () => {
    const starts = lineStarts('ab\r\ncd\nef');
    expect(starts).toEqual([0, 4, 7]);
    expect(lineAt(starts, 0)).toBe(1);
    expect(lineAt(starts, 3)).toBe(1);
    expect(position(starts, 5)).toEqual({ line: 2, column: 2 });
    expect(position(starts, 9)).toEqual({ line: 3, column: 3 });
  });

  it('formats paths for people and for pointers', () => {
    expect(formatPath(['inputs', 'rows', 2, 'my-key', 'a b'])).toBe('inputs.rows[2].my-key["a b"]');
    expect(toPointer(['a/b', 'c~d', 0])).toBe('/a~1b/c~0d/0');
    expect(pointerSegments('/a~1b/c~0d/0')).toEqual(['a/b', 'c~d', '0']);
    expect(pointerSegments('')).toEqual([]);
  });

  it("reads NaN, the infinities and long integers as Python's json writes them, and still places every other mistake", () => {
    const source = parsed('{\n  "sharpe": NaN,\n  "id": 9007199254740993,\n  "low": -Infinity\n}');
    expect((source.data as { sharpe: number }).sharpe).toBeNaN();
    expect((source.data as { id: JsonNumber }).id).toEqual(new JsonNumber('9007199254740993'));
    expect(source.lineOf(['low'], 'value')).toBe(4);
    const broken = readJsonSource('{\n  "sharpe": NaN,\n  "x": [1, 2,]\n}');
    expect(broken.kind).toBe('syntax');
    if (broken.kind === 'syntax') expect(broken.errors.map((e) => broken.position(e.offset).line)).toEqual([3]);
  });
});
