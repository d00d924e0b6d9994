// Numbers exactly as Python writes and reads them (docs/tolerance.md, docs/fixtures.md, "Numbers"),
// end to end: test/tools/python-numbers answers, streams and is fixed in json.dumps's own text (NaN
// for a backtest with no trades, Infinity, order ids past 2^53), through the real CLI over real HTTP.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/model/report.js';
import { createApp } from '../src/server/app.js';
import { parseJson } from '../src/util/python-json.js';
import { REPO_ROOT, runPixie } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

const TOOL = path.join(REPO_ROOT, 'test', 'tools', 'python-numbers');

/** A copy of the tool, its fixtures patched as an author would edit them. */
function copy(patch: (reference: string) => void = () => {}): string {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'pixie-python-numbers-')), 'python-numbers');
  cpSync(TOOL, dir, { recursive: true });
  patch(path.join(dir, 'reference'));
  return dir;
}

function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`patch did not apply to ${file}: ${from}`);
  writeFileSync(file, text.replace(from, to));
}

async function validate(dir: string, extra: string[] = []): Promise<{ code: number; text: string; report: Report }> {
  const r = await runPixie(['validate', dir, '--json', ...extra]);
  expect(processesUnder(dir)).toEqual([]);
  return { code: r.code, text: r.stdout, report: parseJson(r.stdout) as Report };
}

const outputOf = (report: Report, file: string, key: string) =>
  report.fixtures.find((f) => f.file === file)?.outputs.find((o) => o.key === key);

