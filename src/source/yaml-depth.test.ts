import { describe, expect, it } from 'vitest';
import { yamlDepth } from './yaml-depth.js';

describe('yamlDepth', () => {
  it('counts block levels, list items and flow brackets', () => {
    expect(yamlDepth('a: 1\n')).toEqual({ depth: 1, line: 1 });
    expect(yamlDepth('a:\n  b:\n    c: 1\n')).toEqual({ depth: 3, line: 3 });
    expect(yamlDepth('- - - x\n').depth).toBe(4);
    expect(yamlDepth('a: { b: [1, [2]] }\n').depth).toBe(4);
    expect(yamlDepth(`x: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`).depth).toBe(20_001);
  });

  it('ignores brackets in strings and comments', () => {
    expect(yamlDepth('a: "[[[[{{"  # ]]]] [[[[\nb: \'[[[\'\n').depth).toBe(1);
    expect(yamlDepth("a: don't [1]\n").depth).toBe(2);
  });

  it('is linear in the text (a long line of brackets is one pass)', () => {
    const text = `k: ${'[{'.repeat(500_000)}`;
    expect(yamlDepth(text).depth).toBe(1_000_001);
    expect(yamlDepth(`a: "x\ny"\nb:\n  c: [[1]]\n`)).toEqual({ depth: 4, line: 4 });
  });
});
