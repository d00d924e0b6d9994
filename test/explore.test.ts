// Beyond fixtures: --explore finds the inputs that break a tool (real tools under test/tools/explore-*,
// real processes, real HTTP), shrinks each to the one input that matters and saves it as a fixture;
// check 8 measures determinism; repeated fixtures are judged by pass rate or marked flaky.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileReferenceSchema } from '../src/schema/ajv.js';
import { toolPage } from '../src/server/views/pages.js';
import type { Report } from '../src/model/report.js';
import { runValidation } from '../src/workflows/validation-run.js';
import { validateJunit } from './helpers/junit-xsd.js';
import { skipWithoutExample } from './helpers/media-examples.js';
import { REPO_ROOT, runPixie } from './helpers/pixie.js';

const TOOLS = path.join(REPO_ROOT, 'test', 'tools');
const validReport = compileReferenceSchema('report.schema.json');
let tmp: string;

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'pixie-explore-'));
  cpSync(path.join(TOOLS, '_shared'), path.join(tmp, '_shared'), { recursive: true });
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A copy of a test tool beside the shared server, so a test may change it. */
function copyTool(name: string, as = name): string {
  const dir = path.join(tmp, as);
  cpSync(path.join(TOOLS, name), dir, { recursive: true });
  return dir;
}

/**
 * A tool beside the shared server: `main` as its main.js, one select input `mode` (the first of
 * `modes` by default) and one text output `out`; `extra` adds to its tool.json (secrets).
 */
function modeTool(
  id: string,
  about: { name: string; description: string; modes: string[]; extra?: Record<string, unknown> },
  main: string,
): string {
  const dir = path.join(tmp, id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'main.js'), main);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: id, type: 'module', private: true }));
  const mode = {
    key: 'mode',
    type: 'select',
    label: 'Mode',
    default: about.modes[0],
    options: about.modes.map((value) => ({ value, label: value })),
  };
  writeFileSync(
    path.join(dir, 'tool.json'),
    JSON.stringify({
      id,
      name: about.name,
      description: about.description,
      version: '1.0.0',
      max_runtime_seconds: 5,
      ...about.extra,
      inputs: [mode],
      outputs: [{ key: 'out', type: 'text', label: 'Out' }],
    }),
  );
  return dir;
}

function schemaValid(report: unknown): void {
  expect(validReport(report), JSON.stringify(validReport.errors)).toBe(true);
}

const check = (r: Report, name: string) => r.checks.find((c) => c.name === name)!;

