// Check 12 end to end: mutated copies of example tools fail naming the right output and path;
// broken reference files fail listing every problem, run nothing, write nothing, leak nothing.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/model/report.js';
import { REPO_ROOT, runPixie } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

/** A copy of an example tool inside the repository (so it still finds node_modules), patched. */
function mutatedCopy(tool: string, patch: (dir: string) => void): string {
  mkdirSync(path.join(REPO_ROOT, 'test-artifacts'), { recursive: true });
  const dir = path.join(mkdtempSync(path.join(REPO_ROOT, 'test-artifacts', 'check12-')), tool);
  cpSync(path.join(REPO_ROOT, 'tools', tool), dir, { recursive: true });
  patch(dir);
  return dir;
}

function edit(file: string, from: string | RegExp, to: string): void {
  const text = readFileSync(file, 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`patch did not apply to ${file}: ${from}`);
  writeFileSync(file, next);
}

async function check12(dir: string, extra: string[] = []): Promise<{ report: Report; code: number }> {
  const r = await runPixie(['validate', dir, '--reference-only', '--json', ...extra]);
  const report = JSON.parse(r.stdout) as Report;
  expect(processesUnder(dir)).toEqual([]);
  return { report, code: r.code };
}

const failing = (report: Report) =>
  report.fixtures.flatMap((f) =>
    f.outputs
      .filter((o) => o.status === 'fail')
      .map((o) => ({ file: f.file, key: o.key, paths: (o.differences ?? []).map((d) => d.path) })),
  );

describe.concurrent('check 12 on mutated example tools', () => {
  it('a wrong number fails that output, with the difference and the rule', async () => {
    const dir = mutatedCopy('compound-interest', (d) =>
      edit(
        path.join(d, 'main.ts'),
        'const totalInterest = cents(finalValue - totalContributions);',
        'const totalInterest = cents(finalValue - totalContributions + 0.02);',
      ),
    );
    const { report, code } = await check12(dir);
    expect(code).toBe(1);
    const c12 = report.checks[11]!;
    expect(c12.status).toBe('fail');
    expect(c12.message).toMatch(/fixture\(s\) failed/);
    const basic = report.fixtures.find((f) => f.file === 'fixture_basic.json')!;
    const ti = basic.outputs.find((o) => o.key === 'total_interest')!;
    expect(ti).toMatchObject({ status: 'fail', expected: 6470.09, actual: 6470.11 });
    expect(ti.metric).toContain('abs diff 0.02');
    expect(ti.rule).toContain('abs 0.005');
    expect(basic.outputs.find((o) => o.key === 'final_value')!.status).toBe('pass');
  });

  it('a swapped table row fails the table at the swapped rows', async () => {
    const dir = mutatedCopy('compound-interest', (d) =>
      edit(
        path.join(d, 'main.ts'),
        'const finalValue =',
        'if (rows.length > 1) [rows[0], rows[1]] = [rows[1], rows[0]];\n  const finalValue =',
      ),
    );
    const { report } = await check12(dir);
    const f = failing(report).filter((x) => x.key === 'yearly_breakdown');
    expect(f.length).toBeGreaterThan(0);
    expect(f[0]!.file).toBe('fixture_yearly_by_hand.json');
    expect(f[0]!.paths.join(' ')).toMatch(/rows\[0\]/);
  });

  it('a renamed series fails the chart naming the series', async () => {
    const dir = mutatedCopy('compound-interest', (d) =>
      edit(path.join(d, 'main.ts'), "{ name: 'Balance', y: balanceSeries }", "{ name: 'Total', y: balanceSeries }"),
    );
    const { report } = await check12(dir);
    const f = failing(report).find((x) => x.key === 'growth_chart');
    expect(f).toBeDefined();
    expect(f!.paths.join(' ')).toMatch(/Balance|Total/);
  });
});

describe.concurrent('check 12 with broken reference files', () => {
  it('bad fixture JSON, a tolerance typo, an unknown mode and a rejected input: every problem listed, nothing run or written', async () => {
    const dir = mutatedCopy('compound-interest', (d) => {
      const ref = path.join(d, 'reference');
      edit(
        path.join(ref, 'fixture_basic.json'),
        /"tags"/,
        '"tags": [],\n  "extra_trailing": 1,\n  "x": 2,}\n  ,"tagz"',
      );
      writeFileSync(
        path.join(ref, 'tolerance.yaml'),
        'final_value: { rtoll: 0.005 }\ntotal_interest: { compare: fuzzy }\n',
      );
      edit(path.join(ref, 'fixture_monthly_contributions.json'), /"years": \d+/, '"years": 80');
    });
    const before = readFileSync(path.join(dir, 'reference', 'fixture_monthly_contributions.json'), 'utf8');
    const { report, code } = await check12(dir);
    expect(code).toBe(1);
    const c12 = report.checks[11]!;
    expect(c12.status).toBe('fail');
    expect(c12.message).toMatch(/problem\(s\) in reference files; no fixture was run/);
    const details = c12.details!;
    expect(details).toMatch(/reference\/fixture_basic\.json line \d+/);
    expect(details).toMatch(/did you mean 'rtol'/);
    expect(details).toMatch(/fuzzy/);
    expect(details).toMatch(/fixture_monthly_contributions\.json.*years/);
    expect(report.fixtures).toEqual([]);
    expect(readFileSync(path.join(dir, 'reference', 'fixture_monthly_contributions.json'), 'utf8')).toBe(before);
  });

  it('selects fixtures by path, bare name, glob and tag', async () => {
    const dir = path.join(REPO_ROOT, 'tools', 'compound-interest');
    const byPath = await check12(dir, ['--fixture', 'reference/fixture_basic.json']);
    expect(byPath.report.fixtures.map((f) => f.file)).toEqual(['fixture_basic.json']);
    const byName = await check12(dir, ['--fixture', 'basic', '--fixture', 'fixture_yearly*']);
    expect(byName.report.fixtures.map((f) => f.file).sort()).toEqual([
      'fixture_basic.json',
      'fixture_yearly_by_hand.json',
    ]);
    const unknown = await check12(dir, ['--fixture', 'nonesuch']);
    expect(unknown.code).toBe(1);
    expect(unknown.report.checks[11]!.message).toMatch(/'nonesuch' matched no fixture/);
  });
});
