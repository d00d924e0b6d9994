// Hand-written fixtures (docs/fixtures.md) through the real CLI on a real tool (test/tools/negative-calc):
// a fixture that asserts no outputs is filled by a reviewed run, and only the selected fixture is
// written; a negative fixture passes on the refusal it expects and fails on anything else.
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/model/report.js';
import { compileReferenceSchema } from '../src/schema/ajv.js';
import { REPO_ROOT, runPixie } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

type Behaviour = 'refuse' | 'accept' | 'crash';

const validReport = compileReferenceSchema('report.schema.json');
const schemaValid = (report: unknown) => expect(validReport(report), JSON.stringify(validReport.errors)).toBe(true);

/** A copy of negative-calc in a project of its own, answering as `behaviour` says, with these fixtures. */
function calc(behaviour: Behaviour, fixtures: Record<string, unknown>): string {
  const project = mkdtempSync(path.join(os.tmpdir(), 'pixie-authored-'));
  const dir = path.join(project, 'tools', 'calc');
  cpSync(path.join(REPO_ROOT, 'test/tools/negative-calc'), dir, { recursive: true });
  const main = path.join(dir, 'main.py');
  writeFileSync(main, readFileSync(main, 'utf8').replace('BEHAVIOUR = "refuse"', `BEHAVIOUR = "${behaviour}"`));
  const manifest = path.join(dir, 'tool.json');
  writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"id": "negative-calc"', '"id": "calc"'));
  for (const [name, body] of Object.entries(fixtures))
    writeFileSync(path.join(dir, 'reference', `fixture_${name}.json`), `${JSON.stringify(body, null, 2)}\n`);
  return dir;
}

const snapshot = (dir: string) =>
  Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));

