// Reports that survive any answer and any name (README, Limits and safety): 200,000 undeclared keys,
// outputs named after Object.prototype's members, a tool folder whose name is a GitHub workflow
// command, a fixture file name with terminal escapes, 100,000 unknown keys for lint, a run that
// hangs past --explore's time, a tool that rewrites its fixtures while it runs. Each with its bound:
// the exit code, the size of what is printed, the harness's deadline, one sentence.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/model/report.js';
import { copyTool, snapshot, tempDir } from './helpers/hostile.js';
import { runPixieMeasured } from './helpers/measured.js';
import { REPO_ROOT, runPixie } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

const TOOLS = path.join(REPO_ROOT, 'test', 'tools');
const check = (r: Report, n: number) => r.checks[n - 1]!;
/** Lines a GitHub runner would obey as workflow commands (pixie's own annotations aside). */
const injected = (text: string) =>
  text.split('\n').filter((l) => /^\s*::/.test(l) && !/^::(error|warning|notice) [^:]*title=pixie/.test(l));

describe('hostile reports', () => {
  it('200,000 undeclared keys: every report is printed, the keys are counted past 20, --json stays small', async () => {
    const dir = path.join(TOOLS, 'hostile-many-keys');
    const pretty = await runPixieMeasured(['validate', dir], { timeoutMs: 90_000 });
    expect(pretty.code, pretty.stderr).toBe(0);
    expect(pretty.stderr).not.toContain('internal error');
    expect(pretty.stdout.split('\n').length).toBeLessThan(100);
    expect(pretty.stdout).toContain(
      '(199980 more undeclared keys): /run returned 200000 undeclared keys in all: k20, k21, k22, k23, k24, k25, k26, k27, k28, k29 … and 199970 more ! on_extra_output_key: warn',
    );
    const json = await runPixieMeasured(['validate', dir, '--json'], { timeoutMs: 90_000 });
    expect(json.code).toBe(0);
    // before: 118 MB; what is left is the sample output, kept as the report keeps any value
    expect(json.stdout.length).toBeLessThan(8 * 1024 * 1024);
    const report = JSON.parse(json.stdout) as Report;
    expect(check(report, 9)).toMatchObject({
      status: 'warn',
      message: 'response contained 200000 undeclared key(s): k0, k1, k2, k3, k4, k5, k6, k7, k8, k9 … and 199990 more',
    });
    expect(report.fixtures[0]!.outputs).toHaveLength(1 + 20 + 1);
    expect(json.peakMb).toBeLessThan(600);
  }, 200_000);

  it('outputs named toString and constructor are missing, not read from the prototype', async () => {
    const r = await runPixie(['validate', path.join(TOOLS, 'hostile-prototype-keys'), '--json']);
    expect(r.code).toBe(1);
    expect(check(JSON.parse(r.stdout) as Report, 9)).toMatchObject({
      status: 'fail',
      message: "2 output conformance issue(s): missing output key: 'toString'",
      details: "missing output key: 'toString'\nmissing output key: 'constructor'",
    });
  }, 60_000);

  it('a tool folder named as a workflow command and a fixture file name with terminal escapes print as text', async () => {
    const toolsDir = tempDir('names');
    const dir = copyTool('good-node', toolsDir, 'evil\n::warning title=x::pwned');
    mkdirSync(path.join(dir, 'reference'));
    writeFileSync(
      path.join(dir, 'reference', 'fixture_a\u001b]0;owned\u0007\u001b[31m.json'),
      JSON.stringify({ name: 'n\u001b[2J', inputs: { a: 2, b: 3 }, expected_outputs: { total: 4 } }),
    );
    const env = { GITHUB_ACTIONS: 'true', PIXIE_PENDING_DIR: tempDir('names-pending') };
    const runs: [string[], number][] = [
      [['validate', '--all'], 1],
      [['validate', '--all', '--json'], 1],
      [['lint'], 0],
    ];
    for (const [args, code] of runs) {
      const r = await runPixie([...args, '--tools-dir', toolsDir], { env });
      expect(r.code, r.stderr).toBe(code);
      const text = r.stdout + r.stderr;
      expect(injected(text)).toEqual([]);
      expect(text).not.toMatch(/[\u0007\u001b]/);
    }
    expect(processesUnder(toolsDir)).toEqual([]);
  }, 120_000);

  it('pixie lint is linear in unknown keys: 100,000 in a fixture are the first 100 and a count', async () => {
    const toolsDir = tempDir('lint-keys');
    const dir = copyTool('good-node', toolsDir);
    mkdirSync(path.join(dir, 'reference'));
    const fixture: Record<string, unknown> = { name: 'n', inputs: { a: 2, b: 3 }, expected_outputs: { total: 5 } };
    for (let i = 0; i < 100_000; i++) fixture[`u${i}`] = i;
    writeFileSync(path.join(dir, 'reference', 'fixture_keys.json'), JSON.stringify(fixture));
    // before: more than 60 s, quadratic in the keys
    const r = await runPixie(['lint', dir], { timeoutMs: 60_000 });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      'reference/fixture_keys.json: error: and 99900 more problem(s) like those above in this file; fix them and run pixie lint again',
    );
    expect(r.stdout).toContain('pixie lint: 101 error(s), 0 warning(s) in 1 of 1 tool(s)');
  }, 90_000);

  it('a run that hangs past --explore --seconds is cut at the deadline, not waited for', async () => {
    const toolsDir = tempDir('explore-hang');
    const dir = copyTool('explore-hang-memory', toolsDir);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'tool.json'), 'utf8'));
    writeFileSync(path.join(dir, 'tool.json'), JSON.stringify({ ...manifest, max_runtime_seconds: 120 }));
    // before: one hung request held the run for max_runtime_seconds + 5 = 125 s
    const r = await runPixie(['explore', dir, '--seconds', '3', '--seed', '1', '--json'], { timeoutMs: 60_000 });
    expect(r.code, 'the harness did not have to stop pixie').not.toBe(99);
    const report = JSON.parse(r.stdout) as Report;
    // the hung run, cut at the deadline, is not judged: a request that could not finish in time says nothing
    expect(report.explore!.failures.filter((f) => f.kind === 'timeout')).toEqual([]);
    expect(report.explore!.duration_ms).toBeLessThan(3_000 + 10_000);
    expect(processesUnder(dir)).toEqual([]);
  }, 90_000);

  it('a tool that rewrites its fixtures as it starts fails check 12 with a sentence, whatever reference/ weighs', async () => {
    for (const large of [false, true]) {
      const toolsDir = tempDir('rewrites');
      const dir = copyTool('hostile-rewrites-fixture', toolsDir);
      mkdirSync(path.join(dir, 'reference'));
      const fixture = { name: 'basic', inputs: { a: 2, b: 3 }, expected_outputs: { total: 5 } };
      writeFileSync(path.join(dir, 'reference', 'fixture_basic.json'), JSON.stringify(fixture));
      // past 2 MiB reference/ is read by check 12 itself, after the tool started
      if (large)
        writeFileSync(
          path.join(dir, 'reference', 'fixture_large.json'),
          JSON.stringify({ ...fixture, description: 'd'.repeat(3 * 1024 * 1024) }),
        );
      const r = await runPixie(['validate', dir, '--json']);
      expect(r.code).toBe(1);
      expect(check(JSON.parse(r.stdout) as Report, 12)).toMatchObject({
        status: 'fail',
        message: `the tool wrote into its reference/ folder while it ran (${large ? 'reference/fixture_basic.json, reference/fixture_large.json' : 'reference/fixture_basic.json'}): fixtures compared with what the tool wrote prove nothing`,
        details:
          'a tool must never write into reference/; write scratch files to a temporary folder (os.tmpdir(), tempfile)',
      });
      expect(processesUnder(dir)).toEqual([]);
    }
  }, 120_000);

  it('a tool that leaves reference/ alone is not accused: the update lock and pixie’s own writes are its', async () => {
    const toolsDir = tempDir('untouched');
    const dir = copyTool('good-node', toolsDir);
    mkdirSync(path.join(dir, 'reference'));
    writeFileSync(
      path.join(dir, 'reference', 'fixture_basic.json'),
      JSON.stringify({ name: 'basic', inputs: { a: 2, b: 3 }, expected_outputs: { total: 4 } }),
    );
    const update = await runPixie(['validate', dir, '--update-fixtures', '--yes', '--json'], {
      env: { PIXIE_PENDING_DIR: tempDir('untouched-pending') },
    });
    expect(update.code, update.stderr).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, 'reference', 'fixture_basic.json'), 'utf8'))).toMatchObject({
      expected_outputs: { total: 5 },
    });
    const before = snapshot(dir);
    expect((await runPixie(['validate', dir])).code).toBe(0);
    expect(snapshot(dir)).toEqual(before);
  }, 90_000);
});
