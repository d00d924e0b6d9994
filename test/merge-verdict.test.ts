// `pixie report merge` judges the fixtures check with the same verdict as the check itself: for each
// kind of outcome, one tool split into two shards by its fixtures and merged gives the same status,
// message and details as the unsharded run. Real runs of a copy of compound-interest (and of
// gradient-image without sharp for the degraded case).
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/model/report.js';
import { skipWithoutExample } from './helpers/media-examples.js';
import { REPO_ROOT, runPixie } from './helpers/pixie.js';

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'pixie-merge-'));
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(tmp, 'node_modules'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function copyTool(caseName: string, tool: string, edit: (dir: string) => void = () => {}): string {
  const toolsDir = path.join(tmp, caseName, 'tools');
  cpSync(path.join(REPO_ROOT, 'tools', tool), path.join(toolsDir, tool), { recursive: true });
  edit(path.join(toolsDir, tool));
  return toolsDir;
}

function editFixture(dir: string, file: string, change: (j: Record<string, any>) => void): void {
  const f = path.join(dir, 'reference', file);
  const j = JSON.parse(readFileSync(f, 'utf8'));
  change(j);
  writeFileSync(f, JSON.stringify(j, null, 2));
}

const fixturesCheck = (r: Report) => {
  const c = r.checks.find((k) => k.phase === 'fixtures')!;
  return { status: c.status, message: c.message, details: c.details };
};

/** The fixtures check of one unsharded run, and of the merge of shards 1/2 and 2/2. */
async function unshardedAndMerged(toolsDir: string, tool: string, flags: string[], env: NodeJS.ProcessEnv = {}) {
  const args = ['validate', tool, '--tools-dir', toolsDir, '--reference-only', '--json', ...flags];
  const whole = await runPixie(args, { env });
  const files: string[] = [];
  for (const i of [1, 2]) {
    const part = await runPixie([...args, '--shard', `${i}/2`], { env });
    const file = path.join(toolsDir, `..`, `shard-${i}.json`);
    writeFileSync(file, part.stdout);
    files.push(file);
  }
  const merged = await runPixie(['report', 'merge', ...files, '--json', '-']);
  const [report] = JSON.parse(merged.stdout) as Report[];
  return { whole: JSON.parse(whole.stdout) as Report, wholeCode: whole.code, merged: report!, mergedCode: merged.code };
}

describe('report merge gives the unsharded fixtures verdict', () => {
  it('pass', async () => {
    const dir = copyTool('pass', 'compound-interest');
    const r = await unshardedAndMerged(dir, 'compound-interest', []);
    expect(fixturesCheck(r.whole)).toEqual({ status: 'pass', message: '5 fixture(s) matched', details: null });
    expect(fixturesCheck(r.merged)).toEqual(fixturesCheck(r.whole));
    expect([r.wholeCode, r.mergedCode]).toEqual([0, 0]);
  });

  it('warn (a fixture that asserts nothing)', async () => {
    const dir = copyTool('warn', 'compound-interest', (d) =>
      editFixture(d, 'fixture_yearly_by_hand.json', (j) => {
        j.expected_outputs = {};
      }),
    );
    const r = await unshardedAndMerged(dir, 'compound-interest', []);
    expect(fixturesCheck(r.whole)).toMatchObject({ status: 'warn', message: '5 fixture(s) matched; 1 with warnings' });
    expect(fixturesCheck(r.merged)).toEqual(fixturesCheck(r.whole));
    expect(r.merged.overall).toBe('warn');
  });

  it('fail (one fixture out of tolerance)', async () => {
    const dir = copyTool('fail', 'compound-interest', (d) =>
      editFixture(d, 'fixture_basic.json', (j) => {
        j.expected_outputs.final_value += 1;
      }),
    );
    const r = await unshardedAndMerged(dir, 'compound-interest', []);
    expect(fixturesCheck(r.whole)).toEqual({
      status: 'fail',
      message: '1 of 5 fixture(s) failed (4 passed, 0 skipped)',
      details: null,
    });
    expect(fixturesCheck(r.merged)).toEqual(fixturesCheck(r.whole));
    expect([r.wholeCode, r.mergedCode]).toEqual([1, 1]);
  });

  it('degraded (sharp disabled: image comparisons fall back to size + SHA-256)', async (ctx) => {
    skipWithoutExample(ctx, 'gradient-image');
    const dir = copyTool('degraded', 'gradient-image');
    const r = await unshardedAndMerged(dir, 'gradient-image', [], { PIXIE_DISABLE_OPTIONAL: 'sharp' });
    expect(fixturesCheck(r.whole).status).toBe('warn');
    expect(fixturesCheck(r.whole).message).toMatch(/fell back to size \+ SHA-256 because sharp could not be loaded/);
    expect(fixturesCheck(r.merged)).toEqual(fixturesCheck(r.whole));
  });

  it('strict (a stray file in reference/)', async () => {
    const dir = copyTool('strict', 'compound-interest', (d) => {
      writeFileSync(path.join(d, 'reference', 'fixture_basic.json.bak'), '{}');
      editFixture(d, 'fixture_basic.json', (j) => {
        j.skip_reason = 'upstream rate table changes';
      });
    });
    const r = await unshardedAndMerged(dir, 'compound-interest', ['--strict']);
    expect(fixturesCheck(r.whole).status).toBe('fail');
    expect(fixturesCheck(r.whole).message).toBe(
      '--strict: 1 file(s) in reference/ that pixie never reads: reference/fixture_basic.json.bak',
    );
    expect(fixturesCheck(r.merged)).toEqual(fixturesCheck(r.whole));
    expect([r.wholeCode, r.mergedCode]).toEqual([1, 1]);
  });
});