describe('--explore with the default budget', () => {
  it('finds the crash at divisor = 0 and shrinks it to that one input, with a curl', async () => {
    const r = await runValidation({ toolDir: path.join(TOOLS, 'explore-zero-crash'), explore: { seed: 1 } });
    schemaValid(r);
    const e = r.explore!;
    expect(e).toMatchObject({ status: 'fail', seed: 1, budget: { runs: 200, seconds: 60 } });
    expect(e.failures).toHaveLength(1);
    const [crash] = e.failures;
    expect(crash).toMatchObject({
      kind: 'crash',
      message: 'the tool exited with code 1 while answering POST /run',
      inputs: { count: 5, divisor: 0, label: 'share', rounded: false },
      offending: ['divisor'],
      minimal: true,
      response: null,
    });
    expect(crash!.stderr).toContain('Error: division by zero');
    expect(crash!.curl).toContain(`--data-binary '{"count":5,"divisor":0,"label":"share","rounded":false,`);
    expect(e.restarts).toBeGreaterThanOrEqual(1);
    expect(e.runs).toBe(200);
    expect(e.findings).toEqual([
      expect.objectContaining({
        code: 'explore-failure',
        severity: 'error',
        file: 'tool.json',
        path: 'inputs[1]',
        message: 'the tool exited with code 1 while answering POST /run (with divisor = 0)',
      }),
    ]);
    // the twelve checks ran as usual beside it, on the tool started again after each crash
    expect(r.checks.map((c) => c.status)).toEqual([...Array(9).fill('pass'), 'skip', 'pass', 'skip']);
    expect(r.overall).toBe('fail');
  });

  it('blames a hang-up on its one input: a tool dying after it is started again before the next input', async () => {
    // explore-slow-death closes the connection on divisor = 0 and exits 5 s later, well after pixie has
    // stopped waiting for the exit; inputs sent meanwhile must not inherit that death as a crash
    const r = await runValidation({
      toolDir: path.join(TOOLS, 'explore-slow-death'),
      explore: { seed: 4, runs: 60 },
    });
    schemaValid(r);
    expect(r.explore!.failures.map((f) => [f.kind, f.inputs, f.offending])).toEqual([
      ['connection_closed', { count: 5, divisor: 0 }, ['divisor']],
    ]);
    expect(r.explore!.stopped ?? null).toBeNull();
  });

  it('finds the failure on the last select option and shrinks it to method = mode', async () => {
    const r = await runValidation({ toolDir: path.join(TOOLS, 'explore-last-option'), explore: { seed: 2 } });
    schemaValid(r);
    expect(r.explore!.failures).toEqual([
      expect.objectContaining({
        kind: 'server_error',
        message: 'POST /run returned HTTP 500: no such method: mode',
        inputs: { values: '1 2 3 4', method: 'mode', scale: 1 },
        offending: ['method'],
        minimal: true,
        response: { status: 500, body: '{"detail":"no such method: mode"}' },
      }),
    ]);
  });

  it('repeats a run exactly from its seed', async () => {
    const toolDir = path.join(TOOLS, 'explore-last-option');
    const runs = await Promise.all([1, 2].map(() => runValidation({ toolDir, explore: { seed: 99, runs: 40 } })));
    const [a, b] = runs.map((r) => ({ ...r.explore!, duration_ms: 0, message: '' }));
    expect(a).toEqual(b);
  });

  it('on a healthy tool: finds nothing, exit 0, and the seed is printed', async () => {
    const r = await runPixie(['explore', path.join(TOOLS, 'explore-coin'), '--runs', '60', '--json']);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.explore).toMatchObject({ status: 'pass', runs: 60, failures: [] });
    expect(r.stderr).toBe(
      `pixie: exploring inputs with seed ${report.explore!.seed} (--seed ${report.explore!.seed} repeats this run)\n`,
    );
    expect(r.code).toBe(0);
  });

  it('refuses explore options without --explore', async () => {
    const r = await runPixie(['validate', path.join(TOOLS, 'good-node'), '--seed', '3']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--seed only applies to --explore/);
  });
});

describe('--explore tells failures apart', () => {
  it('a hang, a memory blow-up and a NaN: each its own kind, each shrunk to its one input', async () => {
    const r = await runValidation({
      toolDir: path.join(TOOLS, 'explore-hang-memory'),
      explore: { seed: 5, seconds: 15 },
    });
    schemaValid(r);
    const found = r.explore!.failures.map((f) => [f.kind, f.offending, f.minimal]);
    expect(found).toContainEqual(['timeout', ['hang'], true]);
    expect(found).toContainEqual(['output_shape', ['n'], true]);
    // resident memory is measured through /proc, so only on Linux
    if (process.platform === 'linux') expect(found).toContainEqual(['memory_limit', ['big'], true]);
    const shape = r.explore!.failures.find((f) => f.kind === 'output_shape')!;
    expect(shape).toMatchObject({ message: "output 'y': value is null", inputs: { n: 10 } });
    // a run in flight at the deadline is cut there (its answer not judged), never waited out
    expect(r.explore!.duration_ms).toBeLessThan(15_000 + 6_000);
  });
});

