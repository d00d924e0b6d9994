// pixie serve (docs/http-api.md): the HTTP API in-process through app.request(), plus one real-port test of
// `pixie serve` and one that kills the server mid-run.
import { uniformReport, uniformResults } from '../src/checks/index.js';
import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/server/app.js';
import type { ValidateFn } from '../src/server/run-manager.js';
import { compileReferenceSchema } from '../src/schema/ajv.js';
import type { Report } from '../src/model/report.js';
import { PIXIE_BIN, REPO_ROOT, runPixie } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(cond: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (cond()) return true;
    await sleep(50);
  }
  return cond();
}

/** A fresh <root>/tools with copies of example tools; inside the repository so node tools find hono. */
function workspace(tools: string[] = []): { root: string; toolsDir: string; stateDir: string } {
  mkdirSync(path.join(REPO_ROOT, 'test-artifacts'), { recursive: true });
  const root = mkdtempSync(path.join(REPO_ROOT, 'test-artifacts', 'serve-'));
  const toolsDir = path.join(root, 'tools');
  mkdirSync(toolsDir);
  for (const t of tools) cpSync(path.join(REPO_ROOT, 'tools', t), path.join(toolsDir, t), { recursive: true });
  return { root, toolsDir, stateDir: path.join(root, '.pixie') };
}

/** A minimal tool folder (enough to be discovered); the fake validator never starts it. */
function tinyTool(toolsDir: string, id: string, name = id): string {
  const dir = path.join(toolsDir, id);
  mkdirSync(path.join(dir, 'reference'), { recursive: true });
  writeFileSync(
    path.join(dir, 'tool.json'),
    JSON.stringify(
      { id, name, category: 'Test', inputs: [], outputs: [{ key: 'n', type: 'number', label: 'N' }] },
      null,
      2,
    ),
  );
  writeFileSync(path.join(dir, 'main.py'), 'print("hi")\n');
  writeFileSync(path.join(dir, 'pyproject.toml'), `[project]\nname = "${id}"\nversion = "0.1.0"\n`);
  writeFileSync(
    path.join(dir, 'reference', 'fixture_one.json'),
    JSON.stringify({ name: 'One', inputs: {}, expected_outputs: { n: 1 }, tags: ['t'] }),
  );
  return dir;
}

function fakeReport(toolDir: string, overall: Report['overall'], referenceOnly = false): Report {
  return uniformReport({ id: path.basename(toolDir), path: toolDir }, 'pass', 'ok', {
    overall,
    duration_ms: 1,
    checks: uniformResults('pass', 'ok').map((c, i) => ({
      ...c,
      status: referenceOnly && i < 11 ? 'skip' : i === 11 ? (overall === 'pass' ? 'pass' : overall) : 'pass',
      message: referenceOnly && i < 11 ? 'skipped: --reference-only' : 'ok',
    })),
  });
}

/** A validator stand-in: records calls, waits `delayMs`, emits a little progress. */
function fakeValidate(opts: { delayMs?: number; overall?: (toolDir: string) => Report['overall'] } = {}) {
  const calls: { toolDir: string; referenceOnly: boolean; start: number; end: number }[] = [];
  const fn: ValidateFn = async (o) => {
    const call = { toolDir: o.toolDir, referenceOnly: Boolean(o.referenceOnly), start: Date.now(), end: 0 };
    calls.push(call);
    const id = path.basename(o.toolDir);
    o.onProgress?.({ kind: 'check-start', tool_id: id, number: 1, name: 'folder_structure' });
    await sleep(opts.delayMs ?? 0);
    o.onProgress?.({
      kind: 'check-end',
      tool_id: id,
      number: 1,
      name: 'folder_structure',
      status: 'pass',
      message: 'ok',
    });
    call.end = Date.now();
    return fakeReport(o.toolDir, opts.overall?.(o.toolDir) ?? 'pass', o.referenceOnly);
  };
  return { fn, calls };
}

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const validateReport = compileReferenceSchema('report.schema.json');

