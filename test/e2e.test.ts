// The newcomer's path through the real CLI: validate the example tools and read the JSON report.
import { describe, expect, it } from 'vitest';
import { compileReferenceSchema } from '../src/schema/ajv.js';
import { skipWithoutExample } from './helpers/media-examples.js';
import { runPixie } from './helpers/pixie.js';

describe('pixie validate on the example tools', () => {
  it('validates compound-interest with a schema-valid JSON report of twelve numbered checks', async () => {
    const r = await runPixie(['validate', 'tools/compound-interest', '--json']);
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout);
    const validate = compileReferenceSchema('report.schema.json');
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.checks.map((c: { number: number }) => c.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(report.overall).toBe('pass');
    expect(r.code).toBe(0);
    const final = report.fixtures.find((f: { file: string }) => f.file === 'fixture_basic.json');
    expect(final.status).toBe('pass');
    expect(final.outputs.find((o: { key: string }) => o.key === 'final_value')).toMatchObject({
      status: 'pass',
      expected: 16470.09,
      actual: 16470.09,
    });
  });

  it('validates every example tool with --all: all pass, exit 0', async (ctx) => {
    skipWithoutExample(ctx, 'gradient-image', 'tone-generator', 'invoice-pdf');
    const r = await runPixie(['validate', '--all', '--json']);
    const reports = JSON.parse(r.stdout) as {
      tool_id: string;
      overall: string;
      checks: { number: number; status: string }[];
    }[];
    expect(reports.length).toBeGreaterThanOrEqual(6);
    for (const rep of reports) {
      expect(rep.overall, rep.tool_id).toBe('pass');
      expect(rep.checks.find((c) => c.number === 12)!.status, rep.tool_id).toBe('pass');
    }
    expect(r.code).toBe(0);
  });

  it('prints a summary table for --all', async (ctx) => {
    skipWithoutExample(ctx, 'gradient-image', 'tone-generator', 'invoice-pdf');
    const r = await runPixie(['validate', '--all']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/compound-interest\s+pass/);
    expect(r.stdout).toMatch(/tool\(s\): \d+ pass, 0 warn, 0 fail/);
  });
});