describe('--explore --save', () => {
  const fixed = {
    'explore-zero-crash':
      "import { serveTool } from '../_shared/tool-server.mjs';\nserveTool({ dir: import.meta.dirname, run: (i) => ({ share: i.divisor === 0 ? 0 : i.count / i.divisor, caption: i.label }) });\n",
    'explore-last-option':
      "import { serveTool } from '../_shared/tool-server.mjs';\nserveTool({ dir: import.meta.dirname, run: () => ({ average: 2.5 }) });\n",
  };

  it.each(Object.keys(fixed))('writes a fixture that fails until %s is fixed', async (name) => {
    const dir = copyTool(name, `${name}-save`);
    const explored = await runPixie(['explore', dir, '--seed', '4', '--save', '--json']);
    expect(explored.code).toBe(1);
    const report = JSON.parse(explored.stdout) as Report;
    expect(report.explore!.failures.map((f) => f.saved_as)).toEqual(['reference/fixture_explore_1.json']);
    const saved = JSON.parse(readFileSync(path.join(dir, 'reference', 'fixture_explore_1.json'), 'utf8'));
    expect(saved).toMatchObject({
      inputs: report.explore!.failures[0]!.inputs,
      expected_outputs: {},
      tags: ['explore'],
      source: expect.stringMatching(/^pixie validate --explore --seed 4 /),
    });

    const before = JSON.parse((await runPixie(['validate', dir, '--json'])).stdout) as Report;
    expect(check(before, 'reference_fixtures_match').status).toBe('fail');
    expect(before.fixtures.map((f) => [f.file, f.status])).toEqual([['fixture_explore_1.json', 'fail']]);

    // saving again finds the same failure and keeps the one fixture
    const again = JSON.parse((await runPixie(['explore', dir, '--seed', '4', '--save', '--json'])).stdout) as Report;
    // inputs and why the search stopped shown beside the file, so a differing search explains itself
    expect([again.explore!.stopped ?? null, again.explore!.failures.map((f) => [f.inputs, f.saved_as])]).toEqual([
      null,
      [[saved.inputs, 'reference/fixture_explore_1.json']],
    ]);

    writeFileSync(path.join(dir, 'main.js'), fixed[name as keyof typeof fixed]);
    const after = JSON.parse((await runPixie(['validate', dir, '--tag', 'explore', '--json'])).stdout) as Report;
    expect(after.fixtures.map((f) => [f.file, f.status, f.message])).toEqual([
      [
        'fixture_explore_1.json',
        'warn',
        expect.stringMatching(
          /^the fixture asserts no outputs \(expected_outputs is empty\): the answer's \d output\(s\) wait as new expectations/,
        ),
      ],
    ]);
    expect(check(after, 'reference_fixtures_match').status).toBe('warn');
  });
});

describe('determinism (check 8 runs the sample input twice)', () => {
  it('warns on Math.random(), naming the output that changed and only it', async () => {
    const r = await runValidation({ toolDir: path.join(TOOLS, 'explore-random') });
    const c8 = check(r, 'sample_run_succeeds');
    expect(c8.status).toBe('warn');
    expect(c8.message).toMatch(
      /^POST \/run returned 200 in .*, but a second run of the same input changed output\(s\) 'draw'$/,
    );
    expect(c8.findings).toEqual([
      expect.objectContaining({ code: 'nondeterministic-output', severity: 'warning', path: 'outputs[0]' }),
    ]);
    expect(c8.findings![0]!.message).toMatch(
      /^output 'draw' differed between two runs of the same sample input \(0\.\d+, then 0\.\d+\)$/,
    );
    expect(r.overall).toBe('warn');
  });

  it('says so when the outputs were the same, and sends one run with --no-determinism', async () => {
    const twice = await runValidation({ toolDir: path.join(TOOLS, 'good-node') });
    expect(check(twice, 'sample_run_succeeds').message).toMatch(/; a second run gave the same outputs$/);
    const once = await runValidation({ toolDir: path.join(TOOLS, 'explore-random'), determinism: false });
    expect(check(once, 'sample_run_succeeds')).toMatchObject({
      status: 'pass',
      message: expect.not.stringMatching(/second/),
    });
  });

  it('does not report an output tolerance.yaml declares random', async () => {
    const r = await runValidation({ toolDir: path.join(TOOLS, 'monte-carlo-pi') });
    expect(check(r, 'sample_run_succeeds')).toMatchObject({
      status: 'pass',
      message: expect.stringMatching(
        /a second run changed only 'pi', as tolerance\.yaml expects \(declared random, or changed only in its ignore_fields\)$/,
      ),
    });
  });
});

