import { describe, expect, it } from 'vitest';
import { readYamlSource } from './yaml-source.js';

describe('readYamlSource', () => {
  it('an alias whose anchor is missing is a syntax finding on the alias line', () => {
    const r = readYamlSource('total:\n  abs: 0.005\nrows:\n  rows: *unordered\n', 'reference/tolerance.yaml');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toMatchObject([{ code: 'yaml-syntax', file: 'reference/tolerance.yaml', line: 4 }]);
    expect(r.problems[0]!.message).toMatch(/Unresolved alias.*unordered/);
  });

  it('a file nested deeper than the limit is refused before parsing, at its deepest line', () => {
    const r = readYamlSource(`a: 1\nb: ${'['.repeat(5000)}${']'.repeat(5000)}\n`, 'reference/tolerance.yaml');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toMatchObject([{ code: 'yaml-syntax', line: 2 }]);
    expect(r.problems[0]!.message).toMatch(
      /nests 5001 levels deep, more than pixie reads \(256 \(PIXIE_MAX_DEPTH\)\); flatten it/,
    );
  });

  it('anchors and aliases that resolve are read', () => {
    expect(readYamlSource('a: &x [1]\nb: [*x, *x]\n', 'reference/tolerance.yaml')).toMatchObject({
      ok: true,
      data: { a: [1], b: [[1], [1]] },
    });
  });
});
