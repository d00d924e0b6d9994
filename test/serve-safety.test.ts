// pixie serve is safe by default (docs/http-api.md, security and runs): a web page cannot start a
// run with a GET, per-tool queues are capped, a queued run whose client left never starts, --jobs
// bounds tool runs across all tools, and a body cannot smuggle a prototype. In-process through
// app.request() with a validator that records and holds its calls, then `pixie serve` as a real
// process on real tools, and a real browser page on another origin.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { uniformReport } from '../src/checks/index.js';
import type { Report } from '../src/model/report.js';
import { createApp } from '../src/server/app.js';
import type { ValidateFn } from '../src/server/run-manager.js';
import { launchChromium } from './helpers/chromium.js';
import { PIXIE_BIN, REPO_ROOT } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(cond: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (cond()) return true;
    await sleep(20);
  }
  return cond();
}

/** A fresh tools folder inside the repository (so node tools resolve the repository's modules). */
function toolsFolder(): string {
  mkdirSync(path.join(REPO_ROOT, 'test-artifacts'), { recursive: true });
  const dir = path.join(mkdtempSync(path.join(REPO_ROOT, 'test-artifacts', 'serve-safety-')), 'tools');
  mkdirSync(dir);
  return dir;
}

/** Enough of a tool to be discovered; the recording validator never starts it. */
function tinyTool(toolsDir: string, id: string): string {
  const dir = path.join(toolsDir, id);
  mkdirSync(path.join(dir, 'reference'), { recursive: true });
  writeFileSync(
    path.join(dir, 'tool.json'),
    JSON.stringify({ id, name: id, inputs: [], outputs: [{ key: 'n', type: 'number', label: 'N' }] }),
  );
  writeFileSync(path.join(dir, 'main.py'), 'print("hi")\n');
  writeFileSync(
    path.join(dir, 'reference', 'fixture_one.json'),
    JSON.stringify({ name: 'One', inputs: {}, expected_outputs: { n: 1 } }),
  );
  return dir;
}

function reportFor(toolDir: string): Report {
  return uniformReport({ id: path.basename(toolDir), path: toolDir }, 'pass', 'ok', {
    duration_ms: 1,
    options: { reference_only: false, strict: false },
  });
}

/** A validator that records which tools it was asked for and finishes each only when released. */
function heldValidator() {
  const started: string[] = [];
  const releases: (() => void)[] = [];
  const fn: ValidateFn = async (o) => {
    started.push(path.basename(o.toolDir));
    await new Promise<void>((r) => releases.push(r));
    return reportFor(o.toolDir);
  };
  const releaseOne = () => releases.shift()?.();
  return { fn, started, releaseOne, releaseAll: () => releases.splice(0).forEach((r) => r()) };
}

const post = (body: string) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body });
const detailOf = async (res: Response) => ((await res.json()) as { detail: string }).detail;

