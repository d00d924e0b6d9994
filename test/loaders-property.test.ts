// Property-based tests of the loaders of a user's files: random JSON and YAML, good files mutated
// byte by byte, control characters, deep nesting. Whatever the text, loading never throws, every
// problem names its file (and its line when the syntax broke), and no message quotes raw control
// characters or more than a short excerpt. Each property runs a bounded number of cases under the
// test's timeout: that is the bound on time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comparatorFor } from '../src/comparators/index.js';
import type { Finding } from '../src/model/finding.js';
import { parseFixtureText } from '../src/reference/load.js';
import { parseToleranceText } from '../src/tolerance/load.js';
import type { Manifest } from '../src/model/manifest.js';
import { parseManifestText } from '../src/tool/manifest.js';

const manifest: Manifest = {
  id: 'props',
  name: 'Props',
  inputs: [
    { key: 'a', type: 'number', label: 'A', default: 1 },
    { key: 'text', type: 'text', label: 'Text', default: 'x' },
  ],
  outputs: [
    { key: 'total', type: 'number', label: 'Total' },
    { key: 'words', type: 'text', label: 'Words' },
    { key: 'rows', type: 'table', label: 'Rows' },
    { key: 'tree', type: 'tree', label: 'Tree' },
  ],
};

const GOOD_FIXTURE = `{
  "name": "basic",
  "inputs": { "a": 2, "text": "hello" },
  "expected_outputs": { "total": 3, "words": "hello", "rows": { "columns": ["a"], "rows": [[1]] } },
  "tolerance": { "total": { "abs": 0.01 }, "rows": { "rows": "unordered" } },
  "tags": ["smoke"]
}
`;

const GOOD_TOLERANCE = `# tolerances
total:
  abs: 0.005
  rel: 1e-4
words: { mode: normalize_whitespace }
rows:
  rows: unordered
`;

const GOOD_MANIFEST = `{
  "id": "props",
  "name": "Props",
  "version": "1.0.0",
  "inputs": [{ "key": "a", "type": "number", "label": "A", "default": 1, "min": 0, "max": 10 }],
  "outputs": [{ "key": "total", "type": "number", "label": "Total" }]
}
`;

/** A good file with a few characters inserted, deleted or replaced (including control characters). */
function mutated(good: string): fc.Arbitrary<string> {
  const edit = fc.record({
    at: fc.nat({ max: good.length }),
    remove: fc.nat({ max: 6 }),
    insert: fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.constantFrom(
        '\u0000',
        '\u001b[31m',
        '\r',
        '\ufeff',
        '{',
        '[',
        '"',
        ':',
        ',',
        '\n  ',
        '\t',
        '::error::x',
        '&a',
        '*a',
        '!!',
      ),
    ),
  });
  return fc.array(edit, { minLength: 1, maxLength: 5 }).map((edits) => {
    let text = good;
    for (const e of edits) {
      const at = Math.min(e.at, text.length);
      text = text.slice(0, at) + e.insert + text.slice(at + e.remove);
    }
    return text;
  });
}

/** Text no sane file holds: random unicode, control characters, an environment block, deep nesting. */
const wild = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constant(`PATH=/bin\u0000SECRET_TOKEN=sk-123\u0000HOME=/root\u0000`),
  fc.integer({ min: 1, max: 3000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 1, max: 3000 }).map((n) => `{"expected_outputs": {"tree": ${'{"a":'.repeat(n)}1${'}'.repeat(n)}}}`),
  fc.string({ maxLength: 20 }).map((k) => `{"${'k'.repeat(5000)}${k}": 1}`),
);

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

function expectWellFormed(problems: readonly Finding[], file: string): void {
  for (const p of problems) {
    expect(p.file?.startsWith(file) || p.file === file, `${p.code} names ${file}`).toBe(true);
    expect(p.message.length).toBeGreaterThan(0);
    expect(p.message.length).toBeLessThanOrEqual(1000);
    expect(p.message, 'raw control characters in a message').not.toMatch(CONTROL);
    if (p.code === 'json-syntax' || p.code === 'yaml-syntax' || p.code === 'duplicate-key')
      expect(p.line === undefined && !/line \d+/.test(p.message), `${p.code} is located`).toBe(false);
  }
}

describe('loaders never throw, and every problem is located', () => {
  it('fixture files: random JSON, mutated fixtures and wild text', () => {
    const text = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      mutated(GOOD_FIXTURE),
      wild,
    );
    fc.assert(
      fc.property(text, (t) => {
        const result = parseFixtureText(t, 'fixture_x.json', '/nowhere/fixture_x.json', { manifest, comparatorFor });
        expectWellFormed(result.problems, 'reference/fixture_x.json');
        if (!result.fixture) expect(result.problems.length).toBeGreaterThan(0);
      }),
      { numRuns: 400 },
    );
  }, 60_000);

  it('tolerance.yaml: random YAML, mutated files and wild text', () => {
    const yamlish = fc.jsonValue().map((v) => JSON.stringify(v, null, 1).replace(/"/g, ''));
    const text = fc.oneof(yamlish, mutated(GOOD_TOLERANCE), wild);
    fc.assert(
      fc.property(text, (t) => {
        const problems: Finding[] = [];
        parseToleranceText(t, { outputs: manifest.outputs, comparatorFor }, problems);
        expectWellFormed(problems, 'reference/tolerance.yaml');
      }),
      { numRuns: 400 },
    );
  }, 60_000);

  it('tool.json: random JSON, mutated manifests and wild text', () => {
    const text = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      mutated(GOOD_MANIFEST),
      wild,
    );
    fc.assert(
      fc.property(text, (t) => {
        const load = parseManifestText(t);
        if (!load.ok) {
          expect(load.problems.length).toBeGreaterThan(0);
          expectWellFormed(load.problems, 'tool.json');
        }
      }),
      { numRuns: 400 },
    );
  }, 60_000);
});
