import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExploreFailure } from '../model/report.js';
import { saveFailures } from './save.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'pixie-save-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const failure = (inputs: Record<string, unknown>, offending: string[]): ExploreFailure => ({
  kind: 'server_error',
  message: 'POST /run returned HTTP 500: boom',
  inputs,
  offending,
  minimal: true,
  hits: 3,
  curl: 'curl …',
  response: { status: 500, body: '{"detail":"boom"}' },
});

const read = (name: string) => JSON.parse(readFileSync(path.join(dir, 'reference', name), 'utf8'));

describe('saveFailures', () => {
  it('writes one explore fixture per failure, tagged, with the input, no expected outputs and the seed', () => {
    const failures = [failure({ a: 0, b: 2 }, ['a']), failure({ a: 1, b: -1 }, ['b'])];
    expect(saveFailures(dir, failures, 1234)).toBeNull();
    expect(readdirSync(path.join(dir, 'reference')).sort()).toEqual([
      'fixture_explore_1.json',
      'fixture_explore_2.json',
    ]);
    const first = read('fixture_explore_1.json');
    expect(first).toMatchObject({
      name: 'explore: server error (a)',
      inputs: { a: 0, b: 2 },
      expected_outputs: {},
      tags: ['explore'],
    });
    expect(first.source).toMatch(/^pixie validate --explore --seed 1234 \(\d{4}-\d\d-\d\d\)$/);
    expect(failures.map((f) => f.saved_as)).toEqual([
      'reference/fixture_explore_1.json',
      'reference/fixture_explore_2.json',
    ]);
  });

  it('numbers after the explore fixtures already there and never saves an input a fixture already holds', () => {
    mkdirSync(path.join(dir, 'reference'));
    writeFileSync(path.join(dir, 'reference', 'fixture_explore_7.json'), JSON.stringify({ inputs: { b: 2, a: 0 } }));
    const failures = [failure({ a: 0, b: 2 }, ['a']), failure({ a: 5, b: 5 }, ['a', 'b'])];
    expect(saveFailures(dir, failures, 1)).toBeNull();
    expect(failures.map((f) => f.saved_as)).toEqual([
      'reference/fixture_explore_7.json',
      'reference/fixture_explore_8.json',
    ]);
    expect(read('fixture_explore_8.json').inputs).toEqual({ a: 5, b: 5 });
  });

  it('reads a fixture already there only as check 12 would: one past PIXIE_MAX_FILE_MB, or a link, is not read', () => {
    const ref = path.join(dir, 'reference');
    mkdirSync(ref);
    const pad = 'x'.repeat(1.2 * 1024 * 1024);
    writeFileSync(path.join(ref, 'fixture_big.json'), JSON.stringify({ inputs: { a: 0 }, pad }));
    const outside = path.join(dir, 'outside.json');
    writeFileSync(outside, JSON.stringify({ inputs: { a: 1 } }));
    symlinkSync(outside, path.join(ref, 'fixture_link.json'));
    const before = process.env.PIXIE_MAX_FILE_MB;
    process.env.PIXIE_MAX_FILE_MB = '1';
    try {
      const failures = [failure({ a: 0 }, ['a']), failure({ a: 1 }, ['a'])];
      expect(saveFailures(dir, failures, 1)).toBeNull();
      // neither file's inputs count as saved already, so both failures get fixtures of their own
      expect(failures.map((f) => f.saved_as)).toEqual([
        'reference/fixture_explore_1.json',
        'reference/fixture_explore_2.json',
      ]);
    } finally {
      if (before === undefined) delete process.env.PIXIE_MAX_FILE_MB;
      else process.env.PIXIE_MAX_FILE_MB = before;
    }
  });

  it('refuses a reference/ that is a link, so nothing is written outside the tool folder', () => {
    const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'pixie-elsewhere-'));
    try {
      symlinkSync(elsewhere, path.join(dir, 'reference'));
      expect(saveFailures(dir, [failure({ a: 0 }, ['a'])], 1)).toMatch(/reference\/ is not a folder \(a link/);
      expect(readdirSync(elsewhere)).toEqual([]);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