describe('repeat and pass_rate', () => {
  let coin: string;
  beforeAll(() => {
    coin = copyTool('explore-coin', 'coin');
    mkdirSync(path.join(coin, 'reference'));
    const fixture = (name: string, inputs: object, more: object) =>
      writeFileSync(
        path.join(coin, 'reference', `fixture_${name}.json`),
        JSON.stringify({ name, inputs, expected_outputs: { answer: 42 }, tolerance: { answer: { abs: 0 } }, ...more }),
      );
    // seeded draws: seed 7 is right 18 times in 20 at accuracy 0.9, seed 9 only 7 times at 0.5
    fixture('ninety', { seed: 7, accuracy: 0.9 }, { repeat: 20, pass_rate: 0.8, tags: ['rate'] });
    fixture('fifty', { seed: 9, accuracy: 0.5 }, { repeat: 20, pass_rate: 0.8, tags: ['rate'] });
    fixture('plain', { seed: 7, accuracy: 0.9 }, { tags: ['plain'] });
  });

  it('passes a tool right 90 % of the time at pass_rate 0.8 over 20 runs, and fails one right 50 %', async () => {
    const r = await runValidation({ toolDir: coin, tag: ['rate'] });
    schemaValid(r);
    const byFile = Object.fromEntries(r.fixtures.map((f) => [f.file, f]));
    expect(byFile['fixture_ninety.json']).toMatchObject({
      status: 'pass',
      message: '18 of 20 runs within tolerance (90 %; pass_rate 80 % needs 16)',
      repeat: { runs: 20, passed: 18, required: 0.8 },
    });
    expect(byFile['fixture_ninety.json']!.repeat!.per_run).toHaveLength(20);
    expect(byFile['fixture_ninety.json']!.outputs[0]!.runs).toMatchObject({ passed: 18, total: 20, required: 0.8 });
    expect(byFile['fixture_fifty.json']).toMatchObject({
      status: 'fail',
      message: '7 of 20 runs within tolerance (35 %; pass_rate 80 % needs 16)',
    });
    expect(byFile['fixture_fifty.json']!.repeat!.per_run.filter((p) => p.status === 'fail')).toHaveLength(13);
    expect(check(r, 'reference_fixtures_match')).toMatchObject({
      status: 'fail',
      message: /^1 of 2 fixture\(s\) failed/,
    });
  });

  it('--repeat marks a fixture that both passed and failed as flaky: a warning, its own status in every reporter', async () => {
    const junit = path.join(tmp, 'flaky.xml');
    const html = path.join(tmp, 'flaky.html');
    const r = await runPixie([
      'validate',
      coin,
      '--tag',
      'plain',
      '--repeat',
      '20',
      '--json',
      '--junit',
      junit,
      '--html',
      html,
    ]);
    const report = JSON.parse(r.stdout) as Report;
    schemaValid(report);
    expect(report.fixtures.map((f) => [f.file, f.status])).toEqual([['fixture_plain.json', 'flaky']]);
    expect(report.fixtures[0]!.message).toMatch(/^flaky: \d+ of 20 runs within tolerance/);
    expect(check(report, 'reference_fixtures_match')).toMatchObject({
      status: 'warn',
      message: /^1 fixture\(s\) flaky/,
    });
    expect(r.code).toBe(0);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toContain('<property name="flaky" value="1"/>');
    expect(xml).toMatch(/<testcase name="fixture_plain.json"[^>]*>\s*<system-out>flaky: \[flaky\] fixture_plain\.json/);
    expect(xml).not.toContain('<failure');
    const v = await validateJunit(junit);
    expect(v.ok, v.output).toBe(true);
    expect(readFileSync(html, 'utf8')).toMatch(/<span class="badge flaky">flaky<\/span>/);
    const pretty = await runPixie(['validate', coin, '--tag', 'plain', '--repeat', '20']);
    expect(pretty.stdout).toMatch(/\[flaky\] fixture_plain\.json/);
    expect(pretty.stdout).toMatch(/runs: [✓✗]{20} \(\d+ of 20 within tolerance\)/);
    const strict = await runPixie(['validate', coin, '--tag', 'plain', '--repeat', '20', '--strict', '--json']);
    expect(check(JSON.parse(strict.stdout) as Report, 'reference_fixtures_match').status).toBe('fail');
    expect(strict.code).toBe(1);
  });

  it('--update-fixtures leaves a repeated fixture alone: one random run is no expected value', async () => {
    const r = await runPixie(['validate', coin, '--tag', 'rate', '--update-fixtures']);
    expect(r.stdout).toContain(
      "note: fixture_fifty.json ran 20 times and is left alone: set its expected values by hand, e.g. from each output's runs.mean in the --json report",
    );
    expect(r.stdout).not.toMatch(/^reference\/fixture_fifty\.json/m);
  });

  it('passes the README Monte Carlo example: π within two spreads in at least 80 % of 20 runs; fails a biased one', async () => {
    const r = await runValidation({ toolDir: path.join(TOOLS, 'monte-carlo-pi') });
    expect(r.overall).toBe('pass');
    expect(r.fixtures[0]).toMatchObject({ status: 'pass', repeat: { runs: 20 } });
    expect(r.fixtures[0]!.outputs[0]).toMatchObject({
      comparator: 'number',
      rule: 'within 2 × spread 0.0164 of the mean',
    });
    // an estimator 2 % low is about four spreads off: few runs land within two
    const biased = copyTool('monte-carlo-pi', 'biased-pi');
    const main = path.join(biased, 'main.js');
    writeFileSync(
      main,
      readFileSync(main, 'utf8').replace('(4 * inside) / samples', '(4 * inside) / (samples * 1.02)'),
    );
    const b = await runValidation({ toolDir: biased });
    expect(b.fixtures[0]).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/pass_rate 80 % needs 16\)$/),
    });
    expect(b.fixtures[0]!.repeat!.passed).toBeLessThan(16);
  });
});

