// What kind of problem each tolerance.yaml finding is (its code in the severity table), and that a
// hostile file gives a finding rather than a throw.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { comparatorFor } from '../comparators/index.js';
import type { Finding } from '../model/finding.js';
import { loadTolerance, parseToleranceText } from './load.js';
import { TEST_OUTPUTS, fakeComparatorFor } from './test-comparators.test-helper.js';

const ctx = { outputs: TEST_OUTPUTS, comparatorFor: fakeComparatorFor };

function parse(text: string) {
  const problems: Finding[] = [];
  const config = parseToleranceText(text, ctx, problems);
  return { config, problems };
}

function refDir(files: Record<string, string>): string {
  const ref = path.join(mkdtempSync(path.join(tmpdir(), 'pixie-tol-')), 'reference');
  mkdirSync(ref);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(ref, name), text);
  return ref;
}

describe('loadTolerance: findings', () => {
  const codes = (text: string) => parse(text).problems.map((p) => [p.code, p.severity, p.file]);

  it('each problem carries the code for its kind', () => {
    expect(codes('final_value: { abs: 0.005\n')).toEqual([['yaml-syntax', 'error', 'reference/tolerance.yaml']]);
    expect(codes('final_value: { abs: 1 }\nfinal_value: { abs: 2 }\n')).toEqual([
      ['duplicate-key', 'error', 'reference/tolerance.yaml'],
    ]);
    expect(codes('final_value: { rtoll: 1 }\n')).toEqual([['tolerance-invalid', 'error', 'reference/tolerance.yaml']]);
    expect(codes('- final_value\n')).toEqual([['tolerance-invalid', 'error', 'reference/tolerance.yaml']]);
    const ref = refDir({});
    mkdirSync(path.join(ref, 'tolerance.yaml'));
    expect(loadTolerance(ref, ctx).problems.map((p) => p.code)).toEqual(['unreadable-file']);
    expect(loadTolerance(refDir({ 'tolerance.yml': '{}\n' }), ctx).problems.map((p) => [p.code, p.file])).toEqual([
      ['tolerance-invalid', 'reference/tolerance.yml'],
    ]);
  });

  it('a problem about the whole file has no path', () => {
    expect(parse('- final_value\n').problems[0]).not.toHaveProperty('path');
  });

  it('nesting too deep for the YAML parser is a problem, not a throw', () => {
    const { problems } = parse(`final_value: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`);
    // how many errors the parser reports depends on the stack it had; each one is a YAML syntax finding
    expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) {
      expect([p.code, p.file]).toEqual(['yaml-syntax', 'reference/tolerance.yaml']);
      expect(p.message).toMatch(/^YAML syntax error: .+; .+$/);
    }
  });

  it('an alias that cannot be read is located at the alias (found by test/loaders-property.test.ts)', () => {
    expect(parse('[\n *-\n]').problems.map((p) => [p.code, p.line, p.message])).toEqual([
      [
        'yaml-syntax',
        2,
        'could not read the YAML (Unresolved alias (the anchor must be set before the alias): -); simplify anchors and aliases',
      ],
    ]);
    const laughs = `a: &a [x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n`;
    expect(parse(laughs).problems.map((p) => [p.code, p.line])).toEqual([['yaml-syntax', 2]]);
  });
});

describe('loadTolerance with the real comparators: ignore_fields and project comparators', () => {
  const real = { outputs: TEST_OUTPUTS, comparatorFor };
  const messagesOf = (text: string, projectComparators?: string[]) => {
    const problems: Finding[] = [];
    parseToleranceText(text, { ...real, projectComparators }, problems);
    return problems.map((p) => `${p.line}: ${p.message} [${p.path}]`);
  };

  it('text takes ignore_fields with compare: json, and refuses it beside another mode with the fix', () => {
    expect(messagesOf('summary: { compare: json, ignore_fields: [generated_at] }\n')).toEqual([]);
    expect(messagesOf('summary: { compare: levenshtein, ignore_fields: [generated_at] }\n')).toEqual([
      '1: ignore_fields for summary (text) applies only with compare: json, not levenshtein; use compare: json or remove ignore_fields [summary.ignore_fields]',
    ]);
  });

  it('a malformed ignore_fields pattern names its place and the fix', () => {
    expect(messagesOf('schedule: { ignore_fields: ["meta..at"] }\n')).toEqual([
      "1: ignore_fields for schedule (table) [0] 'meta..at' has an empty step; write steps separated by single dots (a.b.c) or slashes (/a/b/c) [schedule.ignore_fields]",
    ]);
  });

  it("a project comparator's name is a mode for any output, and takes any options", () => {
    expect(messagesOf('final_value: { compare: within-ten, limit: 3 }\n', ['within-ten'])).toEqual([]);
    expect(messagesOf('final_value: { compare: within-tne }\n', ['within-ten'])).toEqual([
      "1: unknown compare mode 'within-tne' for final_value (number) — did you mean 'within-ten'? [final_value.compare]",
    ]);
    expect(messagesOf('final_value: { compare: within-ten }\n')[0]).toMatch(
      /unknown compare mode 'within-ten' for final_value \(number\).*register a comparator of your own in pixie\.config's comparators/,
    );
  });
});
