// CI features: JUnit (validated against the committed XSD with libxml2's xmllint, as WebAssembly), the
// HTML report (opened in Chromium), GitHub annotations (exact lines), sharding and merging, --changed,
// --strict hygiene and pixie lint. Tools are real: copies of the examples with fixtures broken on
// purpose, and small generated tools (bench/many-tools.ts).
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTools } from '../bench/many-tools.js';
import { assignShards, parseShard } from '../src/ci/shard.js';
import { missingOptional } from '../src/comparators/optional-installed.test-helper.js';
import { mergeReports } from '../src/ci/merge.js';
import pc from 'picocolors';
import { escapeData, escapeProperty, formatAnnotation } from '../src/report/renderers/github.js';
import { outputLine } from '../src/report/renderers/pretty.js';
import type { OutputComparison, Report } from '../src/model/report.js';
import { launchChromium } from './helpers/chromium.js';
import { validateJunit } from './helpers/junit-xsd.js';
import { skipWithoutExample } from './helpers/media-examples.js';
import { REPO_ROOT, runPixie } from './helpers/pixie.js';

const require = createRequire(import.meta.url);
const plain = pc.createColors(false);
let tmp: string;

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'pixie-ci-'));
  // copies of example tools resolve their packages from here, as they do inside the repository
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(tmp, 'node_modules'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** compound-interest with a number, a table cell and a chart value broken; gradient-image with a wrong image. */
async function brokenExamples(root: string): Promise<string> {
  const toolsDir = path.join(root, 'tools');
  mkdirSync(toolsDir, { recursive: true });
  for (const t of ['compound-interest', 'gradient-image'])
    cpSync(path.join(REPO_ROOT, 'tools', t), path.join(toolsDir, t), { recursive: true });
  const f = path.join(toolsDir, 'compound-interest/reference/fixture_yearly_by_hand.json');
  const j = JSON.parse(readFileSync(f, 'utf8'));
  j.expected_outputs.final_value += 1.5;
  j.expected_outputs.yearly_breakdown.rows[1].interest = 12345;
  j.expected_outputs.growth_chart.series[0].y[2] += 50;
  writeFileSync(f, JSON.stringify(j, null, 2));
  const sharp = require('sharp') as typeof import('sharp').default;
  const png = await sharp({ create: { width: 8, height: 4, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .png()
    .toBuffer();
  writeFileSync(
    path.join(toolsDir, 'gradient-image/reference/fixture_red_image.json'),
    JSON.stringify(
      {
        name: 'red image (wrong on purpose)',
        inputs: { width: 8, height: 4, start_colour: '#000000', end_colour: '#ffffff', direction: 'horizontal' },
        expected_outputs: { image: `data:image/png;base64,${png.toString('base64')}` },
      },
      null,
      2,
    ),
  );
  return toolsDir;
}

describe('shard assignment', () => {
  const names = Array.from({ length: 23 }, (_, i) => `tool-${String(i).padStart(2, '0')}`);

  it('covers every tool exactly once, evenly, by name', () => {
    for (const n of [1, 2, 3, 5, 23, 30]) {
      const shards = assignShards(names, n);
      expect(shards.flat().sort()).toEqual(names);
      const sizes = shards.map((s) => s.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      expect(assignShards([...names].reverse(), n)).toEqual(shards); // input order does not matter
    }
  });

  it('balances by past duration (greedy longest first), unknown tools counting as the median', () => {
    const durations = new Map([
      ['a', 100],
      ['b', 60],
      ['c', 50],
      ['d', 40],
      ['e', 10],
    ]);
    const shards = assignShards(['a', 'b', 'c', 'd', 'e', 'new'], 2, durations);
    // new counts 50 (the median): a 100 | b 60 → c onto b (110) → new onto a (150) → d onto b (150) → e onto the first of equals
    expect(shards).toEqual([
      ['a', 'e', 'new'],
      ['b', 'c', 'd'],
    ]);
    expect(shards.flat().sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'new']);
  });

  it('refuses a malformed --shard with the form to use', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, total: 3 });
    for (const bad of ['0/3', '4/3', '3', 'a/b', '1/0']) expect(() => parseShard(bad)).toThrow(/--shard expects i\/n/);
  });
});

describe('GitHub annotation escaping', () => {
  it('escapes data and properties per the runner rules', () => {
    expect(escapeData('50% done\r\nnext')).toBe('50%25 done%0D%0Anext');
    expect(escapeProperty('a:b,c%\n')).toBe('a%3Ab%2Cc%25%0A');
    expect(
      formatAnnotation({
        level: 'error',
        file: 'tools/a,b/tool.json',
        line: 3,
        title: 'pixie: a check 2',
        message: 'line one\nline two',
      }),
    ).toBe('::error file=tools/a%2Cb/tool.json,line=3,title=pixie%3A a check 2::line one%0Aline two');
  });
});

// broken copies of the examples, gradient-image among them: it draws with sharp
describe.skipIf(missingOptional('sharp'))('reports of a failing run', () => {
  let toolsDir: string;
  let run: Awaited<ReturnType<typeof runPixie>>;
  let junit: string;
  let html: string;

  beforeAll(async () => {
    toolsDir = await brokenExamples(path.join(tmp, 'broken'));
    junit = path.join(tmp, 'out/report.xml');
    html = path.join(tmp, 'out/report.html');
    run = await runPixie(
      ['validate', '--all', '--tools-dir', toolsDir, '--reference-only', '--json', '--junit', junit, '--html', html],
      {
        cwd: path.join(tmp, 'broken'),
        env: { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: path.join(tmp, 'broken') },
      },
    );
  }, 120_000);

  it('exits 1 and writes both files', () => {
    expect(run.code, run.stderr).toBe(1);
    expect(existsSync(junit)).toBe(true);
    expect(existsSync(html)).toBe(true);
  });

  it('writes JUnit XML valid against the committed XSD: a testsuite per tool, a testcase per check and per fixture', async () => {
    const xml = readFileSync(junit, 'utf8');
    // twelve checks plus one testcase per fixture file (counted, so adding an example fixture does not break this)
    const cases = (tool: string) =>
      12 + readdirSync(path.join(toolsDir, tool, 'reference')).filter((f) => /^fixture_.*\.json$/.test(f)).length;
    expect(xml).toContain(
      `<testsuite name="compound-interest" tests="${cases('compound-interest')}" failures="2" errors="0" skipped="11"`,
    );
    expect(xml).toContain(
      `<testsuite name="gradient-image" tests="${cases('gradient-image')}" failures="2" errors="0" skipped="11"`,
    );
    expect(xml).toContain('<testcase name="fixture_yearly_by_hand.json" classname="compound-interest.fixtures"');
    expect(xml).toContain('file="tools/compound-interest/reference/fixture_yearly_by_hand.json"');
    // the failure carries the per-output lines of the terminal report
    expect(xml).toContain('final_value: expected 1332.5, got 1331 (abs diff 1.5, rel diff 0.00113) ✗');
    expect(xml).toContain('rows[1].interest: expected 12345, got 210 (abs diff 12135)');
    const v = await validateJunit(junit);
    expect(v.ok, v.output).toBe(true);
  });

  it('a report that breaks the XSD is refused by the same validation (the test can fail)', async () => {
    const bad = path.join(tmp, 'out/bad.xml');
    writeFileSync(bad, readFileSync(junit, 'utf8').replace(/ tests="\d+"/, ' tests="seventeen"'));
    const v = await validateJunit(bad);
    expect(v.ok).toBe(false);
    expect(v.output).toContain("attribute 'tests': 'seventeen' is not a valid value of the atomic type 'count'");
  });

  it('prints one GitHub annotation per failing output, pointing at the fixture file and the line of its key', () => {
    // with --json on stdout the annotations go to stderr (the runner reads both)
    const lines = run.stderr.split('\n').filter((l) => l.startsWith('::'));
    const reports = JSON.parse(run.stdout) as Report[];
    const out = (tool: string, file: string, key: string) =>
      reports
        .find((r) => r.tool_id === tool)!
        .fixtures.find((f) => f.file === file)!
        .outputs.find((o) => o.key === key)!;
    const msg = (o: OutputComparison, ...diffs: string[]) => escapeData([outputLine(o, plain), ...diffs].join('\n'));
    const ci = (key: string) => out('compound-interest', 'fixture_yearly_by_hand.json', key);
    const image = out('gradient-image', 'fixture_red_image.json', 'image');
    expect(lines).toEqual([
      `::error file=tools/compound-interest/reference/fixture_yearly_by_hand.json,line=14,title=pixie%3A compound-interest fixture_yearly_by_hand.json final_value::${msg(ci('final_value'))}`,
      `::error file=tools/compound-interest/reference/fixture_yearly_by_hand.json,line=17,title=pixie%3A compound-interest fixture_yearly_by_hand.json yearly_breakdown::${msg(ci('yearly_breakdown'), '  rows[1].interest: expected 12345, got 210 (abs diff 12135)')}`,
      `::error file=tools/compound-interest/reference/fixture_yearly_by_hand.json,line=61,title=pixie%3A compound-interest fixture_yearly_by_hand.json growth_chart::${msg(ci('growth_chart'), '  series[name=Balance].y[2]: expected 1260, got 1210 (abs diff 50) exceeds rel 0.001')}`,
      `::error file=tools/gradient-image/reference/fixture_red_image.json,line=11,title=pixie%3A gradient-image fixture_red_image.json image::${msg(image, ...image.differences!.map((d) => `  ${d.path || '(value)'}: ${d.message}`))}`,
    ]);
    expect(lines.join('\n')).toMatch(
      /^::error .*final_value::final_value: expected 1332\.5, got 1331 \(abs diff 1\.5/m,
    );
    expect(lines[3]).toContain('(87.5%25) differ'); // % escaped in the message
  });

  it('points a failing contract check at tool.json', async () => {
    const dir = path.join(tmp, 'contract/tools');
    generateTools(dir, { count: 1 });
    const manifest = path.join(dir, 'tool-0/tool.json');
    const m = JSON.parse(readFileSync(manifest, 'utf8'));
    m.outputs.push({ ...m.outputs[0], label: 'again' }); // a duplicated output key: check 3 fails
    writeFileSync(manifest, JSON.stringify(m, null, 2));
    const r = await runPixie(['validate', 'tool-0', '--tools-dir', dir], {
      cwd: path.join(tmp, 'contract'),
      env: { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: path.join(tmp, 'contract') },
    });
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n').filter((l) => l.startsWith('::'));
    expect(lines).toEqual([
      "::error file=tools/tool-0/tool.json,title=pixie%3A tool-0 check 3 schemas_coherent::1 schema coherence issue(s): duplicate output key: 'scaled'%0Aduplicate output key: 'scaled'",
    ]);
  });

  it('writes one self-contained HTML file with the checks and every kind of diff', () => {
    const text = readFileSync(html, 'utf8');
    expect(text).toContain("default-src 'none'");
    expect(text).not.toMatch(/(src|href)="(https?:)?\/\//); // nothing fetched from anywhere
    expect(text.match(/<table class="checks">/g)).toHaveLength(2);
    expect(text).toContain('reference_fixtures_match');
    expect(text).toMatch(/<td class="cell-diff"[^>]*><del>12345<\/del> <ins>210<\/ins><\/td>/); // the differing table cell: expected, then actual
    expect(text).toMatch(/<svg class="chart"[^>]*>.*stroke-dasharray/s); // chart series overlaid
    expect(text).toMatch(
      /<figure class="img-diff"><figcaption>diff[^<]*<\/figcaption><img src="data:image\/png;base64,/,
    ); // the diff image
    expect(text).toContain('rule: abs 0.005');
  });

  it('shows the failing image diff in Chromium, with no request leaving the page', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const requests: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) requests.push(r.url());
      });
      await page.goto(`file://${html}`);
      const diff = page.locator('details.fixture.fail[data-file="fixture_red_image.json"] figure.img-diff img').first();
      await diff.waitFor({ state: 'visible' });
      const size = await diff.evaluate(
        (img: { naturalWidth: number; naturalHeight: number; getBoundingClientRect(): { width: number } }) => ({
          w: img.naturalWidth,
          h: img.naturalHeight,
          shown: img.getBoundingClientRect().width,
        }),
      );
      expect(size).toMatchObject({ w: 8, h: 4 });
      expect(size.shown).toBeGreaterThan(100);
      expect(await page.locator('svg.chart polyline').count()).toBeGreaterThanOrEqual(4);
      expect(requests).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});

describe('sharding and merging', () => {
  it('--shard 1/3, 2/3, 3/3 over tools/ cover every tool once; merged, they equal one unsharded run', async (ctx) => {
    skipWithoutExample(ctx, 'gradient-image', 'tone-generator', 'invoice-pdf');
    const out = path.join(tmp, 'shards');
    mkdirSync(out, { recursive: true });
    const [full, ...shards] = await Promise.all([
      runPixie(['validate', '--all', '--reference-only', '--jobs', '1', '--json']),
      ...[1, 2, 3].map((i) =>
        runPixie(['validate', '--all', '--reference-only', '--jobs', '1', '--shard', `${i}/3`, '--json']),
      ),
    ]);
    const fullReports = JSON.parse(full!.stdout) as Report[];
    const shardReports = shards.map((s, i) => {
      writeFileSync(path.join(out, `shard-${i + 1}.json`), s.stdout);
      return JSON.parse(s.stdout) as Report[];
    });
    const ids = shardReports
      .flat()
      .map((r) => r.tool_id)
      .sort();
    expect(ids).toEqual(fullReports.map((r) => r.tool_id).sort());
    expect(new Set(ids).size).toBe(ids.length);
    for (const s of shardReports) expect(s.length).toBeGreaterThanOrEqual(Math.floor(fullReports.length / 3));

    const merged = await runPixie([
      'report',
      'merge',
      ...[1, 2, 3].map((i) => path.join(out, `shard-${i}.json`)),
      '--json',
      path.join(out, 'merged.json'),
      '--junit',
      path.join(out, 'merged.xml'),
    ]);
    expect(merged.code, merged.stderr).toBe(0);
    const summary = (rs: Report[]) =>
      rs
        .map((r) => ({
          tool: r.tool_id,
          overall: r.overall,
          checks: r.checks.map((c) => c.status).join(','),
          fixtures: r.fixtures.map((f) => `${f.file}:${f.status}`).join(','),
        }))
        .sort((a, b) => a.tool.localeCompare(b.tool));
    expect(summary(JSON.parse(readFileSync(path.join(out, 'merged.json'), 'utf8')))).toEqual(summary(fullReports));
    const v = await validateJunit(path.join(out, 'merged.xml'));
    expect(v.ok, v.output).toBe(true);
  }, 240_000);

  it('splits one tool by its fixtures; the merge concatenates them and recomputes check 12', async () => {
    const out = path.join(tmp, 'fixture-shards');
    mkdirSync(out, { recursive: true });
    const runs = await Promise.all(
      [1, 2].map((i) => runPixie(['validate', 'compound-interest', '--reference-only', '--shard', `${i}/2`, '--json'])),
    );
    const parts = runs.map((r) => JSON.parse(r.stdout) as Report);
    expect(parts.map((p) => p.fixtures.length).sort()).toEqual([2, 3]);
    expect(parts[0]!.fixtures.map((f) => f.file)).toEqual([
      'fixture_basic.json',
      'fixture_inflation_adjusted.json',
      'fixture_yearly_by_hand.json',
    ]);
    const [merged] = mergeReports(parts);
    expect(merged!.fixtures.map((f) => f.file)).toEqual([
      'fixture_basic.json',
      'fixture_daily_contributions.json',
      'fixture_inflation_adjusted.json',
      'fixture_monthly_contributions.json',
      'fixture_yearly_by_hand.json',
    ]);
    expect(merged!.checks.find((c) => c.number === 12)).toMatchObject({
      status: 'pass',
      message: '5 fixture(s) matched',
    });
    expect(merged!.overall).toBe('pass');
    // a failing fixture in one shard fails the merged check 12 and overall
    const broken = structuredClone(parts[1]!);
    broken.fixtures[0]!.status = 'fail';
    const [bad] = mergeReports([parts[0]!, broken]);
    expect(bad!.checks.find((c) => c.number === 12)).toMatchObject({
      status: 'fail',
      message: '1 of 5 fixture(s) failed (4 passed, 0 skipped)',
    });
    expect(bad!.overall).toBe('fail');
  }, 120_000);

  it('balances shards by a previous report with --durations', async () => {
    const dir = path.join(tmp, 'durations/tools');
    generateTools(dir, { count: 4 });
    const previous = path.join(tmp, 'durations/previous.json');
    const fake = ['tool-0', 'tool-1', 'tool-2', 'tool-3'].map((id, i) => ({
      tool_id: id,
      tool_path: path.join(dir, id),
      duration_ms: [5000, 100, 100, 4000][i],
      checks: [],
      fixtures: [],
    }));
    writeFileSync(previous, JSON.stringify(fake));
    const r = await runPixie([
      'validate',
      '--all',
      '--tools-dir',
      dir,
      '--shard',
      '1/2',
      '--durations',
      previous,
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    // longest first onto the lighter shard: 5000 | 4000, 100, 100 (not round-robin's tool-0, tool-2)
    expect((JSON.parse(r.stdout) as Report[]).map((x) => x.tool_id)).toEqual(['tool-0']);
    expect(r.stderr).toContain('--shard 1/2: 1 of 4 tool(s), split by past duration');
  });
});

describe('--changed', () => {
  it('validates only tools changed since the merge base with main, counting uncommitted and untracked files', async () => {
    const repo = path.join(tmp, 'changed');
    const dir = path.join(repo, 'tools');
    generateTools(dir, { count: 5 });
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: repo,
        encoding: 'utf8',
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 't',
          GIT_AUTHOR_EMAIL: 't@e',
          GIT_COMMITTER_NAME: 't',
          GIT_COMMITTER_EMAIL: 't@e',
        },
      });
    git('init', '-q', '-b', 'main');
    git('add', '.');
    git('commit', '-q', '-m', 'tools');
    git('checkout', '-q', '-b', 'feature');
    writeFileSync(path.join(dir, 'tool-1/README.md'), 'committed on the branch\n');
    git('add', '.');
    git('commit', '-q', '-m', 'change tool-1');
    writeFileSync(path.join(dir, 'tool-3/reference/README.md'), 'untracked\n');
    const m = path.join(dir, 'tool-4/main.js');
    writeFileSync(m, readFileSync(m, 'utf8') + '\n// uncommitted\n');
    writeFileSync(path.join(repo, 'NOTES.md'), 'outside the tools directory: ignored\n');

    const r = await runPixie(['validate', '--changed', '--tools-dir', dir, '--json'], { cwd: repo });
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Report[]).map((x) => x.tool_id)).toEqual(['tool-1', 'tool-3', 'tool-4']);
    expect(r.stderr).toMatch(/--changed: 3 of 5 tool\(s\) changed since merge base with main/);

    const sinceHead = await runPixie(['validate', '--changed', 'HEAD', '--tools-dir', dir, '--json'], { cwd: repo });
    expect((JSON.parse(sinceHead.stdout) as Report[]).map((x) => x.tool_id)).toEqual(['tool-3', 'tool-4']);

    writeFileSync(path.join(dir, 'shared.js'), 'export const shared = 1;\n');
    const shared = await runPixie(['validate', '--changed', '--tools-dir', dir, '--json'], { cwd: repo });
    expect(JSON.parse(shared.stdout)).toHaveLength(5);
    expect(shared.stderr).toContain('shared file(s) in the tools directory changed (shared.js)');

    const bad = await runPixie(['validate', '--changed', 'no-such-ref', '--tools-dir', dir], { cwd: repo });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--changed: 'no-such-ref' is not a git ref");
  }, 120_000);
});

