// The dashboard accepts what it showed (docs/http-api.md, POST /api/tools/:id/accept): the values of
// the stored report named in the request, one output or a whole fixture, never a fresh run's; a
// report whose tool changed since is stale and refused; the usual serve rules hold (no GET, no
// cross-origin write).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/model/report.js';
import { createApp } from '../src/server/app.js';
import { REPO_ROOT } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('POST /api/tools/:id/accept', () => {
  it('writes the values of the report on the page, per output then per fixture, and refuses a stale report', async () => {
    // inside the repository, so the copied node tool finds hono in its node_modules
    mkdirSync(path.join(REPO_ROOT, 'test-artifacts'), { recursive: true });
    const root = mkdtempSync(path.join(REPO_ROOT, 'test-artifacts', 'accept-'));
    const toolsDir = path.join(root, 'tools');
    const dir = path.join(toolsDir, 'compound-interest');
    cpSync(path.join(REPO_ROOT, 'tools', 'compound-interest'), dir, { recursive: true });
    const file = path.join(dir, 'reference', 'fixture_basic.json');
    const broken = readFileSync(file, 'utf8')
      .replace('"final_value": 16470.09', '"final_value": 16400')
      .replace('"total_interest": 6470.09', '"total_interest": 6400');
    writeFileSync(file, broken);
    const { app, store } = createApp({ toolsDir });

    const run = await app.request('/api/tools/compound-interest/reference-check', json({ fixtures: ['basic'] }));
    expect(((await run.json()) as { overall: string }).overall).toBe('fail');
    const [reportFile] = store.files('compound-interest');
    expect(reportFile).toBeDefined();

    // the dashboard never writes on a GET, and only from its own origin
    expect((await app.request('/api/tools/compound-interest/accept')).status).toBe(404);
    const foreign = await app.request(
      '/api/tools/compound-interest/accept',
      json({ report: reportFile, fixture: 'fixture_basic.json' }, { origin: 'http://evil.example' }),
    );
    expect(foreign.status).toBe(403);
    expect(readFileSync(file, 'utf8')).toBe(broken);

    // one output of the report: only that value is written
    const one = await app.request(
      '/api/tools/compound-interest/accept',
      json({ report: reportFile, fixture: 'fixture_basic.json', output: 'final_value' }),
    );
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual({
      tool_id: 'compound-interest',
      report: reportFile,
      accepted: [{ fixture: 'fixture_basic.json', output: 'final_value' }],
      written: ['fixture_basic.json'],
    });
    const afterOne = readFileSync(file, 'utf8');
    expect(JSON.parse(afterOne).expected_outputs).toEqual({
      final_value: 16470.09,
      total_contributions: 10000,
      total_interest: 6400,
    });

    // the same report still serves the rest of the fixture (its tool did not change, only reference/)
    const rest = await app.request(
      '/api/tools/compound-interest/accept',
      json({ report: reportFile, fixture: 'fixture_basic.json', output: 'total_interest' }),
    );
    expect(rest.status).toBe(200);
    expect(JSON.parse(readFileSync(file, 'utf8')).expected_outputs.total_interest).toBe(6470.09);
    // accepting an output again: the fixture no longer holds what the report compared against
    const again = await app.request(
      '/api/tools/compound-interest/accept',
      json({ report: reportFile, fixture: 'fixture_basic.json', output: 'total_interest' }),
    );
    expect(again.status).toBe(409);
    expect(((await again.json()) as { detail: string }).detail).toBe(
      "fixture_basic.json: output 'total_interest': the expected value in reference/fixture_basic.json changed since the run that found this change; run pixie validate again",
    );

    // a new failing report, then the tool's code changes: that report is stale
    writeFileSync(file, broken);
    await app.request('/api/tools/compound-interest/reference-check', json({ fixtures: ['basic'] }));
    const latest = store.files('compound-interest')[0]!;
    expect(latest).not.toBe(reportFile);
    const main = path.join(dir, 'main.ts');
    writeFileSync(main, `${readFileSync(main, 'utf8')}\n// edited\n`);
    const stale = await app.request(
      '/api/tools/compound-interest/accept',
      json({ report: latest, fixture: 'fixture_basic.json' }),
    );
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { detail: string }).detail).toBe(
      `report ${latest} is stale: the tool's files changed since it ran, so its values may not be what the tool returns now; run it again and accept from the new report`,
    );
    expect(readFileSync(file, 'utf8')).toBe(broken);

    // run again: the whole fixture is accepted from the fresh report
    await app.request('/api/tools/compound-interest/reference-check', json({ fixtures: ['basic'] }));
    const fresh = store.files('compound-interest')[0]!;
    const whole = await app.request(
      '/api/tools/compound-interest/accept',
      json({ report: fresh, fixture: 'fixture_basic.json' }),
    );
    expect(whole.status).toBe(200);
    expect(((await whole.json()) as { accepted: unknown[] }).accepted).toHaveLength(2);
    expect(JSON.parse(readFileSync(file, 'utf8')).expected_outputs).toEqual({
      final_value: 16470.09,
      total_contributions: 10000,
      total_interest: 6470.09,
    });
    const pass = (await (
      await app.request('/api/tools/compound-interest/reference-check', json({ fixtures: ['basic'] }))
    ).json()) as { report: Report };
    expect(pass.report.overall).toBe('pass');

    // requests that name nothing usable
    const missing = await app.request('/api/tools/compound-interest/accept', json({ fixture: 'fixture_basic.json' }));
    expect(missing.status).toBe(400);
    const unknown = await app.request(
      '/api/tools/compound-interest/accept',
      json({ report: '../../etc/passwd', fixture: 'fixture_basic.json' }),
    );
    expect(unknown.status).toBe(404);
    expect(processesUnder(dir)).toEqual([]);
  });
});