// each test runs the CLI several times over; six at once on a loaded machine need more than the default minute
describe.concurrent("numbers as Python's json writes them", () => {
  it('a tool answering, streaming and fixed in json.dumps text passes every check; --json writes NaN and long ids as written', async () => {
    const dir = copy();
    const { code, text, report } = await validate(dir);
    expect(
      report.checks.map((c) => `${c.number} ${c.status}`),
      text.slice(0, 4000),
    ).toEqual(Array.from({ length: 12 }, (_, i) => `${i + 1} pass`));
    expect(code).toBe(0);
    // check 10 read the events of a run whose equity holds NaN
    expect(report.checks[9]!.message).toMatch(/received \d+ well-formed SSE event/);
    const sharpe = outputOf(report, 'fixture_no_trades.json', 'sharpe')!;
    expect(sharpe.status).toBe('pass');
    expect(sharpe.expected).toBeNaN();
    expect(sharpe.actual).toBeNaN();
    // the report's own text holds Python's forms, the ids with every digit
    expect(text).toMatch(/"expected": NaN/);
    expect(text).toMatch(/"expected": Infinity/);
    expect(text).toContain('"actual": 12345678901234567893');
    expect(text).not.toContain('12345678901234567000');

    // pixie reads its own report back: report merge writes the same numbers
    const file = path.join(path.dirname(dir), 'report.json');
    writeFileSync(file, text);
    const merged = await runPixie(['report', 'merge', file, '--json', '-']);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout).toContain('"actual": 12345678901234567893');
    expect(merged.stdout).toMatch(/"expected": NaN/);
  }, 180_000);

  it('NaN expected against a number answered fails that output, saying NaN equals only NaN', async () => {
    const dir = copy((ref) =>
      edit(path.join(ref, 'fixture_basic.json'), '"sharpe": 0.26490647141300877,', '"sharpe": NaN,'),
    );
    const { code, report } = await validate(dir, ['--reference-only']);
    expect(code).toBe(1);
    const failing = report.fixtures.flatMap((f) =>
      f.outputs.filter((o) => o.status === 'fail').map((o) => `${f.file} ${o.key}`),
    );
    expect(failing).toEqual(['fixture_basic.json sharpe']);
    expect(outputOf(report, 'fixture_basic.json', 'sharpe')!.differences?.[0]?.message).toBe(
      'expected NaN, got 0.26490647141300877: NaN equals only NaN',
    );
  }, 180_000);

  it('9007199254740994 against 9007199254740995 fails under compare: exact, printed as written; --update-fixtures and accept write the id back, every other byte kept', async () => {
    const fixture = (dir: string) => path.join(dir, 'reference', 'fixture_basic.json');
    const pristine = readFileSync(path.join(TOOL, 'reference', 'fixture_basic.json'), 'utf8');
    const dir = copy((ref) =>
      edit(path.join(ref, 'fixture_basic.json'), '"order_id": 9007199254740995', '"order_id": 9007199254740994'),
    );
    const pretty = await runPixie(['validate', dir, '--reference-only']);
    expect(pretty.code).toBe(1);
    expect(pretty.stdout).toContain('expected 9007199254740994, got 9007199254740995 (abs diff 1)');

    const { text, report } = await validate(dir, ['--reference-only']);
    const id = outputOf(report, 'fixture_basic.json', 'order_id')!;
    expect(id.status).toBe('fail');
    expect(text).toContain('"expected": 9007199254740994');
    expect(text).toContain('"actual": 9007199254740995');
    // the other fixtures, NaN and Infinity in them, still pass
    expect(report.fixtures.filter((f) => f.status === 'pass').map((f) => f.file)).toEqual([
      'fixture_no_losses.json',
      'fixture_no_trades.json',
    ]);

    // accepting the change from that --json report: the id's digits matched the fixture's exactly
    const reportFile = path.join(path.dirname(dir), 'report.json');
    writeFileSync(reportFile, text);
    const accepted = await runPixie(['accept', dir, '--from', reportFile]);
    expect(accepted.code, accepted.stdout + accepted.stderr).toBe(0);
    // only the id went back to what the tool answers (and a `source` records the update): with the
    // stamp taken off, the file is Python's json.dumps text again, byte for byte
    const unstamped = (t: string) => t.replace(/,\n {2}"source": "updated [^"]*"\n\}\n$/, '\n}\n');
    const afterAccept = readFileSync(fixture(dir), 'utf8');
    expect(afterAccept).toMatch(/"source": "updated /);
    expect(unstamped(afterAccept)).toBe(pristine);

    // the same edit undone by --update-fixtures, and a table of long ids and NaN written whole again
    const again = copy((ref) => {
      edit(path.join(ref, 'fixture_basic.json'), '"order_id": 9007199254740995', '"order_id": 9007199254740994');
      edit(path.join(ref, 'fixture_no_losses.json'), '1.01\n', '1.02\n');
    });
    const updated = await runPixie(['validate', again, '--update-fixtures', '--yes']);
    expect(updated.code, updated.stdout + updated.stderr).toBe(0);
    expect(updated.stdout).toContain('order_id: 9007199254740994 → 9007199254740995');
    expect(unstamped(readFileSync(fixture(again), 'utf8'))).toBe(pristine);
    const table = readFileSync(path.join(again, 'reference', 'fixture_no_losses.json'), 'utf8');
    expect(table).toContain('12345678901234567891');
    expect(unstamped(table)).toBe(readFileSync(path.join(TOOL, 'reference', 'fixture_no_losses.json'), 'utf8'));
    // the file no update touched is byte for byte Python's: NaN, Infinity and long ids as written
    expect(readFileSync(path.join(again, 'reference', 'fixture_no_trades.json'), 'utf8')).toBe(
      readFileSync(path.join(TOOL, 'reference', 'fixture_no_trades.json'), 'utf8'),
    );
    const after = await validate(again, ['--reference-only']);
    expect(after.report.checks[11]!.status).toBe('pass');
  }, 180_000);

  it('9007199254740993 against an answer of 9007199254740992 fails under compare: exact, both printed as written; --update-fixtures writes the file back byte for byte', async () => {
    const fixture = (dir: string) => path.join(dir, 'reference', 'fixture_no_trades.json');
    const pristine = readFileSync(fixture(TOOL), 'utf8');
    // as doubles both are 9007199254740992: only their text tells them apart
    const dir = copy((ref) =>
      edit(path.join(ref, 'fixture_no_trades.json'), '"order_id": 9007199254740992', '"order_id": 9007199254740993'),
    );
    const pretty = await runPixie(['validate', dir, '--reference-only']);
    expect(pretty.code).toBe(1);
    expect(pretty.stdout).toContain('expected 9007199254740993, got 9007199254740992 (abs diff 1)');

    const { code, text, report } = await validate(dir, ['--reference-only']);
    expect(code).toBe(1);
    const id = outputOf(report, 'fixture_no_trades.json', 'order_id')!;
    expect(id.status).toBe('fail');
    expect(String(id.expected)).toBe('9007199254740993');
    expect(text).toContain('"expected": 9007199254740993');
    expect(text).toContain('"actual": 9007199254740992');
    expect(id.differences?.[0]?.message).toContain('expected 9007199254740993, got 9007199254740992');
    // NaN against NaN and -Infinity against -Infinity in the same file still pass
    expect(outputOf(report, 'fixture_no_trades.json', 'sharpe')!.status).toBe('pass');
    expect(outputOf(report, 'fixture_no_trades.json', 'summary')!.status).toBe('pass');

    const updated = await runPixie(['validate', dir, '--update-fixtures', '--yes']);
    expect(updated.code, updated.stdout + updated.stderr).toBe(0);
    expect(updated.stdout).toContain('order_id: 9007199254740993 → 9007199254740992');
    // NaN, -Infinity and "first_id": 9007199254740993 beside it: Python's json.dumps text again
    const written = readFileSync(fixture(dir), 'utf8');
    expect(written).toContain('"first_id": 9007199254740993');
    expect(written.replace(/,\n {2}"source": "updated [^"]*"\n\}\n$/, '\n}\n')).toBe(pristine);
  }, 180_000);

  it('pixie serve: the dashboard shows a long id and NaN as written, the HTTP API stays strict JSON, and accepting from the dashboard writes them as written', async () => {
    // inside the repository, as the other serve tests; the store keeps Python's forms
    mkdirSync(path.join(REPO_ROOT, 'test-artifacts'), { recursive: true });
    const toolsDir = path.join(mkdtempSync(path.join(REPO_ROOT, 'test-artifacts', 'python-numbers-serve-')), 'tools');
    const dir = path.join(toolsDir, 'python-numbers');
    cpSync(TOOL, dir, { recursive: true });
    const fixture = path.join(dir, 'reference', 'fixture_no_trades.json');
    const pristine = readFileSync(fixture, 'utf8');
    edit(fixture, '"order_id": 9007199254740992', '"order_id": 9007199254740993');
    edit(fixture, '"profit_factor": NaN', '"profit_factor": 0.5');
    const { app, store } = createApp({ toolsDir });
    const post = (body: unknown) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

    const run = await app.request('/api/tools/python-numbers/reference-check', post({ fixtures: ['no_trades'] }));
    expect(run.status).toBe(200);
    // strict JSON, as browsers read it (docs/report.md, "Numbers"): NaN is null, the id its nearest
    // double; the messages keep every digit
    const { overall, report } = JSON.parse(await run.text()) as { overall: string; report: Report };
    expect(overall).toBe('fail');
    const id = outputOf(report, 'fixture_no_trades.json', 'order_id')!;
    expect(id.status).toBe('fail');
    expect(id.expected).toBe(9007199254740992);
    expect(id.differences?.[0]?.message).toContain('expected 9007199254740993, got 9007199254740992');
    expect(outputOf(report, 'fixture_no_trades.json', 'sharpe')).toMatchObject({ status: 'pass', expected: null });
    expect(outputOf(report, 'fixture_no_trades.json', 'profit_factor')).toMatchObject({ status: 'fail', actual: null });
    expect(outputOf(report, 'fixture_no_trades.json', 'profit_factor')!.differences?.[0]?.message).toBe(
      'expected 0.5, got NaN: NaN equals only NaN',
    );

    // the dashboard's page of the stored report shows the values as written
    const page = await (await app.request('/tools/python-numbers')).text();
    expect(page).toContain('<th>expected</th><td class="num">9007199254740993</td>');
    expect(page).toContain('<th>actual</th><td class="num">9007199254740992</td>');
    expect(page).toContain('<th>actual</th><td class="num">NaN</td>');

    // accepting the tool's id from the page: the fixture is json.dumps's text again
    const [reportFile] = store.files('python-numbers');
    for (const output of ['order_id', 'profit_factor']) {
      const accepted = await app.request(
        '/api/tools/python-numbers/accept',
        post({ report: reportFile, fixture: 'fixture_no_trades.json', output }),
      );
      expect(accepted.status, await accepted.clone().text()).toBe(200);
    }
    const written = readFileSync(fixture, 'utf8');
    expect(written.replace(/,\n {2}"source": "updated [^"]*"\n\}\n$/, '\n}\n')).toBe(pristine);
    expect(processesUnder(dir)).toEqual([]);
  }, 180_000);

  it('a fixture wrong in any other way is still refused, naming its line, with NaN beside the mistake', async () => {
    const dir = copy((ref) =>
      edit(path.join(ref, 'fixture_no_trades.json'), '"worst": -Infinity\n', '"worst": -Infinity,\n'),
    );
    const { code, report } = await validate(dir, ['--reference-only']);
    expect(code).toBe(1);
    const c12 = report.checks[11]!;
    expect(c12.status).toBe('fail');
    expect(c12.message).toMatch(
      /^1 problem\(s\) in reference files; no fixture was run: reference\/fixture_no_trades\.json line 15: trailing comma before '\}' at line 15/,
    );
    expect(c12.message).not.toMatch(/NaN is not JSON/);
  }, 180_000);
});