describe('missing expectations', () => {
  it('-u with --fixture fills only the selected fixture, with every declared output (media as a $file)', async () => {
    const dir = calc('refuse', {
      new_case: { name: 'seven', inputs: { x: 7, mode: 'loud' }, expected_outputs: {} },
      other: { inputs: { x: 3 }, expected_outputs: {} },
    });
    const ref = path.join(dir, 'reference');
    const before = snapshot(ref);
    const r = await runPixie(['validate', dir, '--fixture', 'new_case', '-u']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const filled = JSON.parse(readFileSync(path.join(ref, 'fixture_new_case.json'), 'utf8'));
    expect(r.stdout).toContain(
      `updated 2 file(s): reference/${filled.expected_outputs.swatch.$file}, reference/fixture_new_case.json`,
    );
    expect(filled.inputs).toEqual({ x: 7, mode: 'loud' });
    expect(filled.expected_outputs).toEqual({ y: 14, note: 'twice 7 is 14!', swatch: { $file: expect.any(String) } });
    const png = readFileSync(path.join(ref, filled.expected_outputs.swatch.$file));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // every other file is byte-identical, and the sample run added nothing to fixture_basic.json
    const after = snapshot(ref);
    for (const [file, text] of Object.entries(before))
      if (file !== 'fixture_new_case.json') expect(after[file]).toBe(text);
    expect(Object.keys(after).sort()).toEqual([...Object.keys(before), filled.expected_outputs.swatch.$file].sort());

    // the filled fixture now passes
    const again = await runPixie(['validate', dir, '--fixture', 'new_case', '--json']);
    const report = JSON.parse(again.stdout) as Report;
    expect(report.fixtures.map((f) => [f.file, f.status])).toEqual([['fixture_new_case.json', 'pass']]);
    expect(processesUnder(dir)).toEqual([]);
  });

  it('a run without -u leaves new expectations pending, and pixie review shows them as their own kind', async () => {
    const dir = calc('refuse', { edge: { description: 'the top of the range', inputs: { x: 10 } } });
    const run = await runPixie(['validate', dir, '--fixture', 'edge']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "fixture_edge.json — edge: the fixture asserts no outputs (expected_outputs is empty): the answer's 3 output(s) wait as new expectations",
    );
    expect(run.stdout).toContain('y: new expectation 20');
    expect(run.stdout).toContain('the top of the range');
    const review = await runPixie(['review', dir], { cwd: path.dirname(path.dirname(dir)), input: 'a\na\na\n' });
    expect(review.code, review.stdout + review.stderr).toBe(0);
    expect(review.stdout).toContain('new expectation for output y');
    expect(review.stdout).toMatch(
      /3 accepted, 0 rejected, 0 left pending \(of 3 change\(s\), 3 new expectation\(s\)\)/,
    );
    const filled = JSON.parse(readFileSync(path.join(dir, 'reference', 'fixture_edge.json'), 'utf8'));
    expect(filled.expected_outputs).toEqual({ y: 20, note: 'twice 10 is 20', swatch: { $file: expect.any(String) } });
  });
});

describe('negative fixtures', () => {
  const tooBig = { inputs: { x: 50 }, expected_status: 422 };

  it('passes when the tool refuses with the expected status and detail', async () => {
    const dir = calc('refuse', {
      too_big: { ...tooBig, description: 'out of range on purpose' },
      any_4xx: {
        inputs: { x: 'ten' },
        expected_status: '4xx',
        expected_error: { regex: '^x must be A NUMBER$', flags: 'i' },
      },
      text: { inputs: { mode: 'shout' }, expected_status: 422, expected_error: 'plain or loud' },
      subset: { inputs: { dot: 'yes' }, expected_status: 422, expected_error: { subset: 'dot must be true or false' } },
    });
    const r = await runPixie(['validate', dir, '--reference-only', '--json']);
    const report = JSON.parse(r.stdout) as Report;
    expect(r.code, r.stdout).toBe(0);
    schemaValid(report);
    const byFile = Object.fromEntries(report.fixtures.map((f) => [f.file, f]));
    expect(byFile['fixture_too_big.json']).toMatchObject({
      status: 'pass',
      description: 'out of range on purpose',
      expected_status: 422,
      message: 'refused with HTTP 422 as expected: x must be between 0 and 10',
      response: { status: 422 },
    });
    for (const f of ['fixture_any_4xx.json', 'fixture_text.json', 'fixture_subset.json'])
      expect(byFile[f]!.status, byFile[f]!.message).toBe('pass');
  });

  it('fails (exit 1) when the tool answers 200, or 500, showing the answer', async () => {
    const accepting = calc('accept', { too_big: tooBig });
    const r = await runPixie(['validate', accepting, '--reference-only']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      'expected a refusal (HTTP 422), but the tool answered HTTP 200, accepting the inputs: {"y": 100, "note": "twice 50 is 100"',
    );
    const crashing = calc('crash', { too_big: { ...tooBig, expected_status: '4xx' } });
    const c = await runPixie(['validate', crashing, '--reference-only']);
    expect(c.code).toBe(1);
    expect(c.stdout).toContain(
      'expected a refusal (HTTP 4xx), but the tool answered HTTP 500, a server error rather than a refusal: internal error',
    );
  });

  it('fails when the detail does not say what expected_error asks', async () => {
    const dir = calc('refuse', { too_big: { ...tooBig, expected_error: 'too large' } });
    const r = await runPixie(['validate', dir, '--reference-only']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      'refused with HTTP 422 as expected, but its detail does not contain "too large": x must be between 0 and 10',
    );
  });

  it('lint: inputs outside tool.json are fine in a negative fixture; an undeclared key is a warning', async () => {
    const dir = calc('refuse', {
      too_big: tooBig,
      typo: { inputs: { xx: 50 }, expected_status: 422 },
      outputs: { inputs: { x: 50 }, expected_status: 422, expected_outputs: { y: 1 } },
      stray: { inputs: { x: 1 }, expected_error: 'nope', expected_outputs: { y: 2 } },
      bad_status: { inputs: { x: 1 }, expected_status: 200 },
    });
    const r = await runPixie(['lint', dir]);
    expect(r.stdout).toContain(
      "reference/fixture_typo.json:3: warning: 'xx' is not an input of this tool — did you mean 'x'? (a negative fixture still sends it as written)",
    );
    expect(r.stdout).toContain(
      'a fixture with expected_status expects the tool to refuse its inputs, so it asserts no outputs',
    );
    expect(r.stdout).toContain('expected_error says what a refusal must say, but the fixture expects no refusal');
    expect(r.stdout).toContain(
      `'expected_status' must be an HTTP status from 400 to 499, or "4xx" for any refusal, got the number 200`,
    );
    expect(r.stdout).not.toContain('fixture_too_big.json');
  });
});

describe('pixie explore --negative', () => {
  it('sends inputs tool.json forbids: a 4xx passes, a 200 or a 500 is a finding showing the answer', async () => {
    const good = await runPixie(['explore', calc('refuse', {}), '--negative', '--json']);
    expect(good.code, good.stdout + good.stderr).toBe(0);
    const ok = (JSON.parse(good.stdout) as Report).explore!;
    expect(ok).toMatchObject({ status: 'pass', negative: true, failures: [] });
    expect(ok.message).toMatch(/^every forbidden input was refused with a 4xx \(\d+ forbidden input\(s\) sent in /);

    const accepting = await runPixie(['explore', calc('accept', {}), '--negative', '--json']);
    expect(accepting.code).toBe(1);
    schemaValid(JSON.parse(accepting.stdout));
    const found = (JSON.parse(accepting.stdout) as Report).explore!;
    expect(found.failures.map((f) => [f.kind, f.offending])).toEqual([
      ['accepted_invalid', ['x']],
      ['accepted_invalid', ['mode']],
      ['accepted_invalid', ['dot']],
    ]);
    expect(found.failures[0]).toMatchObject({
      message: 'the tool answered HTTP 200 to an input tool.json forbids, instead of refusing it with a 4xx',
      inputs: { x: -1, mode: 'plain', dot: false },
      response: { status: 200, body: expect.stringContaining('"note": "twice -1 is -2"') },
    });

    // --save writes each finding as a negative fixture, which fails until the tool refuses the input
    const dir = calc('crash', {});
    const crashing = await runPixie(['explore', dir, '--negative', '--save']);
    expect(crashing.code).toBe(1);
    expect(crashing.stdout).toContain('[server_error] POST /run returned HTTP 500: internal error');
    expect(crashing.stdout).toContain('answer: HTTP 500 {"detail": "internal error"}');
    const saved = JSON.parse(readFileSync(path.join(dir, 'reference', 'fixture_explore_1.json'), 'utf8'));
    expect(saved).toMatchObject({ inputs: { x: -1 }, expected_status: '4xx' });
    const replay = await runPixie(['validate', dir, '--reference-only', '--fixture', 'explore_1']);
    expect(replay.code).toBe(1);
    expect(replay.stdout).toContain('expected a refusal (HTTP 4xx), but the tool answered HTTP 500');
    expect(processesUnder(dir)).toEqual([]);
  });
});

describe('what the reports say was and was not judged', () => {
  it('description everywhere; bytes-only and skipped outputs counted apart; check 12 warns without sharp even when bytes match', async () => {
    const swatch = `data:image/png;base64,${readFileSync(path.join(REPO_ROOT, 'test/tools/negative-calc/main.py'), 'utf8').match(/"plain": "([^"]+)"/)![1]}`;
    const dir = calc('refuse', {
      basic: {
        description: 'two, <b>doubled</b>',
        inputs: { x: 2 },
        expected_outputs: { y: 4, note: 'whatever', swatch },
        tolerance: { note: { compare: 'skip' } },
      },
    });
    const out = mkdtempSync(path.join(os.tmpdir(), 'pixie-reports-'));
    const [junit, html] = [path.join(out, 'r.xml'), path.join(out, 'r.html')];
    const r = await runPixie(['validate', dir, '--reference-only', '--json', '--junit', junit, '--html', html], {
      env: { PIXIE_DISABLE_OPTIONAL: 'sharp' },
    });
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    schemaValid(report);
    const f = report.fixtures[0]!;
    expect(f.description).toBe('two, <b>doubled</b>');
    expect(f.message).toBe(
      "all 2 compared output(s) matched (1 by size + SHA-256 only: sharp could not be loaded); 1 not judged: 'note' (compare: skip)",
    );
    expect(f.outputs.find((o) => o.key === 'swatch')).toMatchObject({
      status: 'pass',
      degraded: { package: 'sharp' },
    });
    const c12 = report.checks[11]!;
    expect(c12.status).toBe('warn');
    expect(c12.message).toBe(
      '1 comparison(s) fell back to size + SHA-256 because sharp could not be loaded; 1 fixture(s) matched',
    );
    expect(readFileSync(junit, 'utf8')).toContain('<system-out>two, &lt;b&gt;doubled&lt;/b&gt;</system-out>');
    expect(readFileSync(html, 'utf8')).toContain('<div class="description">two, &lt;b&gt;doubled&lt;/b&gt;</div>');
    const terminal = await runPixie(['validate', dir, '--reference-only'], {
      env: { PIXIE_DISABLE_OPTIONAL: 'sharp' },
    });
    expect(terminal.stdout).toContain('reference_fixtures_match  warn  1 comparison(s) fell back to size + SHA-256');
  });
});

describe('CI habits', () => {
  it('--last-failed re-runs only what failed last time, and everything once nothing did', async () => {
    const dir = calc('refuse', { wrong: { inputs: { x: 3 }, expected_outputs: { y: 7 } } });
    const first = await runPixie(['validate', dir, '--last-failed', '--reference-only']);
    expect(first.code).toBe(1);
    expect(first.stderr).toContain('--last-failed: no earlier run of calc is recorded; running every fixture');
    const again = await runPixie(['validate', dir, '--last-failed', '--reference-only', '--json']);
    expect(again.stderr).toContain(
      '--last-failed: re-running 1 fixture(s) of calc that failed last time: fixture_wrong.json',
    );
    expect((JSON.parse(again.stdout) as Report).fixtures.map((f) => f.file)).toEqual(['fixture_wrong.json']);
    writeFileSync(
      path.join(dir, 'reference', 'fixture_wrong.json'),
      '{"inputs": {"x": 3}, "expected_outputs": {"y": 6}}',
    );
    expect((await runPixie(['validate', dir, '--last-failed', '--reference-only'])).code).toBe(0);
    const all = await runPixie(['validate', dir, '--last-failed', '--reference-only', '--json']);
    expect(all.stderr).toContain('--last-failed: nothing of calc failed last time; running every fixture');
    expect((JSON.parse(all.stdout) as Report).fixtures.map((f) => f.file)).toEqual([
      'fixture_basic.json',
      'fixture_wrong.json',
    ]);
    const usage = await runPixie(['validate', dir, '--last-failed', '--fixture', 'basic']);
    expect(usage.code).toBe(2);
  });

  it('writes a Markdown summary, and appends it to $GITHUB_STEP_SUMMARY in GitHub Actions', async () => {
    const dir = calc('refuse', {
      wrong: { description: 'a [link](http://x) | pipe', inputs: { x: 3 }, expected_outputs: { y: 7 } },
    });
    const out = mkdtempSync(path.join(os.tmpdir(), 'pixie-md-'));
    const summary = path.join(out, 'summary.md');
    writeFileSync(summary, 'earlier step\n');
    const r = await runPixie(['validate', dir, '--reference-only', '--markdown', path.join(out, 'r.md')], {
      env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary },
    });
    expect(r.code).toBe(1);
    const md = readFileSync(path.join(out, 'r.md'), 'utf8');
    expect(md).toContain('## pixie: 1 tool(s), 0 pass, 0 warn, 1 fail');
    expect(md).toContain('| calc | ❌ fail | 12 | - | 1/2 |');
    expect(md).toContain(
      '- ❌ **12 reference_fixtures_match**: 1 of 2 fixture\\(s\\) failed \\(1 passed, 0 skipped\\)',
    );
    // the description cannot make a link or break the table
    expect(md).toContain('`fixture_wrong.json` (a \\[link\\]\\(http://x\\) \\| pipe): 1 of 1 output\\(s\\) differ');
    expect(readFileSync(summary, 'utf8')).toBe(`earlier step\n${md}\n`);
  });

  it('pixie lint --coverage names the options, states and range ends no fixture exercises, as info', async () => {
    const dir = calc('refuse', { too_big: { inputs: { x: 50, mode: 'loud' }, expected_status: 422 } });
    // without --coverage, only problems
    expect((await runPixie(['lint', dir])).stdout).not.toContain(': info: ');
    const r = await runPixie(['lint', dir, '--coverage']);
    expect(r.code).toBe(0);
    const info = r.stdout.split('\n').filter((l) => l.includes(': info: '));
    expect(info.map((l) => l.replace(/^.*tool\.json: info: /, '').replace(/: add a fixture.*$/, ''))).toEqual([
      "no fixture sets input 'x' to the low end of its range (min 0)",
      "no fixture sets input 'x' to the high end of its range (max 10)",
      'no fixture sets input \'mode\' to its option "loud"',
      "no fixture sets input 'dot' to true",
    ]);
    const covered = calc('refuse', {
      low: { inputs: { x: 0, mode: 'loud', dot: true }, expected_outputs: { y: 0 } },
      high: { inputs: { x: 10 }, expected_outputs: { y: 20 } },
    });
    expect((await runPixie(['lint', covered, '--coverage'])).stdout).not.toContain(': info: ');
  });
});