describe('--reference-only --strict and pixie lint', () => {
  let dir: string;
  beforeAll(() => {
    dir = path.join(tmp, 'hygiene/tools');
    generateTools(dir, { count: 3 });
    // tool-0 clean; tool-1: stray files; tool-2: every fixture skipped (warn)
    writeFileSync(path.join(dir, 'tool-1/reference/fixture_case_0.json.bak'), '{}');
    writeFileSync(path.join(dir, 'tool-1/reference/expected.png'), 'not read by anything');
    for (const f of ['fixture_case_0.json', 'fixture_case_1.json']) {
      const file = path.join(dir, 'tool-2/reference', f);
      writeFileSync(
        file,
        JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), skip_reason: 'flaky upstream' }, null, 2),
      );
    }
  });

  it('passes (or warns) without --strict, and fails check 12 with a clear message with it', async () => {
    const loose = await runPixie(['validate', '--all', '--tools-dir', dir, '--reference-only', '--json']);
    expect((JSON.parse(loose.stdout) as Report[]).map((r) => r.overall)).toEqual(['pass', 'pass', 'warn']);
    expect(loose.code).toBe(0);

    const strict = await runPixie(['validate', '--all', '--tools-dir', dir, '--reference-only', '--strict', '--json']);
    const reports = JSON.parse(strict.stdout) as Report[];
    expect(strict.code).toBe(1);
    expect(reports.map((r) => r.overall)).toEqual(['pass', 'fail', 'fail']);
    const c12 = (r: Report) => r.checks.find((c) => c.number === 12)!;
    expect(c12(reports[1]!).message).toBe(
      '--strict: 2 file(s) in reference/ that pixie never reads: reference/expected.png, reference/fixture_case_0.json.bak',
    );
    expect(c12(reports[1]!).details).toContain(
      'reference/expected.png: not a fixture: delete it or move it out of reference/',
    );
    expect(c12(reports[2]!).message).toBe('--strict: check 12 warned: all 2 fixture(s) skipped');
  });

  it('fails check 12 for a fixture naming an output the tool no longer declares', async () => {
    const m = path.join(dir, 'tool-0/tool.json');
    const saved = readFileSync(m, 'utf8');
    try {
      const manifest = JSON.parse(saved);
      manifest.outputs = manifest.outputs.filter((o: { key: string }) => o.key !== 'parity');
      writeFileSync(m, JSON.stringify(manifest, null, 2));
      const r = await runPixie(['validate', 'tool-0', '--tools-dir', dir, '--reference-only', '--strict', '--json']);
      const report = JSON.parse(r.stdout) as Report;
      expect(r.code).toBe(1);
      expect(report.checks[11]!.status).toBe('fail');
      expect(report.checks[11]!.message).toMatch(
        /reference\/fixture_case_0\.json line \d+ \(expected_outputs\.parity\): 'parity' is not an output/,
      );
    } finally {
      writeFileSync(m, saved);
    }
  });

  it('pixie lint reports every problem with file, line and fix, exit 1; a clean tool exits 0', async () => {
    const bad = path.join(dir, 'tool-0/reference/fixture_case_1.json');
    const saved = readFileSync(bad, 'utf8');
    try {
      writeFileSync(bad, saved.replace('"inputs"', '"input"').replace(/\n}\s*$/, ',\n}\n'));
      writeFileSync(
        path.join(dir, 'tool-0/reference/tolerance.yaml'),
        'scaled: { abss: 1 }\nnot_an_output: { abs: 1 }\n',
      );
      // --strict: stray files are errors, as they fail validate --strict
      const r = await runPixie(['lint', '--strict', '--tools-dir', dir], { cwd: path.dirname(dir) });
      expect(r.code).toBe(1);
      const lines = r.stdout.trim().split('\n');
      expect(
        lines.some(
          (l) =>
            l.startsWith('tools/tool-0/reference/tolerance.yaml:1: error:') &&
            l.includes('abss') &&
            l.includes("did you mean 'abs'"),
        ),
      ).toBe(true);
      expect(
        lines.some(
          (l) => l.startsWith('tools/tool-0/reference/tolerance.yaml:2: error:') && l.includes('not_an_output'),
        ),
      ).toBe(true);
      expect(
        lines.some((l) => /^tools\/tool-0\/reference\/fixture_case_1\.json:\d+: error: trailing comma/.test(l)),
      ).toBe(true);
      expect(lines).toContain(
        'tools/tool-1/reference/fixture_case_0.json.bak: error: leftover copy of a fixture, never run: delete it (pixie reads only fixture_*.json, tolerance.yaml and README.md there)',
      );
      expect(lines).toContain(
        'tools/tool-1/reference/expected.png: error: not a fixture: delete it or move it out of reference/ (pixie reads only fixture_*.json, tolerance.yaml and README.md there)',
      );
      expect(lines.at(-1)).toMatch(/^pixie lint: \d+ error\(s\), 0 warning\(s\) in 2 of 3 tool\(s\)$/);

      const clean = await runPixie(['lint', 'tool-2', '--tools-dir', dir]);
      expect(clean.stdout).toBe('pixie lint: 1 tool(s), no problems\n');
      expect(clean.code).toBe(0);
    } finally {
      writeFileSync(bad, saved);
      rmSync(path.join(dir, 'tool-0/reference/tolerance.yaml'), { force: true });
    }
  });

  it('without --strict, pixie lint agrees with validate: stray files are notes, and a tool that validates exits 0', async () => {
    const r = await runPixie(['lint', 'tool-1', '--tools-dir', dir], { cwd: path.dirname(dir) });
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual([
      'tools/tool-1/reference/expected.png: info: not a fixture: delete it or move it out of reference/ (pixie reads only fixture_*.json, tolerance.yaml and README.md there)',
      'tools/tool-1/reference/fixture_case_0.json.bak: info: leftover copy of a fixture, never run: delete it (pixie reads only fixture_*.json, tolerance.yaml and README.md there)',
      'pixie lint: 0 error(s), 0 warning(s), 2 note(s) in 1 of 1 tool(s)',
    ]);
  });
});