describe('explore results in every report', () => {
  it('JUnit gets a failing case per failure kind (valid XML), GitHub an annotation at tool.json, HTML a section', async () => {
    const junit = path.join(tmp, 'explore.xml');
    const html = path.join(tmp, 'explore.html');
    const r = await runPixie(
      [
        'explore',
        path.join(TOOLS, 'explore-last-option'),
        '--seed',
        '2',
        '--runs',
        '30',
        '--junit',
        junit,
        '--html',
        html,
      ],
      { env: { GITHUB_ACTIONS: 'true' } },
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/\[fail\] explore — 1 kind\(s\) of failure on inputs tool\.json allows/);
    expect(r.stdout).toMatch(/minimal input: method = "mode" \(every other input as check 8's sample\)/);
    expect(r.stdout).toMatch(/^ {6}curl -sS -X POST "http:\/\/127\.0\.0\.1:\$\{PORT:-8000\}\/run"/m);
    expect(r.stdout).toMatch(
      /^::error file=.*explore-last-option\/tool\.json,title=pixie%3A explore-last-option explore inputs\[1\]::POST \/run returned HTTP 500/m,
    );
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(
      /<testcase name="explore 1 server_error \(method\)" classname="explore-last-option.explore"[^>]*>\s*<failure message="POST \/run returned HTTP 500: no such method: mode" type="explore_failure">/,
    );
    const v = await validateJunit(junit);
    expect(v.ok, v.output).toBe(true);
    const page = readFileSync(html, 'utf8');
    expect(page).toMatch(
      /<section class="explore" data-status="fail"><h3>Input exploration <span class="badge fail">fail<\/span><\/h3>/,
    );
    expect(page).toContain('<pre class="curl">curl -sS -X POST');
  });
});

describe('tool text in explore results and repeated runs', () => {
  it('reaches the terminal, JUnit, HTML and annotations escaped, never as escapes or workflow commands', async () => {
    const evil = '\\u001b[31mRED\\u001b[0m\\rOVERWRITTEN\\n::error file=main.js,line=1::injected';
    const dir = modeTool(
      'evil-text',
      {
        name: 'Evil text',
        description: 'Escape sequences and workflow commands in a 500 detail and on stderr.',
        modes: ['plain', 'evil', 'crash'],
      },
      `import { sendJson, serveTool } from '../_shared/tool-server.mjs';
const EVIL = '${evil}';
serveTool({
  dir: import.meta.dirname,
  run: () => ({ out: 'ok' }),
  routes: {
    'POST /run': (_req, res, { body }) => {
      const mode = (body.inputs ?? body).mode;
      if (mode === 'evil') return sendJson(res, 500, { detail: EVIL });
      if (mode === 'crash') {
        process.stderr.write(\`\${EVIL}\\nError: \${EVIL}\\n\`);
        process.exit(3);
      }
      return sendJson(res, 200, { out: 'ok' });
    },
  },
});
`,
    );
    mkdirSync(path.join(dir, 'reference'));
    writeFileSync(
      path.join(dir, 'reference', 'fixture_evil.json'),
      JSON.stringify({ name: 'evil', inputs: { mode: 'evil' }, expected_outputs: { out: 'ok' }, repeat: 2 }),
    );
    const junit = path.join(tmp, 'evil.xml');
    const html = path.join(tmp, 'evil.html');
    const r = await runPixie(
      ['validate', dir, '--explore', '--seed', '3', '--runs', '20', '--junit', junit, '--html', html],
      { env: { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: tmp } },
    );
    expect(r.code, r.stderr).toBe(1);
    const texts = {
      pretty: r.stdout,
      stderr: r.stderr,
      junit: readFileSync(junit, 'utf8'),
      html: readFileSync(html, 'utf8'),
    };
    for (const [name, text] of Object.entries(texts)) {
      expect(text, name).not.toMatch(/[\u001b\u009b\r\u0007]/);
      expect(
        text.split('\n').filter((l) => /^\s*::/.test(l) && !/^::(error|warning|notice) [^:]*title=pixie/.test(l)),
        name,
      ).toEqual([]);
    }
    // the explore failures and the repeated runs are there to read, escaped
    expect(r.stdout).toContain('[server_error] POST /run returned HTTP 500: RED\\rOVERWRITTEN\\n::error file=main.js');
    expect(r.stdout).toMatch(/\[crash\] the tool exited with code 3 while answering POST \/run/);
    // the crash's stderr line is the tool's workflow command, broken so no runner obeys it
    expect(r.stdout).toContain('stderr: :\u200b:error file=main.js,line=1::injected');
    expect(r.stdout).toMatch(/\[fail\] fixture_evil\.json — evil: failed in all 2 runs/);
    expect(texts.junit).toContain('RED\\rOVERWRITTEN\\n::error file=main.js');
  }, 120_000);
});

describe('--explore starts a crashed tool again as check 6 started it', () => {
  it("with the same environment: a declared secret from pixie's environment reaches the restarted tool", async () => {
    const dir = modeTool(
      'secret-crash',
      {
        name: 'Secret crash',
        description: 'Needs its declared secret; exits on one option.',
        modes: ['plain', 'crash', 'other'],
        extra: { secrets: [{ key: 'PIXIE_EXPLORE_TOKEN', required: true }] },
      },
      `import { serveTool } from '../_shared/tool-server.mjs';
serveTool({
  dir: import.meta.dirname,
  run: (inputs) => {
    if (inputs.mode === 'crash') process.exit(3);
    // without its secret the tool answers null, which check 9 and --explore call a broken output
    return { out: process.env.PIXIE_EXPLORE_TOKEN ? 'ok' : null };
  },
});
`,
    );
    const r = await runPixie(['validate', dir, '--explore', '--seed', '5', '--runs', '30', '--json'], {
      env: { PIXIE_EXPLORE_TOKEN: 'token-value' },
    });
    const report = JSON.parse(r.stdout) as Report;
    expect(report.explore!.restarts).toBeGreaterThan(0);
    expect(report.explore!.failures.map((f) => [f.kind, f.inputs.mode])).toEqual([['crash', 'crash']]);
  }, 120_000);
});

describe("--explore keeps to main's limits", () => {
  it('an answer nested past the depth limit is a bad output with the limit named; a long detail is cut', async () => {
    const dir = modeTool(
      'deep-answer',
      {
        name: 'Deep answer',
        description: 'An answer nested 400 deep on one option, a huge error detail on another.',
        modes: ['plain', 'deep', 'loud'],
      },
      `import { sendJson, serveTool } from '../_shared/tool-server.mjs';
serveTool({
  dir: import.meta.dirname,
  run: () => ({ out: 'ok' }),
  routes: {
    'POST /run': (_req, res, { body }) => {
      const mode = (body.inputs ?? body).mode;
      if (mode === 'deep') return sendJson(res, 200, { out: JSON.parse('['.repeat(400) + ']'.repeat(400)) });
      if (mode === 'loud') return sendJson(res, 500, { detail: 'x'.repeat(100000) });
      return sendJson(res, 200, { out: 'ok' });
    },
  },
});
`,
    );
    const r = await runValidation({ toolDir: dir, explore: { seed: 2, runs: 20 } });
    const failures = r.explore!.failures;
    const deep = failures.find((f) => f.inputs.mode === 'deep')!;
    expect(deep.kind).toBe('output_shape');
    expect(deep.message).toMatch(/^the POST \/run response nests more than 256 levels of arrays and objects/);
    const loud = failures.find((f) => f.inputs.mode === 'loud')!;
    expect(loud.kind).toBe('server_error');
    expect(loud.message).toBe(`POST /run returned HTTP 500: ${'x'.repeat(299)}…`);
    expect(loud.response!.body.length).toBe(600);
  }, 120_000);
});

describe('the programmatic API', () => {
  it('takes repeat, determinism and explore as the command line does', async () => {
    const { validateTool: apiValidate } = await import('../src/api/validate.js');
    const once = await apiValidate(path.join(TOOLS, 'explore-random'), {
      determinism: false,
      explore: { seed: 9, runs: 10 },
    });
    expect(check(once, 'sample_run_succeeds').message).not.toMatch(/second/);
    expect(once.explore).toMatchObject({ seed: 9, budget: { runs: 10 }, status: 'pass' });
    const repeated = await apiValidate(path.join(TOOLS, 'monte-carlo-pi'), { repeat: 3, referenceOnly: true });
    expect(repeated.fixtures.map((f) => f.repeat?.runs)).toEqual([3]);
  }, 120_000);
});

describe('pixie serve remembers what exploring found', () => {
  it('a newer check-12-only run that passes leaves the tool failing when the last full run explored a failure', async () => {
    const { ReportStore } = await import('../src/server/report-store.js');
    const { uniformReport } = await import('../src/checks/index.js');
    const store = new ReportStore(path.join(tmp, 'serve-state'));
    const report = (timestamp: string, overall: Report['overall'], explore?: Report['explore']): Report =>
      uniformReport({ id: 'alpha', path: '/nowhere/alpha' }, 'pass', 'ok', {
        timestamp,
        overall,
        duration_ms: 1,
        ...(explore ? { explore } : {}),
      });
    const explored = {
      status: 'fail' as const,
      message: '1 kind(s) of failure',
      seed: 1,
      budget: { runs: 10, seconds: 5 },
      runs: 10,
      requests: 10,
      restarts: 0,
      duration_ms: 1,
      stopped: null,
      start_command: null,
      failures: [],
    };
    store.save('alpha', {
      kind: 'validate',
      fingerprint: 'f',
      report: report('2026-01-01T00:00:00.000Z', 'fail', explored),
    });
    expect(store.statusOf('alpha').validation).toBe('fail');
    store.save('alpha', {
      kind: 'reference-check',
      fingerprint: 'f',
      report: report('2026-01-01T00:01:00.000Z', 'pass'),
    });
    expect(store.statusOf('alpha')).toMatchObject({ validation: 'fail', kind: 'reference-check' });
  });
});

describe('a repeated fixture and the report value cap', () => {
  it('only the run shown counts towards the report total: twelve runs of a large answer keep the one shown whole', async () => {
    const dir = path.join(tmp, 'large-repeat');
    mkdirSync(path.join(dir, 'reference'), { recursive: true });
    writeFileSync(
      path.join(dir, 'main.js'),
      `import { serveTool } from '../_shared/tool-server.mjs';
serveTool({ dir: import.meta.dirname, run: () => ({ out: 'y'.repeat(50000) }) });
`,
    );
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: 'large-repeat', type: 'module', private: true }),
    );
    writeFileSync(
      path.join(dir, 'tool.json'),
      JSON.stringify({
        id: 'large-repeat',
        name: 'Large repeat',
        description: 'A 50 000-character answer.',
        version: '1.0.0',
        inputs: [],
        outputs: [{ key: 'out', type: 'text', label: 'Out' }],
      }),
    );
    writeFileSync(
      path.join(dir, 'reference', 'fixture_large.json'),
      JSON.stringify({ name: 'large', inputs: {}, expected_outputs: { out: 'z'.repeat(50000) }, repeat: 12 }),
    );
    const r = await runValidation({
      toolDir: dir,
      referenceOnly: true,
      reportValueLimits: { totalChars: 400_000 },
    });
    const f = r.fixtures[0]!;
    expect(f).toMatchObject({ status: 'fail', message: 'failed in all 12 runs' });
    expect(f.repeat!.per_run).toHaveLength(12);
    expect(f.outputs[0]!.expected).toBe('z'.repeat(50000));
    expect(f.outputs[0]!.actual).toBe('y'.repeat(50000));
  }, 60_000);
});

