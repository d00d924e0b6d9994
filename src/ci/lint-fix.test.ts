import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { finding, type Finding, type FindingEdit } from '../model/finding.js';
import { lintTool } from './lint.js';
import { applyFixes } from './lint-fix.js';

function toolDir(files: Record<string, string>): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'pixie-lint-fix-')), 'demo');
  mkdirSync(path.join(dir, 'reference'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

const withEdit = (edit: FindingEdit): Finding =>
  finding('required-input-missing', { file: 'reference/fixture_a.json', message: 'm', edit });
const optional = (index: number, key = 'csv'): FindingEdit => ({
  file: 'tool.json',
  path: ['inputs', index, 'required'],
  value: false,
  description: `add "required": false to input '${key}'`,
});
const read = (dir: string, file = 'tool.json') => readFileSync(path.join(dir, file), 'utf8');

describe('applyFixes: one value changes, every other byte stays', () => {
  it('adds a key on its own line, indented like its siblings, in a multi-line object', () => {
    const dir = toolDir({
      'tool.json':
        '{\n    "id": "t",\n    "inputs": [\n        {\n            "key": "csv",\n            "type": "file",\n            "accept": [".csv"]\n        }\n    ]\n}\n',
    });
    const r = applyFixes(dir, [withEdit(optional(0))]);
    expect(r.skipped).toEqual([]);
    expect(r.applied.map((a) => [a.file, a.description])).toEqual([
      ['tool.json', 'add "required": false to input \'csv\''],
    ]);
    expect(read(dir)).toBe(
      '{\n    "id": "t",\n    "inputs": [\n        {\n            "key": "csv",\n            "type": "file",\n            "accept": [".csv"],\n            "required": false\n        }\n    ]\n}\n',
    );
  });

  it('keeps a one-line object on one line, spaced like its own keys', () => {
    const dir = toolDir({
      'tool.json':
        '{\n  "inputs": [\n    {"key": "a", "type": "file", "label": "A"},\n    {"key":"b","type":"file","label":"B"}\n  ]\n}\n',
    });
    applyFixes(dir, [withEdit(optional(0, 'a')), withEdit(optional(1, 'b'))]);
    expect(read(dir)).toBe(
      '{\n  "inputs": [\n    {"key": "a", "type": "file", "label": "A", "required": false},\n    {"key":"b","type":"file","label":"B","required":false}\n  ]\n}\n',
    );
  });

  it('replaces an existing value in place, and keeps CRLF, tabs and a byte-order mark', () => {
    const text =
      '\ufeff{\r\n\t"inputs": [\r\n\t\t{\r\n\t\t\t"key": "csv",\r\n\t\t\t"required": true\r\n\t\t},\r\n\t\t{\r\n\t\t\t"key": "n"\r\n\t\t}\r\n\t]\r\n}\r\n';
    const dir = toolDir({ 'tool.json': text });
    applyFixes(dir, [withEdit(optional(0)), withEdit(optional(1, 'n'))]);
    expect(read(dir)).toBe(
      '\ufeff{\r\n\t"inputs": [\r\n\t\t{\r\n\t\t\t"key": "csv",\r\n\t\t\t"required": false\r\n\t\t},\r\n\t\t{\r\n\t\t\t"key": "n",\r\n\t\t\t"required": false\r\n\t\t}\r\n\t]\r\n}\r\n',
    );
  });

  it('sets a fixture input to the value pixie suggested', () => {
    const dir = toolDir({
      'reference/fixture_a.json':
        '{\n  "name": "a",\n  "inputs": { "principal": "10000", "years": 1 },\n  "expected_outputs": {}\n}\n',
    });
    const r = applyFixes(dir, [
      withEdit({ file: 'reference/fixture_a.json', path: ['inputs', 'principal'], value: 10000, description: 'd' }),
    ]);
    expect(r.applied).toHaveLength(1);
    expect(read(dir, 'reference/fixture_a.json')).toBe(
      '{\n  "name": "a",\n  "inputs": { "principal": 10000, "years": 1 },\n  "expected_outputs": {}\n}\n',
    );
  });

  it('applies one edit once for the several findings that suggest it, and says which', () => {
    const dir = toolDir({ 'tool.json': '{"inputs": [{"key": "csv"}]}' });
    const a = withEdit(optional(0));
    const b = { ...withEdit(optional(0)), file: 'reference/fixture_b.json' };
    const r = applyFixes(dir, [a, b]);
    expect(r.applied).toHaveLength(1);
    expect(r.applied[0]!.because).toEqual([a, b]);
    expect(read(dir)).toBe('{"inputs": [{"key": "csv", "required": false}]}');
  });
});

describe('applyFixes: refuses what is not safe', () => {
  it('edits only tool.json and fixtures inside the tool folder', () => {
    const dir = toolDir({ 'tool.json': '{}', 'main.py': 'x = 1\n' });
    const r = applyFixes(dir, [
      withEdit({ file: 'main.py', path: ['x'], value: 1, description: 'main' }),
      withEdit({ file: '../tool.json', path: ['x'], value: 1, description: 'outside' }),
      withEdit({ file: 'reference/../tool.json', path: ['x'], value: 1, description: 'dotted' }),
    ]);
    expect(r.applied).toEqual([]);
    expect(r.skipped.map((s) => s.reason)).toEqual(
      Array(3).fill('pixie only edits tool.json and reference/fixture_*.json'),
    );
    expect(read(dir)).toBe('{}');
  });

  it('never writes through a symlink', () => {
    const outside = toolDir({ 'tool.json': '{"inputs": [{"key": "csv"}]}' });
    const dir = toolDir({});
    symlinkSync(path.join(outside, 'tool.json'), path.join(dir, 'tool.json'));
    const r = applyFixes(dir, [withEdit(optional(0))]);
    expect(r.skipped.map((s) => s.reason)).toEqual(['could not read it (not a regular file)']);
    expect(read(outside)).toBe('{"inputs": [{"key": "csv"}]}');
  });

  it('reads no more of a file than a tool folder is read (PIXIE_MAX_FILE_MB), and leaves a larger one alone', () => {
    const big = `{"inputs": [{"key": "csv"}], "pad": "${'x'.repeat(1.2 * 1024 * 1024)}"}`;
    const dir = toolDir({ 'tool.json': big });
    const before = process.env.PIXIE_MAX_FILE_MB;
    process.env.PIXIE_MAX_FILE_MB = '1';
    try {
      const r = applyFixes(dir, [withEdit(optional(0))]);
      expect(r.applied).toEqual([]);
      expect(r.skipped.map((s) => s.reason)).toEqual([
        'could not read it (it is 1.2 MiB, above the 1 MiB (PIXIE_MAX_FILE_MB) pixie reads from a tool folder)',
      ]);
      expect(read(dir)).toBe(big);
    } finally {
      if (before === undefined) delete process.env.PIXIE_MAX_FILE_MB;
      else process.env.PIXIE_MAX_FILE_MB = before;
    }
  });

  it('skips an edit whose place is gone, and edits that disagree', () => {
    const dir = toolDir({ 'tool.json': '{"inputs": [{"key": "csv"}]}' });
    const r = applyFixes(dir, [
      withEdit(optional(3)),
      withEdit({ ...optional(0), value: false }),
      withEdit({ ...optional(0), value: true }),
    ]);
    expect(r.applied).toEqual([]);
    expect(r.skipped.map((s) => s.reason)).toEqual([
      '.inputs[3] is not where the fix expects it; the file changed since lint read it',
      'findings suggest different values here',
    ]);
    expect(read(dir)).toBe('{"inputs": [{"key": "csv"}]}');
  });
});

describe('lint, fix, lint again', () => {
  it('a fixture leaving out a required input: the warning carries the fix, and after it lint is clean', () => {
    const manifest = {
      id: 'demo',
      name: 'Demo',
      inputs: [
        { key: 'csv_file', type: 'file', label: 'CSV' },
        { key: 'bars', type: 'number', label: 'Bars', default: 10 },
      ],
      outputs: [{ key: 'n', type: 'number', label: 'N' }],
    };
    const dir = toolDir({
      'tool.json': `${JSON.stringify(manifest, null, 2)}\n`,
      'main.py': 'print(1)\n',
      'pyproject.toml': '[project]\nname = "demo"\nversion = "0.1.0"\ndependencies = []\n',
      'reference/fixture_demo.json':
        '{\n  "name": "built-in data",\n  "inputs": { "bars": 20 },\n  "expected_outputs": { "n": 20 }\n}\n',
    });
    const before = lintTool(dir);
    expect(before.problems.map((p) => [p.code, p.severity])).toEqual([['required-input-missing', 'warning']]);
    expect(lintTool(dir, { strict: true }).problems.map((p) => p.severity)).toEqual(['error']);
    const r = applyFixes(dir, before.problems);
    expect(r.applied.map((a) => a.description)).toEqual(['add "required": false to input \'csv_file\'']);
    expect(JSON.parse(read(dir)).inputs[0]).toEqual({ key: 'csv_file', type: 'file', label: 'CSV', required: false });
    expect(read(dir, 'reference/fixture_demo.json')).toContain('"inputs": { "bars": 20 }');
    expect(lintTool(dir).problems).toEqual([]);
  });
});
