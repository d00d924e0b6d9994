// tolerance.yaml's options.truncate_diff_chars sets how much of a value the text reports show: a
// real run of word-stream with a changed pangram, read back in the terminal output and the report.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/model/report.js';
import { REPO_ROOT, runPixie } from './helpers/pixie.js';

let tmp: string;
let toolsDir: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'pixie-chars-'));
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(tmp, 'node_modules'));
  toolsDir = path.join(tmp, 'tools');
  cpSync(path.join(REPO_ROOT, 'tools', 'word-stream'), path.join(toolsDir, 'word-stream'), { recursive: true });
  const f = path.join(toolsDir, 'word-stream/reference/fixture_pangram.json');
  const j = JSON.parse(readFileSync(f, 'utf8'));
  j.expected_outputs.stream = `${j.expected_outputs.stream} and then some more words that were never streamed`;
  writeFileSync(f, JSON.stringify(j, null, 2));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const streamLine = (stdout: string) => stdout.split('\n').find((l) => l.trim().startsWith('stream: expected'))!;

describe('truncate_diff_chars', () => {
  it('shows long values whole up to the default of 400 characters', async () => {
    const r = await runPixie([
      'validate',
      'word-stream',
      '--tools-dir',
      toolsDir,
      '--reference-only',
      '--fixture',
      'pangram',
    ]);
    expect(r.code).toBe(1);
    expect(streamLine(r.stdout)).toContain('that were never streamed"');
  });

  it('cuts each value to the configured length, in the terminal and in the report', async () => {
    writeFileSync(path.join(toolsDir, 'word-stream/reference/tolerance.yaml'), 'options:\n  truncate_diff_chars: 24\n');
    const r = await runPixie([
      'validate',
      'word-stream',
      '--tools-dir',
      toolsDir,
      '--reference-only',
      '--fixture',
      'pangram',
    ]);
    const line = streamLine(r.stdout);
    const [expected] = /expected (.*?), got/.exec(line)!.slice(1);
    expect(expected).toHaveLength(24);
    expect(expected!.endsWith('…')).toBe(true);
    const json = await runPixie([
      'validate',
      'word-stream',
      '--tools-dir',
      toolsDir,
      '--reference-only',
      '--fixture',
      'pangram',
      '--json',
    ]);
    const report = JSON.parse(json.stdout) as Report;
    expect(report.value_chars).toBe(24);
    // --json keeps the whole value
    expect(report.fixtures[0]!.outputs.find((o) => o.key === 'stream')!.expected).toMatch(/never streamed$/);
  });
});