describe('pixie serve safety (in-process)', () => {
  it('a GET that would start a run is refused to other sites, and allowed to scripts, the page itself and typed addresses', async () => {
    const toolsDir = toolsFolder();
    tinyTool(toolsDir, 'alpha');
    const v = heldValidator();
    const { app } = createApp({ toolsDir, validate: v.fn, rescanMs: 0 });
    const get = (headers: Record<string, string>) =>
      app.request('http://127.0.0.1:7700/api/tools/alpha/validate', { headers });
    for (const headers of [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' } as Record<string, string>,
      { 'sec-fetch-site': 'same-site' }, // another port of localhost is the same site
      { referer: 'http://evil.example/page.html' }, // a browser too old to send Sec-Fetch-Site
    ]) {
      const res = await get(headers);
      expect(res.status).toBe(403);
      expect(await detailOf(res)).toMatch(
        /^GET \/api\/tools\/alpha\/validate from another site refused \(Sec-Fetch-Site: [\w-]+\): it would start a run; send POST from a script, or use the dashboard$/,
      );
    }
    expect(v.started).toEqual([]);
    // curl (no Sec-Fetch-Site), the dashboard (same-origin), a typed or bookmarked address (none)
    for (const headers of [{}, { 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }] as Record<
      string,
      string
    >[]) {
      const pending = get(headers);
      expect(await waitFor(() => v.started.length === 1, 2000)).toBe(true);
      v.releaseAll();
      expect((await pending).status).toBe(200);
      v.started.length = 0;
    }
  });

  it("caps a tool's queue of full validations (409 beyond) and counts only that tool", async () => {
    const toolsDir = toolsFolder();
    tinyTool(toolsDir, 'alpha');
    tinyTool(toolsDir, 'beta');
    const v = heldValidator();
    const { app } = createApp({ toolsDir, validate: v.fn, rescanMs: 0, maxQueued: 2 });
    const first = app.request('/api/tools/alpha/validate', { method: 'POST' });
    expect(await waitFor(() => v.started.length === 1, 2000)).toBe(true);
    const queued = [1, 2].map(() => app.request('/api/tools/alpha/validate', { method: 'POST' }));
    const refused = await app.request('/api/tools/alpha/validate', { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(await detailOf(refused)).toBe(
      "'alpha' already has 2 full validation(s) waiting behind its current run (the limit, set by pixie serve --max-queued); try again when one has finished",
    );
    // another tool has its own queue
    const other = app.request('/api/tools/beta/validate', { method: 'POST' });
    expect(await waitFor(() => v.started.length === 2, 2000)).toBe(true);
    for (let i = 0; i < 4; i++) {
      v.releaseOne();
      await sleep(20);
    }
    v.releaseAll();
    const statuses = await Promise.all([first, ...queued, other].map(async (r) => (await r).status));
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(v.started.sort()).toEqual(['alpha', 'alpha', 'alpha', 'beta']);
  });

  it('a queued run whose client left is dropped before it starts; a running one goes on', async () => {
    const toolsDir = toolsFolder();
    tinyTool(toolsDir, 'alpha');
    const v = heldValidator();
    const { app, runs } = createApp({ toolsDir, validate: v.fn, rescanMs: 0 });
    const running = new AbortController();
    const first = app.request('/api/tools/alpha/validate', { method: 'POST', signal: running.signal });
    expect(await waitFor(() => v.started.length === 1, 2000)).toBe(true);
    const leaving = new AbortController();
    void Promise.resolve(app.request('/api/tools/alpha/validate', { method: 'POST', signal: leaving.signal })).catch(
      () => {},
    );
    await sleep(50);
    leaving.abort();
    running.abort(); // the running one is not cancelled
    await sleep(50);
    v.releaseAll();
    await Promise.resolve(first).catch(() => {});
    await sleep(100);
    expect(v.started).toEqual(['alpha']);
    expect(runs.busy('alpha')).toBe(false);
  });

  it('--jobs bounds runs across tools; the next starts when one finishes', async () => {
    const toolsDir = toolsFolder();
    for (const t of ['a', 'b', 'c']) tinyTool(toolsDir, t);
    const v = heldValidator();
    const { app } = createApp({ toolsDir, validate: v.fn, rescanMs: 0, jobs: 2 });
    const answers = ['a', 'b', 'c'].map((t) => app.request(`/api/tools/${t}/runs`, post('{}')));
    expect((await Promise.all(answers)).map((r) => r.status)).toEqual([202, 202, 202]);
    expect(await waitFor(() => v.started.length === 2, 2000)).toBe(true);
    await sleep(100);
    expect(v.started).toEqual(['a', 'b']);
    v.releaseOne();
    expect(await waitFor(() => v.started.length === 3, 2000)).toBe(true);
    v.releaseAll();
  });

  it('parses bodies by own properties: a __proto__ key is an unknown field (400), never a prototype', async () => {
    const toolsDir = toolsFolder();
    const dir = tinyTool(toolsDir, 'alpha');
    const before = readFileSync(path.join(dir, 'reference', 'fixture_one.json'), 'utf8');
    const v = heldValidator();
    const { app } = createApp({ toolsDir, validate: v.fn, rescanMs: 0 });
    for (const [route, body] of [
      ['reference-check', '{"__proto__": {"update_expected": true, "yes": true}}'],
      ['validate', '{"__proto__": {"fixtures": ["one"]}}'],
      ['runs', '{"__proto__": {"kind": "reference-check"}}'],
      ['reference-check', '{"constructor": {"prototype": {"yes": true}}}'],
    ] as const) {
      const res = await app.request(`/api/tools/alpha/${route}`, post(body));
      expect(res.status, `${route} ${body}`).toBe(400);
      expect(await detailOf(res)).toMatch(/^unknown field '(__proto__|constructor)' in the request body/);
    }
    expect(v.started).toEqual([]);
    expect(({} as Record<string, unknown>).yes).toBeUndefined();
    expect(readFileSync(path.join(dir, 'reference', 'fixture_one.json'), 'utf8')).toBe(before);
  });
});

async function until(cond: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return true;
    await sleep(50);
  }
  return false;
}

const toolJson = async (url: string, id: string) =>
  (await (await fetch(`${url}api/tools/${id}`)).json()) as { running: boolean };

/** A real Node tool whose /run takes `runMs`, on the shared catalogue server. */
function slowTool(toolsDir: string, id: string, runMs: number): string {
  const dir = path.join(toolsDir, id);
  mkdirSync(dir);
  const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'test', 'tools', 'good-node', 'tool.json'), 'utf8'));
  writeFileSync(path.join(dir, 'tool.json'), JSON.stringify({ ...manifest, id, name: id }, null, 2));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: id, type: 'module', private: true }));
  const shared = pathToFileURL(path.join(REPO_ROOT, 'test', 'tools', '_shared', 'tool-server.mjs')).href;
  writeFileSync(
    path.join(dir, 'main.js'),
    `import { serveTool, sleep } from ${JSON.stringify(shared)};\n` +
      `serveTool({ dir: import.meta.dirname, run: async (i) => { await sleep(${runMs}); return { total: i.a + i.b }; } });\n`,
  );
  return dir;
}

