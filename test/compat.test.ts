// Existing Pixie tools validate as they are: test/compat/tools/ holds tools written in the formats
// of the original Pixie's shipped tools (test/compat/README.md says which). `pixie validate --all`
// and `pixie lint` must exit 0 on them, every fixture must actually be replayed, and the original's
// deliberately broken test tool must still fail check 3. Real processes, real HTTP on 127.0.0.1.
import { cpSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/model/report.js';
import { REPO_ROOT, runPixie } from './helpers/pixie.js';

const COMPAT = path.join(REPO_ROOT, 'test', 'compat');
const TOOLS = path.join(COMPAT, 'tools');

const check = (r: Report, name: string) => r.checks.find((c) => c.name === name)!;

describe("the original Pixie's formats validate with exit 0", () => {
  let reports: Report[];
  let code: number;
  beforeAll(async () => {
    const r = await runPixie(['validate', '--all', '--tools-dir', TOOLS, '--json']);
    code = r.code;
    reports = JSON.parse(r.stdout) as Report[];
  }, 180_000);

  it('every tool passes or warns, no check fails, and the command exits 0', () => {
    expect(code).toBe(0);
    expect(reports.map((r) => r.tool_id).sort()).toEqual([
      'compat-agent',
      'compat-backtest',
      'compat-forecast',
      'compat-training',
    ]);
    for (const r of reports) {
      expect(r.errors, r.tool_id).toEqual([]);
      const failed = r.checks.filter((c) => c.status === 'fail').map((c) => `${c.name}: ${c.message}`);
      expect(failed, r.tool_id).toEqual([]);
      // the run_id every original tool echoes in /run is not an undeclared output
      expect(check(r, 'output_conforms').status, r.tool_id).toBe('pass');
    }
  });

  it('every fixture file is replayed, and every output it expects is compared and matches', () => {
    for (const r of reports) {
      const files = readdirSync(path.join(TOOLS, r.tool_id, 'reference')).filter((f) => f.startsWith('fixture_'));
      expect(r.fixtures.map((f) => f.file).sort(), r.tool_id).toEqual(files.sort());
      for (const f of r.fixtures) {
        const fixture = JSON.parse(readFileSync(path.join(TOOLS, r.tool_id, 'reference', f.file), 'utf8'));
        const expected = Object.keys(fixture.expected_outputs);
        const label = `${r.tool_id}/${f.file}: ${f.message}`;
        // a fixture that asserts nothing shows the answer's outputs as new expectations, not comparisons
        const compared = f.outputs.filter((o) => o.comparator !== 'key_presence' && o.comparator !== 'new_expectation');
        expect(
          compared.map((o) => o.key),
          label,
        ).toEqual(expected);
        expect(
          compared.filter((o) => o.status !== 'pass').map((o) => `${o.key}: ${o.metric}`),
          label,
        ).toEqual([]);
        expect(f.status, label).toBe(expected.length ? 'pass' : 'warn');
      }
    }
  });

  it('a fixture leaving out or nulling a required input runs, and check 12 warns naming the input and the fix', () => {
    const backtest = reports.find((r) => r.tool_id === 'compat-backtest')!;
    const c12 = check(backtest, 'reference_fixtures_match');
    expect(c12.status).toBe('warn');
    expect(c12.message).toBe(
      '3 fixture(s) matched; 2 warning(s) in reference files: reference/fixture_demo.json line 4 (inputs): required input \'ohlc_csv\' (file) is missing and has no default; add "ohlc_csv": <value> to inputs, or add "required": false to the input in tool.json if the tool works without it (the fixture still runs as written)',
    );
    expect(c12.details).toContain(
      "reference/fixture_null_file.json line 5 (inputs.ohlc_csv): input 'ohlc_csv' (file) is null but tool.json calls it required",
    );
    expect(c12.findings?.map((f) => [f.code, f.severity, f.file, f.edit?.description])).toEqual([
      [
        'required-input-missing',
        'warning',
        'reference/fixture_demo.json',
        'add "required": false to input \'ohlc_csv\'',
      ],
      [
        'required-input-missing',
        'warning',
        'reference/fixture_null_file.json',
        'add "required": false to input \'ohlc_csv\'',
      ],
      // no fixture asserts the equity chart: noted, without changing the verdict
      ['output-not-covered', 'warning', 'tool.json', undefined],
    ]);
  });

  it('sample inputs send a point default in object form as written, and the default centre as [lat, lng]', () => {
    const forecast = reports.find((r) => r.tool_id === 'compat-forecast')!;
    expect(check(forecast, 'sample_run_succeeds').status).toBe('pass');
    expect(forecast.sample_inputs).toEqual({
      location: [51.5, -0.12],
      days_ahead: 7,
      cities: [
        { lat: 51.5074, lng: -0.1278, label: 'London' },
        { latitude: 53.4808, longitude: -2.2426 },
      ],
    });
  });

  it("check 10 passes the original's stream events: output keys as fields, and chunks of the streamed text", () => {
    for (const id of ['compat-training', 'compat-agent']) {
      const c10 = check(reports.find((r) => r.tool_id === id)!, 'streaming_check');
      expect(c10.status, `${id}: ${c10.message}`).toBe('pass');
      expect(c10.message).toMatch(/well-formed SSE event\(s\) for run .* ending with done: true$/);
    }
  });
});

describe('pixie lint on the same tools', () => {
  it('exits 0 and shows each warning with its fix; --strict makes them errors', async () => {
    const r = await runPixie(['lint', '--tools-dir', 'tools'], { cwd: COMPAT });
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual([
      'tools/compat-backtest/reference/fixture_demo.json:4: warning: required input \'ohlc_csv\' (file) is missing and has no default; add "ohlc_csv": <value> to inputs, or add "required": false to the input in tool.json if the tool works without it (the fixture still runs as written)',
      'tools/compat-backtest/reference/fixture_null_file.json:5: warning: input \'ohlc_csv\' (file) is null but tool.json calls it required; the fixture still runs as written: add "required": false to the input in tool.json if the tool accepts null, or give a value [inputs.ohlc_csv]',
      "tools/compat-backtest/tool.json: warning: output 'equity_chart' is asserted by no fixture, so it is never compared: pixie validate compat-backtest --tools-dir tools --update-fixtures --yes adds it from the sample run (check 8) to the fixture with the sample inputs, or to a new fixture_sample.json [outputs[0]]",
      "tools/compat-forecast/reference/fixture_point_forms.json:8: warning: expected_outputs is empty, so the fixture asserts nothing yet; pixie validate compat-forecast --tools-dir tools --fixture point_forms -u fills it with every output of the tool's answer (or pixie review, after a run, to look at them first)",
      'tools/compat-training/reference/fixture_demo.json:4: warning: required input \'dataset_csv\' (file) is missing and has no default; add "dataset_csv": <value> to inputs, or add "required": false to the input in tool.json if the tool works without it (the fixture still runs as written)',
      "tools/compat-training/tool.json: warning: output 'loss_curve' is asserted by no fixture, so it is never compared: pixie validate compat-training --tools-dir tools --update-fixtures --yes adds it from the sample run (check 8) to the fixture with the sample inputs, or to a new fixture_sample.json [outputs[0]]",
      "tools/compat-training/tool.json: warning: output 'accuracy_curve' is asserted by no fixture, so it is never compared: pixie validate compat-training --tools-dir tools --update-fixtures --yes adds it from the sample run (check 8) to the fixture with the sample inputs, or to a new fixture_sample.json [outputs[1]]",
      'pixie lint: 0 error(s), 7 warning(s) in 3 of 4 tool(s)',
    ]);
    const strict = await runPixie(['lint', '--strict', '--tools-dir', 'tools'], { cwd: COMPAT });
    expect(strict.code).toBe(1);
    // outputs no fixture asserts stay warnings under --strict
    expect(strict.stdout).toContain('pixie lint: 4 error(s), 3 warning(s) in 3 of 4 tool(s)');
  });

  it('--fix marks the inputs optional in tool.json, changing only those lines, and says so', async () => {
    const copy = path.join(mkdtempSync(path.join(tmpdir(), 'pixie-compat-')), 'tools');
    cpSync(TOOLS, copy, { recursive: true });
    const r = await runPixie(['lint', '--fix', '--tools-dir', 'tools'], { cwd: path.dirname(copy) });
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual([
      'tools/compat-backtest/tool.json: fixed: add "required": false to input \'ohlc_csv\' (for reference/fixture_demo.json:4, reference/fixture_null_file.json:5)',
      'tools/compat-training/tool.json: fixed: add "required": false to input \'dataset_csv\' (for reference/fixture_demo.json:4)',
      'pixie lint --fix: 2 fix(es) applied in 2 tool(s)',
      "tools/compat-backtest/tool.json: warning: output 'equity_chart' is asserted by no fixture, so it is never compared: pixie validate compat-backtest --tools-dir tools --update-fixtures --yes adds it from the sample run (check 8) to the fixture with the sample inputs, or to a new fixture_sample.json [outputs[0]]",
      "tools/compat-forecast/reference/fixture_point_forms.json:8: warning: expected_outputs is empty, so the fixture asserts nothing yet; pixie validate compat-forecast --tools-dir tools --fixture point_forms -u fills it with every output of the tool's answer (or pixie review, after a run, to look at them first)",
      "tools/compat-training/tool.json: warning: output 'loss_curve' is asserted by no fixture, so it is never compared: pixie validate compat-training --tools-dir tools --update-fixtures --yes adds it from the sample run (check 8) to the fixture with the sample inputs, or to a new fixture_sample.json [outputs[0]]",
      "tools/compat-training/tool.json: warning: output 'accuracy_curve' is asserted by no fixture, so it is never compared: pixie validate compat-training --tools-dir tools --update-fixtures --yes adds it from the sample run (check 8) to the fixture with the sample inputs, or to a new fixture_sample.json [outputs[1]]",
      'pixie lint: 0 error(s), 4 warning(s) in 3 of 4 tool(s)',
    ]);
    const before = readFileSync(path.join(TOOLS, 'compat-backtest', 'tool.json'), 'utf8');
    const after = readFileSync(path.join(copy, 'compat-backtest', 'tool.json'), 'utf8');
    expect(after).toBe(before.replace('"accept": ".csv"\n', '"accept": ".csv",\n      "required": false\n'));
    // the tool serves tool.json from disk, so it still matches, and check 12 now passes outright
    const v = await runPixie(['validate', 'compat-backtest', '--tools-dir', copy, '--reference-only', '--json']);
    const report = JSON.parse(v.stdout) as Report;
    expect(v.code).toBe(0);
    expect(check(report, 'reference_fixtures_match')).toMatchObject({
      status: 'pass',
      message: '3 fixture(s) matched',
    });
  }, 60_000);
});

describe("the original's deliberately broken test tool still fails", () => {
  it('check 3 reports the duplicate input key and the show_if naming no input', async () => {
    const r = await runPixie(['validate', path.join(COMPAT, 'broken', 'broken-tool'), '--json']);
    const report = JSON.parse(r.stdout) as Report;
    expect(r.code).toBe(1);
    const c3 = check(report, 'schemas_coherent');
    expect(c3.status).toBe('fail');
    expect(c3.findings?.map((f) => [f.code, f.severity, f.line, f.message])).toEqual([
      ['incoherent-manifest', 'error', 6, "duplicate input key: 'foo'"],
      ['incoherent-manifest', 'error', 8, "input 'depends': show_if references missing key 'nonexistent'"],
    ]);
    const lint = await runPixie(['lint', path.join(COMPAT, 'broken', 'broken-tool')]);
    expect(lint.code).toBe(1);
  });
});