describe('pixie serve API (in-process)', () => {
  it('lists tools as unchecked, then shows the latest status from disk without re-running, across a restart', async () => {
    const ws = workspace();
    tinyTool(ws.toolsDir, 'alpha', 'Alpha');
    tinyTool(ws.toolsDir, 'beta', 'Beta');
    const fake = fakeValidate({ overall: (d) => (d.endsWith('beta') ? 'fail' : 'pass') });
    const { app } = createApp({ toolsDir: ws.toolsDir, validate: fake.fn, rescanMs: 0 });

    const first = await app.request('/api/tools');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual([
      {
        id: 'alpha',
        name: 'Alpha',
        category: 'Test',
        validation: 'unchecked',
        stale: false,
        last_run: null,
        running: false,
      },
      {
        id: 'beta',
        name: 'Beta',
        category: 'Test',
        validation: 'unchecked',
        stale: false,
        last_run: null,
        running: false,
      },
    ]);
    expect((await app.request('/api/tools/alpha/validate')).status).toBe(200);
    expect((await app.request('/api/tools/beta/validate', { method: 'POST' })).status).toBe(200);
    const after = (await (await app.request('/api/tools')).json()) as {
      id: string;
      validation: string;
      stale: boolean;
    }[];
    expect(after.map((t) => [t.id, t.validation, t.stale])).toEqual([
      ['alpha', 'pass', false],
      ['beta', 'fail', false],
    ]);
    expect(fake.calls).toHaveLength(2);

    // a new process on the same folders: statuses come from .pixie/reports, nothing runs
    const restarted = createApp({ toolsDir: ws.toolsDir, validate: fake.fn, rescanMs: 0 });
    const again = (await (await restarted.app.request('/api/tools')).json()) as { id: string; validation: string }[];
    expect(again.map((t) => [t.id, t.validation])).toEqual([
      ['alpha', 'pass'],
      ['beta', 'fail'],
    ]);
    expect(fake.calls).toHaveLength(2);
    expect(readdirSync(path.join(ws.stateDir, 'reports'))).toEqual(['alpha', 'beta']);
  });

  it('picks up tools added and edited on disk without a restart, marking edited tools stale, without re-parsing unchanged manifests', async () => {
    const ws = workspace();
    const alpha = tinyTool(ws.toolsDir, 'alpha');
    const fake = fakeValidate();
    const { app, registry } = createApp({ toolsDir: ws.toolsDir, validate: fake.fn, rescanMs: 0 });
    await app.request('/api/tools/alpha/validate');
    const parsesBefore = registry.stats.manifestParses;
    for (let i = 0; i < 5; i++) await app.request('/api/tools');
    expect(registry.stats.manifestParses).toBe(parsesBefore);

    tinyTool(ws.toolsDir, 'gamma', 'Gamma');
    let list = (await (await app.request('/api/tools')).json()) as { id: string; stale: boolean }[];
    expect(list.map((t) => t.id)).toEqual(['alpha', 'gamma']);
    expect(list[0]!.stale).toBe(false);

    // editing a fixture (content and mtime) makes the report stale
    const fixture = path.join(alpha, 'reference', 'fixture_one.json');
    writeFileSync(fixture, JSON.stringify({ name: 'One', inputs: {}, expected_outputs: { n: 2 } }));
    utimesSync(fixture, new Date(), new Date(Date.now() + 5000));
    list = (await (await app.request('/api/tools')).json()) as { id: string; stale: boolean }[];
    expect(list.find((t) => t.id === 'alpha')!.stale).toBe(true);
    // editing tool.json: re-parsed once, new name shown
    const tj = path.join(alpha, 'tool.json');
    writeFileSync(tj, readFileSync(tj, 'utf8').replace('"name": "alpha"', '"name": "Alpha renamed"'));
    utimesSync(tj, new Date(), new Date(Date.now() + 6000));
    const renamed = (await (await app.request('/api/tools')).json()) as { id: string; name: string }[];
    expect(renamed.find((t) => t.id === 'alpha')!.name).toBe('Alpha renamed');
    // a fresh run clears stale
    await app.request('/api/tools/alpha/validate');
    list = (await (await app.request('/api/tools')).json()) as { id: string; stale: boolean }[];
    expect(list.find((t) => t.id === 'alpha')!.stale).toBe(false);
  });

  it('with the default rescan interval, serves the cached listing and picks up a new tool shortly after', async () => {
    const ws = workspace();
    tinyTool(ws.toolsDir, 'alpha');
    const { app, registry } = createApp({ toolsDir: ws.toolsDir, validate: fakeValidate().fn });
    expect(((await (await app.request('/api/tools')).json()) as unknown[]).length).toBe(1);
    const scans = registry.stats.scans;
    for (let i = 0; i < 20; i++) await app.request('/api/tools');
    expect(registry.stats.scans).toBe(scans); // within 250 ms nothing is read again
    tinyTool(ws.toolsDir, 'delta');
    // a direct request for the new id never 404s on a cached listing
    expect((await app.request('/api/tools/delta/reference-fixtures')).status).toBe(200);
    const seen = await (async () => {
      for (let i = 0; i < 40; i++) {
        const list = (await (await app.request('/api/tools')).json()) as { id: string }[];
        if (list.some((t) => t.id === 'delta')) return true;
        await sleep(100);
      }
      return false;
    })();
    expect(seen).toBe(true);
  });

  it('resolves ids only to discovered tools: traversal and unknown ids are 404 JSON, never a file read', async () => {
    const ws = workspace();
    tinyTool(ws.toolsDir, 'alpha');
    const fake = fakeValidate();
    const { app } = createApp({ toolsDir: ws.toolsDir, validate: fake.fn });
    for (const bad of [
      'nope',
      '..',
      '%2e%2e',
      '..%2f..%2fetc',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '.pixie',
      'node_modules',
      '__proto__',
      'alpha%2f..%2f..',
    ]) {
      for (const suffix of ['/validate', '/reference-fixtures', '/reports']) {
        const res = await app.request(`/api/tools/${bad}${suffix}`);
        expect(res.status, `${bad}${suffix}`).toBe(404);
        const body = (await res.json()) as { detail: string };
        expect(body.detail, `${bad}${suffix}`).toMatch(/not found|no such endpoint/);
      }
      expect((await app.request(`/api/tools/${bad}/reference-check`, json({}))).status).toBe(404);
      // URL parsing resolves `..` and `%2e%2e` before routing (/tools/.. is the index page)
      if (bad !== '..' && bad !== '%2e%2e') expect((await app.request(`/tools/${bad}`)).status).toBe(404);
    }
    expect(await (await app.request('/api/tools/nope/validate')).json()).toEqual({ detail: "tool 'nope' not found" });
    expect(fake.calls).toHaveLength(0);
  });

  it('lists reference fixtures in the existing Pixie shape, unparseable files included with defaults', async () => {
    const ws = workspace(['compound-interest']);
    const ref = path.join(ws.toolsDir, 'compound-interest', 'reference');
    writeFileSync(path.join(ref, 'fixture_zz_broken.json'), '{ not json');
    const { app } = createApp({ toolsDir: ws.toolsDir, validate: fakeValidate().fn });
    const body = (await (await app.request('/api/tools/compound-interest/reference-fixtures')).json()) as {
      tool_id: string;
      tool_path: string;
      has_reference_folder: boolean;
      count: number;
      fixtures: { filename: string; name: string; tags: string[]; source: string | null; skip_reason: string | null }[];
    };
    expect(body.tool_id).toBe('compound-interest');
    expect(body.tool_path).toBe(path.join(ws.toolsDir, 'compound-interest'));
    expect(body.has_reference_folder).toBe(true);
    expect(body.count).toBe(6);
    expect(body.fixtures[0]).toMatchObject({
      filename: 'fixture_basic.json',
      name: 'Basic compound interest',
      tags: ['regression', 'docs-example'],
      skip_reason: null,
    });
    expect(body.fixtures[0]!.source).toMatch(/^Closed form/);
    expect(body.fixtures.at(-1)).toEqual({
      filename: 'fixture_zz_broken.json',
      name: 'fixture_zz_broken',
      tags: [],
      source: null,
      skip_reason: null,
    });
    tinyTool(ws.toolsDir, 'bare');
    const bare = (await (await app.request('/api/tools/bare/reference-fixtures')).json()) as { count: number };
    expect(bare.count).toBe(1);
  });

  it('refuses bad bodies with 400/413/415 and a JSON detail', async () => {
    const ws = workspace();
    tinyTool(ws.toolsDir, 'alpha');
    const fake = fakeValidate();
    const { app } = createApp({ toolsDir: ws.toolsDir, validate: fake.fn, maxBodyBytes: 1024 });
    const post = (body: string, type = 'application/json') =>
      app.request('/api/tools/alpha/reference-check', { method: 'POST', headers: { 'content-type': type }, body });
    const cases: [Response, number, RegExp][] = [
      [await post('{"fixtures": ['), 400, /not valid JSON/],
      [await post('[1,2]'), 400, /must be a JSON object/],
      [await post('{"fixture": ["a"]}'), 400, /unknown field 'fixture'.*did you mean 'fixtures'/],
      [await post('{"fixtures": "basic"}'), 400, /'fixtures' must be a list of strings/],
      [await post('{"update_expected": "yes"}'), 400, /'update_expected' must be true or false/],
      [await post('{"yes": true}'), 400, /'yes' only confirms 'update_expected'/],
      [await post('{"fixtures": []}', 'text/plain'), 415, /application\/json/],
      [await post(JSON.stringify({ fixtures: ['x'.repeat(2000)] })), 413, /too large/],
      [await app.request('/api/tools/alpha/runs', json({ kind: 'everything' })), 400, /'kind' must be "validate"/],
    ];
    for (const [res, status, detail] of cases) {
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(((await res.json()) as { detail: string }).detail).toMatch(detail);
    }
    expect(fake.calls).toHaveLength(0);
  });

  it('runs different tools in parallel and queues full validations of the same tool', async () => {
    const ws = workspace();
    tinyTool(ws.toolsDir, 'alpha');
    tinyTool(ws.toolsDir, 'beta');
    const fake = fakeValidate({ delayMs: 400 });
    const { app } = createApp({ toolsDir: ws.toolsDir, validate: fake.fn });
    const [a, b] = await Promise.all([
      app.request('/api/tools/alpha/validate'),
      app.request('/api/tools/beta/validate'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // both at once: the second started before the first had ended (not one after the other)
    const [one, two] = [...fake.calls].sort((x, y) => x.start - y.start);
    expect(two!.start).toBeLessThan(one!.end);
    fake.calls.length = 0;
    const [c, d] = await Promise.all([
      app.request('/api/tools/alpha/validate'),
      app.request('/api/tools/alpha/validate', { method: 'POST' }),
    ]);
    expect([c.status, d.status]).toEqual([200, 200]);
    const [first, second] = [...fake.calls].sort((x, y) => x.start - y.start);
    expect(second!.start).toBeGreaterThanOrEqual(first!.end); // queued, never overlapping
  });

  it('keeps the newest 50 reports per tool (history newest first), written atomically', async () => {
    const ws = workspace();
    tinyTool(ws.toolsDir, 'alpha');
    const fake = fakeValidate();
    const { app } = createApp({ toolsDir: ws.toolsDir, validate: fake.fn });
    for (let i = 0; i < 53; i++) expect((await app.request('/api/tools/alpha/validate')).status).toBe(200);
    const dir = path.join(ws.stateDir, 'reports', 'alpha');
    const files = readdirSync(dir);
    expect(files).toHaveLength(50);
    expect(files.every((f) => /^\d{4}-.*Z-\d{4}-validate-pass\.json$/.test(f))).toBe(true);
    const history = (await (await app.request('/api/tools/alpha/reports')).json()) as Report[];
    expect(history).toHaveLength(50);
    const times = history.map((r) => r.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    for (const r of history.slice(0, 3)) expect(validateReport(r), JSON.stringify(validateReport.errors)).toBe(true);
    expect(await (await app.request('/api/tools/alpha/reports?limit=2')).json()).toHaveLength(2);
    expect((await app.request('/api/tools/alpha/reports?limit=0')).status).toBe(400);
  });

  it('requires the token on every request when one is set: bearer header, or ?token= once then a cookie', async () => {
    const ws = workspace();
    tinyTool(ws.toolsDir, 'alpha');
    const { app } = createApp({ toolsDir: ws.toolsDir, validate: fakeValidate().fn, token: 's3cret' });
    const none = await app.request('/api/tools');
    expect(none.status).toBe(401);
    expect(((await none.json()) as { detail: string }).detail).toMatch(/needs a token/);
    expect((await app.request('/api/tools', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await app.request('/')).status).toBe(401);
    expect((await app.request('/api/tools', { headers: { authorization: 'Bearer s3cret' } })).status).toBe(200);
    const page = await app.request('/tools/alpha?token=s3cret');
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/tools/alpha');
    const cookie = page.headers.get('set-cookie')!;
    expect(cookie).toMatch(/pixie_token=s3cret/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect((await app.request('/tools/alpha', { headers: { cookie: 'pixie_token=s3cret' } })).status).toBe(200);
    // with a token the service may be reached under any host name
    expect(
      (await app.request('http://10.0.0.5:7700/api/tools', { headers: { authorization: 'Bearer s3cret' } })).status,
    ).toBe(200);
  });

  it('without a token answers only to loopback host names, and refuses cross-origin writes', async () => {
    const ws = workspace();
    tinyTool(ws.toolsDir, 'alpha');
    const fake = fakeValidate();
    const { app } = createApp({ toolsDir: ws.toolsDir, validate: fake.fn });
    expect((await app.request('http://attacker.example/api/tools')).status).toBe(403);
    expect((await app.request('http://127.0.0.1:7700/api/tools')).status).toBe(200);
    const cross = await app.request('http://127.0.0.1:7700/api/tools/alpha/reference-check', {
      method: 'POST',
      headers: { origin: 'http://attacker.example', 'content-type': 'application/json' },
      body: '{"update_expected": true, "yes": true}',
    });
    expect(cross.status).toBe(403);
    expect(fake.calls).toHaveLength(0);
    const same = await app.request('http://127.0.0.1:7700/api/tools/alpha/reference-check', {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:7700' },
    });
    expect(same.status).toBe(200);
  });

  it('renders the dashboard with statuses and escapes everything a tool supplies', async () => {
    const ws = workspace();
    tinyTool(ws.toolsDir, 'alpha', '<script>alert(1)</script>');
    const fake = fakeValidate({ overall: () => 'fail' });
    const { app } = createApp({ toolsDir: ws.toolsDir, validate: fake.fn });
    await app.request('/api/tools/alpha/validate');
    const index = await app.request('/');
    expect(index.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const text = await index.text();
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(text).not.toContain('<script>alert(1)');
    expect(text).toMatch(/class="dot s-fail"/);
    const page = await (await app.request('/tools/alpha')).text();
    expect(page).toContain('reference_fixtures_match');
    expect(page).toContain('Re-validate');
    expect(page).toContain('Run check 12 only');
    expect((await app.request('/assets/dashboard.js')).headers.get('content-type')).toMatch(/javascript/);
  });
});

describe('pixie serve with real tools', () => {
  it('validates a copied example tool, stores the report, and serves it schema-valid', async () => {
    const ws = workspace(['compound-interest']);
    const { app } = createApp({ toolsDir: ws.toolsDir });
    const res = await app.request('/api/tools/compound-interest/validate', { method: 'POST' });
    expect(res.status).toBe(200);
    const report = (await res.json()) as Report;
    expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
    expect(report.overall).toBe('pass');
    expect(report.checks.map((c) => c.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const tools = (await (await app.request('/api/tools')).json()) as {
      id: string;
      validation: string;
      stale: boolean;
    }[];
    expect(tools).toEqual([expect.objectContaining({ id: 'compound-interest', validation: 'pass', stale: false })]);
    const history = (await (await app.request('/api/tools/compound-interest/reports')).json()) as Report[];
    expect(history).toHaveLength(1);
    expect(history[0]!.timestamp).toBe(report.timestamp);
    expect(processesUnder(path.join(ws.toolsDir, 'compound-interest'))).toEqual([]);
  });

  it('reference-check: check 12 only, exactly one 409 for two at once, then update_expected dry run and write', async () => {
    const ws = workspace(['compound-interest']);
    const dir = path.join(ws.toolsDir, 'compound-interest');
    const fixtureFile = path.join(dir, 'reference', 'fixture_basic.json');
    // break the golden: the tool still computes 16470.09
    writeFileSync(
      fixtureFile,
      readFileSync(fixtureFile, 'utf8').replace('"final_value": 16470.09', '"final_value": 16400'),
    );
    const { app } = createApp({ toolsDir: ws.toolsDir });

    const both = await Promise.all([
      app.request('/api/tools/compound-interest/reference-check', json({ fixtures: ['basic'] })),
      app.request('/api/tools/compound-interest/reference-check', json({ fixtures: ['basic'] })),
    ]);
    const statuses = both.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const busy = both.find((r) => r.status === 409)!;
    expect(((await busy.json()) as { detail: string }).detail).toBe(
      "reference-check for 'compound-interest' already in flight",
    );
    const ok = (await both.find((r) => r.status === 200)!.json()) as {
      tool_id: string;
      overall: string;
      ran_at: string;
      check: { number: number; status: string; message: string };
      report: Report;
    };
    expect(ok.tool_id).toBe('compound-interest');
    expect(ok.overall).toBe('fail');
    expect(ok.check).toMatchObject({ number: 12, status: 'fail' });
    expect(ok.report.checks.filter((c) => c.number <= 11).every((c) => c.status === 'skip')).toBe(true);
    expect(ok.report.fixtures).toHaveLength(1);
    const out = ok.report.fixtures[0]!.outputs.find((o) => o.key === 'final_value')!;
    expect(out).toMatchObject({ status: 'fail', expected: 16400, actual: 16470.09 });
    expect(validateReport(ok.report), JSON.stringify(validateReport.errors)).toBe(true);

    const before = readFileSync(fixtureFile, 'utf8');
    const dry = await app.request(
      '/api/tools/compound-interest/reference-check',
      json({ fixtures: ['basic'], update_expected: true }),
    );
    expect(dry.status).toBe(200);
    const dryBody = (await dry.json()) as {
      mode: string;
      result: { files: { file: string; changes: { key: string; old: unknown; new: unknown }[] }[]; written: string[] };
    };
    expect(dryBody.mode).toBe('update-fixtures-dry-run');
    expect(dryBody.result.files).toEqual([
      { file: 'fixture_basic.json', create: false, changes: [{ key: 'final_value', old: 16400, new: 16470.09 }] },
    ]);
    expect(dryBody.result.written).toEqual([]);
    expect(readFileSync(fixtureFile, 'utf8')).toBe(before);

    const wet = await app.request(
      '/api/tools/compound-interest/reference-check',
      json({ fixtures: ['basic'], update_expected: true, yes: true }),
    );
    const wetBody = (await wet.json()) as { mode: string; result: { written: string[] } };
    expect(wetBody.mode).toBe('update-fixtures');
    expect(wetBody.result.written).toEqual(['fixture_basic.json']);
    const updated = JSON.parse(readFileSync(fixtureFile, 'utf8'));
    expect(updated.expected_outputs.final_value).toBe(16470.09);
    expect(updated.source).toMatch(/ \| updated \d{4}-/);
    expect(existsSync(path.join(dir, 'reference', 'fixture_sample.json'))).toBe(false);
    // the fixtures changed after the last report: stale until the next run, which passes
    expect(((await (await app.request('/api/tools')).json()) as { stale: boolean }[])[0]!.stale).toBe(true);
    const recheck = (await (
      await app.request('/api/tools/compound-interest/reference-check', json({ fixtures: ['basic'] }))
    ).json()) as { overall: string };
    expect(recheck.overall).toBe('pass');
    expect(processesUnder(dir)).toEqual([]);
  });

  it("streams a run's progress over Server-Sent Events, check by check and fixture by fixture, ending with the report", async () => {
    const ws = workspace(['compound-interest']);
    const { app } = createApp({ toolsDir: ws.toolsDir });
    const start = await app.request(
      '/api/tools/compound-interest/runs',
      json({ kind: 'reference-check', tags: ['regression'] }),
    );
    expect(start.status).toBe(202);
    const run = (await start.json()) as { run_id: string; events_url: string; state: string };
    expect(run.events_url).toBe(`/api/runs/${run.run_id}/events`);
    // a second start while it runs is refused, naming the run to follow
    const again = await app.request('/api/tools/compound-interest/runs', json({}));
    expect(again.status).toBe(409);
    expect(((await again.json()) as { run_id?: string }).run_id).toBe(run.run_id);

    const res = await app.request(run.events_url);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const text = await res.text(); // the stream ends after `done`
    const events = text
      .split('\n\n')
      .filter((b) => b.includes('data:'))
      .map((b) => ({
        event: /^event: (.*)$/m.exec(b)?.[1],
        data: JSON.parse(/^data: (.*)$/m.exec(b)![1]!),
      }));
    expect(events[0]!.event).toBe('started');
    const progress = events
      .filter((e) => e.event === 'progress')
      .map((e) => e.data as { kind: string; number?: number; file?: string });
    expect(
      progress
        .filter((p) => p.kind === 'check-end')
        .map((p) => p.number)
        .sort((a, b) => a! - b!),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(progress.find((p) => p.kind === 'fixtures-total')).toMatchObject({ total: 2 });
    expect(
      progress
        .filter((p) => p.kind === 'fixture-end')
        .map((p) => p.file)
        .sort(),
    ).toEqual(['fixture_basic.json', 'fixture_monthly_contributions.json']);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.overall).toBe('pass');
    expect(validateReport(done.data.report)).toBe(true);
    // a late subscriber replays the whole run; Last-Event-ID resumes after the given event
    const replay = await (await app.request(run.events_url)).text();
    expect(replay).toBe(text);
    const resumed = await (
      await app.request(run.events_url, { headers: { 'last-event-id': String(events.length - 2) } })
    ).text();
    expect(resumed.split('\n\n').filter((b) => b.includes('data:'))).toHaveLength(1);
    const state = (await (await app.request(`/api/runs/${run.run_id}`)).json()) as { state: string; overall: string };
    expect(state).toMatchObject({ state: 'done', overall: 'pass' });
    expect((await app.request('/api/runs/nope/events')).status).toBe(404);
  });
});

describe('pixie serve as a process', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  });

  function startServe(args: string[]): Promise<{ child: ChildProcess; url: string }> {
    const child = spawn(process.execPath, [PIXIE_BIN, 'serve', '--port', '0', ...args], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      let out = '';
      let err = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /^pixie serve: (http:\/\/\S+)$/m.exec(out);
        if (m) resolve({ child, url: m[1]! });
      });
      child.stderr!.on('data', (d: Buffer) => {
        err += d.toString();
      });
      child.on('exit', (code) => reject(new Error(`pixie serve exited with ${code}: ${err}`)));
    });
  }

  it('binds 127.0.0.1 on a free port, prints the URL, answers, and stops on SIGTERM', async () => {
    const ws = workspace();
    tinyTool(ws.toolsDir, 'alpha', 'Alpha');
    const { child, url } = await startServe(['--tools-dir', ws.toolsDir]);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const tools = (await (await fetch(`${url}api/tools`)).json()) as { id: string }[];
    expect(tools.map((t) => t.id)).toEqual(['alpha']);
    expect((await fetch(url)).status).toBe(200);
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
  });

  it('refuses a non-loopback --host without a token, and requires the token when given', async () => {
    const ws = workspace();
    const r = await runPixie(['serve', '--host', '0.0.0.0', '--port', '0', '--tools-dir', ws.toolsDir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/without a token/);
    expect(r.stderr).toMatch(/--token/);
    const { child, url } = await startServe(['--tools-dir', ws.toolsDir, '--token', 'tok']);
    expect((await fetch(`${url}api/tools`)).status).toBe(401);
    expect((await fetch(`${url}api/tools`, { headers: { authorization: 'Bearer tok' } })).status).toBe(200);
    child.kill('SIGKILL');
  });

  it('killed mid-run, leaves no tool process alive and no half-written report', async () => {
    const ws = workspace();
    const made = await runPixie(['new', 'hangs', '--runtime', 'python', '--tools-dir', ws.toolsDir]);
    expect(made.code).toBe(0);
    const dir = path.join(ws.toolsDir, 'hangs');
    const main = path.join(dir, 'main.py');
    writeFileSync(
      main,
      readFileSync(main, 'utf8').replace(
        '    def do_POST(self):\n',
        '    def do_POST(self):\n        import time; time.sleep(60)\n',
      ),
    );
    const { child, url } = await startServe(['--tools-dir', ws.toolsDir]);
    const start = await fetch(`${url}api/tools/hangs/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(start.status).toBe(202);
    expect(await waitFor(() => processesUnder(dir).length > 0, 20_000)).toBe(true);
    await sleep(1500); // inside the sample run's POST /run
    const exited = new Promise((r) => child.on('exit', r));
    child.kill('SIGKILL');
    await exited;
    expect(await waitFor(() => processesUnder(dir).length === 0, 8000), JSON.stringify(processesUnder(dir))).toBe(true);
    const reports = path.join(ws.stateDir, 'reports', 'hangs');
    expect(existsSync(reports) ? readdirSync(reports) : []).toEqual([]);
  });
});