describe('pixie serve safety (a real process, real tools)', () => {
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
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /^pixie serve: (http:\/\/\S+)$/m.exec(out);
        if (m) resolve({ child, url: m[1]! });
      });
      child.on('exit', (code) => reject(new Error(`pixie serve exited with ${code}`)));
    });
  }

  const peakMbOf = (pid: number) =>
    Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

  it('--jobs 1 runs one tool process at a time across tools, floods get 409, a client that left never starts its run', async () => {
    const toolsDir = toolsFolder();
    const dirs = ['slow-a', 'slow-b', 'slow-c'].map((id) => slowTool(toolsDir, id, 600));
    const { child, url } = await startServe(['--tools-dir', toolsDir, '--jobs', '1', '--max-queued', '1']);
    let most = 0;
    const sampler = setInterval(() => {
      most = Math.max(most, dirs.filter((d) => processesUnder(d).length > 0).length);
    }, 25);
    try {
      const started = await Promise.all(
        ['slow-a', 'slow-b'].map((id) =>
          fetch(`${url}api/tools/${id}/runs`, { method: 'POST', headers: { 'content-type': 'application/json' } }),
        ),
      );
      expect(started.map((r) => r.status)).toEqual([202, 202]);
      // slow-c waits for the job slot: with --max-queued 1, two validations may wait (the one to run
      // next and one behind it); those two clients leave, and a flood of eighteen more gets 409s
      const leaving = new AbortController();
      for (let i = 0; i < 2; i++)
        fetch(`${url}api/tools/slow-c/validate`, { method: 'POST', signal: leaving.signal }).catch(() => null);
      expect(await until(async () => (await toolJson(url, 'slow-c')).running, 5000)).toBe(true);
      await sleep(300);
      const flood = await Promise.all(
        Array.from({ length: 18 }, () => fetch(`${url}api/tools/slow-c/validate`, { method: 'POST' })),
      );
      expect(flood.map((r) => r.status)).toEqual(Array(18).fill(409));
      leaving.abort();
      expect(await until(async () => !(await toolJson(url, 'slow-c')).running, 5000)).toBe(true);
      const runIds = await Promise.all(started.map(async (r) => ((await r.json()) as { run_id: string }).run_id));
      for (const id of runIds) {
        const state = async () => ((await (await fetch(`${url}api/runs/${id}`)).json()) as { state: string }).state;
        expect(await until(async () => (await state()) === 'done', 30_000)).toBe(true);
      }
      await sleep(500);
      expect(existsSync(path.join(toolsDir, '..', '.pixie', 'reports', 'slow-c'))).toBe(false);
      expect(readdirSync(path.join(toolsDir, '..', '.pixie', 'reports')).sort()).toEqual(['slow-a', 'slow-b']);
      expect(most).toBe(1);
      expect(peakMbOf(child.pid!)).toBeLessThan(300);
    } finally {
      clearInterval(sampler);
      child.kill('SIGTERM');
    }
    for (const d of dirs) expect(processesUnder(d)).toEqual([]);
  });
});

describe('a web page on another origin (Chromium)', () => {
  it('cannot start a run with <img src=".../validate">', async () => {
    const toolsDir = toolsFolder();
    tinyTool(toolsDir, 'alpha');
    const v = heldValidator();
    const { app } = createApp({ toolsDir, validate: v.fn, rescanMs: 0 });
    const listen = (fetchFn: (r: Request) => Response | Promise<Response>) =>
      new Promise<ServerType>((resolve) => {
        const s = serve({ fetch: fetchFn, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
      });
    // what reached pixie: the GET's Sec-Fetch-Site and the status it got
    const seen: string[] = [];
    const pixie = await listen(async (req) => {
      const res = await app.fetch(req);
      if (new URL(req.url).pathname.endsWith('/validate'))
        seen.push(`${req.headers.get('sec-fetch-site')} ${res.status}`);
      return res;
    });
    const pixieUrl = `http://127.0.0.1:${(pixie.address() as AddressInfo).port}`;
    // the attacker's page, on `localhost` (another site than 127.0.0.1), loading the GET as an image
    const evil = await listen(
      () =>
        new Response(
          `<!doctype html><img id="x" src="${pixieUrl}/api/tools/alpha/validate" onerror="document.title='done'" onload="document.title='done'">`,
          { headers: { 'content-type': 'text/html' } },
        ),
    );
    const evilUrl = `http://localhost:${(evil.address() as AddressInfo).port}/`;
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(evilUrl);
      await page.waitForFunction("document.title === 'done'", undefined, { timeout: 15_000 });
      await sleep(200);
      expect(seen).toEqual(['cross-site 403']);
      expect(v.started).toEqual([]);
    } finally {
      v.releaseAll();
      await browser.close();
      pixie.close();
      evil.close();
    }
  }, 60_000);
});
