// A generated repository of 200 small tools validates with --all, and the run never holds more than
// --jobs tools alive at once (sampled from /proc while pixie runs).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { generateTools, runPixieSampled } from '../bench/many-tools.js';
import type { Report } from '../src/model/report.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'pixie-scale-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

it('validates 200 generated tools with --all --jobs 2, never more than 2 alive at once', async () => {
  const toolsDir = path.join(tmp, 'tools');
  generateTools(toolsDir, { count: 200, fixtures: 2 });
  const junit = path.join(tmp, 'all.xml');
  const r = await runPixieSampled(
    ['validate', '--all', '--tools-dir', toolsDir, '--jobs', '2', '--json', '--junit', junit],
    toolsDir,
    { sampleMs: 10 },
  );
  expect(r.code, r.stderr).toBe(0);
  const reports = JSON.parse(r.stdout) as Report[];
  expect(reports).toHaveLength(200);
  expect(
    reports
      .filter((x) => x.overall !== 'pass')
      .map(
        (x) =>
          `${x.tool_id}: ${x.checks
            .filter((c) => c.status !== 'pass' && c.status !== 'skip')
            .map((c) => c.message)
            .join('; ')}`,
      ),
  ).toEqual([]);
  expect(reports.every((x) => x.fixtures.length === 2 && x.fixtures.every((f) => f.status === 'pass'))).toBe(true);
  expect(r.maxAlive).toBeGreaterThanOrEqual(1); // the sampler saw tools running
  expect(r.maxAlive).toBeLessThanOrEqual(2);
}, 600_000);