describe('the dashboard', () => {
  it('shows the explore section, a flaky badge and the runs of a repeated fixture', async () => {
    const explored = await runValidation({
      toolDir: path.join(TOOLS, 'explore-last-option'),
      explore: { seed: 2, runs: 30 },
    });
    const page = (report: Report) =>
      toolPage({
        id: report.tool_id,
        name: report.tool_id,
        category: null,
        toolPath: report.tool_path,
        stale: false,
        report,
        reportKind: 'validate',
        reportFile: null,
        history: [],
        activeRunId: null,
        validation: report.overall,
      });
    const html = page(explored);
    expect(html).toMatch(
      /<section class="explore" data-status="fail"><h3>Input exploration <span class="badge s-fail">fail<\/span>/,
    );
    expect(html).toContain('<code>method</code> = <code>&quot;mode&quot;</code>');
    expect(html).toContain('<pre class="curl">curl -sS -X POST');
    expect(html).toContain('data-explore="true"');
    const coin = copyTool('explore-coin', 'coin-dashboard');
    mkdirSync(path.join(coin, 'reference'));
    writeFileSync(
      path.join(coin, 'reference', 'fixture_plain.json'),
      JSON.stringify({ name: 'plain', inputs: { seed: 7, accuracy: 0.9 }, expected_outputs: { answer: 42 } }),
    );
    const flaky = page(await runValidation({ toolDir: coin, repeat: 20 }));
    expect(flaky).toContain('<span class="badge s-flaky">flaky</span>');
    expect(flaky).toMatch(
      /<div class="runs-strip" title="one mark per run">(<span class="run-(pass|fail)"[^>]*>[✓✗]<\/span>){20} <span class="runs-note">18 of 20 runs within tolerance<\/span>/,
    );
  });
});

describe('--explore on every example tool in tools/', () => {
  const examples = [
    'compound-interest',
    'gradient-image',
    'invoice-pdf',
    'tone-generator',
    'city-distances',
    'word-stream',
  ];
  it.for(examples)('%s: nothing found', async (name, ctx) => {
    skipWithoutExample(ctx, name);
    const r = await runValidation({
      toolDir: path.join(REPO_ROOT, 'tools', name),
      explore: { seed: 16, runs: 80, seconds: 20 },
    });
    expect(r.explore!.failures.map((f) => `${f.kind}: ${f.message}`)).toEqual([]);
    expect(r.overall).toBe('pass');
  });
});
