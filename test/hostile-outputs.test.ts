import { createHash } from 'node:crypto';
// Hostile tools (test/tools/hostile-*): answers too large, nested too deep, full of terminal escapes
// and workflow commands, a stream line that never ends, a fixture that compares nothing, infinite
// tolerances. Each runs the real CLI and asserts the verdict, the message, the exit code, pixie's
// own peak memory, that nothing was written in the tool folder and that no process is left.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/model/report.js';
import { createApp } from '../src/server/app.js';
import { copyTool, snapshot, tempDir } from './helpers/hostile.js';
import { runPixieMeasured } from './helpers/measured.js';
import { REPO_ROOT, runPixie } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

const TOOLS = path.join(REPO_ROOT, 'test', 'tools');
const tool = (name: string) => path.join(TOOLS, name);
const check = (r: Report, n: number) => r.checks[n - 1]!;

/** Lines of pixie's output that a GitHub runner would read as workflow commands (its own annotations aside). */
const injectedCommands = (text: string) =>
  text.split('\n').filter((l) => /^\s*::/.test(l) && !/^::(error|warning|notice) [^:]*title=pixie/.test(l));

describe('hostile outputs', () => {
  it('four 255 MiB answers: each refused at its share of the output budget, --json still printed, memory bounded', async () => {
    const dir = tool('hostile-huge-responses');
    const before = snapshot(dir);
    const r = await runPixieMeasured(['validate', dir, '--reference-only', '--json'], { timeoutMs: 90_000 });
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as Report;
    expect(check(report, 12)).toMatchObject({
      status: 'fail',
      message: '4 of 4 fixture(s) failed (0 passed, 0 skipped)',
    });
    for (const f of report.fixtures)
      expect(f.message).toMatch(
        /^POST \/run response is larger than 64 MiB, its share of the 256 MiB \(PIXIE_MAX_OUTPUT_MB\) a tool's responses may hold at once with 4 running together \(--jobs\)$/,
      );
    expect(r.stdout.length).toBeLessThan(100_000);
    // before: 4.5 GB and "RangeError: Invalid string length"; measured about 400 MiB
    expect(r.peakMb).toBeLessThan(700);
    expect(snapshot(dir)).toEqual(before);
    expect(processesUnder(dir)).toEqual([]);
  }, 120_000);

  it('an answer larger than the report keeps of one value is compared whole, and reported as a marker with its size', async () => {
    const toolsDir = tempDir('big-value');
    const dir = copyTool('hostile-huge-responses', toolsDir);
    for (const i of [2, 3, 4]) rmSync(path.join(dir, 'reference', `fixture_huge_${i}.json`));
    writeFileSync(
      path.join(dir, 'reference', 'fixture_huge_1.json'),
      JSON.stringify({ name: 'three MiB', inputs: { mb: 3 }, expected_outputs: { out: 'small' } }),
    );
    const args = ['validate', dir, '--reference-only', '--fixture', 'huge_1', '--json'];
    const capped = await runPixieMeasured(args);
    expect(capped.code).toBe(1);
    const out = (JSON.parse(capped.stdout) as Report).fixtures[0]!.outputs[0]!;
    expect(out).toMatchObject({ key: 'out', status: 'fail', expected: 'small' });
    expect(out.actual).toEqual({
      $truncated: {
        json_chars: 3 * 1024 * 1024 + 2,
        kind: `a string of ${3 * 1024 * 1024} characters`,
        preview: `${'x'.repeat(200)}…`,
        why: 'it is larger than the 1 MiB (PIXIE_MAX_REPORT_VALUE_MB) a report keeps of one value',
        sha256: createHash('sha256')
          .update(JSON.stringify('x'.repeat(3 * 1024 * 1024)))
          .digest('hex'),
      },
    });
    const pretty = await runPixie(['validate', dir, '--reference-only', '--fixture', 'huge_1']);
    expect(pretty.stdout).toContain(
      'got <a string of 3145728 characters, 3 MiB as JSON, not kept in the report: it is larger than the 1 MiB (PIXIE_MAX_REPORT_VALUE_MB) a report keeps of one value>',
    );
    const raised = await runPixie(args, { env: { PIXIE_MAX_REPORT_VALUE_MB: '8' } });
    expect((JSON.parse(raised.stdout) as Report).fixtures[0]!.outputs[0]!.actual).toBe('x'.repeat(3 * 1024 * 1024));
    expect(processesUnder(dir)).toEqual([]);
  }, 60_000);

  it('a tree nested 5000 deep fails its fixture with a sentence; --json and serve stay whole', async () => {
    const dir = tool('hostile-deep-output');
    const before = snapshot(dir);
    const r = await runPixieMeasured(['validate', dir, '--json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as Report;
    expect(check(report, 8).status).toBe('pass');
    expect(report.fixtures[0]).toMatchObject({ status: 'fail' });
    expect(report.fixtures[0]!.message).toMatch(
      /^the POST \/run response nests more than 256 levels of arrays and objects \(at tree\.root\.children\[0\]\.children\[0\].*…\); pixie follows values up to 256 levels deep \(PIXIE_MAX_DEPTH\), so flatten the value or raise the limit$/,
    );
    expect(r.peakMb).toBeLessThan(400);
    expect(snapshot(dir)).toEqual(before);

    const toolsDir = tempDir('deep-serve');
    const served = copyTool('hostile-deep-output', toolsDir);
    const { app } = createApp({ toolsDir });
    const res = await app.request('/api/tools/hostile-deep-output/reference-check', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { report: Report };
    expect(body.report.fixtures[0]!.message).toMatch(/^the POST \/run response nests more than 256 levels/);
    expect(processesUnder(dir)).toEqual([]);
    expect(processesUnder(served)).toEqual([]);
  }, 60_000);

  it('terminal escapes, carriage returns and workflow commands from the tool reach no output raw', async () => {
    const dir = tool('hostile-control-chars');
    const work = tempDir('control-chars');
    const junit = path.join(work, 'report.xml');
    const html = path.join(work, 'report.html');
    const pretty = await runPixie(['validate', dir, '--junit', junit, '--html', html], {
      env: { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: REPO_ROOT },
    });
    expect(pretty.code).toBe(1);
    const texts = {
      pretty: pretty.stdout,
      stderr: pretty.stderr,
      junit: readFileSync(junit, 'utf8'),
      html: readFileSync(html, 'utf8'),
    };
    for (const [name, text] of Object.entries(texts)) {
      expect(text, name).not.toMatch(/[\u001b\u009b\r\u0007]/);
      expect(injectedCommands(text), name).toEqual([]);
    }
    // the text is still there to read, escaped
    expect(pretty.stdout).toContain(
      'POST /run returned HTTP 500: RED\\rOVERWRITTEN\\n::error file=main.js,line=1::injected',
    );
    expect(pretty.stdout).toContain('captured stderr');
    expect(pretty.stdout).toMatch(/^ {2}:\u200b:error file=main\.js,line=1::injected$/m);
    // pixie's own annotations are there, with the tool's text inside them escaped
    expect(pretty.stdout).toMatch(
      /^::error file=test\/tools\/hostile-control-chars\/reference\/fixture_error\.json,title=pixie/m,
    );

    const json = await runPixie(['validate', dir, '--json']);
    expect(json.stdout).not.toMatch(/[\u001b\u009b\r]/);
    const report = JSON.parse(json.stdout) as Report;
    // --json keeps the tool's text exactly, as JSON escapes
    expect(report.fixtures.find((f) => f.file === 'fixture_error.json')!.message).toContain('\u001b[31mRED');
    expect(processesUnder(dir)).toEqual([]);
  }, 60_000);

  it('a stream line that never ends stops at the output budget and fails check 10', async () => {
    const dir = tool('hostile-endless-line');
    const r = await runPixieMeasured(['validate', dir, '--json'], { env: { PIXIE_MAX_OUTPUT_MB: '16' } });
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as Report;
    expect(check(report, 10).status).toBe('fail');
    expect(check(report, 10).message).toMatch(
      /^could not read the SSE stream: GET \/stream\?run_id=[\w-]+ (stream sent more than|sent one event larger than) 16 MiB \(PIXIE_MAX_OUTPUT_MB\)$/,
    );
    expect(r.peakMb).toBeLessThan(400);
    expect(processesUnder(dir)).toEqual([]);
  }, 60_000);

  it('a fixture in which nothing was compared never passes', async () => {
    const dir = tool('hostile-ignored-outputs');
    const r = await runPixie(['validate', dir, '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.fixtures[0]).toMatchObject({
      status: 'warn',
      message:
        "nothing was compared: the response has none of the expected output(s) 'out' and on_missing_expected_key is ignore",
      outputs: [],
    });
    expect(check(report, 12)).toMatchObject({ status: 'warn', message: '1 fixture(s) matched; 1 with warnings' });
    const strict = await runPixie(['validate', dir, '--strict']);
    expect(strict.code).toBe(1);
    expect(processesUnder(dir)).toEqual([]);
  }, 60_000);

  it('infinite tolerances (abs: 1e99999, rel: .inf) are refused by pixie lint and by check 12', async () => {
    const dir = tool('hostile-infinite-tolerance');
    const lint = await runPixie(['lint', dir]);
    expect(lint.code).toBe(1);
    const finite =
      'must be a finite number, got infinity (is it written as .inf or 1e99999?); write the largest difference you accept';
    expect(lint.stdout).toContain(`reference/tolerance.yaml:2: error: rel for total (number) ${finite}`);
    expect(lint.stdout).toContain(`reference/fixture_any.json:5: error: abs for total (number) ${finite}`);
    const r = await runPixie(['validate', dir, '--json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as Report;
    expect(check(report, 12).status).toBe('fail');
    expect(check(report, 12).message).toMatch(/^2 problem\(s\) in reference files; no fixture was run: /);
    expect(report.fixtures).toEqual([]);
    expect(processesUnder(dir)).toEqual([]);
  }, 60_000);

  /** A tool answering `{t: {columns, rows}}` with n rows [i, i/2, 2i, 'r'+i], and its folder's reference/. */
  function bigTableTool(name: string): string {
    const dir = path.join(tempDir(name), 'big-table');
    mkdirSync(path.join(dir, 'reference'), { recursive: true });
    const shared = JSON.stringify(path.join(TOOLS, '_shared', 'tool-server.mjs'));
    writeFileSync(
      path.join(dir, 'main.js'),
      `import { serveTool } from ${shared};
const rows = (n) => Array.from({ length: n }, (_, i) => [i, i * 0.5, i * 2, 'r' + i]);
serveTool({ dir: import.meta.dirname, run: (inputs) => ({ t: { columns: ['a', 'b', 'c', 'd'], rows: rows(inputs.n) } }) });
`,
    );
    writeFileSync(
      path.join(dir, 'package.json'),
      '{"name":"big-table","type":"module","private":true,"dependencies":{}}',
    );
    writeFileSync(
      path.join(dir, 'tool.json'),
      JSON.stringify({
        id: 'big-table',
        name: 'Big table',
        version: '1.0.0',
        max_runtime_seconds: 60,
        inputs: [{ key: 'n', type: 'number', label: 'N', default: 3, min: 0, max: 10_000_000 }],
        outputs: [{ key: 't', type: 'table', label: 'T' }],
      }),
    );
    return dir;
  }

  it('a 45 MB fixture is compared within 1 GB, and the report keeps markers instead of two copies of it', async () => {
    const dir = bigTableTool('fixture45');
    const n = 1_300_000;
    const rows = Array.from({ length: n }, (_, i) => [i, i * 0.5, i * 2, `r${i}`]);
    const text = JSON.stringify({
      name: 'big',
      inputs: { n },
      expected_outputs: { t: { columns: ['a', 'b', 'c', 'd'], rows } },
    });
    expect(text.length).toBeGreaterThan(45_000_000);
    writeFileSync(path.join(dir, 'reference', 'fixture_big.json'), text);
    const r = await runPixieMeasured(['validate', dir, '--reference-only', '--json'], { timeoutMs: 90_000 });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.fixtures[0]).toMatchObject({ status: 'pass', message: 'all 1 compared output(s) matched' });
    const out = report.fixtures[0]!.outputs[0]!;
    expect(out.expected).toMatchObject({ $truncated: { kind: 'an object with 2 key(s) (columns, rows)' } });
    expect(r.stdout.length).toBeLessThan(100_000);
    // before: 1.6 GB with --json (and 345 MB of JSON); 510 MiB with each row an array; measured
    // about 380 MiB with the rows held as columns (docs/comparators.md, "Large tables")
    expect(r.peakMb).toBeLessThan(640);
    expect(processesUnder(dir)).toEqual([]);
  }, 120_000);

  it('a large table that differs in one cell and one row fails with that cell and that row', async () => {
    // 60k rows (1.7 MB): past the 1 MiB from which rows are held as columns (docs/comparators.md, "Large tables")
    const dir = bigTableTool('table-cell');
    const n = 60_000;
    const rows: unknown[][] = Array.from({ length: n }, (_, i) => [i, i * 0.5, i * 2, `r${i}`]);
    rows[12_345] = [12_345, 1, 24_690, 'r12345'];
    rows.push([n, 0, 0, 'extra']);
    const text = JSON.stringify({
      name: 'big',
      inputs: { n },
      expected_outputs: { t: { columns: ['a', 'b', 'c', 'd'], rows } },
    });
    expect(text.length).toBeGreaterThan(1.5 * 1024 * 1024);
    writeFileSync(path.join(dir, 'reference', 'fixture_big.json'), text);
    const r = await runPixie(['validate', dir, '--reference-only', '--json'], { timeoutMs: 60_000 });
    expect(r.code).toBe(1);
    const out = (JSON.parse(r.stdout) as Report).fixtures[0]!.outputs[0]!;
    expect(out.metric).toBe('5 of 240004 cells differ; 1 expected row(s) unmatched, 0 actual row(s) unmatched');
    expect(out.differences).toEqual([
      { path: 'rows', message: 'row count differs: expected 60001, got 60000', expected: 60_001, actual: 60_000 },
      expect.objectContaining({ path: 'rows[12345].b', message: 'expected 1, got 6172.5 (abs diff 6171.5)' }),
      expect.objectContaining({
        path: 'rows[60000]',
        message: 'row missing in actual: expected row 60000 {"a":60000,"b":0,"c":0,"d":"extra"}',
      }),
    ]);
    expect(processesUnder(dir)).toEqual([]);
  }, 90_000);
});
